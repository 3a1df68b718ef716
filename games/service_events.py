"""The service's own events: the typed events the service writes around the rules' events.

The rules know nothing of users, seeds or clocks, so the service writes events of its own
into each game's stream (docs/decisions/0001-service-events-wrap-the-rules-stream.md):

| event | when | written by |
| --- | --- | --- |
| `table_seated` | seq 1: who sits where, the commitments to the seeds | events/writes/lobby.py |
| `client_seeds_fixed` | seq 2 (scheme 3): seeds revealed, who withheld | events/writes/seeding.py |
| `game_abandoned` | every seat was an absent player on autoplay | events/clocks/timeouts.py |
| `seed_revealed` | last: the server seed, once the outcome is set | events/writes/head.py |

This module is their one home: the service builds them from these classes, the contract
serves and documents them from these classes (contract/games.py), and the standalone
verifier (games/verify, which ships games/ only) takes their names from `TYPES`. The store
does not fold them into the rules' state.

Pure like all of games/ (standard library only). Their JSON is the stored JSON, which the
hash chain covers: a change here is a change of the stored events (a new schema version
and an upcaster in games/verify/upcasters.py), never a silent one.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar, Mapping

from games.core.frozen import frozen_record

from .core.messages import GameEvent, Messages, Record, doc


@frozen_record
class TableSeat(Record):
    """A seat as the start fixed it: a player's (their player id), or a bot's (no player,
    and its level). Stored below schema version 3, `player` was the username: the
    service serves such a seat with the player id, the standalone verifier as stored
    (docs/fairness.md). From schema version 4 (dice scheme 3) a seat records its
    commitment to its seed, never the seed (`client_seeds_fixed` does, after the reveal);
    below 4 it recorded the seed itself, which the upcaster keeps beside a null
    commitment."""

    seat: int
    player: str | None = field(metadata=doc(
        "the player's opaque id (`p_...`: the `player_id` of the game's `seats`, which "
        "give the name shown now); null for a bot. Never a username: events hold no "
        "personal data (docs/decisions/0011-players-by-opaque-id.md)"))
    seed_commitment: str | None = field(default=None, metadata=doc(
        "dice scheme 3: SHA-256 of \"dice-seed/3:\" and the seat's 32-byte seed, posted "
        "in the lobby; null: the seat committed none (and for games before scheme 3)"))
    client_seed: str | None = field(default=None, metadata=doc(
        "games before dice scheme 3: the seat's contribution to the dice (empty: none); "
        "absent from scheme 3 on (`client_seeds_fixed` has the seeds)", omit_none=True))
    bot: str | None = field(default=None, metadata=doc(
        "a bot's seat: its level (docs/bots.md); absent for a player's seat", omit_none=True))

    def to_json(self) -> dict[str, Any]:
        # The stored key order: a bot's seat has its level right after `player` (a
        # player's seat has no `bot` key, as before bots came). A seat of a game before
        # scheme 3 (schema version 3: its seed, no commitment) keeps its stored shape.
        out = super().to_json()
        if self.client_seed is not None and self.seed_commitment is None:
            del out["seed_commitment"]
        order = ("seat", "player", "bot", "seed_commitment", "client_seed")
        return {key: out[key] for key in order if key in out}


@frozen_record
class TableSeated(GameEvent):
    """The service's first event: who sits where, the options and the seed commitment."""

    TYPE: ClassVar[str] = "table_seated"
    game_id: str = field(metadata=doc("the game's id", format="uuid"))
    game_type: str
    options: Mapping[str, Any]
    server_seed_hash: str = field(metadata=doc("SHA-256 commitment to the server seed"))
    dice_scheme: int = field(metadata=doc("how dice are drawn from the seeds "
                                          "(docs/fairness.md)"))
    seats: tuple[TableSeat, ...]
    rated: bool | None = field(default=None, metadata=doc(
        "true: the game counts for the ratings (docs/ratings.md); absent: it does not",
        omit_none=True))


@frozen_record
class ClientSeedsFixed(GameEvent):
    """Dice scheme 3: the seeds, fixed once every committed seat revealed or the reveal
    deadline passed (docs/fairness.md). Written before the rules' first event."""

    TYPE: ClassVar[str] = "client_seeds_fixed"
    client_seeds: tuple[str, ...] = field(metadata=doc(
        "each seat's revealed seed (64 hex digits), by seat; empty: the seat committed "
        "none, or withheld it"))
    withheld: tuple[int, ...] = field(metadata=doc(
        "the seats that committed to a seed and did not reveal it by the deadline: each "
        "chose between its seed's dice and the empty seed's, visibly"))


EVERY_SEAT_ON_AUTOPLAY = "every_seat_on_autoplay"


@frozen_record
class GameAbandoned(GameEvent):
    """Every seat was an absent player on autoplay: the game ends with no winner."""

    TYPE: ClassVar[str] = "game_abandoned"
    reason: str = field(metadata=doc(EVERY_SEAT_ON_AUTOPLAY))
    seats: tuple[int, ...]


@frozen_record
class SeedRevealed(GameEvent):
    """The service's last event: the server seed, revealed when the game ends."""

    TYPE: ClassVar[str] = "seed_revealed"
    server_seed: str
    server_seed_hash: str
    client_seeds: tuple[str, ...] = field(metadata=doc("each seat's, by seat; empty: none"))
    dice_used: int = field(metadata=doc("how many dice the game drew"))


# The service's own event classes, in stream order, and their types.
EVENTS: tuple[type[GameEvent], ...] = (TableSeated, ClientSeedsFixed, GameAbandoned,
                                       SeedRevealed)
TYPES: frozenset[str] = frozenset(kind.TYPE for kind in EVENTS)
MESSAGES = Messages(*EVENTS)


def parse(event: Mapping[str, Any]) -> GameEvent:
    """A stored service event (upcast to its current schema version) as its class."""
    return MESSAGES.parse_event(event)
