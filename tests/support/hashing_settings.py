"""The test settings with the counting hasher (tests/support/hashers.py) and the
production failed-login limit, for a served process (tests/api/test_login_burst.py)."""

import os

from config.settings_test import *  # noqa: F401,F403

PASSWORD_HASHERS = ["tests.support.hashers.CountingHasher"]
DICE_THROTTLE_LOGIN_FAILURES = os.environ.get("DICE_THROTTLE_LOGIN_FAILURES", "10/min")
