"""Reading a live answer (a server-sent-events stream, a long poll) of Django's test client.

Its body is an async iterator (api/live.py `LiveResponse`), which the sync test client
hands over as it is; `drain` runs it to its end (the stream's timeout, a finished game's
last event, a long poll's page) on an event loop of its own."""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync


async def _collect(content: Any) -> bytes:
    return b"".join([part async for part in content])


def drain(response: Any) -> str:
    return async_to_sync(_collect)(response.streaming_content).decode()


def page_of(response: Any) -> Any:
    """The JSON of a page of the API. A long poll that waited (api/live.py `WaitingPage`)
    answers a body sent once it is ready: drained here as any stream."""
    if response.streaming:
        return json.loads(drain(response))
    return response.json()
