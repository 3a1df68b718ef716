"""Random legal play: thousands of games, every option mix, 2 to 8 players."""

from __future__ import annotations

import itertools

import pytest

from games.snake_bones.data import STARTING_COINS, STARTING_DICE
from tests.support import scale
from tests.support.harness import PlayedGame, config, play_random

from .helpers import R

MIXES = [{"ones_wild": w, "raise_rule": r}
         for w, r in itertools.product([False, True], ["quantity", "quantity_or_face"])]
GAMES_PER_CASE = scale.games(72, 8)  # 7 player counts x 4 mixes x 72 = 2,016 games
TIMEOUT_CHECKED = 12  # per case: 336 games also check every timeout action


def check_game(game: PlayedGame, players: int) -> None:
    total = STARTING_COINS * players
    dice = [STARTING_DICE] * players
    for state in game.states:
        assert sum(s.coins for s in state.seats) == total
        now = [s.dice_count for s in state.seats]
        assert all(n <= before for n, before in zip(now, dice)), "dice never come back"
        assert all(s.coins >= 0 and s.dice_count >= 0 for s in state.seats)
        dice = now
    final = game.state
    result = R.outcome(final)
    assert game.events[-1].type == "game_over" and game.events[-1].data == result
    winners = result["winners"]
    assert len(winners) == 1
    alive = [i for i, s in enumerate(final.seats) if s.dice_count > 0 and s.coins > 0]
    assert alive == winners
    assert sorted(i for group in result["ranking"] for i in group) == list(range(players))
    assert result["ranking"][0] == winners
    assert result["scores"][str(winners[0])] == players - 1
    assert R.awaiting(final) == {}
    assert all(R.legal_actions(final, s) == [] for s in range(players))


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("mix", MIXES, ids=lambda m: f"wild={m['ones_wild']}-{m['raise_rule']}")
def test_random_games_end_with_one_winner_and_conserve_coins(players: int, mix: dict) -> None:
    for seed in range(GAMES_PER_CASE):
        first = None if seed % 2 else seed % players
        cfg = config(R, players, first_player=first, **mix)
        game = play_random(R, cfg, seed * 1000 + players, keep_states=True,
                           check_timeouts=seed < TIMEOUT_CHECKED)
        check_game(game, players)
