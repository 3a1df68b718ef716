"""Production settings (DICE_ENV=production; docs/scaling.md, "Production settings"):
`check --deploy` clean, DJANGO_ALLOWED_HOSTS required, HTTPS (redirect, HSTS, the proxy's
header), no Host outside the list, /metrics closed without a token, the web client's
page unframeable."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from tests.clocks.worker import ROOT
from tests.support.server import Server

PRODUCTION = {"DJANGO_SETTINGS_MODULE": "config.settings", "DICE_ENV": "production",
              "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
              "DJANGO_ALLOWED_HOSTS": "dice.example.com"}


def run(args: list[str], env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items()
            if not k.startswith(("DICE_", "DJANGO_", "DATABASE_URL", "REDIS_URL"))}
    full.update({"DICE_VAR_DIR": str(tmp_path), **env})
    return subprocess.run([sys.executable, *args], check=False, cwd=ROOT, env=full,
                          capture_output=True, text=True, timeout=120)


def test_check_deploy_reports_no_warning_in_production(tmp_path: Path) -> None:
    done = run(["manage.py", "check", "--deploy"], PRODUCTION, tmp_path)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert not re.search(r"\bW\d{3}\b", output), output
    assert "no issues (1 silenced)" in output, output
    # The one check silenced (no CSRF middleware: no cookie authentication), and no other.
    code = "from django.conf import settings; print(settings.SILENCED_SYSTEM_CHECKS)"
    done = run(["-c", f"import django; django.setup(); {code}"], PRODUCTION, tmp_path)
    assert done.stdout.strip() == "['security.W003']", done.stderr


def test_check_deploy_says_what_is_missing_when_https_is_turned_off(tmp_path: Path) -> None:
    """The test above can fail: without the redirect and HSTS the check warns."""
    done = run(["manage.py", "check", "--deploy"],
               {**PRODUCTION, "DICE_SSL_REDIRECT": "false", "DICE_HSTS_SECONDS": "0"}, tmp_path)
    assert "security.W004" in done.stderr and "security.W008" in done.stderr, done.stderr


@pytest.mark.parametrize("hosts", [None, "", "*", "dice.example.com,*"])
def test_production_refuses_to_start_without_named_hosts(tmp_path: Path,
                                                         hosts: str | None) -> None:
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_ALLOWED_HOSTS"}
    if hosts is not None:
        env["DJANGO_ALLOWED_HOSTS"] = hosts
    done = run(["-c", "import django; django.setup()"], env, tmp_path)
    assert done.returncode != 0
    assert "ImproperlyConfigured: DJANGO_ALLOWED_HOSTS must name" in done.stderr, done.stderr


def test_the_production_settings_from_the_environment(tmp_path: Path) -> None:
    names = ["SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS",
             "SECURE_HSTS_PRELOAD", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
             "X_FRAME_OPTIONS", "ALLOWED_HOSTS"]
    code = ("from django.conf import settings; print(repr([getattr(settings, n, None) for n in "
            f"{names!r}] + [getattr(settings, 'SECURE_PROXY_SSL_HEADER', None)]))")
    done = run(["-c", f"import django; django.setup(); {code}"],
               {**PRODUCTION, "DICE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
                "DJANGO_ALLOWED_HOSTS": " dice.example.com , .dice.example "}, tmp_path)
    assert done.returncode == 0, done.stderr
    assert eval(done.stdout) == [True, 31_536_000, True, True, True, True, "DENY",
                                 ["dice.example.com", ".dice.example"],
                                 ("HTTP_X_FORWARDED_PROTO", "https")]
    done = run(["-c", f"import django; django.setup(); {code}"],
               {**PRODUCTION, "DICE_SSL_REDIRECT": "false", "DICE_HSTS_PRELOAD": "false",
                "DICE_HSTS_SECONDS": "600"}, tmp_path)
    values = eval(done.stdout)
    assert values[:4] == [False, 600, True, False] and values[-1] is None


@pytest.mark.django_db
def test_a_host_outside_the_list_is_refused_and_urls_name_a_listed_one() -> None:
    with override_settings(ALLOWED_HOSTS=["dice.example.com"]):
        client = APIClient()
        evil = client.get("/api/v1/game-types", headers={"Host": "evil.example"})
        assert evil.status_code == 400 and b"evil.example/" not in evil.content
        assert evil["Content-Type"] == "application/problem+json"
        assert evil.json()["code"] == "disallowed_host"
        good = client.get("/api/v1/game-types", headers={"Host": "dice.example.com"})
        assert good.status_code == 200
        urls = [t["rules_url"] for t in good.json()]
        assert urls and all(u.startswith("http://dice.example.com/") for u in urls)


# --- served as production serves it ------------------------------------------------------

class ProductionServer(Server):
    """The service served with the production settings: ready when /healthz answers (the
    only plain-HTTP paths are the health checks)."""

    ready_path = "/healthz"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def fetch(url: str, **headers: str) -> tuple[int, Any, bytes]:
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=10) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@pytest.mark.served
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_served_in_production(tmp_path: Path) -> None:
    web = tmp_path / "web"
    (web / "play").mkdir(parents=True)
    (web / "play" / "index.html").write_text("<!doctype html><title>Dice Games</title>")
    server = ProductionServer(tmp_path, **{**PRODUCTION, "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
                                           "DICE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
                                           "DICE_METRICS_TOKEN": "",
                                           # Not under test here: the throttle's counts of
                                           # 127.0.0.1 live in the shared Redis with the
                                           # other served tests' requests.
                                           "DICE_THROTTLE_ANON": "100000/min",
                                           "DICE_WEB_CLIENT_ROOT": str(web)})
    server.start()
    try:
        https = {"X-Forwarded-Proto": "https"}
        # Plain HTTP: the health checks answer (a balancer's probes), the rest redirects.
        assert fetch(f"{server.url}/healthz")[0] == 200
        assert fetch(f"{server.url}/readyz")[0] == 200
        status, headers, _ = fetch(f"{server.url}/api/v1/game-types")
        assert status == 301 and headers["Location"] == (
            f"https://127.0.0.1:{server.port}/api/v1/game-types")
        # HTTPS (the proxy says so): HSTS, no framing.
        status, headers, body = fetch(f"{server.url}/api/v1/game-types", **https)
        assert status == 200, body
        assert headers["Strict-Transport-Security"] == (
            "max-age=31536000; includeSubDomains; preload")
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert b'"rules_url":"https://127.0.0.1:' in body.replace(b" ", b"")
        # A Host outside DJANGO_ALLOWED_HOSTS: 400, no URL built from it.
        status, _, body = fetch(f"{server.url}/api/v1/game-types",
                                **https, Host="evil.example")
        assert status == 400 and b"evil.example/" not in body
        # /metrics without DICE_METRICS_TOKEN: not served at all in production.
        assert fetch(f"{server.url}/metrics", **https)[0] == 404
        assert fetch(f"{server.url}/metrics")[0] == 404
        # The web client's page: its policy as a header, unframeable.
        status, headers, _ = fetch(f"{server.url}/play/", **https)
        assert status == 200
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert "default-src 'self'" in headers["Content-Security-Policy"]
        assert headers["X-Frame-Options"] == "DENY"
    finally:
        server.stop()


VAPID_KEY = "t3Wn1pLrPjSg9xqC5wQbQ1xJ3mC7yEoFqX2dZc8hV0k"  # base64url of 32 bytes
PUSH = "from django.conf import settings; print(settings.DICE_PUSH_ENABLED)"


def test_production_pushes_only_when_turned_on_and_then_needs_the_vapid_key(tmp_path: Path) -> None:
    """Web Push (docs/notifications.md): off in production unless DICE_PUSH_ENABLED; on,
    the service refuses to start without the VAPID private key and a mailto:/https:
    subject, and never generates a key of its own there."""
    done = run(["-c", f"import django; django.setup(); {PUSH}"], PRODUCTION, tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "False", done.stderr
    on = {**PRODUCTION, "DICE_PUSH_ENABLED": "true"}
    done = run(["-c", "import django; django.setup()"], on, tmp_path)
    assert done.returncode != 0
    assert "needs DICE_VAPID_PRIVATE_KEY" in done.stderr, done.stderr
    done = run(["-c", "import django; django.setup()"],
               {**on, "DICE_VAPID_PRIVATE_KEY": VAPID_KEY}, tmp_path)
    assert done.returncode != 0 and "needs DICE_VAPID_SUBJECT" in done.stderr, done.stderr
    done = run(["-c", "import django; django.setup()"],
               {**on, "DICE_VAPID_PRIVATE_KEY": "not a key", "DICE_VAPID_SUBJECT":
                "mailto:ops@dice.example.com"}, tmp_path)
    assert done.returncode != 0 and "is base64url of the raw" in done.stderr, done.stderr
    done = run(["-c", f"import django; django.setup(); {PUSH}"],
               {**on, "DICE_VAPID_PRIVATE_KEY": VAPID_KEY,
                "DICE_VAPID_SUBJECT": "mailto:ops@dice.example.com"}, tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr
    assert not (tmp_path / "vapid-private.pem").exists()


def test_production_refuses_an_extra_ca_for_pushes(tmp_path: Path) -> None:
    done = run(["-c", "import django; django.setup()"],
               {**PRODUCTION, "DICE_PUSH_EXTRA_CA_FILE": "/tmp/ca.pem"}, tmp_path)
    assert done.returncode != 0 and "DICE_PUSH_EXTRA_CA_FILE is for tests" in done.stderr
