"""The games' part of the public contract, generated from their typed modules.

Every game's `RULES` has typed messages (`actions`, `events`, `view_type`,
`outcome_type`: docs/decider.md); each game is described by components named after it, `<Game>` being
its slug in CamelCase (`snake-bones`: `SnakeBones`):

| component | what |
| --- | --- |
| `<Game><Type>Action` | one action type (`type` is a const) |
| `<Game>Action` | the game's actions: oneOf, discriminated by `type` |
| `<Game><Type>Choice` | an action type with fields to choose (its `CHOOSE`): the fixed fields, optional, and `choose`, whose domains are `IntRange` or `Subset` |
| `<Game>LegalAction` | an item of legal-actions: oneOf the choices and the actions |
| `<Game><Type>Data`, `<Game><Type>Private` | an event type's public `data`, and one seat's `private` part |
| `<Game><Type>Event` | an event as served: `{seq, type, data, private?, actor, recorded_at, batch_end}` |
| `<Game>Event` | the game's events (the service's own included): oneOf, discriminated by `type` |
| `<Game>View` | the view, with the `server_seed_hash` the service adds to every view |
| `<Game>Outcome` | the outcome, where the game extends `Outcome` (else `Outcome` itself) |
| `<Game>GameOptions` | the options object (from the game's `Option`s) |
| `<Game><Record>` | a record nested in any of these (a bid, a seat of a view) |

Records of `games.core` keep their own name (`Outcome`, `IntRange`, `Subset`), as do the
service's own events (`GameAbandonedEvent`, `SeedRevealedEvent`; `table_seated` holds the
options, so it is `<Game>TableSeatedEvent`).

The responses that carry a game's payloads are unions of one variant per game,
discriminated by `game_type` (`Game` is oneOf `SnakeBonesGame`, `BamboozledGame`, ...), so a
generated client reads every payload as its game's own models. The schemas from
games/core/messages.py (OpenAPI 3.0's `nullable`) are rewritten as OpenAPI 3.1 / JSON
Schema 2020-12 (`type: [integer, "null"]`, `oneOf: [{$ref}, {type: "null"}]`).

`GET /game-types/{slug}` serves the same schemas, each bundled with the components it
refers to (`$defs`), so a client can learn a game at run time.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Mapping

from games import registry
from games.core.messages import GameEvent, Record, doc
from games.core.options import options_schema
from games.core.outcome import Outcome

JSON = Any
REF = "#/components/schemas/"
NULL = {"type": "null"}
CORE = "games.core"


def camel(text: str) -> str:
    """`snake-bones` -> `SnakeBones`, `call_spot_on` -> `CallSpotOn`."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text)
                   if part)


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF + name}


# --- OpenAPI 3.0's `nullable` as OpenAPI 3.1 ----------------------------------------------

_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_ONE = ("additionalProperties", "items", "not", "contains", "propertyNames", "contentSchema",
        "if", "then", "else", "unevaluatedProperties", "unevaluatedItems")
_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")


def openapi31(schema: JSON) -> JSON:
    """A JSON Schema written with OpenAPI 3.0's `nullable: true` (games/core/messages.py),
    as OpenAPI 3.1 (JSON Schema 2020-12) writes it."""
    if not isinstance(schema, Mapping):
        return schema
    out: dict[str, JSON] = {}
    for key, value in schema.items():
        if key in _MAPS and isinstance(value, Mapping):
            out[key] = {name: openapi31(sub) for name, sub in value.items()}
        elif key in _ONE and isinstance(value, Mapping):
            out[key] = openapi31(value)
        elif key in _LISTS and isinstance(value, list):
            out[key] = [openapi31(sub) for sub in value]
        else:
            out[key] = copy.deepcopy(value)
    if out.pop("nullable", False):
        return or_null(out)
    return out


