"""A headless client of Flet 1.0's web protocol that keeps the screen's control
tree, as a browser tab would, for the live-sync bench (bench_live.py) and tests.

    async with FletClient("http://127.0.0.1:8550") as tab:
        await tab.open("/seat/TOKEN")
        await tab.tap("Ann won the trick")
        await tab.until_shows("Trick 2 of 14")

The protocol (read from flet/messaging/protocol.py, session.py,
flet_web/fastapi/flet_app.py and flet/controls/object_patch.py, and checked
against the frames Chromium sends): one WebSocket at /ws; each binary frame
is a 0x00 byte, then MessagePack `[action, body]`; actions 1 register,
2 patch, 3 control event, 4 update props, 5 invoke method, 6 session crashed.

- Register `[1, {session_id, page_name, page}]` is answered `[1, {session_id,
  page_patch, error}]`, `page_patch` being the whole page; Chromium then sends
  the page's brightness, media and size as `4` messages and a
  `platform_brightness_change` event (so does `open`).
- A patch `[2, {id, patch}]` applies to the control whose `_i` is `id`:
  `patch` is `[tree, op, ...]`, `tree` a trie of paths from that control
  (`[node, {part: [node, {...}]}]`), each op `[0, node, key, value]` replace,
  `[1, node, key, value]` add (a list insert), `[2, node, key]` remove,
  `[3, node, key, node2, key2]` move, its node resolved against the tree as it
  stands when the op runs. A control is a dict with `_c` (its type) and `_i`;
  a component is `_c: "C"` with its body in `_b`.
- A tap is `[3, {target, name: "click", data: None}]`. Typing is `[4, {id,
  props: {value}}]`, then a `change` event with the text, Enter a `submit`.
- A `5` from the server (scroll_to, push_route...) is answered `[5,
  {control_id, call_id, result, error}]`; after push_route the browser goes
  there and sends a `route_change` event.

`same_as_fresh` says whether this tab's tree equals what a session opened
afresh on its route renders (control ids differ between sessions and are left
out), which is how the bench knows it timed what a browser would have shown.
"""
from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any, Awaitable, Callable, Iterator

import flet
import msgpack
import websockets

REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3
PAGE_ID = 1


class ProtocolError(Exception):
    """The server sent something this client does not understand: Flet's protocol changed."""


