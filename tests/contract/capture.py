"""Real examples for openapi.yaml: one Snake Bones game played through the API with a fixed
server seed, fixed client seeds (committed, then revealed) and a fixed game id, calling
every operation at least once.

`capture()` returns, by operation id, the requests made and the answers got;
api/contract_examples.json holds a capture (api/examples.py puts it in openapi.yaml) and
tests/contract/test_examples.py replays it and checks the server still answers the same
(modulo ids, tokens, hashes and times). Refresh it after a change of the answers with

    DICE_UPDATE_EXAMPLES=1 python3 dev.py test tests/contract/test_examples.py
"""

from __future__ import annotations

import itertools
import json
import random
import time
import uuid
from typing import Any
from unittest import mock

from django.test import override_settings
from rest_framework.test import APIClient

from games.core.fairness import commitment, seed_commitment
from games.core.legal import sample

BASE = "/api/v1"
SERVER_SEED = "5eed" * 16
GAME_ID = uuid.UUID("00000000-0000-4000-8000-00000000d1ce")
REMATCH_ID = uuid.UUID("00000000-0000-4000-8000-00000000d1cf")  # the example game's rematch
MATCH_ID = uuid.UUID("00000000-0000-4000-8000-00000000d1d0")  # the quick-play example's game
OLD_LOBBY_ID = uuid.UUID("00000000-0000-4000-8000-00000000d1d1")  # a lobby before scheme 3
TICKET_IDS = uuid.UUID("00000000-0000-4000-8000-000000007100").int  # its tickets: …7100, …7101
# The players' seeds (32 random bytes each, fixed here): committed in the lobby, revealed
# after the start (dice scheme 3).
ALICE_SEED, BOB_FIRST_SEED, BOB_SEED = "a1" * 32, "b1" * 32, "b0" * 32
PASSWORD = "correct horse battery staple"
NEW_PASSWORD = "a new horse, battery and staple"
SECRET = "whsec_" + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
NEW_SECRET = "whsec_" + "c2VjcmV0LXJvdGF0ZWQtZm9yLWV4YW1wbGVz"
# A browser's PushSubscription.toJSON() (a fixed P-256 point and auth secret).
PUSH_SUBSCRIPTION = {
    "endpoint": "https://push.example.com/send/alice-laptop", "expirationTime": None,
    "keys": {"p256dh": "BNnSydkh3aWosYA9EPRjcPwb6VS4Vd3At4UuygUziQcXv3Ch_Gt7mTL6hWaepbKDkr5PP4"
                       "OW8n6E8uYfrySWU54",
             "auth": "AAECAwQFBgcICQoLDA0ODw"}}


class Recorder:
    def __init__(self) -> None:
        self.examples: dict[str, list[dict[str, Any]]] = {}

    def call(self, client: APIClient, operation: str, method: str, path: str,
             body: Any = None, *, name: str = "captured", summary: str = "",
             keep: bool = True, headers: dict[str, str] | None = None,
             **query: Any) -> Any:
        kwargs: dict[str, Any] = {"headers": headers or {}}
        if body is not None:
            kwargs.update(data=json.dumps(body), content_type="application/json")
        if query:
            path = f"{path}?" + "&".join(f"{k}={v}" for k, v in query.items())
        response = getattr(client, method)(BASE + path, **kwargs)
        media = response.get("Content-Type", "").split(";")[0] or None
        if getattr(response, "streaming", False):
            from tests.support.live import drain

            answer: Any = drain(response)
        elif media == "text/markdown":
            answer = response.content.decode()
        elif response.content:
            answer = response.json()
        else:
            answer = None
        if keep:
            example: dict[str, Any] = {"name": name, "summary": summary,
                                       "status": response.status_code, "media_type": media}
            if body is not None:
                example["request"] = body
            if answer is not None:
                example["response"] = answer
            self.examples.setdefault(operation, []).append(example)
        assert response.status_code < 500, (operation, response.content)
        return answer


def _client(token: str | None = None) -> APIClient:
    client = APIClient()
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def capture() -> dict[str, list[dict[str, Any]]]:
    """Play the example game (needs the database) and return the examples by operation."""
    from accounts.models import Player
    from events.models import Game, Ticket

    field = Game._meta.get_field("id")
    game_ids = iter([GAME_ID, REMATCH_ID, MATCH_ID, OLD_LOBBY_ID])
    # Player ids are random: the examples' are p_aaa…, p_bbb…, in the order of the accounts.
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    tickets = itertools.count()
    # Field.get_default() caches the default's callable: patch the cache, not `default`.
    with override_settings(DICE_FIXED_SERVER_SEED=SERVER_SEED, DICE_LEADERBOARD_MIN_GAMES=1), \
            mock.patch.object(field, "_get_default", lambda: next(game_ids)), \
            mock.patch.object(Player._meta.get_field("id"), "_get_default",
                              lambda: "p_" + next(letters) * 24), \
            mock.patch.object(Ticket._meta.get_field("id"), "_get_default",
                              lambda: uuid.UUID(int=TICKET_IDS + next(tickets))):
        return _play()


