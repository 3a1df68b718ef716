"""Bamboozled challenge reports: every resolved call, explained from public events only.

Given/when/then on scripted dice for each rule that can decide a call (a bluff caught,
a wrong call, a card-backed declaration, My Bad), random games checking that a report
shows only what its reveal made public, and GET /games/{id}/challenges over HTTP.
"""

from __future__ import annotations

import random
from typing import Any, Iterator, Sequence

import pytest

from api.audit_serializers import ChallengeListSerializer, ChallengeSerializer
from events.models import Event as StoredEvent
from games.bamboozled import RULES
from games.bamboozled.challenges import challenges as bamboozled_challenges
from games.bamboozled.data import CARD_NAMES
from games.core import challenges as protocol
from tests.games.bamboozled.helpers import CALL, act, declare, play, start
from tests.support.api import play_any_seat, table
from tests.support.harness import config, play_random

OPTIONS = {"strikes": 3, "hand_limit": 2, "kids": False}


class Game:
    """A scripted game whose events are numbered as the service stores them (the rules'
    events start at seq 2: seq 1 is the service's table_seated)."""

    def __init__(self, hands: Sequence[str], first_roll: tuple[int, int], **options: Any) -> None:
        self.state, self.events = start(hands, first_roll, **options)
        self.events = list(self.events)

    def then(self, seat: int, action: dict[str, Any], dice: Sequence[int] = ()) -> "Game":
        self.state, events = act(self.state, seat, action, dice)
        self.events += events
        return self

    def stream(self) -> list[dict[str, Any]]:
        return [{"seq": n, **e.to_json()} for n, e in enumerate(self.events, start=2)]

    def reports(self) -> list[dict[str, Any]]:
        reports = protocol.challenges(RULES, self.stream())
        for report in reports:
            serializer = ChallengeSerializer(data=report)
            assert serializer.is_valid(), serializer.errors
        return reports


def public(standing: int = 0, strikes: Sequence[int] = (0, 0),
           hand_sizes: Sequence[int] = (1, 1), out: Sequence[int] = ()) -> dict[str, Any]:
    return {"options": OPTIONS, "direction": "clockwise", "standing": standing,
            "strikes": {str(s): n for s, n in enumerate(strikes)},
            "hand_sizes": {str(s): n for s, n in enumerate(hand_sizes)}, "out": list(out)}


def claim(seq: int, score: int, card: bool = False) -> dict[str, Any]:
    return {"seat": 0, "seq": seq, "data": {"score": score},
            "text": f"declared {score}" + (" (with a face-down card)" if card else "")}


def call(seq: int, score: int, my_bad: bool = False) -> dict[str, Any]:
    return {"seat": 1, "seq": seq, "data": {"call": "bluff", "my_bad": my_bad},
            "text": f"called {score} a bluff" + (" with My Bad (no risk)" if my_bad else "")}


def parties(declared: dict, called: dict, dice: list[int], card: dict | None = None) -> list:
    return [{"seat": 0, "role": "challenged", "knew": {"dice": dice, "details": {"card": card}},
             "claimed": [declared]},
            {"seat": 1, "role": "caller", "knew": {"dice": None, "details": {}},
             "claimed": [called]}]


# --- given / when / then ------------------------------------------------------------------
# Seat 0 rolls first (seqs 2-5: game_started, cards_dealt, round_started, dice_rolled),
# declares at seq 6 and seat 1 calls at seq 7.

