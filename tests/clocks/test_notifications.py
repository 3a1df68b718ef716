"""Which notifications the write path queues: `your_turn` for the seats someone else's
move calls to act (never for the mover), and `clock_warning` once a clock passes its
warning time. The outbox rows are read directly: no worker is needed."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from events import tidings as services
from events.models import Deadline, Delivery, Game
from tests.support.api import table
from games.core.legal import expand_all


def register(player, events: list[str]) -> dict:  # type: ignore[no-untyped-def]
    response = player.post("/webhooks", {"url": "https://example.com/hook", "events": events,
                                         "secret": "a-shared-secret-0123456789"})
    assert response.status_code == 201, response.content
    return response.json()


def your_turns(hook: dict) -> list[dict]:
    return [d.payload for d in Delivery.objects.filter(webhook_id=hook["id"], kind="your_turn")
            .order_by("id")]


def test_your_turn_goes_to_the_seats_called_by_a_move_never_to_the_mover(players) -> None:  # type: ignore[no-untyped-def]
    """Dark Knights: a seat's own roll or set-aside asks it for its next decision (a new
    awaited kind); that is no "your turn" for it. Its hold (or bust) calls the next seat."""
    a, b = players(2)
    by_seat = {0: a, 1: b}
    hooks = {0: register(a, ["your_turn"]), 1: register(b, ["your_turn"])}
    game_id = table(a, [b], "dark-knights")
    a.start(game_id, first_player=0)
    assert [p["seat"] for p in your_turns(hooks[0])] == [0]  # called by the start
    assert your_turns(hooks[1]) == []
    kept_the_turn = passed_the_turn = 0
    for _ in range(12):  # a few turns: roll, set aside, hold (or a bust after the roll)
        game = a.game(game_id)
        if game["status"] == "finished":
            break
        before = {x["seat"]: x["kind"] for x in game["awaiting"]}
        (mover,) = before
        counts = {seat: len(your_turns(hook)) for seat, hook in hooks.items()}
        listing = by_seat[mover].legal(game_id)
        actions = expand_all(listing["actions"])
        action = next((x for x in actions if x["type"] == "hold"), actions[0])
        response = by_seat[mover].act(game_id, action, listing["version"])
        assert response.status_code == 201, response.content
        after = {x["seat"]: x["kind"] for x in a.game(game_id)["awaiting"]}
        new = {seat: your_turns(hook)[counts[seat]:] for seat, hook in hooks.items()}
        assert new[mover] == [], f"seat {mover} was told of its turn by its own move"
        if mover in after:
            assert after[mover] != before[mover]  # asked for its next decision
            kept_the_turn += 1
        for seat, kind in after.items():
            if seat != mover:
                assert [(p["seat"], p["awaiting"]) for p in new[seat]] == [
                    (seat, {str(seat): kind})], f"seat {seat} was not told of its turn"
                passed_the_turn += 1
    assert kept_the_turn >= 2, "no seat was asked for a decision by its own move"
    assert passed_the_turn >= 2, "the turn never passed"
    assert Delivery.objects.filter(kind="your_turn").count() == sum(
        len(your_turns(h)) for h in hooks.values())


def test_a_clock_past_its_warning_time_sends_one_clock_warning(players) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    hooks = {0: register(a, ["clock_warning"]), 1: register(b, ["clock_warning", "your_turn"])}
    game = a.create("snake-bones", 2)
    Game.objects.filter(id=game["id"]).update(turn_timeout=60)
    b.join(game["id"])
    a.start(game["id"], first_player=0)  # both seats stake: both clocks run
    deadlines = {d.seat: d for d in Deadline.objects.filter(game_id=game["id"])}
    assert set(deadlines) == {0, 1} and all(d.warn_at for d in deadlines.values())
    assert services.send_clock_warnings() == 0  # 80% of the clock has not run yet
    Deadline.objects.filter(pk=deadlines[1].pk).update(
        warn_at=timezone.now() - timedelta(seconds=1))

    assert services.send_clock_warnings() == 1
    (warning,) = Delivery.objects.filter(kind="clock_warning")
    assert warning.webhook_id == hooks[1]["id"] and warning.status == "pending"
    assert warning.payload["seat"] == 1 and warning.payload["game_id"] == game["id"]
    assert warning.payload["kind"] == "stake"
    assert warning.payload["due_at"].startswith(deadlines[1].due_at.strftime("%Y-%m-%dT%H:%M:%S"))
    log = b.get(f"/webhooks/{hooks[1]['id']}/deliveries").json()
    assert [d["kind"] for d in log if d["kind"] == "clock_warning"] == ["clock_warning"]

    assert services.send_clock_warnings() == 0  # once per clock
    assert Delivery.objects.filter(kind="clock_warning").count() == 1
    assert not Delivery.objects.filter(webhook_id=hooks[0]["id"]).exists()
