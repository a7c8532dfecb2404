"""The host's shared table for one game, in three parts, each its own route
(so Back and a reload stay on it), switched by the bar at the top:

- /game/ID/table: this hand, what the host needs during play: every seat's
  bid as it arrives, the tricks, and scoring the hand (`HandPart`);
- /game/ID/table/codes: the players' and display codes (QR, link, Copy link,
  Share, New code) and the links and phones, each with End;
- /game/ID/table/settings: what players may do."""
from __future__ import annotations

import flet as ft

from companion.access import Access, Role
from companion.services import GameNotFound

from .. import i18n
from ..hosting import HostRunContext
from ..i18n import N_
from ..parts import saving
from ..parts.guard import screen
from ..parts.bid_editor import BidEditor
from ..parts.live_hand_view import BidBoard
from ..parts.trick_tracker import TrickTracker
from ..parts.rematch_button import Rematch
from ..parts.typed_tricks import ScoreHand
from ..parts.scoreboard import Banner, banner_status
from ..parts.share_panel import SettingsMemo, SharePanel, live_token
from ..parts.widgets import LEAST, S, BigButton, Note, Panel, ScreenView, Section, Txt, keyed
from ..shown import table_logic
from ..state import SharedContext, go
from ..web import leaves, table_actions
from .game import Missing

# (the route's last part, the bar's label): None is this hand, the default.
# Short labels (said in the session's language): the three fit a 390-pixel phone with text at 145% in English;
# a longer German or French word moves its part to the bar's second line (PartBarPart).
PARTS = ((None, N_("This hand")), ("codes", N_("Codes")), ("settings", N_("Settings")))


def part_route(game_id: int, part: str | None = None) -> str:
    return f"/game/{game_id}/table" + (f"/{part}" if part else "")


def no_hand_words(game) -> str:
    """What this hand's part says when no hand is in play, in players' words (the session's language)."""
    _ = i18n.spoken().gettext
    hands = game.round_word == "hand"
    if game.outcome().is_over:
        return _("This game is over: there is no hand to play. Phones and the display still show the final scores.")
    if not game.takes_bids:
        return (_("In {game} each hand is entered on the scoreboard, not at the table: phones and the display "
                  "show the scores as you enter them.") if hands else
                _("In {game} each round is entered on the scoreboard, not at the table: phones and the display "
                  "show the scores as you enter them.")).format(game=game.name)
    return _("No hand is in play right now.") if hands else _("No round is in play right now.")


@ft.component
def PartBarPart(game_id: int, part: str | None, language: str = i18n.ENGLISH):
    """This hand, Codes, Settings: each part its own route. Re-rendered only
    when the part shown or the session's `language` changes, not at every bid or trick."""
    _ = i18n.speaker(language).gettext

    def one(value: str | None, label: str) -> ft.Control:
        shown = value == part  # filled in, as a segmented button's chosen segment, and said to be selected
        return ft.Semantics(selected=shown, content=ft.OutlinedButton(
            _(label), height=LEAST, on_click=lambda: go(part_route(game_id, value)),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=14), shape=ft.RoundedRectangleBorder(radius=20),
                                 bgcolor=ft.Colors.SECONDARY_CONTAINER if shown else None)))

    # Each part as wide as its words, side by side; a part whose word is too long for a third of a
    # 390-pixel phone with text at 145% (German, French) moves to a second line rather than break its word.
    return ft.Row([one(value, label) for value, label in PARTS], wrap=True, spacing=6, run_spacing=6)


PartBar = ft.memo(PartBarPart)


@ft.component
def DealtToSortOut(game_id: int, clashing: tuple[str, ...], asking: tuple[str, ...]):
    """The Bonus Beats entered on phones that need the host: two entries of
    one card, or a player past the changes a hand allows; names, never a card."""
    shared = ft.use_context(SharedContext)
    sending, send = saving.use_send()

    def clear(name: str):
        async def tapped():
            await send(lambda: table_actions.clear_dealt(shared, game_id, name))
        return tapped

    _ = i18n.spoken().gettext
    names = list(dict.fromkeys(clashing + asking))
    return Panel([Txt(_("Bonus Beats to sort out"), S.TITLE_LARGE, weight=ft.FontWeight.W_700),
                  *[Txt(line, S.BODY_MEDIUM) for line in table_logic.dealt_to_sort_out(clashing, asking)],
                  ft.Row([ft.OutlinedButton(_("Clear {name}'s cards").format(name=name), icon=ft.Icons.RESTART_ALT,
                                            on_click=clear(name), disabled=sending.busy,
                                            tooltip=_("Clear {name}'s Bonus Beats: their phone asks for them "
                                                      "again").format(name=name))
                          for name in names], wrap=True),
                  *saving.notice(sending)], spacing=8)


def HandTitle(title: str) -> ft.Control:
    """"HAND 3": a leaf, changed in place when a hand is scored."""
    return Section(title)


@leaves.in_place(HandTitle)
def hand_title_in_place(old: tuple, new: tuple):
    return [((), {"value": Section(new[0]).value})]


