"""Resigning (RULINGS, "Resigning (every game)"): in or out of turn, the seat is out at
once as if put out now (its cards go to the discards face up, it ranks below everyone
still in); a resignation while its claim stands or its turn is on voids the claim and the
next player still in starts a new round; the last player left wins."""

from __future__ import annotations

import random

import pytest

from games.bamboozled import RULES
from games.bamboozled.bot import BOTS
from games.bamboozled.data import full_deck
from games.bamboozled.state import State
from games.core.bots import Rng
from games.core.legal import expand_all
from tests.support import bots
from tests.support.harness import RandomDice, config, moves

from .helpers import (
    ACCEPT,
    CALL,
    ROLL,
    act,
    declare,
    draw_roll,
    play,
    public,
    rejected,
    start,
    with_strikes,
)

RESIGN = {"type": "resign"}


def resigned(seat: int, place: int, discarded: list[str], voided: bool) -> tuple[str, dict]:
    return ("player_resigned", {"seat": seat, "place": place, "discarded": discarded,
                                "claim_voided": voided})


def three(first_roll=(4, 3), **options) -> State:
    state, _ = start(["skip", "revive", "reverse"], first_roll, **options)
    return state


def four(first_roll=(4, 3), **options) -> State:
    state, _ = start(["skip", "revive", "reverse", "my_bad"], first_roll, **options)
    return state


def cards_conserved(state: State) -> None:
    assert state.card_count() == len(full_deck(state.kids))


