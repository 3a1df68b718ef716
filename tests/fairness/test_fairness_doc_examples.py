"""The worked examples of docs/fairness.md, "Every game's randomness", re-derived.

Each example lists the draws of a batch, `[nonce, sides, value]` in the order rolled, and
what the game makes of them. These tests hold the same draws and results: they run the
real rules (`setup` / `decide`) with dice that hand out exactly those draws (asking for a
die of other sides, or for more or fewer dice, fails) and check the results, and they
check that the page prints each list of draws. The draws themselves come from the dice
scheme 1 message encoding with the seeds of the page's worked example; `scheme_1_die`
below recomputes them independently of games/core/fairness.py, so the mapping tests stay
true whatever encoding a later scheme uses.

Pure: `python -m pytest -p no:django --noconftest tests/fairness/test_fairness_doc_examples.py`
(or with the rest of tests/fairness as usual).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path
from typing import Any, Sequence

import pytest

from games import registry
from games.bamboozled.data import full_deck
from games.core import GameConfig, replay
from games.core.options import resolve_options

DOC = (Path(__file__).resolve().parents[2] / "docs" / "fairness.md").read_text()

SERVER_SEED = "2e69c2b40e770a591bbaa45de32565bc29d31eec33e105e603df694ff869060c"
GAME_ID = "7d3c9a4e-5b21-4f0e-8c6a-2e9f1b7d4a63"
CLIENT_SEEDS = ("alice-lucky-7", "9f1c2e7a5b3d4c60")


def scheme_1_die(nonce: int, sides: int) -> int:
    """Scheme 1: message = game id ":" client seeds joined by "," ":" nonce ":" attempt."""
    key, limit, attempt = bytes.fromhex(SERVER_SEED), 2**32 - 2**32 % sides, 0
    while True:
        message = f"{GAME_ID}:{','.join(CLIENT_SEEDS)}:{nonce}:{attempt}".encode()
        x = int.from_bytes(hmac.new(key, message, hashlib.sha256).digest()[:4], "big")
        if x < limit:
            return x % sides + 1
        attempt += 1


class Draws:
    """Dice that hand out recorded draws in order and fail on any other request."""

    def __init__(self, draws: Sequence[Sequence[int]]) -> None:
        self.draws, self.used = [list(d) for d in draws], 0

    def roll(self, sides: int) -> int:
        assert self.used < len(self.draws), f"one die too many (a d{sides})"
        nonce, recorded_sides, value = self.draws[self.used]
        assert sides == recorded_sides, (
            f"nonce {nonce}: asked for a d{sides}, recorded a d{recorded_sides}")
        self.used += 1
        return value

    def done(self) -> None:
        assert self.used == len(self.draws), f"{len(self.draws) - self.used} draws left over"


def start(slug: str, players: int, draws: list, first: int | None = None,
          **options: Any) -> tuple[Any, list[Any]]:
    rules = registry.get(slug)
    dice = Draws(draws)
    events = rules.setup(GameConfig(players, resolve_options(rules.options, options), first),
                         dice)
    dice.done()
    return replay(rules, events), events


def then(slug: str, state: Any, seat: int, action: dict, draws: list) -> tuple[Any, list]:
    rules = registry.get(slug)
    dice = Draws(draws)
    events = rules.decide(state, seat, action, dice)
    dice.done()
    return replay(rules, events, state), events


def data(events: list, kind: str) -> list[dict]:
    return [dict(e.data) for e in events if e.type == kind]


def private(events: list, kind: str) -> list[dict]:
    return [{int(s): p for s, p in e.private_json().items()} for e in events if e.type == kind]


# --- the draws printed on the page, batch by batch ------------------------------------------

SNAKE_SETUP = [[0, 2, 2]]
SNAKE_ROLL = [[1, 6, 2], [2, 6, 4], [3, 6, 1], [4, 6, 2], [5, 6, 4],
              [6, 6, 4], [7, 6, 6], [8, 6, 3], [9, 6, 2], [10, 6, 2]]

BAMBOOZLED_SETUP = [[0, 2, 2], [1, 26, 22], [2, 25, 3], [3, 24, 1], [4, 23, 4], [5, 22, 10],
                    [6, 21, 10], [7, 20, 6], [8, 19, 1], [9, 18, 14], [10, 17, 7],
                    [11, 16, 10], [12, 15, 9], [13, 14, 7], [14, 13, 6], [15, 12, 1],
                    [16, 11, 7], [17, 10, 5], [18, 9, 7], [19, 8, 8], [20, 7, 1], [21, 6, 6],
                    [22, 5, 1], [23, 4, 1], [24, 3, 2], [25, 2, 2], [26, 6, 5], [27, 6, 1]]
BAMBOOZLED_ACCEPT = [[28, 24, 3], [29, 6, 6], [30, 6, 6]]

SKIP_BO_SETUP = [[0, 2, 2], [1, 6, 2], [2, 6, 4], [3, 6, 1], [4, 6, 2], [5, 6, 4], [6, 10, 2]]
SKIP_BO_REROLL = [[7, 6, 6], [8, 6, 3], [9, 10, 8]]

DARK_SETUP = [[0, 2, 2]]
DARK_ROLL = [[1, 6, 2], [2, 6, 4], [3, 6, 1], [4, 6, 2], [5, 6, 4], [6, 6, 4]]
DARK_ROLL_AGAIN = [[7, 6, 6], [8, 6, 3], [9, 6, 2]]

BARE_SETUP = [[0, 20, 16], [1, 19, 12], [2, 18, 10], [3, 17, 1], [4, 16, 16], [5, 15, 10],
              [6, 14, 10], [7, 6, 6], [8, 6, 3], [9, 6, 2], [10, 6, 2], [11, 6, 6],
              [12, 6, 6], [13, 6, 3], [14, 6, 1]]
BARE_DEAL = [[15, 10, 7], [16, 9, 2], [17, 8, 5], [18, 7, 1], [19, 6, 2],
             [20, 10, 1], [21, 9, 6], [22, 8, 4], [23, 7, 2], [24, 6, 2]]
BARE_ROLL = [[25, 6, 6], [26, 6, 5], [27, 6, 1], [28, 6, 3], [29, 6, 6]]
# From the die values onward only (no seeds): a roll-off with a tie, 3 players.
BARE_TIE = [[0, 6, 6], [1, 6, 6], [2, 6, 1], [3, 6, 1], [4, 6, 1], [5, 6, 2], [6, 6, 3],
            [7, 6, 4], [8, 6, 5], [9, 6, 6], [10, 6, 4], [11, 6, 2],
            [12, 6, 1], [13, 6, 1], [14, 6, 1], [15, 6, 1], [16, 6, 4], [17, 6, 1],
            [18, 6, 1], [19, 6, 1]]

SCHEME_1 = [SNAKE_SETUP, SNAKE_ROLL, BAMBOOZLED_SETUP, BAMBOOZLED_ACCEPT, SKIP_BO_SETUP,
            SKIP_BO_REROLL, DARK_SETUP, DARK_ROLL, DARK_ROLL_AGAIN, BARE_SETUP, BARE_DEAL,
            BARE_ROLL]


@pytest.mark.parametrize("draws", SCHEME_1 + [BARE_TIE])
def test_the_page_prints_these_draws(draws: list) -> None:
    assert f"`{json.dumps(draws)}`" in DOC


@pytest.mark.parametrize("draws", SCHEME_1)
def test_the_draws_are_what_scheme_1_rolls_for_the_example_seeds(draws: list) -> None:
    assert [[n, s, scheme_1_die(n, s)] for n, s, _ in draws] == draws


# --- what each game makes of them -----------------------------------------------------------

def test_snake_bones() -> None:
    state, events = start("snake-bones", 2, SNAKE_SETUP)
    assert data(events, "first_bidder_drawn") == [{"seat": 1, "roll": 2}]
    state, _ = then("snake-bones", state, 0, {"type": "stake", "coins": 2}, [])
    state, events = then("snake-bones", state, 1, {"type": "stake", "coins": 3}, SNAKE_ROLL)
    assert private(events, "dice_rolled") == [{0: {"dice": [2, 4, 1, 2, 4]},
                                                1: {"dice": [4, 6, 3, 2, 2]}}]


def test_bamboozled() -> None:
    state, events = start("bamboozled", 2, BAMBOOZLED_SETUP)
    assert data(events, "game_started")[0]["first_player"] == 1
    assert private(events, "cards_dealt") == [{0: {"cards": ["revive"]}, 1: {"cards": ["revive"]}}]
    assert private(events, "dice_rolled") == [{1: {"dice": [5, 1]}}]
    assert state.deck[:3] == ("jackpot", "double", "double") and len(state.deck) == 24
    state, _ = then("bamboozled", state, 1, {"type": "declare", "score": 55, "card": None}, [])
    state, events = then("bamboozled", state, 0, {"type": "accept"}, BAMBOOZLED_ACCEPT)
    assert [e.type for e in events] == ["declaration_accepted", "card_drawn", "dice_rolled"]
    assert private(events, "card_drawn") == [{1: {"card": "double"}}]
    assert private(events, "dice_rolled") == [{0: {"dice": [6, 6]}}]


def test_bamboozled_shuffle_step_by_step() -> None:
    """The page's table: Fisher-Yates over the canonical deck, step i places a card at i."""
    deck = list(full_deck(False))
    placed = []
    for (_, sides, value), i in zip(BAMBOOZLED_SETUP[1:26], range(25, 0, -1)):
        assert sides == i + 1
        j = value - 1
        deck[i], deck[j] = deck[j], deck[i]
        placed.append(deck[i])
    assert placed[:3] == ["reverse", "double", "jackpot"]
    assert deck[0] == deck[1] == "revive"


