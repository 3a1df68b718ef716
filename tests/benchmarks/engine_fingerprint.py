"""A fingerprint of what the rules engines do, to show a speed change changed nothing.

    PYTHONPATH=. .venv/bin/python tests/benchmarks/engine_fingerprint.py [SLUG ...] [--quick]

Seeded random playouts per game, over several player counts and option sets (a few typed
moves and rare resignations among them), hashed into one SHA-256 per game: every event's
JSON and its public and private parts, every seat's view and the spectator's, the legal
actions and timeout action of each awaited seat, the awaited seats, the outcome, and
every 5th step the refusals (class, code and message) of malformed and illegal actions
posted by every seat and by seats that do not exist. A change that keeps each game's
hash kept its behaviour byte for byte; the state's own layout is not hashed, so it may
change. Run it before and after (issue #34's engine passes did: docs/benchmarks.md, "The
rules engine"). `--quick` plays 4 games per set instead of 14 (about 30 s for all five).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any, Mapping, Sequence

from games.core import GameConfig, GameRules
from games.core.errors import IllegalAction
from games.core.legal import sample
from games.core.options import resolve_options
from games.registry import GAMES
from tests.support.harness import RandomDice

OPTION_SETS: Mapping[str, Sequence[Mapping[str, Any]]] = {
    "snake-bones": [{}, {"ones_wild": True}, {"raise_rule": "quantity_or_face"},
                    {"ones_wild": True, "raise_rule": "quantity_or_face"}],
    "bamboozled": [{}, {"kids": True}, {"strikes": 4, "hand_limit": None}, {"hand_limit": 1}],
    "dark-knights": [{}, {"target": 200, "final_round": True}, {"target": 100}],
    "skip-bo-dice": [{}, {"claim_window": "open"}],
    "bare-bones": [{}, {"action_set": "interplay", "rounds": 3},
                   {"action_set": "money_money", "rounds": 4},
                   {"action_set": "many_paths", "rounds": 3},
                   {"action_set": "random", "rounds": 3}],
}
PLAYERS: Mapping[str, Sequence[int]] = {
    "snake-bones": (2, 3, 5), "bamboozled": (2, 3, 6), "dark-knights": (1, 2, 4),
    "skip-bo-dice": (1, 2, 4), "bare-bones": (2, 3, 4)}
MAX_STEPS = 3000


def written(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def bad_actions(rng: random.Random, legal: Sequence[Mapping[str, Any]],
                rules: GameRules) -> list[Any]:
    """Malformed and illegal postings: wrong shapes, each field of a concrete legal action
    broken or missing, every action type bare."""
    out: list[Any] = [{"type": "nonsense"}, {}, "x", None, {"type": 3}]
    if legal:
        action = sample(rng.choice(legal), rng.randrange)  # concrete, as it would be posted
        out.append({**action, "extra_field": 1})
        for name in [k for k in action if k != "type"]:
            out += [{**action, name: bad} for bad in ("str", -1, 99, [1, 2])]
            out.append({k: v for k, v in action.items() if k != name})
    out += [{"type": kind.TYPE} for kind in rules.actions]
    return out[:40]


def refusals(digest: Any, rules: GameRules, state: Any, players: int,
             legal: Mapping[int, list[dict[str, Any]]], rng: random.Random, step: int) -> None:
    for seat in [*range(players), players, -1]:
        served = legal.get(seat) or (rules.legal_actions(state, seat)
                                     if 0 <= seat < players else [])
        for bad in bad_actions(rng, served, rules):
            try:
                told = rules.decide(state, seat, bad, RandomDice(random.Random(step)))
                digest.update(b"OK" + written([e.to_json() for e in told]))
            except IllegalAction as refused:
                digest.update(written([type(refused).__name__, refused.code, refused.message]))


def play(digest: Any, rules: GameRules, players: int, options: Mapping[str, Any],
         seed: int, k: int) -> int:
    """One seeded playout hashed into `digest`; its number of steps."""
    rng = random.Random(seed)
    dice = RandomDice(random.Random(seed + 7))
    first = k % players if k % 3 == 0 else None
    state = None
    for event in rules.setup(GameConfig(players, resolve_options(rules.options, options),
                                        first), dice):
        digest.update(written(event.to_json()))
        state = rules.evolve(state, rules.events.parse_event(event.to_json()) if k % 2 else event)
    step = 0
    while (outcome := rules.outcome(state)) is None and step <= MAX_STEPS:
        awaiting = rules.awaiting(state)
        digest.update(written(awaiting))
        for viewer in [None, *range(players)]:
            if step % 3 == 0 or viewer == min(awaiting, default=None):
                digest.update(written(rules.view(state, viewer)))
        legal = {seat: rules.legal_actions(state, seat) for seat in sorted(awaiting)}
        for seat, items in legal.items():
            digest.update(written(items) + written(rules.timeout_action(state, seat)))
        if step % 5 == 0:
            refusals(digest, rules, state, players, legal, rng, step)
        seat = rng.choice(sorted(awaiting))
        items = [a for a in legal[seat] if a["type"] != "resign" or rng.random() < 0.01]
        action: Any = sample(rng.choice(items), rng.randrange)
        if step % 3 == 1:
            action = rules.actions.parse_action(action)  # posted typed
        for event in rules.decide(state, seat, action, dice):
            digest.update(written(event.to_json()) + written(event.public_json())
                          + written(event.private_json()))
            state = rules.evolve(state, event)
        step += 1
    digest.update(written(outcome))
    return step


def fingerprint(slug: str, per_set: int) -> tuple[str, int]:
    """The game's hash and the steps it played."""
    rules, digest, steps = GAMES[slug], hashlib.sha256(), 0
    for players in PLAYERS[slug]:
        for index, options in enumerate(OPTION_SETS[slug]):
            for k in range(per_set):
                steps += play(digest, rules, players, options, players * 1000 + index * 100 + k, k)
    return digest.hexdigest(), steps


def main(argv: Sequence[str]) -> int:
    slugs = [a for a in argv if not a.startswith("--")] or list(OPTION_SETS)
    for slug in slugs:
        digest, steps = fingerprint(slug, 4 if "--quick" in argv else 14)
        print(slug, digest, steps, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
