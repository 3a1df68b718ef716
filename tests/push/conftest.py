"""Web Push tests: a VAPID key of the test's own, and the test push service
(tests/support/push_service.py) over TLS, trusted through DICE_PUSH_EXTRA_CA_FILE."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from events.push import keys
from tests.support.push_service import PushService, b64url


def raw_private_key() -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


@pytest.fixture
def vapid_key(settings: Any) -> str:
    settings.DICE_VAPID_PRIVATE_KEY = raw_private_key()
    return keys.public_key()


@pytest.fixture
def push_service(tmp_path: Path, settings: Any, vapid_key: str) -> Iterator[PushService]:
    service = PushService(tmp_path / "push-tls", vapid_key)
    settings.DICE_PUSH_EXTRA_CA_FILE = str(service.ca_file)
    with service:
        yield service
