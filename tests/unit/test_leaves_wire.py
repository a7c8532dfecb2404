"""A change made in place goes to the browser as Flet's own patch would: the
same bytes on the wire, and, where several leaves of one screen change at
once, one message whose paths reach each from the control holding them all.
(views/web/leaf_wire.py; tests/integration/test_live_leaves.py checks the trees a browser ends with.)"""
import random

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import MessageAction, PatchControlBody, configure_encode_object_for_msgpack

from views.web import leaf_wire


def wire(body) -> bytes:
    return msgpack.packb([MessageAction.PATCH_CONTROL, body], default=configure_encode_object_for_msgpack(BaseControl))


def test_a_patch_built_in_place_is_byte_for_byte_flets_own():
    pick = random.Random(26)
    steps = ["content", "controls", 0, 1, 2, "_b"]  # few: many operations on one control, or on one below another
    for _ in range(300):
        # a few controls a patch changes, often several properties of one (their paths share a step)
        controls = [[pick.choice(steps) for _ in range(pick.randint(0, 5))] for _ in range(3)]
        ops = [{"op": "replace", "path": [*pick.choice(controls),
                                           pick.choice(["value", "visible", "disabled", "semantics_label"])],
                "value": pick.choice(["Ann bid 2", True, False, None, 3, "2 of 4 have bid", ft.FontWeight.W_800,
                                      ft.TextThemeStyle.TITLE_LARGE, ft.Colors.PRIMARY, ft.Icons.CHECK_CIRCLE])}
               for _ in range(pick.randint(1, 6))]
        assert wire(leaf_wire.body(41, ops)) == wire(PatchControlBody(41, ObjectPatch(ops).to_message())), ops


def mounted(page_like: ft.Control) -> None:
    """Each control's parent, as Flet stamps it when it sends a tree (ObjectPatch's configuring)."""
    for _ in ObjectPatch.from_diff(None, page_like, control_cls=BaseControl)[1]:
        pass


def test_leaves_side_by_side_go_in_one_message_from_the_control_holding_them():
    # Each leaf draws its control inside one of its own (a component's body, here a container).
    header, row, far = ft.Text("0 of 4 have bid"), ft.Text("Ann"), ft.Text("Not sent yet")
    board = ft.Column([ft.Container(header), ft.Container(row)])
    page_like = ft.Column([ft.Container(ft.Container(far)), ft.Container(board)])
    mounted(page_like)
    change = [{"op": "replace", "path": ["value"], "value": "1 of 4 have bid"}]
    sent = leaf_wire.together([(header, change), (row, [{"op": "replace", "path": ["visible"], "value": False}]),
                               (far, change)])
    assert sent == [(board, [
        {"op": "replace", "path": ["controls", 0, "content", "value"], "value": "1 of 4 have bid"},
        {"op": "replace", "path": ["controls", 1, "content", "visible"], "value": False}]), (far, change)]


def test_a_leaf_alone_keeps_its_own_message():
    shown = ft.Column([ft.Container(ft.Text("Ann"))])
    mounted(shown)
    apart = ft.Text("not yet in a tree")
    change = [{"op": "replace", "path": ["value"], "value": "Bob"}]
    assert leaf_wire.together([(shown.controls[0].content, change), (apart, change)]) == [
        (apart, change), (shown.controls[0].content, change)]


def test_a_leaf_moved_in_its_control_is_found_where_it_is_now():
    # A tiebreak's banner appears above the entries: the same board, its rows one place down.
    header, row = ft.Text("0 of 4 have bid"), ft.Text("Ann")
    board = ft.Column([ft.Container(header), ft.Container(row)])
    mounted(ft.Column([board]))
    change = [{"op": "replace", "path": ["value"], "value": "Bob"}]
    assert leaf_wire.together([(header, change), (row, change)])[0][1][1]["path"] == ["controls", 1, "content", "value"]
    board.controls.insert(0, ft.Text("Tiebreak hand"))
    assert [op["path"] for op in leaf_wire.together([(header, change), (row, change)])[0][1]] == [
        ["controls", 1, "content", "value"], ["controls", 2, "content", "value"]]
