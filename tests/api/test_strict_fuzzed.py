"""What openapi.yaml says is what the server does, for the points fuzzing found (issue #33,
items 7 and 8): seat limits from each game's rules, integers that are integers, closed bot
items, a long poll's wait as any JSON number, and the state of a lobby game by version."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import yaml
from django.core.validators import URLValidator
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from events.models import Game
from events.webhooks import signing
from events.webhooks.registrations import URL_PATTERN
from games import registry
from tests.support.api import table

ROOT = Path(__file__).resolve().parents[2]


def contract() -> dict:
    return yaml.safe_load((ROOT / "openapi.yaml").read_text())


def problem_code(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/problem+json")
    return response.json()["code"]


def test_each_games_seat_limits_come_from_its_rules(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    request = contract()["components"]["schemas"]["CreateGameRequest"]["properties"]
    largest = max(rules.max_players for rules in registry.GAMES.values())
    assert request["seats"]["maximum"] == largest == 20
    assert request["seats"]["minimum"] == min(r.min_players for r in registry.GAMES.values())
    assert request["bots"]["maxItems"] == largest - 1
    assert contract()["components"]["schemas"]["StartRequest"]["properties"][
        "first_player"]["maximum"] == largest - 1
    assert a.post("/games", {"game_type": "bamboozled", "seats": 20}).status_code == 201
    refused = a.post("/games", {"game_type": "snake-bones", "seats": 20})
    assert problem_code(refused) == "invalid_seats"
    assert "2 to 8" in refused.json()["detail"]
    assert Game.objects.count() == 1


def test_body_integers_and_booleans_are_json_integers_and_booleans(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    for body in ({"first_player": "0"}, {"first_player": True}, {"first_player": "1"}):
        assert problem_code(a.post(f"/games/{game_id}/start", body)) == "invalid_request"
    for body in ({"seats": "2"}, {"seats": 2, "private": "true"}, {"seats": 2, "rated": 1}):
        created = a.post("/games", {"game_type": "snake-bones", **body})
        assert problem_code(created) == "invalid_request"
    assert Game.objects.count() == 1
    assert a.start(game_id, first_player=0)["status"] == "active"


def test_bot_items_refuse_unknown_keys_as_actions_do(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    bots = contract()["components"]["schemas"]["AddBotRequest"]
    assert bots["additionalProperties"] is False
    refused = a.post("/games", {"game_type": "snake-bones", "seats": 2,
                                "bots": [{"level": "basic", "lvl": "strong"}]})
    assert problem_code(refused) == "invalid_request"
    assert not Game.objects.exists()
    game_id = a.create("snake-bones", 2)["id"]
    assert problem_code(a.post(f"/games/{game_id}/bots", {"levle": "basic"})) == "invalid_request"


def test_a_long_polls_wait_is_any_json_number(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    for wait in ("8.7e-273", "1E-3", "0", "2.5e-1"):
        page = a.get(f"/games/{game_id}/events", after=version, wait=wait)
        assert page.status_code == 200, (wait, page.content)
    for wait in ("nan", "inf", "-1e-3", "3.1e1", "1e", ".5", "0x1"):
        assert problem_code(a.get(f"/games/{game_id}/events", wait=wait)) == "invalid_request"


def test_a_lobby_games_state_by_version_is_its_lobby_state(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    head = a.get(f"/games/{game_id}/state").json()
    assert head["view"] is None
    for version in range(head["version"] + 1):
        state = a.get(f"/games/{game_id}/state", version=str(version))
        assert state.status_code == 200, state.content
        assert state.json()["view"] is None and state.json()["version"] == version
    beyond = a.get(f"/games/{game_id}/state", version=str(head["version"] + 1))
    assert problem_code(beyond) == "invalid_version"


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
secrets_to_try = (st.text(min_size=0, max_size=140)
                  | st.builds(lambda body, pad: "whsec_" + body + pad,
                              st.text(alphabet=B64 + "-_", min_size=28, max_size=92),
                              st.sampled_from(["", "=", "==", "==="]))
                  | st.builds(lambda key: "whsec_" + base64.b64encode(key).decode().rstrip("="),
                              st.binary(min_size=20, max_size=68)))


@settings(max_examples=400, deadline=None)
@given(text=secrets_to_try)
def test_the_webhook_secrets_pattern_is_the_rule_that_reads_secrets(text: str) -> None:
    try:
        signing.parse(text)
        taken = "\x00" not in text   # the request's CharField refuses a NUL
    except signing.InvalidSecret:
        taken = False
    assert bool(re.fullmatch(signing.SECRET_PATTERN, text)) == taken, text


def test_the_contract_shows_the_webhook_secrets_pattern(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    schemas = contract()["components"]["schemas"]
    for name in ("CreateWebhookRequest", "RotateSecretRequest"):
        assert schemas[name]["properties"]["secret"]["pattern"].startswith("^(?:whsec_")
    for secret in ("whsec_" + "A" * 30, " sixteen characters", "whsec_" + "%" * 40,
                   "no NUL\x00 in secrets"):
        refused = a.post("/webhooks", {"url": "http://127.0.0.1:9/hook",
                                       "events": ["your_turn"], "secret": secret})
        assert problem_code(refused) in ("invalid_webhook_secret", "invalid_request"), secret
        assert not re.search(schemas["CreateWebhookRequest"]["properties"]["secret"]["pattern"],
                             secret)
    assert not a.get("/webhooks").json()


def test_request_strings_refuse_nul_and_the_contract_says_so(api, db) -> None:  # type: ignore[no-untyped-def]
    schemas = contract()["components"]["schemas"]
    password = schemas["CredentialsRequest"]["properties"]["password"]["pattern"]
    assert re.search(password, "correct horse battery")
    assert not re.search(password, "correct\x00horse battery")
    body = {"username": "nul_byte", "password": "correct\x00horse battery"}
    refused = api.anonymous.post("/api/v1/auth/register", body, format="json")
    assert problem_code(refused) == "invalid_request" and "password" in refused.json()["errors"]
    assert schemas["ClientSeedRequest"]["properties"]["client_seed"]["pattern"] == password


@settings(max_examples=300, deadline=None)
@given(url=st.from_regex(URL_PATTERN))
def test_every_webhook_url_the_contract_allows_passes_djangos_url_check(url: str) -> None:
    assume(len(url) <= 500)
    assume("[" not in url)   # an IPv6 host: the pattern takes any hex, digits and colons
    URLValidator()(url)   # raises ValidationError on a URL the server would refuse


def test_a_webhook_urls_host_labels_are_1_to_63_characters_in_the_contract_too(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    url = contract()["components"]["schemas"]["CreateWebhookRequest"]["properties"]["url"]
    assert url["pattern"] == URL_PATTERN.replace("\\Z", "$") and url["maxLength"] == 500
    too_long = "http://" + "a" * 64 + ".example/hook"
    assert not re.search(URL_PATTERN, too_long)
    refused = a.post("/webhooks", {"url": too_long, "events": ["your_turn"]})
    assert problem_code(refused) == "invalid_request" and "url" in refused.json()["errors"]
    assert re.search(URL_PATTERN, "http://" + "a" * 63 + ".example/hook")
