"""Building given states and scripting the dice for the Bare Bones tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from games.bare_bones import RULES
from games.bare_bones.data import COLOURS, FACES, card_order, die_colour
from games.bare_bones.state import TURN, Aside, Die, InPlay, Seat, State, Turn
from games.core import GameEvent, NoDice, replay
from games.core.legal import expand_all
from tests.support.harness import config, roundtrip, when


def ordered(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=card_order))


def face(colour: str, value: int) -> int:
    """The scripted d6 result that shows `value` on a die of `colour`."""
    return FACES[colour].index(value) + 1


def faces(*pairs: Any) -> list[int]:
    """faces("red", 3, "white", 5) -> the scripted results for those dice, in order."""
    return [face(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)]


def pick(rest: Sequence[str], card: str) -> int:
    """The scripted result that draws `card` from an unordered pile holding `rest`."""
    return ordered(rest).index(card) + 1


def started(players: int = 2, **options: Any) -> State:
    events = RULES.setup(config(RULES, players, first_player=0, **options), NoDice())
    return replay(RULES, [roundtrip(e) for e in events])


def table(players: int = 2, hands: dict[int, Sequence[str]] | None = None,
          draws: dict[int, Sequence[str]] | None = None,
          discards: dict[int, Sequence[str]] | None = None,
          play: dict[int, Sequence[InPlay]] | None = None,
          aside: dict[int, Sequence[Aside]] | None = None,
          scores: dict[int, int] | None = None, active: int = 0, number: int | None = None,
          seats: dict[int, dict[str, Any]] | None = None, **options: Any) -> State:
    """A game at the start of `active`'s turn (card playing), with the given zones."""
    game = started(players, **options)
    out = []
    for s in range(players):
        out.append(Seat(
            hand=ordered((hands or {}).get(s, ())),
            draw_rest=ordered((draws or {}).get(s, ())),
            discard=tuple((discards or {}).get(s, ())),
            play=tuple((play or {}).get(s, ())),
            aside=tuple((aside or {}).get(s, ())),
            score=(scores or {}).get(s, 0),
            **(seats or {}).get(s, {}),
        ))
    number = active if number is None else number
    turn = Turn(number=number, round=number // players + 1, seat=active)
    return replace(game, seats=tuple(out), phase=TURN, picks=3 * players, turn=turn)


def with_turn(game: State, **changes: Any) -> State:
    assert game.turn is not None
    return replace(game, turn=replace(game.turn, **changes))


def rolled(game: State, *pairs: Any, **changes: Any) -> State:
    """The active player has rolled these dice (colour, face, colour, face...)."""
    dice = tuple(Die(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2))
    return with_turn(game, dice=dice, step="dice", **changes)


def dice_played(*colours: str) -> list[InPlay]:
    return [InPlay(c, c) for c in colours]


def cards_played(*cards: str) -> list[InPlay]:
    return [InPlay(c) for c in cards]


def act(state: State, seat: int, action: dict[str, Any], dice: Sequence[int] = ()):
    return when(RULES, state, seat, action, dice)


def plain(events: Sequence[GameEvent]) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, dict(e.data)) for e in events]


def types(events: Sequence[GameEvent]) -> list[str]:
    return [e.type for e in events]


RESIGN = {"type": "resign"}


def moves(state: State, seat: int) -> list[dict[str, Any]]:
    """The seat's legal actions but `resign`, which (Ruling) closes the list of every seat
    still in play while the game runs: checked here, so that the tests of the other rules
    compare what they are about."""
    items = RULES.legal_actions(state, seat)
    assert items and items[-1] == RESIGN and RESIGN not in items[:-1], items
    return items[:-1]


def of_type(events: Sequence[GameEvent], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.type == kind]


def rolls(state: State, seat: int = 0) -> list[list[str]]:
    """The distinct rolls `legal_actions` allows, as colour lists in colour order: the
    biggest first, then in colour order (the order they were once listed in)."""
    out = set()
    for action in expand_all(moves(state, seat)):
        assert action["type"] == "roll", action
        out.add(tuple(sorted((die_colour(n) for n in action["supply_dice"]),
                             key=COLOURS.index)))
    return [list(r) for r in sorted(out, key=lambda r: (-len(r), [COLOURS.index(c) for c in r]))]
