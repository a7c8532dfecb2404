"""`xyscore serve` in a process of its own, as a host runs it: its log is
what the host's terminal shows, its memory is its own (/proc/PID/status)."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


@dataclass
class ServeProcess:
    url: str
    process: subprocess.Popen
    status: int | None = None  # what `/` first answered, or None
    printed: list[str] = field(default_factory=list)  # after the block: everything it printed

    def rss_mb(self) -> float:
        """The server's resident memory now, in MB."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        raise AssertionError("the server has no VmRSS line: it is gone")


@contextmanager
def serve_process(db: Path, logs: Path, *, host: str = "127.0.0.1", env: dict | None = None):
    """`xyscore serve --db db` on a free port of `host` until the block ends; its output is kept in `logs`."""
    port = free_port(host)
    out = logs / f"serve-{port}.out"
    with open(out, "w") as sink:
        server = subprocess.Popen([sys.executable, "-m", "views.cli", "serve", "--host", host, "--port", str(port),
                                   "--db", str(db)], cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT, text=True,
                                  env=env)
    served = ServeProcess(f"http://{host}:{port}", server)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and server.poll() is None:
            try:
                with urllib.request.urlopen(f"{served.url}/", timeout=5) as answer:
                    served.status = answer.status
                break
            except OSError:
                time.sleep(0.3)
        yield served
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)
        served.printed.append(out.read_text())
