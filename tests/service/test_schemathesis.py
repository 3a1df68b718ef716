"""Schemathesis against the service really running: every operation of openapi.yaml, fuzzed
and chained (stateful phase), must answer without a 5xx and as the contract says.

The server is uvicorn (ASGI) on the pytest test database (tests/support/server.py),
so it needs a transactional test and PostgreSQL (CI). The run is bounded: a few examples
per operation, a request timeout, long polls and streams cut to a second, and a hard
limit on the whole run.

The event streams' frames are checked against the frame each documents: openapi.yaml types
a `text/event-stream` body as a string, for generated clients, and one event in
`x-itemSchema` (docs/decisions/0030-event-streams-in-the-contract.md); schemathesis reads an
OpenAPI 3.1 stream's `schema` as one event, so the copy it is given has that schema
there (`frames_checked`).
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from tests.clocks.worker import ROOT
from tests.support.server import Server

pytestmark = [pytest.mark.served, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

CHECKS = ",".join([
    "not_a_server_error", "status_code_conformance", "content_type_conformance",
    "response_schema_conformance", "response_headers_conformance",
])
MAX_EXAMPLES = int(os.environ.get("DICE_SCHEMATHESIS_EXAMPLES", "8"))
RUN_LIMIT = 420  # seconds: the whole schemathesis run, or the test fails


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    # DELETE /me needs the password (which the fuzzer cannot guess) even from its fresh
    # token: else the first fuzzed DELETE /me would delete the account the run uses.
    running = Server(tmp_path, DICE_LONG_POLL_MAX="1", DICE_STREAM_MAX="1",
                     DICE_RECENT_LOGIN_MINUTES="0")
    try:
        running.start()
        yield running
    finally:
        running.stop()


def call(server: Server, method: str, path: str, body: Any = None,
         token: str | None = None) -> Any:
    request = urllib.request.Request(
        f"{server.url}/api/v1{path}", method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json",
                 **({"Authorization": f"Token {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def register(server: Server, name: str) -> str:
    password = secrets.token_urlsafe(16)
    return call(server, "POST", "/auth/register", {"username": name, "password": password})["token"]


def frames_checked(workdir: Path) -> Path:
    """openapi.yaml with each event stream's `schema` replaced by its `x-itemSchema`: the
    frame schemathesis checks every event of the stream against."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    streams = 0
    for path in spec["paths"].values():
        for operation in path.values():
            for response in operation.get("responses", {}).values():
                stream = response.get("content", {}).get("text/event-stream")
                if stream is not None:
                    stream["schema"] = stream.pop("x-itemSchema")
                    streams += 1
    assert streams >= 2, "the game's stream and the player channel"
    out = workdir / "openapi-frames.yaml"
    out.write_text(yaml.safe_dump(spec, sort_keys=False))
    return out


def schemathesis(server: Server, workdir: Path, token: str, *args: str,
                 config: Path | None = None) -> str:
    """One bounded `st run` of openapi.yaml against the server; fails the test on a failure."""
    options = ["--config-file", str(config)] if config else []
    command = [
        sys.executable, "-m", "schemathesis.cli", "--no-color", *options, "run",
        str(frames_checked(workdir)), "--url", server.url,
        "--header", f"Authorization: Token {token}", "--checks", CHECKS,
        "--request-timeout", "10", "--workers", "1",
        "--seed", os.environ.get("DICE_SCHEMATHESIS_SEED", "20261126"),
        "--suppress-health-check", "all", "--max-examples", str(MAX_EXAMPLES), *args,
    ]
    try:
        run = subprocess.run(command, cwd=workdir, capture_output=True, text=True,
                             timeout=RUN_LIMIT)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"schemathesis ran over {RUN_LIMIT} s\n"
                             f"{str(exc.stdout or '')[-4000:]}") from None
    report = run.stdout[-12000:] + run.stderr[-3000:]
    print(report)
    assert run.returncode == 0, f"{report}\nserver log:\n{server.tail()}"
    return report


def test_the_running_service_keeps_to_openapi_yaml(server: Server, tmp_path: Path) -> None:
    started = time.monotonic()
    token = register(server, "fuzzer")
    other = register(server, "fuzzed")
    # A game in play, so that the operations on a game reach its rules and not only 404.
    game = call(server, "POST", "/games", {"game_type": "snake-bones", "seats": 2}, token)
    call(server, "POST", f"/games/{game['id']}/join", {}, other)
    call(server, "POST", f"/games/{game['id']}/start", {"first_player": 0}, token)
    config = tmp_path / "schemathesis.toml"
    config.write_text(f'[parameters]\n"path.game_id" = "{game["id"]}"\n')
    # Logging out or revoking would end the fuzzer's own token half way: those two get a
    # run of their own with a token to spare.
    keep_token = ["--exclude-operation-id", "logout", "--exclude-operation-id", "revoke_token"]

    report = schemathesis(server, tmp_path, token, "--phases", "coverage,fuzzing", *keep_token,
                          config=config)
    assert "returned only 401" not in report, "the fuzzer's token stopped working"
    report = schemathesis(server, tmp_path, token, "--phases", "stateful", *keep_token,
                          "--max-examples", str(4 * MAX_EXAMPLES))
    assert "returned only 401" not in report, "the fuzzer's token stopped working"
    schemathesis(server, tmp_path, register(server, "spare"), "--phases", "coverage,fuzzing",
                 "--include-operation-id", "logout", "--include-operation-id", "revoke_token")
    print(f"schemathesis: {time.monotonic() - started:.0f} s in all")
