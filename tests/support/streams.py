"""Finished games stored straight into the event store, for the projections' tests and
benchmark: random legal play by the pure rules, each batch appended with the hash chain
(events.store.append), `table_seated` first and `seed_revealed` last, as the write path
stores them (without its clocks, bots and HMAC dice: the projections read only events)."""

from __future__ import annotations

import random
import uuid
from typing import Any, Sequence

from django.db import transaction

from events import store
from events.models import Game, GameStatus
from games import registry
from games.core import GameConfig, replay
from games.core.options import resolve_options
from games.service_events import GameAbandoned, SeedRevealed, TableSeat, TableSeated
from tests.support.harness import RandomDice, moves


def _rules_events(game_type: str, players: int, rng: random.Random,
                  max_steps: int = 20_000) -> list[tuple[str, list[Any]]]:
    """(actor, events) batches of one random game, setup first."""
    rules = registry.get(game_type)
    dice = RandomDice(rng)
    cfg = GameConfig(players=players, options=resolve_options(rules.options, {}),
                     first_player=None)
    opening = list(rules.setup(cfg, dice))
    batches = [("system", opening)]
    state = replay(rules, opening)
    for _ in range(max_steps):
        if rules.outcome(state) is not None:
            return batches
        seat = rng.choice(sorted(rules.awaiting(state)))
        action = rng.choice(moves(rules, state, seat))
        new = list(rules.decide(state, seat, action, dice))
        for event in new:
            state = rules.evolve(state, event)
        batches.append((f"seat:{seat}", new))
    raise AssertionError(f"{game_type} did not end in {max_steps} steps")


def stored_game(creator: Any, game_type: str, players: Sequence[str | None], seed: int, *,
                rated: bool = False, abandoned: bool = False) -> uuid.UUID:
    """A finished game of these seats (player ids; None: a bot) stored as events; its id.
    `abandoned`: the stream stops after the opening with `game_abandoned`."""
    rng = random.Random(seed)
    batches = _rules_events(game_type, len(players), rng)
    if abandoned:
        batches = batches[:1]
    with transaction.atomic():
        game = Game.objects.create(
            game_type=game_type, seats=len(players), creator=creator, server_seed="0" * 64,
            server_seed_hash="1" * 64, rated=rated, status=GameStatus.FINISHED)
        seated = TableSeated(
            game_id=str(game.id), game_type=game_type, options={}, server_seed_hash="1" * 64,
            dice_scheme=2, rated=True if rated else None,
            seats=tuple(TableSeat(seat=n, player=p, client_seed="",
                                  bot=None if p is not None else "basic")
                        for n, p in enumerate(players)))
        store.append(game, store.Batch([seated], actor="system"))
        for actor, events in batches:
            store.append(game, store.Batch(events, actor=actor))
        closing: list[Any] = []
        if abandoned:
            closing.append(GameAbandoned(reason="every_seat_on_autoplay",
                                         seats=tuple(range(len(players)))))
        closing.append(SeedRevealed(server_seed="0" * 64, server_seed_hash="1" * 64,
                                    client_seeds=("",) * len(players), dice_used=0))
        store.append(game, store.Batch(closing, actor="system"))
        game.save(update_fields=["version", "head_hash", "dice_used"])
    return game.id