def test_a_plain_bluff_caught() -> None:
    game = Game(["skip", "revive"], (4, 3)).then(0, declare(54)).then(1, CALL, [2, 2])
    [report] = game.reports()
    declared, called = claim(6, 54), call(7, 54)
    assert report == {
        "seq": 7, "round": 1, "kind": "bluff", "caller": 1, "challenged": 0,
        "claim": declared, "parties": parties(declared, called, [4, 3]),
        "public": public(),
        "revealed": {"dice": {"0": [4, 3]}, "details": {
            "card": None, "card_dice": None, "verdict": "bluff", "true_scores": [34, 43]}},
        "rule": {"code": "bluff_caught", "text":
                 "Bluff caught: the dice show 4 and 3, which score 34 or 43, not the declared "
                 "54, so the declaration was a bluff: the declarer takes a strike."},
        "caller_right": True,
        "outcome": {"losers": [0], "out": [], "details": {"strikes": {"0": 1}, "revived": []}},
    }


def test_a_true_declaration_wrongly_called() -> None:
    game = Game(["skip", "revive"], (5, 4)).then(0, declare(54)).then(1, CALL, [2, 2])
    [report] = game.reports()
    declared, called = claim(6, 54), call(7, 54)
    assert report == {
        "seq": 7, "round": 1, "kind": "bluff", "caller": 1, "challenged": 0,
        "claim": declared, "parties": parties(declared, called, [5, 4]),
        "public": public(),
        "revealed": {"dice": {"0": [5, 4]}, "details": {
            "card": None, "card_dice": None, "verdict": "true", "true_scores": [45, 54]}},
        "rule": {"code": "wrong_call", "text":
                 "Wrong call: the dice show 5 and 4, which score 45 or 54, so the declared 54 "
                 "was true: the caller takes a strike."},
        "caller_right": False,
        "outcome": {"losers": [1], "out": [], "details": {"strikes": {"1": 1}, "revived": []}},
    }


def test_a_card_backed_declaration_called() -> None:
    double = {"name": "double", "die": 1}
    game = Game(["double", "revive"], (4, 2)).then(0, declare(44, double)).then(1, CALL, [6, 6])
    [report] = game.reports()
    declared, called = claim(6, 44, card=True), call(7, 44)
    assert report == {
        "seq": 7, "round": 1, "kind": "bluff", "caller": 1, "challenged": 0,
        "claim": declared, "parties": parties(declared, called, [4, 2], double),
        "public": public(),  # the face-down card still counts in the declarer's hand
        "revealed": {"dice": {"0": [4, 2]}, "details": {
            "card": double, "card_dice": [4, 4], "verdict": "card", "true_scores": [44]}},
        "rule": {"code": "card_backed", "text":
                 "Card-backed declaration: the dice show 4 and 2 and the face-down Double "
                 "card, played on the die showing 2, makes them 4 and 4, which score 44, so "
                 "the declared 44 is "
                 "true with the card: the card is discarded, nobody takes a strike, and the "
                 "caller rolls against 44."},
        "caller_right": False,
        "outcome": {"losers": [], "out": [], "details": {"strikes": {}, "revived": []}},
    }


def test_my_bad_on_a_true_declaration() -> None:
    game = Game(["skip", "my_bad"], (6, 5)).then(0, declare(65)).then(1, play("my_bad"), [1, 3])
    [report] = game.reports()
    # seq 7 is the My Bad card_played, seq 8 the call it makes
    declared, called = claim(6, 65), call(8, 65, my_bad=True)
    assert report == {
        "seq": 8, "round": 1, "kind": "my_bad", "caller": 1, "challenged": 0,
        "claim": declared, "parties": parties(declared, called, [6, 5]),
        "public": public(hand_sizes=(1, 0)),  # the My Bad card is already on the table
        "revealed": {"dice": {"0": [6, 5]}, "details": {
            "card": None, "card_dice": None, "verdict": "true", "true_scores": [56, 65]}},
        "rule": {"code": "my_bad", "text":
                 "My Bad: the dice show 6 and 5, which score 56 or 65, so the declared 65 was "
                 "true, but My Bad calls without risk: nobody takes a strike, the score goes "
                 "back to 0 and the caller starts a new round."},
        "caller_right": False,
        "outcome": {"losers": [], "out": [], "details": {"strikes": {}, "revived": []}},
    }


