"""Changing one byte of an exported audit, and forging a whole chain, for the tests."""

from __future__ import annotations

import copy
import random
from typing import Any

from events import chain

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
