"""A Story's folds are reused by the caller's fold of the same event from the same state
(games/core/story.py `folding`), and by nothing else: matched by identity, never by value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from games.core.messages import GameEvent
from games.core.story import Story, folding, forget_folds


@dataclass(frozen=True)
class Added(GameEvent):
    TYPE: ClassVar[str] = "added"
    n: int


@dataclass(frozen=True)
class Total:
    value: int


class Counted:
    """An evolve that counts its folds."""

    def __init__(self) -> None:
        self.folds = 0

    def __call__(self, state: Total, event: Added) -> Total:
        self.folds += 1
        return Total(state.value + event.n)


def test_the_callers_fold_takes_the_storys_state() -> None:
    evolve = Counted()
    start = Total(0)
    story = Story(evolve, start)
    story.add(Added(n=1), Added(n=2))
    fold = folding(evolve)
    first = fold(start, story.events[0])
    assert fold(first, story.events[1]) is story.state
    assert first == Total(1) and evolve.folds == 2  # not folded again ...
    fold(story.state, Added(n=5))
    assert evolve.folds == 3  # ... but an event the story did not tell is


def test_the_same_event_from_another_state_is_folded_anew() -> None:
    evolve = Counted()
    start = Total(0)
    story = Story(evolve, start)
    story.add(Added(n=1))
    elsewhere = Total(10)  # an equal value would not do either: identity is asked
    assert folding(evolve)(elsewhere, story.events[0]) == Total(11)
    assert folding(evolve)(Total(0), story.events[0]) == Total(1)
    assert evolve.folds == 3


def test_the_fold_of_another_evolve_is_not_taken() -> None:
    told, other = Counted(), Counted()
    start = Total(0)
    story = Story(told, start)
    story.add(Added(n=1))
    assert folding(other)(start, story.events[0]) == Total(1)
    assert other.folds == 1


def test_a_new_decision_forgets_the_folds() -> None:
    evolve = Counted()
    start = Total(0)
    story = Story(evolve, start)
    story.add(Added(n=1))
    forget_folds()
    folding(evolve)(start, story.events[0])
    assert evolve.folds == 2
