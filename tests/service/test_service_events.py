"""The service's own events have one home, games/service_events.py: the service builds
them from its classes, they parse back through them, and their JSON is the JSON the
service wrote before the classes existed (stored events are hashed: not a byte moves)."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from events import store
from events.clocks import timeouts
from events.models import Event, Game
from events.writes import head, lobby
from events.writes.locks import seats_of
from games import service_events
from games.core.fairness import commitment
from tests.clocks.test_abandoned import open_table, run_clocks

ROOT = Path(__file__).resolve().parents[2]


def parsed(row: Event) -> Any:
    """A stored row, upcast, as its service event class."""
    kind, data = store.upcast_event(row.type, row.schema_version, row.data)
    return service_events.parse({"type": kind, "data": data, "private": row.private})


def service_rows(game_id: str) -> list[Event]:
    return list(Event.objects.filter(game_id=game_id, type__in=service_events.TYPES)
                .order_by("seq"))


def round_trips(row: Event) -> None:
    event = parsed(row)
    assert type(event) is service_events.MESSAGES.by_type[row.type]
    assert event.to_json() == {"type": row.type, "data": row.data, "private": row.private}


@pytest.mark.django_db
def test_an_abandoned_game_s_service_events_parse_through_their_classes(players) -> None:  # type: ignore[no-untyped-def]
    (a, b), game_id = open_table(players, "bamboozled")
    run_clocks(game_id)
    rows = service_rows(game_id)
    assert [r.type for r in rows] == ["table_seated", "client_seeds_fixed", "game_abandoned",
                                      "seed_revealed"]
    for row in rows:
        round_trips(row)
    seated, fixed, abandoned, revealed = (parsed(r) for r in rows)
    assert fixed.client_seeds == revealed.client_seeds == ("", "") and fixed.withheld == ()
    assert [s.player for s in seated.seats] == [a.player_id, b.player_id]
    assert abandoned.seats == (0, 1) and abandoned.reason == "every_seat_on_autoplay"
    assert revealed.server_seed_hash == seated.server_seed_hash
    assert revealed.dice_used == Game.objects.get(id=game_id).dice_used


@pytest.mark.django_db
def test_a_bot_seat_parses_through_table_seat(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game = a.post("/games", {"game_type": "dark-knights", "seats": 2, "bots": [{}]}).json()
    a.start(game["id"], first_player=0)
    row, fixed = service_rows(game["id"])
    round_trips(row)
    round_trips(fixed)
    assert [(s.player, s.bot) for s in parsed(row).seats] == [(a.player_id, None),
                                                              (None, "basic")]


# --- the JSON as the service wrote it before these classes (copied from its old code) ---
# One change since, on purpose: table_seated v3 names a player by their player id where
# v2 had the username (docs/decisions/0011-players-by-opaque-id.md); the keys and their
# order are as before. A lobby opened before dice scheme 3 is still seated so (v3); a
# scheme 3 game in v4 (docs/decisions/0029-committed-seeds.md).

def old_table_seated(game: Game) -> dict[str, Any]:
    def seated(seat: Any) -> dict[str, Any]:
        if seat.is_bot:
            return {"seat": seat.number, "player": None, "bot": seat.bot_level,
                    "client_seed": seat.client_seed}
        return {"seat": seat.number, "player": seat.user.player.id,
                "client_seed": seat.client_seed}
    return {"game_id": str(game.id), "game_type": game.game_type, "options": game.options,
            "server_seed_hash": game.server_seed_hash, "dice_scheme": game.dice_scheme,
            "seats": [seated(s) for s in seats_of(game)]}


def old_seed_revealed(game: Game) -> dict[str, Any]:
    return {"server_seed": game.server_seed, "server_seed_hash": game.server_seed_hash,
            "client_seeds": [s.client_seed for s in seats_of(game)],
            "dice_used": game.dice_used}


def as_written(event: dict[str, Any]) -> str:
    """The event as built, key order kept (SQLite stores it so; PostgreSQL's jsonb orders
    the keys its own way whatever the order built, and the hash sorts them)."""
    return json.dumps(event)


def old(kind: str, data: dict[str, Any]) -> str:
    return json.dumps({"type": kind, "data": data, "private": {}})


def written(event: Any) -> str:
    """The event as the store writes it (events/store/stream.py `written`)."""
    raw = event.to_json()
    return as_written({**raw, "data": store.written(raw["type"], raw["data"])[1]})


@pytest.mark.django_db
def test_the_builders_write_the_json_written_before_byte_for_byte(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    created = a.post("/games", {"game_type": "dark-knights", "seats": 3})
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    row = Game.objects.get(id=game_id)
    Game.objects.filter(id=game_id).update(   # a lobby left from before dice scheme 3
        dice_scheme=2, server_seed_hash=commitment(row.server_seed, 2))
    assert a.client.put(f"/api/v1/games/{game_id}/client-seed", {"client_seed": "mine"},
                        format="json").status_code == 200
    for level in ("basic", "basic"):
        assert a.post(f"/games/{game_id}/bots", {"level": level}).status_code == 201
    a.start(game_id, first_player=1)
    game = Game.objects.get(id=game_id)
    assert any(s.is_bot for s in seats_of(game)) and any(not s.is_bot for s in seats_of(game))
    assert written(lobby._table_seated(game, seats_of(game))) == \
        old("table_seated", old_table_seated(game))
    assert Event.objects.get(game_id=game_id, seq=1).schema_version == 3
    assert as_written(head.seed_revealed(game).to_json()) == \
        old("seed_revealed", old_seed_revealed(game))


@pytest.mark.django_db
def test_a_scheme_3_table_is_seated_with_commitments_in_the_order_of_before(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    created = a.post("/games", {"game_type": "dark-knights", "seats": 2, "bots": [{}]})
    game_id = created.json()["id"]
    a.start(game_id, first_player=0)
    game = Game.objects.get(id=game_id)
    bot = seats_of(game)[1]
    assert written(lobby._table_seated(game, seats_of(game))) == old("table_seated", {
        "game_id": game_id, "game_type": "dark-knights", "options": game.options,
        "server_seed_hash": game.server_seed_hash, "dice_scheme": 3,
        "seats": [{"seat": 0, "player": a.player_id, "seed_commitment": None},
                  {"seat": 1, "player": None, "bot": "basic",
                   "seed_commitment": bot.seed_commitment}]})
    assert Event.objects.get(game_id=game_id, seq=1).schema_version == 4


def test_abandon_writes_the_json_written_before() -> None:
    assert as_written(timeouts.game_abandoned([0, 1, 2]).to_json()) == old(
        "game_abandoned", {"reason": "every_seat_on_autoplay", "seats": [0, 1, 2]})


# --- one home -------------------------------------------------------------------------

def string_constants(path: Path) -> set[str]:
    return {node.value for node in ast.walk(ast.parse(path.read_text(), filename=str(path)))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_the_service_names_its_own_events_only_through_their_classes() -> None:
    """No module of events/ or api/ spells a service event's type: each builds, serves and
    documents them through games/service_events.py (docstrings may name them)."""
    spelled = {
        f"{path.relative_to(ROOT)}: {sorted(string_constants(path) & service_events.TYPES)}"
        for folder in ("events", "api") for path in sorted((ROOT / folder).rglob("*.py"))
        if "migrations" not in path.parts and string_constants(path) & service_events.TYPES}
    assert not spelled, spelled