def _projected(game_id: str, seconds: float = 60) -> None:
    """Run the projections until the game's rating changes are in (on PostgreSQL the feed
    waits for transactions still open in the database: docs/projections.md)."""
    from events.models import RatingChange
    from events.projections.registry import run_all

    deadline = time.monotonic() + seconds
    while not RatingChange.objects.filter(game_id=game_id).exists():
        assert time.monotonic() < deadline, "the projections did not apply the game"
        run_all()
        time.sleep(0.05)


def _play() -> dict[str, list[dict[str, Any]]]:
    r = Recorder()
    anonymous = _client()
    alice = _client(r.call(anonymous, "register", "post", "/auth/register",
                           {"username": "alice", "password": PASSWORD},
                           summary="a new account and its first token")["token"])
    bob = _client(r.call(anonymous, "register", "post", "/auth/register",
                         {"username": "bob", "password": PASSWORD}, keep=False)["token"])
    phone = r.call(anonymous, "obtain_token", "post", "/auth/token",
                   {"username": "alice", "password": PASSWORD, "token_name": "alice's phone"},
                   summary="a second login, from a phone")
    r.call(alice, "list_tokens", "get", "/auth/tokens")
    r.call(alice, "revoke_token", "delete", f"/auth/tokens/{phone['token_id']}")

    push = _push(r, anonymous, alice)
    r.call(anonymous, "list_game_types", "get", "/game-types")
    r.call(anonymous, "get_game_type", "get", "/game-types/snake-bones")
    r.call(anonymous, "get_game_type_rules", "get", "/game-types/snake-bones/rules")

    hook = r.call(alice, "create_webhook", "post", "/webhooks",
                  {"url": "http://127.0.0.1:9/dice-hook", "secret": SECRET,
                   "events": ["your_turn", "game_started", "game_over"]})
    r.call(alice, "list_webhooks", "get", "/webhooks")

    game = r.call(alice, "create_game", "post", "/games",
                  {"game_type": "snake-bones", "seats": 2,
                   "options": {"ones_wild": True, "raise_rule": "quantity"},
                   "seed_commitment": seed_commitment(ALICE_SEED), "rated": True},
                  summary="a rated Snake Bones table for two, ones wild")
    game_id = game["id"]
    r.call(bob, "list_games", "get", "/games", status="lobby")
    r.call(alice, "add_bot", "post", f"/games/{game_id}/bots", {"level": "strong"},
           summary="alice seats a strong bot in seat 1")
    r.call(alice, "add_bot", "post", f"/games/{game_id}/bots", {"level": "godlike"},
           name="unknown_bot_level", summary="a level the game type does not list: 400")
    r.call(alice, "remove_bot", "delete", f"/games/{game_id}/bots/1",
           summary="alice takes the bot away: seat 1 is free for bob")
    r.call(bob, "join_game", "post", f"/games/{game_id}/join", {}, keep=False)
    r.call(bob, "leave_game", "post", f"/games/{game_id}/leave")
    r.call(bob, "join_game", "post", f"/games/{game_id}/join",
           {"seed_commitment": seed_commitment(BOB_FIRST_SEED)})
    r.call(bob, "set_seed_commitment", "put", f"/games/{game_id}/seed-commitment",
           {"seed_commitment": seed_commitment(BOB_SEED)},
           summary="bob commits to another seed: any time until the start")
    r.call(bob, "set_client_seed", "put", f"/games/{game_id}/client-seed",
           {"client_seed": "bob's own seed"}, name="seeds_are_committed",
           summary="a game of dice scheme 3 takes no seed in the lobby: 409")
    r.call(alice, "start_game", "post", f"/games/{game_id}/start", {"first_player": 0},
           summary="alice bids first; the seats reveal their seeds first")
    r.call(alice, "reveal_seed", "post", f"/games/{game_id}/seed", {"client_seed": BOB_SEED},
           name="seed_does_not_match_commitment",
           summary="not the seed alice committed to: 400, nothing stored")
    r.call(alice, "reveal_seed", "post", f"/games/{game_id}/seed", {"client_seed": ALICE_SEED},
           name="revealed", summary="alice reveals: the game waits for bob's seed")
    r.call(bob, "reveal_seed", "post", f"/games/{game_id}/seed", {"client_seed": BOB_SEED},
           summary="bob reveals the last seed: the seeds are fixed, the game begins")
    r.call(alice, "get_game", "get", f"/games/{game_id}")
    r.call(alice, "list_legal_actions", "get", f"/games/{game_id}/legal-actions",
           summary="a stake to choose from 1 to 10 coins")

    version = r.call(alice, "get_state", "get", f"/games/{game_id}/state")["version"]
    r.call(alice, "post_action", "post", f"/games/{game_id}/actions",
           {"expected_version": version - 1, "action": {"type": "stake", "coins": 3}},
           name="version_conflict", summary="decided against an old version: 409")
    r.call(alice, "post_action", "post", f"/games/{game_id}/actions",
           {"expected_version": version, "action": {"type": "stake", "coins": 30}},
           name="illegal_action", summary="more coins than alice holds: 422")
    r.call(alice, "post_action", "post", f"/games/{game_id}/actions",
           {"expected_version": version, "action": {"type": "stake", "coins": 3}},
           summary="alice stakes 3 coins (hidden until every stake is in)")
    listing = r.call(bob, "list_legal_actions", "get", f"/games/{game_id}/legal-actions",
                     keep=False)
    r.call(bob, "post_action", "post", f"/games/{game_id}/actions",
           {"expected_version": listing["version"], "action": {"type": "stake", "coins": 2}},
           name="stakes_revealed", summary="bob stakes 2: both stakes shown, dice rolled")
    r.call(bob, "get_state", "get", f"/games/{game_id}/state", name="bob",
           summary="as bob sees it: his own dice only")
    r.call(alice, "list_legal_actions", "get", f"/games/{game_id}/legal-actions",
           name="opening_bid", summary="the opening bid: quantity and face to choose")
    r.call(alice, "list_my_games", "get", "/me/games",
           summary="alice's inbox: the game awaits her opening bid")
    r.call(bob, "list_my_games", "get", "/me/games", my_turn="true", name="bob_my_turn",
           summary="bob's games awaiting him: none")
    r.call(bob, "list_events", "get", f"/games/{game_id}/events", after=0, limit=8,
           summary="the first page of the events as bob may see them")

    pick = random.Random(20261126)
    players = {0: alice, 1: bob}
    for _ in range(500):
        state = r.call(alice, "get_game", "get", f"/games/{game_id}", keep=False)
        if state["status"] == "finished":
            break
        seat = state["awaiting"][0]["seat"]
        listing = r.call(players[seat], "list_legal_actions", "get",
                         f"/games/{game_id}/legal-actions", keep=False)
        calls = [a for a in listing["actions"] if a["type"].startswith("call")]
        moves = [a for a in listing["actions"] if a["type"] != "resign"]  # nobody resigns
        item = calls[0] if calls and pick.random() < 0.7 else pick.choice(moves)
        if item["type"] == "stake":
            item = {"type": "stake", "coins": item["choose"]["coins"]["maximum"]}
        action = sample(item, pick.randrange)
        r.call(players[seat], "post_action", "post", f"/games/{game_id}/actions",
               {"expected_version": listing["version"], "action": action}, keep=False)
    else:
        raise AssertionError("the example game did not end")
    _projected(game_id)
    r.call(alice, "get_game", "get", f"/games/{game_id}", name="finished",
           summary="over: the outcome, the server seed revealed, the rating changes")
    r.call(anonymous, "get_player", "get", "/players/alice",
           summary="alice's profile: her game types, ratings and statistics")
    r.call(anonymous, "list_player_games", "get", "/players/bob/games", limit=10,
           summary="bob's finished games, newest first")
    r.call(anonymous, "get_leaderboard", "get", "/game-types/snake-bones/leaderboard",
           summary="the Snake Bones leaderboard (DICE_LEADERBOARD_MIN_GAMES=1 here)")
    r.call(anonymous, "get_player_rating_history", "get", "/players/alice/ratings/snake-bones",
           summary="alice's Snake Bones rating, game by game")
    head = state["version"]
    r.call(bob, "create_stream_ticket", "post", f"/games/{game_id}/stream-ticket")
    r.call(bob, "stream_events", "get", f"/games/{game_id}/stream", after=head - 3, timeout=1,
           headers={"Accept": "text/event-stream"},
           summary="the last three events; a finished game's stream then ends")
    r.call(bob, "get_audit", "get", f"/games/{game_id}/audit")
    r.call(bob, "list_challenges", "get", f"/games/{game_id}/challenges")
    rematch = r.call(bob, "rematch_game", "post", f"/games/{game_id}/rematch",
                     summary="bob asks for a rematch: a new table, alice invited")
    r.call(alice, "rematch_game", "post", f"/games/{game_id}/rematch", name="existing",
           summary="asked again (by anyone): the same rematch, 200")
    r.call(alice, "rematch_game", "post", f"/games/{rematch['id']}/rematch",
           name="game_not_finished", summary="the rematch is in the lobby: 409")
    r.call(alice, "list_my_games", "get", "/me/games", name="invitation",
           summary="alice's inbox after bob's rematch: an invitation (no seat yet: join it)")
    notices = r.call(alice, "list_notices", "get", "/me/notices", after=0, limit=3,
                     summary="the first page of alice's channel")
    r.call(alice, "list_notices", "get", "/me/notices", after=notices["last"], limit=100,
           name="the_rest",
           summary="the rest: her turns, the end, her rating change, bob's rematch offer")
    r.call(alice, "create_notice_stream_ticket", "post", "/me/stream-ticket")
    r.call(alice, "stream_notices", "get", "/me/stream", after=notices["last"] + 2, timeout=1,
           headers={"Accept": "text/event-stream"},
           summary="alice's channel after a seq she holds, until the timeout")
    r.call(alice, "list_webhook_deliveries", "get", f"/webhooks/{hook['id']}/deliveries")
    r.call(alice, "list_push_deliveries", "get", "/me/push-deliveries", limit=100,
           summary="the pushes made for alice, newest first (no worker ran: pending)")
    r.call(alice, "rotate_webhook_secret", "post", f"/webhooks/{hook['id']}/rotate-secret",
           {"secret": NEW_SECRET, "overlap_hours": 24})
    r.call(alice, "end_webhook_rotation", "post", f"/webhooks/{hook['id']}/end-rotation")
    _quick_play(r, alice, bob)
    _lobby_from_before(r, alice, bob)
    r.call(alice, "get_me", "get", "/me")
    r.call(alice, "export_me", "get", "/me/export", events=3,
           summary="alice's data: her account, tokens, webhook and games (3 events a game)")
    r.call(alice, "delete_webhook", "delete", f"/webhooks/{hook['id']}")
    r.call(alice, "delete_push_subscription", "delete", f"/me/push-subscriptions/{push['id']}",
           summary="alice's laptop stops getting pushes")
    r.call(alice, "update_me", "patch", "/me", {"username": "BOB"}, name="username_taken",
           summary="a name taken in another case: 409")
    r.call(alice, "update_me", "patch", "/me", {"username": "alice.b"},
           summary="alice is alice.b from now on")
    r.call(alice, "change_password", "post", "/me/password",
           {"current_password": PASSWORD, "new_password": NEW_PASSWORD},
           summary="a new password: alice's other tokens are revoked, this one stays")
    r.call(alice, "delete_me", "delete", "/me", {"password": PASSWORD}, name="wrong_password",
           summary="the old password: 403, nothing deleted")
    r.call(alice, "delete_me", "delete", "/me", {"password": NEW_PASSWORD},
           summary="alice deletes her account")
    r.call(bob, "logout", "post", "/auth/logout")
    return r.examples


