"""Reading a posted action into a typed move; a wrong shape is a MalformedAction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from games.core import IllegalAction, MalformedAction
from games.core.actions import action_type, int_field, only_fields, str_field

from .data import AFTER_ROLL, CARD_NAMES, DIRECTIONS, SCORES
from .state import CardUse

ACTION_TYPES: tuple[str, ...] = (
    "declare", "accept", "call", "play_card", "revive", "discard", "roll", "concede",
)
CARD_FIELDS = {"jackpot": ("name",), "double": ("name", "die"),
               "up_down": ("name", "die", "direction")}


@dataclass(frozen=True)
class Move:
    type: str
    score: int = 0
    use: CardUse | None = None  # the after-roll card of a declaration
    card: str = ""  # the card of play_card / discard


def read_move(action: Any) -> Move:
    kind = action_type(action, ACTION_TYPES)
    if kind == "declare":
        only_fields(action, ("score", "card"))
        return Move(kind, score=read_score(action), use=read_card_use(action.get("card")))
    if kind in ("play_card", "discard"):
        only_fields(action, ("card",))
        return Move(kind, card=str_field(action, "card", CARD_NAMES))
    only_fields(action, ())
    return Move(kind)


def read_score(action: Mapping[str, Any]) -> int:
    score = int_field(action, "score")
    if score not in SCORES:
        raise MalformedAction("invalid_score", f"{score} is not a score two dice can show")
    return score


def read_card_use(raw: Any) -> CardUse | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise MalformedAction("malformed_action", "field 'card' must be an object or null")
    name = str_field(raw, "name", CARD_NAMES)
    if name not in AFTER_ROLL:
        raise IllegalAction(
            "not_an_after_roll_card", f"{name} is not played with a declaration"
        )
    extra = sorted(set(raw) - set(CARD_FIELDS[name]))
    if extra:
        raise MalformedAction("malformed_action", f"unexpected card field(s): {', '.join(extra)}")
    if name == "jackpot":
        return CardUse(name)
    die = int_field(raw, "die")
    if die not in (0, 1):
        raise MalformedAction("invalid_die", "field 'die' is 0 (first die) or 1 (second die)")
    if name == "double":
        return CardUse(name, die)
    return CardUse(name, die, str_field(raw, "direction", DIRECTIONS))
