"""Pushes through a real Celery worker (with beat) on PostgreSQL and Redis: handed over
after commit, delivered to the test push service, retried after a 429's Retry-After; a
move rolled back pushes nothing, even with the sweeper looking."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from django.db import transaction

from events.models import PushDelivery
from tests.clocks.worker import Worker, running_worker, wait_until
from tests.push.conftest import raw_private_key
from tests.push.helpers import subscribe
from tests.support.api import table
from tests.support.push_service import PushService

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def key(settings: Any) -> str:
    settings.DICE_VAPID_PRIVATE_KEY = raw_private_key()
    return settings.DICE_VAPID_PRIVATE_KEY


@pytest.fixture
def service(tmp_path: Path, settings: Any, key: str) -> Iterator[PushService]:
    from events.push import keys

    with PushService(tmp_path / "tls", keys.public_key()) as service:
        settings.DICE_PUSH_EXTRA_CA_FILE = str(service.ca_file)
        yield service


@pytest.fixture
def push_worker(tmp_path: Path, service: PushService, key: str) -> Iterator[Worker]:
    yield from running_worker(tmp_path, DICE_VAPID_PRIVATE_KEY=key,
                              DICE_PUSH_EXTRA_CA_FILE=str(service.ca_file),
                              DICE_PUSH_BACKOFF_SECONDS="0.3")


def test_the_worker_pushes_after_commit_and_honours_retry_after(  # type: ignore[no-untyped-def]
        push_worker, service, players) -> None:
    a, b = players(2)
    client, _ = subscribe(b, service)
    service.answer(client, 429, **{"Retry-After": "1"})
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    wait_until(lambda: len(service.of(client)) >= 2, 30, "no push arrived", push_worker.tail)
    first, second = service.of(client)
    assert (first.status, second.status) == (429, 201)
    assert second.at - first.at >= 0.9  # after the Retry-After, not the 0.3 s back-off
    assert second.payload["kind"] == "your_turn" and second.payload["version"] == version
    assert service.rejected == []
    # The worker records the answer in the push's row once the push service has answered:
    # the row may lag the service's log by a moment.
    wait_until(lambda: PushDelivery.objects.get().status != "pending", 30,
               "the delivered push was not recorded", push_worker.tail)
    row = PushDelivery.objects.get()
    assert (row.status, row.attempts) == ("delivered", 2)


def test_a_rolled_back_move_is_never_pushed(push_worker, service, players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    client, _ = subscribe(b, service)
    game_id = table(a, [b], "snake-bones")

    class RolledBack(Exception):
        pass

    with pytest.raises(RolledBack), transaction.atomic():
        a.start(game_id, first_player=0)
        assert PushDelivery.objects.exists()
        raise RolledBack
    time.sleep(2)  # four sweeps of the worker's beat
    assert service.of(client) == [] and not PushDelivery.objects.exists()
    a.start(game_id, first_player=0)  # committed this time
    wait_until(lambda: service.of(client), 30, "no push arrived", push_worker.tail)
