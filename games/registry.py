"""Every game the service hosts, by slug."""

from __future__ import annotations

from .core.rules import GameRules


def _load() -> dict[str, GameRules]:
    from .bamboozled import RULES as bamboozled
    from .bare_bones import RULES as bare_bones
    from .dark_knights import RULES as dark_knights
    from .skip_bo_dice import RULES as skip_bo_dice
    from .snake_bones import RULES as snake_bones

    games: list[GameRules] = [snake_bones, bamboozled, dark_knights, skip_bo_dice, bare_bones]
    return {g.slug: g for g in games}


GAMES: dict[str, GameRules] = _load()


def get(slug: str) -> GameRules:
    return GAMES[slug]
