"""Settings of the browser test's server: the test settings, plus one page
(tests/support/browser_urls.py) served from the API's own origin."""

from config.settings_test import *  # noqa: F401,F403

ROOT_URLCONF = "tests.support.browser_urls"
