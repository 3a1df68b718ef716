"""Changing one byte of an exported audit, forging a whole chain or a whole game, for the tests."""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

from events.store import chain
from games import registry
from games.core import GameConfig
from games.core.fairness import HmacDice, commitment
from games.verify.upcasters import schema_version_of, upcast

HEX = "0123456789abcdef"


def flip_string(text: str, rng: random.Random) -> str:
    """The same string with one character changed (hex stays hex)."""
    if not text:
        return "x"
    i = rng.randrange(len(text))
    alphabet = HEX if all(c in HEX for c in text) else HEX + "xyz"
    new = rng.choice([c for c in alphabet if c != text[i]])
    return text[:i] + new + text[i + 1:]


def flip(value: Any, rng: random.Random) -> Any:
    """A copy of a JSON value with one leaf changed by one character or one unit."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return flip_string(value, rng)
    if value is None:
        return "x"
    if isinstance(value, list):
        if not value:
            return [0]
        i = rng.randrange(len(value))
        return value[:i] + [flip(value[i], rng)] + value[i + 1:]
    if not value:
        return {"x": 0}
    key = rng.choice(sorted(value))
    return {**value, key: flip(value[key], rng)}


def tampered(audit: dict[str, Any], seq: int, field: str, rng: random.Random) -> dict[str, Any]:
    """A copy of the audit with one field of event `seq` changed (the rest is shared)."""
    event = copy.deepcopy(audit["events"][seq - 1])
    event[field] = flip(event[field], rng)
    events = list(audit["events"])
    events[seq - 1] = event
    return {**audit, "events": events}


def rehash(audit: dict[str, Any]) -> dict[str, Any]:
    """What a forger who knows the algorithm would do: recompute every hash and link."""
    prev = chain.GENESIS
    for event in audit["events"]:
        event["prev_hash"] = prev
        event["hash"] = chain.event_hash(event)
        prev = event["hash"]
    return audit


def forged(audit: dict[str, Any], server_seed: str,
           choose: Callable[[list[dict]], dict]) -> dict[str, Any]:
    """What a dishonest server could publish instead of a game's audit: the same table
    (game id, seats, client seeds, options, setup command) under a fresh server seed,
    its commitment put everywhere the old one was, the whole game decided anew by the
    rules with that seed's dice (the lowest awaited seat first, each move `choose`n among
    its concrete legal actions, else its timeout action), every hash recomputed. Self-consistent: only an anchor the
    player kept (the commitment shown before play, the events served) tells it apart."""
    game, events = copy.deepcopy(audit["game"]), audit["events"]
    seated, setup, last = (copy.deepcopy(events[i]) for i in (0, 1, -1))
    rules = registry.get(game["game_type"])
    scheme = int(upcast("table_seated", seated["schema_version"], seated["data"])["dice_scheme"])
    client_seeds = [seat["client_seed"] for seat in seated["data"]["seats"]]
    dice = HmacDice(server_seed, game["id"], client_seeds, scheme=scheme)
    hashed = commitment(server_seed)
    seated["data"]["server_seed_hash"] = hashed
    out: list[dict[str, Any]] = [seated]

    def append(decided: list[Any], actor: str, command: Any, draws_from: int) -> None:
        for index, event in enumerate(decided):
            body = json.loads(json.dumps(event.to_json()))
            out.append({
                "game_id": game["id"], "seq": len(out) + 1, "type": body["type"],
                "schema_version": schema_version_of(body["type"]), "data": body["data"],
                "private": body["private"], "actor": actor,
                "command": command if index == 0 else None,
                "draws": [d.to_list() for d in dice.draws[draws_from:]] if index == 0 else [],
                "idempotency_key": None, "recorded_at": seated["recorded_at"],
                "prev_hash": "", "hash": ""})

    options = setup["command"]["setup"]
    decided = list(rules.setup(GameConfig(players=options["players"], options=options["options"],
                                          first_player=options["first_player"]), dice))
    append(decided, "system", setup["command"], 0)
    state = None
    for event in decided:
        state = rules.evolve(state, event)
    while rules.outcome(state) is None:
        seat = min(rules.awaiting(state))
        concrete = [a for a in rules.legal_actions(state, seat)
                    if "choose" not in a and a["type"] != "resign"]
        action = choose(concrete) if concrete else rules.timeout_action(state, seat)
        start = len(dice.draws)
        decided = list(rules.decide(state, seat, action, dice))
        append(decided, f"seat:{seat}", {"seat": seat, "action": action}, start)
        for event in decided:
            state = rules.evolve(state, event)
    last["data"].update(server_seed=server_seed, server_seed_hash=hashed,
                        dice_used=len(dice.draws))
    last["seq"] = len(out) + 1
    out.append(last)
    game.update(server_seed=server_seed, server_seed_hash=hashed, outcome=rules.outcome(state),
                version=len(out), dice_used=len(dice.draws))
    rest = {key: value for key, value in audit.items() if key != "verdict"}
    return rehash({**rest, "game": game, "events": out})
