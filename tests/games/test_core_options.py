"""games.core.options: a game's defaults are checked once, when the game is registered;
resolve_options checks every value that is not the default object itself."""

from __future__ import annotations

import dataclasses

import pytest

from games.core.options import InvalidOptions, Option, check_defaults, resolve_options
from games.core.rules import typed_decider
from games.snake_bones import RULES as SNAKE_BONES
from games.snake_bones import decide, evolve, legal, outcome, view
from games.snake_bones.actions import ACTIONS
from games.snake_bones.events import EVENTS
from games.snake_bones.outcome import Outcome

COUNT = Option(name="count", default=3, schema={"type": "integer", "minimum": 2},
               description="a count")
LABELS = Option(name="labels", default=["a"], schema={"type": "array", "maxItems": 1},
                description="labels")


def test_a_default_outside_its_schema_is_refused() -> None:
    with pytest.raises(InvalidOptions, match="count"):
        check_defaults((dataclasses.replace(COUNT, default=1),))


def test_a_game_whose_default_does_not_fit_is_not_registered() -> None:
    bad = tuple(dataclasses.replace(o, default=7) for o in SNAKE_BONES.options)
    with pytest.raises(InvalidOptions, match="its default"):
        typed_decider(
            slug="bad", name="Bad", min_players=2, max_players=6, options=bad,
            actions=ACTIONS, events=EVENTS, view_type=view.View, outcome_type=Outcome,
            setup=decide.setup, handlers=decide.HANDLERS, awaits=legal.AWAITS,
            out_of_turn=legal.OUT_OF_TURN, in_play=legal.in_play, evolve=evolve.evolve,
            legal_actions=legal.legal_actions, awaiting=legal.awaiting, view=view.view,
            timeout_action=legal.timeout_action, outcome=outcome.outcome)


def test_defaults_fill_what_is_not_given() -> None:
    assert resolve_options((COUNT, LABELS), {}) == {"count": 3, "labels": ["a"]}
    assert resolve_options((COUNT, LABELS), None) == {"count": 3, "labels": ["a"]}


def test_a_given_value_is_checked() -> None:
    with pytest.raises(InvalidOptions, match="count: must be at least 2"):
        resolve_options((COUNT,), {"count": 1})


def test_a_value_equal_to_the_default_but_another_object_is_checked_too() -> None:
    # True == 1, but a boolean is no integer: equality to the default is not enough.
    with pytest.raises(InvalidOptions, match="count: expected integer"):
        resolve_options((dataclasses.replace(COUNT, default=1, schema={"type": "integer"}),),
                        {"count": True})


def test_unknown_options_are_refused_before_any_value_is_checked() -> None:
    with pytest.raises(InvalidOptions, match="unknown option"):
        resolve_options((COUNT,), {"count": "x", "colour": "red"})
