"""What a fill consumes and what it writes: dice, Stockpiles, Skip-Bos, claimed values.

Each check raises IllegalAction with a rule-named code; legal_actions reuses the same
checks, so what it lists and what decide accepts cannot drift apart.
"""

from __future__ import annotations

from typing import Any, Mapping

from games.core import IllegalAction, MalformedAction

from .data import BONUS, DICE, PILES, SKIP_BO, STOCKPILES, Face, is_number
from .state import FILL, Board, Game, next_bubble, pile_index, top_box

SOURCE_FIELDS: dict[str, tuple[str, ...]] = {
    "die": ("die",),
    "stockpile": ("stockpile",),
    "free_skip_bo": (),
    "reward_skip_bo": (),
}


def read_pile(action: Mapping[str, Any]) -> int:
    pile = action.get("pile")
    if not isinstance(pile, str) or pile not in PILES:
        raise MalformedAction("malformed_action", f"field 'pile' must be one of {list(PILES)}")
    return pile_index(pile)


def read_source(action: Mapping[str, Any]) -> dict[str, Any]:
    """The `source` object of a fill, checked for shape only."""
    source = action.get("source")
    kind = source.get("kind") if isinstance(source, Mapping) else None
    if not isinstance(kind, str) or kind not in SOURCE_FIELDS:
        raise MalformedAction(
            "malformed_action",
            f"field 'source' must be an object with 'kind' in {list(SOURCE_FIELDS)}",
        )
    fields = SOURCE_FIELDS[source["kind"]]
    if set(source) - {"kind", *fields}:
        raise MalformedAction("malformed_action",
                              f"a {source['kind']} source takes only {list(fields)}")
    for name in fields:
        value = source.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedAction("malformed_action", f"source field {name!r} must be an integer")
    return dict(source)


def require_fill_step(game: Game, seat: int) -> None:
    if seat != game.active:
        raise IllegalAction("not_your_turn", "only the active player fills from dice, "
                            "Stockpiles and Skip-Bos, re-rolls and ends the turn")
    if game.phase != FILL:
        raise IllegalAction("fill_step_over", "the turn is done; the stockpile step is on")


def require_open_pile(board: Board, pile: int) -> int:
    bubble = next_bubble(board, pile)
    if bubble is None:
        raise IllegalAction("pile_complete", f"Build Pile {PILES[pile]} is complete")
    return bubble


def written_mark(face: Face, bubble: int) -> Face:
    """A Skip-Bo writes SB into the next bubble; a number must be that bubble's number."""
    if not is_number(face):
        return SKIP_BO
    if face != bubble:
        raise IllegalAction("number_does_not_fit",
                            f"bubbles are filled in order: the next one is {bubble}, not {face}")
    return bubble


def require_unused_die(game: Game, die: int) -> None:
    if not 0 <= die < len(DICE):
        raise IllegalAction("no_such_die", f"dice are numbered 0..{len(DICE) - 1}")
    if game.used[die]:
        raise IllegalAction("die_already_used", f"die {die} was used this turn")


def require_stockpile_index(stockpile: int) -> None:
    if not 0 <= stockpile < STOCKPILES:
        raise IllegalAction("no_such_stockpile", f"Stockpiles are numbered 0..{STOCKPILES - 1}")


def from_die(game: Game, board: Board, source: Mapping[str, Any], bubble: int) -> tuple[Face, dict]:
    die = source["die"]
    require_unused_die(game, die)
    return written_mark(game.dice[die], bubble), {"kind": "die", "die": die}


def from_stockpile(game: Game, board: Board, source: Mapping[str, Any],
                   bubble: int) -> tuple[Face, dict]:
    stockpile = source["stockpile"]
    require_stockpile_index(stockpile)
    box = top_box(board, stockpile)
    if box is None:
        raise IllegalAction("stockpile_empty", f"Stockpile {stockpile} has no unused number")
    mark = written_mark(board.stockpiles[stockpile][box].value, bubble)
    return mark, {"kind": "stockpile", "stockpile": stockpile, "box": box}


def from_free_skip_bo(game: Game, board: Board, source: Mapping[str, Any],
                      bubble: int) -> tuple[Face, dict]:
    if board.free_skip_bos <= 0:
        raise IllegalAction("free_skip_bo_used", "the free Skip-Bo was already used")
    return SKIP_BO, {"kind": "free_skip_bo"}


def from_reward_skip_bo(game: Game, board: Board, source: Mapping[str, Any],
                        bubble: int) -> tuple[Face, dict]:
    if board.rewards_available <= 0:
        raise IllegalAction("no_skip_bo_reward", "no earned Skip-Bo Reward is left to use")
    return SKIP_BO, {"kind": "reward_skip_bo"}


SOURCES = {
    "die": from_die,
    "stockpile": from_stockpile,
    "free_skip_bo": from_free_skip_bo,
    "reward_skip_bo": from_reward_skip_bo,
}


def uses_bonus_die(source: Mapping[str, Any]) -> bool:
    return source["kind"] == "die" and source["die"] == BONUS
