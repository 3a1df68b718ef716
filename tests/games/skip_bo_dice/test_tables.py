"""The tables and remembered answers the rules read instead of working a rule out again
(engine speed, issue #34) agree with the rules they table."""

from __future__ import annotations

import itertools

from games.core.seats import seats_from
from games.skip_bo_dice import RULES
from games.skip_bo_dice.data import BUBBLES, DICE, SKIP_BO, STOCKPILE
from games.skip_bo_dice.rules import claim_waiters, claimable, unused_dice
from games.skip_bo_dice.sources import FITTING, fits
from games.skip_bo_dice.state import Board, State
from tests.support.harness import config, play_random


def test_fitting_tables_fits_for_every_face_and_bubble():
    for face in (*range(1, BUBBLES + 1), SKIP_BO):
        for bubble in range(1, BUBBLES + 1):
            assert (bubble in FITTING[face]) == fits(face, bubble), (face, bubble)


def test_unused_dice_for_every_way_the_dice_are_used():
    for used in itertools.product((False, True), repeat=len(DICE)):
        state = State(players=1, first_player=0, boards=(Board(),), used=used)
        assert unused_dice(state) == tuple(i for i, u in enumerate(used) if not u)


def test_claim_waiters_are_the_claimable_seats_of_each_state_asked():
    """The answer remembered for the state asked last is never given for another one."""
    for seed in range(4):
        game = play_random(RULES, config(RULES, 2 + seed % 3), 700 + seed, keep_states=True,
                           check_timeouts=False, out_of_turn=0.2)
        for before, state in zip(game.states, game.states[1:]):
            for asked in (before, state, state):
                window = asked.claims_awaited and asked.phase == STOCKPILE
                expected = tuple(s for s in seats_from(asked.active, asked.players)
                                 if window and s not in asked.passed and claimable(asked, s))
                assert claim_waiters(asked) == expected
