"""How the changes made in place on a session's leaves (views/web/leaves.py) go on the wire:
as Flet's own patch messages would, byte for byte, built without Flet's encoder being called
back for each operation; and the changes of one refresh to leaves side by side (a seat's row
and the board's header) in one message (tests/unit/test_leaves_wire.py)."""
from __future__ import annotations

from enum import Enum
from typing import Any

import flet as ft
from flet.messaging.protocol import Message, MessageAction


def send_together(batch: list) -> None:
    """The patches of one change to a session's leaves, [(the control a leaf drew, its ops)]: those
    of leaves side by side in one control (a bid changes a seat's row and the board's header) in one
    message from that control; each other leaf's in a message of its own."""
    connection = ft.context.page.session.connection
    if connection is None:
        return
    for root, ops in together(batch) if len(batch) > 1 else batch:
        connection.send_message(Message(MessageAction.PATCH_CONTROL, body(root._i, ops)))


def together(batch: list) -> list[tuple[Any, list]]:
    """`batch` as messages, [(the control a message starts from, its ops)]: the leaves held in
    one control (each leaf a component in its list of controls), from that control, with each
    path from it; any other leaf alone, from its own control."""
    held: dict[int, tuple[Any, list]] = {}  # id of a control holding leaves -> (it, [(path to one, its item)])
    alone: list = []
    for item in batch:
        control = item[0]
        leaf = _parent_of(control)  # the leaf's component, which drew `control`
        holder = _parent_of(leaf) if leaf is not None else None
        down = _step(leaf, control) if holder is not None and getattr(holder, "_i", None) is not None else None
        step = _step(holder, leaf) if down is not None else None
        if step is None:
            alone.append(item)
        else:
            held.setdefault(id(holder), (holder, []))[1].append(([*step, *down], item))
    for holder, members in held.values():
        if len(members) == 1:
            alone.append(members[0][1])
        else:
            alone.append((holder, [{**op, "path": [*path, *op["path"]]} for path, (_control, ops) in members
                                   for op in ops]))
    return alone


def _parent_of(control: Any) -> Any:
    ref = getattr(control, "_parent", None)
    return ref() if ref is not None else None


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
        wire.append([REPLACE, node[0], path[-1], _packed(op["value"])])
    return {"id": control_id, "patch": wire}


REPLACE = 0  # Flet's Operation.Replace


def _packed(value: Any) -> Any:
    """`value` as Flet's encoder gives it to MessagePack: an Enum that is not a str or an int
    (which MessagePack packs as they are) as its value, without the encoder called back."""
    return value.value if isinstance(value, Enum) and not isinstance(value, (str, int)) else value
