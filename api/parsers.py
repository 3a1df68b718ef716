"""The JSON parser of every endpoint: malformed or absurdly nested JSON is a 400 problem."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# No request body of the contract nests deeper than a handful of levels; 64 leaves room
# for options and actions while keeping every later recursive walk (validation, hashing,
# storage, rendering) far from Python's recursion limit.
MAX_JSON_DEPTH = 64


def json_depth_exceeds(value: Any, limit: int) -> bool:
    """True when containers nest more than `limit` levels deep (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


class SafeJSONParser(JSONParser):
    """DRF's JSONParser, but a RecursionError or a too-deep document is a ParseError."""

    def parse(self, stream, media_type=None, parser_context=None):  # type: ignore[no-untyped-def]
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - nested too deeply") from None
        if json_depth_exceeds(data, MAX_JSON_DEPTH):
            raise ParseError(f"JSON parse error - nested deeper than {MAX_JSON_DEPTH} levels")
        return data
