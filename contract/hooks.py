"""drf-spectacular's postprocessing hooks (SPECTACULAR_SETTINGS: config/openapi.py):
plain functions on the generated document, in the order the settings list them.

- `delivery_headers`: the headers of every webhook delivery;
- `game_components`: the games' components (contract/games.py), and the game payloads of
  every operation typed with them (the audit, the challenge reports and the webhook
  deliveries too: contract/audits.py);
- `event_streams`: a server-sent-events answer's body is a string (its events typed aside);
- `tidy` (the last): a tidy contract, the closed request bodies closed.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable, Iterable

from . import audits
from .games import GameContract, contract
from .jsonschema import JSON, NULL, REF, or_null, ref

# --- webhook deliveries: their headers ---------------------------------------------------

HEADERS = [
    ("webhook-id", True, False, {"type": "string", "pattern": "^msg_[0-9]+$"},
     "the delivery's id, `msg_<id>`: the same on every retry, so deduplicate by it"),
    ("webhook-timestamp", True, False, {"type": "string", "pattern": "^[0-9]+$"},
     "when this attempt was signed, in integer seconds since the Unix epoch"),
    ("webhook-signature", True, False, {"type": "string"},
     "`v1,<base64 HMAC-SHA256 of {webhook-id}.{webhook-timestamp}.{body}>`; during a "
     "secret rotation one such signature per secret, separated by spaces"),
    ("X-Dice-Event", False, True, {"type": "string"},
     "deprecated (until 2027-06-30): the kind"),
    ("X-Dice-Delivery", False, True, {"type": "string", "pattern": "^[0-9]+$"},
     "deprecated (until 2027-06-30): the delivery's id"),
    ("X-Dice-Signature", False, True, {"type": "string", "pattern": "^sha256=[0-9a-f]{64}$"},
     "deprecated (until 2027-06-30): sha256=<hex HMAC-SHA256 of the body alone, with the "
     "key of the current secret>"),
]


def delivery_headers(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: every webhook operation lists the headers it is sent with
    (drf-spectacular's webhooks carry no parameters of their own), and needs no token:
    its signature is in those headers (`security: []`). The Web Push message (tagged
    `notifications`) is carried by a push service, not sent by us: no headers of ours."""
    parameters = [{"in": "header", "name": name, "required": required, "schema": schema,
                   "description": description, **({"deprecated": True} if old else {})}
                  for name, required, old, schema, description in HEADERS]
    for operations in result.get("webhooks", {}).values():
        for operation in operations.values():
            operation["security"] = []
            if "notifications" not in operation.get("tags", []):
                operation["parameters"] = parameters
    return result


# --- the games' payloads ------------------------------------------------------------------

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
    "EventPage": lambda g: {"events": _array(g.event),
                            "turn": _nullable(ref(f"{g.prefix}Turn"))},
    "ActionResult": lambda g: {"view": ref(g.view), "legal_actions": _array(g.legal_action),
                               "events": _array(g.event)},
    "Turn": lambda g: {"legal_actions": _array(g.legal_action)},
    "ExportGame": lambda g: {"outcome": _nullable(g.outcome_schema()),
                             "events": _array(g.event)},
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
    for name in ("CreateGameRequest", "CreateTicketRequest", "Ticket"):   # any game's options
        if name in schemas:
            options = schemas[name]["properties"]["options"]
            schemas[name]["properties"]["options"] = {
                "anyOf": [ref(g.options) for g in games],
                "description": options.get("description", "") + " (`<Game>GameOptions`)"}
    if "Event" in schemas:
        schemas["Event"] = {"anyOf": [ref(g.event) for g in games],
                            "description": "An event of any game as the caller may see it: "
                                           "the events of a game are its `<Game>Event`."}
    if "StreamEvent" in schemas:
        data = schemas["StreamEvent"]["properties"]["data"]
        schemas["StreamEvent"]["properties"]["data"] = {
            **data, "contentMediaType": "application/json",
            "contentSchema": {"anyOf": [ref("Event"), ref("Turn")]}}
    outcomes = list(dict.fromkeys(n for g in games for n in
                                  ([g.outcome] if g.outcome == "Outcome" else
                                   [g.outcome, "Outcome"])))
    # A webhook's game_over and a player channel's game_finished carry the public outcome.
    for name in ("GameOverData", "GameFinishedNotice"):
        if name in schemas:
            prop = schemas[name]["properties"]["outcome"]
            schemas[name]["properties"]["outcome"] = {
                **({"anyOf": [ref(n) for n in outcomes]} if len(outcomes) > 1
                   else ref(outcomes[0])),
                "description": prop.get("description", "")}
    if "PlayerStreamEvent" in schemas:
        data = schemas["PlayerStreamEvent"]["properties"]["data"]
        schemas["PlayerStreamEvent"]["properties"]["data"] = {
            **data, "contentMediaType": "application/json", "contentSchema": ref("Notice")}
    schemas.update(built.components)
    # The audit, the challenge reports and the webhook deliveries, typed per game.
    audits.audits(schemas, games, _variants)
    audits.challenge_lists(schemas, games, _variants)
    audits.deliveries(schemas)
    result["components"]["schemas"] = dict(sorted(schemas.items()))
    return result


# --- server-sent events: the body a string, each event's frame typed aside -----------------

SSE = "text/event-stream"


