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
    steps = ["content", "controls", 0, 1, 2, "_b", "title"]
    for _ in range(300):
        ops = [{"op": "replace", "path": [*(pick.choice(steps) for _ in range(pick.randint(0, 5))),
                                           pick.choice(["value", "visible", "disabled", "semantics_label"])],
                "value": pick.choice(["Ann bid 2", True, False, None, 3, "2 of 4 have bid"])}
               for _ in range(pick.randint(1, 6))]
        assert wire(leaf_wire.body(41, ops)) == wire(PatchControlBody(41, ObjectPatch(ops).to_message())), ops


def mounted(page_like: ft.Control) -> None:
    """Each control's parent, as Flet stamps it when it sends a tree (ObjectPatch's configuring)."""
    for _ in ObjectPatch.from_diff(None, page_like, control_cls=BaseControl)[1]:
        pass


def test_two_leaves_changed_at_once_go_in_one_message_from_the_control_holding_both():
    header, row, far = ft.Text("0 of 4 have bid"), ft.Text("Ann"), ft.Text("Not sent yet")
    board = ft.Container(ft.Column([header, ft.Row([row])]))
    page_like = ft.Column([ft.Container(far), board])
    mounted(page_like)
    root, paths = leaf_wire.common([(header, []), (row, [])])
    assert root is board.content
    assert paths == [["controls", 0], ["controls", 1, "controls", 0]]
    root, paths = leaf_wire.common([(row, []), (far, []), (header, [])])
    assert root is page_like
    assert paths == [["controls", 1, "content", "controls", 1, "controls", 0], ["controls", 0, "content"],
                     ["controls", 1, "content", "controls", 0]]


def test_a_control_not_in_the_same_tree_is_sent_on_its_own():
    apart = ft.Text("elsewhere")
    shown = ft.Column([ft.Text("Ann")])
    mounted(shown)
    mounted(ft.Column([apart]))
    assert leaf_wire.common([(shown.controls[0], []), (apart, [])]) == (None, None)
