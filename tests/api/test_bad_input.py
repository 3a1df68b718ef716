"""Bad input never crashes: a 4xx problem with a stable code, and nothing appended."""

from __future__ import annotations

import json
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.models import Event
from tests.support.api import BASE, Player, table


@pytest.fixture
def running(players):  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    return a, game_id, version


def raw_post(player: Player, game_id: str, body: str, **headers: str):  # type: ignore[no-untyped-def]
    return player.client.post(f"{BASE}/games/{game_id}/actions", data=body,
                              content_type="application/json", headers=headers)


def assert_problem(response, status: int, code: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    body = response.json()
    assert body["status"] == status and body["code"] == code, body
    assert body["title"] and body["detail"] and body["type"] == "about:blank"


def test_malformed_json(running) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    assert_problem(raw_post(a, game_id, '{"expected_version": 3, "action": {'), 400,
                   "malformed_json")
    assert Event.objects.filter(game_id=game_id).count() == version


@pytest.mark.parametrize("body", [
    {"expected_version": "three", "action": {"type": "stake", "coins": 1}},
    {"expected_version": 3, "action": "stake"},
    {"expected_version": 3, "action": [1, 2]},
    {"expected_version": -1, "action": {"type": "stake", "coins": 1}},
    {"expected_version": 3},
    [],
    "just a string",
])
def test_wrong_types_are_400(running, body) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    assert_problem(raw_post(a, game_id, json.dumps(body)), 400, "invalid_request")
    assert Event.objects.filter(game_id=game_id).count() == version


def test_missing_expected_version_is_400(running) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    response = raw_post(a, game_id, json.dumps({"action": {"type": "stake", "coins": 1}}))
    assert_problem(response, 400, "missing_expected_version")


def test_if_match_carries_the_expected_version(running) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    body = json.dumps({"action": {"type": "stake", "coins": 1}})
    assert_problem(raw_post(a, game_id, body, **{"If-Match": f'"{version - 1}"'}), 409,
                   "version_conflict")
    response = raw_post(a, game_id, body, **{"If-Match": f'"{version}"'})
    assert response.status_code == 201
    assert response["ETag"] == f'"{response.json()["version"]}"'


@pytest.mark.parametrize("action,status,code", [
    ({"type": "fold"}, 400, "unknown_action_type"),
    ({"coins": 1}, 400, "malformed_action"),
    ({"type": "stake", "coins": "1"}, 400, "malformed_action"),
    ({"type": "stake", "coins": True}, 400, "malformed_action"),
    ({"type": "stake"}, 400, "malformed_action"),
])
def test_malformed_actions(running, action, status, code) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    assert_problem(a.act(game_id, action, version), status, code)
    assert Event.objects.filter(game_id=game_id).count() == version


@pytest.mark.parametrize("action", [
    {"type": "stake", "coins": 0},
    {"type": "stake", "coins": 11},
    {"type": "bid", "quantity": 1, "face": 2},
    {"type": "call_bluff"},
])
def test_illegal_actions_are_422_naming_the_rule(running, action) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    response = a.act(game_id, action, version)
    assert response.status_code == 422, response.content
    assert response.json()["code"] not in ("", "unprocessable")
    assert Event.objects.filter(game_id=game_id).count() == version


def test_stale_version_is_409_with_the_head(running) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    response = a.act(game_id, {"type": "stake", "coins": 1}, version + 5)
    assert_problem(response, 409, "version_conflict")
    assert response.json()["current_version"] == version


def test_unknown_game_ids_are_404(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    for path in (f"/games/{uuid.uuid4()}", f"/games/{uuid.uuid4()}/legal-actions",
                 f"/games/{uuid.uuid4()}/events", f"/games/{uuid.uuid4()}/state"):
        assert_problem(a.get(path), 404, "game_not_found")
    assert_problem(a.act(str(uuid.uuid4()), {"type": "stake", "coins": 1}, 0), 404,
                   "game_not_found")
    assert_problem(a.get("/games/not-a-uuid"), 404, "not_found")
    assert_problem(a.get("/no-such-endpoint"), 404, "not_found")


def test_actions_in_the_lobby_are_refused(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    assert_problem(a.act(game_id, {"type": "stake", "coins": 1}, 0), 422, "game_not_started")
    assert not Event.objects.filter(game_id=game_id).exists()


def test_unauthenticated_requests_are_401(running, api) -> None:  # type: ignore[no-untyped-def]
    _, game_id, _ = running
    response = api.anonymous.get(f"{BASE}/games/{game_id}")
    assert_problem(response, 401, "not_authenticated")
    assert response["WWW-Authenticate"] == "Token"
    api.anonymous.credentials(HTTP_AUTHORIZATION="Token nonsense")
    assert_problem(api.anonymous.get(f"{BASE}/games"), 401, "authentication_failed")


def test_bad_query_parameters_are_400(running) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    assert_problem(a.get(f"/games/{game_id}/events", after="x"), 400, "invalid_request")
    assert_problem(a.get(f"/games/{game_id}/events", limit=0), 400, "invalid_request")
    assert_problem(a.get(f"/games/{game_id}/state", version=version + 1), 400, "invalid_version")
    assert_problem(a.get("/games", status="paused"), 400, "invalid_request")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["stake", "bid", "call_bluff", "call_spot_on", "x"])},
    optional={"coins": json_values, "quantity": json_values, "face": json_values},
)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=st.one_of(json_values, st.fixed_dictionaries(
    {"expected_version": st.one_of(st.integers(-2, 6), json_values), "action": actions})))
def test_no_body_produces_a_500_or_an_append(running, body) -> None:  # type: ignore[no-untyped-def]
    a, game_id, version = running
    before = Event.objects.filter(game_id=game_id).count()
    response = raw_post(a, game_id, json.dumps(body))
    assert response.status_code < 500, response.content
    after = Event.objects.filter(game_id=game_id).count()
    if response.status_code != 201:
        assert response["Content-Type"].startswith("application/problem+json")
        assert after == before
