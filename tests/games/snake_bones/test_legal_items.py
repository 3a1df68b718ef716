"""The legal-action items built once (games/snake_bones/legal.py's bounded caches)."""

from __future__ import annotations

import itertools

import pytest

from games.core.legal import Choice
from games.snake_bones.data import FACES, RAISE_QUANTITY, RAISE_QUANTITY_OR_FACE
from games.snake_bones.legal import bid_choices, legal_actions, stake_choice
from games.snake_bones.rules import is_raise
from games.snake_bones.state import Bid

from .helpers import start


def listed(choices: tuple[Choice, ...]) -> set[tuple[int, int]]:
    return {(action["quantity"], action["face"]) for choice in choices
            for action in choice.examples()}


@pytest.mark.parametrize("raise_rule", [RAISE_QUANTITY, RAISE_QUANTITY_OR_FACE])
def test_the_bid_items_are_every_raise_and_nothing_else(raise_rule: str) -> None:
    for in_play, quantity, face in itertools.product(
            range(1, 7), [None, *range(1, 7)], [None, *FACES]):
        if (quantity is None) != (face is None) or (quantity or 0) > in_play:
            continue  # a standing bid names both, and at most the dice in play
        standing = None if quantity is None or face is None else Bid(0, quantity, face)
        raises = {(q, f) for q in range(1, in_play + 1) for f in FACES
                  if is_raise(standing, q, f, raise_rule)}
        assert listed(bid_choices(quantity, face, raise_rule, in_play)) == raises


def test_an_item_is_built_once_and_equals_a_fresh_one() -> None:
    assert bid_choices(3, 4, RAISE_QUANTITY_OR_FACE, 10) is bid_choices(
        3, 4, RAISE_QUANTITY_OR_FACE, 10)
    assert bid_choices(3, 4, RAISE_QUANTITY_OR_FACE, 10) == bid_choices.__wrapped__(
        3, 4, RAISE_QUANTITY_OR_FACE, 10)
    assert stake_choice(7) is stake_choice(7)
    assert stake_choice(7) == stake_choice.__wrapped__(7)


def test_each_answer_is_a_new_list() -> None:
    state = start(3)
    first = legal_actions(state, 0)
    first.clear()
    assert legal_actions(state, 0) != [] and legal_actions(state, 0) is not first
