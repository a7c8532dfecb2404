"""The scoreboard: totals and rank, who leads next and why, the chart, every
round with each score's breakdown on tap and the players' note on it (the
host opens a round's note with a tap on its number), Bonus Beats held, the
outcome. The notes and a breakdown each have a "why?" that opens the rule in
plain words."""
from __future__ import annotations

import flet as ft

from companion.outcome import Status

from .. import i18n
from ..shown import hand_entry, logic, spoken, why, words
from ..shown.table_logic import Keyed
from ..web import leaves
from .chart import ScoreChart, player_colour
from .per_game import once
from .names import Name, name_in_place
from .round_note import NoteLine, RoundNote, note_label
from .widgets import LEAST, IconTap, Note, Panel, S, Section, Txt, WhyLink


def Trophy(size: int) -> ft.Control:
    # An icon, not an emoji: offline, Flutter web has no emoji font to draw one.
    return ft.Icon(ft.Icons.EMOJI_EVENTS, color="#E0A800", size=size, tooltip=i18n.spoken().gettext("winner"))


def OnePhrase(said: str, row: ft.Control) -> ft.Control:
    """A standings row, read by a screen reader as the one phrase `said`
    ("Ann, first, 42 points") instead of its rank, name and total one by one."""
    return ft.Semantics(content=row, label=said, container=True, exclude_semantics=True)


def total_label(game, name: str, total: int) -> str:
    """A standings total for a screen reader: 'Ann total 42 points'."""
    s = i18n.spoken()
    text = (s.ngettext("{name} total {total} points", "{name} total {total} points", total) if game.unit == "points"
            else s.ngettext("{name} total {total} infamy", "{name} total {total} infamy", total))
    return text.format(name=name, total=s.number(total))


def standings_rows(game) -> tuple:
    """Each standings row, best first: (rank, name, total, its phrase, the player's colour,
    winner or not, the total as a screen reader says it). In the session's language."""
    winners = set(game.outcome().winners)
    return tuple((rank, name, total, said, player_colour(game.players.index(name)), name in winners,
                  total_label(game, name, total))
                 for (rank, name, total), said in zip(logic.standings(game), spoken.standings_said(game)))


def Standings(game) -> ft.Control:
    return StandingsOf(standings_rows(game))


