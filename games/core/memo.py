"""The last answer of a rule about a state, given again when the very same state is asked.

A client's step asks a state's outcome and awaited seats, then decides on that state,
whose shared guards (games/core/rules.py) ask both again. The rules are pure and the
states immutable, so the answer about the state asked last can be given again; the
state is matched by identity, never by value.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

T = TypeVar("T")

_NOTHING = object()  # asked about nothing yet


def remember_last(ask: Callable[[Any], T]) -> Callable[[Any], T]:
    """`ask(state)`, not asked again for the state it answered last. The answer is
    shared: give out only immutable answers, or copies."""
    last: tuple[Any, Any] = (_NOTHING, None)

    def answer(state: Any) -> T:
        nonlocal last
        asked, told = last  # one tuple: read and written whole (threads)
        if asked is state:
            return told  # type: ignore[no-any-return]
        told = ask(state)
        last = (state, told)
        return told
    answer.__doc__ = ask.__doc__
    return answer
