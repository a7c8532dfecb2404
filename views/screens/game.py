"""One game: its scoreboard, entering the next round, undo and redo; and the
round screen that enters or corrects a round."""
from __future__ import annotations

import flet as ft

from companion import record
from companion.history import redo_change, undo_change
from companion.services import GameNotFound

from ..parts import drafts, saving
from ..parts.game_note import GameNote
from ..parts.game_over import GameOver
from .. import i18n
from ..hosting import HostRunContext
from ..parts.guard import screen
from ..parts.scoreboard import Scoreboard
from ..parts.setup_guide import SetupGuide
from ..parts.share_panel import share_now
from ..parts.widgets import BigButton, IconTap, Note, Panel, S, ScreenView, Section, Txt
from ..parts.xybrid_round import XybridRoundForm
from ..parts.xylotar_round import XylotarHandForm
from ..shown import drafts as said, logic, undo_words
from ..state import SessionContext, SharedContext, go
from ..web import actions


def Missing(route: str, game_id: int) -> ft.View:
    _ = i18n.spoken().gettext
    return ScreenView(route, _("Not found"), [Note(_("This game is not here: it may have been deleted."))])


def Changes(history: list, word: str = "round") -> ft.Control:
    """Who changed which round and how, newest first (the last ten), in the history's own messages
    (companion/history.py) said in the session's language."""
    _ = i18n.spoken().gettext
    lines = []
    for change in reversed(history[-10:]):
        detail = "; ".join(logic.changes_said(change))
        said = logic.change_said(change, word)
        lines.append(Txt(_("{time}  {change}: {details}").format(time=change.at[11:16], change=said, details=detail)
                         if detail else _("{time}  {change}").format(time=change.at[11:16], change=said),
                         S.BODY_MEDIUM))
    return Panel(lines, spacing=4)


@screen
def GameScreen(game_id: int, version: int, read_only: bool = False):
    _ = i18n.spoken().gettext
    shared = ft.use_context(SharedContext)
    run = ft.use_context(HostRunContext)
    sending, send = saving.use_send()
    route = f"/history/{game_id}" if read_only else f"/game/{game_id}"
    game_route = f"/game/{game_id}"
    try:
        stored = actions.load(shared, game_id)
    except GameNotFound:
        return Missing(route, game_id)
    game = stored.game
    played = len(logic.rounds_of(game))
    word = logic.round_word(game)
    outcome = game.outcome()

    page = ft.context.page
    told = ft.use_ref(None)  # the snack bar last shown: a new one replaces it instead of queueing behind it

    def put_away() -> None:
        """The notice stays with this scoreboard: on another screen its button would undo another hand."""
        if told.current is not None and told.current.open:
            told.current.open = False
            told.current.update()

    ft.on_unmounted(put_away)

    def tell(text: str | None, again: str, step) -> None:
        """After an undo or redo: what it took back or put back, and a button to turn it round again."""
        if not text:
            return
        put_away()
        told.current = ft.SnackBar(Txt(text, color=ft.Colors.ON_INVERSE_SURFACE), action=again, on_action=step,
                                   show_close_icon=True, duration=8000)
        page.show_dialog(told.current)

    async def undo():
        # from the history as it is now: the snack bar's button may be tapped after other changes
        text = undo_words.undid(actions.load(shared, game_id).history, word, actions.HOST)
        if await send(lambda: actions.undo(shared, game_id)):
            tell(text, i18n.spoken().gettext("Redo"), redo)

    async def redo():
        text = undo_words.redid(actions.load(shared, game_id).history, word, actions.HOST)
        if await send(lambda: actions.redo(shared, game_id)):
            tell(text, i18n.spoken().gettext("Undo"), undo)

    async def share():
        """One tap: the codes, the players' code already made (its QR on screen at once)."""
        if await send(lambda: share_now(shared, run, game_id)):
            go(f"{game_route}/table/codes")

    def tools() -> list[ft.Control]:
        return [] if read_only else [
            IconTap(ft.Icons.QR_CODE, tooltip=_("Share the table"), disabled=sending.busy, on_click=share),
            IconTap(ft.Icons.UNDO, tooltip=undo_words.undo_tip(stored.history, word, actions.HOST),
                    disabled=undo_change(stored.history) is None or sending.busy, on_click=undo),
            IconTap(ft.Icons.REDO, tooltip=undo_words.redo_tip(stored.history, word, actions.HOST),
                    disabled=redo_change(stored.history) is None or sending.busy, on_click=redo),
        ]
    next_label = logic.next_round_button(game)
    on_board = not outcome.is_over and not read_only and game.game == "xylotar"

    def parts() -> list[ft.Control]:  # made afresh by the screen that shows them (a control is in one tree)
        return [
            Txt(_("{game} (read only)").format(game=logic.game_title(game)) if read_only else logic.game_title(game),
                S.TITLE_SMALL,
                color=ft.Colors.ON_SURFACE_VARIANT),
            *saving.notice(sending),
            *([Section(_("Before the first hand") if word == "hand" else _("Before the first round")),
               SetupGuide(game)] if not played else []),
            # Each round's note shown, and the host's to type, in play as in the history (issue 28).
            *Scoreboard(game, on_correct=None if read_only else lambda n: go(f"{game_route}/round/{n}"),
                        notes=stored.round_notes, noted_game=game_id),
            *GameOver(game_id, stored, read_only=read_only),
            GameNote(game_id, stored.note, read_only, key=f"note-{stored.note}"),  # a note kept elsewhere: shown afresh
            BigButton(_("Show on the table display"), lambda: go(f"/display/{game_id}"), icon=ft.Icons.TV, filled=False),
            *([BigButton(_("Share the table: phones and display"), share, icon=ft.Icons.QR_CODE,
                         filled=False)] if not read_only else []),
            *([Section(_("Changes")), Changes(stored.history, game.round_word)] if stored.history else []),
        ]
    if on_board:
        # The next hand on the scoreboard itself: its numbers on top, Confirm in the footer (issue 28).
        return XylotarHandForm(route, game.name, game_id, game, None, None, below=parts, tools=tools,
                               key=f"{game_id}-None")
    # The next round one tap away, in the footer: in view on a phone whatever the standings, chart and
    # by-round table above it take (issue 28; an XYbrid round is entered on a form of its own).
    entry = (BigButton(next_label, lambda: go(f"{game_route}/round"), icon=ft.Icons.EDIT_NOTE)
             if not outcome.is_over and not read_only else None)
    return ScreenView(route, game.name, parts(), actions=tools(), back="/history" if read_only else "/", footer=entry)


