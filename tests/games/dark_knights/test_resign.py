"""Resigning (RULINGS, "Resigning (every game)"): any seat still in play may resign, in or
out of turn; in its own turn the turn ends there, nothing banked; it leaves the turn
order and the final round's last turns; it ranks below every player who did not resign
(the later of two resigned seats higher), its score kept; one player left wins."""

from __future__ import annotations

import random

import pytest

from games.core.bots import Seen, random_policy, Rng
from games.dark_knights.bot import BOTS
from games.dark_knights.state import State
from tests.support.harness import config, play_random, when

from .helpers import HOLD, RESIGN, ROLL, R, event, new, rejects, set_aside, start

BUST = [2, 3, 4, 5, 6, 1]      # dark 2 3 4, light 5 6 and ace (10): nothing matches
FIFTY = [2, 4, 6, 5, 5, 3]     # two light 5s (dice 3, 4): a clean 50


def bank_fifty(state: State, seat: int) -> State:
    state, _ = when(R, state, seat, ROLL, FIFTY)
    state, _ = when(R, state, seat, set_aside(new(3, 4)))
    state, _ = when(R, state, seat, HOLD)
    return state


def bust(state: State, seat: int) -> State:
    state, _ = when(R, state, seat, ROLL, BUST)
    return state


def resigned(seat: int) -> object:
    return event("player_resigned", {"seat": seat})


def turn(seat: int, last_turn: bool = False) -> object:
    return event("turn_started", {"seat": seat, "last_turn": last_turn})


# --- in turn and out of turn --------------------------------------------------------------

def test_a_seat_may_resign_out_of_turn_and_the_turn_goes_on() -> None:
    state, events = when(R, start(3), 1, RESIGN)
    assert events == [resigned(1)]
    assert R.awaiting(state) == {0: "roll"} and state.current == 0


def test_the_turn_order_skips_a_resigned_seat() -> None:
    state, _ = when(R, start(3), 1, RESIGN)
    state, events = when(R, state, 0, ROLL, BUST)
    assert events[-1] == turn(2)
    state = bust(state, 2)
    assert state.current == 0


def test_resigning_at_the_start_of_ones_turn_passes_the_dice() -> None:
    state, events = when(R, start(3), 0, RESIGN)
    assert events == [resigned(0), turn(1)]
    assert R.awaiting(state) == {1: "roll"}


def test_resigning_after_a_roll_ends_the_turn() -> None:
    state, _ = when(R, start(3), 0, ROLL, FIFTY)
    state, events = when(R, state, 0, RESIGN)
    assert events == [resigned(0), turn(1)]
    assert state.table == () and state.combinations == ()


def test_resigning_with_dice_set_aside_ends_the_turn_nothing_banked() -> None:
    state, _ = when(R, start(3), 0, ROLL, FIFTY)
    state, _ = when(R, state, 0, set_aside(new(3, 4)))
    assert R.awaiting(state) == {0: "roll_or_hold"}
    state, events = when(R, state, 0, RESIGN)
    assert events == [resigned(0), turn(1)]
    assert state.scores == (0, 0, 0) and state.turn_total == 0


def test_resigning_after_a_roll_through_banks_nothing() -> None:
    state = bank_fifty(start(3), 0)                  # seat 0 has 50
    state, _ = when(R, state, 1, ROLL, [3, 3, 3, 6, 6, 6])
    state, _ = when(R, state, 1, set_aside(new(0, 1, 2), new(3, 4, 5)))
    assert state.turn_total > 0
    state, events = when(R, state, 1, RESIGN)
    assert events == [resigned(1), turn(2)]
    assert state.scores == (50, 0, 0)


# --- the end of the game and the ranking -------------------------------------------------

def test_when_one_player_is_left_the_game_ends_and_that_player_wins() -> None:
    state = bank_fifty(start(2), 0)                  # seat 0 leads with 50
    state, events = when(R, state, 0, RESIGN)        # out of turn: seat 1 is to roll
    result = {"winners": [1], "ranking": [[1], [0]], "scores": {"0": 50, "1": 0}}
    assert events == [resigned(0), event("game_over", result)]
    assert R.outcome(state) == result and R.awaiting(state) == {}