def event_streams(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook: a `text/event-stream` answer's schema is a string, the body as
    it comes (generated clients then hand it over as text instead of parsing it as JSON);
    the component of one event (its frame: `id`, `event`, `data` whose `contentSchema` is
    the data's component) moves to the media type's `x-itemSchema`, as OpenAPI 3.2's
    `itemSchema` says it (docs/decisions/0030-event-streams-in-the-contract.md)."""
    for path in result.get("paths", {}).values():
        for operation in path.values():
            for response in (operation.get("responses") or {}).values():
                media = (response.get("content") or {}).get(SSE) if isinstance(
                    response, dict) else None
                if media is None or "$ref" not in media.get("schema", {}):
                    continue
                frame = media["schema"]
                name = frame["$ref"].rsplit("/", 1)[-1]
                media["schema"] = {
                    "type": "string",
                    "description": f"server-sent events, read as they come: one `{name}` "
                                   "each (x-itemSchema)"}
                media["x-itemSchema"] = frame
    return result


# --- the last hook: a tidy contract --------------------------------------------------------

ANY_OR_NULL = [{}, NULL]


def _walk(node: Any, visit: Callable[[dict[str, Any]], None]) -> None:
    """Call `visit` on every object under `node`, examples left out (they are values)."""
    if isinstance(node, dict):
        visit(node)
        for key, value in node.items():
            if key not in ("example", "examples"):
                _walk(value, visit)
    elif isinstance(node, list):
        for value in node:
            _walk(value, visit)


def _any_value(node: dict[str, Any]) -> None:
    """`oneOf: [{}, {type: null}]` (a JSONField that allows null) is any value: `{}`."""
    for key in ("oneOf", "anyOf"):
        if node.get(key) == ANY_OR_NULL:
            del node[key]


def _refs(node: Any) -> set[str]:
    found: set[str] = set()

    def visit(obj: dict[str, Any]) -> None:
        target = obj.get("$ref")
        if isinstance(target, str) and target.startswith(REF):
            found.add(target[len(REF):])
    _walk(node, visit)
    return found


def _request_components(result: dict[str, Any]) -> set[str]:
    """The components a request body is made of (whatever they refer to, too)."""
    schemas = result.get("components", {}).get("schemas", {})
    todo = set()
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict):
                todo |= _refs(operation.get("requestBody", {}))
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in schemas:
            continue
        seen.add(name)
        todo |= _refs(schemas[name])
    return seen


def _default_in_words(schema: dict[str, Any]) -> None:
    """A property's `default` said in its description: generated clients read a `default`
    as "always present" (openapi-typescript makes such a property required), where in a
    request it means "what the server takes when it is omitted"."""
    for prop in (schema.get("properties") or {}).values():
        if isinstance(prop, dict) and "default" in prop:
            value = json.dumps(prop.pop("default"))
            said = prop.get("description", "").rstrip()
            prop["description"] = (f"{said}{'.' if said and said[-1] not in '.:;!?' else ''} "
                                   f"Omitted: {value}.").strip()


def _named_enums(result: dict[str, Any]) -> None:
    """An inline enum of a named enum's values (a query parameter's) as a reference to it:
    one enum, one component, in requests and answers alike."""
    schemas = result.get("components", {}).get("schemas", {})
    named = {tuple(sorted(map(str, schema["enum"]))): name for name, schema in schemas.items()
             if name.endswith("Enum") and isinstance(schema.get("enum"), list)}

    def visit(node: dict[str, Any]) -> None:
        for key in ("schema", "items"):
            inner = node.get(key)
            if isinstance(inner, dict) and isinstance(inner.get("enum"), list) \
                    and None not in inner["enum"]:
                name = named.get(tuple(sorted(map(str, inner["enum"]))))
                if name:
                    node[key] = {"$ref": REF + name,
                                 **{k: v for k, v in inner.items() if k == "description"}}
    _walk(result.get("paths", {}), visit)
    for name, schema in schemas.items():
        if not name.endswith("Enum"):
            for prop_name, prop in list((schema.get("properties") or {}).items()):
                holder = {"schema": prop}
                visit(holder)
                schema["properties"][prop_name] = holder["schema"]


# DRF's CharField refuses a NUL in any string of a request body (PostgreSQL could not store
# it): the contract says so of every string property that has no pattern or format of its own.
NO_NUL = "^[^\\u0000]*$"


def _no_nul(component: dict[str, Any]) -> None:
    for field in component.get("properties", {}).values():
        field = field.get("items", field) if field.get("type") == "array" else field
        types = field.get("type")
        if (types == "string" or isinstance(types, list) and "string" in types) and not (
                {"pattern", "format", "enum", "const"} & field.keys()):
            field["pattern"] = NO_NUL


# Request bodies that refuse unknown keys, as actions do (api/validation.py, `Closed`; the
# push kinds' patch: 400 invalid_notification_kinds, events/push/subscriptions.py).
CLOSED_REQUESTS = ("AddBotRequest", "PushKindsPatchRequest", "CreateGameRequest", "JoinRequest",
                   "SeedCommitmentRequest", "ClientSeedRevealRequest")


def tidy(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook (the last): a JSONField's "anything or null" as "anything"; no
    `default` in the components of request bodies (their omitted fields stay optional in
    generated clients; the default is told in words); one component per enum. On a copy:
    the games' components in `result` are contract/games.py's cached ones, which
    GET /game-types/{slug} serves as they are."""
    result = copy.deepcopy(result)
    _walk(result.get("paths", {}), _any_value)
    _walk(result.get("components", {}), _any_value)
    _walk(result.get("webhooks", {}), _any_value)
    _named_enums(result)
    schemas = result.get("components", {}).get("schemas", {})
    for name in _request_components(result):
        _walk(schemas[name], _default_in_words)
    for name in CLOSED_REQUESTS:
        schemas[name]["additionalProperties"] = False
    for name in _request_components(result) - set(contract().components):
        _no_nul(schemas[name])
    return result
