"""Generate a history of random legal games of Xylotar and XYbrid.

Every round goes through the engines' own `push`, so each generated game
obeys every rule. The table is a club of 12 regulars: two thirds of the
games are Xylotar (most with one or both Unhinged expansions), a third are
XYbrid; about 1 in 40 is left unfinished, as real histories are.

    .venv/bin/python bench/generate.py 5 --seed 1     # print 5 game records
"""
from __future__ import annotations

import argparse
import json
import random
from datetime import datetime, timedelta, timezone
from typing import Iterator

from companion import record
from companion.outcome import Status
from companion.xybrid import MonsterEntry, Part, PartType, Xybrid, XybridRound
from companion.xylotar import Hand, SeatEntry, Xylotar
from companion.xylotar.bonus_beats import deck_for
from companion.xylotar.hand import highest_bid

ROSTER = ("Ann", "Bob", "Cat", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lu")
FIRST_GAME = datetime(2024, 1, 5, 19, 0, tzinfo=timezone.utc)
UNFINISHED = 1 / 40
Game = Xylotar | Xybrid


def generate(count: int, *, seed: int = 0) -> Iterator[tuple[str, Game]]:
    """`count` games as (started_at, game), oldest first; the same seed gives the same games."""
    rng = random.Random(seed)
    when = FIRST_GAME
    for _ in range(count):
        when += timedelta(minutes=rng.choice((35, 40, 45, 50, 60, 90, 24 * 60, 3 * 24 * 60, 7 * 24 * 60)))
        game = xylotar_game(rng) if rng.random() < 2 / 3 else xybrid_game(rng)
        yield when.isoformat(timespec="seconds"), game


# --- Xylotar -------------------------------------------------------------
def xylotar_game(rng: random.Random) -> Xylotar:
    players = rng.sample(ROSTER, rng.choice((2, 3, 3, 4, 4, 4, 5, 5)))
    expansions = rng.choice(((), ("bonus_beats",), ("off_key",), ("bonus_beats", "off_key"),
                             ("bonus_beats", "off_key")))
    off_key = "off_key" in expansions
    dealt = None
    if "bonus_beats" in expansions:
        deck = [card.id for card in deck_for(len(players), off_key)]
        cards = rng.sample(deck, 2 * len(players))
        dealt = {name: cards[2 * i:2 * i + 2] for i, name in enumerate(players)}
    game = Xylotar(players, dealer=rng.choice(players), expansions=expansions, bonus_beats_dealt=dealt)
    stop = 3 if rng.random() >= UNFINISHED else rng.randint(0, 2)
    while len(game.hands) < stop or (stop == 3 and game.outcome().status is Status.TIEBREAK_ROUND_NEEDED):
        game.push(random_hand(game, rng))
    return game


def _split(total: int, parts: int, rng: random.Random) -> list[int]:
    """`total` tricks shared among `parts` seats, uneven like real hands."""
    weights = [rng.random() ** 1.5 + 0.05 for _ in range(parts)]
    shares = [int(total * w / sum(weights)) for w in weights]
    for _ in range(total - sum(shares)):
        shares[rng.randrange(parts)] += 1
    return shares


def _bid_for(tricks: int, top: int, rng: random.Random) -> int:
    """A bid that is met about 40% of the time and otherwise near the mark."""
    if rng.random() < 0.4:
        return min(tricks, top)
    return max(0, min(top, tricks + rng.choice((-3, -2, -1, -1, 1, 1, 2, 3))))


def random_hand(game: Xylotar, rng: random.Random) -> Hand:
    table = game.deal
    seats = len(game.players) + (2 if table.players == 2 else 0)
    tricks = _split(table.tricks_per_hand, seats, rng)
    off_key = [0] * seats
    if game.off_key:
        for _ in range(rng.randint(0, len(table.colours) - 1)):
            takers = [i for i in range(seats) if off_key[i] < tricks[i] * seats]  # O3
            off_key[rng.choice(takers)] += 1
    held = game.bonus_beats_held()
    top = table.max_bid  # the top bids (Red 11, Yellow 9) need a Bonus Beat; left out here (X4)
    side_top = highest_bid(table, side_player=True, off_key=game.off_key)  # X9: the centre card
    results = {}
    for i, name in enumerate(game.players):
        bid: int | None = _bid_for(tricks[i], top, rng)
        card = None
        if held.get(name) and rng.random() < 0.45:
            card = rng.choice(held[name])
            if card == "zero_bid_eight":
                bid = 0
            elif card == "no_bid_match":
                bid = None
        results[name] = SeatEntry(bid, tricks[i], card, off_key[i])
    sides = {}
    if table.players == 2:
        sides = {side: SeatEntry(_bid_for(tricks[i], side_top, rng), tricks[i], None, off_key[i])
                 for side, i in (("left", 2), ("right", 3))}
    return Hand(results, sides)


# --- XYbrid --------------------------------------------------------------
def xybrid_game(rng: random.Random) -> Xybrid:
    game = Xybrid(tuple(rng.sample(ROSTER, rng.choice((2, 3, 3, 4, 4)))))
    stop = 3 if rng.random() >= UNFINISHED else rng.randint(0, 2)
    while len(game.rounds) < stop:
        game.push(random_round(game, rng))
    return game


def random_round(game: Xybrid, rng: random.Random) -> XybridRound:
    results = {}
    for name in game.players:
        parts = [Part(0, PartType.CORE)] + [Part(rng.randint(0, 4), kind) for kind in
                                            (PartType.HEAD, PartType.LEFT_ARM, PartType.RIGHT_ARM, PartType.LEGS)]
        parts += [Part(rng.randint(1, 3), PartType.AUXILIARY) for _ in range(rng.choice((0, 0, 0, 1, 1, 2)))]
        adjustments = tuple(rng.choice((-2, -1, 1, 2, 3)) for _ in range(rng.choice((0, 0, 1, 1, 2))))
        results[name] = MonsterEntry(tuple(parts), rng.randint(0, 3), adjustments)
    return XybridRound(results, rng.choice(game.next_starters()))


def main() -> None:
    parser = argparse.ArgumentParser(description="Print random legal game records, one JSON per line.")
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for started_at, game in generate(args.count, seed=args.seed):
        print(json.dumps({"started_at": started_at, **record.to_dict(game)}))


if __name__ == "__main__":
    main()
