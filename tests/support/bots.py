"""Driving bots in tests: what a seat sees, and a whole game played by policies."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games.core import GameEvent, GameRules, replay
from games.core.bots import Rng, Seen
from tests.support.harness import RandomDice, config, playing

Policy = Callable[[Seen, Rng], dict[str, Any]]
Visit = Callable[[Any, list[GameEvent], int, Seen, dict[str, Any]], None]


def seen_for(rules: GameRules, state: Any, events: list[GameEvent], seat: int) -> Seen:
    """What `seat` may see: its view, its legal items, the events as served to it."""
    return Seen(seat=seat, view=rules.view(state, seat), legal=rules.legal_actions(state, seat),
                events=[e.visible_to(seat) for e in events])


def others_secrets_dropped(event: GameEvent, seat: int) -> GameEvent:
    """The event without the private part of any seat but `seat`."""
    private = getattr(event, "private", None)
    if not private:
        return event
    return replace(event, private={seat: private[seat]} if seat in private else {})  # type: ignore[type-var]


def play(rules: GameRules, policies: list[Policy], seed: int, options: dict[str, Any],
         visit: Visit | None = None, max_steps: int = 20_000,
         out_of_turn: bool = False) -> dict[str, Any]:
    """One game, seat i played by policies[i] (the lowest awaited seat moves); `visit`
    sees every decision. With `out_of_turn`, a seat that is not awaited but has legal
    actions (Skip-Bo Dice's Bonus Die claims) is asked first, as a client polling its
    legal actions would be. Returns the outcome."""
    dice = RandomDice(random.Random(seed))
    events = list(rules.setup(config(rules, len(policies), first_player=None, **options), dice))
    state = replay(rules, events)
    step = 0
    while (result := rules.outcome(state)) is None:
        awaited = rules.awaiting(state)
        claimers = [s for s in range(len(policies))
                    if out_of_turn and s not in awaited
                    and playing(rules.legal_actions(state, s))]
        seat = claimers[0] if claimers else min(awaited)
        seen = seen_for(rules, state, events, seat)
        action = policies[seat](seen, Rng(f"{seed}:{step}"))
        if visit is not None:
            visit(state, events, seat, seen, action)
        new = rules.decide(state, seat, action, dice)
        events.extend(new)
        state = replay(rules, new, state)
        step += 1
        assert step < max_steps, "the game did not end"
    return result
