"""Live sync without a browser: headless clients of Flet's web protocol
(bench/flet_client.py) at shared tables, timing the server's part.

    .venv/bin/python bench/bench_live.py                      # 8 clients on one game, then 32 games of 8
    .venv/bin/python bench/bench_live.py --games 8 --hands 2  # shorter
    .venv/bin/python bench/bench_live.py --root /tmp/h1-base  # serve another checkout (before/after)
    .venv/bin/python bench/bench_live.py --busy 4             # the other tables tap 4 tricks a second meanwhile
    .venv/bin/python bench/bench_live.py --games 64 --pace 20 --play-for 120   # capacity: every table plays hands
    .venv/bin/python bench/bench_live.py --games 1 --spy /tmp/spy  # py-spy the server: where each kind goes

Serves `xyscore serve --host 127.0.0.1` (from `--root`, default this
checkout) on a fresh database in its own process, so that its CPU time (the
kernel's clock of the process's CPU) and RSS (/proc) are read apart from the clients'. Sets up 4-player Xylotar games with tricks tracked on
phones (bench_sync.set_table, run in the served checkout), and opens 8
clients a table as bench_sync.py does: Ann's, Bob's, Cat's and Dan's phones,
the host's table screen (the host's rights: this machine's own connection)
and 3 table displays (`--clients N`: more displays, or fewer).

Each hand is played as at a table: each phone picks its bid and taps Send
bid (a *bid*), Ann taps who won each trick (a *trick*), the host taps Score
hand (a *score*). The latency of a change on a client = from sending the tap
to the frame after which that client's tree shows the change ("2 of 4 have
bid", "Trick 5 of 14", the next hand's "0 of 4 have bid"). Reported per kind:
p50/p95/max of every client's sample and of the slowest client per change,
and the server's CPU per change (CPU time of the server process from the
tap until every client has the change and no frame has come for 30 ms),
per session of the table (8) and per session connected.

1. one table alone (N clients), after a few untimed taps (no first render timed);
2. G tables of 8 on one host: the other tables' clients (a child process of
   this bench, so that their reading does not queue behind the timed table's
   in one event loop) open, RSS is read with 8 tables of 8, then table 1 plays
   the same hands again while the others are connected (and, with --busy,
   changing);
3. the floor: bench/floor_app.py, the simplest Flet page, 8 of the same
   clients, its trick taps timed the same way.

After each part, every client's tree is compared with a session opened
afresh on its route; any difference fails the bench (exit status 1, the
difference printed), so that a Flet upgrade that changes the protocol cannot
make it time the wrong thing.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from flet_client import FletClient  # noqa: E402
from serving import until_listening  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
PHONE, TABLET = (360, 780), (1280, 800)
TICK = os.sysconf("SC_CLK_TCK")
CHILD_TABLES = 24  # the other tables' clients: this many tables' to a child process
TARGETS = {"trick p95": 15.0, "score p95": 40.0, "trick CPU per session": 0.6, "many tables": 1.5, "RSS": 150.0}


# -- the server ---------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(command: list[str], cwd: Path, port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, *command], cwd=cwd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    return until_listening(server, port, 60)


def stop(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(20)
    except subprocess.TimeoutExpired:
        server.kill()


def cpu_seconds(pid: int) -> float:
    """CPU time of process `pid` (all its threads, those ended too): Linux's clock of the
    process's CPU, to the nanosecond. (/proc's user + system time counts in 10 ms ticks: over
    16 bids of about 5 ms each, a tick either side of every bid moved the bid's ratio to the floor
    by a whole 1x from run to run.) /proc's ticks where that clock cannot be read."""
    try:
        return time.clock_gettime(((~pid) << 3) | 2)  # CPUCLOCK_SCHED of the whole process (clock_getcpuclockid)
    except OSError:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


SET_TABLES = """import json, sys
from pathlib import Path
sys.path[:0] = ["bench", "."]
from bench_sync import set_table
print(json.dumps([set_table(Path(sys.argv[1])) for _ in range(int(sys.argv[2]))]))
"""