def or_null(schema: dict[str, JSON]) -> dict[str, JSON]:
    """`schema`, or null."""
    schema = dict(schema)
    if "allOf" in schema and len(schema["allOf"]) == 1 and "$ref" in schema["allOf"][0]:
        inner = schema.pop("allOf")[0]
        return {"oneOf": [inner, NULL], **schema}
    if "$ref" in schema:
        inner = {"$ref": schema.pop("$ref")}
        return {"oneOf": [inner, NULL], **schema}
    if "oneOf" in schema and len(schema) <= 2 and set(schema) <= {"oneOf", "description"}:
        if NULL not in schema["oneOf"]:
            schema["oneOf"] = [*schema["oneOf"], NULL]
        return schema
    kind = schema.get("type")
    if isinstance(kind, str) and "const" not in schema:
        schema["type"] = [kind, "null"]
    elif isinstance(kind, list) and "const" not in schema:
        if "null" not in kind:
            schema["type"] = [*kind, "null"]
    else:
        described = {k: schema.pop(k) for k in ("description",) if k in schema}
        return {"anyOf": [schema, NULL], **described}
    if "enum" in schema and None not in schema["enum"]:
        schema["enum"] = [*schema["enum"], None]
    return schema


def const_type(schema: dict[str, JSON], value: str) -> dict[str, JSON]:
    """`schema` with its `type` property a const (`{"type": "string", "enum": [v]}` as
    messages.py writes it reads as a one-member enum class in generated clients)."""
    schema = dict(schema)
    props = dict(schema.get("properties") or {})
    props["type"] = {"type": "string", "const": value}
    schema["properties"] = props
    return schema


def closed_if_empty(schema: dict[str, JSON]) -> dict[str, JSON]:
    """An object without properties is closed: else generated clients make it a free-form
    dict, the very thing this contract avoids."""
    if schema.get("type") == "object" and not schema.get("properties") \
            and "additionalProperties" not in schema:
        return {**schema, "additionalProperties": False}
    return schema


# --- the service's own events (events/services.py) ----------------------------------------

@dataclass(frozen=True)
class TableSeat(Record):
    """A seat as the start fixed it: a player's, or a bot's (no player, and its level)."""

    seat: int
    player: str | None = field(metadata=doc("the player's username; null for a bot"))
    client_seed: str = field(metadata=doc("the seat's contribution to the dice; empty: none"))
    bot: str | None = field(default=None, metadata=doc(
        "a bot's seat: its level (docs/bots.md); absent for a player's seat", omit_none=True))


@dataclass(frozen=True)
class TableSeated(GameEvent):
    """The service's first event: who sits where, the options and the seed commitment."""

    TYPE: ClassVar[str] = "table_seated"
    game_id: str = field(metadata=doc("the game's id", format="uuid"))
    game_type: str
    options: Mapping[str, Any]
    server_seed_hash: str = field(metadata=doc("SHA-256 commitment to the server seed"))
    dice_scheme: int = field(metadata=doc("how dice are drawn from the seeds "
                                          "(docs/fairness.md)"))
    seats: tuple[TableSeat, ...]


@dataclass(frozen=True)
class GameAbandoned(GameEvent):
    """Every seat was an absent player on autoplay: the game ends with no winner."""

    TYPE: ClassVar[str] = "game_abandoned"
    reason: str = field(metadata=doc("every_seat_on_autoplay"))
    seats: tuple[int, ...]


@dataclass(frozen=True)
class SeedRevealed(GameEvent):
    """The service's last event: the server seed, revealed when the game ends."""

    TYPE: ClassVar[str] = "seed_revealed"
    server_seed: str
    server_seed_hash: str
    client_seeds: tuple[str, ...] = field(metadata=doc("each seat's, by seat; empty: none"))
    dice_used: int = field(metadata=doc("how many dice the game drew"))


SERVICE_EVENTS = (TableSeated, GameAbandoned, SeedRevealed)

