"""Given/when/then helpers and random legal play for the pure rules (no Django)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from games.core import GameConfig, GameEvent, GameRules, ScriptedDice, replay
from games.core.legal import expand_all
from games.core.options import resolve_options

RESIGN = {"type": "resign"}


def moves(rules: GameRules, state: Any, seat: int) -> list[dict[str, Any]]:
    """Every concrete legal action of the seat but `resign` (random play never picks it)."""
    return expand_all(playing(rules.legal_actions(state, seat)))


class RandomDice:
    """Seeded dice for random play (tests only; the service uses HmacDice)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self, sides: int) -> int:
        return self.rng.randint(1, sides)


def roundtrip(event: GameEvent) -> GameEvent:
    """The event as it comes back from the store: through JSON and back."""
    raw = event.to_json()
    again = json.loads(json.dumps(raw))
    assert again == raw, f"event is not plain JSON: {raw}"
    return type(event).from_json(again)


def stored(kind: str, data: Mapping[str, Any] | None = None,
           private: Mapping[int, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """An event in its stored form, written out by hand (what a test expects)."""
    return {"type": kind, "data": dict(data or {}),
            "private": {str(seat): dict(part) for seat, part in (private or {}).items()}}


def as_stored(events: Sequence[GameEvent]) -> list[dict[str, Any]]:
    """Typed events in their stored form, to compare with `stored(...)`."""
    return [event.to_json() for event in events]


def secrets(event: GameEvent) -> dict[int, dict[str, Any]]:
    """An event's private parts by seat, each as stored (its JSON)."""
    return {int(seat): part for seat, part in event.private_json().items()}


def typed(rules: GameRules, kind: str, data: Mapping[str, Any] | None = None,
          private: Mapping[int, Mapping[str, Any]] | None = None) -> GameEvent:
    """A game's typed event from its stored form written out by hand (for `given`s)."""
    return rules.events.parse_event(stored(kind, data, private))  # type: ignore[attr-defined]


def config(rules: GameRules, players: int, first_player: int | None = 0,
           **options: Any) -> GameConfig:
    return GameConfig(players=players, options=resolve_options(rules.options, options),
                      first_player=first_player)


def given(rules: GameRules, cfg: GameConfig,
          dice: Sequence[int] = ()) -> tuple[Any, list[GameEvent]]:
    """The state after setup with scripted dice; returns (state, events)."""
    scripted = ScriptedDice(dice)
    events = rules.setup(cfg, scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} scripted dice left unused by setup"
    return replay(rules, [roundtrip(e) for e in events]), events


def when(rules: GameRules, state: Any, seat: int, action: Mapping[str, Any],
         dice: Sequence[int] = ()) -> tuple[Any, list[GameEvent]]:
    """Decide an action with scripted dice and fold it; returns (new state, events)."""
    scripted = ScriptedDice(dice)
    events = rules.decide(state, seat, action, scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} scripted dice left unused by decide"
    return replay(rules, [roundtrip(e) for e in events], state), events


@dataclass
class PlayedGame:
    config: GameConfig
    events: list[GameEvent] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    state: Any = None
    steps: int = 0


def playing(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The legal items but `resign`: random play resigns only when asked to (`resign`),
    or every game would end early by resignations."""
    return [dict(item) for item in items if item["type"] != RESIGN["type"]]


def play_random(rules: GameRules, cfg: GameConfig, seed: int, max_steps: int = 20_000,
                check_timeouts: bool = True, keep_states: bool = False,
                out_of_turn: float = 0.0, resign: float = 0.0) -> PlayedGame:
    """Play one game with random legal actions; checks the decider's generic promises.

    - every event survives a JSON round trip and folding it gives the same state;
    - while the game runs, some seat is awaited and every awaited seat has legal actions;
    - each action chosen from legal_actions is accepted by decide;
    - the timeout action of every awaited seat is one decide accepts;
    - replaying all events from scratch, as the store gives them back, gives the final state.

    With `out_of_turn` > 0, that share of the moves goes to any seat that has legal
    actions, awaited or not (for games where seats may act out of turn).

    `resign` (RULINGS, "Resigning"): a random move never resigns; with `resign` > 0, that
    share of the steps has a random seat still in play (one offered `resign`) resign.
    """
    rng = random.Random(seed)
    dice = RandomDice(rng)
    game = PlayedGame(config=cfg)
    game.events = list(rules.setup(cfg, dice))
    stored = [roundtrip(e) for e in game.events]   # each event as the store gives it back
    game.state = replay(rules, stored)
    while rules.outcome(game.state) is None:
        game.steps += 1
        assert game.steps <= max_steps, f"game did not end within {max_steps} steps"
        awaited = rules.awaiting(game.state)
        assert awaited, "a running game awaits nobody"
        listed = {seat: moves(rules, game.state, seat) for seat in awaited}
        for seat in awaited:
            assert listed[seat], f"awaited seat {seat} has no legal action"
            if check_timeouts:
                rules.decide(game.state, seat, rules.timeout_action(game.state, seat),
                             RandomDice(random.Random(rng.random())))
        seat = rng.choice(sorted(awaited))
        if out_of_turn and rng.random() < out_of_turn:
            seat = rng.choice([s for s in range(cfg.players) if moves(rules, game.state, s)])
        action = rng.choice(listed[seat] if seat in listed else moves(rules, game.state, seat))
        if resign and rng.random() < resign:
            resigning = [s for s in range(cfg.players)
                         if RESIGN in rules.legal_actions(game.state, s)]
            if resigning:
                seat, action = rng.choice(resigning), dict(RESIGN)
        new_events = rules.decide(game.state, seat, action, dice)
        assert new_events, f"decide returned no events for {action}"
        for event in new_events:
            stored.append(roundtrip(event))
            game.state = rules.evolve(game.state, stored[-1])
            if keep_states:
                game.states.append(game.state)
        game.events.extend(new_events)
    assert replay(rules, stored) == game.state
    return game
