"""Given/when/then: the stockpile step, passing the turn, the end of the game, scoring."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.skip_bo_dice import RULES

from .build import (
    SB, act, all_full, claim, completed, die, ev, fill, filled, next_turn, plain, start,
    state_of, turn_roll, up_to, written,
)

QUIET = turn_roll([1, 1, 1, 2, 2, 1])


def rejects(state, seat, action, code):
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, seat, action, None)
    assert err.value.code == code


def stockpile(die_index, k):
    return {"type": "stockpile", "die": die_index, "stockpile": k}


def test_stockpile_step_awaits_every_player_at_once():
    state = state_of(start(3) + next_turn(2, 1))
    state, events = act(state, 1, {"type": "done"})
    assert plain(events) == [("turn_done", {"seat": 1, "choosers": [1, 2, 0]})]
    assert RULES.awaiting(state) == {0: "stockpile", 1: "stockpile", 2: "stockpile"}
    state, _ = act(state, 2, stockpile(5, 3))
    state, _ = act(state, 0, stockpile(0, 0))
    assert RULES.awaiting(state) == {1: "stockpile"}
    state, events = act(state, 1, stockpile(0, 0), QUIET)
    assert [e.type for e in events] == ["stockpile_written", "turn_ended", "turn_started"]
    assert RULES.awaiting(state) == {2: "fill"}


def test_stockpile_choice_comes_from_the_active_players_unused_dice():
    state = state_of(start(2) + up_to(0, "A", 2) + next_turn(2, 0, (3, 1, 1, 2, 2, 7)))
    state, _ = act(state, 0, die("A", 0))
    state, _ = act(state, 0, {"type": "done"})
    rejects(state, 1, stockpile(0, 0), "die_already_used")
    rejects(state, 1, stockpile(6, 0), "no_such_die")
    assert {a["die"] for a in RULES.legal_actions(state, 1)
            if a["type"] == "stockpile"} == {1, 2, 3, 4, 5}
    state, events = act(state, 1, stockpile(5, 0))  # the Bonus Die is never set aside
    assert plain(events)[0][1]["value"] == 7


def test_players_may_write_the_same_value():
    state = state_of(start(2) + next_turn(2, 0, (1, 1, SB, 2, 2, 1)))
    state, _ = act(state, 0, {"type": "done"})
    state, _ = act(state, 1, stockpile(2, 0))
    _, events = act(state, 0, stockpile(2, 1), QUIET)
    assert plain(events)[0][1] == {"seat": 0, "die": 2, "value": SB, "stockpile": 1, "box": 0}


def test_stockpile_step_rules():
    state = state_of(start(3) + written(1, 2, [1, 1, 1, 1]) + all_full(2) + next_turn(2, 0))
    rejects(state, 1, stockpile(0, 0), "not_your_turn")  # the fill step: seat 0's
    state, _ = act(state, 0, {"type": "done"})
    assert RULES.awaiting(state) == {0: "stockpile", 1: "stockpile"}
    rejects(state, 0, fill("A", "free_skip_bo"), "wrong_phase")  # awaited to choose
    rejects(state, 0, {"type": "reroll", "dice": [0]}, "wrong_phase")
    rejects(state, 1, stockpile(0, 2), "stockpile_full")
    rejects(state, 1, stockpile(0, 4), "no_such_stockpile")
    rejects(state, 2, stockpile(0, 0), "not_your_turn")  # all full: never a chooser
    state, _ = act(state, 1, stockpile(0, 0))
    rejects(state, 1, stockpile(0, 1), "not_your_turn")  # chose: no longer awaited


def test_turn_passes_to_the_left():
    state = state_of(start(4) + next_turn(2, 3) + all_full(0) + all_full(1) + all_full(2)
                     + all_full(3))
    _, events = act(state, 3, {"type": "done"}, QUIET)
    assert plain(events)[-1] == ("turn_started", {"turn": 3, "seat": 0, "dice": [1, 1, 1, 2, 2, 1]})


# --- the end of the game ------------------------------------------------------------------

def two_piles_done(seat):
    return completed(seat, "A", 1, 3, "fill:0") + completed(seat, "B", 1, 3, "fill:1")


def three_piles_table():
    """Seat 0 of 3 has completed A and B; C and D wait for a 10; seat 1 awaits a 10 on A."""
    return state_of(start(3) + two_piles_done(0)
                    + up_to(0, "C", 9) + up_to(0, "D", 9) + up_to(1, "A", 9)
                    + next_turn(2, 0, (1, 1, SB, 10, 2, 10)))


def test_first_to_complete_three_piles_starts_the_last_round():
    state, events = act(three_piles_table(), 0, die("C", 3))
    assert plain(events)[1:] == [
        ("pile_completed", {"seat": 0, "pile": "C", "place": 1, "reward": 3, "moment": "fill:47",
                            "shared": False}),
        ("last_round_started", {"seat": 0, "final_turns": [1, 2]}),
    ]
    state, events = act(state, 0, die("D", 2))  # the fourth pile in the same turn
    assert [e.type for e in events] == ["bubble_filled", "pile_completed"]
    assert state.boards[0].piles_completed == 4


def test_each_other_player_takes_one_final_turn_then_the_game_ends():
    state, _ = act(three_piles_table(), 0, die("C", 3))
    state = finish_turn(state, [0, 1, 2])
    assert RULES.awaiting(state) == {1: "fill"}
    state = finish_turn(state, [1, 2, 0])
    assert RULES.awaiting(state) == {2: "fill"}
    state, _ = act(state, 1, claim(4, 0, "A"))  # a player done with turns still claims
    state, _ = act(state, 2, {"type": "done"})
    for seat in (2, 0):
        state, _ = act(state, seat, stockpile(0, 1))
    state, events = act(state, 1, stockpile(0, 1))
    assert [e.type for e in events] == ["stockpile_written", "turn_ended", "game_over"]
    assert plain(events)[-1][1] == RULES.outcome(state)
    assert RULES.awaiting(state) == {} and RULES.legal_actions(state, 1) == []
    rejects(state, 0, {"type": "done"}, "game_over")
    rejects(state, 1, claim(4, 0, "B"), "game_over")


def finish_turn(state, order):
    state, _ = act(state, order[0], {"type": "done"})
    for seat in order[:-1]:
        state, _ = act(state, seat, stockpile(0, 0))
    state, _ = act(state, order[-1], stockpile(0, 0), turn_roll([1, 1, 1, 2, 2, 10]))
    return state


def test_third_pile_completed_by_a_claim_out_of_turn():
    state = state_of(start(3) + two_piles_done(2)
                     + up_to(2, "C", 9) + next_turn(2, 0, (1, 1, 1, 2, 2, 10)))
    state, events = act(state, 2, claim(2, 0, "C"))
    assert plain(events)[-1] == ("last_round_started", {"seat": 2, "final_turns": [1, 0]})
    state = finish_turn(state, [0, 1, 2])
    assert RULES.awaiting(state) == {1: "fill"}
    state = finish_turn(state, [1, 2, 0])
    assert RULES.awaiting(state) == {0: "fill"}
    state, _ = act(state, 0, {"type": "done"})
    for seat in (0, 1):
        state, _ = act(state, seat, stockpile(0, 0))
    state, events = act(state, 2, stockpile(0, 0))
    assert events[-1].type == "game_over"


def test_single_player_game_ends_after_the_turn_of_the_third_pile():
    state = state_of(start(1) + two_piles_done(0)
                     + up_to(0, "C", 9) + next_turn(2, 0, (1, 1, SB, 2, 2, 1)))
    state, events = act(state, 0, die("C", 2))
    assert plain(events)[-1] == ("last_round_started", {"seat": 0, "final_turns": []})
    state, _ = act(state, 0, {"type": "done"})
    state, events = act(state, 0, stockpile(0, 0))
    assert [e.type for e in events] == ["stockpile_written", "turn_ended", "game_over"]


# --- scoring --------------------------------------------------------------------------------

def ended(*board_events, players=2):
    """Every Stockpile full, the last round on: done ends the game at once."""
    events = start(players) + [e for s in range(players) for e in all_full(s)]
    events += list(board_events) + next_turn(2, 0)
    events += [ev("last_round_started", seat=0, final_turns=[])]
    state, game_over = act(state_of(events), 0, {"type": "done"})
    assert game_over[-1].type == "game_over"
    return state, plain(game_over)[-1][1]


def test_score_is_stars_rewards_and_unused_skip_bos_and_rerolls():
    board = (filled(0, "A", [1, 2, 3, 4, 5, 6, SB, 8, 9, 10])
             + [ev("pile_completed", seat=0, pile="A", place=2, reward=2, moment="fill:0",
                   shared=False)]
             + filled(0, "B", [1, 2, 3, 4, SB])
             + [ev("dice_rerolled", seat=0, dice=[0], faces=[1], rerolls_left=2)]
             + [ev("skip_bo_reward_earned", seat=0, stockpile=0)] * 2
             + [ev("bubble_filled", seat=0, pile="C", bubble=1, mark=SB, star=None,
                   source={"kind": "reward_skip_bo"})])
    _, result = ended(*board)
    # seat 0: stars A5 A10 (A7, B5 crossed) 2 + 2nd reward 2 + 2 re-rolls + free 1 + reward 1
    assert result["scores"] == {"0": 2 + 2 + 2 + 1 + 1, "1": 3 + 1}
    assert result["winners"] == [0] and result["ranking"] == [[0], [1]]


def test_tie_goes_to_most_unused_skip_bos_and_rerolls():
    board = (up_to(0, "A", 7) + [ev("dice_rerolled", seat=0, dice=[0], faces=[1], rerolls_left=2)]
             + [ev("bubble_filled", seat=0, pile="B", bubble=1, mark=SB, star=None,
                   source={"kind": "free_skip_bo"})])
    _, result = ended(*board)
    # seat 0: stars A5 A7 + 2 re-rolls = 4 (2 unused); seat 1: 3 re-rolls + free Skip-Bo = 4 (4)
    assert result == {"winners": [1], "ranking": [[1], [0]], "scores": {"0": 4, "1": 4}}


def test_full_tie_is_shared():
    _, result = ended(*(up_to(0, "A", 5) + up_to(1, "B", 5)), players=3)
    assert result == {"winners": [0, 1], "ranking": [[0, 1], [2]],
                      "scores": {"0": 5, "1": 5, "2": 4}}