ENVELOPE = {
    "seq": {"type": "integer", "minimum": 1,
            "description": "the event's sequence number in its game (1, 2, ...)"},
    "actor": {"type": "string", "description": "seat:N (the player of seat N), bot:N (a bot "
              "playing seat N), clock or system"},
    "recorded_at": {"type": "string", "format": "date-time",
                    "description": "UTC, YYYY-MM-DDTHH:MM:SS.ffffffZ"},
    "batch_end": {"type": "boolean", "description": (
        "true on the last event of a batch (the events one action, the clock or the "
        "service appended at once): only the state after it was ever served, and only "
        "such versions are valid for GET /state?version=")},
}


# --- one game -----------------------------------------------------------------------------

class Components:
    """Every component of the games' part of the contract, named once."""

    def __init__(self) -> None:
        self.schemas: dict[str, JSON] = {}
        self.owners: dict[str, Any] = {}  # name -> what it describes (a class or a key)
        self.names: dict[Any, str] = {}   # the reverse

    def add(self, name: str, owner: Any, schema: JSON) -> dict[str, str]:
        if self.owners.get(name, owner) != owner:
            raise ValueError(f"two schemas named {name}: {self.owners[name]!r} and {owner!r}")
        self.owners[name] = owner
        self.names[owner] = name
        self.schemas[name] = schema
        return ref(name)


@dataclass
class GameContract:
    """The component names of one game."""

    slug: str
    prefix: str
    options: str
    action: str
    legal_action: str
    event: str
    view: str
    outcome: str
    actions: dict[str, str] = dataclasses.field(default_factory=dict)
    choices: dict[str, str] = dataclasses.field(default_factory=dict)
    events: dict[str, str] = dataclasses.field(default_factory=dict)
    data: dict[str, str] = dataclasses.field(default_factory=dict)
    private: dict[str, str] = dataclasses.field(default_factory=dict)

    def outcome_schema(self) -> JSON:
        """The game's outcome, or the abandoned outcome the service may write instead."""
        if self.outcome == "Outcome":
            return ref("Outcome")
        return {"anyOf": [ref(self.outcome), ref("Outcome")]}