def test_skip_bo_dice() -> None:
    state, events = start("skip-bo-dice", 2, SKIP_BO_SETUP)
    assert data(events, "game_started")[0]["first_player"] == 1
    assert data(events, "turn_started") == [{"turn": 1, "seat": 1, "dice": [3, 7, 1, 4, 8, 2]}]
    state, events = then("skip-bo-dice", state, 1, {"type": "reroll", "dice": [0, 3, 5]},
                         SKIP_BO_REROLL)
    assert data(events, "dice_rerolled") == [{"seat": 1, "dice": [0, 3, 5],
                                              "faces": ["SB", 6, 8], "rerolls_left": 2}]


def test_dark_knights() -> None:
    state, events = start("dark-knights", 2, DARK_SETUP)
    assert data(events, "game_started")[0]["first_player"] == 1
    state, events = then("dark-knights", state, 1, {"type": "roll"}, DARK_ROLL)
    [rolled] = data(events, "dice_rolled")
    assert [(d["die"], d["face"]) for d in rolled["dice"]] == list(enumerate([2, 4, 1, 2, 4, 4]))
    aside = {"type": "set_aside", "groups": [{"combination": None, "dice": [1, 4, 5]}]}
    state, _ = then("dark-knights", state, 1, aside, [])
    state, events = then("dark-knights", state, 1, {"type": "roll"}, DARK_ROLL_AGAIN)
    [rolled] = data(events, "dice_rolled")
    assert [(d["die"], d["face"]) for d in rolled["dice"]] == [(0, 6), (2, 3), (3, 2)]
    assert [e.type for e in events][1:] == ["turn_busted", "turn_started"]


