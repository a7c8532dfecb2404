"""How the changes made in place on a session's leaves (views/web/leaves.py) go on the wire:
as Flet's own patch messages would, byte for byte, built without Flet's encoder being called
back for each operation; and the changes of one refresh together, in one message from the
control holding every leaf that changed (tests/unit/test_leaves_wire.py)."""
from __future__ import annotations

from typing import Any

import flet as ft
from flet.messaging.protocol import Message, MessageAction


def send_together(batch: list) -> None:
    """The patches of one change to a session's leaves, [(the control a leaf drew, its ops)], in one
    message where the leaves' controls share a parent whose path to each is known (a bid changes a
    row and the board's header, and an entry: one message, not three); else one message each."""
    if not batch:
        return
    connection = ft.context.page.session.connection
    if connection is None:
        return
    root, paths = common(batch) if len(batch) > 1 else (None, None)
    if root is None:
        for control, ops in batch:
            connection.send_message(Message(MessageAction.PATCH_CONTROL, body(control._i, ops)))
        return
    ops = [{**op, "path": [*path, *op["path"]]} for (_control, some), path in zip(batch, paths) for op in some]
    connection.send_message(Message(MessageAction.PATCH_CONTROL, body(root._i, ops)))


def common(batch: list) -> tuple[Any, list | None]:
    """The nearest control holding every control of `batch`, and the path from it to each; (None,
    None) where any step is not known (a control not yet in a tree, one held in a style)."""
    first, depth_of = [], {}  # the first control and its parents, up to the page
    at = batch[0][0]
    while at is not None and len(first) < MOST_DEPTH:
        depth_of[id(at)] = len(first)
        first.append(at)
        at = _parent_of(at)
    top, others = 0, []
    for control, _ops in batch[1:]:
        chain = [control]  # this control and its parents, up to one of the first's
        while id(chain[-1]) not in depth_of:
            above = _parent_of(chain[-1])
            if above is None or len(chain) >= MOST_DEPTH:
                return None, None
            chain.append(above)
        top = max(top, depth_of[id(chain[-1])])
        others.append(chain)
    root = first[top]
    if getattr(root, "_i", None) is None:
        return None, None
    paths = []
    for chain in [first[:top + 1], *(chain + first[depth_of[id(chain[-1])] + 1:top + 1] for chain in others)]:
        path: list = []
        for below in range(len(chain) - 1, 0, -1):  # from the root down to the leaf's control
            step = _step(chain[below], chain[below - 1])
            if step is None:
                return None, None
            path += step
        paths.append(path)
    return root, paths


def _parent_of(control: Any) -> Any:
    ref = getattr(control, "_parent", None)
    return ref() if ref is not None else None


MOST_DEPTH = 64  # the deepest a leaf's control is looked for under the page


def _step(parent: Any, child: Any) -> tuple | None:
    """Where `parent` holds `child` as Flet's patches name it: ("_b",) for a component's body,
    (field,), or (field, index) in a list of controls; None if not found."""
    if getattr(parent, "_b", None) is child:
        return ("_b",)
    fields = list(getattr(parent, "_values", {}).items())
    fields += [(name, getattr(parent, name, None)) for name in getattr(type(parent), "_structural_fields", ())]
    for name, value in fields:
        if value is child:
            return (name,)
        if isinstance(value, list):
            for index, item in enumerate(value):
                if item is child:
                    return (name, index)
    return None


def body(control_id: int, ops: list) -> dict:
    """Flet's PatchControlBody(control_id, ObjectPatch(ops).to_message()) for `ops` that each
    replace a property, as it goes on the wire (the paths in one table of shared steps, each
    operation [0, its step, the property, the value]), built directly and of what MessagePack
    packs itself: Flet's encoder is called back for every operation otherwise."""
    tree: list = [0]
    made = 1
    wire: list = [tree]
    for op in ops:
        path, node = op["path"], tree
        for part in path[:-1]:
            if len(node) == 1:
                node.append({})
            below = node[1].get(part)
            if below is None:
                below = node[1][part] = [made]
                made += 1
            node = below
        wire.append([REPLACE, node[0], path[-1], op["value"]])
    return {"id": control_id, "patch": wire}


REPLACE = 0  # Flet's Operation.Replace