def set_tables(root: Path, db: Path, games: int) -> list[dict]:
    """`games` games set up by the served checkout's own code (its store, its links)."""
    done = subprocess.run([sys.executable, "-c", SET_TABLES, str(db), str(games)], cwd=root, check=True,
                          capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def table_routes(ids: dict, clients: int = 8) -> list[tuple[str, tuple[int, int]]]:
    """The routes (and screen sizes) of a table's clients: 4 phones, the host's table, displays."""
    routes = [(f"/seat/{ids[name]}", PHONE) for name in PLAYERS]
    routes.append((f"/game/{ids['game']}/table", TABLET))
    routes += [(f"/display/{ids['display']}", TABLET)] * 3
    while len(routes) < clients:
        routes.append((f"/display/{ids['display']}", TABLET))
    return routes[:clients]


async def open_all(base: str, routes: list[tuple[str, tuple[int, int]]], batch: int = 16) -> list[FletClient]:
    tabs: list[FletClient] = []
    for start in range(0, len(routes), batch):
        opened = [FletClient(base, width=size[0], height=size[1]) for _, size in routes[start:start + batch]]
        await asyncio.gather(*(tab.open(route, settle=0.2) for tab, (route, _) in
                               zip(opened, routes[start:start + batch])))
        tabs += opened
    return tabs


async def check_trees(tabs: list[FletClient], batch: int = 8) -> list[str]:
    """Every tab's tree against a fresh session's on its route: the differences, if any."""
    problems: list[str] = []
    for start in range(0, len(tabs), batch):
        for tab, found in zip(tabs[start:start + batch],
                              await asyncio.gather(*(tab.same_as_fresh(0.2) for tab in tabs[start:start + batch]))):
            if found:
                problems.append(f"{tab.route}:\n    " + "\n    ".join(found))
    return problems


# -- timing a change ------------------------------------------------------------------------------

class Timings:
    def __init__(self, server_pid: int, sessions: int, connected: int | None = None) -> None:
        self.pid = server_pid
        self.sessions = sessions  # the sessions showing the table that changes
        self.connected = connected or sessions  # all the sessions connected to the server
        self.every: dict[str, list[float]] = {}
        self.slowest: dict[str, list[float]] = {}
        self.cpu: dict[str, float] = {}
        self.count: dict[str, int] = {}
        self.own_cpu = 0.0  # this process's CPU (the clients') over the timed changes
        self.spied = False  # sampled with --spy

    async def change(self, kind: str, tabs: list[FletClient], writer: FletClient, button: str, shows: str,
                     timeout: float = 30) -> None:
        """`writer` taps `button`; every tab must come to show `shows`."""
        spy = await Spy.start(self.pid, kind) if Spy.folder and self.spied else None
        waits = [tab.when_shows(shows) for tab in tabs]
        before, own = cpu_seconds(self.pid), time.process_time()
        tapped = await writer.tap(button)
        try:
            seen = await asyncio.wait_for(asyncio.gather(*waits), timeout)
        except asyncio.TimeoutError:
            missing = [tab.route for tab, wait in zip(tabs, waits) if not wait.done()]
            raise AssertionError(f"after {button!r}, {missing} never showed {shows!r}") from None
        await quiet(tabs)
        if spy:
            await spy.stop()
        self.cpu[kind] = self.cpu.get(kind, 0.0) + cpu_seconds(self.pid) - before
        self.count[kind] = self.count.get(kind, 0) + 1
        self.own_cpu += time.process_time() - own
        lags = [(at - tapped) * 1000 for at in seen]
        self.every.setdefault(kind, []).extend(lags)
        self.slowest.setdefault(kind, []).append(max(lags))


class Spy:
    """`--spy DIR`: py-spy samples the server during each timed change, one
    collapsed-stack file per kind of change (DIR/KIND.txt, counts summed over
    its changes), to see where a trick, a bid or a score goes. The timings of
    such a run are not to be reported (the sampler shares the cores)."""

    folder: Path | None = None
    command = os.environ.get("PYSPY", "py-spy")

    def __init__(self, kind: str, process: subprocess.Popen, out: Path) -> None:
        self.kind, self.process, self.out = kind, process, out

    @classmethod
    async def start(cls, pid: int, kind: str) -> "Spy":
        out = cls.folder / f"{kind}.part"
        process = subprocess.Popen([cls.command, "record", "--pid", str(pid), "--format", "raw", "--rate", os.environ.get("SPY_RATE", "500"),
                                    "--nonblocking", "--gil", "--nolineno", "--output", str(out)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        await asyncio.sleep(0.5)  # attached before the tap
        return cls(kind, process, out)

    async def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        await asyncio.to_thread(self.process.wait, 20)
        total = self.folder / f"{self.kind}.txt"
        counts: dict[str, int] = {}
        for path in (total, self.out):
            if path.exists():
                for line in path.read_text().splitlines():
                    stack, _, n = line.rpartition(" ")
                    counts[stack] = counts.get(stack, 0) + int(n)
        total.write_text("".join(f"{stack} {n}\n" for stack, n in counts.items()))
        self.out.unlink(missing_ok=True)


async def quiet(tabs: list[FletClient], gap: float = 0.03, limit: float = 10) -> None:
    """Until no tab has had a frame for `gap` seconds: the change's last patches are in."""
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        idle = time.perf_counter() - max(tab.last_frame for tab in tabs)
        if idle >= gap:
            return
        await asyncio.sleep(gap - idle)


def shown(tab: FletClient, pattern: str) -> re.Match | None:
    return next((m for m in map(re.compile(pattern).search, tab.tree.texts()) if m), None)


async def play_hands(timings: Timings, tabs: list[FletClient], hands: int, first: int = 1, wait=None) -> int:
    """Play `hands` hands at a table (its tabs as table_routes orders them); returns the next hand's number.
    `wait()`, if given, is awaited before each bid, trick and score (a table's pace)."""
    phones, host = tabs[:4], tabs[4]
    wait = wait or no_wait
    for hand in range(first, first + hands):
        for seat, (name, phone) in enumerate(zip(PLAYERS, phones)):
            bid = (hand + seat) % 3
            await wait()
            await phone.tap(f"{name}'s bid {bid}")  # this phone's own choice, not yet sent: untimed
            await phone.until_shows(f"{name} Bid {bid}")
            # The pick's own render is not the bid's: a pick that shows nothing new (0, picked before
            # any tap) sends no frame to wait for, so its render could land in the bid's time.
            await asyncio.sleep(0.05)
            await quiet(tabs)
            said = "Everyone has bid" if seat == 3 else f"{seat + 1} of 4 have bid"
            await timings.change("bid", tabs, phone, "Send bid", said)
        found = shown(phones[0], r"Trick 1 of (\d+)")
        if not found:
            raise AssertionError(f"hand {hand}: Ann's phone shows no first trick: {phones[0].tree.texts()[:40]}")
        tricks = int(found.group(1))
        for trick in range(1, tricks + 1):
            said = f"All {tricks} tricks played" if trick == tricks else f"Trick {trick + 1} of {tricks}"
            await wait()
            await timings.change("trick", tabs, phones[0], f"{PLAYERS[trick % 4]} won the trick", said)
        await wait()
        await timings.change("score", tabs, host, f"Score hand {hand}", "0 of 4 have bid")
    return first + hands


async def no_wait() -> None:
    return None


class Stopped(Exception):
    """The paced tables were told to stop."""


async def paced(tables: list[list[FletClient]], pace: float, stop: asyncio.Event) -> list[Timings]:
    """Every table plays hands, each change `pace` seconds apart on average
    (0.5x to 1.5x, at random), until `stop`; each table's Timings."""
    import random

    async def wait() -> None:
        try:
            await asyncio.wait_for(stop.wait(), random.uniform(0.5, 1.5) * pace)
        except asyncio.TimeoutError:
            return
        raise Stopped

    async def play(timings: Timings, tabs: list[FletClient]) -> None:
        hand = 1
        try:
            while True:
                hand = await play_hands(timings, tabs, 1, first=hand, wait=wait)
        except Stopped:
            pass
        except AssertionError as failed:  # a change never shown within 30 s: said in the report
            timings.failed = str(failed)

    played = [Timings(os.getpid(), len(tabs)) for tabs in tables]
    await asyncio.gather(*(play(timings, tabs) for timings, tabs in zip(played, tables)))
    return played


async def warm_up(tabs: list[FletClient], times: int = 3) -> None:
    """A few untimed taps (a trick and its undo), so that no first render's cost is timed."""
    untimed = Timings(os.getpid(), len(tabs))  # nothing of it is reported
    for _ in range(times):
        await untimed.change("warm-up", tabs, tabs[0], "Ann won the trick", "Trick 2 of")
        await untimed.change("warm-up", tabs, tabs[0], "Undo last trick", "Trick 1 of")


# -- the other tables (a child process) -----------------------------------------------------------

async def background(base: str, routes_file: str, busy: float, pace: float = 0.0) -> None:
    """Open the routes in `routes_file` (a JSON list of tables, each a list of [route, [w, h]]),
    say "ready", then with `busy` > 0 tap that many tricks a second (one table after another,
    each Ann's phone: a trick, then undo it), or with `pace` > 0 play hands at every table (a
    change every `pace` seconds at each); on a line "check" on stdin, check every tree and
    print the differences as JSON, then (`pace`) every client's latencies by kind as JSON."""
    tables = json.loads(Path(routes_file).read_text())
    tabs = await open_all(base, [(route, tuple(size)) for table in tables for route, size in table])
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    stop_busy = asyncio.Event()

    async def keep_busy() -> None:
        step = 0
        while not stop_busy.is_set():
            ann = tabs[(step // 2 % len(tables)) * 8]
            button = "Undo last trick" if step % 2 else "Bob won the trick"
            for _ in range(200):  # the phone's last tap may still be on its way
                try:
                    await ann.tap(button)
                    break
                except AssertionError:
                    await asyncio.sleep(0.05)
            step += 1
            try:
                await asyncio.wait_for(stop_busy.wait(), 1 / busy)
            except asyncio.TimeoutError:
                pass

    busy_task = asyncio.create_task(keep_busy()) if busy > 0 else None
    play_task = (asyncio.create_task(paced([tabs[i:i + 8] for i in range(0, len(tabs), 8)], pace, stop_busy))
                 if pace > 0 else None)
    await reader.readline()
    stop_busy.set()
    if busy_task:
        await busy_task
        await asyncio.sleep(1)
    played = await play_task if play_task else []
    if played:
        await asyncio.sleep(1)
    problems = await check_trees(tabs)
    print(json.dumps(problems), flush=True)
    if pace > 0:
        every: dict[str, list[float]] = {}
        for timings in played:
            for kind, lags in timings.every.items():
                every.setdefault(kind, []).extend(lags)
        print(json.dumps({"every": every, "failed": [t.failed for t in played if getattr(t, "failed", None)]}),
              flush=True)
    await asyncio.gather(*(tab.close() for tab in tabs))


# -- the report -----------------------------------------------------------------------------------

def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def row(name: str, values: list[float]) -> str:
    return f"| {name} | {len(values)} | {statistics.median(values):.1f} | {pct(values, 0.95):.1f} | {max(values):.1f} |"


def report(title: str, timings: Timings, kinds=("bid", "trick", "score")) -> list[str]:
    lines = [f"\n{title}", "| latency from the tap (ms) | samples | p50 | p95 | max |", "|---|---|---|---|---|"]
    for kind in kinds:
        if kind in timings.every:
            lines.append(row(f"a {kind}, each client", timings.every[kind]))
            lines.append(row(f"a {kind}, the slowest client per change", timings.slowest[kind]))
    lines += [f"| server CPU (ms) | changes | per change | per session of the table ({timings.sessions}) per change "
              f"| per session connected ({timings.connected}) per change |", "|---|---|---|---|---|"]
    for kind in kinds:
        if kind in timings.cpu:
            per = timings.cpu[kind] / timings.count[kind] * 1000
            lines.append(f"| a {kind} | {timings.count[kind]} | {per:.1f} | {per / timings.sessions:.2f} | "
                         f"{per / timings.connected:.2f} |")
    changes = sum(timings.count.values())
    lines.append(f"(the bench's own clients: {timings.own_cpu / changes * 1000:.1f} ms of CPU per change)")
    return lines


def against_floor(alone: Timings, floor: Timings) -> list[str]:
    """Issue 26's targets, as ratios to the floor measured in the same run: a
    trick and a bid at most 3x its CPU per session, and a p95 at most 3x its
    p95 + 10 ms; scoring a hand at most 60 ms of the server's CPU."""
    floor_cpu = floor.cpu["trick"] / floor.count["trick"] / floor.sessions * 1000
    floor95 = pct(floor.every["trick"], 0.95)
    lines = []
    for kind in ("trick", "bid"):
        if kind not in alone.cpu:
            continue
        per = alone.cpu[kind] / alone.count[kind] / alone.sessions * 1000
        lines.append(verdict(f"a {kind}, CPU per session against the floor's ({floor_cpu:.2f} ms)", per / floor_cpu,
                             3, "x"))
        lines.append(verdict(f"a {kind} p95, against 3x the floor's p95 ({floor95:.1f} ms) + 10 ms",
                             pct(alone.every[kind], 0.95), 3 * floor95 + 10, "ms"))
    if "score" in alone.cpu:
        lines.append(verdict("scoring a hand, server CPU", alone.cpu["score"] / alone.count["score"] * 1000, 60, "ms"))
    return lines


def verdict(name: str, value: float, target: float, unit: str) -> str:
    return f"- {name}: {value:.1f} {unit} (target at most {target:g} {unit}): {'met' if value <= target else 'MISSED'}"


# -- the run --------------------------------------------------------------------------------------

async def run(args, base: str, server: subprocess.Popen, games: list[dict], folder: Path) -> tuple:
    """Parts 1 and 2: (report lines, tree differences, one table's Timings, many tables' or None,
    RSS idle, with 8 tables, with all)."""
    lines: list[str] = []
    problems: list[str] = []
    pid = server.pid
    idle = rss_mb(pid)
    table = await open_all(base, table_routes(games[0], args.clients))
    await warm_up(table)
    alone = Timings(pid, len(table))
    alone.spied = True
    hand = await play_hands(alone, table, args.hands)
    problems += await check_trees(table)
    lines += report(f"1. One table alone: {len(table)} clients, {args.hands} hands", alone)

    many = None
    rss_8 = rss_all = None
    if args.games > 1:
        others = [table_routes(ids) for ids in games[1:args.games]]
        first_seven = folder / "tables-2-8.json"
        first_seven.write_text(json.dumps(others[:7]))
        parts = [(first_seven, others[:7])]
        for start in range(7, len(others), CHILD_TABLES):  # the clients of CHILD_TABLES tables a process
            rest = folder / f"tables-{start + 2}-on.json"
            rest.write_text(json.dumps(others[start:start + CHILD_TABLES]))
            parts.append((rest, others[start:start + CHILD_TABLES]))
        children = []
        for routes_file, tables in parts:
            if not tables:
                continue
            child = subprocess.Popen([sys.executable, __file__, "--background", base, routes_file,
                                      "--busy", str(args.busy), "--pace", str(args.pace)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            children.append(child)
            if (await asyncio.to_thread(child.stdout.readline)).strip() != "ready":  # this loop keeps reading
                raise RuntimeError("the other tables' clients did not open")
            await asyncio.sleep(1)
            if routes_file is first_seven and len(tables) == 7:
                rss_8 = rss_mb(pid)  # 8 tables of 8 connected
        rss_all = rss_mb(pid)
        sessions = len(table) + 8 * (min(args.games, len(games)) - 1)
        load_start = os.getloadavg()[0]
        for _ in range(int(args.play_for)):  # --pace: the other tables play meanwhile
            await asyncio.sleep(1)
            rss_all = max(rss_all, rss_mb(pid))
        many = Timings(pid, len(table), connected=sessions)
        await play_hands(many, table, args.hands, first=hand)
        rss_all = max(rss_all, rss_mb(pid))
        for child in children:
            child.stdin.write("check\n")
            child.stdin.flush()
        others_every: dict[str, list[float]] = {}
        failed: list[str] = []
        for child in children:
            problems += json.loads(await asyncio.to_thread(child.stdout.readline))
            if args.pace:
                said = json.loads(await asyncio.to_thread(child.stdout.readline))
                for kind, lags in said["every"].items():
                    others_every.setdefault(kind, []).extend(lags)
                failed += said["failed"]
            await asyncio.to_thread(child.wait, 60)
        if args.pace:
            lines += [f"\n2a. The other {len(others)} tables, each playing hands, a change every {args.pace:g} s "
                      f"on average at each, for {args.play_for:g} s and table 1's hands (load average "
                      f"{load_start:.1f} at the start, {os.getloadavg()[0]:.1f} at the end)",
                      "| latency from the tap (ms), every client of those tables | samples | p50 | p95 | max |",
                      "|---|---|---|---|---|"]
            lines += [row(f"a {kind}", others_every[kind]) for kind in ("bid", "trick", "score")
                      if others_every.get(kind)]
            lines.append(verdict("every phone's trick p95 at the other tables",
                                 pct(others_every.get("trick") or [float("inf")], 0.95), 100, "ms"))
            lines.append(verdict(f"RSS, the most seen with {args.games} tables of 8", rss_all, 400, "MB"))
            if failed:
                lines.append(f"- {len(failed)} tables stopped on a change not shown within 30 s: {failed[:3]}")
        problems += await check_trees(table)
        lines += report(f"2. The same table with {sessions} sessions connected ({args.games} tables of 8"
                        f"{f', the others tapping {args.busy:g} tricks a second' if args.busy else ''})", many)
        if args.busy:
            lines.append("(the server's CPU includes the other tables' taps)")
    await asyncio.gather(*(tab.close() for tab in table))
    return lines, problems, alone, many, idle, rss_8, rss_all


async def run_floor(args) -> tuple[Timings, list[str]]:
    port = free_port()
    server = serve([str(HERE / "floor_app.py"), "--port", str(port)], HERE.parent, port)
    try:
        base = f"http://127.0.0.1:{port}"
        tabs = await open_all(base, [("/", PHONE)] * 4 + [("/", TABLET)] * 4)
        timings = Timings(server.pid, len(tabs))
        played = 0
        for change in range(args.floor_changes):
            forward = (change // 14) % 2 == 0
            after = played + 1 if forward else played - 1
            said = "All 14 tricks played" if after == 14 else f"Trick {after + 1} of 14"
            await timings.change("trick", tabs, tabs[0], f"{PLAYERS[change % 4]} won the trick" if forward
                                 else "Undo last trick", said)
            played = after
        problems = await check_trees(tabs)
        await asyncio.gather(*(tab.close() for tab in tabs))
        return timings, problems
    finally:
        stop(server)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="clients on the timed table (default 8)")
    parser.add_argument("--games", type=int, default=32, help="tables of 8 in part 2 (default 32; 1: skip it)")
    parser.add_argument("--hands", type=int, default=2, help="hands played in each part (default 2)")
    parser.add_argument("--busy", type=float, default=0.0, help="tricks a second tapped at the other tables")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="the other tables play hands, a change every PACE s at each (a capacity run)")
    parser.add_argument("--play-for", type=float, default=0.0,
                        help="with --pace: seconds the other tables play before table 1's hands (default 0)")
    parser.add_argument("--floor-changes", type=int, default=56, help="trick taps on the floor app (default 56)")
    parser.add_argument("--no-floor", action="store_true", help="skip the floor app")
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout to serve (default this one)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--profile", type=Path, metavar="PATH", help="run the server under cProfile, writing PATH")
    parser.add_argument("--spy", type=Path, metavar="DIR", help="py-spy the server during each change (DIR/KIND.txt)")
    parser.add_argument("--background", nargs=2, metavar=("URL", "ROUTES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.background:
        asyncio.run(background(*args.background, args.busy, args.pace))
        return 0
    if args.clients < 5:
        parser.error("--clients: at least 5 (4 phones and the host's table)")
    root = args.root.resolve()
    if args.spy:
        args.spy.mkdir(parents=True, exist_ok=True)
        Spy.folder = args.spy.resolve()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True,
                            text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "views", "models", "companion"], cwd=root,
                           capture_output=True, text=True).stdout.strip()
    load_before = os.getloadavg()[0]
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="bench-live-") as folder:
        folder = Path(folder)
        db = folder / "live.db"
        profile = ["-m", "cProfile", "-o", str(args.profile.resolve())] if args.profile else []
        server = serve([*profile, "-m", "views.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                        "--db", str(db)], root, port)
        try:
            games = set_tables(root, db, max(args.games, 1))
            lines, problems, alone, many, idle, rss_8, rss_all = asyncio.run(run(args, base, server, games, folder))
        finally:
            stop(server)
        floor = None
        if not args.no_floor:
            floor, floor_problems = asyncio.run(run_floor(args))
            problems += floor_problems
            lines += report(f"3. The floor (bench/floor_app.py): 8 clients, {args.floor_changes} trick taps",
                            floor, kinds=("trick",))

    print(f"Served: {root} at {commit}{' with uncommitted changes' if dirty else ''}")
    print(f"Machine: {os.cpu_count()} cores, {platform.machine()}, CPython {platform.python_version()}; "
          f"load average before: {load_before:.1f}, after: {os.getloadavg()[0]:.1f}")
    print("\n".join(lines))
    print(f"\nServer RSS: {idle:.0f} MB idle" + (f", {rss_8:.0f} MB with 8 tables of 8" if rss_8 else "")
          + (f", {rss_all:.0f} MB with {args.games} tables of 8" if rss_all else ""))
    print("\nTargets:")
    trick95, score95 = pct(alone.every["trick"], 0.95), pct(alone.every["score"], 0.95)
    print(verdict("one table, a trick p95", trick95, TARGETS["trick p95"], "ms"))
    print(verdict("one table, a score p95", score95, TARGETS["score p95"], "ms"))
    per = alone.cpu["trick"] / alone.count["trick"] * 1000 / alone.sessions
    print(verdict("one table, server CPU per session per trick", per, TARGETS["trick CPU per session"], "ms"))
    if many:
        ratio = pct(many.every["trick"], 0.95) / trick95
        print(verdict(f"{args.games} tables, a trick p95 against one table's", ratio, TARGETS["many tables"], "x"))
    if rss_8:
        print(verdict("RSS with 8 tables of 8", rss_8, TARGETS["RSS"], "MB"))
    if floor:
        print(f"- the floor, a trick p95: {pct(floor.every['trick'], 0.95):.1f} ms")
        print("Against the floor in this run (issue 26):")
        print("\n".join(against_floor(alone, floor)))
    if problems:
        print(f"\nFAILED: {len(problems)} clients' trees differ from a fresh session's on their route "
              "(Flet's protocol changed, or a screen missed a change):", file=sys.stderr)
        print("\n".join(problems[:20]), file=sys.stderr)
        return 1
    print("\nEvery client's tree equals a fresh session's on its route.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
