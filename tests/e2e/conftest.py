"""The web client's browser tests (issue #18): the page built as production builds it
(web/build.py, once per session, again only when its inputs changed), served by the real
server (uvicorn, tests/support/server.py) at /play/, driven in Debian's headless Chromium
by Playwright. Skipped without Node.js tools or chromium on a workstation; in CI (CI set)
they must run, so a missing tool fails them."""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.server import Server

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test here drives chromium against a served server (`dev.py test --fast`
    deselects both)."""
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.served)


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


def _web_build() -> Any:
    spec = importlib.util.spec_from_file_location("web_build", ROOT / "web" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def web_client() -> Path:
    """web/dist/play, built now if missing or stale."""
    if not os.path.exists(CHROMIUM):
        _missing(f"needs Debian's chromium at {CHROMIUM} "
                 "(apt-get install -y chromium; .ci/run does)")
    build = _web_build()
    started = time.monotonic()
    try:
        built = build.build()
    except build.Unavailable as why:
        _missing(f"the web client cannot be built here: {why}")
    if built:
        print(f"\nweb client built in {time.monotonic() - started:.1f} s")
    return build.INDEX.parent


@pytest.fixture(scope="module")
def server(web_client: Path, django_db_setup: Any, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web"))
    running.start()
    yield running
    running.stop()


@pytest.fixture
def browser(web_client: Path) -> Iterator[Any]:
    # Per test: Playwright's sync API runs an event loop in this thread, and the
    # transactional tests' flush (after each test) refuses to run beside one.
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def screenshots() -> Path | None:
    """Where to save the docs' screenshots (docs/screenshots/), when WEB_SCREENSHOTS=1."""
    if os.environ.get("WEB_SCREENSHOTS") != "1":
        return None
    folder = ROOT / "docs" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
