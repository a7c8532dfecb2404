"""A tap's event type is worked out once per kind of control
(views/web/event_types.py), and it is the type Flet itself works out."""
import flet as ft
from flet.controls import base_control

from views.web import event_types


def test_the_kept_event_types_are_flets_own():
    event_types.install()
    kept = base_control.get_event_field_type
    assert getattr(kept, "kept", False), "the tap's event type is looked up anew at every tap"
    flets = kept.flet_own
    for control, field in ((ft.TextButton("Send bid"), "on_click"), (ft.FilledTonalButton("Ann won it"), "on_click"),
                           (ft.SegmentedButton(segments=[ft.Segment("a")]), "on_change"),
                           (ft.TextField(), "on_change"), (ft.TextField(), "on_submit")):
        assert kept(control, field) is flets(control, field)
        assert kept(control, field) is flets(control, field)  # the kept answer, asked again
    assert kept(ft.TextButton("x"), "on_no_such_event") is None


def test_installing_twice_wraps_once():
    event_types.install()
    first = base_control.get_event_field_type
    event_types.install()
    assert base_control.get_event_field_type is first