def test_the_declarer_resigning_while_its_claim_stands_voids_it_and_the_next_player_rolls():
    state, _ = act(three(), 0, declare(55))  # a bluff: never judged, nothing drawn
    state, events = act(state, 0, RESIGN, [6, 5])  # out of turn: seat 1 is to respond
    assert public(events) == [
        resigned(0, 3, ["skip"], True),
        ("round_started", {"round": 2, "roller": 1, "reason": "resigned"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]
    assert (state.standing, state.declaration, RULES.awaiting(state)) == (0, None, {1: "declare"})
    assert state.seats[0].strikes == 0 and state.discards == ("skip",)
    cards_conserved(state)


def test_a_card_held_face_down_under_the_voided_claim_goes_to_the_discards_face_up():
    state, _ = start(["double", "revive", "reverse"], (4, 2))
    state, _ = act(state, 0, declare(44, {"name": "double", "die": 1}))
    assert state.held(0) == 1 and state.seats[0].hand == ()
    state, events = act(state, 0, RESIGN, [6, 5])
    assert public(events)[0] == resigned(0, 3, ["double"], True)
    assert state.discards == ("double",) and state.held(0) == 0
    cards_conserved(state)


def test_the_responder_resigning_voids_the_claim_and_the_turn_passes_to_the_next_player():
    state, _ = start(["double", "revive", "reverse"], (4, 2))
    state, _ = act(state, 0, declare(44, {"name": "double", "die": 1}))
    state, events = act(state, 1, RESIGN, [3, 1])
    assert public(events) == [
        resigned(1, 3, ["revive"], True),
        ("round_started", {"round": 2, "roller": 2, "reason": "resigned"}),
        ("dice_rolled", {"seat": 2, "against": 0}),
    ]
    assert state.seats[0].hand == ("double",), "the voided claim's card goes back unrevealed"
    assert state.discards == ("revive",)
    assert RULES.awaiting(state) == {2: "declare"}
    cards_conserved(state)


def test_an_uninvolved_seat_resigning_leaves_the_claim_standing():
    state, _ = act(four(), 0, declare(43))
    state, events = act(state, 2, RESIGN)
    assert public(events) == [resigned(2, 4, ["reverse"], False)]
    assert RULES.awaiting(state) == {1: "respond"}
    assert state.declaration is not None and state.declaration.score == 43
    state, _ = act(state, 1, ACCEPT, [6, 5])
    _, events = act(state, 1, declare(65))
    assert events[0].data["responder"] == 3, "the resigned seat is skipped"


def test_after_a_skip_the_skipper_resigning_leaves_the_claim_with_the_new_responder():
    state, _ = start(["reverse", "skip", "revive", "my_bad"], (4, 3))
    state, _ = act(state, 0, declare(43))
    state, _ = act(state, 1, play("skip"))
    assert RULES.awaiting(state) == {2: "respond"}
    state, events = act(state, 1, RESIGN)
    assert public(events) == [resigned(1, 4, [], False)]
    assert RULES.awaiting(state) == {2: "respond"}


def test_the_roller_resigning_before_declaring_passes_the_turn_to_the_next_player():
    _, events = act(three(), 0, RESIGN, [5, 5])
    assert public(events) == [
        resigned(0, 3, ["skip"], True),
        ("round_started", {"round": 2, "roller": 1, "reason": "resigned"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]


def test_the_setter_of_the_score_to_beat_resigning_voids_it():
    state, _ = act(three(), 0, declare(43))
    state, _ = act(state, 1, ACCEPT, [6, 5])
    assert (state.standing, state.standing_by) == (43, 0)
    state, events = act(state, 0, RESIGN, [2, 1])
    assert public(events)[1:] == [
        ("round_started", {"round": 2, "roller": 1, "reason": "resigned"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]
    assert (state.standing, state.standing_by) == (0, None)


def test_the_direction_decides_the_next_player_still_in():
    state, _ = start(["reverse", "skip", "revive", "my_bad"], (4, 3))
    state, _ = act(state, 0, declare(43))
    state, _ = act(state, 1, play("skip"))
    state, _ = act(state, 2, ACCEPT, [1, 1])
    state, _ = act(state, 2, declare(11))
    state, _ = act(state, 3, play("my_bad"), [3, 3])  # true: no strike, seat 3 rolls
    state, _ = act(state, 3, declare(33))
    state, _ = act(state, 0, play("reverse"), [4, 4])  # counterclockwise; 3 rolls again
    assert state.direction == -1 and RULES.awaiting(state) == {3: "declare"}
    _, events = act(state, 3, RESIGN, [6, 6])
    assert public(events)[1] == ("round_started", {"round": 3, "roller": 2, "reason": "resigned"})


def test_the_last_opponent_resigning_ends_the_game_and_the_other_wins():
    state, _ = start(["skip", "revive"], (4, 3))
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 1, RESIGN)
    assert public(events) == [
        resigned(1, 2, ["revive"], False),
        ("game_over", {"winners": [0], "ranking": [[0], [1]], "scores": {"0": 1, "1": 0}}),
    ]
    assert RULES.awaiting(state) == {} and state.phase == "over"
    assert RULES.legal_actions(state, 0) == [] and RULES.legal_actions(state, 1) == []
    assert rejected(state, 0, RESIGN) == "game_over"


def test_a_resigned_player_ranks_above_players_out_before_it():
    state = with_strikes(three(), 0, 2)
    state, _ = act(state, 0, declare(55))
    state, _ = act(state, 1, CALL, [2, 2])  # seat 0 out (third strike); seat 1 rolls next
    assert state.out_order == (0,)
    state, events = act(state, 2, RESIGN)
    assert public(events)[-1] == ("game_over", {"winners": [1], "ranking": [[1], [2], [0]],
                                                "scores": {"0": 0, "1": 2, "2": 1}})


def test_a_resigned_player_ranks_below_players_out_after_it():
    state, _ = act(with_strikes(three(), 0, 2), 2, RESIGN)
    state, _ = act(state, 0, declare(55))
    state, events = act(state, 1, CALL)
    assert public(events)[-1] == ("game_over", {"winners": [1], "ranking": [[1], [0], [2]],
                                                "scores": {"0": 1, "1": 2, "2": 0}})


def test_the_discarder_resigning_is_no_longer_awaited_and_its_claim_is_voided():
    state = three(hand_limit=1)
    state, _ = act(state, 0, declare(55))
    state, _ = act(state, 1, ACCEPT, [draw_roll(state, "jackpot"), 2, 2])
    assert RULES.awaiting(state) == {0: "discard"}
    state, events = act(state, 0, RESIGN, [3, 1])
    assert public(events) == [
        resigned(0, 3, ["skip", "jackpot"], True),
        ("round_started", {"round": 2, "roller": 1, "reason": "resigned"}),
        ("dice_rolled", {"seat": 1, "against": 0}),
    ]
    assert RULES.awaiting(state) == {1: "declare"}
    cards_conserved(state)


def test_the_roller_resigning_while_another_must_discard_the_discard_is_still_awaited():
    state = three(hand_limit=1)
    state, _ = act(state, 0, declare(55))
    state, _ = act(state, 1, ACCEPT, [draw_roll(state, "jackpot"), 2, 2])
    state, events = act(state, 1, RESIGN, [3, 1])
    assert public(events)[1] == ("round_started", {"round": 2, "roller": 2, "reason": "resigned"})
    assert RULES.awaiting(state) == {0: "discard"}
    state, _ = act(state, 0, {"type": "discard", "card": "skip"})
    assert RULES.awaiting(state) == {2: "declare"}


def test_kids_the_next_roller_resigning_voids_the_open_score():
    state, _ = start(["skip", "revive", "reverse"], (4, 3), kids=True)
    state, _ = act(state, 0, declare(43))
    assert RULES.awaiting(state) == {1: "roll"}
    state, events = act(state, 1, RESIGN, [2, 5])
    assert public(events) == [
        resigned(1, 3, ["revive"], True),
        ("round_started", {"round": 2, "roller": 2, "reason": "resigned"}),
        ("dice_rolled", {"seat": 2, "against": 0, "dice": [2, 5]}),
    ]


def test_kids_the_setter_of_the_open_score_resigning_voids_it():
    state, _ = start(["skip", "revive", "reverse"], (4, 3), kids=True)
    state, _ = act(state, 0, declare(43))
    state, events = act(state, 0, RESIGN, [2, 5])
    assert public(events)[1] == ("round_started", {"round": 2, "roller": 1, "reason": "resigned"})
    state, _ = act(state, 1, declare(52))
    assert RULES.awaiting(state) == {2: "roll"}
    state, _ = act(state, 2, ROLL, [6, 6])
    assert RULES.awaiting(state) == {2: "declare"}


def test_resign_is_listed_for_every_seat_in_play_in_or_out_of_turn():
    state, _ = act(four(), 0, declare(43))
    for seat in range(4):
        assert RULES.legal_actions(state, seat)[-1] == RESIGN
    state, _ = act(state, 2, RESIGN)
    assert RULES.legal_actions(state, 2) == []


def test_a_resigned_seat_is_never_awaited_again_and_cannot_act():
    state, _ = act(three(), 1, RESIGN)
    assert rejected(state, 1, RESIGN) == "not_in_play"
    assert rejected(state, 1, ACCEPT) == "not_in_play"


@pytest.mark.parametrize("kids", [False, True])
def test_over_random_play_a_resigned_seat_is_never_awaited_and_lists_nothing(kids: bool):
    """A random seat resigns at a random step, in any phase; after every move of the rest
    of the game it is never awaited and lists no action."""
    for seed in range(40):
        rng = random.Random(seed)
        cfg = config(RULES, 2 + seed % 4, kids=kids, hand_limit=1 + seed % 2)
        state = None
        for event in RULES.setup(cfg, RandomDice(rng)):
            state = RULES.evolve(state, event)
        gone: set[int] = set()
        resign_at = rng.randrange(12)
        for step in range(300):
            if RULES.outcome(state) is not None:
                break
            awaited = RULES.awaiting(state)
            assert not gone & set(awaited)
            assert all(RULES.legal_actions(state, s) == [] for s in gone)
            if step == resign_at:
                seat, action = rng.choice(sorted(state.active)), RESIGN
                gone.add(seat)
            else:
                seat = next(iter(awaited))
                action = rng.choice(expand_all(moves(RULES, state, seat)))
            for event in RULES.decide(state, seat, action, RandomDice(rng)):
                state = RULES.evolve(state, event)


def test_a_seat_out_by_strikes_cannot_resign():
    state = with_strikes(four(), 0, 2)
    state, _ = act(state, 0, declare(55))
    state, _ = act(state, 1, CALL, [2, 2])
    assert rejected(state, 0, RESIGN) == "not_in_play"


def test_the_resignation_event_is_public():
    _, events = act(four(), 3, RESIGN)
    assert events[0].visible_to(0) == {"type": "player_resigned", "data": {
        "seat": 3, "place": 4, "discarded": ["my_bad"], "claim_voided": False}}


def test_bots_never_resign():
    for state in (three(), act(three(), 0, declare(43))[0]):
        for seat in RULES.awaiting(state):
            seen = bots.seen_for(RULES, state, [], seat)
            assert RESIGN in RULES.legal_actions(state, seat)   # offered to the seat
            assert RESIGN not in seen.legal   # but what a bot sees never lists it
            assert BOTS["basic"](seen, Rng(seat))["type"] != "resign"
