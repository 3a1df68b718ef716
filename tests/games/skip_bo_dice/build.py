"""Building given states from events, and scripting the dice, for the Skip-Bo Dice tests."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from games.core import GameEvent, replay
from games.skip_bo_dice import RULES
from tests.support.harness import roundtrip, typed, when

SB = "SB"
RESIGN = {"type": "resign"}
"""Listed last for every seat still in play (RULINGS, Resigning)."""
ODD = (1, 3, 5, 7, 9, SB)
EVEN = (2, 4, 6, 8, 10, SB)
FACES = (ODD, ODD, ODD, EVEN, EVEN, tuple(range(1, 11)))
QUIET_ROLL = [1, 1, 1, 2, 2, 1]
"""A roll nobody in these tests can use by accident unless a pile waits for 1 or 2."""


def rolls(dice: Sequence[int], faces: Sequence[Any]) -> list[int]:
    """The scripted die results that make dice `dice` show `faces`."""
    return [FACES[d].index(f) + 1 for d, f in zip(dice, faces)]


def turn_roll(faces: Sequence[Any]) -> list[int]:
    """The scripted results for a whole turn's roll of the six dice."""
    return rolls(range(6), faces)


def ev(kind: str, **data: Any) -> GameEvent:
    """An earlier event given as a fact, written out as stored."""
    return typed(RULES, kind, data)


def start(players: int, first: int = 0, dice: Sequence[Any] = QUIET_ROLL) -> list[GameEvent]:
    return [ev("game_started", players=players, options={}, first_player=first,
               first_player_drawn=False),
            ev("turn_started", turn=1, seat=first, dice=list(dice))]


def filled(seat: int, pile: str, marks: Iterable[Any], start_at: int = 1) -> list[GameEvent]:
    """A Build Pile filled with these marks from bubble `start_at` (setting up a board)."""
    return [ev("bubble_filled", seat=seat, pile=pile, bubble=b, mark=m, star=None,
               source={"kind": "die", "die": 5})
            for b, m in enumerate(marks, start=start_at)]


def up_to(seat: int, pile: str, last: int) -> list[GameEvent]:
    """Bubbles 1..last of a pile filled with their numbers."""
    return filled(seat, pile, range(1, last + 1))


def completed(seat: int, pile: str, place: int, reward: int, moment: str) -> list[GameEvent]:
    return up_to(seat, pile, 10) + [ev("pile_completed", seat=seat, pile=pile, place=place,
                                       reward=reward, moment=moment, shared=False)]


def written(seat: int, stockpile: int, values: Sequence[Any],
            first_box: int = 0) -> list[GameEvent]:
    return [ev("stockpile_written", seat=seat, die=0, value=v, stockpile=stockpile, box=b)
            for b, v in enumerate(values, start=first_box)]


def all_full(seat: int) -> list[GameEvent]:
    events = []
    for k in range(4):
        events += written(seat, k, [9, 9, 9, 9])
    return events


def next_turn(turn: int, seat: int, dice: Sequence[Any] = QUIET_ROLL,
              ended: int = 0) -> list[GameEvent]:
    """The previous turn (of seat `ended`) ends and `seat` starts turn `turn` with `dice`."""
    return [ev("turn_ended", seat=ended, turn=turn - 1),
            ev("turn_started", turn=turn, seat=seat, dice=list(dice))]


def state_of(events: Sequence[GameEvent]) -> Any:
    return replay(RULES, [roundtrip(e) for e in events])


def act(state: Any, seat: int, action: dict[str, Any], dice: Sequence[int] = ()):
    return when(RULES, state, seat, action, dice)


def fill(pile: str, kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": "fill", "pile": pile, "source": {"kind": kind, **fields}}


def die(pile: str, die_index: int) -> dict[str, Any]:
    return fill(pile, "die", die=die_index)


def claim(turn: int, index: int, pile: str) -> dict[str, Any]:
    return {"type": "claim_bonus", "turn": turn, "value_index": index, "pile": pile}


def plain(events: Sequence[GameEvent]) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, dict(e.data)) for e in events]
