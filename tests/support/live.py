"""Reading a server-sent-events response of Django's test client.

The stream is an async view: its body is an async iterator, which the sync test client
hands over as it is; `drain` runs it to its end (the stream's timeout, or a finished
game's last event) on an event loop of its own."""

from __future__ import annotations

from typing import Any

from asgiref.sync import async_to_sync


async def _collect(content: Any) -> bytes:
    return b"".join([part async for part in content])


def drain(response: Any) -> str:
    return async_to_sync(_collect)(response.streaming_content).decode()