def _push(r: Recorder, anonymous: APIClient, alice: APIClient) -> dict[str, Any]:
    """alice's laptop subscribes to Web Push (docs/notifications.md)."""
    r.call(anonymous, "get_vapid_public_key", "get", "/push/vapid-public-key",
           summary="the key to pass as applicationServerKey")
    push = r.call(alice, "create_push_subscription", "post", "/me/push-subscriptions",
                  PUSH_SUBSCRIPTION, summary="alice's browser subscribes")
    r.call(alice, "create_push_subscription", "post", "/me/push-subscriptions",
           {**PUSH_SUBSCRIPTION, "language": "fr"}, name="again",
           summary="the same endpoint again (here with French texts): updated, 200")
    r.call(alice, "create_push_subscription", "post", "/me/push-subscriptions",
           {**PUSH_SUBSCRIPTION, "endpoint": "http://push.example.com/send/x"},
           name="invalid_push_endpoint", summary="not https: 400, nothing stored")
    r.call(alice, "list_push_subscriptions", "get", "/me/push-subscriptions")
    r.call(alice, "get_notifications", "get", "/me/notifications",
           summary="every kind is pushed until turned off")
    r.call(alice, "update_notifications", "patch", "/me/notifications",
           {"push": {"game_finished": False}},
           summary="alice turns off the pushes of games' ends")
    return push


