"""What the write path announces, and who listens.

The write path (events/writes/) knows nothing of clocks, webhooks or bots: after each batch it
refreshes the game's head and announces an `Appended` to the listeners registered here,
inside the batch's transaction (a listener's rows commit or roll back with the events).
The clocks, the webhooks and the bots register theirs once, when the app starts
(events/apps.py, `EventsConfig.ready`). A listener must not append events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..models import Game, Seat


@dataclass(frozen=True)
class Acted:
    """Who caused the append: a seat (by its player, by the clock or by a bot), or the
    system. A bot plays a bot's seat, or a player's seat on autoplay (events/bots/)."""

    seat: int | None = None
    by_clock: bool = False
    by_bot: bool = False

    def by_player(self) -> bool:
        """The seat's own player acted (not the clock, not a bot for them)."""
        return self.seat is not None and not self.by_clock and not self.by_bot


@dataclass(frozen=True)
class Appended:
    """A batch was appended and the game's head refreshed (not yet committed).

    `seats`: the game's seats as the write path locked them (ordered by number).
    `awaiting_before` / `awaiting`: who was awaited before and after the batch.
    `started`: the batch started the game; `outcome`: set if the batch ended it."""

    game: Game
    seats: Sequence[Seat]
    acted: Acted
    awaiting_before: Mapping[int, str]
    awaiting: Mapping[int, str]
    started: bool = False
    outcome: Mapping[str, Any] | None = field(default=None)

    def called_to_act(self) -> list[int]:
        """Seats newly asked for a decision by someone else's move (or the clock's): a
        player who just moved is at the table already."""
        acted = self.acted
        return sorted(seat for seat, kind in self.awaiting.items()
                      if self.awaiting_before.get(seat) != kind
                      and not (seat == acted.seat and not acted.by_clock))


Listener = Callable[[Appended], None]
_listeners: list[Listener] = []


def listen(listener: Listener) -> None:
    """Call `listener` after every batch from now on (once, however often registered)."""
    if listener not in _listeners:
        _listeners.append(listener)


def announce(change: Appended) -> None:
    for listener in tuple(_listeners):
        listener(change)
