"""Changing one byte of an exported audit, forging a whole chain or a whole game, for the tests.

`committed_audit` builds the audit of a whole dice scheme 3 game from games/ alone, in the
stream shape the service writes (table_seated v4 with the seats' commitments,
client_seeds_fixed, the rules' batches, seed_revealed), and the `*_tampered` functions
below it are the scheme tamperings of docs/decisions/0029-committed-seeds.md that both
verifiers must refuse.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from typing import Any, Callable

from games import registry
from games.core import GameConfig
from games.core.fairness import HmacDice, commitment, seed_commitment
from games.core.options import resolve_options
from games.service_events import TYPES as SERVICE_EVENTS
from games.verify import chain
from games.verify.upcasters import schema_version_of, upcast

HEX = "0123456789abcdef"
RECORDED_AT = "2026-11-27T12:00:00.000000Z"
Choose = Callable[[list[dict]], dict]


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
    its concrete legal actions, else its timeout action), every hash recomputed.
    Self-consistent: only an anchor the player kept (the commitment shown before play, the
    events served) tells it apart."""
    game, events = copy.deepcopy(audit["game"]), audit["events"]
    seated, last = (copy.deepcopy(events[i]) for i in (0, -1))
    rules = registry.get(game["game_type"])
    scheme = int(upcast("table_seated", seated["schema_version"], seated["data"])["dice_scheme"])
    opening = [seated]
    if scheme == 3:
        opening.append(copy.deepcopy(events[1]))
        client_seeds = list(opening[1]["data"]["client_seeds"])
    else:
        client_seeds = [seat["client_seed"] for seat in seated["data"]["seats"]]
    dice = HmacDice(server_seed, game["id"], client_seeds, scheme=scheme)
    hashed = commitment(server_seed, scheme)
    seated["data"]["server_seed_hash"] = hashed
    out = played(rules, opening, dice, next(e for e in events if e.get("command"))["command"],
                 choose)
    last["data"].update(server_seed=server_seed, server_seed_hash=hashed,
                        dice_used=len(dice.draws))
    last["seq"] = len(out) + 1
    out.append(last)
    game.update(server_seed=server_seed, server_seed_hash=hashed, outcome=rules.outcome(
        state_of(rules, out)), version=len(out), dice_used=len(dice.draws))
    rest = {key: value for key, value in audit.items() if key != "verdict"}
    return rehash({**rest, "game": game, "events": out})


def stored(game_id: str, seq: int, body: dict[str, Any], actor: str, command: Any = None,
           draws: list[list[int]] | None = None) -> dict[str, Any]:
    """An event as the store records it (hashes left for `rehash`)."""
    return {"game_id": game_id, "seq": seq, "type": body["type"],
            "schema_version": schema_version_of(body["type"]), "data": body["data"],
            "private": body.get("private") or {}, "actor": actor, "command": command,
            "draws": draws or [], "idempotency_key": None, "recorded_at": RECORDED_AT,
            "prev_hash": "", "hash": ""}


def played(rules: Any, opening: list[dict[str, Any]], dice: HmacDice, setup: dict[str, Any],
           choose: Choose) -> list[dict[str, Any]]:
    """`opening` (the service's first events) and the whole game the rules decide after
    it with `dice`: the lowest awaited seat first, each move `choose`n among its concrete
    legal actions, else its timeout action."""
    out, game_id = list(opening), opening[0]["game_id"]

    def append(decided: list[Any], actor: str, command: Any, draws_from: int) -> None:
        for index, event in enumerate(decided):
            body = json.loads(json.dumps(event.to_json()))
            out.append(stored(game_id, len(out) + 1, body, actor,
                              command if index == 0 else None,
                              [d.to_list() for d in dice.draws[draws_from:]] if index == 0
                              else []))

    options = setup["setup"]
    decided = list(rules.setup(GameConfig(players=options["players"], options=options["options"],
                                          first_player=options["first_player"]), dice))
    append(decided, "system", setup, 0)
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
    return out


def state_of(rules: Any, events: list[dict[str, Any]]) -> Any:
    """The rules' state folded from the rules' events of a stream."""
    state = None
    for event in events:
        if event["type"] not in SERVICE_EVENTS:
            body = {key: event[key] for key in ("type", "data", "private")}
            state = rules.evolve(state, rules.events.parse_event(body))
    return state


# --- dice scheme 3 ----------------------------------------------------------------------

