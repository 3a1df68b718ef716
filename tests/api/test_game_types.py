"""GET /game-types/{slug}: a game's JSON Schemas and its rules page, so a client can learn a
game at run time (issue #11, item 3); what the server serves validates against them."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from games import registry
from games.core.legal import sample
from tests.support.api import table

ROOT = Path(__file__).resolve().parents[2]


_VALIDATORS: dict[str, Draft202012Validator] = {}


def check(schema: dict, value: object) -> None:
    key = json.dumps(schema, sort_keys=True)
    if key not in _VALIDATORS:
        Draft202012Validator.check_schema(schema)
        _VALIDATORS[key] = Draft202012Validator(schema)
    errors = sorted(_VALIDATORS[key].iter_errors(value), key=str)
    assert not errors, f"{errors[0].message} at {list(errors[0].absolute_path)}: {value}"


def test_rules_url_is_absolute_and_serves_the_rules_page(api, db) -> None:  # type: ignore[no-untyped-def]
    listing = api.anonymous.get("/api/v1/game-types")
    assert listing.status_code == 200
    for game_type in listing.json():
        slug = game_type["slug"]
        assert game_type["rules_url"] == f"http://testserver/api/v1/game-types/{slug}/rules"
        assert game_type["detail_url"] == f"http://testserver/api/v1/game-types/{slug}"
        page = api.anonymous.get(game_type["rules_url"], HTTP_ACCEPT="application/json")
        assert page.status_code == 200
        assert page["Content-Type"] == "text/markdown; charset=utf-8"
        assert page.content.decode() == (ROOT / "docs" / "games" / f"{slug}.md").read_text()


def test_an_unknown_game_type_is_a_404_problem(api, db) -> None:  # type: ignore[no-untyped-def]
    for path in ("/api/v1/game-types/chess", "/api/v1/game-types/chess/rules"):
        answer = api.anonymous.get(path)
        assert answer.status_code == 404
        assert answer["Content-Type"].startswith("application/problem+json")
        assert answer.json()["code"] == "not_found"


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_the_detail_serves_every_schema_of_the_game(api, db, slug) -> None:  # type: ignore[no-untyped-def]
    answer = api.anonymous.get(f"/api/v1/game-types/{slug}")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["slug"] == slug and body["rules_url"].endswith(f"/game-types/{slug}/rules")
    schemas = body["schemas"]
    assert "typed" not in schemas  # every game is typed: the flag is gone
    for name in ("action", "legal_action", "view", "event", "outcome", "options"):
        Draft202012Validator.check_schema(schemas[name])
    check(schemas["options"], {o.name: o.default for o in registry.GAMES[slug].options})
    rules = registry.GAMES[slug]
    assert set(schemas["events"]) == {*rules.events.by_type, "table_seated",
                                      "client_seeds_fixed", "game_abandoned", "seed_revealed"}
    for kind, parts in schemas["events"].items():
        Draft202012Validator.check_schema(parts["data"])
        private = rules.events.by_type[kind].Private if kind in rules.events else None
        assert (parts["private"] is None) == (private is None), kind


MOVES = 60  # per game: enough to go through its phases; the generated client's test
# (tests/contract) plays every game to its end


@pytest.mark.parametrize("slug", sorted(registry.GAMES))
def test_what_the_server_serves_fits_the_schemas(players, slug) -> None:  # type: ignore[no-untyped-def]
    """A game played by random legal moves (to its end, or MOVES moves): every view,
    legal-action item and event served fits the schemas the game type serves."""
    a, b = players(2)
    schemas = a.get(f"/game-types/{slug}").json()["schemas"]
    game_id = table(a, [b], slug)
    a.start(game_id)
    by_name = {p.username: p for p in (a, b)}
    pick = random.Random(11)
    for _ in range(MOVES):
        game = a.game(game_id)
        check(schemas["view"], game["view"])
        if game["status"] == "finished":
            check(schemas["outcome"], game["outcome"])
            break
        seat = game["awaiting"][0]["seat"]
        player = by_name[next(s["player"] for s in game["seats"] if s["seat"] == seat)]
        listing = player.legal(game_id)
        for item in listing["actions"]:
            check(schemas["legal_action"], item)
        action = sample(pick.choice(listing["actions"]), pick.randrange)
        check(schemas["action"], action)
        answer = player.act(game_id, action, listing["version"])
        assert answer.status_code == 201, answer.content
        for event in answer.json()["events"]:
            check(schemas["event"], event)
    for player in (a, b):
        for event in player.events(game_id):
            check(schemas["event"], event)
            check(schemas["events"][event["type"]]["data"], event["data"])
            if "private" in event:
                check(schemas["events"][event["type"]]["private"], event["private"])
