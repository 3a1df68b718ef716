"""The write lane of the served application (config/asgi.py `WriteLane`, decision 0035):
at most `places` writing requests on games of a process in Django's hands at once, the
others waiting on the event loop; reads, logins and other writes never wait for it; a
write that waited `patience` seconds goes on; the served application is built with the
setting."""

from __future__ import annotations

import asyncio
from typing import Any

from django.conf import settings

import config.asgi
from config.asgi import LentThreads, WriteLane


class Handler:
    """Stands for Django's handler: each request stays inside until it is let go."""

    def __init__(self) -> None:
        self.inside: list[str] = []
        self.most = 0
        self.go = asyncio.Event()

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        self.inside.append(scope["path"])
        self.most = max(self.most, len(self.inside))
        try:
            await self.go.wait()
        finally:
            self.inside.remove(scope["path"])


def request(method: str, path: str) -> dict:
    return {"type": "http", "method": method, "path": path}


async def nothing() -> dict:
    return {"type": "http.disconnect"}


async def sent(message: dict) -> None:
    pass


def test_writes_beyond_the_places_wait_their_turn_and_reads_pass_them() -> None:
    async def run() -> None:
        handler = Handler()
        app = LentThreads(handler, keep=2, lane=WriteLane(2, patience=30))
        writes = [asyncio.ensure_future(app(request(method, f"/api/v1/games/w{i}"), nothing, sent))
                  for i, method in enumerate(["POST", "PUT", "PATCH", "DELETE", "POST"])]
        await asyncio.sleep(0.05)
        # two places, three waiting
        assert sorted(handler.inside) == ["/api/v1/games/w0", "/api/v1/games/w1"]
        read = asyncio.ensure_future(app(request("GET", "/api/v1/game-types"), nothing, sent))
        await asyncio.sleep(0.05)
        assert "/api/v1/game-types" in handler.inside  # a read never queues behind the writes
        handler.go.set()
        await asyncio.gather(*writes, read)
        assert handler.most == 3  # two writes and the read, never a third write
    asyncio.run(run())


def test_a_write_that_waited_its_patience_goes_on() -> None:
    async def run() -> None:
        handler = Handler()
        app = LentThreads(handler, keep=2, lane=WriteLane(1, patience=0.1))
        first = asyncio.ensure_future(app(request("POST", "/api/v1/games/first"), nothing, sent))
        await asyncio.sleep(0.02)
        second = asyncio.ensure_future(app(request("POST", "/api/v1/games/second"), nothing, sent))
        await asyncio.sleep(0.05)
        assert handler.inside == ["/api/v1/games/first"]
        await asyncio.sleep(0.2)
        # on, without a place
        assert sorted(handler.inside) == ["/api/v1/games/first", "/api/v1/games/second"]
        handler.go.set()
        await asyncio.gather(first, second)
    asyncio.run(run())


def test_logins_and_other_writes_off_the_games_never_wait() -> None:
    async def run() -> None:
        handler = Handler()
        app = LentThreads(handler, keep=2, lane=WriteLane(1, patience=30))
        move = asyncio.ensure_future(app(request("POST", "/api/v1/games/g/actions"),
                                         nothing, sent))
        others = [asyncio.ensure_future(app(request("POST", path), nothing, sent))
                  for path in ("/api/v1/auth/login", "/api/v1/auth/register",
                               "/api/v1/matchmaking/tickets")]
        await asyncio.sleep(0.05)
        assert len(handler.inside) == 4  # the lane's one place is the move's
        handler.go.set()
        await asyncio.gather(move, *others)
    asyncio.run(run())


def test_a_place_is_given_back_when_the_request_fails() -> None:
    async def run() -> None:
        async def failing(scope: dict, receive: Any, send: Any) -> None:
            raise RuntimeError("the view failed")

        lane = WriteLane(1, patience=30)
        app = LentThreads(failing, keep=2, lane=lane)
        for _ in range(3):  # each would wait forever if the place were kept
            try:
                await asyncio.wait_for(app(request("POST", "/api/v1/games/x"), nothing, sent), 5)
            except RuntimeError:
                pass
        assert lane.semaphore().locked() is False
    asyncio.run(run())


def test_no_lane_with_zero_places() -> None:
    async def run() -> None:
        handler = Handler()
        app = LentThreads(handler, keep=2, lane=WriteLane(0, patience=30))
        writes = [asyncio.ensure_future(app(request("POST", f"/w{i}"), nothing, sent))
                  for i in range(5)]
        await asyncio.sleep(0.05)
        assert len(handler.inside) == 5
        handler.go.set()
        await asyncio.gather(*writes)
    asyncio.run(run())


def test_the_served_application_has_the_lane_of_the_settings() -> None:
    lane = config.asgi.application.lane
    assert lane.places == settings.DICE_WRITES_AT_ONCE > 0
    assert lane.patience == settings.DICE_DB_POOL_TIMEOUT