def test_resigning_in_ones_own_turn_with_one_player_left_ends_the_game() -> None:
    state, _ = when(R, start(2), 0, ROLL, FIFTY)
    state, _ = when(R, state, 0, set_aside(new(3, 4)))
    state, events = when(R, state, 0, RESIGN)
    result = {"winners": [1], "ranking": [[1], [0]], "scores": {"0": 0, "1": 0}}
    assert events == [resigned(0), event("game_over", result)]


def test_the_ranking_puts_resigned_seats_last_in_reverse_order_of_leaving() -> None:
    state = bank_fifty(start(4, target=100), 0)      # 0: 50, seat 1 to play
    state, _ = when(R, state, 1, RESIGN)             # 1 leaves first
    state = bank_fifty(state, 2)                     # 2: 50, seat 3 to play
    state, _ = when(R, state, 2, RESIGN)             # 2 leaves later
    state = bust(state, 3)                           # 3: 0
    state, events = when(R, state, 0, ROLL, FIFTY)
    state, _ = when(R, state, 0, set_aside(new(3, 4)))
    state, events = when(R, state, 0, HOLD)          # 0 reaches 100 and wins
    result = {"winners": [0], "ranking": [[0], [3], [2], [1]],
              "scores": {"0": 100, "1": 0, "2": 50, "3": 0}}
    assert events[-1] == event("game_over", result)
    assert R.outcome(state) == result


def test_a_resigned_seat_keeps_its_score_for_the_record_and_ranks_below_lower_scores() -> None:
    state = bank_fifty(start(3), 0)                  # 0: 50, seat 1 to play
    state, _ = when(R, state, 0, RESIGN)
    state, events = when(R, state, 1, RESIGN)       # one player left: seat 2
    result = {"winners": [2], "ranking": [[2], [1], [0]],
              "scores": {"0": 50, "1": 0, "2": 0}}
    assert events == [resigned(1), event("game_over", result)]


def test_alone_at_the_table_resigning_ends_the_game_without_a_winner() -> None:
    state, events = when(R, start(1), 0, RESIGN)
    result = {"winners": [], "ranking": [[0]], "scores": {"0": 0}}
    assert events == [resigned(0), event("game_over", result)]


# --- the final round ----------------------------------------------------------------------

def final_round(players: int = 3) -> State:
    """Seat 0 reached the target (50): seats 1, 2, ... are owed a last turn."""
    state = bank_fifty(start(players, target=50, final_round=True), 0)
    assert state.last_turns == tuple(range(1, players)) and state.current == 1
    return state


def test_a_seat_owed_a_last_turn_that_resigns_loses_it() -> None:
    state, events = when(R, final_round(), 2, RESIGN)
    assert events == [resigned(2)] and state.last_turns == (1,)
    state, events = when(R, state, 1, ROLL, BUST)
    result = {"winners": [0], "ranking": [[0], [1], [2]],
              "scores": {"0": 50, "1": 0, "2": 0}}
    assert events[-1] == event("game_over", result)


def test_resigning_in_ones_last_turn_passes_to_the_next_last_turn() -> None:
    state, events = when(R, final_round(4), 1, RESIGN)
    assert events == [resigned(1), turn(2, last_turn=True)]
    assert state.last_turns == (2, 3)


def test_a_resigned_seat_does_not_block_the_final_rounds_end() -> None:
    state = bust(final_round(4), 1)                  # 2 then 3 are owed a last turn
    state, _ = when(R, state, 3, RESIGN)             # 3 leaves out of turn
    state, events = when(R, state, 2, RESIGN)        # 2 leaves in its last turn
    result = {"winners": [0], "ranking": [[0], [1], [2], [3]],
              "scores": {"0": 50, "1": 0, "2": 0, "3": 0}}
    assert events == [resigned(2), event("game_over", result)]


def test_the_seat_that_reached_the_target_may_resign_and_the_last_turns_go_on() -> None:
    state, events = when(R, final_round(3), 0, RESIGN)
    assert events == [resigned(0)] and state.last_turns == (1, 2)
    state = bust(state, 1)
    state = bank_fifty(state, 2)
    result = {"winners": [2], "ranking": [[2], [1], [0]],
              "scores": {"0": 50, "1": 0, "2": 50}}
    assert R.outcome(state) == result


# --- never awaited again, never listed; refusals ------------------------------------------

