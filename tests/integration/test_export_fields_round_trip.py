"""Every field the app writes in an export is a field the record knows (issue 25):
games of both kinds with every optional field, exported by `xyscore export`,
score with `xyscore score` as the app scores them and import into another
store with `xyscore import` as they were. Run as a host runs them."""
from __future__ import annotations

import json

from companion import notes, record, services
from companion.xybrid import draw_starter
from models.store import open_store
from tests.cli_runs import xyscore

from .conftest import hand, monster_round, start, whole

TYPES = ["core", "head", "left_arm", "right_arm", "legs", "auxiliary"]
# Each optional field the app may write; the test checks the export really holds each.
OPTIONAL = ("started_at", "ended_at", "uid", "player_uids", "dealer", "expansions", "bonus_beats_dealt", "bonus_beat", "off_key_won", "side_players",
            "starter_draw", "first_player", "draw_seed", "part_types", "adjustments", "notes", "infamy", "note")


def stored_games(store) -> list[int]:
    """A Xylotar game with both expansions and dealt Bonus Beats, a two-player one with side players
    (Off-Key cards won by one), an XYbrid game drawn at set-up with typed parts, notes, draw seeds and
    a total entered quickly, a note on its first round, and an XYbrid game with no round yet."""
    four = start(store, expansions=["bonus_beats", "off_key"], dealer="Bob",
                 bonus_beats_dealt={"Ann": ["over_by_one", "view_two"], "Bob": ["no_bid_match", "zero_card"]})
    notes.set_note(four, "Ann's birthday", store.uow())  # the players' own words on the game (issue 28)
    services.record_round(four, hand((2, 3), (None, 4), (0, 0), (6, 7),
                                     Ann={"bonus_beat": "over_by_one", "off_key_won": 1},
                                     Bob={"bonus_beat": "no_bid_match"}), store.uow())
    two = start(store, players=("Ann", "Bob"), expansions=["off_key"])
    services.record_round(two, hand((3, 4), (5, 4), names=("Ann", "Bob")) | {"side_players": {
        "left": {"bid": 7, "tricks": 3, "off_key_won": 1}, "right": {"bid": 2, "tricks": 3}}}, store.uow())
    drawn = draw_starter(("Cat", "Ann", "Dev"), seed=5)
    monsters = services.start_game(services.new_game("xybrid", ("Cat", "Ann", "Dev"), starter_draw=drawn),
                                   store.uow())
    services.record_round(monsters, monster_round(
        {"Cat": [0, 2, 3, 1, 4, 2], "Ann": whole(1), "Dev": whole(0)}, hand_sizes={"Ann": 2},
        first_player=drawn.chosen, draw_seed=drawn.seed,
        entries={"Cat": {"part_types": TYPES, "adjustments": [3, -2], "notes": ["DEPLOY", "breakthrough"]}}),
        store.uow())
    notes.set_round_note(monsters, 1, "power cut, replayed", store.uow())  # a round's own note (issue 28)
    quick = monster_round({"Cat": whole(1), "Dev": whole(3)})
    quick["results"]["Ann"] = {"infamy": 9}
    services.record_round(monsters, quick, store.uow())
    empty = start(store, "xybrid", ("Eve", "Fay"))
    return [four, two, monsters, empty]


def test_every_field_an_export_holds_scores_and_imports_as_the_app_has_it(tmp_path):
    db, other = tmp_path / "xyscore.db", tmp_path / "other.db"
    with open_store(db) as store:
        ids = stored_games(store)
        expected = [record.score(services.load(game_id, store.reader()).game) for game_id in ids]
    everything = tmp_path / "all.json"
    done = xyscore("export", "--db", str(db), "-o", str(everything))
    assert done.returncode == 0, done.stderr
    text = everything.read_text(encoding="utf-8")
    assert [field for field in OPTIONAL if f'"{field}"' not in text] == []
    exported = json.loads(text)
    assert len(exported) == len(ids)
    for game, scored in zip(exported, expected):  # an export lists the games oldest first, as they were started
        done = xyscore("score", "-", stdin=json.dumps(game))
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert json.loads(done.stdout) == scored
    done = xyscore("import", str(everything), "--db", str(other))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.count("imported as game") == len(ids)
    again = tmp_path / "again.json"
    assert xyscore("export", "--db", str(other), "-o", str(again)).returncode == 0
    assert json.loads(again.read_text(encoding="utf-8")) == exported
