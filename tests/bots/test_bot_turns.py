"""Bots through the service layer (no worker): the turns the write path hands them, their
moves through the one write path, stale and repeated tasks, failures left to the clock,
autoplay played by the basic bot, and what a bot sees."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import override_settings
from django.utils import timezone

from events import bots, clocks
from events.models import BotTurn, Deadline, Event, Game, Seat
from games import registry
from tests.clocks.test_clock_service import make_due

pytestmark = pytest.mark.django_db


# A target no bot's first turn reaches, for the tests that wait for seat 0 after the
# bots' turns: at the default 500 a basic turn from 0 ends the game now and then (4 of
# 20,000 turns reach a hold of 500), and then nobody is awaited.
FAR = 10_000


def bot_table(player: Any, game_type: str, levels: list[str], *, turn_timeout: int | None = None,
              first_player: int = 1, **options: Any) -> str:
    """The player in seat 0 and bots after; started with `first_player` to act first."""
    body = {"game_type": game_type, "seats": 1 + len(levels), "options": options,
            "bots": [{"level": level} for level in levels]}
    if turn_timeout is not None:
        body["turn_timeout"] = turn_timeout
    response = player.post("/games", body)
    assert response.status_code == 201, response.content
    game_id = response.json()["id"]
    player.start(game_id, first_player=first_player)
    return game_id


def head(game_id: str) -> Game:
    return Game.objects.get(id=game_id)


def count(game_id: str) -> int:
    return Event.objects.filter(game_id=game_id).count()


def play_turns(game_id: str) -> int:
    """Play every bot turn that is the head's, as workers would once its delay has passed;
    how many were played."""
    BotTurn.objects.filter(game_id=game_id, due_at__gt=timezone.now()).update(
        due_at=timezone.now())
    played = 0
    for turn in BotTurn.objects.filter(game_id=game_id).order_by("seat"):
        if bots.play(game_id=game_id, seat=turn.seat, version=turn.version) == "applied":
            played += 1
    return played


def test_an_awaited_bot_seat_gets_its_turn_and_moves_as_bot_n(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game_id = bot_table(a, "dark-knights", ["basic"], target=FAR)
    game = head(game_id)
    turn = BotTurn.objects.get(game_id=game_id)
    assert (turn.seat, turn.level, turn.version) == (1, "basic", game.version)
    assert bots.play(game_id=game_id, seat=1, version=game.version) == "applied"
    batch = Event.objects.filter(game_id=game_id, seq__gt=game.version).order_by("seq")
    first = batch.first()
    assert first.actor == "bot:1" and first.command["seat"] == 1
    assert first.command["bot"] == "basic"
    assert {e.actor for e in batch} <= {"bot:1", "system"}
    # The player's seat is not the bot's: a turn of seat 0 never exists.
    while head(game_id).awaiting.get("1"):
        assert play_turns(game_id) == 1
    assert head(game_id).awaiting == {"0": head(game_id).awaiting["0"]}
    assert not BotTurn.objects.filter(game_id=game_id).exists()


def test_a_stale_or_repeated_task_appends_nothing(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game_id = bot_table(a, "dark-knights", ["basic"])
    version = head(game_id).version
    assert bots.play(game_id=game_id, seat=1, version=version - 1) == "stale"
    assert bots.play(game_id=game_id, seat=0, version=version) == "stale"  # a player's seat
    assert count(game_id) == version
    assert bots.play(game_id=game_id, seat=1, version=version) == "applied"
    after = count(game_id)
    # The same task delivered again: the version moved on.
    assert bots.play(game_id=game_id, seat=1, version=version) == "stale"
    assert bots.play(game_id="not-a-game", seat=1, version=version) == "stale"
    assert count(game_id) == after


def test_a_bot_never_moves_out_of_turn(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game_id = bot_table(a, "dark-knights", ["basic"], first_player=0)
    version = head(game_id).version
    assert head(game_id).awaiting.keys() == {"0"}
    # A forged turn row for a seat that is not awaited changes nothing.
    BotTurn.objects.create(game_id=game_id, seat=1, level="basic", version=version,
                           due_at=timezone.now())
    assert bots.play(game_id=game_id, seat=1, version=version) == "stale"
    assert count(game_id) == version


def test_a_bot_that_raises_appends_nothing_and_leaves_the_seat_to_its_clock(  # type: ignore[no-untyped-def]
        players, monkeypatch) -> None:
    (a,) = players(1)

    def broken(seen: Any, rng: Any) -> dict:
        raise RuntimeError("the bot is broken")

    monkeypatch.setitem(registry.BOTS, "dark-knights", {"basic": broken})
    game_id = bot_table(a, "dark-knights", ["basic"], turn_timeout=60)
    version = head(game_id).version
    assert bots.play(game_id=game_id, seat=1, version=version) == "failed"
    assert count(game_id) == version
    assert BotTurn.objects.get(game_id=game_id, seat=1).failed
    # The sweeper does not hand it out again; the seat's clock still runs and fires.
    BotTurn.objects.filter(game_id=game_id).update(due_at=timezone.now() - timedelta(hours=1),
                                                   enqueued_at=None)
    assert list(bots.overdue()) == []
    deadline = Deadline.objects.get(game_id=game_id, seat=1)
    assert deadline.version == version and deadline.warn_at is None  # nobody to warn
    make_due(game_id)
    assert clocks.apply_timeout(game_id=game_id, seat=1, version=version) == "applied"
    first = Event.objects.get(game_id=game_id, seq=version + 1)
    assert first.actor == "clock" and first.command["seat"] == 1
    # A bot's seat never goes on autoplay: it is not an absent player.
    assert not Seat.objects.get(game_id=game_id, number=1).autoplay


def test_a_bot_whose_action_the_rules_refuse_is_a_failed_bot(players, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    monkeypatch.setitem(registry.BOTS, "dark-knights",
                        {"basic": lambda seen, rng: {"type": "hold"}})
    game_id = bot_table(a, "dark-knights", ["basic"], turn_timeout=60)
    version = head(game_id).version
    assert bots.play(game_id=game_id, seat=1, version=version) == "failed"
    assert count(game_id) == version and BotTurn.objects.get(game_id=game_id).failed


def test_a_bot_sees_what_its_seat_may_see_and_nothing_more(players, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    seen: list[Any] = []
    basic = registry.BOTS["snake-bones"]["basic"]

    def spying(what: Any, rng: Any) -> dict:
        seen.append(what)
        return basic(what, rng)

    monkeypatch.setitem(registry.BOTS, "snake-bones", {"basic": spying, "strong": spying})
    game_id = bot_table(a, "snake-bones", ["basic", "strong"], first_player=1)
    stake = a.legal(game_id)
    assert a.act(game_id, {"type": "stake", "coins": 1}, stake["version"]).status_code == 201
    for _ in range(4):
        play_turns(game_id)
    assert seen, "no bot played"
    for what in seen:
        assert "state" not in what.view
        for event in what.events:
            assert set(event) <= {"type", "data", "private"}
            assert event["type"] not in ("table_seated", "seed_revealed")
        rolled = [e for e in what.events if e["type"] == "dice_rolled"]
        assert all(e.get("private") is not None for e in rolled)  # its own dice only
        others = Event.objects.filter(game_id=game_id, type="dice_rolled")
        for row in others:
            for seat in row.private:
                if int(seat) != what.seat:
                    assert row.private[seat] not in [e.get("private") for e in rolled]


def on_autoplay(game_id: str, seat: int) -> None:
    Seat.objects.filter(game_id=game_id, number=seat).update(autoplay=True, timeouts_in_row=3)


def test_a_single_missed_turn_still_gets_the_timeout_action(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game = a.create("dark-knights", 2)
    Game.objects.filter(id=game["id"]).update(turn_timeout=60)
    b.join(game["id"])
    a.start(game["id"], first_player=1)
    game_id, version = game["id"], head(game["id"]).version
    assert not BotTurn.objects.filter(game_id=game_id).exists()
    make_due(game_id)
    assert clocks.apply_timeout(game_id=game_id, seat=1, version=version) == "applied"
    assert Event.objects.get(game_id=game_id, seq=version + 1).actor == "clock"
    assert Seat.objects.get(game_id=game_id, number=1).timeouts_in_row == 1
    assert not BotTurn.objects.filter(game_id=game_id).exists()


@override_settings(DICE_AUTOPLAY_GRACE=5, DICE_BOT_DELAY=0)
def test_a_seat_on_autoplay_is_played_by_the_basic_bot_after_the_grace(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game = a.create("dark-knights", 2)
    Game.objects.filter(id=game["id"]).update(turn_timeout=60)
    b.join(game["id"])
    game_id = game["id"]
    a.start(game_id, first_player=0)
    on_autoplay(game_id, 1)
    # a's turn: set aside and hold until seat 1 (on autoplay) is awaited.
    while head(game_id).awaiting.keys() == {"0"}:
        listing = a.legal(game_id)
        hold = [x for x in listing["actions"] if x["type"] == "hold"]
        action = hold[0] if hold else listing["actions"][0]
        if "choose" in action:
            from games.core.legal import expand
            action = expand(action)[0]
        assert a.act(game_id, action, listing["version"]).status_code == 201
    version = head(game_id).version
    turn = BotTurn.objects.get(game_id=game_id, seat=1)
    grace = (turn.due_at - timezone.now()).total_seconds()
    assert turn.level == "basic" and turn.version == version and 4 < grace <= 5
    deadline = Deadline.objects.get(game_id=game_id, seat=1)
    assert (deadline.due_at - timezone.now()).total_seconds() > 55  # the clock: a fallback
    # Handed out early, the move waits: the player may still come back within the grace.
    assert bots.play(game_id=game_id, seat=1, version=version) == "not_due"
    assert count(game_id) == version
    BotTurn.objects.filter(game_id=game_id).update(due_at=timezone.now())
    assert bots.play(game_id=game_id, seat=1, version=version) == "applied"
    assert Event.objects.get(game_id=game_id, seq=version + 1).actor == "bot:1"
    seat = Seat.objects.get(game_id=game_id, number=1)
    assert seat.autoplay and seat.timeouts_in_row == 3  # the bot is not its player


def test_a_returning_player_ends_autoplay_and_their_bot_turn(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game = a.create("snake-bones", 2)
    Game.objects.filter(id=game["id"]).update(turn_timeout=60)
    b.join(game["id"])
    game_id = game["id"]
    a.start(game_id, first_player=0)
    on_autoplay(game_id, 1)
    # Both stake at once: a's stake leaves seat 1 awaited, now on autoplay.
    version = head(game_id).version
    assert a.act(game_id, {"type": "stake", "coins": 1}, version).status_code == 201
    assert BotTurn.objects.filter(game_id=game_id, seat=1).exists()
    assert b.act(game_id, {"type": "stake", "coins": 1}, version + 1).status_code == 201
    assert not Seat.objects.get(game_id=game_id, number=1).autoplay
    assert not BotTurn.objects.filter(game_id=game_id, seat=1).exists()
    assert bots.play(game_id=game_id, seat=1, version=version + 1) == "stale"


def test_overdue_turns_go_to_the_sweeper_once_per_stall(players) -> None:  # type: ignore[no-untyped-def]
    (a,) = players(1)
    game_id = bot_table(a, "dark-knights", ["basic"])
    assert list(bots.overdue()) == []  # just handed to a worker
    BotTurn.objects.filter(game_id=game_id).update(
        due_at=timezone.now() - timedelta(seconds=60),
        enqueued_at=timezone.now() - timedelta(seconds=60))
    assert [t.seat for t in bots.overdue()] == [1]
    assert list(bots.overdue()) == []  # handed out again just now


def test_bots_and_absent_players_play_on_to_the_end(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    response = a.post("/games", {"game_type": "dark-knights", "seats": 3, "turn_timeout": 60,
                                 "autoplay_after": 1,
                                 "options": {"target": 300, "final_round": True},
                                 "bots": [{"level": "basic"}]})
    game_id = response.json()["id"]
    b.join(game_id)
    a.start(game_id, first_player=0)
    for _ in range(2000):
        game = head(game_id)
        if game.status == "finished":
            break
        if not play_turns(game_id):
            deadline = Deadline.objects.filter(game_id=game_id).order_by("seat").first()
            make_due(game_id)
            assert clocks.apply_timeout(game_id=game_id, seat=deadline.seat,
                                        version=game.version) == "applied"
    game = head(game_id)
    assert game.status == "finished" and not game.outcome.get("abandoned")
    assert Seat.objects.filter(game_id=game_id, autoplay=True).count() == 2
    actors = set(Event.objects.filter(game_id=game_id).values_list("actor", flat=True))
    assert {"bot:0", "bot:1", "bot:2", "clock"} <= actors
    assert not {"seat:0", "seat:1", "seat:2"} & actors  # nobody was there
    assert not Event.objects.filter(game_id=game_id, type="game_abandoned").exists()
    audit = a.get(f"/games/{game_id}/audit").json()
    assert audit["verdict"]["ok"] is True, audit["verdict"]


def test_webhooks_go_to_the_players_never_to_a_bot_seat(players) -> None:  # type: ignore[no-untyped-def]
    from events.models import Delivery

    (a,) = players(1)
    hook = a.post("/webhooks", {"url": "https://example.com/hook",
                                "events": ["your_turn", "game_started", "game_over"]})
    assert hook.status_code == 201, hook.content
    game_id = bot_table(a, "dark-knights", ["basic", "basic"], first_player=0,
                        target=100)
    for _ in range(500):
        if head(game_id).status == "finished":
            break
        if head(game_id).awaiting.keys() == {"0"}:
            listing = a.legal(game_id)
            from games.core.legal import expand_all
            actions = expand_all(listing["actions"])
            hold = [x for x in actions if x["type"] == "hold"]
            assert a.act(game_id, (hold or actions)[0], listing["version"]).status_code == 201
        else:
            assert play_turns(game_id) == 1
    assert head(game_id).status == "finished"
    deliveries = list(Delivery.objects.filter(game_id=game_id))
    kinds = {d.kind for d in deliveries}
    assert {"game_started", "your_turn", "game_over"} <= kinds
    assert {d.payload["seat"] for d in deliveries} == {0}
    # One your_turn per turn of the player: at the start, then each called by a bot's move.
    actors = list(Event.objects.filter(game_id=game_id, command__isnull=False)
                  .order_by("seq").values_list("actor", flat=True))
    turns = sum(1 for before, actor in zip(["system", *actors], actors)
                if actor == "seat:0" and before != "seat:0")
    assert len([d for d in deliveries if d.kind == "your_turn"]) == turns


def test_metrics_count_bot_moves_by_actor_kind_and_outcome(  # type: ignore[no-untyped-def]
        players, django_capture_on_commit_callbacks) -> None:
    from events import metrics

    assert metrics.actor_kind("bot:3") == "bot" and metrics.actor_kind("seat:3") == "seat"
    moves = metrics.MOVES.labels(game_type="dark-knights", actor="bot")
    applied = metrics.BOT_MOVES.labels(outcome="applied")
    stale = metrics.BOT_MOVES.labels(outcome="stale")
    before = (moves._value.get(), applied._value.get(), stale._value.get())
    (a,) = players(1)
    game_id = bot_table(a, "dark-knights", ["basic"])
    version = head(game_id).version
    with django_capture_on_commit_callbacks(execute=True):
        assert bots.play(game_id=game_id, seat=1, version=version) == "applied"
    assert bots.play(game_id=game_id, seat=1, version=version) == "stale"
    after = (moves._value.get(), applied._value.get(), stale._value.get())
    assert [b - a for a, b in zip(before, after)] == [1, 1, 1]
