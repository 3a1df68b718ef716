"""legal_actions and decide agree: over random states, a broad universe of candidate
actions is accepted by decide exactly when legal_actions lists it."""

from __future__ import annotations

import random

from games.core import IllegalAction
from games.skip_bo_dice import RULES
from tests.support.harness import RandomDice, config, play_random

SOURCES = ([{"kind": "die", "die": d} for d in range(6)]
           + [{"kind": "stockpile", "stockpile": k} for k in range(4)]
           + [{"kind": "free_skip_bo"}, {"kind": "reward_skip_bo"}])


def candidates(state):
    out = [{"type": "done"}]
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
                legal = RULES.legal_actions(state, seat)
                for action in candidates(state):
                    assert accepted(state, seat, action) == (action in legal), (seat, action)
                    checked += 1
    assert checked > 10_000