def _lobby_from_before(r: Recorder, alice: APIClient, bob: APIClient) -> None:
    """A lobby opened before dice scheme 3 (as a deploy leaves one: `dice_scheme` 2 and its
    untagged commitment) keeps taking seeds in the lobby."""
    from events.models import Game  # the database's, as the capture runs with one

    game = r.call(alice, "create_game", "post", "/games",
                  {"game_type": "dark-knights", "seats": 2}, keep=False)
    row = Game.objects.get(id=game["id"])
    Game.objects.filter(id=row.id).update(dice_scheme=2,
                                          server_seed_hash=commitment(row.server_seed, 2))
    r.call(bob, "join_game", "post", f"/games/{row.id}/join", {}, keep=False)
    r.call(bob, "set_client_seed", "put", f"/games/{row.id}/client-seed",
           {"client_seed": "bob's own seed"},
           summary="a lobby opened before dice scheme 3 (dice_scheme 2) takes a seed as then")
    r.call(alice, "leave_game", "post", f"/games/{row.id}/leave", keep=False)


def _quick_play(r: Recorder, alice: APIClient, bob: APIClient) -> None:
    tickets = "/matchmaking/tickets"
    first = r.call(alice, "create_ticket", "post", tickets,
                   {"game_type": "snake-bones", "seats": {"min": 2, "max": 4},
                    "fill_with_bots_after": 60},
                   summary="alice asks for a Snake Bones table of 2 to 4, bots after a minute")
    r.call(alice, "create_ticket", "post", tickets,
           {"game_type": "snake-bones", "seats": {"min": 2, "max": 3}}, name="ticket_exists",
           summary="alice holds a waiting ticket for Snake Bones already: 409")
    r.call(alice, "create_ticket", "post", tickets,
           {"game_type": "snake-bones", "seats": {"min": 2, "max": 9}}, name="invalid_seats",
           summary="Snake Bones seats 2 to 8 players: 400, nothing created")
    r.call(alice, "cancel_ticket", "delete", f"{tickets}/{first['id']}",
           summary="alice cancels her waiting ticket")
    second = r.call(alice, "create_ticket", "post", tickets,
                    {"game_type": "snake-bones", "seats": {"min": 2, "max": 3},
                     "options": {"ones_wild": False},
                     "seed_commitment": seed_commitment("a2" * 32)}, name="again",
                    summary="alice asks again, for 2 or 3 players (the options as defaults), "
                    "committed to a seed for her seat")
    r.call(bob, "create_ticket", "post", tickets,
           {"game_type": "snake-bones", "seats": {"min": 2, "max": 2}}, name="matched",
           summary="bob wants a table of two: with alice's ticket it is full, the game starts")
    r.call(alice, "get_ticket", "get", f"{tickets}/{second['id']}",
           summary="alice's ticket names the game")
    r.call(alice, "list_tickets", "get", tickets, summary="alice's tickets, newest first")
    r.call(alice, "cancel_ticket", "delete", f"{tickets}/{second['id']}", name="ticket_matched",
           summary="a matched ticket cannot be cancelled: 409 names its game")


