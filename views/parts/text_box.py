"""A text box that never types over the player.

A box drawn with `value=` what the screen last heard loses letters: the
browser sends each letter's new value at once (Flet applies it to the box on
the host as it arrives), but the box's change event runs later, as a task of
its own. A redraw in between (another table scoring, a setting changing)
draws the box with the value the screen has heard so far, a letter or two
behind the box, and Flet sends that older value to the browser, over what
the player has just typed ("Bartholomew" came out "Bartholt").

So `TextBox` draws the box with what the browser last said while the screen's
value is the last one the player typed (the screen follows the player), and
sends the screen's value only when the screen changed it itself: emptied
after a name is seated, or set to a name kept. Such a value is drawn in a
new box (a new key), because under a stream of redraws a value sent to the
box being typed in was seen not to reach it.
"""
import inspect
from typing import Callable

import flet as ft


@ft.component
def TextBox(value: str, on_typed: Callable[[str], object] | None = None, *, refocus: bool = False,
            **kwargs) -> ft.TextField:
    """`ft.TextField(value=value, ...)` whose `on_typed(text)` is called on
    each change the player makes; `refocus`: a box drawn anew by the screen
    (emptied after a name is seated) takes the caret, for the next name.
    Every other keyword goes to the field."""
    box = ft.use_ref(ft.Ref)
    heard = ft.use_ref(None)  # the value of the player's last change the screen has handled
    asked = ft.use_ref(value)  # the value the screen asked for last time
    drawn = ft.use_ref(0)  # boxes drawn anew, each with a value the screen set
    shown = box.current.current
    if shown is not None and value in (asked.current, heard.current):
        # The screen follows the player (or has not changed its mind): keep what
        # the browser has, with any letters still on their way.
        asked.current, value = value, shown.value
    else:  # the screen set the box itself (emptied it, or a kept value): send it, in a new box
        if shown is not None and shown.value != value:
            drawn.current += 1  # a value sent to a box being typed in did not always reach it: a new box does
        asked.current, heard.current = value, None

    async def changed(e: ft.ControlEvent):
        heard.current = e.control.value
        if on_typed is not None and inspect.isawaitable(done := on_typed(e.control.value)):
            await done

    if drawn.current and refocus:
        kwargs["autofocus"] = True  # the player goes on typing in the new box (the next name)
    return ft.TextField(ref=box.current, value=value, on_change=changed, key=f"box-{drawn.current}", **kwargs)


class Typed:
    """What the player typed in a form's box, for the form: `shown` as this
    render saw it (to draw), `last` as the session heard it last (for Save).

    A Save reads `last`, so that what it keeps never depends on a render
    having run between the last letter and the tap (`shown`, in the tap's
    handler, is what the render that drew the button saw). On Flet 1.0.5 that
    render was measured to come first even when the letter and the tap arrive
    together (tests/integration/test_save_after_last_letter.py); this keeps
    it so whatever order a later Flet handles them in."""

    def __init__(self, shown, heard, set_shown):
        self.shown = shown
        self._heard = heard
        self._set_shown = set_shown

    @property
    def last(self):
        return self._heard.current

    def set(self, text) -> None:
        """The player typed `text`, or the screen set the box (emptied it after a save)."""
        self._heard.current = text
        self._set_shown(text)


def use_typed(first):
    """A form's typed value, starting at `first`: see `Typed`."""
    shown, set_shown = ft.use_state(first)
    heard = ft.use_ref(first)
    return Typed(shown, heard, set_shown)


def ticked(e: ft.ControlEvent) -> bool:
    """Whether a checkbox or switch was turned on by this tap: the value the
    browser sent with the tap, not the control's value now, which a redraw
    still on its way may have sent back as it was drawn (the same race)."""
    return e.data if isinstance(e.data, bool) else str(e.data).lower() == "true"
