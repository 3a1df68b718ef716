"""Random bodies for every writing endpoint: never a 500, always a problem document."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.models import Game
from tests.support.api import BASE, table

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                 max_size=4),
    max_leaves=15,
)
create_bodies = st.fixed_dictionaries({}, optional={
    "game_type": st.sampled_from(["snake-bones", "bamboozled", "dark-knights", "skip-bo-dice",
                                  "chess", ""]) | json_values,
    "seats": st.integers(-3, 15) | json_values,
    "options": st.dictionaries(st.sampled_from(["ones_wild", "raise_rule", "strikes",
                                                "hand_limit", "kids", "target", "final_round",
                                                "x"]), json_values, max_size=4) | json_values,
    "client_seed": json_values,
    "turn_timeout": st.integers(-5, 10**8) | json_values,
    "autoplay_after": json_values,
})
FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def assert_no_server_error(response) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code < 500, response.content
    if response.status_code >= 400:
        assert response["Content-Type"].startswith("application/problem+json")
        assert response.json()["code"]


@FUZZ
@given(body=st.one_of(create_bodies, json_values))
def test_create_game_never_crashes(players, body) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    assert_no_server_error(a.post("/games", body))


@FUZZ
@given(path=st.sampled_from(["join", "leave", "start"]), body=json_values)
def test_lobby_endpoints_never_crash(players, path, body) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    assert_no_server_error(b.post(f"/games/{game_id}/{path}", body))
    assert_no_server_error(a.post(f"/games/{game_id}/{path}", body))


@FUZZ
@given(params=st.dictionaries(st.sampled_from(["after", "limit", "version", "status", "mine",
                                               "game_type", "offset", "wait"]),
                              st.text(max_size=6) | st.integers(-5, 10**30).map(str), max_size=4))
def test_query_parameters_never_crash(players, params) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game_id = a.create("snake-bones", 2)["id"]
    params.pop("wait", None)  # a valid wait would only make the test slow
    for path in ("/games", f"/games/{game_id}/events", f"/games/{game_id}/state",
                 f"/games/{game_id}/legal-actions"):
        assert_no_server_error(a.get(path, **params))


def test_unsupported_media_type_and_method(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    response = a.client.post(f"{BASE}/games", data="game_type=snake-bones",
                             content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415 and response.json()["code"] == "unsupported_media_type"
    response = a.client.put(f"{BASE}/games", data=json.dumps({}), content_type="application/json")
    assert response.status_code == 405 and response.json()["code"] == "method_not_allowed"
    assert not Game.objects.exists()