def test_bare_bones() -> None:
    state, events = start("bare-bones", 2, BARE_SETUP, action_set="random")
    [started] = data(events, "game_started")
    assert started["action_cards"] == ["point_pro", "yard_sale", "cant_touch_this", "pairs",
                                       "rainbow", "run", "mimic"]
    assert started["roll_off"] == [{"0": [4, 1, 1, 1], "1": [4, 4, 1, 1]}]
    assert started["first_player"] == 1
    picks = [(1, "blue"), (0, "red"), (1, "white"), (0, "green"), (1, "green"), (0, "blue")]
    for seat, card in picks[:-1]:
        state, _ = then("bare-bones", state, seat, {"type": "draft", "card": card}, [])
    seat, card = picks[-1]
    state, events = then("bare-bones", state, seat, {"type": "draft", "card": card}, BARE_DEAL)
    assert private(events, "cards_drawn") == [
        {1: {"cards": ["white", "blue", "white", "blue", "blue"]}},
        {0: {"cards": ["blue", "white", "red", "blue", "blue"]}}]
    for card in ["blue"] * 3 + ["white"] * 2:
        state, _ = then("bare-bones", state, 1, {"type": "play_card", "card": card}, [])
    state, _ = then("bare-bones", state, 1, {"type": "stop_playing"}, [])
    roll = {"type": "roll", "dice": ["white", "blue", "white", "blue", "blue"]}
    state, events = then("bare-bones", state, 1, roll, BARE_ROLL)
    [rolled] = data(events, "dice_rolled")
    assert [(d["colour"], d["face"]) for d in rolled["dice"]] == [
        ("blue", 4), ("blue", 3), ("blue", 1), ("white", 3), ("white", 5)]


