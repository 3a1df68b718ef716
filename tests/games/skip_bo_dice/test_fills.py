"""Given/when/then: filling Build Piles from dice, Stockpiles and Skip-Bos; re-rolls."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.core.legal import expand_all
from games.skip_bo_dice import RULES
from tests.support.harness import config, given

from .build import (
    SB, act, all_full, die, ev, fill, next_turn, plain, rolls, start, state_of, turn_roll, up_to,
    written,
)


def rejects(state, seat, action, code):
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, seat, action, None)
    assert err.value.code == code


def test_setup_named_first_player_rolls_all_six_dice():
    _, events = given(RULES, config(RULES, 3, first_player=2), turn_roll([9, SB, 1, 10, 2, 7]))
    assert plain(events) == [
        ("game_started", {"players": 3, "options": {"claim_window": "awaited"}, "first_player": 2,
                          "first_player_drawn": False}),
        ("turn_started", {"turn": 1, "seat": 2, "dice": [9, SB, 1, 10, 2, 7]}),
    ]


def test_setup_first_player_drawn_with_a_die_and_recorded():
    state, events = given(RULES, config(RULES, 4, first_player=None), [3] + QUIET)
    assert plain(events)[0] == ("game_started", {
        "players": 4, "options": {"claim_window": "awaited"}, "first_player": 2,
        "first_player_drawn": True})
    assert RULES.awaiting(state) == {2: "fill"}


QUIET = turn_roll([1, 1, 1, 2, 2, 1])


def turn(*board_events, dice=(3, 7, SB, 4, 6, 9), players=1):
    return state_of(start(players) + list(board_events) + next_turn(2, 0, dice))


def test_bubbles_fill_strictly_in_order():
    state = turn(*up_to(0, "A", 3))
    rejects(state, 0, die("A", 1), "number_does_not_fit")  # a 7 cannot go on bubble 4
    rejects(state, 0, die("B", 0), "number_does_not_fit")  # a 3 cannot go on bubble 1
    state, events = act(state, 0, die("A", 3))
    assert plain(events)[0][1]["bubble"] == 4


def test_number_collects_the_star_over_its_bubble():
    state = turn(*up_to(0, "A", 6))
    _, events = act(state, 0, die("A", 1))
    assert plain(events)[0][1]["star"] == "collected"


def test_skip_bo_writes_s_and_crosses_out_the_star():
    state = turn(*up_to(0, "A", 4))
    state, events = act(state, 0, die("A", 2))
    assert plain(events) == [("bubble_filled", {
        "seat": 0, "pile": "A", "bubble": 5, "mark": SB, "star": "crossed",
        "source": {"kind": "die", "die": 2}})]
    assert RULES.view(state, 0)["seats"][0]["stars_collected"] == 0


def test_one_die_per_bubble():
    state = turn(*up_to(0, "A", 2))
    state, _ = act(state, 0, die("A", 0))
    rejects(state, 0, die("B", 0), "die_already_used")


def test_bonus_die_is_rolled_again_each_time_its_number_is_used():
    state = turn(*up_to(0, "A", 8), dice=(1, 1, 1, 2, 2, 9))
    state, events = act(state, 0, die("A", 5), rolls([5], [10]))
    assert plain(events)[-1] == ("bonus_die_rolled", {"seat": 0, "value": 10, "value_index": 1})
    state, events = act(state, 0, die("A", 5), rolls([5], [4]))  # no limit to the chain
    assert [e.type for e in events] == ["bubble_filled", "pile_completed", "bonus_die_rolled"]
    assert state.used[5] is False and state.shown == (9, 10, 4)


def test_stockpile_top_number_first():
    state = turn(*up_to(0, "A", 4), *written(0, 1, [5, 6]))
    rejects(state, 0, fill("A", "stockpile", stockpile=1), "number_does_not_fit")  # 5 under 6
    state, _ = act(state, 0, die("A", 2))  # the Skip-Bo on bubble 5 instead
    state, events = act(state, 0, fill("A", "stockpile", stockpile=1))
    assert plain(events)[0][1]["source"] == {"kind": "stockpile", "stockpile": 1, "box": 1}
    rejects(state, 0, fill("A", "stockpile", stockpile=1), "number_does_not_fit")  # 5 on top


def test_stockpile_used_number_stays_crossed_and_new_numbers_go_above():
    state = turn(*up_to(0, "A", 4), *written(0, 0, [3, 5]))
    state, events = act(state, 0, fill("A", "stockpile", stockpile=0))
    assert plain(events)[0][1]["source"] == {"kind": "stockpile", "stockpile": 0, "box": 1}
    state, _ = act(state, 0, {"type": "done"})
    state, _ = act(state, 0, {"type": "stockpile", "die": 0, "stockpile": 0}, QUIET)
    assert [(b.value, b.used) for b in state.boards[0].stockpiles[0]] == [
        (3, False), (5, True), (3, False)]  # the die 0 showed a 3
    assert RULES.view(state, 0)["seats"][0]["stockpiles"][0]["top"] == 3


def test_stockpile_with_nothing_unused_cannot_be_used():
    state = turn(*up_to(0, "A", 4))
    rejects(state, 0, fill("A", "stockpile", stockpile=2), "stockpile_empty")
    rejects(state, 0, fill("A", "stockpile", stockpile=4), "no_such_stockpile")


def test_skip_bo_written_in_a_stockpile_is_wild():
    state = turn(*up_to(0, "A", 6), *written(0, 3, [SB]))
    _, events = act(state, 0, fill("A", "stockpile", stockpile=3))
    assert plain(events)[0][1]["mark"] == SB and plain(events)[0][1]["star"] == "crossed"


def test_free_skip_bo_once_per_game():
    state = turn()
    state, events = act(state, 0, fill("C", "free_skip_bo"))
    assert plain(events)[0][1] == {"seat": 0, "pile": "C", "bubble": 1, "mark": SB, "star": None,
                                   "source": {"kind": "free_skip_bo"}}
    rejects(state, 0, fill("C", "free_skip_bo"), "free_skip_bo_used")


def test_full_stockpile_earns_a_skip_bo_reward_for_a_future_turn():
    state = state_of(start(1) + written(0, 2, [1, 1, 1]) + [ev("turn_done", seat=0, choosers=[0])])
    state, events = act(state, 0, {"type": "stockpile", "die": 0, "stockpile": 2},
                        turn_roll([1, 1, 1, 2, 2, 1]))
    assert plain(events)[:2] == [
        ("stockpile_written", {"seat": 0, "die": 0, "value": 1, "stockpile": 2, "box": 3}),
        ("skip_bo_reward_earned", {"seat": 0, "stockpile": 2}),
    ]
    state, events = act(state, 0, fill("D", "reward_skip_bo"))
    assert plain(events)[0][1]["mark"] == SB
    rejects(state, 0, fill("D", "reward_skip_bo"), "no_skip_bo_reward")
    assert RULES.view(state, 0)["seats"][0]["skip_bo_rewards"] == {
        "earned": 1, "used": 1, "available": 0}


def test_no_reward_without_a_full_stockpile():
    rejects(turn(), 0, fill("A", "reward_skip_bo"), "no_skip_bo_reward")


def test_three_rerolls_of_unused_dice():
    state = turn(*up_to(0, "A", 2))
    state, _ = act(state, 0, die("A", 0))
    rejects(state, 0, {"type": "reroll", "dice": [0, 1]}, "die_already_used")
    for left in (2, 1, 0):
        state, events = act(state, 0, {"type": "reroll", "dice": [1, 5]}, rolls([1, 5], [9, 4]))
        assert plain(events) == [("dice_rerolled", {"seat": 0, "dice": [1, 5], "faces": [9, 4],
                                                    "rerolls_left": left})]
    assert state.shown == (9, 4, 4, 4)  # every Bonus Die value shown is called out
    rejects(state, 0, {"type": "reroll", "dice": [1]}, "no_rerolls_left")
    assert not [a for a in RULES.legal_actions(state, 0) if a["type"] == "reroll"]


def test_reroll_lists_every_subset_of_unused_dice():
    state = turn()
    state, _ = act(state, 0, fill("A", "free_skip_bo"))
    state, _ = act(state, 0, die("B", 2))
    items = [a for a in RULES.legal_actions(state, 0) if a["type"] == "reroll"]
    assert items == [{"type": "reroll", "choose": {"dice": {
        "of": [0, 1, 3, 4, 5], "min_size": 1, "max_size": 5, "excluded": []}}}]
    rerolls = [a["dice"] for a in expand_all(items)]
    assert len(rerolls) == 31 and [0, 1, 3, 4, 5] in rerolls and [2] not in rerolls


def test_completed_pile_takes_no_more_bubbles():
    state = turn(*up_to(0, "A", 10))
    rejects(state, 0, fill("A", "free_skip_bo"), "pile_complete")


def test_all_stockpiles_full_players_skip_the_stockpile_step():
    state = state_of(start(2) + all_full(1) + next_turn(2, 0))
    _, events = act(state, 0, {"type": "done"})
    assert plain(events) == [("turn_done", {"seat": 0, "choosers": [0]})]
    state = state_of(start(2) + all_full(0) + all_full(1) + next_turn(2, 0))
    _, events = act(state, 0, {"type": "done"}, QUIET)
    assert plain(events) == [("turn_done", {"seat": 0, "choosers": []}),
                             ("turn_ended", {"seat": 0, "turn": 2}),
                             ("turn_started", {"turn": 3, "seat": 1, "dice": [1, 1, 1, 2, 2, 1]})]