class GameBuilder:
    def __init__(self, rules: Any, components: Components) -> None:
        self.rules = rules
        self.c = components
        self.prefix = camel(rules.slug)
        p = self.prefix
        self.reserved: set[str] = set()
        for kind in (*rules.actions, *rules.events, *SERVICE_EVENTS):
            t = camel(kind.TYPE)
            self.reserved |= {f"{p}{t}Action", f"{p}{t}Choice", f"{p}{t}Event",
                              f"{p}{t}Data", f"{p}{t}Private"}
        self.reserved |= {f"{p}{x}" for x in ("Action", "LegalAction", "Event", "View",
                                              "Outcome", "GameOptions")}
        self.fixed: dict[type, str] = {}

    # Records nested in a message: `<Game><ClassName>` (games.core's: their own name).
    def record_ref(self, cls: type) -> dict[str, JSON]:
        key = cls
        if key in self.c.names:
            return ref(self.c.names[key])
        name = self.fixed.get(cls) or self._record_name(cls)
        self.c.add(name, key, {})  # reserved first: a record may refer to itself
        self.c.add(name, key, closed_if_empty(openapi31(cls.json_schema(self.record_ref))))
        return ref(name)

    def _record_name(self, cls: type) -> str:
        if cls.__module__.startswith(CORE) or cls.__module__ == __name__:
            return cls.__name__
        for name in (f"{self.prefix}{cls.__name__}", f"{self.prefix}{cls.__name__}Record",
                     f"{self.prefix}{camel(cls.__module__.rsplit('.', 1)[-1])}{cls.__name__}"):
            if name not in self.reserved and name not in self.c.owners:
                return name
        raise ValueError(f"no free component name for {cls!r}")

    def build(self) -> GameContract:
        p, rules = self.prefix, self.rules
        options = self.c.add(f"{p}GameOptions", (rules.slug, "options"), {
            **openapi31(options_schema(rules.options)),
            "description": f"The options of a {rules.name} game; omitted ones take their "
                           "defaults."})["$ref"][len(REF):]
        out = GameContract(slug=rules.slug, prefix=p, options=options,
                           action=f"{p}Action", legal_action=f"{p}LegalAction",
                           event=f"{p}Event", view=f"{p}View", outcome="Outcome")
        # The view and the outcome first, under their fixed names.
        self.fixed[rules.view_type] = f"{p}View"
        if rules.outcome_type is not Outcome:
            self.fixed[rules.outcome_type] = out.outcome = f"{p}Outcome"
        self._view(out)
        self.record_ref(rules.outcome_type)
        self._actions(out)
        self._events(out)
        return out

    def _view(self, out: GameContract) -> None:
        self.record_ref(self.rules.view_type)
        view = dict(self.c.schemas[out.view])
        view["properties"] = {**view["properties"], "server_seed_hash": {
            "type": "string", "description": "SHA-256 commitment to the server seed "
            "(the service adds it to every view: keep it to check the audit against)"}}
        view["required"] = [*view.get("required", []), "server_seed_hash"]
        view.setdefault("description", f"A {self.rules.name} table as one seat (or a "
                                       "spectator) sees it.")
        self.c.schemas[out.view] = view

    def _actions(self, out: GameContract) -> None:
        p = self.prefix
        for kind in self.rules.actions:
            t = camel(kind.TYPE)
            schema = const_type(openapi31(kind.json_schema(self.record_ref)), kind.TYPE)
            out.actions[kind.TYPE] = f"{p}{t}Action"
            self.c.add(out.actions[kind.TYPE], kind, schema)
            if getattr(kind, "CHOOSE", None):
                out.choices[kind.TYPE] = f"{p}{t}Choice"
                self.c.add(out.choices[kind.TYPE], (kind, "choice"), self._choice(kind, schema))
        self.c.add(out.action, (self.rules.slug, "action"), {
            "oneOf": [ref(n) for n in out.actions.values()],
            "discriminator": {"propertyName": "type",
                              "mapping": {t: REF + n for t, n in out.actions.items()}},
            "description": f"An action of {self.rules.name}, by `type`.",
        })
        # Choices first: a concrete action's model would take a choice, leaving `choose` out.
        self.c.add(out.legal_action, (self.rules.slug, "legal"), {
            "oneOf": [*(ref(n) for n in out.choices.values()),
                      *(ref(n) for n in out.actions.values())],
            "description": f"An item of {self.rules.name}'s legal actions: an action ready "
                           "to post, or a choice (fields still to choose, each with its "
                           "domain: docs/decider.md).",
        })

    def _choice(self, kind: type, action: dict[str, JSON]) -> dict[str, JSON]:
        fields = {name: prop for name, prop in action["properties"].items() if name != "type"}
        choose = {}
        for name, domain in kind.CHOOSE.items():
            described = fields.get(name, {}).get("description")
            choose[name] = {**self.record_ref(domain),
                            **({"description": f"the domain of `{name}`: {described}"}
                               if described else {})}
        return {
            "type": "object",
            "description": f"A `{kind.TYPE}` with fields still to choose: post "
                           f"`{{\"type\": \"{kind.TYPE}\", ...}}` with these fixed fields and "
                           "a value from each domain in `choose` (every combination is legal).",
            "properties": {"type": {"type": "string", "const": kind.TYPE}, **fields,
                           "choose": {"type": "object", "properties": choose,
                                      "additionalProperties": False, "minProperties": 1,
                                      "description": "the fields to choose, each with its "
                                                     "domain"}},
            "required": ["type", "choose"],
            "additionalProperties": False,
        }

    def _events(self, out: GameContract) -> None:
        p = self.prefix
        for kind in (*self.rules.events, *SERVICE_EVENTS):
            out.events[kind.TYPE] = self._envelope(kind, out)
        self.c.add(out.event, (self.rules.slug, "event"), {
            "oneOf": [ref(n) for n in out.events.values()],
            "discriminator": {"propertyName": "type",
                              "mapping": {t: REF + n for t, n in out.events.items()}},
            "description": f"An event of a {self.rules.name} game as the caller may see it "
                           f"(the service's own included), by `type`.",
        })
        _ = p

    def _envelope(self, kind: type, out: GameContract) -> str:
        shared = kind in (GameAbandoned, SeedRevealed)
        p = "" if shared else self.prefix
        t = camel(kind.TYPE)
        data = openapi31(kind.json_schema(self.record_ref))
        if kind is TableSeated:
            data["properties"] = {**data["properties"],
                                  "game_type": {"type": "string", "const": self.rules.slug},
                                  "options": ref(out.options)}
        data_name = f"{p}{t}Data"
        self.c.add(data_name, (p, kind, "data"), closed_if_empty(data))
        out.data[kind.TYPE] = data_name
        props: dict[str, JSON] = {"seq": ENVELOPE["seq"],
                                  "type": {"type": "string", "const": kind.TYPE},
                                  "data": ref(data_name)}
        private = kind.private_schema(self.record_ref) if hasattr(kind, "private_schema") \
            else None
        if private is not None:
            private_name = f"{p}{t}Private"
            self.c.add(private_name, (p, kind, "private"), closed_if_empty(openapi31(private)))
            out.private[kind.TYPE] = private_name
            props["private"] = {**ref(private_name),
                                "description": "your own private part (only yours, and only "
                                               "if you have one)"}
        props.update({k: ENVELOPE[k] for k in ("actor", "recorded_at", "batch_end")})
        name = f"{p}{t}Event"
        description = " ".join((kind.__doc__ or "").split()) if kind.__doc__ and \
            not kind.__doc__.startswith(f"{kind.__name__}(") else ""
        self.c.add(name, (p, kind, "event"), {
            "type": "object",
            **({"description": description} if description else {}),
            "properties": props,
            "required": ["seq", "type", "data", "actor", "recorded_at", "batch_end"],
            "additionalProperties": False,
        })
        return name


