"""Errors raised by the rules. The service maps them to problem responses."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid now. `code` is stable; `message` names the rule."""

    status = 422

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r})"


class MalformedAction(IllegalAction):
    """An action that is not well formed: missing fields, wrong types, unknown type."""

    status = 400
