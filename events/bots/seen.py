"""What a bot sees: exactly what its seat's player would be served.

The seat's view and legal-action items from the rules, and the rules' events as served to
that seat (public data, and only its own private parts). The rules' state is folded here
to compute them, as for any player's GET; the bot itself is never handed it.
"""

from __future__ import annotations

from typing import Any

from games.core.bots import Seen

from .. import store
from ..models import Event, Game


def seen_by(game: Game, seat: int, state: Any) -> Seen:
    """The seat's view, legal items and events at the game's head (`state`)."""
    rules = store.rules_of(game)
    rows = (Event.objects.filter(game=game, seq__lte=game.version)
            .exclude(type__in=store.SERVICE_EVENTS).order_by("seq"))
    events = [store.to_rule_event(row, rules).visible_to(seat) for row in rows]
    return Seen(seat=seat, view=rules.view(state, seat), legal=rules.legal_actions(state, seat),
                events=events)