def pack(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def unpack(frame: bytes) -> tuple[int, Any] | None:
    if not isinstance(frame, bytes) or not frame or frame[0] != 0:
        return None
    action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    return action, body


def media(width: float, height: float) -> dict:
    zero = {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0}
    return {"padding": dict(zero), "view_padding": dict(zero), "view_insets": dict(zero), "device_pixel_ratio": 1.0,
            "orientation": "portrait" if height >= width else "landscape", "always_use_24_hour_format": False}


def register_body(route: str, width: float, height: float, session_id: str | None = None) -> dict:
    """What Chromium sends when a tab opens `route` (captured from Chromium 156 on Flet 1.0.5)."""
    return {"session_id": session_id, "page_name": route.lstrip("/"), "page": {
        "route": route, "pwa": False, "web": True, "debug": False, "wasm": True, "test": False,
        "multi_view": False, "pyodide": False, "platform_brightness": "light", "width": float(width),
        "height": float(height), "platform": "linux", "window": {}, "media": media(width, height)}}


# -- the control tree ---------------------------------------------------------------------------

def controls(node: Any, hidden: bool = False) -> Iterator[dict]:
    """Every control shown in `node` (a control, a list, any value), parents before
    children: not one hidden (`visible` false), nor anything in it, unless `hidden`
    (a browser holds those too, and a patch may show them)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "_c" in item:
                if item.get("visible") is False and not hidden:
                    continue
                yield item
            stack.extend(value for value in reversed(item.values()) if isinstance(value, (dict, list)))
        elif isinstance(item, list):
            stack.extend(value for value in reversed(item) if isinstance(value, (dict, list)))


NAME_KEYS = ("value", "text", "content", "label", "semantics_label", "tooltip", "hint_text", "title")


def names(control: dict) -> Iterator[str]:
    """What a player reads or hears for this control itself: its text, label, tooltip."""
    for key in NAME_KEYS:
        value = control.get(key)
        if isinstance(value, str):
            yield value
        elif key == "tooltip" and isinstance(value, dict) and isinstance(value.get("message"), str):
            yield value["message"]


def patch_names(message: tuple[int, Any]) -> Iterator[str]:
    """What the controls a patch puts in the tree (or changes a text of) read."""
    for op in message[1]["patch"][1:]:
        if op[0] not in (REPLACE, ADD):
            continue
        key, value = op[2], op[3]
        if isinstance(value, str) and key in NAME_KEYS:
            yield value
        elif key == "tooltip" and isinstance(value, dict) and isinstance(value.get("message"), str):
            yield value["message"]
        if isinstance(value, (dict, list)):
            for control in controls(value):
                yield from names(control)


def _root_default(type_name: str, key: str) -> Any:
    """The value Flet leaves out of a fresh render for `key` of a `type_name` control (the
    default of the first class that declares it), or _UNKNOWN."""
    cls = getattr(flet, type_name, None)
    if not isinstance(cls, type):
        return _UNKNOWN
    for base in reversed(cls.__mro__):
        declared = getattr(base, "__dataclass_fields__", {}).get(key)
        if declared is not None:
            if declared.default is not dataclasses.MISSING:
                return declared.default
            if declared.default_factory is not dataclasses.MISSING:  # an empty list or dict, left out
                made = declared.default_factory()
                return made if isinstance(made, (list, dict)) and not made else _UNKNOWN
            return _UNKNOWN
    return _UNKNOWN


_UNKNOWN = object()
_defaults: dict[tuple[str, str], Any] = {}


def is_default(type_name: str, key: str, value: Any) -> bool:
    """Whether a control's `key` at `value` is what the browser assumes when it is left out:
    a patch that sets a prop back to its default sends it (`disabled: False`), a fresh
    render leaves it out."""
    if (type_name, key) not in _defaults:
        _defaults[type_name, key] = _root_default(type_name, key)
    default = _defaults[type_name, key]
    return default is not _UNKNOWN and type(default) is type(value) and default == value


def normalized(node: Any) -> Any:
    """`node` as two sessions showing the same screen hold it alike: without control ids and
    the session's own uid, which differ from one session to the next, and without props at
    their default."""
    if isinstance(node, dict):
        type_name = node.get("_c")
        out = {}
        for key, value in node.items():
            if key == "_i":
                continue
            if type_name == "ServiceRegistry" and key == "_internals" and isinstance(value, dict):
                value = {k: v for k, v in value.items() if k != "uid"}  # random per session (flet/controls/page.py)
            if isinstance(type_name, str) and is_default(type_name, key, value):
                continue
            out[key] = normalized(value)
        return out
    if isinstance(node, list):
        return [normalized(item) for item in node]
    return node


def differences(mine: Any, theirs: Any, path: str = "", limit: int = 10) -> list[str]:
    """Where two trees differ, as readable paths (at most `limit`)."""
    out: list[str] = []

    def walk(a: Any, b: Any, at: str) -> None:
        if len(out) >= limit:
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b), key=str):
                if key not in a:
                    out.append(f"{at}/{key}: missing here, fresh has {str(b[key])[:120]}")
                elif key not in b:
                    out.append(f"{at}/{key}: {str(a[key])[:120]}, fresh has none")
                else:
                    walk(a[key], b[key], f"{at}/{key}{'(' + a['_c'] + ')' if key == '_c' else ''}")
        elif isinstance(a, list) and isinstance(b, list):
            if len(a) != len(b):
                out.append(f"{at}: {len(a)} items, fresh has {len(b)}")
            for index, (x, y) in enumerate(zip(a, b)):
                walk(x, y, f"{at}/{index}")
        elif a != b:
            out.append(f"{at}: {str(a)[:120]!r}, fresh has {str(b)[:120]!r}")

    walk(mine, theirs, path)
    return out


class Tree:
    """A session's controls as its browser holds them, kept from patches."""

    def __init__(self, page: dict) -> None:
        self.page = page
        self.by_id: dict[int, dict] = {}
        self._index(page)

    def _index(self, node: Any) -> None:
        for control in controls(node, hidden=True):
            if "_i" in control:
                self.by_id[control["_i"]] = control

    def apply(self, control_id: int, patch: list) -> None:
        root = self.by_id.get(control_id)
        if root is None:
            raise ProtocolError(f"a patch for control {control_id}, which this tree does not hold")
        if not isinstance(patch, list) or not patch:
            raise ProtocolError(f"a patch that is not [tree, op, ...]: {str(patch)[:200]}")
        paths: dict[int, list] = {}

        def trie(node: list, path: list) -> None:
            paths[node[0]] = path
            if len(node) > 1:
                for part, child in node[1].items():
                    trie(child, path + [part])

        trie(patch[0], [])
        for op in patch[1:]:
            kind = op[0]
            if kind == MOVE:
                _, node, key, node2, key2 = op
                value = self._take(self._at(root, paths[node]), key)
                self._put(self._at(root, paths[node2]), key2, value, insert=True)
            elif kind == REMOVE:
                _, node, key = op
                self._take(self._at(root, paths[node]), key)
            elif kind in (REPLACE, ADD):
                _, node, key, value = op
                self._put(self._at(root, paths[node]), key, value, insert=kind == ADD)
                if isinstance(value, (dict, list)):
                    self._index(value)
            else:
                raise ProtocolError(f"an unknown patch operation {op!r}")

    @staticmethod
    def _at(root: Any, path: list) -> Any:
        node = root
        for part in path:
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                raise ProtocolError(f"a patch path {path!r} that is not in the tree (at {part!r})") from None
        return node

    @staticmethod
    def _take(container: Any, key: Any) -> Any:
        try:
            return container.pop(key)
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ProtocolError(f"nothing to remove at {key!r}") from None

    @staticmethod
    def _put(container: Any, key: Any, value: Any, insert: bool) -> None:
        if isinstance(container, list):
            if insert:
                container.insert(key, value)
            else:
                container[key] = value
        elif isinstance(container, dict):
            container[key] = value
        else:
            raise ProtocolError(f"a value put at {key!r} into a {type(container).__name__}")

    def chains(self, name: str) -> Iterator[list[dict]]:
        """For each control that reads `name` exactly (text, label or tooltip), the chain of
        controls from the page down to it."""
        chain: list[dict] = []

        def walk(node: Any) -> Iterator[list[dict]]:
            if isinstance(node, dict):
                is_control = "_c" in node
                if is_control and node.get("visible") is False:
                    return  # hidden: nothing in it is shown or tapped
                if is_control:
                    chain.append(node)
                    if name in names(node):
                        yield list(chain)
                for value in node.values():
                    if isinstance(value, (dict, list)):
                        yield from walk(value)
                if is_control:
                    chain.pop()
            elif isinstance(node, list):
                for item in node:
                    if isinstance(item, (dict, list)):
                        yield from walk(item)

        return walk(self.page)

    def find_first(self, name: str) -> dict | None:
        """The first control that reads `name` exactly."""
        return next((chain[-1] for chain in self.chains(name)), None)

    def shows(self, text: str) -> bool:
        """Whether any control reads `text` exactly, or has it in its text or label."""
        return any(text in said for control in controls(self.page) for said in names(control))

    def texts(self) -> list[str]:
        return [said for control in controls(self.page) for said in names(control)]


# -- one tab --------------------------------------------------------------------------------------

class FletClient:
    """One browser tab of the app at `base_url`, without a browser."""

    def __init__(self, base_url: str, *, width: float = 390, height: float = 844, open_timeout: float = 20) -> None:
        self.base_url = base_url.rstrip("/")
        self.width, self.height = width, height
        self.open_timeout = open_timeout
        self.socket = None
        self.session_id: str | None = None
        self.route: str | None = None
        self.tree: Tree | None = None
        self.crashed: str | None = None
        self.error: BaseException | None = None
        self.frames = 0
        self.invoked: list[str] = []  # the methods the server called on this tab's controls (scroll_to...)
        self.last_frame = 0.0  # time.perf_counter() when the last frame came
        self._reader: asyncio.Task | None = None
        # What this tab's player set on their own screen (the text size), done again on a fresh session
        # before it is compared with this tab's (`same_as_fresh`): fresh_prepare(fresh tab).
        self.fresh_prepare: Callable[["FletClient"], Awaitable[None]] | None = None
        # (test, future, hint): a test with a hint is run only after a patch that brings that text
        self._waiters: list[tuple[Callable[[Tree], bool], asyncio.Future, str | None]] = []

    async def __aenter__(self) -> "FletClient":
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    # -- talking --
    async def send(self, action: int, body: Any) -> None:
        await self.socket.send(pack(action, body))

    async def open(self, route: str, *, settle: float = 0.3, limit: float = 30) -> "FletClient":
        """Open `route` in a new session as Chromium does, and read until the screen is drawn
        (its first patch, then no frame for `settle` seconds)."""
        ws = self.base_url.replace("http", "ws", 1) + "/ws"
        self.socket = await websockets.connect(ws, origin=self.base_url, open_timeout=self.open_timeout,
                                               max_size=None, compression=None, ping_interval=None)
        self.route = route
        await self.send(REGISTER, register_body(route, self.width, self.height))
        while True:
            frame = await asyncio.wait_for(self.socket.recv(), limit)
            decoded = unpack(frame)
            if decoded and decoded[0] == REGISTER:
                body = decoded[1]
                if body.get("error"):
                    raise ProtocolError(f"register refused: {body['error']}")
                self.session_id = body.get("session_id")
                page = body.get("page_patch")
                if not isinstance(page, dict) or page.get("_i") != PAGE_ID:
                    raise ProtocolError(f"a register answer without the page: {str(body)[:200]}")
                self.tree = Tree(page)
                break
        await self.send(UPDATE_PROPS, {"id": PAGE_ID, "props": {"platform_brightness": "light"}})
        await self.send(EVENT, {"target": PAGE_ID, "name": "platform_brightness_change", "data": "light"})
        await self.send(UPDATE_PROPS, {"id": PAGE_ID, "props": {"media": media(self.width, self.height)}})
        await self.send(UPDATE_PROPS, {"id": PAGE_ID, "props": {"width": float(self.width),
                                                                "height": float(self.height)}})
        self._reader = asyncio.create_task(self._read())
        start = time.perf_counter()
        while not self.frames:  # main() draws the screen in a first patch
            self._raise()
            if time.perf_counter() - start > limit:
                raise ProtocolError(f"{route}: no screen within {limit} s of the register")
            await asyncio.sleep(0.01)
        await self.settle(settle, limit)
        return self

    async def _read(self) -> None:
        try:
            async for frame in self.socket:
                at = time.perf_counter()
                decoded = unpack(frame)
                if decoded is None:
                    continue
                self.frames += 1
                self.last_frame = at
                await self._handle(*decoded)
                if self._waiters:
                    self._check(at, decoded)
        except websockets.ConnectionClosed:
            pass
        except BaseException as error:  # noqa: BLE001 - kept, and raised to whoever waits
            self.error = error
            for _, future, _ in self._waiters:
                if not future.done():
                    future.set_exception(error)
            self._waiters.clear()

    async def _handle(self, action: int, body: Any) -> None:
        if action == PATCH:
            self.tree.apply(body["id"], body["patch"])
        elif action == INVOKE:
            self.invoked.append(body.get("name"))
            await self.send(INVOKE, {"control_id": body.get("control_id"), "call_id": body.get("call_id"),
                                     "result": None, "error": None})
            if body.get("name") == "push_route":
                route = (body.get("args") or {}).get("route", "/")
                self.route = route
                self.tree.page["route"] = route
                await self.send(UPDATE_PROPS, {"id": PAGE_ID, "props": {"route": route}})
                await self.send(EVENT, {"target": PAGE_ID, "name": "route_change", "data": {"route": route}})
        elif action == CRASHED:
            self.crashed = str(body)
            raise ProtocolError(f"the session crashed: {self.crashed[:500]}")
        elif action == REGISTER:
            raise ProtocolError("a second register answer")

    def _check(self, at: float, message: tuple[int, Any]) -> None:
        brought = None  # what the controls this patch put in the tree read, if a hinted test needs it
        keep = []
        for test, future, hint in self._waiters:
            if future.done():
                continue
            if hint is not None:
                if brought is None:
                    brought = list(patch_names(message)) if message[0] == PATCH else []
                done = any(hint in said for said in brought)
            else:
                done = test(self.tree)
            if done:
                future.set_result(at)
            else:
                keep.append((test, future, hint))
        self._waiters = keep

    async def settle(self, quiet: float = 0.3, limit: float = 30) -> None:
        """Wait until no frame has come for `quiet` seconds (or `limit` runs out)."""
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            self._raise()
            idle = time.perf_counter() - max(self.last_frame, start)
            if idle >= quiet:
                return
            await asyncio.sleep(quiet - idle)

    def _raise(self) -> None:
        if self.error is not None:
            raise self.error

    # -- what a player does --
    def when(self, test: Callable[[Tree], bool], hint: str | None = None) -> asyncio.Future:
        """A future set to the time (time.perf_counter()) the frame that made `test(tree)` true came,
        or at once to now if it holds already. With a `hint`, the frame looked for after that is
        the first patch that puts a control reading `hint` into the tree: reading only the patch,
        not the whole tree, keeps a tab's own work per frame small, as a browser's is beside the
        server's (the bench checks every whole tree after its run)."""
        self._raise()
        future = asyncio.get_running_loop().create_future()
        if test(self.tree):
            future.set_result(time.perf_counter())
        else:
            self._waiters.append((test, future, hint))
        return future

    def when_shows(self, text: str) -> asyncio.Future:
        return self.when(lambda tree: tree.shows(text), hint=text)

    async def until_shows(self, text: str, timeout: float = 15) -> float:
        try:
            return await asyncio.wait_for(self.when_shows(text), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"{self.route} never showed {text!r} within {timeout} s") from None

    async def until_enabled(self, name: str, timeout: float = 15) -> float:
        """Wait until what reads `name` can be tapped (drawn and not disabled), as a player waits
        for a greyed button to light up; a tap lost before it never lights it, and this fails."""
        def enabled(tree: Tree) -> bool:
            try:
                self.find(name)
            except AssertionError:
                return False
            return True
        try:
            return await asyncio.wait_for(self.when(enabled), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"{name!r} never became tappable on {self.route} within {timeout} s") from None

    def find(self, name: str) -> dict:
        """The control a player would tap for `name`: the nearest control around (or at) the
        first one that reads `name` and sits in something that handles a tap."""
        self._raise()
        seen = False
        for chain in self.tree.chains(name):
            seen = True
            for control in reversed(chain):
                if control.get("on_click") or control.get("on_tap"):
                    if control.get("disabled"):
                        raise AssertionError(f"{name!r} is disabled on {self.route}")
                    return control
        raise AssertionError(f"nothing to tap reads {name!r} on {self.route}"
                             + (" (it is there, but does nothing on a tap)" if seen else ""))

    async def tap(self, name: str) -> float:
        """Tap what reads `name`; returns the time (time.perf_counter()) the tap was sent."""
        control = self.find(name)
        at = time.perf_counter()
        await self.send(EVENT, {"target": control["_i"], "name": "click" if control.get("on_click") else "tap",
                                "data": None})
        return at

    async def type(self, label: str, text: str, *, submit: bool = False) -> None:
        """Type `text` into the text field labelled `label` (then press Enter if `submit`)."""
        field = next((chain[-1] for chain in self.tree.chains(label) if chain[-1].get("_c") == "TextField"), None)
        if field is None:
            raise AssertionError(f"no text field reads {label!r} on {self.route}")
        field["value"] = text  # the browser holds what was typed, and tells the server
        await self.send(UPDATE_PROPS, {"id": field["_i"], "props": {"value": text}})
        if field.get("on_change"):
            await self.send(EVENT, {"target": field["_i"], "name": "change", "data": text})
        if submit:
            await self.send(EVENT, {"target": field["_i"], "name": "submit", "data": text})

    # -- the check --
    def snapshot(self) -> Any:
        self._raise()
        return normalized(self.tree.page)

    async def same_as_fresh(self, settle: float = 0.3, tries: int = 10) -> list[str]:
        """How this tab's tree differs from a session opened afresh on its route ([] if it
        does not): both with the control ids left out. The fresh tree is compared again, up to
        `tries` times `settle` seconds apart, until it is drawn in full."""
        fresh = FletClient(self.base_url, width=self.width, height=self.height)
        try:
            await fresh.open(self.route, settle=settle)
            if self.fresh_prepare is not None:
                await self.fresh_prepare(fresh)
            for _ in range(tries):  # a busy server may draw the fresh screen in several steps
                found = differences(self.snapshot(), fresh.snapshot(), self.route)
                if not found:
                    return []
                await fresh.settle(settle)
                await asyncio.sleep(settle)
            return found
        finally:
            await fresh.close()

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            try:
                await asyncio.wait_for(self._reader, 5)
            except (asyncio.TimeoutError, Exception):  # noqa: BLE001 - closing anyway
                self._reader.cancel()
