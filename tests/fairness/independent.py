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


# The schemes a table_seated of each schema version may record.
SCHEMES_BY_VERSION = {1: (1,), 2: (1, 2), 3: (1, 2), 4: (3,)}


def message(game_id: str, client_seeds: Sequence[str], nonce: int, attempt: int,
            scheme: int) -> str:
    """The specification's message: schemes 2 and 3 length-prefix each seed behind their
    tag; scheme 1 (games seated before 2) joins them with commas."""
    if scheme == 1:
        return game_id + ":" + ",".join(client_seeds) + ":" + str(nonce) + ":" + str(attempt)
    seeds = ":".join(str(len(s.encode("utf-8"))) + ":" + s for s in client_seeds)
    return ("dice/" + str(scheme) + ":" + game_id + ":" + str(len(client_seeds)) + ":" + seeds + ":"
            + str(nonce) + ":" + str(attempt))


def die(server_seed: str, game_id: str, client_seeds: Sequence[str], nonce: int,
        sides: int, scheme: int) -> tuple[int, int]:
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


def server_commitment(server_seed: str, scheme: int) -> str:
    """Scheme 3 tags the hashed seed bytes with "dice/3:"; schemes 1 and 2 do not."""
    tag = b"dice/3:" if scheme == 3 else b""
    return hashlib.sha256(tag + bytes.fromhex(server_seed)).hexdigest()


def seed_commitment(client_seed: str) -> str:
    return hashlib.sha256(b"dice-seed/3:" + bytes.fromhex(client_seed)).hexdigest()


def is_seed(text: str) -> bool:
    return len(text) == 64 and all(c in "0123456789abcdef" for c in text)


def scheme_of(audit: dict[str, Any]) -> tuple[int, list[str]]:
    """The dice scheme and the problems with it: allowed by table_seated's stored schema
    version, and the game's."""
    seated = audit["events"][0]
    # table_seated records the scheme since schema version 2; before that it was 1.
    scheme = seated["data"].get("dice_scheme", 1) if seated["schema_version"] >= 2 else 1
    problems = []
    if scheme not in SCHEMES_BY_VERSION.get(seated["schema_version"], ()):
        problems.append(f"scheme {scheme} is not allowed in table_seated "
                        f"v{seated['schema_version']}")
    if audit["game"].get("dice_scheme", scheme if scheme < 3 else None) != scheme:
        problems.append("the game's dice_scheme is not table_seated's")
    return scheme, problems


def fixed_seeds(audit: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Scheme 3: the seeds of client_seeds_fixed (event 2), and the problems with them."""
    seats, fixed = audit["events"][0]["data"]["seats"], audit["events"][1]
    if fixed["type"] != "client_seeds_fixed":
        return [], ["event 2 is not client_seeds_fixed"]
    seeds, withheld = fixed["data"]["client_seeds"], fixed["data"]["withheld"]
    problems = []
    if len(seeds) != len(seats) or withheld != sorted(set(withheld)):
        problems.append("client_seeds_fixed does not list one seed per seat, sorted withheld")
    for seat, committed in zip(seats, [s["seed_commitment"] for s in seats]):
        n, seed = seat["seat"], seeds[seat["seat"]] if seat["seat"] < len(seeds) else ""
        if seed and (committed is None or not is_seed(seed) or seed_commitment(seed) != committed):
            problems.append(f"seat {n}'s seed does not match its commitment")
        if not seed and committed is not None and n not in withheld:
            problems.append(f"seat {n} committed, has no seed and is not listed as withheld")
        if n in withheld and (committed is None or seed):
            problems.append(f"seat {n} is listed as withheld without a commitment or with a seed")
    if any(n not in range(len(seats)) for n in withheld):
        problems.append("a withheld seat that is not at the table")
    return seeds, problems


def withheld(audit: dict[str, Any]) -> list[int]:
    """The seats that withheld their seeds (scheme 3), as the verdict names them."""
    fixed = audit["events"][1] if len(audit["events"]) > 1 else {}
    return list(fixed["data"]["withheld"]) if fixed.get("type") == "client_seeds_fixed" else []


def as_stored(event: dict[str, Any]) -> dict[str, Any]:
    """The event as stored: an event served upcast carries its stored fields in `stored`
    (the JSON its hash covers); the others are served as stored."""
    if event.get("stored") is None:
        return event
    return {**event, **json.loads(event["stored"])}


def verify(audit: dict[str, Any]) -> list[str]:
    """Every problem found: scheme, commitments, client seeds, nonces, every die, the chain."""
    audit = {**audit, "events": [as_stored(event) for event in audit["events"]]}
    game, events = audit["game"], audit["events"]
    problems: list[str] = []
    seated, revealed = events[0], events[-1]
    if seated["type"] != "table_seated" or revealed["type"] != "seed_revealed":
        problems.append("the stream is not opened by table_seated and closed by seed_revealed")
    scheme, problems_of_scheme = scheme_of(audit)
    problems += problems_of_scheme
    seed = revealed["data"]["server_seed"]
    committed = server_commitment(seed, scheme)
    if committed != seated["data"]["server_seed_hash"] or committed != game["server_seed_hash"]:
        problems.append("the revealed seed does not match the commitment")
    if scheme == 3 or seated["schema_version"] >= 4:  # v4 seats hold no seeds
        client_seeds, problems_of_seeds = fixed_seeds(audit)
        problems += problems_of_seeds
    else:
        client_seeds = [s["client_seed"] for s in seated["data"]["seats"]]
    if revealed["data"]["client_seeds"] != client_seeds:
        problems.append("seed_revealed lists other client seeds than were fixed")
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