def test_my_bad_on_a_bluff_still_catches_it() -> None:
    game = Game(["skip", "my_bad"], (3, 1)).then(0, declare(65)).then(1, play("my_bad"), [1, 3])
    [report] = game.reports()
    assert (report["kind"], report["rule"]["code"], report["caller_right"]) == (
        "my_bad", "bluff_caught", True)
    assert report["rule"]["text"] == (
        "Bluff caught with My Bad: the dice show 3 and 1, which score 13 or 31, not the "
        "declared 65, so the declaration was a bluff: the declarer takes a strike and the "
        "caller starts a new round at 0.")
    assert report["outcome"]["losers"] == [0]


def bluff_caught_again(game: Game, rolls: list[tuple[int, int]]) -> Game:
    """Seat 0 bluffs 66 and seat 1 calls, once per roll (seat 0 rolls again after)."""
    for roll in rolls:
        game.then(0, declare(66)).then(1, CALL, list(roll))
    return game


def test_rounds_strikes_a_final_revive_and_going_out_are_reported() -> None:
    game = bluff_caught_again(Game(["revive", "skip"], (1, 3)), [(2, 4), (3, 5), (4, 6)])
    reports = game.reports()
    assert [r["round"] for r in reports] == [1, 2, 3]
    third = reports[2]
    assert third["public"]["strikes"] == {"0": 2, "1": 0}
    assert third["public"]["standing"] == 0 and third["revealed"]["dice"] == {"0": [3, 5]}
    assert third["outcome"] == {"losers": [0], "out": [],
                                "details": {"strikes": {"0": 2}, "revived": [0]}}
    game.then(0, declare(66)).then(1, CALL)  # struck out: the game ends, no new roll
    last = game.reports()[-1]
    assert last["public"]["hand_sizes"] == {"0": 0, "1": 1}  # the Revive was spent
    assert last["outcome"] == {"losers": [0], "out": [0],
                               "details": {"strikes": {"0": 3}, "revived": []}}
    assert game.events[-1].type == "game_over"


def test_the_module_is_found_by_the_package_convention() -> None:
    assert protocol.reporter_of(RULES) is bamboozled_challenges


# --- random games: only what the reveal made public ------------------------------------------

GAMES = 200
# Paths whose integer lists are seat numbers or scores, not dice.
NOT_DICE = {("public", "out"), ("outcome", "losers"), ("outcome", "out"),
            ("outcome", "details", "revived"), ("revealed", "details", "true_scores")}


