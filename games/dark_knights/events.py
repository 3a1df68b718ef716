"""The events of Dark Knights: constructors (used by decide) in one place."""

from __future__ import annotations

from typing import Any

from games.core import Event

from .combinations import combination_score, set_score
from .state import Combination, Die


def combination_json(index: int, combination: Combination) -> dict[str, Any]:
    return {
        "index": index,
        "value": combination.value,
        "dice": [d.to_json() for d in combination.dice],
        "dark": combination.dark,
        "light": combination.light,
        "only_dark_aces": combination.only_dark_aces,
        "score": combination_score(combination),
    }


def combinations_json(combinations: tuple[Combination, ...]) -> list[dict[str, Any]]:
    return [combination_json(i, c) for i, c in enumerate(combinations)]


def game_started(players: int, options: dict[str, Any], first: int, drawn: bool) -> Event:
    return Event("game_started", {
        "players": players, "options": options, "first_player": first,
        "first_player_drawn": drawn,
    })


def turn_started(seat: int, last_turn: bool) -> Event:
    return Event("turn_started", {"seat": seat, "last_turn": last_turn})


def dice_rolled(seat: int, dice: tuple[Die, ...]) -> Event:
    return Event("dice_rolled", {"seat": seat, "dice": [d.to_json() for d in dice]})


def turn_busted(seat: int, turn_total: int) -> Event:
    return Event("turn_busted", {"seat": seat, "points_lost": turn_total})


def dice_set_aside(
    seat: int, groups: list[dict[str, Any]], combinations: tuple[Combination, ...]
) -> Event:
    return Event("dice_set_aside", {
        "seat": seat, "groups": groups,
        "combinations": combinations_json(combinations),
        "set_score": set_score(combinations),
    })


def set_completed(seat: int, combinations: tuple[Combination, ...], turn_total: int) -> Event:
    return Event("set_completed", {
        "seat": seat, "combinations": combinations_json(combinations),
        "set_score": set_score(combinations), "turn_total": turn_total,
    })


def turn_held(
    seat: int, joined: list[dict[str, int]], combinations: tuple[Combination, ...],
    turn_total: int, score: int,
) -> Event:
    return Event("turn_held", {
        "seat": seat, "joined": joined, "combinations": combinations_json(combinations),
        "set_score": set_score(combinations), "turn_total": turn_total, "score": score,
    })


def final_round_started(seat: int, score: int, last_turns: list[int]) -> Event:
    return Event("final_round_started", {"seat": seat, "score": score, "last_turns": last_turns})


def game_over(result: dict[str, Any]) -> Event:
    return Event("game_over", result)
