"""The decider interface every game implements, and the data that describes a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence

from .dice import Dice
from .events import Event

JSON = Any
Action = Mapping[str, JSON]


@dataclass(frozen=True)
class Option:
    """A variant chosen at creation. `schema` is the JSON schema of its value."""

    name: str
    default: JSON
    schema: Mapping[str, JSON]
    description: str


@dataclass(frozen=True)
class GameConfig:
    """What a game starts from: the number of seats, the options, the creator's choices.

    `first_player` is the seat the creator named to go first (Snake Bones' first bidder,
    Bamboozled's first roller, ...), or None for a recorded random draw.
    """

    players: int
    options: Mapping[str, JSON] = field(default_factory=dict)
    first_player: int | None = None


class GameRules(Protocol):
    """A game as a decider. Every function is pure; dice come in as a parameter."""

    slug: str
    name: str
    min_players: int
    max_players: int
    options: Sequence[Option]

    def setup(self, config: GameConfig, dice: Dice) -> list[Event]:
        """The opening events; the first one is `game_started` and holds the config."""
        ...

    def decide(self, state: Any, seat: int, action: Action, dice: Dice) -> list[Event]:
        """Check every rule and return the events; raise IllegalAction otherwise."""
        ...

    def evolve(self, state: Any | None, event: Event) -> Any:
        """Fold one event into a new state (None before `game_started`). Never validates."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[dict[str, JSON]]:
        """Every action `seat` may post now, each complete as it would be posted."""
        ...

    def awaiting(self, state: Any) -> dict[int, str]:
        """The seats that must act now, each with the kind of decision awaited."""
        ...

    def view(self, state: Any, viewer: int | None) -> dict[str, JSON]:
        """The state as `viewer` may see it (None: a spectator)."""
        ...

    def timeout_action(self, state: Any, seat: int) -> dict[str, JSON]:
        """The action taken for an awaited seat whose clock ran out."""
        ...

    def outcome(self, state: Any) -> dict[str, JSON] | None:
        """None while running; else {"winners": [...], "ranking": [[...], ...], "scores": {...}}."""
        ...


@dataclass(frozen=True)
class Decider:
    """A game assembled from its rule functions; satisfies GameRules.

    Each game builds one (`RULES = Decider(slug=..., setup=setup, decide=decide, ...)`) so
    the functions stay plain module-level functions in the game's own modules.
    `challenges`, where a game has bluff calls, builds the dispute reports from public
    events (games/core/challenges.py).
    """

    slug: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    setup: Callable[[GameConfig, Dice], list[Event]]
    decide: Callable[[Any, int, Action, Dice], list[Event]]
    evolve: Callable[[Any, Event], Any]
    legal_actions: Callable[[Any, int], list[dict[str, JSON]]]
    awaiting: Callable[[Any], dict[int, str]]
    view: Callable[[Any, int | None], dict[str, JSON]]
    timeout_action: Callable[[Any, int], dict[str, JSON]]
    outcome: Callable[[Any], dict[str, JSON] | None]
    challenges: Callable[[Sequence[Mapping[str, JSON]]], list[dict[str, JSON]]] | None = None


def replay(rules: GameRules, events: Sequence[Event], state: Any | None = None) -> Any:
    """The state that folding `events` (after `state`) gives."""
    for event in events:
        state = rules.evolve(state, event)
    return state