def test_resign_is_listed_for_every_seat_in_play_in_or_out_of_turn() -> None:
    state, _ = when(R, start(3), 0, ROLL, FIFTY)
    assert R.legal_actions(state, 0)[-1] == RESIGN
    assert R.legal_actions(state, 1) == [RESIGN] == R.legal_actions(state, 2)


def test_a_resigned_seat_is_never_awaited_and_has_no_legal_actions() -> None:
    state, _ = when(R, start(3), 1, RESIGN)
    for _ in range(4):
        assert 1 not in R.awaiting(state) and R.legal_actions(state, 1) == []
        state = bust(state, state.current)
    assert state.current in (0, 2)


def test_a_second_resign_is_not_in_play() -> None:
    state, _ = when(R, start(3), 1, RESIGN)
    assert rejects(state, 1, RESIGN) == "not_in_play"


@pytest.mark.parametrize("action", [ROLL, HOLD, set_aside(new(3, 4))])
def test_a_resigned_seat_posting_anything_is_not_in_play(action: dict) -> None:
    state, _ = when(R, start(3), 0, RESIGN)
    assert rejects(state, 0, action) == "not_in_play"


def test_resign_when_the_game_is_over_is_game_over() -> None:
    state, _ = when(R, start(2), 0, RESIGN)
    assert rejects(state, 1, RESIGN) == "game_over"


def test_the_clock_never_resigns() -> None:
    state, _ = when(R, start(2), 0, ROLL, FIFTY)
    assert R.timeout_action(state, 0) != RESIGN


def test_bots_never_resign() -> None:
    state, _ = when(R, start(2), 0, ROLL, FIFTY)
    seen = Seen(seat=1, view=R.view(state, 1), legal=R.legal_actions(state, 1))
    assert seen.legal == () and seen.actions() == []
    mine = Seen(seat=0, view=R.view(state, 0), legal=R.legal_actions(state, 0))
    for seed in range(20):
        assert BOTS["basic"](mine, Rng(seed))["type"] != "resign"
        assert random_policy(mine, Rng(seed))["type"] != "resign"


def test_the_view_marks_resigned_seats() -> None:
    state, _ = when(R, start(3), 2, RESIGN)
    assert [s["resigned"] for s in R.view(state, None)["seats"]] == [False, False, True]


# --- random play with resignations ---------------------------------------------------------

def check_resigned_outcome(state: State, order: list[int]) -> None:
    """Resigned seats last, the later one higher; the others by banked score."""
    result = R.outcome(state)
    assert result is not None
    assert result["scores"] == {str(s): v for s, v in enumerate(state.scores)}
    playing = [s for s in range(state.players) if s not in order]
    ranking = result["ranking"]
    assert ranking[len(ranking) - len(order):] == [[s] for s in reversed(order)]
    kept = ranking[:len(ranking) - len(order)]
    assert sorted(s for g in kept for s in g) == playing
    levels = [{state.scores[s] for s in group} for group in kept]
    assert all(len(level) == 1 for level in levels)
    assert [min(level) for level in levels] == sorted({state.scores[s] for s in playing},
                                                      reverse=True)
    assert result["winners"] == (kept[0] if kept else [])
    if len(playing) > 1:   # the game ended by its own rules
        assert max(state.scores[s] for s in result["winners"]) >= state.target or \
            state.target_reached_by is not None


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_with_resignations_end_with_a_valid_outcome(chunk: int) -> None:
    rng = random.Random(chunk)
    resignations = 0
    for i in range(chunk * 60, chunk * 60 + 60):
        players = 1 + i % 8
        cfg = config(R, players, first_player=None, target=rng.choice((100, 200, 300)),
                     final_round=i % 2 == 1)
        game = play_random(R, cfg, seed=50_000 + i, keep_states=True,
                           check_timeouts=i % 4 == 0, resign=0.02)
        order = [e.data["seat"] for e in game.events if e.type == "player_resigned"]
        resignations += len(order)
        assert len(set(order)) == len(order)
        check_resigned_outcome(game.state, order)
        # banked scores change only by a hold; a resigned seat never acts again
        gone: set[int] = set()
        for e in game.events:
            if e.type == "player_resigned":
                gone.add(e.data["seat"])
            elif "seat" in e.data:
                assert e.data["seat"] not in gone, (e.type, e.data)
        held = [0] * players
        for e in game.events:
            if e.type == "turn_held":
                held[e.data["seat"]] = e.data["score"]
        assert tuple(held) == game.state.scores
    assert resignations > 20