@dataclass
class Contract:
    components: dict[str, JSON]
    games: dict[str, GameContract]


@functools.lru_cache(maxsize=1)
def _contract(slugs: tuple[str, ...]) -> Contract:
    components = Components()
    games = {}
    for slug in slugs:
        games[slug] = GameBuilder(registry.GAMES[slug], components).build()
    return Contract(components=components.schemas, games=games)


def contract() -> Contract:
    return _contract(tuple(registry.GAMES))


# --- the postprocessing hook --------------------------------------------------------------

def _variants(base: dict[str, JSON], name: str, games: Iterable[GameContract],
              fields: Any, schemas: dict[str, JSON]) -> dict[str, JSON]:
    """`base` as one variant per game, with `game_type` a const and `fields(game)` typed."""
    mapping = {}
    for game in games:
        variant = copy.deepcopy(base)
        props = variant.setdefault("properties", {})
        for prop, schema in {"game_type": {"type": "string", "const": game.slug},
                             **fields(game)}.items():
            described = props.get(prop, {}).get("description")
            props[prop] = {**schema, **({"description": described} if described else {})}
        variant["required"] = ["game_type", *[r for r in variant.get("required", [])
                                              if r != "game_type"]]
        variant["description"] = (f"{base.get('description', name)} ({game.slug})").strip()
        variant_name = f"{game.prefix}{name}"
        schemas[variant_name] = variant
        mapping[game.slug] = REF + variant_name
    out = {"oneOf": [{"$ref": target} for target in mapping.values()],
           "discriminator": {"propertyName": "game_type", "mapping": mapping}}
    if base.get("description"):
        out["description"] = base["description"]
    return out


def _array(name: str) -> dict[str, JSON]:
    return {"type": "array", "items": ref(name)}


def _nullable(schema: JSON) -> JSON:
    if "anyOf" in schema:
        return {"anyOf": [*schema["anyOf"], NULL]}
    return or_null(schema)


VARIANTS: dict[str, Any] = {
    "Game": lambda g: {"options": ref(g.options), "view": _nullable(ref(g.view)),
                       "outcome": _nullable(g.outcome_schema())},
    "State": lambda g: {"view": _nullable(ref(g.view))},
    "LegalActions": lambda g: {"actions": _array(g.legal_action)},
    "EventPage": lambda g: {"events": _array(g.event)},
    "ActionResult": lambda g: {"events": _array(g.event)},
}


