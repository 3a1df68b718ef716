"""Every game the service hosts, by slug, and each game's bots by level."""

from __future__ import annotations

from collections.abc import Mapping

from .core.bots import Policy
from .core.rules import GameRules
from .core.text import Sentences


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


def _load_bots() -> dict[str, Mapping[str, Policy]]:
    from .bamboozled.bot import BOTS as bamboozled
    from .bare_bones.bot import BOTS as bare_bones
    from .dark_knights.bot import BOTS as dark_knights
    from .skip_bo_dice.bot import BOTS as skip_bo_dice
    from .snake_bones.bot import BOTS as snake_bones

    return {"snake-bones": snake_bones, "bamboozled": bamboozled,
            "dark-knights": dark_knights, "skip-bo-dice": skip_bo_dice,
            "bare-bones": bare_bones}


# Every game's bots: {slug: {level: policy}}; each has at least "basic".
BOTS: dict[str, Mapping[str, Policy]] = _load_bots()


def bot_levels(slug: str) -> list[str]:
    """The bot levels a game offers, weakest first ("basic" always first)."""
    levels = BOTS.get(slug, {})
    return sorted(levels, key=lambda level: (level != "basic", level))


def _load_texts() -> dict[str, Mapping[str, Sentences]]:
    from .bamboozled.text import TEXTS as bamboozled
    from .bare_bones.text import TEXTS as bare_bones
    from .dark_knights.text import TEXTS as dark_knights
    from .service_text import TEXTS as service
    from .skip_bo_dice.text import TEXTS as skip_bo_dice
    from .snake_bones.text import TEXTS as snake_bones

    return {slug: {**service, **texts} for slug, texts in (
        ("snake-bones", snake_bones), ("bamboozled", bamboozled),
        ("dark-knights", dark_knights), ("skip-bo-dice", skip_bo_dice),
        ("bare-bones", bare_bones))}


# Every game's sentences (games/core/text.py), the service's own events' included:
# {slug: {event type: its sentences for a reader}}.
TEXTS: dict[str, Mapping[str, Sentences]] = _load_texts()
