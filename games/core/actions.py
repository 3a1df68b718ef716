"""Reading fields of a posted action; a wrong shape is a MalformedAction (400)."""

from __future__ import annotations

from typing import Any, Collection, Mapping

from .errors import MalformedAction


def action_type(action: Any, known: Collection[str]) -> str:
    if not isinstance(action, Mapping):
        raise MalformedAction("malformed_action", "an action is a JSON object")
    kind = action.get("type")
    if not isinstance(kind, str):
        raise MalformedAction("malformed_action", "an action needs a string field 'type'")
    if kind not in known:
        raise MalformedAction(
            "unknown_action_type", f"unknown action type {kind!r}; known: {sorted(known)}"
        )
    return kind


def int_field(action: Mapping[str, Any], name: str) -> int:
    value = action.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction("malformed_action", f"field {name!r} must be an integer")
    return value


def optional_int_field(action: Mapping[str, Any], name: str) -> int | None:
    if action.get(name) is None:
        return None
    return int_field(action, name)


def str_field(action: Mapping[str, Any], name: str, choices: Collection[str] | None = None) -> str:
    value = action.get(name)
    if not isinstance(value, str):
        raise MalformedAction("malformed_action", f"field {name!r} must be a string")
    if choices is not None and value not in choices:
        raise MalformedAction("malformed_action", f"field {name!r} must be one of {sorted(choices)}")
    return value


def int_list_field(action: Mapping[str, Any], name: str) -> list[int]:
    value = action.get(name)
    if not isinstance(value, list) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        raise MalformedAction("malformed_action", f"field {name!r} must be a list of integers")
    return list(value)


def only_fields(action: Mapping[str, Any], allowed: Collection[str]) -> None:
    extra = sorted(set(action) - set(allowed) - {"type"})
    if extra:
        raise MalformedAction("malformed_action", f"unexpected field(s): {', '.join(extra)}")