def random_config(i: int) -> Any:
    players = 2 + i % 5
    return config(RULES, players, first_player=None if i % 4 == 0 else i % players,
                  hand_limit=(None, 1, 2, 3)[(i // 5) % 4], strikes=3 + (i // 20) % 3,
                  kids=i % 25 == 24)


def leaves(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every value of the report with its path (dict keys; a list's other items keep the
    list's path, its numbers are only seen as the whole list)."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for item in value:
            if not isinstance(item, int):
                yield from leaves(item, path)


def dice_path(path: tuple) -> bool:
    return path not in NOT_DICE and not (len(path) >= 2 and path[-2] in ("strikes",
                                                                          "hand_sizes"))


def check_only_the_reveal(report: dict[str, Any], reveal: dict[str, Any]) -> None:
    """Dice, cards and verdicts in the report are exactly what the call revealed."""
    shown = [reveal["dice"], reveal["card_dice"]]
    card = reveal["card"]
    card_names = {card["name"]} if card else set()
    if reveal["my_bad"]:
        card_names.add("my_bad")  # the kind and, maybe, the rule code: the card was played
    for path, value in leaves(report):
        if isinstance(value, list) and value and all(type(v) is int for v in value) \
                and dice_path(path):
            assert value in shown, (path, value)
        if isinstance(value, str) and value in CARD_NAMES:
            assert value in card_names, (path, value)
        if isinstance(value, dict) and "name" in value:
            assert value == card, (path, value)
        if path and path[-1] == "verdict":
            assert value == reveal["verdict"], (path, value)
        if path and path[-1] in ("dice", "card_dice") and not isinstance(value, dict):
            assert value is None or value in shown, (path, value)
    caller = next(p for p in report["parties"] if p["role"] == "caller")
    assert caller["knew"] == {"dice": None, "details": {}}


def scrambled(stream: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The stream with every private part replaced by nonsense."""
    return [{**e, "private": {s: {"cards": ["jackpot"] * 9, "dice": [6, 6]}
                              for s in e.get("private", {})}} for e in stream]


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_report_only_what_the_reveal_made_public(chunk: int) -> None:
    for i in range(chunk, GAMES, 4):
        played = play_random(RULES, random_config(i), seed=7000 + i, check_timeouts=False)
        stream = [{"seq": n, **e.to_json()} for n, e in enumerate(played.events, start=2)]
        reports = protocol.challenges(RULES, stream)
        assert bamboozled_challenges(protocol.public_only(stream)) == reports
        assert protocol.challenges(RULES, scrambled(stream)) == reports
        calls = {e["seq"]: e["data"] for e in stream if e["type"] == "bluff_called"}
        assert [r["seq"] for r in reports] == list(calls)
        by_seq = {r["seq"]: r for r in reports}
        state = None
        for stored, event in zip(stream, played.events):
            report = by_seq.get(stored["seq"])
            if report is not None:
                check_report(report, calls[stored["seq"]], state, stored["seq"])
            state = RULES.evolve(state, RULES.events.parse_event(event.to_json()))


def check_report(report: dict[str, Any], reveal: dict[str, Any], before: Any, seq: int) -> None:
    declarer = reveal["declarer"]
    assert report["revealed"]["dice"] == {str(declarer): reveal["dice"]}
    assert report["parties"][0]["knew"]["dice"] == reveal["dice"]
    assert report["revealed"]["details"]["card_dice"] == reveal["card_dice"]
    check_only_the_reveal(report, reveal)
    # What "everyone knew before the call" agrees with the rules' own state.
    players = before.players
    assert report["public"]["standing"] == before.standing
    assert report["public"]["strikes"] == {str(s): before.seats[s].strikes for s in range(players)}
    assert report["public"]["hand_sizes"] == {str(s): before.held(s) for s in range(players)}
    assert report["claim"]["seq"] is not None and report["claim"]["seq"] < seq
    assert report["caller_right"] == (reveal["verdict"] == "bluff")
    assert ChallengeSerializer(data=report).is_valid()


# --- over HTTP ------------------------------------------------------------------------------

def test_challenges_over_http_are_the_same_for_every_seat_and_a_stranger(
        players, make_player) -> None:
    a, b, c = players(3)
    game_id = table(a, [b, c], "bamboozled")
    a.start(game_id, first_player=2)
    final, _ = play_any_seat([a, b, c], game_id, random.Random(11))
    assert final["status"] == "finished"

    responses = [who.get(f"/games/{game_id}/challenges") for who in (a, b, c, make_player())]
    assert [r.status_code for r in responses] == [200] * 4
    bodies = [r.json() for r in responses]
    assert all(body == bodies[0] for body in bodies), "the reports depend on the reader"
    body = bodies[0]
    assert ChallengeListSerializer(data=body).is_valid()
    calls = list(StoredEvent.objects.filter(game_id=game_id, type="bluff_called")
                 .order_by("seq").values_list("seq", "data"))
    assert calls, "the scripted game has calls"
    assert [r["seq"] for r in body["challenges"]] == [seq for seq, _ in calls]
    for report, (_, data) in zip(body["challenges"], calls):
        assert report["revealed"]["dice"] == {str(data["declarer"]): data["dice"]}
        check_only_the_reveal(report, data)