def HandPart(shared, seen, game_id: int) -> list:
    """The hand in progress: every seat's bid, the tricks, scoring, and a bid
    entry for each seat (for the seats without a phone, and for a player the
    host helps). Empty when no hand is in play."""
    hand = seen.hand
    if hand is None:
        return []
    _ = i18n.spoken().gettext
    host = Access.host(game_id)
    send = lambda seat, bid, card, ver: table_actions.bid(shared, host, seat, bid, card, ver)  # noqa: E731
    # Keyed: a banner or a note coming above them (a tiebreak) moves them, not draws them again.
    heading = leaves.values("hand-title", lambda h, _b: {"hand-title": (_("Hand {number}").format(number=h.number),)},
                            hand, {})
    body: list = [leaves.leaf("hand-title", HandTitle, heading["hand-title"]),
                  BidBoard(hand, seen.bids, tracking=seen.settings.track_tricks)]
    if seen.clashing or seen.asking:
        body.insert(1, DealtToSortOut(game_id, seen.clashing, seen.asking, key="dealt-to-sort-out"))
    if seen.settings.track_tricks:
        body.append(TrickTracker(hand, lambda w, o, v: table_actions.trick(shared, host, w, o, v),
                                 lambda v: table_actions.undo_trick(shared, host, v), key="tricks"))
    body.append(ScoreHand(hand, seen.settings.track_tricks,
                          lambda v, t, o: table_actions.score(shared, host, v, t, o),
                          lambda seat, t, o, ver: table_actions.count(shared, host, seat, t, o, ver),
                          key=f"score-{seen.settings.track_tricks}"))
    # Every seat: one without a phone, and one whose player the host helps (a phone asleep or flat).
    phones = len(seen.free_seats) < len(seen.game.players)
    body += [keyed(Section(_("Enter a seat's bid here (a phone sends its own)") if phones else
                           _("Enter a seat's bid here")), "entries-title"),
             ft.ResponsiveRow(key="entries", controls=[ft.Container(BidEditor(hand, seat, seen.bids[seat], send,
                                                      key=f"bid-{seat}"), col={"xs": 12, "md": 6})
                               for seat in hand.seats], spacing=12, run_spacing=12)]
    return body


def ThisHand(shared, run, seen, game_id: int) -> list:
    _ = i18n.spoken().gettext
    game = seen.game
    to_codes = lambda: go(part_route(game_id, "codes"))  # noqa: E731
    body: list = [Banner(game, seen.hand)]
    if seen.hand is None:
        body.append(Panel([Txt(no_hand_words(game)),
                           BigButton(_("Show the codes"), to_codes, icon=ft.Icons.QR_CODE, filled=False)]))
        if game.outcome().is_over:  # the same table plays on: its phones and display follow
            body.append(Rematch(game_id, game, to_table=True))
    else:
        if live_token(shared, run, game_id, Role.PLAYER, seen.links) is None:
            body.append(Panel([Txt(_("No players' code yet in this run: phones join with it."), S.BODY_MEDIUM),
                               BigButton(_("Share the game: players' code"), to_codes, icon=ft.Icons.QR_CODE)],
                              spacing=8))
        body += HandPart(shared, seen, game_id)
    return body + [keyed(BigButton(_("Back to the scoreboard"), lambda: go(f"/game/{game_id}"),
                                   icon=ft.Icons.SCOREBOARD, filled=False), "to-scoreboard")]


def Codes(shared, run, seen, game_id: int) -> list:
    base = run.base(ft.context.page.url)
    return [Txt(i18n.spoken().gettext("Phones join with the players' code; the tablet opens the display code."),
                S.BODY_MEDIUM,
                color=ft.Colors.ON_SURFACE_VARIANT),
            *SharePanel(shared, run, game_id, tuple(seen.game.players), base, seen.links)]


def Settings(seen, game_id: int) -> list:
    speaker = i18n.spoken()
    return [Section(speaker.gettext("What players may do")), SettingsMemo(game_id, seen.settings, speaker.code),
            Note(speaker.gettext("A change reaches every phone at once."))]


@screen
def TableScreen(game_id: int, part: str | None, version: int):
    shared = ft.use_context(SharedContext)
    run = ft.use_context(HostRunContext)
    route = part_route(game_id, part)
    try:
        seen = table_actions.host_view(shared, game_id)
    except GameNotFound:
        return Missing(route, game_id)
    if part == "codes":
        body = Codes(shared, run, seen, game_id)
    elif part == "settings":
        body = Settings(seen, game_id)
    else:
        # A trick, a bid and a hand scored: in place (with the Bonus Beats, a score draws the table again:
        # the cards dealt to sort out, those flipped).
        leaves.watch_table(seen, lambda: table_actions.host_view(shared, game_id),
                           lambda fresh: banner_status(fresh.game), numbered=bool(seen.game.bonus_beats))
        body = ThisHand(shared, run, seen, game_id)
    speaker = i18n.spoken()
    return ScreenView(route, speaker.gettext("The table"), [PartBar(game_id, part, speaker.code), *body],
                      back=f"/game/{game_id}", width=900)
