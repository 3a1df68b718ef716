"""Random legal play: thousands of games, every option mix, 2 to 8 players."""

from __future__ import annotations

import itertools

import pytest

from games.snake_bones.data import STARTING_COINS, STARTING_DICE
from games.snake_bones.state import State
from tests.support import scale
from tests.support.harness import PlayedGame, config, play_random

from .helpers import R

MIXES = [{"ones_wild": w, "raise_rule": r}
         for w, r in itertools.product([False, True], ["quantity", "quantity_or_face"])]
GAMES_PER_CASE = scale.games(72, 8)  # 7 player counts x 4 mixes x 72 = 2,016 games
TIMEOUT_CHECKED = 12  # per case: 336 games also check every timeout action


RESIGNING = 0.01  # share of the steps where a random seat in play resigns


def check_game(game: PlayedGame, players: int) -> None:
    total = STARTING_COINS * players
    dice = [STARTING_DICE] * players
    gone = 0  # coins of resigned seats: they leave the game
    for event, state in zip(game.events[-len(game.states):], game.states):
        if event.type == "player_resigned":
            gone += event.coins
        assert sum(state.coins) + gone == total
        now = list(state.dice_counts)
        assert all(n <= before for n, before in zip(now, dice)), "dice never come back"
        assert all(c >= 0 for c in state.coins) and all(n >= 0 for n in now)
        check_kept_counts(state)
        dice = now
    final = game.state
    result = R.outcome(final)
    assert game.events[-1].type == "game_over" and game.events[-1].data == result
    winners = result["winners"]
    assert len(winners) == 1
    alive = [i for i in range(players) if final.dice_counts[i] > 0 and final.coins[i] > 0]
    assert alive == winners
    assert sorted(i for group in result["ranking"] for i in group) == list(range(players))
    assert result["ranking"][0] == winners
    assert result["scores"][str(winners[0])] == players - 1
    assert R.awaiting(final) == {}
    assert all(R.legal_actions(final, s) == [] for s in range(players))
    resigned = {e.seat: e.round for e in game.events if e.type == "player_resigned"}
    for seat, round_ in resigned.items():  # ranked as if out in the round it resigned
        place = next(i for i, group in enumerate(result["ranking"]) if seat in group)
        assert result["ranking"][place] == [seat], "nobody goes out in a voided round"
        assert final.seats[seat].out_round == round_
        assert all(final.seats[s].out_round < round_ for g in result["ranking"][place + 1:]
                   for s in g)


def check_kept_counts(state: State) -> None:
    """The fields the folds keep rather than count (`active`, `dice_in_play`) are what
    counting the seats gives."""
    assert state.active == tuple(i for i, s in enumerate(state.seats) if s.out_round is None)
    in_play = [n for n, s in zip(state.dice_counts, state.seats) if s.out_round is None]
    assert state.dice_in_play == sum(in_play)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("mix", MIXES, ids=lambda m: f"wild={m['ones_wild']}-{m['raise_rule']}")
def test_random_games_end_with_one_winner_and_conserve_coins(players: int, mix: dict) -> None:
    for seed in range(GAMES_PER_CASE):
        first = None if seed % 2 else seed % players
        cfg = config(R, players, first_player=first, **mix)
        game = play_random(R, cfg, seed * 1000 + players, keep_states=True,
                           check_timeouts=seed < TIMEOUT_CHECKED)
        check_game(game, players)


@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_with_resignations_end_with_one_winner_and_account_for_coins(
        players: int) -> None:
    resignations = 0
    for seed in range(GAMES_PER_CASE // 2):
        cfg = config(R, players, first_player=None if seed % 2 else 0, **MIXES[seed % 4])
        game = play_random(R, cfg, seed * 1000 + players + 7, keep_states=True,
                           check_timeouts=seed < TIMEOUT_CHECKED, resign=RESIGNING)
        check_game(game, players)
        resignations += sum(e.type == "player_resigned" for e in game.events)
    assert resignations >= (1 if scale.FAST else 5)   # the fast loop plays 4 games a case
