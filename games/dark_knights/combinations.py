"""Combinations: matching, setting dice aside, the scoring table and holding."""

from __future__ import annotations

from games.core.frozen import frozen_record

from .data import CLEAN_MULTIPLIER, SMALLEST_COMBINATION
from .state import Combination, Die


@frozen_record
class SetAside:
    """One way to set dice aside: additions to existing combinations, new combinations."""

    additions: tuple[tuple[int, tuple[Die, ...]], ...] = ()
    new: tuple[tuple[Die, ...], ...] = ()

    @property
    def dice(self) -> tuple[Die, ...]:
        added = tuple([d for _, dice in self.additions for d in dice])
        return added + tuple([d for group in self.new for d in group])


Problem = tuple[str, str]


def combination_score_for(value: int, dark: int, light: int) -> int:
    """The scoring table: dark only 0; mixed dice x value; clean 10 or 20 x value."""
    if light == 0:
        return 0
    if dark == 0:
        return CLEAN_MULTIPLIER[light] * value
    return (dark + light) * value


def combination_score(combination: Combination) -> int:
    return combination_score_for(combination.value, combination.dark, combination.light)


def set_score(combinations: tuple[Combination, ...]) -> int:
    return sum([combination_score(c) for c in combinations])


def values_match(dice: tuple[Die, ...]) -> bool:
    """Dice match when every die that is not a wild dark ace shows the same value."""
    return len({d.value for d in dice if not d.wild}) <= 1


def can_join(combination: Combination, dice: tuple[Die, ...]) -> bool:
    """Added dice must match the combination (dark aces alone take any one value)."""
    if combination.only_dark_aces:
        return values_match(dice)
    return all(d.wild or d.value == combination.value for d in dice)


def new_combination_problem(group: tuple[Die, ...]) -> Problem | None:
    if len(group) < SMALLEST_COMBINATION:
        return ("combination_too_small", "a new combination needs 2 or more matching dice")
    if not values_match(group):
        return ("dice_do_not_match", "the dice of a combination must show the same value")
    return None


def addition_problem(combination: Combination, dice: tuple[Die, ...]) -> Problem | None:
    if not can_join(combination, dice):
        return ("dice_do_not_match", f"these dice do not match the {combination.value}s")
    return None


def apply_set_aside(
    combinations: tuple[Combination, ...], plan: SetAside
) -> tuple[Combination, ...]:
    """The combinations after the plan: additions in place, new ones appended by value."""
    added = dict(plan.additions)
    grown = tuple(
        Combination.of(c.dice + added[i]) if i in added else c
        for i, c in enumerate(combinations)
    )
    fresh = sorted((Combination.of(group) for group in plan.new), key=lambda c: c.value)
    return grown + tuple(fresh)


def one_combination_per_value(combinations: tuple[Combination, ...]) -> bool:
    """Our choice: a set holds at most one combination of each value."""
    return len({c.value for c in combinations}) == len(combinations)


def set_aside_problem(combinations: tuple[Combination, ...], plan: SetAside) -> Problem | None:
    """Why the plan breaks a rule, or None when it is a legal set-aside."""
    return plan_problem(combinations, plan) or set_problem(apply_set_aside(combinations, plan))


def plan_problem(combinations: tuple[Combination, ...], plan: SetAside) -> Problem | None:
    """Why the plan's groups break a rule (each on its own), or None."""
    if not plan.dice:
        return ("nothing_set_aside", "set aside at least one combination or one added die")
    for group in plan.new:
        problem = new_combination_problem(group)
        if problem:
            return problem
    for index, dice in plan.additions:
        problem = addition_problem(combinations[index], dice)
        if problem:
            return problem
    return None


def set_problem(combinations: tuple[Combination, ...]) -> Problem | None:
    """Why the set a plan leaves breaks a rule, or None."""
    if not one_combination_per_value(combinations):
        return (
            "combination_value_taken",
            "dice of a value that already has a combination must be added to it",
        )
    return None


def forced_joins(
    table: tuple[Die, ...], combinations: tuple[Combination, ...]
) -> tuple[tuple[int, Die], ...]:
    """On holding, each die on the table whose value is a combination's value joins it."""
    by_value = {c.value: i for i, c in enumerate(combinations) if not c.only_dark_aces}
    return tuple(
        (by_value[d.value], d) for d in table if not d.wild and d.value in by_value
    )


def join_all(
    combinations: tuple[Combination, ...], joins: tuple[tuple[int, Die], ...]
) -> tuple[Combination, ...]:
    grouped: dict[int, tuple[Die, ...]] = {}
    for index, die in joins:
        grouped[index] = grouped.get(index, ()) + (die,)
    return apply_set_aside(combinations, SetAside(additions=tuple(grouped.items())))
