"""OpenAPI helpers: the problem responses, the token authentication scheme, and the last
postprocessing hook, `tidy`."""

from __future__ import annotations

import copy
import json
from typing import Any, Callable

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import OpenApiResponse

from .serializers import ProblemSerializer

DESCRIPTIONS = {
    400: "malformed request (problem details)",
    401: "not authenticated (problem details)",
    403: "not allowed for this user or seat (problem details)",
    404: "no such game or resource (problem details)",
    409: "conflict: stale expected version or wrong lobby state (problem details)",
    422: "illegal action: the rule that forbids it is in `code` and `detail`",
    429: "throttled (problem details; see Retry-After)",
}


def problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """Problem-details responses (application/problem+json) for these statuses."""
    return {(code, "application/problem+json"): OpenApiResponse(
        ProblemSerializer, description=DESCRIPTIONS[code]) for code in statuses}


LIVE_429 = ("throttled (problem details; see Retry-After), or the caller has "
            "DICE_STREAMS_PER_USER streams and long polls open already: `too_many_streams`")


def live_problems(*statuses: int) -> dict[tuple[int, str], OpenApiResponse]:
    """As problems(), for the live endpoints (streams and long polls), whose 429 may also
    be `too_many_streams`."""
    out = problems(*statuses)
    if 429 in statuses:
        out[(429, "application/problem+json")] = OpenApiResponse(ProblemSerializer,
                                                                 description=LIVE_429)
    return out


class TokenScheme(OpenApiAuthenticationExtension):
    target_class = "api.auth.BearerOrTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):  # type: ignore[no-untyped-def]
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "`Token <key>` (or `Bearer <key>`) from /api/v1/auth/token"}


# --- the postprocessing hook: a tidy contract ---------------------------------------------

ANY_OR_NULL = [{}, {"type": "null"}]
SCHEMA_REF = "#/components/schemas/"


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
        if isinstance(target, str) and target.startswith(SCHEMA_REF):
            found.add(target[len(SCHEMA_REF):])
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
                    node[key] = {"$ref": SCHEMA_REF + name,
                                 **{k: v for k, v in inner.items() if k == "description"}}
    _walk(result.get("paths", {}), visit)
    for name, schema in schemas.items():
        if not name.endswith("Enum"):
            for prop_name, prop in list((schema.get("properties") or {}).items()):
                holder = {"schema": prop}
                visit(holder)
                schema["properties"][prop_name] = holder["schema"]


def tidy(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Postprocessing hook (the last): a JSONField's "anything or null" as "anything"; no
    `default` in the components of request bodies (their omitted fields stay optional in
    generated clients; the default is told in words); one component per enum. On a copy:
    the games' components in `result` are api/game_schema.py's cached ones, which
    GET /game-types/{slug} serves as they are."""
    result = copy.deepcopy(result)
    _walk(result.get("paths", {}), _any_value)
    _walk(result.get("components", {}), _any_value)
    _walk(result.get("webhooks", {}), _any_value)
    _named_enums(result)
    schemas = result.get("components", {}).get("schemas", {})
    for name in _request_components(result):
        _walk(schemas[name], _default_in_words)
    return result
