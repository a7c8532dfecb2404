"""Where the host plays, kept in the SQLite store (migration 0011) and used by
`xyscore export GAME --bgstats` when no --location is given."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from companion import exports, host_settings, services
from models.store import open_store
from tests.cli_runs import xyscore

from .conftest import hand, start


def play_in(link: str) -> dict:
    return json.loads(parse_qs(urlsplit(link.strip()).query)["data"][0])


@pytest.fixture
def finished(db_path):
    """A finished 4-player Xylotar game (3 hands), as game 1."""
    with open_store(db_path) as store:
        game_id = start(store)
        for _ in range(3):
            services.record_round(game_id, hand((2, 3), (4, 4), (0, 0), (6, 7)), store.uow())
    return db_path


def test_the_place_outlives_the_store_being_closed_and_opened_again(db_path):
    with open_store(db_path) as store:
        host_settings.set_location("The Rec Room", store.uow())
    with open_store(db_path) as store:
        assert host_settings.location(store.reader()) == "The Rec Room"
        with pytest.raises(host_settings.LocationRefused):
            host_settings.set_location("Rec\nRoom", store.uow())
        assert host_settings.location(store.reader()) == "The Rec Room"
        host_settings.set_location("", store.uow())
        assert host_settings.location(store.reader()) is None


def test_export_bgstats_uses_the_place_set_in_the_app_and_a_location_given_wins(finished):
    with open_store(finished) as store:
        host_settings.set_location("Ann's kitchen", store.uow())
        stored = services.load(1, store.reader())
    link = xyscore("export", "1", "--bgstats", "--db", str(finished))
    assert link.returncode == 0, link.stderr
    assert link.stdout.strip() == exports.bg_stats_link(stored, location="Ann's kitchen")
    assert play_in(link.stdout)["location"] == "Ann's kitchen"
    given = xyscore("export", "1", "--bgstats", "--location", "The Rec Room", "--db", str(finished))
    assert play_in(given.stdout)["location"] == "The Rec Room"
    with open_store(finished) as store:  # a --location is for that link only
        assert host_settings.location(store.reader()) == "Ann's kitchen"


def test_export_bgstats_refuses_a_location_that_cannot_be_a_place(finished):
    refused = xyscore("export", "1", "--bgstats", "--location", "Rec\tRoom", "--db", str(finished))
    assert refused.returncode == 2 and refused.stdout == ""
    assert "can't contain invisible or control characters" in refused.stderr
