"""Every registered game has one shape: the same modules, typed messages, one error
contract, and legal-action lists a client can render (docs/decider.md)."""

from __future__ import annotations

import importlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.core import GameConfig, IllegalAction, MalformedAction, ScriptedDice
from games.core.legal import expand, sample
from games.core.messages import GameAction, GameEvent, Record
from games.registry import GAMES
from tests.support.harness import RandomDice, config, playing

MODULES = ("__init__", "data", "state", "actions", "events", "decide", "evolve", "rules",
           "legal", "view", "outcome")
MAX_LEGAL_ITEMS = 100
TYPED = sorted(GAMES)  # every registered game, typed


def package(slug: str) -> str:
    return "games." + slug.replace("-", "_")


@pytest.mark.parametrize("slug", TYPED)
def test_every_game_has_the_common_modules(slug: str) -> None:
    folder = Path(importlib.import_module(package(slug)).__file__ or "").parent
    missing = [m for m in MODULES if not (folder / f"{m}.py").exists()]
    assert not missing, f"{slug} lacks {missing}"
    assert isinstance(importlib.import_module(package(slug) + ".state").State, type)


@pytest.mark.parametrize("slug", TYPED)
def test_every_game_is_typed(slug: str) -> None:
    rules = GAMES[slug]
    assert rules.actions is not None and rules.events is not None
    assert all(issubclass(kind, GameAction) for kind in rules.actions)
    assert all(issubclass(kind, GameEvent) for kind in rules.events)
    assert issubclass(rules.view_type, Record) and issubclass(rules.outcome_type, Record)
    assert "game_started" in rules.events and "game_over" in rules.events
    for kind in rules.actions:
        json.dumps(kind.json_schema())
    for kind in rules.events:
        json.dumps(kind.json_schema()), json.dumps(kind.private_schema())


@pytest.mark.parametrize("slug", TYPED)
def test_a_bad_setup_is_an_illegal_action_with_a_code(slug: str) -> None:
    rules = GAMES[slug]
    for players in (rules.min_players - 1, rules.max_players + 1, "2", True, None):
        with pytest.raises(IllegalAction) as err:
            rules.setup(GameConfig(players=players), ScriptedDice())  # type: ignore[arg-type]
        assert err.value.code == "player_count_out_of_range"
    size = max(rules.min_players, 2) if rules.max_players >= 2 else 1
    for first in (-1, size, "0", True):
        with pytest.raises(IllegalAction) as err:
            rules.setup(GameConfig(players=size, first_player=first),  # type: ignore[arg-type]
                        ScriptedDice())
        assert err.value.code == "first_player_out_of_range"


def started(slug: str, seed: int = 0) -> tuple[Any, int]:
    rules = GAMES[slug]
    players = max(rules.min_players, 2) if rules.max_players >= 2 else 1
    state = None
    for event in rules.setup(config(rules, players), RandomDice(random.Random(seed))):
        state = rules.evolve(state, event)
    return state, players


@pytest.mark.parametrize("slug", TYPED)
def test_malformed_actions_are_refused_for_their_shape(slug: str) -> None:
    rules = GAMES[slug]
    state, _ = started(slug)
    seat = next(iter(rules.awaiting(state)))
    for action in (None, [], "roll", {}, {"type": 3}, {"type": "no_such_action"}):
        with pytest.raises(MalformedAction):
            rules.decide(state, seat, action, ScriptedDice())
    for kind in rules.actions:
        with pytest.raises(MalformedAction):
            rules.decide(state, seat, {"type": kind.TYPE, "unexpected": 1}, ScriptedDice())


@pytest.mark.parametrize("slug", TYPED)
def test_the_clock_acts_only_for_an_awaited_seat(slug: str) -> None:
    rules = GAMES[slug]
    state, players = started(slug)
    idle = [s for s in range(players) if s not in rules.awaiting(state)]
    for seat in idle:
        with pytest.raises(IllegalAction) as err:
            rules.timeout_action(state, seat)
        assert err.value.code == "not_awaited"


@pytest.mark.parametrize("slug", TYPED)
def test_random_play_stays_typed_and_renderable(slug: str) -> None:
    """Events parse into their classes and back unchanged; views and outcomes read back
    as their records; every legal item is an action or a choice of one, at most 100."""
    rules = GAMES[slug]
    for seed in range(3):
        rng = random.Random(seed)
        state, players = started(slug, seed)
        dice = RandomDice(rng)
        for _ in range(3000):
            if rules.outcome(state) is not None:
                break
            for seat in range(players):
                items = rules.legal_actions(state, seat)
                assert len(items) <= MAX_LEGAL_ITEMS, (slug, len(items))
                for item in items:
                    check_item(rules, item)
                view = rules.view(state, seat)
                assert rules.view_type.from_json(view).to_json() == view
            seat = rng.choice(sorted(rules.awaiting(state)))
            action = sample(rng.choice(playing(rules.legal_actions(state, seat))), rng.randrange)
            for event in rules.decide(state, seat, action, dice):
                assert rules.events.by_type[event.TYPE] is type(event)
                stored = event.to_json()
                again = rules.events.parse_event(json.loads(json.dumps(stored)))
                assert again == event and again.to_json() == stored
                state = rules.evolve(state, event)
        result = rules.outcome(state)
        assert result is not None, f"{slug} did not end"
        assert rules.outcome_type.from_json(result).to_json() == result


def check_item(rules: Any, item: dict[str, Any]) -> None:
    kind = rules.actions.by_type[item["type"]]
    if "choose" in item:
        assert set(item["choose"]) <= set(kind.CHOOSE), f"{item} chooses an untyped field"
    first = next(expand(item))
    assert rules.actions.parse_action(first).to_json() == first