def committed_audit(slug: str, server_seed: str, game_id: str, seeds: list[str],
                    choose: Choose, commitments: list[str | None] | None = None,
                    withheld: tuple[int, ...] = (), scheme: int = 3) -> dict[str, Any]:
    """The audit of a finished dice scheme 3 game built from games/ alone, as the service
    records one: `seeds` are the fixed seeds by seat ("" for none or withheld), each
    non-empty one committed to (or `commitments` given, for the seats that withheld).
    Another `scheme` forges the same stream rolled and committed under that scheme."""
    rules = registry.get(slug)
    if commitments is None:
        commitments = [seed_commitment(seed) if seed else None for seed in seeds]
    hashed, options = commitment(server_seed, scheme), resolve_options(rules.options, {})
    seats = [{"seat": n, "player": f"p_seat{n}", "seed_commitment": c}
             for n, c in enumerate(commitments)]
    seated = {"type": "table_seated", "data": {
        "game_id": game_id, "game_type": slug, "options": options,
        "server_seed_hash": hashed, "dice_scheme": scheme, "seats": seats}}
    fixed = {"type": "client_seeds_fixed",
             "data": {"client_seeds": list(seeds), "withheld": list(withheld)}}
    opening = [stored(game_id, 1, seated, "system"), stored(game_id, 2, fixed, "system")]
    dice = HmacDice(server_seed, game_id, seeds, scheme=scheme)
    setup = {"setup": {"players": len(seeds), "options": options, "first_player": 0}}
    out = played(rules, opening, dice, setup, choose)
    revealed = {"type": "seed_revealed", "data": {
        "server_seed": server_seed, "server_seed_hash": hashed, "client_seeds": list(seeds),
        "dice_used": len(dice.draws)}}
    out.append(stored(game_id, len(out) + 1, revealed, "system"))
    states = {n: ("withheld" if n in withheld else "revealed" if seed else
                  "committed" if commitments[n] else "none") for n, seed in enumerate(seeds)}
    game = {"id": game_id, "game_type": slug, "status": "finished", "options": options,
            "table_size": len(seeds), "dice_scheme": scheme,
            "seats": [{"seat": n, "player": f"seat{n}", "player_id": f"p_seat{n}", "bot": None,
                       "client_seed": seed or None, "seed_commitment": commitments[n],
                       "seed": states[n]} for n, seed in enumerate(seeds)],
            "version": len(out), "dice_used": len(dice.draws), "server_seed_hash": hashed,
            "server_seed": server_seed, "outcome": rules.outcome(state_of(rules, out)),
            "created_at": RECORDED_AT, "started_at": RECORDED_AT, "finished_at": RECORDED_AT}
    return rehash({"format": "dice-games-audit/1", "game": game, "events": out})


def untagged(audit: dict[str, Any]) -> dict[str, Any]:
    """A scheme 3 audit whose commitment was recomputed as SHA-256(server seed), the
    schemes 1 and 2 commitment, everywhere it is published (every hash recomputed)."""
    out = copy.deepcopy(audit)
    hashed = hashlib.sha256(bytes.fromhex(out["game"]["server_seed"])).hexdigest()
    out["game"]["server_seed_hash"] = hashed
    for event in (out["events"][0], out["events"][-1]):
        event["data"]["server_seed_hash"] = hashed
    return rehash(out)


def with_game_scheme(audit: dict[str, Any], scheme: int) -> dict[str, Any]:
    """The audit with the game serving another dice scheme than table_seated records."""
    return {**audit, "game": {**audit["game"], "dice_scheme": scheme}}


# The seeds of the scheme tamperings, as in docs/fairness.md's worked example, scheme 3.
SERVER_SEED = hashlib.sha256(b"dice-games worked example").hexdigest()
GAME_ID = "7d3c9a4e-5b21-4f0e-8c6a-2e9f1b7d4a63"
SEEDS = ("0123456789abcdef" * 4, "fedcba9876543210" * 4)
SWAPPED = "00" * 32


def scheme_tamperings(slug: str, choose: Choose) -> dict[str, tuple[dict[str, Any], str]]:
    """Each scheme tampering of docs/decisions/0029-committed-seeds.md as a whole audit of
    a two-seat game, self-consistent but for the one rule it breaks (every hash and die
    recomputed), with where dice-verify reports it."""
    def game(seeds: tuple[str, ...] = SEEDS, **changes: Any) -> dict[str, Any]:
        return committed_audit(slug, SERVER_SEED, GAME_ID, list(seeds), choose, **changes)

    commitments = [seed_commitment(seed) for seed in SEEDS]
    return {
        "table_seated v4 with scheme 1": (game(scheme=1), "[seed] seq 1 (data.dice_scheme)"),
        "table_seated v4 with scheme 2": (game(scheme=2), "[seed] seq 1 (data.dice_scheme)"),
        "game.dice_scheme is not table_seated's": (
            with_game_scheme(game(), 2), "[seed] seq 1 (data.dice_scheme)"),
        "commitment recomputed as SHA-256(seed)": (
            untagged(game()), "[seed] game (game.server_seed)"),
        "a withheld seed passed off as revealed": (
            game((SEEDS[0], ""), commitments=commitments),
            "[seed] seq 2 (data.client_seeds[1])"),
        "a seat withheld without a commitment": (
            game((SEEDS[0], ""), commitments=[commitments[0], None], withheld=(1,)),
            "[seed] seq 2 (data.withheld)"),
        "a revealed seed swapped": (
            game((SEEDS[0], SWAPPED), commitments=commitments),
            "[seed] seq 2 (data.client_seeds[1])"),
    }
