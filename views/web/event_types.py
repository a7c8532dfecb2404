"""A tap finds its handler's event type once per kind of control, not at every tap.

Flet 1.0.5's `BaseControl._trigger_event` (flet/controls/base_control.py)
asks `get_event_field_type(control, "on_click")` at every event: it walks
the control class's MRO, writes out every annotation of every class in it
as text (`str(annotation)`, typing's reprs) and evaluates forward
references, about 2% of the server's time on a trick at a table of 8. What
it gives depends only on the control's class and the field (the frame it
reads its names from is always `_trigger_event`'s), so `install()` keeps
each answer by (class, field). tests/unit/test_event_types.py checks the
kept answers equal Flet's own.
"""
from __future__ import annotations

import types

from flet.controls import base_control


def install() -> None:
    """Wrap the name `_trigger_event` calls (once, however often it is called)."""
    find = base_control.get_event_field_type
    if getattr(find, "kept", False):
        return
    kept: dict[tuple[type, str], object] = {}  # bounded: the app's control classes times their event fields

    def kept_type(control, field_name: str):
        key = (type(control), field_name)
        if key not in kept:
            kept[key] = find(control, field_name)
        return kept[key]

    # Flet resolves names in the globals of the frame that calls it: base_control's, as before.
    kept_type = types.FunctionType(kept_type.__code__, base_control.__dict__, "kept_type", None,
                                   kept_type.__closure__)
    kept_type.kept = True
    kept_type.flet_own = find
    base_control.get_event_field_type = kept_type
