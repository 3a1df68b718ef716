"""A second verifier, written from docs/fairness.md alone.

It deliberately imports nothing from the service (no games.core.fairness, no
games.core.dice, no events.chain): if the service's dice or hashes ever drift from the
published specification, the tests that use this module fail.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any, Callable, Sequence

TWO_32 = 2**32
ZEROS = "0" * 64
HASHED = ("game_id", "seq", "type", "schema_version", "data", "private", "actor", "command",
          "draws", "idempotency_key", "recorded_at", "prev_hash")


def message(game_id: str, client_seeds: Sequence[str], nonce: int, attempt: int,
            scheme: int) -> str:
    """The specification's message: scheme 2 length-prefixes each seed; scheme 1 (games
    seated before it) joins them with commas."""
    if scheme == 1:
        return game_id + ":" + ",".join(client_seeds) + ":" + str(nonce) + ":" + str(attempt)
    seeds = ":".join(str(len(s.encode("utf-8"))) + ":" + s for s in client_seeds)
    return ("dice/2:" + game_id + ":" + str(len(client_seeds)) + ":" + seeds + ":"
            + str(nonce) + ":" + str(attempt))


def die(server_seed: str, game_id: str, client_seeds: Sequence[str], nonce: int,
        sides: int, scheme: int = 2) -> tuple[int, int]:
    """(value, attempts used), as the specification's steps 1-5 say."""
    key = bytes.fromhex(server_seed)
    limit = TWO_32 - TWO_32 % sides
    attempt = 0
    while True:
        text = message(game_id, client_seeds, nonce, attempt, scheme)
        digest = hmac.new(key, text.encode("utf-8"), hashlib.sha256).digest()
        x = int.from_bytes(digest[:4], "big")
        if x < limit:
            return x % sides + 1, attempt + 1
        attempt += 1


def shuffle(items: Sequence[Any], roll: Callable[[int], int]) -> list[Any]:
    """The specification's Fisher-Yates: i from n-1 down to 1, swap i and roll(i+1)-1."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = roll(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode("utf-8")


def event_hash(event: dict[str, Any]) -> str:
    if event.get("stored") is not None:  # served upcast: the bytes hashed are in `stored`
        return hashlib.sha256(event["prev_hash"].encode("ascii")
                              + event["stored"].encode("utf-8")).hexdigest()
    body = {name: event[name] for name in HASHED}
    return hashlib.sha256(event["prev_hash"].encode("ascii") + canonical(body)).hexdigest()


def verify(audit: dict[str, Any]) -> list[str]:
    """Every problem found: commitment, client seeds, nonces, every die, the chain."""
    game, events = audit["game"], audit["events"]
    problems: list[str] = []
    seated, revealed = events[0], events[-1]
    if seated["type"] != "table_seated" or revealed["type"] != "seed_revealed":
        problems.append("the stream is not opened by table_seated and closed by seed_revealed")
    seed = revealed["data"]["server_seed"]
    committed = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    if committed != seated["data"]["server_seed_hash"] or committed != game["server_seed_hash"]:
        problems.append("the revealed seed does not match the commitment")
    client_seeds = [s["client_seed"] for s in seated["data"]["seats"]]
    # table_seated records the scheme since schema version 2; before that it was 1.
    scheme = seated["data"].get("dice_scheme", 1) if seated["schema_version"] >= 2 else 1
    if revealed["data"]["client_seeds"] != client_seeds:
        problems.append("seed_revealed lists other client seeds than table_seated")
    nonce = 0
    for event in events:
        for n, sides, value in event["draws"]:
            if n != nonce:
                problems.append(f"seq {event['seq']}: nonce {n}, expected {nonce}")
            nonce = n + 1
            if die(seed, game["id"], client_seeds, n, sides, scheme)[0] != value:
                problems.append(f"seq {event['seq']}: nonce {n} d{sides} is not {value}")
    if revealed["data"]["dice_used"] != nonce:
        problems.append("dice_used is not the number of draws")
    previous = ZEROS
    for seq, event in enumerate(events, start=1):
        if event["seq"] != seq or event["prev_hash"] != previous:
            problems.append(f"seq {seq}: out of place or not linked")
        if event_hash(event) != event["hash"]:
            problems.append(f"seq {seq}: hash does not recompute")
        previous = event["hash"]
    return problems


def draws(audit: dict[str, Any]) -> list[list[int]]:
    return [draw for event in audit["events"] for draw in event["draws"]]
