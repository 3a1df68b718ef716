"""Given/when/then: other players' claims of Bonus Die values, and completion rewards."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.skip_bo_dice import RULES

from .build import (
    RESIGN, SB, act, claim, die, fill, next_turn, plain, rolls, start, state_of, turn_roll, up_to,
)

QUIET = turn_roll([1, 1, 1, 2, 2, 1])


def rejects(state, seat, action, code):
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, seat, action, None)
    assert err.value.code == code


def table(*board_events, players=3, bonus=9):
    """Seat 0 has just rolled (turn 2) with `bonus` on the Bonus Die."""
    return state_of(start(players) + list(board_events) + next_turn(2, 0, (1, 1, 1, 2, 2, bonus)))


def test_non_awaited_seats_may_claim_shown_bonus_values():
    state = table(*up_to(1, "A", 8), *up_to(1, "B", 8))
    assert RULES.awaiting(state) == {0: "fill"}
    assert RULES.legal_actions(state, 1) == [claim(2, 0, "A"), claim(2, 0, "B"), RESIGN]
    assert RULES.legal_actions(state, 2) == [RESIGN]


def test_each_player_uses_each_shown_value_once():
    state = table(*up_to(1, "A", 8), *up_to(1, "B", 8))
    state, events = act(state, 1, claim(2, 0, "A"))
    assert plain(events) == [("bubble_filled", {
        "seat": 1, "pile": "A", "bubble": 9, "mark": 9, "star": None,
        "source": {"kind": "claim", "turn": 2, "value_index": 0}})]
    rejects(state, 1, claim(2, 0, "B"), "bonus_value_already_claimed")
    assert RULES.legal_actions(state, 1) == [RESIGN]


def test_a_claim_does_not_roll_the_bonus_die():
    state = table(*up_to(1, "A", 8))
    state, _ = act(state, 1, claim(2, 0, "A"))  # no scripted dice: a roll would fail
    assert state.dice[5] == 9 and state.shown == (9,)


def test_active_player_cannot_claim_own_bonus_values():
    state = table(*up_to(0, "A", 8))
    rejects(state, 0, claim(2, 0, "A"), "own_bonus_die")
    assert not [a for a in RULES.legal_actions(state, 0) if a["type"] == "claim_bonus"]
    assert die("A", 5) in RULES.legal_actions(state, 0)


def test_claim_must_fit_the_next_bubble():
    state = table(*up_to(1, "A", 7))
    rejects(state, 1, claim(2, 0, "A"), "number_does_not_fit")


def test_claim_of_a_value_never_shown():
    state = table(*up_to(1, "A", 8))
    rejects(state, 1, claim(2, 1, "A"), "no_such_bonus_value")
    rejects(state, 1, claim(3, 0, "A"), "no_such_bonus_value")


def test_every_value_the_bonus_die_shows_may_be_claimed():
    state = table(*up_to(0, "A", 8), *up_to(1, "A", 8), *up_to(1, "B", 2))
    state, _ = act(state, 0, die("A", 5), rolls([5], [3]))
    assert RULES.legal_actions(state, 1) == [claim(2, 0, "A"), claim(2, 1, "B"), RESIGN]
    state, _ = act(state, 1, claim(2, 1, "B"))
    state, _ = act(state, 1, claim(2, 0, "A"))
    assert state.boards[1].piles[:2] == (tuple(range(1, 10)), (1, 2, 3))


def test_claims_stay_open_until_the_stockpile_step_is_over():
    state = table(*up_to(1, "A", 8), *up_to(2, "A", 8))
    state, _ = act(state, 0, {"type": "done"})
    state, _ = act(state, 1, {"type": "stockpile", "die": 0, "stockpile": 0})
    state, _ = act(state, 1, claim(2, 0, "A"))  # after its own choice, while others choose
    state, _ = act(state, 0, {"type": "stockpile", "die": 0, "stockpile": 0})
    state, events = act(state, 2, {"type": "stockpile", "die": 0, "stockpile": 0}, QUIET)
    assert plain(events)[-1] == ("turn_started", {"turn": 3, "seat": 1, "dice": [1, 1, 1, 2, 2, 1]})
    rejects(state, 2, claim(2, 0, "A"), "claim_window_closed")
    assert not [a for a in RULES.legal_actions(state, 2) if a.get("turn") == 2]


# --- completion rewards ------------------------------------------------------------------

def completion(events):
    return [e for e in plain(events) if e[0] == "pile_completed"]


def test_completion_rewards_first_second_third_then_none():
    state = table(*[e for s in range(4) for e in up_to(s, "A", 9)], players=4, bonus=10)
    state, events = act(state, 0, fill("A", "free_skip_bo"))
    assert completion(events)[0][1] | {"moment": None} == {
        "seat": 0, "pile": "A", "place": 1, "reward": 3, "moment": None, "shared": False}
    state, events = act(state, 1, claim(2, 0, "A"))
    assert completion(events) == [("pile_completed", {
        "seat": 1, "pile": "A", "place": 2, "reward": 2, "moment": "bonus:2:0", "shared": False})]
    state, _ = act(state, 0, {"type": "reroll", "dice": [5]}, rolls([5], [10]))
    state, events = act(state, 2, claim(2, 1, "A"))
    assert [(c["place"], c["reward"]) for _, c in completion(events)] == [(3, 1)]
    state, _ = act(state, 0, {"type": "reroll", "dice": [5]}, rolls([5], [10]))
    state, events = act(state, 3, claim(2, 2, "A"))
    assert [(c["place"], c["reward"]) for _, c in completion(events)] == [(4, 0)]
    assert RULES.view(state, None)["completions"]["A"] == {"moments": 4, "next_reward": 0}


def test_same_bonus_value_claimed_by_two_players_shares_the_reward():
    state = table(*up_to(0, "A", 9), *up_to(1, "A", 9), *up_to(2, "A", 9), bonus=10)
    state, events = act(state, 2, claim(2, 0, "A"))
    assert completion(events)[0][1] == {"seat": 2, "pile": "A", "place": 1, "reward": 3,
                                        "moment": "bonus:2:0", "shared": False}
    state, events = act(state, 1, claim(2, 0, "A"))
    assert completion(events)[0][1] == {"seat": 1, "pile": "A", "place": 1, "reward": 3,
                                        "moment": "bonus:2:0", "shared": True}
    state, events = act(state, 0, fill("A", "free_skip_bo"))  # the next moment: 2nd reward
    assert [(c["place"], c["reward"]) for _, c in completion(events)] == [(2, 2)]


def test_active_use_and_claim_of_the_same_value_share_the_reward():
    state = table(*up_to(0, "B", 9), *up_to(1, "B", 9), *up_to(2, "B", 9), bonus=10)
    state, events = act(state, 0, die("B", 5), rolls([5], [10]))
    assert completion(events)[0][1]["moment"] == "bonus:2:0"
    state, events = act(state, 1, claim(2, 1, "B"))  # the re-rolled 10 is a later moment
    assert [(c["place"], c["reward"]) for _, c in completion(events)] == [(2, 2)]
    state, events = act(state, 2, claim(2, 0, "B"))  # the first 10, as player 0 used it
    assert completion(events)[0][1] == {"seat": 2, "pile": "B", "place": 1, "reward": 3,
                                        "moment": "bonus:2:0", "shared": True}
    assert [b.completions[1].reward for b in state.boards] == [3, 2, 3]


def test_reward_places_are_per_pile():
    state = table(*up_to(0, "A", 9), *up_to(1, "C", 9), players=2, bonus=10)
    state, _ = act(state, 0, fill("A", "free_skip_bo"))
    state, events = act(state, 1, claim(2, 0, "C"))
    assert [(c["pile"], c["place"], c["reward"]) for _, c in completion(events)] == [("C", 1, 3)]
    assert SB == state.boards[0].piles[0][-1]
