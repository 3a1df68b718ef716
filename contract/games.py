"""The games' part of the public contract, generated from their typed modules.

Every game's `RULES` has typed messages (`actions`, `events`, `view_type`,
`outcome_type`: docs/decider.md); each game is described by components named after it,
`<Game>` being its slug in CamelCase (`snake-bones`: `SnakeBones`):

| component | what |
| --- | --- |
| `<Game><Type>Action` | one action type (`type` is a const) |
| `<Game>Action` | the game's actions: oneOf, discriminated by `type` |
| `<Game><Type>Choice` | an action type with fields to choose: fixed fields, `choose` |
| `<Game>LegalAction` | an item of legal-actions: oneOf the choices and the actions |
| `<Game><Type>Data`, `<Game><Type>Private` | an event type's `data`, one seat's `private` |
| `<Game><Type>Event` | an event as served (`seq`, `type`, `data`, `private`, ...) |
| `<Game>Event` | the game's events (the service's own included): oneOf, discriminated by `type` |
| `<Game>View` | the view, with the `server_seed_hash` the service adds to every view |
| `<Game>Outcome` | the outcome, where the game extends `Outcome` (else `Outcome` itself) |
| `<Game>GameOptions` | the options object (from the game's `Option`s) |
| `<Game><Record>` | a record nested in any of these (a bid, a seat of a view) |

A choice has the action's fixed fields, optional, and `choose`, whose domains are
`IntRange` or `Subset` (its `CHOOSE`); an event as served is `{seq, type, data, private?,
actor, recorded_at, batch_end, text}`.

Records of `games.core` keep their own name (`Outcome`, `IntRange`, `Subset`), as do the
service's own events (games/service_events.py: `GameAbandonedEvent`, `SeedRevealedEvent`;
`table_seated` holds the options, so it is `<Game>TableSeatedEvent`).

The responses that carry a game's payloads are unions of one variant per game,
discriminated by `game_type` (`Game` is oneOf `SnakeBonesGame`, `BamboozledGame`, ...), so a
generated client reads every payload as its game's own models (contract/hooks.py). The
schemas from games/core/messages.py (OpenAPI 3.0's `nullable`) are rewritten as OpenAPI
3.1 / JSON Schema 2020-12 (`type: [integer, "null"]`, `oneOf: [{$ref}, {type: "null"}]`:
contract/jsonschema.py).

`GET /game-types/{slug}` serves the same schemas, each bundled with the components it
refers to (`$defs`), so a client can learn a game at run time (contract/bundle.py).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any

from games import registry
from games.core.options import options_schema
from games.core.outcome import Outcome
from games.service_events import EVENTS as SERVICE_EVENTS
from games.service_events import GameAbandoned, SeedRevealed, TableSeated

from .jsonschema import JSON, REF, camel, closed_if_empty, const_type, openapi31, ref

CORE = "games.core"
SERVICE = "games.service_events"  # the service's own events and their records



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
    "text": {"type": "string", "description": (
        "what happened, in one or a few sentences for you (your own secrets in your text "
        "only), in the language of Accept-Language (see Content-Language; English by "
        "default)")},
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
        if cls.__module__.startswith(CORE) or cls.__module__ == SERVICE:
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
        props.update({k: ENVELOPE[k] for k in ("actor", "recorded_at", "batch_end", "text")})
        name = f"{p}{t}Event"
        description = " ".join((kind.__doc__ or "").split()) if kind.__doc__ and \
            not kind.__doc__.startswith(f"{kind.__name__}(") else ""
        self.c.add(name, (p, kind, "event"), {
            "type": "object",
            **({"description": description} if description else {}),
            "properties": props,
            "required": ["seq", "type", "data", "actor", "recorded_at", "batch_end", "text"],
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


