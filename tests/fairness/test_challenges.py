"""Challenge reports: what each party knew and claimed, what the reveal showed, the rule.

Pure tests of games/snake_bones/challenges.py on scripted games, the optional protocol of
games/core/challenges.py, and GET /games/{id}/challenges during real play: only what
the calls made public ever appears.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

import pytest

from games.core import GameEvent, ScriptedDice
from games.core import challenges as protocol
from games.snake_bones import RULES
from games.snake_bones.challenges import challenges as snake_bones_challenges
from tests.support.harness import config

from .play import GAME_TYPES

DICE = {0: [2, 2, 3, 4, 5], 1: [2, 6, 6, 1, 4], 2: [1, 1, 2, 3, 5]}


class Table:
    """A scripted Snake Bones game whose events are numbered as the stream would be."""

    def __init__(self, players: int = 2, **options: Any) -> None:
        self.events: list[GameEvent] = list(RULES.setup(config(RULES, players, 0, **options),
                                                    ScriptedDice()))
        self.state = self.fold(None, self.events)

    @staticmethod
    def fold(state: Any, events: Sequence[GameEvent]) -> Any:
        for event in events:
            state = RULES.evolve(state, event)
        return state

    def act(self, seat: int, action: dict[str, Any], dice: Sequence[int] = ()) -> "Table":
        events = RULES.decide(self.state, seat, action, ScriptedDice(dice))
        self.events += events
        self.state = self.fold(self.state, events)
        return self

    def round(self, stakes: dict[int, int], dice: dict[int, list[int]]) -> "Table":
        seats = sorted(stakes)
        for seat in seats[:-1]:
            self.act(seat, {"type": "stake", "coins": stakes[seat]})
        rolled = [d for seat in self.state.active for d in dice[seat]]
        return self.act(seats[-1], {"type": "stake", "coins": stakes[seats[-1]]}, rolled)

    def stream(self) -> list[dict[str, Any]]:
        """As the service stores them: seq 1 is table_seated, so the rules start at 2."""
        return [{"seq": n, **e.to_json()} for n, e in enumerate(self.events, start=2)]

    def reports(self) -> list[dict[str, Any]]:
        return protocol.challenges(RULES, self.stream())


def bid(q: int, f: int) -> dict[str, Any]:
    return {"type": "bid", "quantity": q, "face": f}


def test_a_bluff_on_a_bid_that_stands() -> None:
    table = Table().round({0: 3, 1: 2}, DICE).act(0, bid(2, 6)).act(1, bid(3, 2))
    table.act(0, {"type": "call_bluff"})
    [report] = table.reports()
    assert report["kind"] == "bluff" and report["caller"] == 0 and report["challenged"] == 1
    assert report["claim"]["text"] == "at least 3 dice show 2"
    assert report["revealed"]["dice"] == {"0": DICE[0], "1": DICE[1]}
    assert report["revealed"]["details"]["matching"] == {"0": 2, "1": 1}
    assert report["revealed"]["details"]["count"] == report["revealed"]["details"]["recount"] == 3
    assert report["rule"]["code"] == "bluff_bid_stands" and not report["caller_right"]
    assert report["outcome"]["losers"] == [0]
    assert report["outcome"]["details"]["payments"] == [{"from": 0, "to": 1, "coins": 3}]
    caller, challenged = sorted(report["parties"], key=lambda p: p["role"])
    assert (caller["seat"], caller["role"], caller["knew"]["dice"]) == (0, "caller", DICE[0])
    assert [c["text"] for c in caller["claimed"]] == ["at least 2 dice show 6",
                                                      "fewer than 3 dice show 2"]
    assert [c["text"] for c in challenged["claimed"]] == ["at least 3 dice show 2"]
    assert report["public"]["stakes"] == {"0": 3, "1": 2}
    assert [b["seq"] for b in report["public"]["bids"]] == [c["seq"] for c in
                                                           caller["claimed"][:1] +
                                                           challenged["claimed"]]
    assert report["seq"] == caller["claimed"][-1]["seq"] == report["claim"]["seq"] + 1


def test_a_bluff_on_a_bid_that_fails_with_ones_wild() -> None:
    table = Table(ones_wild=True).round({0: 1, 1: 1}, DICE).act(0, bid(5, 2))
    table.act(1, {"type": "call_bluff"})
    [report] = table.reports()
    assert report["revealed"]["details"]["ones_wild"] is True
    assert report["revealed"]["details"]["matching"] == {"0": 2, "1": 2}
    assert report["claim"]["text"] == "at least 5 dice count as 2 (ones are wild)"
    assert report["rule"]["code"] == "bluff_bid_fails" and report["caller_right"]
    assert ("4 dice count as 2 (3 show 2 and 1 is a wild one), fewer than the 5 bid"
            in report["rule"]["text"])


@pytest.mark.parametrize("quantity, code, losers", [(2, "spot_on_exact", [0, 2]),
                                                    (3, "spot_on_missed", [1])])
def test_spot_on_calls(quantity: int, code: str, losers: list[int]) -> None:
    table = Table(3).round({0: 1, 1: 1, 2: 1}, DICE).act(0, bid(quantity, 5))
    table.act(1, {"type": "call_spot_on"})
    [report] = table.reports()
    assert report["kind"] == "spot_on" and report["rule"]["code"] == code
    assert report["outcome"]["losers"] == losers
    roles = {p["seat"]: p["role"] for p in report["parties"]}
    assert roles == {0: "challenged", 1: "caller", 2: "other"}
    assert report["parties"][1]["claimed"][-1]["text"] == f"exactly {quantity} dice show 5"


def test_players_going_out_are_reported_and_each_call_gets_its_own_report() -> None:
    table = Table().round({0: 10, 1: 1}, DICE).act(0, bid(9, 6)).act(1, {"type": "call_bluff"})
    reports = table.reports()
    assert len(reports) == 1 and reports[0]["outcome"]["out"] == [0]
    assert table.state.phase == "over"

    table = Table().round({0: 1, 1: 1}, DICE).act(0, bid(1, 6)).act(1, {"type": "call_bluff"})
    table.round({0: 1, 1: 1}, {0: [3, 3, 3, 3, 3], 1: [4, 4, 4, 4]}).act(1, bid(1, 4))
    assert len(table.reports()) == 1, "a round still being bid on has no report"
    table.act(0, {"type": "call_bluff"})
    first, second = table.reports()
    assert second["round"] == 2 and second["revealed"]["dice"]["1"] == [4, 4, 4, 4]
    assert second["public"]["bids"] == [{"seq": second["claim"]["seq"], "seat": 1,
                                         "quantity": 1, "face": 4}]
    assert first["outcome"]["out"] == [] and second["public"]["dice_counts"] == {"0": 5, "1": 4}


def test_the_reports_use_public_parts_only() -> None:
    table = Table().round({0: 3, 1: 2}, DICE).act(0, bid(3, 2)).act(1, {"type": "call_bluff"})
    stream = table.stream()
    stripped = [{**e, "private": {}} for e in stream]
    assert protocol.challenges(RULES, stream) == protocol.challenges(RULES, stripped)
    assert snake_bones_challenges(protocol.public_only(stream)) == table.reports()


class NoReports:
    slug = "none"


class WithMethod:
    def challenges(self, events: Sequence[Any]) -> list[dict[str, Any]]:
        return [{"events": len(events), "private": any("private" in e for e in events)}]


def test_the_protocol_is_optional() -> None:
    assert protocol.reporter_of(NoReports()) is None
    assert protocol.challenges(NoReports(), [{"seq": 1, "type": "x", "data": {}}]) == []
    assert protocol.challenges(WithMethod(), [{"seq": 1, "type": "x", "data": {},
                                               "private": {"0": {"dice": [6]}}}]) == [
        {"events": 1, "private": False}]
    assert protocol.reporter_of(RULES) is snake_bones_challenges


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_the_report_never_shows_dice_the_rules_still_hide(walk_for, slug: str) -> None:
    walk = walk_for(slug)
    assert any(step.challenges for step in walk.steps)
    for step in walk.steps:
        bodies = list(step.challenges.values())
        if not bodies:
            continue
        assert all(body == bodies[0] for body in bodies), "the report depends on the viewer"
        assert bodies[0]["version"] == step.version
        assert "private" not in json.dumps(bodies[0])
        if slug == "snake-bones":
            check_snake_bones_reports(bodies[0]["challenges"], step.calls)
        else:
            assert len(bodies[0]["challenges"]) <= len(step.calls) or step.calls == []


def check_snake_bones_reports(reports: list[dict], calls: list[tuple[int, dict]]) -> None:
    """One report per call so far; every die shown is a die that call revealed."""
    assert [r["seq"] for r in reports] == [seq for seq, _ in calls]
    for report, (_, dice) in zip(reports, calls):
        assert report["revealed"]["dice"] == dice
        assert {str(p["seat"]): p["knew"]["dice"] for p in report["parties"]} == dice
        assert report["revealed"]["details"]["recount"] == report["revealed"]["details"]["count"]


def test_a_game_in_the_lobby_has_no_reports(players) -> None:
    a, b = players(2)
    game = a.create("snake-bones", 2)
    body = b.get(f"/games/{game['id']}/challenges").json()
    assert body["challenges"] == [] and body["status"] == "lobby" and body["version"] == 0
