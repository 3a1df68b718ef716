"""The words of Bamboozled challenge reports (issue #15, item 8).

The data names the die an after-roll card changed by its 0-based index (`"die": 1`, as in
the action); the words name it by the value it showed ("the die showing 5"), so they can
never be read against the index the wrong way. A My Bad call whose strike ends the game
does not promise a new round. Pure: runs with `-p no:django`.
"""

from __future__ import annotations

from typing import Any, Sequence

import pytest

from games.bamboozled import RULES
from games.core import challenges as protocol

from .helpers import CALL, act, declare, play, start


class Game:
    def __init__(self, hands: Sequence[str], first_roll: tuple[int, int]) -> None:
        self.state, events = start(hands, first_roll)
        self.events = list(events)

    def then(self, seat: int, action: dict[str, Any], dice: Sequence[int] = ()) -> "Game":
        self.state, events = act(self.state, seat, action, dice)
        self.events += events
        return self

    def reports(self) -> list[dict[str, Any]]:
        stream = [{"seq": n, **e.to_json()} for n, e in enumerate(self.events, start=2)]
        return protocol.challenges(RULES, stream)


def called(hand: str, roll: tuple[int, int], score: int, card: dict[str, Any]) -> dict:
    """Seat 0 declares `score` with `card` on `roll`; seat 1 calls."""
    game = Game([hand, "skip"], roll).then(0, declare(score, card)).then(1, CALL, [1, 2])
    [report] = game.reports()
    return report


@pytest.mark.parametrize("roll, card, score, words", [
    ((3, 5), {"name": "up_down", "die": 1, "direction": "up"}, 63,
     "the dice show 3 and 5 and the face-down Up/Down card, played up on the die showing 5, "
     "makes them 3 and 6, which score 36 or 63"),
    ((3, 5), {"name": "up_down", "die": 0, "direction": "down"}, 52,
     "the dice show 3 and 5 and the face-down Up/Down card, played down on the die showing 3, "
     "makes them 2 and 5, which score 25 or 52"),
    ((4, 2), {"name": "double", "die": 0}, 22,
     "the dice show 4 and 2 and the face-down Double card, played on the die showing 4, "
     "makes them 2 and 2, which score 22"),
    ((3, 3), {"name": "up_down", "die": 1, "direction": "down"}, 32,
     "the dice show 3 and 3 and the face-down Up/Down card, played down on one of the two "
     "dice showing 3, makes them 3 and 2, which score 23 or 32"),
    ((5, 1), {"name": "jackpot"}, 21,
     "the dice show 5 and 1 and the face-down Jackpot card makes them 2 and 1, which score 21"),
])
def test_the_card_names_the_die_it_changed_by_its_value(roll, card, score, words) -> None:
    report = called(card["name"], roll, score, card)
    assert report["rule"]["code"] == "card_backed"
    assert words in report["rule"]["text"]
    assert "die 1" not in report["rule"]["text"] and "die 2" not in report["rule"]["text"]
    revealed = report["revealed"]["details"]
    assert revealed["card"] == card
    if "die" in card:  # the words' value is the value of the die the data names
        assert f"showing {roll[card['die']]}" in report["rule"]["text"]
        assert revealed["card_dice"][1 - card["die"]] == roll[1 - card["die"]]


def bluff_caught(game: Game, roll_after: tuple[int, int]) -> Game:
    return game.then(0, declare(66)).then(1, CALL, list(roll_after))


def test_a_my_bad_call_that_ends_the_game_promises_no_new_round() -> None:
    game = Game(["skip", "my_bad"], (3, 1))
    bluff_caught(bluff_caught(game, (2, 4)), (3, 5))
    game.then(0, declare(66)).then(1, play("my_bad"))
    assert game.events[-1].type == "game_over"
    last = game.reports()[-1]
    assert (last["kind"], last["rule"]["code"], last["caller_right"]) == (
        "my_bad", "bluff_caught", True)
    assert last["outcome"]["losers"] == [0] and last["outcome"]["out"] == [0]
    assert last["rule"]["text"] == (
        "Bluff caught with My Bad: the dice show 3 and 5, which score 35 or 53, not the "
        "declared 66, so the declaration was a bluff: the declarer takes a strike, which ends "
        "the game.")


def test_a_my_bad_call_that_does_not_end_the_game_starts_a_new_round() -> None:
    game = Game(["skip", "my_bad"], (3, 1)).then(0, declare(66)).then(1, play("my_bad"), [2, 2])
    [report] = game.reports()
    assert report["rule"]["text"].endswith(
        "the declarer takes a strike and the caller starts a new round at 0.")
    assert game.events[-2].type == "round_started" and game.events[-2].data["roller"] == 1
