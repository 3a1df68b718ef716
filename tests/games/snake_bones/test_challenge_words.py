"""The words of Snake Bones challenge reports (issue #15, item 8).

With ones wild the counted dice do not all *show* the bid's face: the words say how many
dice count as the face, how many show it and how many are wild ones, and they agree with
the report's own data (`matching`, `count`). Pure: runs with `-p no:django`.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core import challenges as protocol
from games.snake_bones import RULES

from tests.support.harness import config, given, when

from .helpers import BLUFF, SPOT_ON, bid, stake

# Seat 0 holds three 4s and two ones, seat 1 one 4 and one one: 4 show 4, 3 ones.
DICE = {0: [4, 4, 1, 1, 4], 1: [4, 1, 2, 3, 6]}


def report_of(action: dict[str, Any], quantity: int, face: int, ones_wild: bool) -> dict:
    """Seat 0 bids `quantity` x `face` on DICE and seat 1 answers with `action`."""
    state, events = given(RULES, config(RULES, 2, 0, ones_wild=ones_wild))
    events = list(events)
    for seat, act, dice in [(0, stake(1), ()), (1, stake(1), DICE[0] + DICE[1]),
                            (0, bid(quantity, face), ()), (1, action, ())]:
        state, decided = when(RULES, state, seat, act, dice)
        events += decided
    stream = [{"seq": n, **e.to_json()} for n, e in enumerate(events, start=2)]
    [report] = protocol.challenges(RULES, stream)
    return report


def test_wild_ones_are_named_as_such_not_as_dice_showing_the_face() -> None:
    report = report_of(BLUFF, 8, 4, ones_wild=True)
    assert report["claim"]["text"] == "at least 8 dice count as 4 (ones are wild)"
    assert report["parties"][1]["claimed"][-1]["text"] == \
        "fewer than 8 dice count as 4 (ones are wild)"
    assert report["rule"]["text"].startswith(
        "Bluff called: 7 dice count as 4 (4 show 4 and 3 are wild ones), fewer than the 8 "
        "bid, so the bid fails")
    details = report["revealed"]["details"]
    assert details["count"] == 7 and sum(details["matching"].values()) == 7


def test_the_words_agree_with_the_data_for_every_outcome() -> None:
    for action, quantity, code in [(BLUFF, 7, "bluff_bid_stands"), (BLUFF, 8, "bluff_bid_fails"),
                                   (SPOT_ON, 7, "spot_on_exact"), (SPOT_ON, 6, "spot_on_missed")]:
        report = report_of(action, quantity, 4, ones_wild=True)
        assert report["rule"]["code"] == code
        assert "7 dice count as 4 (4 show 4 and 3 are wild ones)" in report["rule"]["text"]
        assert "dice show 4 (" not in report["rule"]["text"]


def test_singulars() -> None:
    report = report_of(BLUFF, 2, 6, ones_wild=True)
    assert report["claim"]["text"] == "at least 2 dice count as 6 (ones are wild)"
    assert "4 dice count as 6 (1 shows 6 and 3 are wild ones)" in report["rule"]["text"]
    report = report_of(BLUFF, 1, 2, ones_wild=False)
    assert report["claim"]["text"] == "at least 1 die shows 2"
    assert report["rule"]["text"].startswith("Bluff called: 1 die shows 2, at least the 1 bid")


@pytest.mark.parametrize("ones_wild", [False, True])
def test_a_bid_on_ones_counts_only_ones(ones_wild: bool) -> None:
    report = report_of(BLUFF, 3, 1, ones_wild=ones_wild)
    assert report["claim"]["text"] == "at least 3 dice show 1"
    assert report["rule"]["text"].startswith("Bluff called: 3 dice show 1, at least the 3 bid")
    assert report["revealed"]["details"]["ones_wild"] is False


def test_without_wild_ones_the_dice_show_the_face() -> None:
    report = report_of(SPOT_ON, 4, 4, ones_wild=False)
    assert report["parties"][1]["claimed"][-1]["text"] == "exactly 4 dice show 4"
    assert report["rule"]["text"].startswith("Spot-on called: 4 dice show 4, exactly the 4 bid")
