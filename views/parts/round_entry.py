"""One way a round form works, for every game (issue 25): `use_round_entry`
keeps the entries as a draft (views/parts/drafts.py, under
`shown.drafts.key`), says when the round they were typed for was entered on
another screen (enter them as the next round, correct that round with them,
or discard them), sends the round, asks before a correction that ends the
game earlier or reopens it (X8), shows a refusal in the form's words, says
what a saved correction changed and goes back to the scoreboard. Before a
correction is saved, it says whose later start it keeps as played.

A form (views/parts/xylotar_round.py, views/parts/xybrid_round.py) keeps
only its game's own parts: its panels, what blocks Confirm, its summary line:

    entry = use_round_entry(game_id, game, number, initial, to_round=..., say=...)
    entry.entries, entry.change(update)             # the form's entries
    ...
    return entry.screen(route, title, body, problems=found, topics=rules, summary=line)
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import flet as ft

from companion import record
from companion.correction import starters_kept
from companion.errors import AlreadyEntered, GameError, Problem
from companion.services import EndsEarlier, Reopens

from .. import i18n
from ..shown import drafts as said, undo_words, why
from ..state import SharedContext, go
from ..web import actions, writes
from . import drafts, saving
from .widgets import BigButton, Note, Problems, S, ScreenView, TextTap, Txt, WhyLink


class RoundEntry:
    """What `use_round_entry` answers (see the module's docstring)."""

    def __init__(self, **parts: Any) -> None:
        self.__dict__.update(parts)

    def kept_lines(self, ready: bool) -> list[str]:
        """A correction the rules take (`ready`): the later rounds it keeps as
        played though the corrected scores would name another starter."""
        if not self.number or not ready:
            return []
        try:
            entered = record.round_from_dict(self.game, self.to_round(self.entries), self.number)
        except GameError:
            return []
        return undo_words.kept_said(self.game.round_word, starters_kept(self.game, self.number, entered),
                                    saved=False)

    def screen(self, route: str, title: str, body: list, *, problems: Sequence[str], shown: Sequence[str],
               topics: Sequence[str], summary: ft.Control, below: Sequence[ft.Control] = (),
               back: str | None = None, tools: list | None = None) -> ft.View:
        """The form's screen: the clash (or the draft brought back) and what a
        correction keeps above `body`; below it `shown` (the problems or the
        refusal) with a "why?" per rule in `topics`, and the write's notice;
        in the footer `summary` and Confirm, which `problems` or a clash block;
        `below` under all that (the scoreboard, when the form sits on it)."""
        clash, refused = self.clash, self.refused
        shown = [] if clash else list(refused) or list(shown)
        _ = i18n.spoken().gettext
        word = self.game.round_word
        button = BigButton(saving.label(self.sending, _("Save correction") if self.number else
                                        _("Confirm hand") if word == "hand" else _("Confirm round")),
                           self.save, icon=ft.Icons.CHECK, disabled=bool(problems) or self.sending.busy or clash)
        return ScreenView(route, title, [
            *self.top,
            *[Note(line, ft.Icons.HISTORY) for line in self.kept_lines(not problems and not clash)],
            *body,
            *([Problems(shown)] if shown else []),
            *([ft.Row([WhyLink(t, _(why.BY_SLUG[t].title), game=self.game.game,
                               text=_(why.BY_SLUG[t].title)) for t in topics], wrap=True, spacing=4)]
              if shown and topics and not refused else []),
            *saving.notice(self.sending),
            *below,
        ], back=back or f"/game/{self.game_id}", width=1100, actions=tools,
            footer=ft.Row([summary, button], vertical_alignment=ft.CrossAxisAlignment.CENTER))


def why_topics(problems: Sequence[Problem]) -> list[str]:
    """A "why?" topic for each rule `problems` break, in the order they are said."""
    return list(dict.fromkeys(t for t in (why.topic_for_rule(p.rule) for p in problems) if t))


def use_round_entry(game_id: int, game, number: int | None, initial: Any, *, to_round: Callable[[Any], dict],
                    say: Callable[[Sequence[Problem]], Sequence[str]], ignore: Sequence[str] = (),
                    for_correction: Callable[[Any], Any] = lambda entries: entries,
                    stored_lines: Callable[[int], list[str]] | None = None) -> RoundEntry:
    """In a round form: the entry of round `number` (None: the next) of game
    `game_id`, from `initial` (the blank or stored round as the form's
    entries). `to_round(entries)`: the round as a record-format dict;
    `say(problems)`: a refusal in the form's words; `ignore`: the form's own
    marks, no draft; `for_correction(entries)`: the entries as the correction
    form takes them; `stored_lines(n)`: stored round n in lines, one per seat."""
    shared = ft.use_context(SharedContext)
    page = ft.context.page
    word = game.round_word
    upcoming = len(game.rounds) + 1
    draft = drafts.use_draft(said.key(game_id, number), initial, number or upcoming, ignore=ignore)
    refused, set_refused = ft.use_state(())
    stale, set_stale = ft.use_state(False)  # the service refused it: entered on another screen
    sending, send = saving.use_send(footer=True)
    own = ft.use_ref(False)  # this screen's round is on its way: the change it makes is no clash
    clash = number is None and not own.current and (draft.number < upcoming or stale)
    entries, clash_number = draft.entries, draft.number

    def change(update) -> None:
        draft.set_entries(update)  # functional: quick taps all count, even before the screen re-renders
        set_refused(())

    def as_next() -> None:
        set_stale(False)
        draft.renumber(len(game.rounds) + 1)

    def as_correction() -> None:
        set_stale(False)
        drafts.keep(page, said.key(game_id, clash_number), clash_number, for_correction(entries))
        draft.clear()
        go(f"/game/{game_id}/round/{clash_number}")

    def discard() -> None:
        set_stale(False)
        set_refused(())
        draft.clear()
        if number is None and game.outcome().is_over:  # the round entered elsewhere ended the game
            go(f"/game/{game_id}")

    def ask(title: str, question: str, button: str, then: dict) -> None:
        """X8: the correction ends the game before the rounds after it, or
        reopens it; storing it (with `then`) drops them, or reopens it."""
        async def save_anyway():
            page.pop_dialog()
            await store(**then)

        page.show_dialog(ft.AlertDialog(
            modal=True, title=Txt(title, S.TITLE_LARGE, weight=ft.FontWeight.W_700), content=Txt(question),
            actions=[TextTap(i18n.spoken().gettext("Keep editing"), on_click=lambda: page.pop_dialog()),
                     ft.FilledButton(button, on_click=save_anyway)]))

    async def save() -> None:
        await store()

    async def store(drop_later: bool = False, reopen: bool = False) -> None:
        entered, expected = to_round(entries), len(game.rounds) + 1
        own.current, done = True, None
        try:
            done = await send(lambda: actions.record_round(shared, game_id, entered, number, expected=expected,
                                                           drop_later=drop_later, reopen=reopen))
        except EndsEarlier as refusal:
            ask(i18n.spoken().gettext("This ends the game earlier"), undo_words.drop_question(word, refusal.ends_after, refusal.dropped),
                undo_words.drop_button(word, refusal.dropped), {"drop_later": True})
            return
        except Reopens as refusal:
            ask(i18n.spoken().gettext("This reopens the game"),
                undo_words.reopen_question(refusal.winners, refusal.explanation), undo_words.reopen_button(), {"drop_later": drop_later, "reopen": True})
            return
        except AlreadyEntered as error:
            if number is None and error.number == expected:
                set_stale(True)
                writes.changed(shared, game_id)  # every screen reads the game again: the round stored elsewhere shows
                return
            set_refused(tuple(say(error.problems)))
            return
        except GameError as error:
            set_refused(tuple(say(error.problems)))
            return
        finally:
            own.current = bool(done)
        if done:
            if number:
                saving.tell_saved(page, shared, game_id, game, done.value, number)
            if page.route.split("?")[0].rstrip("/") == f"/game/{game_id}":
                draft.clear()  # entered on the scoreboard itself: it stays, empty, for the next hand
            else:  # forgotten first: the scoreboard's own entry, drawn as it opens, must not take it up
                draft.forget()  # the entries stay on screen until the scoreboard shows
                go(f"/game/{game_id}")

    if clash:
        history = actions.load(shared, game_id).history
        stored = clash_number <= len(game.rounds)
        author = history[-1].author if history and stored else ""
        lines = stored_lines(clash_number) if stored and stored_lines else []
        top = [drafts.ClashPanel(word, clash_number, author, actions.HOST, stored_lines=lines,
                                 upcoming=None if game.outcome().is_over else upcoming, on_next=as_next,
                                 on_discard=discard, on_correct=as_correction if stored else None)]
    else:
        top = [drafts.Restored(word, draft.restored, discard)] if draft.restored else []
    return RoundEntry(game_id=game_id, game=game, number=number, entries=entries, change=change,
                      set_entries=draft.set_entries, refused=refused, clash=clash, sending=sending, top=top,
                      save=save, start_over=discard, to_round=to_round)
