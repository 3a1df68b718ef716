"""GET /game-types/{slug}: a game's schemas, the same as openapi.yaml's components
(contract/games.py), each bundled with the components it refers to (`$defs`), so a client
can learn a game at run time."""

from __future__ import annotations

from typing import Iterable, Mapping

from .games import contract
from .jsonschema import JSON, REF, ref


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