def StandingsOf(rows: tuple) -> ft.Control:
    """`standings_rows`, on a phone or the host's screens (`standings_in_place` knows its places)."""
    return Panel([OnePhrase(said, ft.Row([
        ft.Container(Txt(str(rank), S.TITLE_MEDIUM, weight=ft.FontWeight.W_700, color="#FFFFFF"),
                     bgcolor=colour, width=36, height=36, border_radius=18, alignment=ft.Alignment.CENTER),
        ft.Container(ft.Row([Name(name, S.TITLE_LARGE, weight=ft.FontWeight.W_600),
                             *([Trophy(28)] if winner else [])], spacing=6), expand=True),
        Txt(str(total), S.HEADLINE_MEDIUM, weight=ft.FontWeight.W_800, label=label),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)) for rank, name, total, said, colour, winner, label in rows],
        spacing=8)


def BigStandings(game) -> ft.Control:
    return BigStandingsOf(standings_rows(game))


def BigStandingsOf(rows: tuple) -> ft.Control:
    """The standings in large type, for a tablet across the table (both displays)."""
    return ft.Column([OnePhrase(said, ft.Container(ft.Row([
        ft.Container(Txt(str(rank), S.HEADLINE_MEDIUM, weight=ft.FontWeight.W_800, color="#FFFFFF"),
                     width=64, height=64, border_radius=32, bgcolor=colour, alignment=ft.Alignment.CENTER),
        ft.Container(ft.Row([Name(name, S.DISPLAY_SMALL, weight=ft.FontWeight.W_700),
                             *([Trophy(48)] if winner else [])], spacing=12), expand=True),
        Txt(str(total), S.DISPLAY_MEDIUM, weight=ft.FontWeight.W_900, label=label),
    ], spacing=18), padding=ft.Padding.symmetric(horizontal=20, vertical=10), border_radius=24,
        bgcolor=ft.Colors.SURFACE_CONTAINER)) for rank, name, total, said, colour, winner, label in rows],
        spacing=12)


def standings_in_place(old: tuple, new: tuple, big: bool = False) -> list | None:
    """How standings drawn from rows `old` (StandingsOf, or BigStandingsOf if `big`) come to show
    `new` in place: [(path under them, {property: value})]; None where a trophy comes or goes,
    or the players are not the same number."""
    if len(old) != len(new) or any(a[5] != b[5] for a, b in zip(old, new)):
        return None
    changes: list = []
    for i, (was, now) in enumerate(zip(old, new)):
        row = ("controls", i) if big else ("content", "controls", i)
        line = (*row, "content", "content") if big else (*row, "content")
        rank, name, total, said, colour, _winner, label = now
        if was[3] != said:
            changes.append((row, {"label": said}))
        if was[0] != rank:
            changes.append(((*line, "controls", 0, "content"), {"value": str(rank)}))
        if was[4] != colour:
            changes.append(((*line, "controls", 0), {"bgcolor": colour}))
        if was[1] != name:
            changes += [((*line, "controls", 1, "content", "controls", 0, *path), props)
                        for path, props in name_in_place(name)]
        if (was[2], was[6]) != (total, label):
            changes.append(((*line, "controls", 2), {"value": str(total), "semantics_label": label}))
    return changes


def Why(game, topic: str | None, about: str) -> ft.Control:
    """A "why?" under a note, at its right (nothing where no topic explains it)."""
    link = [WhyLink(topic, about, game=game.game)] if topic else []
    return ft.Row(link, alignment=ft.MainAxisAlignment.END)


def has_banner(outcome) -> bool:
    """Whether OutcomeBanner shows anything for `outcome`: a game over, or a tiebreak hand needed."""
    return outcome.is_over or outcome.status is Status.TIEBREAK_ROUND_NEEDED


def OutcomeBanner(game) -> ft.Control | None:
    s = i18n.spoken()
    outcome = game.outcome()
    if not has_banner(outcome):
        return None
    if outcome.is_over:
        return ft.Container(ft.Column([
            Txt(logic.win_line(outcome.winners),
                S.HEADLINE_SMALL, weight=ft.FontWeight.W_800, color=ft.Colors.ON_PRIMARY_CONTAINER),
            # The engine's words (plain English until kept as an id).
            Txt(words.say(outcome.explanation, s), color=ft.Colors.ON_PRIMARY_CONTAINER),
            Why(game, why.end_topic(game.game), s.gettext("the winner")),
        ], spacing=4), bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=20, padding=16)
    if outcome.status is Status.TIEBREAK_ROUND_NEEDED:
        return ft.Column([Note(tiebreak_note(outcome), ft.Icons.BALANCE),
                          Why(game, why.end_topic(game.game), s.gettext("the tiebreak"))], spacing=0)
    return None


def tiebreak_note(outcome) -> str:
    """What the banner says while a tiebreak hand is needed (`outcome`, the game's), in the session's language."""
    s = i18n.spoken()
    return s.gettext("Tiebreak: {explanation}.").format(explanation=words.say(outcome.explanation, s))


def banner_shown(game, language: str) -> tuple:
    """OutcomeBanner's leaf value (`BannerDraw`): the game, keyed by what its banner says in `language`."""
    def key() -> tuple | None:
        outcome = game.outcome()
        return (outcome.status, repr(outcome.explanation), language) if has_banner(outcome) else None
    return (Keyed(game, once(game, f"banner:{language}", key)),)


def banner_status(game):
    """Whether its banner shows, and which (a tiebreak, the end): part of a table screen's structure (a
    change draws it again; the banner's words change in place, `banner_in_place`)."""
    def status():
        outcome = game.outcome()
        return outcome.status if has_banner(outcome) else None
    return once(game, "banner-status", status)


def Banner(game, hand) -> ft.Control:
    """OutcomeBanner as a leaf of a table screen (`hand`: its hand in play), for the game as it stands."""
    language = i18n.spoken().code
    shown = leaves.values("banner", lambda h, _b: {"banner": banner_shown(h.game if h else game, language)}, hand, {})
    return leaves.leaf("banner", BannerDraw, shown["banner"])


def BannerDraw(shown: Keyed) -> ft.Control:
    """OutcomeBanner as a leaf (a phone's, the host's table): hidden while there is none."""
    return OutcomeBanner(shown.value) or ft.Container(visible=False)


@leaves.in_place(BannerDraw)
def banner_in_place(old: tuple, new: tuple):
    """A tiebreak hand scored and another needed: the banner's words (its "why?" is the same)."""
    was, now = old[0].key, new[0].key
    if was is None or now is None or not (was[0] is now[0] is Status.TIEBREAK_ROUND_NEEDED) or was[2] != now[2]:
        return None
    return [(("controls", 0, "content", "controls", 1, "content"), {"value": tiebreak_note(new[0].value.outcome())})]


def TurnNote(game, turn: str) -> ft.Control:
    """Who leads or starts next and why (the engine's words), and its rule's "why?"."""
    about = (i18n.spoken().gettext("who plays first in the next hand") if game.round_word == "hand" else
             i18n.spoken().gettext("who plays first in the next round"))
    return ft.Column([Note(turn, ft.Icons.PLAY_CIRCLE_OUTLINE), Why(game, why.turn_topic(game.game), about)],
                     spacing=0)


def BreakdownWhy(game, number: int, name: str) -> ft.Control:
    """Under a score's breakdown: "why?" opens how a round is scored, then a
    link to each other rule that made this score (a Bonus Beat, Off-Key cards)."""
    main, *more = why.score_topics(game, number, name)
    s = i18n.spoken()
    about = (s.gettext("{name}'s score in hand {number}") if game.round_word == "hand" else
             s.gettext("{name}'s score in round {number}")).format(name=name, number=number)
    return ft.Row([WhyLink(main, about, game=game.game),
                   *[WhyLink(slug, s.gettext(why.topic(slug).title), game=game.game,
                             text=s.gettext(why.topic(slug).title))
                     for slug in more]], wrap=True, spacing=0, run_spacing=0)


@ft.component
def RoundTable(game, on_correct, notes: dict[int, str] | None = None, noted_game: int | None = None):
    """Rounds by players; tap a score for its breakdown. Each round's note
    (`notes`, by number) under it; given `noted_game` (the game's id: the
    host's screens), a tap on a round's number opens its note to type."""
    opened, set_opened = ft.use_state(None)
    noting, set_noting = ft.use_state(None)  # the round whose note is open to type
    notes = notes or {}
    word = logic.round_word(game)
    s = i18n.spoken()
    hands = word == "hand"
    small = dict(style=S.LABEL_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)
    # The round's word in the names' size: in LABEL_LARGE at 145% it broke in two ("Roun", "d"), and a
    # wider column left a phone's score cells narrower than a thumb.
    first = 64
    header = ft.Row([ft.Container(ft.Column([Txt(s.gettext("Hand") if hands else s.gettext("Round"), S.LABEL_MEDIUM,
                                                 weight=ft.FontWeight.W_600),
                                             Txt(s.gettext(logic.FIRST_HEADER), **small)],
                                            spacing=0), width=first),
                     # A long name's first letters (a phone's column of 5 holds about 5), the whole name on tap.
                     *[ft.Container(Name(short, S.LABEL_MEDIUM, weight=ft.FontWeight.W_600,
                                         expand=False, align=ft.TextAlign.CENTER, label=n, tip=False),
                                    expand=True, tooltip=ft.Tooltip(message=n, trigger_mode=ft.TooltipTriggerMode.TAP)
                                    if n != short else None)
                       for n, short in zip(game.players, logic.column_names(game.players))],
                     *([ft.Container(width=48)] if on_correct else [])],
                    spacing=0, vertical_alignment=ft.CrossAxisAlignment.END)
    rows = [Txt(s.gettext(logic.TABLE_NOTE), **small), header]
    # Five columns on a phone are about 44 px: a two-digit score in TITLE_LARGE at 145% broke in two ("1", "0").
    figure = S.TITLE_LARGE if len(game.players) <= 4 else S.TITLE_MEDIUM
    for row in logic.score_rows(game):
        number = row["number"]
        cells = []
        for name in game.players:
            score, total = row["scores"][name], row["totals"][name]
            chosen = opened == (number, name)
            cells.append(ft.Container(
                ft.Column([Txt(str(score), figure, weight=ft.FontWeight.W_700),
                           Txt(logic.total_shown(total), **small, label=logic.total_said(game, number, name, total))],
                          spacing=0, alignment=ft.MainAxisAlignment.CENTER,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                expand=True, height=64, alignment=ft.Alignment.CENTER, border_radius=12,
                bgcolor=ft.Colors.SECONDARY_CONTAINER if chosen else None,
                tooltip=(s.gettext("hand {number}, {name}: {score}; tap for why") if hands else
                         s.gettext("round {number}, {name}: {score}; tap for why")).format(
                    number=number, name=name, score=score),
                on_click=lambda _, n=number, p=name: set_opened(None if opened == (n, p) else (n, p))))
        note = notes.get(number)
        shown = ft.Row([Txt(str(number), S.TITLE_MEDIUM, weight=ft.FontWeight.W_700),
                        *([ft.Icon(ft.Icons.STICKY_NOTE_2 if note else ft.Icons.EDIT_NOTE, size=16,
                                   color=ft.Colors.PRIMARY if note else ft.Colors.ON_SURFACE_VARIANT)]
                          if noted_game is not None else [])], spacing=2)
        if noted_game is not None:  # the host's: the hand's number, a thumb's size, opens its note
            shown = ft.Container(shown, height=LEAST, border_radius=12, tooltip=note_label(word, number),
                                 bgcolor=ft.Colors.SECONDARY_CONTAINER if noting == number else None,
                                 on_click=lambda _, n=number: set_noting(None if noting == n else n))
        rows.append(ft.Row([
            ft.Container(ft.Column([shown,
                                    Name(row["leader"], S.LABEL_SMALL, color=ft.Colors.ON_SURFACE_VARIANT, expand=False,
                                         label=logic.first_said(game, number, row["leader"]) or None, tip=False)],
                                   spacing=0), width=first),
            *cells,
            *([IconTap(ft.Icons.EDIT, tooltip=(s.gettext("Correct hand {number}") if hands else
                                               s.gettext("Correct round {number}")).format(number=number),
                             on_click=lambda _, n=number: on_correct(n))] if on_correct else []),
        ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER))  # no gaps: 5 cells on a phone, each a thumb wide
        if noting == number and noted_game is not None:
            rows.append(RoundNote(noted_game, number, word, note, lambda: set_noting(None),
                                  key=f"note-{number}-{note}"))  # a note kept elsewhere meanwhile: typed afresh
        elif note:
            rows.append(NoteLine(word, number, note))
        if opened and opened[0] == number:
            lines = logic.breakdown_lines(game, number, opened[1])
            rows.append(ft.Container(ft.Column([Txt((s.gettext("{name}, hand {number}") if hands else
                                                     s.gettext("{name}, round {number}")).format(
                                                         name=opened[1], number=number), S.TITLE_SMALL,
                                                    weight=ft.FontWeight.W_700),
                                                *[Txt(line) for line in lines],
                                                BreakdownWhy(game, number, opened[1])], spacing=2),
                                     bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=12))
    return Panel(rows, spacing=4, padding=10)


def HeldBonusBeats(game) -> ft.Control | None:
    if "bonus_beats" not in game.expansions:
        return None
    s = i18n.spoken()
    held = hand_entry.held_bonus_beats(game)
    return Panel([Txt(s.gettext("{name}: {cards}").format(name=name, cards=", ".join(cards)) if cards else
                      s.gettext("{name}: none left").format(name=name)) for name, cards in held.items()],
                 spacing=4)


def Scoreboard(game, on_correct, notes: dict[int, str] | None = None,
               noted_game: int | None = None) -> list[ft.Control]:
    """The scoreboard's parts, top to bottom; `notes` and `noted_game` as RoundTable takes them."""
    s = i18n.spoken()
    hands = logic.round_word(game) == "hand"
    banner = OutcomeBanner(game)
    turn = logic.next_turn(game)
    held = HeldBonusBeats(game)
    rows = logic.score_rows(game)
    return [
        *([banner] if banner else []),
        *([TurnNote(game, turn)] if turn else []),
        Standings(game),
        *([Section(s.gettext("By hand") if hands else s.gettext("By round")),
           RoundTable(game, on_correct, notes, noted_game),
           Section(s.gettext("Totals by hand") if hands else s.gettext("Totals by round")),
           Panel([ScoreChart(game.players, logic.running_totals(game), word=logic.round_word(game))])]
          if rows else []),
        *([Section(s.gettext("Bonus Beats still held")), held] if held else []),
    ]
