"""Whose turn it is after a batch, and what each awaited seat may do then: the `turn` a
game's live answers give each reader whose seat is awaited (api/live_views.py), and the
mover's next step in the answer to a move (api/views.py, ActionView).

One batch's turns are worked out once per process and kept (`TURNS`): however many
streams and long polls of the game are open, a batch costs one state (from the state
cache the write path fills, events/store/fold.py) and one `legal_actions` per awaited
seat, never one per reader (docs/decisions/0032-one-round-trip.md). A seat's actions
are handed only to that seat's reader: they may tell its hidden dice or cards.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from threading import Lock
from typing import Any, Mapping

from . import store
from .models import Game, GameStatus

# The action a seat in play may always post (RULINGS.md, Resigning).
RESIGN = "resign"


@dataclass(frozen=True)
class Turns:
    """After event `version` of a game in play: who is awaited (seat: kind) and the
    legal actions of each seat that has a turn: every awaited seat, and a seat not
    awaited that may act out of turn (Skip-Bo Dice's Bonus Die claims: more than
    `resign`, which a seat in play always may)."""

    game_type: str
    version: int
    awaiting: Mapping[int, str]
    actions: Mapping[int, list[dict[str, Any]]]

    def awaiting_list(self) -> list[dict[str, Any]]:
        return [{"seat": seat, "kind": kind} for seat, kind in sorted(self.awaiting.items())]

    def turn_of(self, seat: int | None) -> dict[str, Any] | None:
        """The `turn` for the reader of `seat`: None unless that seat has one (a
        spectator, seat None, never has)."""
        if seat is None or seat not in self.actions:
            return None
        return {"game_type": self.game_type, "version": self.version, "seat": seat,
                "awaiting": self.awaiting_list(), "legal_actions": self.actions[seat]}


def state_turns(game: Game, state: Any, version: int) -> Turns:
    """The turns of `state`, the game's state after event `version` (None before the
    rules start: nobody awaited)."""
    if state is None:
        return Turns(game.game_type, version, {}, {})
    rules = store.rules_of(game)
    awaiting = dict(rules.awaiting(state))
    every = {seat: rules.legal_actions(state, seat) for seat in range(game.seats)}
    actions = {seat: listed for seat, listed in every.items()
               if seat in awaiting or any(item["type"] != RESIGN for item in listed)}
    return Turns(game.game_type, version, awaiting, actions)


class TurnCache:
    """Turns by (game, version), the newest `size` kept: each batch's worked out once."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._turns: OrderedDict[tuple[str, int], Turns] = OrderedDict()
        self._lock = Lock()

    def at(self, game: Game, version: int) -> Turns:
        """The turns after event `version` of `game` (in play at that version)."""
        found = self.kept(game, version)
        if found is not None:
            return found
        turns = state_turns(game, store.state_at(game, version), version)
        with self._lock:
            self._turns[(str(game.id), version)] = turns
            while len(self._turns) > self.size:
                self._turns.popitem(last=False)
        return turns

    def kept(self, game: Game, version: int) -> Turns | None:
        """The turns after event `version` if already worked out (no read)."""
        with self._lock:
            return self._turns.get((str(game.id), version))


TURNS = TurnCache()


def next_step(game: Game, seat: int, version: int, finished: bool) -> dict[str, Any]:
    """What the answer to seat `seat`'s move tells its player, as of event `version` (the
    answer's): the status, who is awaited, their view (as GET /state serves it) and their
    legal actions (as GET legal-actions lists them; none once the game is over). Right
    after the move the state is the one the write path folded (the state cache)."""
    state = store.state_at(game, version)
    view = {**store.rules_of(game).view(state, seat), "server_seed_hash": game.server_seed_hash}
    if finished:
        return {"status": GameStatus.FINISHED.value, "awaiting": [], "view": view,
                "legal_actions": []}
    turns = TURNS.at(game, version)
    actions = turns.actions.get(seat) or store.rules_of(game).legal_actions(state, seat)
    return {"status": GameStatus.ACTIVE.value, "awaiting": turns.awaiting_list(), "view": view,
            "legal_actions": actions}