# --- comparing two captures ---------------------------------------------------------------

VOLATILE = {"id", "token_id", "token", "ticket", "prefix", "hash", "prev_hash",
            "created_at", "started_at", "finished_at", "recorded_at", "last_used_at",
            "expires_at", "deadline", "due_at", "rotating_until", "next_attempt_at",
            "delivered_at", "exported_at", "date_joined", "joined_at", "games_next_after",
            "last_move_at", "matched_at", "at", "member_since", "public_key", "subscription",
            "expiration_time", "reveal_by", "seed_commitment"}


def normalized(value: Any, key: str | None = None) -> Any:
    """A capture with what differs from run to run (ids, tokens, hashes, times) blanked."""
    if key in VOLATILE and value is not None:
        return f"<{key}>"
    if isinstance(value, dict):
        return {k: normalized(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [normalized(v) for v in value]
    if isinstance(value, str) and value.startswith(("id: ", ": ", "event: ", "retry: ")) \
            and "\ndata: " in value:
        return _normalized_stream(value)
    if isinstance(value, str) and key == "instance":
        return value.split("?")[0].rsplit("/", 1)[-1]
    return value


def _normalized_stream(text: str) -> list[Any]:
    out: list[Any] = []
    for line in text.splitlines():
        if line.startswith("data: "):
            out.append(normalized(json.loads(line[len("data: "):])))
        elif line and not line.startswith(":"):
            out.append(line)
    return out
