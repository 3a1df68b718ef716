"""legal_actions and decide agree: over random states, a broad universe of candidate
actions is accepted by decide exactly when legal_actions lists it."""

from __future__ import annotations

import random

from games.core import IllegalAction
from games.core.legal import expand_all
from games.skip_bo_dice import RULES
from tests.support.harness import RandomDice, config, play_random

from .build import SB, act, die, ev, next_turn, rolls, start, state_of, up_to, written

SOURCES = ([{"kind": "die", "die": d} for d in range(6)]
           + [{"kind": "stockpile", "stockpile": k} for k in range(4)]
           + [{"kind": "free_skip_bo"}, {"kind": "reward_skip_bo"}])


def candidates(state):
    out = [{"type": "done"}, {"type": "resign"}]
    out += [{"type": "fill", "pile": p, "source": s} for p in "ABCD" for s in SOURCES]
    out += [{"type": "reroll", "dice": [d for d in range(6) if m >> d & 1]} for m in range(1, 64)]
    out += [{"type": "stockpile", "die": d, "stockpile": k} for d in range(6) for k in range(4)]
    out += [{"type": "claim_bonus", "turn": t, "value_index": i, "pile": p}
            for t in (state.turn - 1, state.turn) for i in range(len(state.shown) + 1)
            for p in "ABCD"]
    return out


def accepted(state, seat, action):
    try:
        RULES.decide(state, seat, action, RandomDice(random.Random(0)))
    except IllegalAction:
        return False
    return True


def test_decide_accepts_exactly_the_legal_actions():
    checked = 0
    for seed in range(6):
        game = play_random(RULES, config(RULES, 2 + seed % 3), 500 + seed, keep_states=True,
                           check_timeouts=False, out_of_turn=0.2)
        for state in game.states[::9]:
            for seat in range(game.config.players):
                legal = expand_all(RULES.legal_actions(state, seat))
                for action in candidates(state):
                    assert accepted(state, seat, action) == (action in legal), (seat, action)
                    checked += 1
    assert checked > 10_000


# --- the bound: no seat ever gets more than 100 items -------------------------------------

MAX_ITEMS = 100


def test_worst_case_for_the_active_player_lists_the_reroll_once():
    """Four piles waiting for a 5, five Skip-Bo dice and a 5 on the Bonus Die, a Skip-Bo on
    top of every Stockpile, the free Skip-Bo and a reward: every source fits every pile
    (4 x 12 fills), and all six dice may be re-rolled (63 subsets, one choice)."""
    board = [e for p in "ABCD" for e in up_to(0, p, 4)]
    board += written(0, 0, [SB] * 4) + [ev("skip_bo_reward_earned", seat=0, stockpile=0)]
    board += [e for k in (1, 2, 3) for e in written(0, k, [SB])]
    state = state_of(start(2) + board + next_turn(2, 0, (SB, SB, SB, SB, SB, 5)))
    items = RULES.legal_actions(state, 0)
    assert len(items) == 4 * 12 + 1 + 1 + 1 <= MAX_ITEMS   # fills, re-roll, done, resign
    assert [i for i in items if "choose" in i] == [{"type": "reroll", "choose": {"dice": {
        "of": [0, 1, 2, 3, 4, 5], "min_size": 1, "max_size": 6, "excluded": []}}}]
    assert len(expand_all(items)) == 4 * 12 + 63 + 1 + 1


def test_worst_case_for_a_claimant_in_the_stockpile_step():
    """A value is shown at most 8 times in a turn (the roll, a use on each of the active
    player's 4 piles, 3 re-rolls): with 4 piles waiting for it, 32 claims, plus every die
    into every Stockpile (6 x 4) in the stockpile step."""
    boards = [e for s in (0, 1) for p in "ABCD" for e in up_to(s, p, 8)]
    state = state_of(start(2) + boards + next_turn(2, 0, (1, 1, 1, 2, 2, 9)))
    for pile in "ABCD":
        state, _ = act(state, 0, die(pile, 5), rolls([5], [9]))
    for _ in range(3):
        state, _ = act(state, 0, {"type": "reroll", "dice": [5]}, rolls([5], [9]))
    assert state.shown == (9,) * 8
    assert len(RULES.legal_actions(state, 1)) == 8 * 4 + 1   # and resign
    state, _ = act(state, 0, {"type": "done"})
    items = RULES.legal_actions(state, 1)
    assert len(items) == 6 * 4 + 8 * 4 + 1 <= MAX_ITEMS
    assert all("choose" not in item for item in items)
