"""Reading a Dark Knights view for the bots: the set and the dice on the table as the
bot's tables see them (the rules' set-aside and hold, on the view's data)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from .combinations import combination_score_for
from .odds import DARK_DICE, Shape, die_value

JSON = Any

Combo = list[Any]   # [value, dark, light, only dark aces, dice numbers]


def read_combinations(view: Mapping[str, JSON]) -> list[Combo]:
    return [[c["value"], c["dark"], c["light"], c["only_dark_aces"],
             [d["die"] for d in c["dice"]]] for c in view["combinations"]]


def shapes_of(combos: Sequence[Combo]) -> tuple[Shape, ...]:
    return tuple(sorted((c[0], c[1], c[2], c[3]) for c in combos))


def set_score(combos: Sequence[Combo]) -> int:
    return sum(combination_score_for(c[0], c[1], c[2]) for c in combos)


def apply_groups(combos: list[Combo], groups: Sequence[Mapping[str, JSON]],
                 faces: Mapping[int, int]) -> list[Combo]:
    """The set after a set-aside (the rules' apply_set_aside, on the view's data)."""
    out = [[c[0], c[1], c[2], c[3], list(c[4])] for c in combos]
    for group in groups:
        dice = group["dice"]
        values = {die_value(d, faces[d]) for d in dice} - {None}
        dark = sum(1 for d in dice if d in DARK_DICE)
        light = len(dice) - dark
        if group["combination"] is None:
            value = next(iter(values)) if values else 1
            out.append([value, dark, light, not values, list(dice)])
        else:
            c = out[group["combination"]]
            if c[3] and values:
                c[0] = next(iter(values))
                c[3] = False
            c[1] += dark
            c[2] += light
            c[4] += list(dice)
    return out


def held_score(combos: Sequence[Combo], table: Sequence[tuple[int, int]]) -> int:
    """The set's score on a hold: table dice of a combination's value join it."""
    joined = [list(c[:3]) for c in combos]
    by_value = {c[0]: i for i, c in enumerate(combos) if not c[3]}
    for die, face in table:
        value = die_value(die, face)
        if value is not None and value in by_value:
            joined[by_value[value]][1 if die in DARK_DICE else 2] += 1
    return sum(combination_score_for(*c) for c in joined)


def faces_of(view: Mapping[str, JSON]) -> dict[int, int]:
    return {d["die"]: d["face"] for d in view["table"]}


def shades_of(dice: Sequence[int]) -> tuple[int, int]:
    dark = sum(1 for d in dice if d in DARK_DICE)
    return dark, len(dice) - dark


def positions(view: Mapping[str, JSON], actions: Sequence[Mapping[str, JSON]]
              ) -> Iterator[tuple[Mapping[str, JSON], list[Combo], list[tuple[int, int]]]]:
    """Each set-aside with the position it leaves: (the action, the set after it, the
    dice left on the table as (die, face))."""
    combos = read_combinations(view)
    faces = faces_of(view)
    for action in actions:
        used = {d for g in action["groups"] for d in g["dice"]}
        yield (action, apply_groups(combos, action["groups"], faces),
               [(d, f) for d, f in faces.items() if d not in used])


def best_set_aside(view: Mapping[str, JSON], actions: Sequence[Mapping[str, JSON]],
                   worth: Callable[[list[Combo], list[tuple[int, int]]], float],
                   margin: float) -> Mapping[str, JSON]:
    """The set-aside whose position is worth most by `worth(the set after it, the dice
    left on the table)`; the first of those within `margin` of each other."""
    best, best_value = actions[0], float("-inf")
    for action, after, table in positions(view, actions):
        value = worth(after, table)
        if value > best_value + margin:
            best, best_value = action, value
    return best
