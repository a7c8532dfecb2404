"""What the host downloads from History: one game, or the games shown, as
`companion.game/1` JSON (the record `xyscore export` writes) and as a CSV
of rounds (`companion.exports.write_rounds_csv`), each with its file name.

Read through readers, in one snapshot. While a game is played, the Bonus
Beats a player entered on their own phone stay out of its record (P2: the
host's screens never see them either, `table_services.seen_game`); a
finished game's record keeps every card, as the stored game does. The
bytes reach the browser over the host's own connection
(views/parts/download.py), never at an address anyone could fetch."""
from __future__ import annotations

import io
import json
from dataclasses import dataclass
from datetime import date

from companion import exports

from ..shown import game_rows

JSON, CSV = "json", "csv"


@dataclass(frozen=True)
class Download:
    name: str  # the file name, in players' words
    data: bytes


def _seen(record: dict, hidden) -> dict:
    """`record` without the cards dealt to the players in `hidden`."""
    dealt = record.get("bonus_beats_dealt")
    if not dealt or not hidden:
        return record
    kept = {name: cards for name, cards in dealt.items() if name not in hidden}
    seen = {key: value for key, value in record.items() if key != "bonus_beats_dealt"}
    return {**seen, "bonus_beats_dealt": kept} if kept else seen


def _text(records) -> bytes:
    return (json.dumps(records, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _csv(games) -> bytes:
    out = io.StringIO(newline="")
    exports.write_rounds_csv(games, out)
    return out.getvalue().encode("utf-8")


def game_json(store, game_id: int) -> Download:
    """One game's record; raises services.GameNotFound."""
    with store.reader() as uow:
        record = uow.games.record(game_id)
        stored = uow.games.get(game_id, history=False)
    hidden = () if stored.game.outcome().is_over else stored.secret_dealt
    return Download(game_rows.file_name(stored.game.game, stored.started_at, stored.game.players, JSON),
                    _text(_seen(record, hidden)))


def game_csv(store, game_id: int) -> Download:
    """One game's rounds, a row per player per round; raises services.GameNotFound."""
    with store.reader() as uow:
        stored = uow.games.get(game_id, history=False)
    return Download(game_rows.file_name(stored.game.game, stored.started_at, stored.game.players, CSV),
                    _csv([stored]))


def games_json(store, *, game: str | None = None, player: str | None = None,
               today: date | None = None) -> Download:
    """The records of the games History shows (one kind, or those `player`
    sat at), oldest first; games in play without their secret cards."""
    with store.reader() as uow:
        records = uow.games.records(game, player)
        # A record carries no id: a game in play is known by when it started and who sat where.
        hidden = {}
        for summary in uow.list_games(game, player):
            if summary.status != "finished":
                secret = uow.games.get(summary.id, history=False).secret_dealt
                if secret:
                    hidden.setdefault((summary.started_at, tuple(summary.players)), set()).update(secret)
    seen = [_seen(record, hidden.get((record.get("started_at"), tuple(record["players"])), ()))
            for record in records]
    return Download(game_rows.all_file_name(today or date.today(), JSON, game=game, player=player), _text(seen))


def games_csv(store, *, game: str | None = None, player: str | None = None,
              today: date | None = None) -> Download:
    """The rounds of the games History shows, oldest game first."""
    with store.reader() as uow:
        games = uow.games.stored_games(game, player)
    return Download(game_rows.all_file_name(today or date.today(), CSV, game=game, player=player), _csv(games))