@screen
def RoundScreen(game_id: int, number: int | None, version: int):
    _ = i18n.spoken().gettext
    shared = ft.use_context(SharedContext)
    route = f"/game/{game_id}/round" + (f"/{number}" if number else "")
    # Left (views/state.go): the screen stays as it was until the next one shows. A change at the
    # table meanwhile (this screen's own last hand, say) must not draw a refusal on the way (issue 28).
    now = ft.use_context(SessionContext).route.split("?")[0]
    left = "/" + "/".join(part for part in now.split("/") if part) != route
    titled = ft.use_ref("")
    try:
        stored = actions.load(shared, game_id)
    except GameNotFound:
        return Missing(route, game_id)
    game = stored.game
    rounds = logic.rounds_of(game)
    word = logic.round_word(game)
    if number is not None and not 1 <= number <= len(rounds):
        return ScreenView(route, _("Nothing to correct"),
                          [Note((_("There is no hand {number} yet.") if word == "hand" else
                                 _("There is no round {number} yet.")).format(number=number))],
                          back=f"/game/{game_id}")
    kept = drafts.pending(ft.context.page, said.key(game_id, None)) if number is None else None
    if number is None and game.outcome().is_over and not (kept and kept.number <= len(rounds)) and not left:
        # (a hand being entered here when another screen entered the last one stays, to compare)
        return ScreenView(route, _("Game over"), [Note(_("This game is finished; correct a past round instead."))],
                          back=f"/game/{game_id}")
    title = titled.current if left and titled.current else (
        (_("Correct hand {number}") if word == "hand" else _("Correct round {number}")).format(number=number)
        if number else logic.next_round_title(game))
    titled.current = title
    raw = record.round_to_dict(rounds[number - 1]) if number else None
    # Keyed by the game and the round corrected (or the next), not by the rounds played: a round entered on
    # another screen leaves this one's entry on screen, and the form says so (views/parts/round_entry.py).
    return ROUND_FORMS[game.game](route, title, game_id, game, number, raw, key=f"{game_id}-{number}")


# The form each game's round is entered with, by the record's name for the game.
ROUND_FORMS = {"xylotar": XylotarHandForm, "xybrid": XybridRoundForm}