def test_bare_bones_roll_off_with_a_tie() -> None:
    _, events = start("bare-bones", 3, BARE_TIE)
    [started] = data(events, "game_started")
    assert started["roll_off"] == [{"0": [4, 4, 1, 1], "1": [1, 1, 1, 2], "2": [3, 4, 2, 1]},
                                   {"0": [1, 1, 1, 1], "2": [2, 1, 1, 1]}]
    assert started["first_player"] == 2


# --- "Worked example, scheme 3" and "... with a withheld seat" ----------------------------

SEAT_SEEDS = ("0123456789abcdef" * 4, "fedcba9876543210" * 4)


def scheme_3_x(seeds: Sequence[str], nonce: int, attempt: int = 0) -> tuple[str, int]:
    """The page's scheme 3 message for `seeds` and its HMAC's first 4 bytes, as x."""
    joined = ":".join(f"{len(seed.encode())}:{seed}" for seed in seeds)
    message = f"dice/3:{GAME_ID}:{len(seeds)}:{joined}:{nonce}:{attempt}"
    digest = hmac.new(bytes.fromhex(SERVER_SEED), message.encode(), hashlib.sha256).digest()
    return message, int.from_bytes(digest[:4], "big")


def test_the_scheme_3_commitments_on_the_page() -> None:
    server = hashlib.sha256(b"dice/3:" + bytes.fromhex(SERVER_SEED)).hexdigest()
    assert server == "4f0a7a6fab106931536ac8455f8ad41fabde7c5053a661e19a578438b5291c6b"
    seats = [hashlib.sha256(b"dice-seed/3:" + bytes.fromhex(seed)).hexdigest()
             for seed in SEAT_SEEDS]
    assert seats == ["1dcd893d7d7a00c46580eec8f7c0911b4c8eb068a38b2053050135164f0dd39f",
                     "e35335503a58b1dd092ff92745ecc7777399cdba081fb218d58962261cdacec4"]
    for value in (server, *seats, *SEAT_SEEDS):
        assert f"`{value}`" in DOC
    assert f"(commitment `{hashlib.sha256(bytes.fromhex(SERVER_SEED)).hexdigest()}`)" in DOC


def test_the_scheme_3_worked_example() -> None:
    start = scheme_3_x(SEAT_SEEDS, 0)[0].removesuffix("0:0")
    assert f"`{start}`" in DOC
    for nonce, sides, x, die in ((0, 6, 2746748089, 2), (1, 6, 4175296481, 6),
                                 (2, 6, 3012390972, 1), (3, 3, 2873140666, 2)):
        assert scheme_3_x(SEAT_SEEDS, nonce)[1] == x and x < 2**32 - 2**32 % sides
        assert x % sides + 1 == die
        assert f"| {nonce} | {sides} | `:{nonce}:0` | `{x:08x}` | {x} | " \
               f"{2**32 - 2**32 % sides} |" in DOC
        assert f"**{die}** |" in DOC


def test_the_scheme_3_worked_example_with_a_withheld_seat() -> None:
    message, x = scheme_3_x((SEAT_SEEDS[0], ""), 0)
    assert message.endswith(":2:64:" + SEAT_SEEDS[0] + ":0::0:0")
    assert f"`{message.removesuffix('0:0')}`" in DOC
    assert x == 2056927931 and x % 6 + 1 == 6
    assert f"| 0 | 6 | `:0:0` | `{x:08x}` | {x} | 4294967292 | {x} mod 6 + 1 = **6** |" in DOC
    assert '"withheld": [1]' in DOC and "seat 1 withheld its seed" in DOC
