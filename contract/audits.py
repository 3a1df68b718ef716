"""The audit, the challenge reports and the webhook deliveries typed per game (issue #33,
item 5; docs/decisions/0031-typed-audits.md).

From the games' own components (contract/games.py), each game gets:

| component | what |
| --- | --- |
| `<Game>Audit` | the audit of a `<Game>` game (`Audit` is oneOf them, by `game_type`) |
| `<Game>AuditGame`, `<Game>Verdict` | its game part (options, outcome) and the verdict |
| `<Game><Type>AuditEvent` | an event as the audit serves it: upcast, all private parts, `stored` |
| `<Game>AuditEvent` | the game's audit events: oneOf, discriminated by `type` |
| `<Game>SetupCommand`, `<Game>ActionCommand` | the command that opened a batch |
| `<Game>ChallengeList` | its challenge reports (`ChallengeList` is oneOf them, by `game_type`) |
| `<Game>Challenge`, `<Game>Challenge<Part>` | a report and its parts (contract/challenges.py) |

A webhook delivery is oneOf one component per kind (`YourTurnDelivery`, ...),
discriminated by `kind`, its `payload` the `data` that kind's webhook body carries.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Iterable

from .challenges import REPORTS, report_components
from .games import ENVELOPE, GameContract
from .jsonschema import JSON, NULL, REF, camel, ref

Fields = Callable[[GameContract], dict[str, JSON]]
SEATS = "^[0-9]+$"

STORED = {"type": ["string", "null"], "description": (
    "null when the event was stored in the current shape (its fields here are the stored "
    "ones: `hash` is SHA-256(prev_hash + their canonical JSON), docs/fairness.md). An event "
    "stored at an older schema version is served upcast, and `stored` holds what was "
    "hashed: the canonical JSON of its stored fields, as text (`hash` is SHA-256(prev_hash "
    "+ stored)); the fields served must be exactly it upcast (games/verify/stored.py)")}


def _per_game(base: JSON, name: str, games: Iterable[GameContract], fields: Fields,
              schemas: dict[str, JSON]) -> None:
    """`base` as `<Game><name>`, one per game, with `fields(game)` typed."""
    for game in games:
        variant = copy.deepcopy(base)
        props = variant.setdefault("properties", {})
        for prop, schema in fields(game).items():
            described = props.get(prop, {}).get("description")
            props[prop] = {**schema, **({"description": described} if described else {})}
        schemas[f"{game.prefix}{name}"] = variant


def _commands(game: GameContract, schemas: dict[str, JSON]) -> JSON:
    p = game.prefix
    schemas[f"{p}SetupCommand"] = {
        "type": "object", "description": "the setup batch's command: what the game started "
        "from", "additionalProperties": False, "required": ["setup"],
        "properties": {"setup": {
            "type": "object", "additionalProperties": False,
            "required": ["players", "options", "first_player"],
            "properties": {
                "players": {"type": "integer", "minimum": 1},
                "options": ref(game.options),
                "first_player": {"type": ["integer", "null"], "description": "the seat the "
                                 "creator named to go first; null: drawn at random"}}}}}
    schemas[f"{p}ActionCommand"] = {
        "type": "object", "description": "an action's batch's command: the seat and the "
        "action as posted (by its player, the clock or a bot: see `actor`)",
        "additionalProperties": False, "required": ["seat", "action"],
        "properties": {"seat": {"type": "integer", "minimum": 0},
                       "action": ref(game.action)}}
    return {"oneOf": [ref(f"{p}SetupCommand"), ref(f"{p}ActionCommand"), NULL]}


def _private(game: GameContract, kind: str) -> JSON:
    if kind in game.private:
        return {"type": "object", "propertyNames": {"pattern": SEATS},
                "additionalProperties": ref(game.private[kind])}
    return {"type": "object", "additionalProperties": False,
            "description": "always empty: this event has no private part"}


def audit_events(game: GameContract, schemas: dict[str, JSON]) -> None:
    """`<Game><Type>AuditEvent` for each event type of the game, and `<Game>AuditEvent`."""
    p = game.prefix
    taken = {f"{p}{name}" for name in ("SetupCommand", "ActionCommand", "AuditEvent",
                                       "AuditGame", "Verdict", "Audit",
                                       *(f"{camel(k)}AuditEvent" for k in game.data))}
    if taken & set(schemas):
        raise ValueError(f"component names taken by the game: {sorted(taken & set(schemas))}")
    command = _commands(game, schemas)
    names = {}
    for kind, data in game.data.items():
        name = names[kind] = f"{p}{camel(kind)}AuditEvent"
        schemas[name] = {
            "type": "object", "additionalProperties": False,
            "description": f"A `{kind}` event as the audit serves it: every hashed field, "
                           "upcast to the current shapes (`type`, `schema_version`, `data`), "
                           "its hash, and `stored`: the bytes hashed, where they differ from "
                           "the fields served.",
            "properties": {
                "game_id": {"type": "string", "format": "uuid"},
                "seq": ENVELOPE["seq"],
                "type": {"type": "string", "const": kind},
                "schema_version": {"type": "integer", "description": "the current schema "
                                   "version of the type (the shape `data` is in); the stored "
                                   "one is in `stored`"},
                "data": ref(data),
                "private": {**_private(game, kind), "description": "every seat's private "
                            "part, by seat number (\"0\", \"1\", ...)"},
                "actor": ENVELOPE["actor"],
                "command": {**command, "description": "on a batch's first event: the setup "
                            "or the action that made the batch; else null"},
                "draws": {"type": "array", "description": "[[nonce, sides, value], ...] "
                          "rolled for this batch (first event only)",
                          "items": {"type": "array", "items": {"type": "integer"},
                                    "minItems": 3, "maxItems": 3}},
                "idempotency_key": {"type": ["string", "null"]},
                "recorded_at": ENVELOPE["recorded_at"],
                "prev_hash": {"type": "string", "description": "the previous event's hash "
                              "(64 zeros for seq 1)"},
                "hash": {"type": "string", "description": "SHA-256(prev_hash + the canonical "
                         "JSON of the stored fields): see `stored`"},
                "stored": STORED,
            },
            "required": ["game_id", "seq", "type", "schema_version", "data", "private",
                         "actor", "command", "draws", "idempotency_key", "recorded_at",
                         "prev_hash", "hash", "stored"],
        }
    schemas[f"{p}AuditEvent"] = {
        "oneOf": [ref(n) for n in names.values()],
        "discriminator": {"propertyName": "type",
                          "mapping": {t: REF + n for t, n in names.items()}},
        "description": "An event of the audit, by `type`."}


def _nullable_outcome(game: GameContract) -> JSON:
    schema = game.outcome_schema()
    return {"anyOf": [*schema.get("anyOf", [schema]), NULL]}


def audits(schemas: dict[str, JSON], games: list[GameContract], variants: Any) -> None:
    """`Audit` as one variant per game (`variants`: contract/hooks.py's `_variants`)."""
    if "Audit" not in schemas:
        return
    for game in games:
        audit_events(game, schemas)
    _per_game(schemas.pop("AuditGame"), "AuditGame", games, lambda g: {
        "game_type": {"type": "string", "const": g.slug}, "options": ref(g.options),
        "outcome": _nullable_outcome(g)}, schemas)
    _per_game(schemas.pop("Verdict"), "Verdict", games,
              lambda g: {"outcome": _nullable_outcome(g)}, schemas)
    schemas.pop("AuditEvent")
    schemas["Audit"] = variants(schemas["Audit"], "Audit", games, lambda g: {
        "game": ref(f"{g.prefix}AuditGame"), "events": _array(f"{g.prefix}AuditEvent"),
        "verdict": ref(f"{g.prefix}Verdict")}, schemas)


def _array(name: str) -> JSON:
    return {"type": "array", "items": ref(name)}


def challenge_lists(schemas: dict[str, JSON], games: list[GameContract],
                    variants: Any) -> None:
    """`ChallengeList` as one variant per game, each report typed by its game."""
    if "ChallengeList" not in schemas:
        return
    bases = {name: schemas.pop(name) for name in
             ("Challenge", "Claim", "Party", "Knew", "Reveal", "ChallengeOutcome")}
    for game in games:
        if game.slug in REPORTS:
            report_components(game, bases, schemas)

    def challenges(game: GameContract) -> JSON:
        if game.slug in REPORTS:
            return _array(f"{game.prefix}Challenge")
        return {"type": "array", "maxItems": 0,
                "items": {"type": "object", "additionalProperties": False},
                "description": "always empty: the game has no calls to report"}
    schemas["ChallengeList"] = variants(schemas["ChallengeList"], "ChallengeList", games,
                                        lambda g: {"challenges": challenges(g)}, schemas)


# --- webhook deliveries --------------------------------------------------------------------

DELIVERY_DATA = {"your_turn": "YourTurnData", "game_started": "WebhookData",
                 "game_over": "GameOverData", "clock_warning": "ClockWarningData"}


def deliveries(schemas: dict[str, JSON]) -> None:
    """`Delivery` as oneOf one component per kind, by `kind`: its payload typed."""
    if "Delivery" not in schemas:
        return
    base = schemas.pop("Delivery")
    mapping = {}
    for kind, data in DELIVERY_DATA.items():
        variant = copy.deepcopy(base)
        variant["properties"]["kind"] = {"type": "string", "const": kind}
        variant["properties"]["payload"] = {**ref(data), "description": "the `data` of the "
                                            f"{kind} webhook's body, as it was sent"}
        variant["additionalProperties"] = False
        name = f"{camel(kind)}Delivery"
        schemas[name] = variant
        mapping[kind] = REF + name
    schemas["Delivery"] = {
        "oneOf": [{"$ref": target} for target in mapping.values()],
        "discriminator": {"propertyName": "kind", "mapping": mapping},
        "description": "A webhook delivery and its state, by `kind`."}