def game_components(result: dict[str, JSON], **kwargs: Any) -> dict[str, JSON]:
    """Postprocessing hook: the games' components, and the game payloads of every
    operation typed with them."""
    built = contract()
    games = list(built.games.values())
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    for name, fields in VARIANTS.items():
        if name in schemas:
            schemas[name] = _variants(schemas[name], name, games, fields, schemas)
    if "ActionRequest" in schemas:
        action = schemas["ActionRequest"]["properties"]["action"]
        schemas["ActionRequest"]["properties"]["action"] = {
            "anyOf": [ref(g.action) for g in games],
            "description": action.get("description", "")}
    if "CreateGameRequest" in schemas:
        options = schemas["CreateGameRequest"]["properties"]["options"]
        schemas["CreateGameRequest"]["properties"]["options"] = {
            "anyOf": [ref(g.options) for g in games],
            "description": options.get("description", "") + " (`<Game>GameOptions`)"}
    if "Event" in schemas:
        schemas["Event"] = {"anyOf": [ref(g.event) for g in games],
                            "description": "An event of any game as the caller may see it: "
                                           "the events of a game are its `<Game>Event`."}
    if "StreamEvent" in schemas:
        data = schemas["StreamEvent"]["properties"]["data"]
        schemas["StreamEvent"]["properties"]["data"] = {
            **data, "contentMediaType": "application/json", "contentSchema": ref("Event")}
    outcomes = list(dict.fromkeys(n for g in games for n in
                                  ([g.outcome] if g.outcome == "Outcome" else
                                   [g.outcome, "Outcome"])))
    if "GameOverData" in schemas:
        prop = schemas["GameOverData"]["properties"]["outcome"]
        schemas["GameOverData"]["properties"]["outcome"] = {
            **({"anyOf": [ref(n) for n in outcomes]} if len(outcomes) > 1 else ref(outcomes[0])),
            "description": prop.get("description", "")}
    schemas.update(built.components)
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result


# --- GET /game-types/{slug}: the same schemas, self-contained ------------------------------

def _refs(schema: JSON) -> Iterable[str]:
    if isinstance(schema, Mapping):
        target = schema.get("$ref")
        if isinstance(target, str) and target.startswith(REF):
            yield target[len(REF):]
        for value in schema.values():
            yield from _refs(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _refs(value)


def _rewrite(schema: JSON) -> JSON:
    if isinstance(schema, Mapping):
        return {k: ("#/$defs/" + v[len(REF):] if k == "$ref" and isinstance(v, str)
                    and v.startswith(REF) else _rewrite(v)) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_rewrite(v) for v in schema]
    return schema


def bundle(schema: JSON, components: Mapping[str, JSON]) -> dict[str, JSON]:
    """`schema` as a JSON Schema (2020-12) document of its own: what it refers to in $defs."""
    seen: dict[str, JSON] = {}
    todo = list(_refs(schema))
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen[name] = components[name]
        todo.extend(_refs(components[name]))
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema", **_rewrite(schema)}
    if seen:
        out["$defs"] = {name: _rewrite(seen[name]) for name in sorted(seen)}
    return out


def game_type_schemas(slug: str) -> dict[str, JSON]:
    """A game's JSON Schemas, each a document of its own."""
    built = contract()
    game, components = built.games[slug], built.components
    return {
        "action": bundle(ref(game.action), components),
        "legal_action": bundle(ref(game.legal_action), components),
        "view": bundle(ref(game.view), components),
        "event": bundle(ref(game.event), components),
        "events": {kind: {"data": bundle(ref(game.data[kind]), components),
                          "private": (bundle(ref(game.private[kind]), components)
                                      if kind in game.private else None)}
                   for kind in game.data},
        "outcome": bundle(game.outcome_schema(), components),
        "options": bundle(ref(game.options), components),
    }
