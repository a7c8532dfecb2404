"""A confirmed entry reads the game once (issue 10): the shared table's
"Score hand" reads the game, its hand and its settings in one transaction
and records the round on what it read; the game's fingerprint and facts
follow the change without reading the game back, and are exactly what
reading it back would give."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import event, text

from companion import services
from companion import table_services as ts
from companion.access import Access, Role, TableSettings
from companion.errors import GameError
from companion.live_hand import StaleEntry
from models import game_facts
from models.rows import record_hash, record_of
from models.tables import GameRow

from .conftest import hand, monster_round, start, whole

PLAYERS = ("Ann", "Bob", "Cat", "Dev")


class Statements:
    """Every statement SQLite runs on the store's connections while `on`
    (the driver's own: the bulk reads go around SQLAlchemy)."""

    def __init__(self, store) -> None:
        self.on = False
        self.seen: list[str] = []

        def traced(statement: str) -> None:
            if self.on:
                self.seen.append(" ".join(statement.split()))

        event.listen(store.engine, "checkout", lambda raw, _record, _proxy: raw.set_trace_callback(traced))

    def __enter__(self) -> list[str]:
        self.on, self.seen = True, []
        return self.seen

    def __exit__(self, *exc) -> None:
        self.on = False

    def reading(self, table: str) -> list[str]:
        """The SELECTs of rows of `table` (the table their first FROM names)."""
        return [s for s in self.seen if s.startswith("SELECT")
                and (s.split(" FROM ", 1) + [""])[1].split(" ")[0] == table]


@pytest.fixture
def table(store):
    """A 4-player Xylotar game with both expansions, a hand scored, phones
    seated, players may score hands; the next hand bid and its 14 tricks tracked."""
    game_id = start(store, expansions=["bonus_beats", "off_key"], dealer="Dev",
                    bonus_beats_dealt={"Ann": ["over_by_one", "view_two"], "Bob": ["no_bid_match", "zero_card"]})
    services.record_round(game_id, hand((2, 3), (None, 4), (0, 0), (6, 7),
                                        Ann={"bonus_beat": "over_by_one", "off_key_won": 1},
                                        Bob={"bonus_beat": "no_bid_match"}), store.uow())
    host = Access.host(game_id)
    ts.change_settings(game_id, TableSettings(track_tricks=True, players_track_tricks=True, players_score_hands=True),
                       store.uow(), by=host)
    join = ts.resolve(ts.issue_link(game_id, Role.PLAYER, store.uow(), by=host), store.uow())
    ann = ts.resolve(ts.join_seat("Ann", store.uow(), by=join), store.uow())
    for seat, bid in zip(PLAYERS, (4, 3, 3, 3)):
        ts.submit_bid(game_id, seat, bid, None, store.uow(), by=host, expected_version=0)
    for number, winner in enumerate(["Ann"] * 4 + ["Bob"] * 3 + ["Cat"] * 4 + ["Dev"] * 3):
        ts.record_trick(game_id, winner, store.uow(), by=ann, expected_version=number)
    return game_id, ann


def kept_as_read_back(store, game_id: int) -> tuple[str, str, dict, dict]:
    """The game's fingerprint and cached facts as kept, and as reading its rows again gives them."""
    with store.uow() as uow:
        row = uow.games.session.get(GameRow, game_id)
        (fingerprint, cached), = uow.games.session.connection().execute(
            text("SELECT fingerprint, CAST(facts AS TEXT) FROM game_facts WHERE game_id = :id"), {"id": game_id}).all()
        fresh = game_facts.work_out(uow.games.session, {game_id: row.record_hash})[game_id]
        return row.record_hash, record_hash(record_of(uow.games.session, row)), json.loads(cached), \
            json.loads(json.dumps(fresh.derived()))


@pytest.mark.sqlite_only  # counts statements with SQLite's trace callback
def test_score_hand_reads_the_game_once_and_records_it_on_what_it_read(store, table):
    game_id, ann = table
    version = ts.view(game_id, store.reader(), by=ann).hand.version
    statements = Statements(store)
    with statements:
        game = ts.score_live_hand(game_id, store.uow(), by=ann, expected_version=version)
    assert len(statements.reading("round")) == 1  # the game's rounds, once (models/bulk.py)
    assert len(statements.reading("bid")) == 1  # not a query per round to fingerprint it
    # The hand scored, and the next one's entries (none yet) for the table state kept after it.
    assert len(statements.reading("live_hand")) == 2 and len(statements.reading("table_settings")) == 1
    # The history is not read to add a round, only counted (where the new change goes).
    assert [s.split(" FROM ")[0] for s in statements.reading("change")] == ["SELECT count(*) AS count_1"]
    assert statements.seen[-1] == "COMMIT" and len(game.rounds) == 2
    assert services.load(game_id, store.reader()).history[-1].author == "Ann"
    recorded, read_back, cached, fresh = kept_as_read_back(store, game_id)
    assert recorded == read_back and cached == fresh


def test_a_stale_or_broken_score_still_stores_nothing(store, table):
    game_id, ann = table
    version = ts.view(game_id, store.reader(), by=ann).hand.version
    with pytest.raises(StaleEntry):
        ts.score_live_hand(game_id, store.uow(), by=ann, expected_version=version - 1)
    with pytest.raises(GameError, match="tricks were tracked"):
        ts.score_live_hand(game_id, store.uow(), by=ann, expected_version=version, tricks={n: 0 for n in PLAYERS})
    assert len(services.uow_game(game_id, store.uow()).rounds) == 1


def test_every_kind_of_change_keeps_the_fingerprint_and_facts_reading_the_rows_gives(store):
    def same(game_id: int) -> None:
        recorded, read_back, cached, fresh = kept_as_read_back(store, game_id)
        assert recorded == read_back and cached == fresh

    rich = start(store, expansions=["bonus_beats", "off_key"], dealer="Bob",
                 bonus_beats_dealt={"Ann": ["over_by_one", "view_two"], "Bob": ["no_bid_match", "zero_card"]})
    for change in (lambda: services.record_round(rich, hand((2, 3), (None, 4), (0, 0), (6, 7),
                                                            Ann={"bonus_beat": "over_by_one", "off_key_won": 1},
                                                            Bob={"bonus_beat": "no_bid_match"}), store.uow()),
                   lambda: services.record_round(rich, hand((3, 3), (4, 5), (2, 2), (4, 4), Cat={"off_key_won": 2}),
                                                 store.uow()),
                   lambda: services.correct_round(rich, 2, hand((3, 4), (4, 4), (2, 2), (4, 4),
                                                                Dev={"off_key_won": 1}), store.uow()),
                   lambda: services.undo(rich, store.uow()),
                   lambda: services.undo(rich, store.uow()),
                   lambda: services.redo(rich, store.uow())):
        change()
        same(rich)
    pair = start(store, players=("Ann", "Bob"))
    two = hand((3, 4), (5, 4), names=("ann", "BOB"))  # names typed in another case: the roster's are kept
    two["side_players"] = {"left": {"bid": 7, "tricks": 3}, "right": {"bid": 2, "tricks": 3}}
    services.record_round(pair, two, store.uow())
    same(pair)
    monsters = start(store, "xybrid", ("Cat", "Ann", "Dev"))
    for change in (lambda: services.record_round(monsters, monster_round(
                       {"Cat": [0, 2, 3, 1, 4], "Ann": whole(1), "Dev": whole(0)}, hand_sizes={"Ann": 2},
                       first_player="ann", draw_seed=2**64 - 1,
                       entries={"Cat": {"part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                                        "adjustments": [3, -2], "notes": ["DEPLOY", "mission"]},
                                "Ann": {"adjustments": [1], "notes": ["breakthrough", "spare note"]}}), store.uow()),
                   lambda: services.record_round(monsters, monster_round(
                       {"Cat": whole(1), "Ann": whole(2), "Dev": whole(3)}), store.uow()),
                   lambda: services.correct_round(monsters, 2, monster_round(
                       {"Cat": whole(2), "Ann": whole(2), "Dev": [0, 1, 1, 0, 2]},
                       entries={"Dev": {"notes": ["a", "b", "c"]}}), store.uow()),
                   lambda: services.undo(monsters, store.uow()),
                   lambda: services.redo(monsters, store.uow())):
        change()
        same(monsters)
    services.rename_player("Ann", "Anne", store.uow())
    services.record_round(pair, hand((1, 1), (6, 7), names=("Anne", "Bob"))
                          | {"side_players": {"left": {"bid": 2, "tricks": 2}, "right": {"bid": 3, "tricks": 4}}},
                          store.uow())
    for game_id in (rich, pair, monsters):
        same(game_id)
    # An export imported back is the same game: the fingerprints agree.
    exported = services.export_record(pair, store.reader())
    (done,) = services.import_games([(services.load(pair, store.reader()).game, exported["rounds"],
                                      exported["started_at"])], store.uow())
    assert done == (pair, False)
