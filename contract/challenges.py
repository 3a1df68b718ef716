"""The challenge reports typed per game (contract/audits.py): the game-specific parts of a
report, as the games' reporters build them (games/snake_bones/challenges.py,
games/bamboozled/challenges.py; the report's shape: docs/fairness.md).

A game with calls has `<Game>Challenge`, `<Game>ChallengeClaim`, `<Game>ChallengeParty`,
`<Game>ChallengeKnew`, `<Game>ChallengeReveal` and `<Game>ChallengeOutcome`: the shared
shape of a report with the parts below typed (`public`, a claim's `data`, `knew.details`,
`revealed.details`, `outcome.details`); `options` is the game's `<Game>GameOptions`.
"""

from __future__ import annotations

import copy
from typing import Any

from .jsonschema import JSON, ref

INT = {"type": "integer"}
BY_SEAT = {"type": "object", "propertyNames": {"pattern": "^[0-9]+$"},
           "additionalProperties": INT}
SEATS = {"type": "array", "items": INT}
OPTIONS = {"$game": "options"}  # the game's `<Game>GameOptions`


def _object(properties: dict[str, JSON], optional: tuple[str, ...] = ()) -> JSON:
    return {"type": "object", "properties": properties, "additionalProperties": False,
            "required": [name for name in properties if name not in optional]}


SNAKE_BONES = {
    "public": _object({"options": OPTIONS, "opener": INT, "stakes": BY_SEAT,
                       "dice_counts": BY_SEAT, "dice_in_play": INT,
                       "bids": {"type": "array", "items": _object(
                           {"seq": {"type": ["integer", "null"]}, "seat": INT,
                            "quantity": INT, "face": INT})}}),
    "claim": {"oneOf": [_object({"quantity": INT, "face": INT}),
                        _object({"call": {"type": "string", "enum": ["bluff", "spot_on"]}})]},
    "knew": _object({"stake": {"type": ["integer", "null"]}}),
    "revealed": _object({"face": INT, "ones_wild": {"type": "boolean"}, "matching": BY_SEAT,
                         "count": INT, "recount": INT}),
    "outcome": _object({"payments": {"type": "array", "items": ref("SnakeBonesPayment")}}),
}

_CARD = {"oneOf": [ref("BamboozledCardUse"), {"type": "null"}]}
BAMBOOZLED = {
    "public": _object({"options": OPTIONS, "direction": {
        "type": "string", "enum": ["clockwise", "counterclockwise"]}, "standing": INT,
        "strikes": BY_SEAT, "hand_sizes": BY_SEAT, "out": SEATS}),
    "claim": {"oneOf": [_object({"score": INT}),
                        _object({"call": {"type": "string", "const": "bluff"},
                                 "my_bad": {"type": "boolean"}})]},
    "knew": _object({"card": _CARD}, optional=("card",)),
    "revealed": _object({"card": _CARD, "card_dice": {"oneOf": [SEATS, {"type": "null"}]},
                         "verdict": {"type": "string"}, "true_scores": SEATS}),
    "outcome": _object({"strikes": BY_SEAT, "revived": SEATS}),
}

# The games whose reporters explain calls, by slug.
REPORTS: dict[str, dict[str, JSON]] = {"snake-bones": SNAKE_BONES, "bamboozled": BAMBOOZLED}


def _with_options(schema: JSON, options: str) -> JSON:
    if schema == OPTIONS:
        return ref(options)
    if isinstance(schema, dict):
        return {key: _with_options(value, options) for key, value in schema.items()}
    if isinstance(schema, list):
        return [_with_options(value, options) for value in schema]
    return schema


def _typed(base: JSON, fields: dict[str, JSON]) -> JSON:
    out = copy.deepcopy(base)
    for prop, schema in fields.items():
        described = out["properties"].get(prop, {}).get("description")
        out["properties"][prop] = {**schema, **({"description": described} if described
                                                else {})}
    out["additionalProperties"] = False
    return out


def report_components(game: Any, bases: dict[str, JSON], schemas: dict[str, JSON]) -> None:
    """`<Game>Challenge` and its parts, from the shared `bases` and the game's parts."""
    parts, p = _with_options(REPORTS[game.slug], game.options), game.prefix
    taken = {f"{p}Challenge{part}" for part in ("", "Claim", "Knew", "Party", "Reveal",
                                                  "Outcome")} & set(schemas)
    if taken:
        raise ValueError(f"component names taken by the game: {sorted(taken)}")
    schemas[f"{p}ChallengeClaim"] = _typed(bases["Claim"], {"data": parts["claim"]})
    schemas[f"{p}ChallengeKnew"] = _typed(bases["Knew"], {"details": parts["knew"]})
    schemas[f"{p}ChallengeParty"] = _typed(bases["Party"], {
        "knew": ref(f"{p}ChallengeKnew"),
        "claimed": {"type": "array", "items": ref(f"{p}ChallengeClaim")}})
    schemas[f"{p}ChallengeReveal"] = _typed(bases["Reveal"], {"details": parts["revealed"]})
    schemas[f"{p}ChallengeOutcome"] = _typed(bases["ChallengeOutcome"],
                                             {"details": parts["outcome"]})
    schemas[f"{p}Challenge"] = _typed(bases["Challenge"], {
        "claim": ref(f"{p}ChallengeClaim"),
        "parties": {"type": "array", "items": ref(f"{p}ChallengeParty")},
        "public": parts["public"], "revealed": ref(f"{p}ChallengeReveal"),
        "outcome": ref(f"{p}ChallengeOutcome")})
