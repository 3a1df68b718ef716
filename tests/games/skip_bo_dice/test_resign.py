"""Resigning (RULINGS, "Resigning (every game)"): any seat still in play may resign, in or
out of turn. The active player's turn ends at once (its dice leave play with it: no more
stockpile choices or claims of that turn; Our choice). Another seat's pending choices are
taken as their timeouts first: its stockpile choice (the first unused die into the first
Stockpile not full), its claim wait (a pass). It leaves the turn order and the final
turns; it ranks below every player who did not resign (the later of two resigned seats
higher), its score kept for the record; one player left wins."""

from __future__ import annotations

import pytest

from games.core import IllegalAction, ScriptedDice
from games.core.bots import Rng, Seen, random_policy
from games.skip_bo_dice import RULES
from games.skip_bo_dice.bot import BOTS
from games.skip_bo_dice.state import State

from .build import (
    QUIET_ROLL, RESIGN, act, all_full, claim, completed, ev, fill, next_turn, plain, start,
    state_of, turn_roll, up_to,
)

DONE = {"type": "done"}
NEXT_ROLL = turn_roll(QUIET_ROLL)
FRESH_SCORE = 4          # 3 re-rolls and the free Skip-Bo, unused


def start_awaited(players: int) -> list:
    events = start(players)
    events[0] = ev("game_started", players=players, options={"claim_window": "awaited"},
                   first_player=0, first_player_drawn=False)
    return events


def write(die: int = 0, stockpile: int = 0) -> dict:
    return {"type": "stockpile", "die": die, "stockpile": stockpile}


def rejects(state: State, seat: int, action: dict) -> str:
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, seat, action, ScriptedDice(NEXT_ROLL))
    return err.value.code


def resigned(seat: int) -> tuple:
    return ("player_resigned", {"seat": seat})


def timed_out_write(seat: int) -> tuple:
    """The stockpile timeout: the first unused die (die 0, a 1) into Stockpile 0."""
    return ("stockpile_written", {"seat": seat, "die": 0, "value": 1, "stockpile": 0, "box": 0})


def next_turn_events(seat: int, turn: int, ended: int) -> list[tuple]:
    return [("turn_ended", {"seat": ended, "turn": turn - 1}),
            ("turn_started", {"turn": turn, "seat": seat, "dice": QUIET_ROLL})]


def game_over(winners: list, ranking: list, scores: dict) -> tuple:
    return ("game_over", {"winners": winners, "ranking": ranking,
                          "scores": {str(s): v for s, v in scores.items()}})


# --- out of turn, in the fill step ----------------------------------------------------------

def test_a_seat_may_resign_out_of_turn_and_the_fill_step_goes_on() -> None:
    state, events = act(state_of(start(3)), 1, RESIGN)
    assert plain(events) == [resigned(1)]
    assert RULES.awaiting(state) == {0: "fill"}


def test_a_resigned_seat_is_no_stockpile_chooser_and_the_turn_order_skips_it() -> None:
    state, _ = act(state_of(start(3)), 1, RESIGN)
    state, events = act(state, 0, DONE)
    assert plain(events) == [("turn_done", {"seat": 0, "choosers": [0, 2]})]
    state, _ = act(state, 0, write())
    state, events = act(state, 2, write(), NEXT_ROLL)
    assert plain(events)[1:] == next_turn_events(seat=2, turn=2, ended=0)


# --- the active player ------------------------------------------------------------------------

def test_the_active_player_resigning_in_the_fill_step_ends_the_turn() -> None:
    state, events = act(state_of(start(3)), 0, RESIGN, NEXT_ROLL)
    assert plain(events) == [resigned(0), *next_turn_events(seat=1, turn=2, ended=0)]
    assert RULES.awaiting(state) == {1: "fill"}


def test_the_active_player_resigning_in_the_stockpile_step_ends_the_turn() -> None:
    state, _ = act(state_of(start(3)), 0, DONE)
    state, _ = act(state, 1, write())
    state, events = act(state, 0, RESIGN, NEXT_ROLL)   # seat 2 had not chosen yet
    assert plain(events) == [resigned(0), *next_turn_events(seat=1, turn=2, ended=0)]


# --- a pending choice is taken as its timeout first ------------------------------------------

def test_a_resigning_chooser_writes_its_stockpile_timeout_first() -> None:
    state, _ = act(state_of(start(3)), 0, DONE)
    state, events = act(state, 1, RESIGN)
    assert plain(events) == [timed_out_write(1), resigned(1)]
    assert RULES.awaiting(state) == {0: "stockpile", 2: "stockpile"}


def test_the_last_chooser_resigning_ends_the_stockpile_step() -> None:
    state, _ = act(state_of(start(4)), 0, DONE)
    for seat in (0, 1, 2):
        state, _ = act(state, seat, write())
    state, events = act(state, 3, RESIGN, NEXT_ROLL)
    assert plain(events) == [timed_out_write(3), resigned(3),
                             *next_turn_events(seat=1, turn=2, ended=0)]


def test_a_resigning_seat_awaited_for_its_claims_passes_first() -> None:
    state, _ = act(state_of(start_awaited(3)), 0, DONE)
    for seat in (0, 1, 2):
        state, _ = act(state, seat, write())
    assert RULES.awaiting(state) == {1: "claim", 2: "claim"}   # the Bonus Die's 1 fits
    state, events = act(state, 1, RESIGN)
    assert plain(events) == [("claim_passed", {"seat": 1, "turn": 1}), resigned(1)]
    state, events = act(state, 2, {"type": "pass_claim", "turn": 1}, NEXT_ROLL)
    assert plain(events)[1:] == next_turn_events(seat=2, turn=2, ended=0)


def test_a_resigning_chooser_that_could_claim_writes_then_passes() -> None:
    state, _ = act(state_of(start_awaited(3)), 0, DONE)
    state, events = act(state, 1, RESIGN)
    assert plain(events) == [timed_out_write(1), ("claim_passed", {"seat": 1, "turn": 1}),
                             resigned(1)]
    assert 1 not in RULES.awaiting(state)


def test_with_the_open_window_nothing_is_passed() -> None:
    state, _ = act(state_of(start(3) + all_full(1)), 0, DONE)   # seat 1 chooses nothing
    state, events = act(state, 1, RESIGN)
    assert plain(events) == [resigned(1)]


def test_the_last_claim_wait_resigning_ends_the_turn() -> None:
    state, _ = act(state_of(start_awaited(3) + all_full(1)), 0, DONE)
    for seat in (0, 2):
        state, _ = act(state, seat, write())
    state, _ = act(state, 2, {"type": "pass_claim", "turn": 1})
    assert RULES.awaiting(state) == {1: "claim"}
    state, events = act(state, 1, RESIGN, NEXT_ROLL)
    assert plain(events) == [("claim_passed", {"seat": 1, "turn": 1}), resigned(1),
                             *next_turn_events(seat=2, turn=2, ended=0)]


# --- the end of the game and the ranking -----------------------------------------------------

def test_when_one_player_is_left_the_game_ends_and_that_player_wins() -> None:
    state = state_of(start(2) + up_to(1, "A", 7))            # seat 1 leads: 2 stars
    state, events = act(state, 1, RESIGN)
    over = game_over([0], [[0], [1]], {0: FRESH_SCORE, 1: FRESH_SCORE + 2})
    assert plain(events) == [resigned(1), over]
    assert RULES.awaiting(state) == {} and RULES.outcome(state) == over[1]


def test_resigned_seats_rank_below_the_others_the_later_one_higher() -> None:
    state = state_of(start(4) + up_to(1, "A", 7))            # seat 1: 2 stars, kept
    state, _ = act(state, 1, RESIGN)                         # leaves first
    state, _ = act(state, 3, RESIGN)                         # then 3
    state, events = act(state, 2, RESIGN)                    # then 2: seat 0 is left
    scores = {0: FRESH_SCORE, 1: FRESH_SCORE + 2, 2: FRESH_SCORE, 3: FRESH_SCORE}
    assert plain(events) == [resigned(2), game_over([0], [[0], [2], [3], [1]], scores)]


def test_alone_at_the_table_resigning_ends_the_game_without_a_winner() -> None:
    state, events = act(state_of(start(1)), 0, RESIGN)
    assert plain(events) == [resigned(0), game_over([], [[0]], {0: FRESH_SCORE})]


def last_round(players: int = 3) -> State:
    """Seat 0 started the last round; seat 1 plays its final turn, seat 2 is owed one."""
    events = start(players) + [ev("last_round_started", seat=0,
                                  final_turns=list(range(1, players)))]
    state = state_of(events + next_turn(2, 1))
    assert state.final_turns == tuple(range(2, players))
    return state


def test_a_resigned_seat_is_owed_no_final_turn() -> None:
    board = (completed(0, "A", 1, 3, "fill:0") + completed(0, "B", 1, 3, "fill:1")
             + up_to(0, "C", 9))
    state, _ = act(state_of(start(3) + board), 2, RESIGN)
    state, events = act(state, 0, fill("C", "free_skip_bo"))
    assert plain(events)[-1] == ("last_round_started", {"seat": 0, "final_turns": [1]})


def test_a_seat_owed_a_final_turn_that_resigns_loses_it() -> None:
    state, events = act(last_round(4), 3, RESIGN)
    assert plain(events) == [resigned(3)] and state.final_turns == (2,)


def test_resigning_in_ones_final_turn_passes_to_the_next_final_turn() -> None:
    state, events = act(last_round(4), 1, RESIGN, NEXT_ROLL)
    assert plain(events) == [resigned(1), *next_turn_events(seat=2, turn=3, ended=1)]


def test_a_resigned_seat_does_not_hold_up_the_end_of_the_last_round() -> None:
    state, _ = act(last_round(4), 2, RESIGN)
    state, _ = act(state, 3, RESIGN)
    state, _ = act(state, 1, DONE)
    state, _ = act(state, 1, write())
    state, events = act(state, 0, write())
    scores = {s: FRESH_SCORE for s in range(4)}
    assert plain(events)[-2:] == [("turn_ended", {"seat": 1, "turn": 2}),
                                  game_over([0, 1], [[0, 1], [3], [2]], scores)]


# --- never awaited again, never listed; refusals ---------------------------------------------

def test_resign_is_listed_last_for_every_seat_in_play_in_or_out_of_turn() -> None:
    piles = [e for p in "ABCD" for e in up_to(2, p, 2)]
    state = state_of(start(3) + piles)   # seat 2 cannot use the Bonus Die's 1
    assert RULES.legal_actions(state, 0)[-1] == RESIGN
    assert RULES.legal_actions(state, 1)[-1] == RESIGN        # after its claims
    assert RULES.legal_actions(state, 2) == [RESIGN]


def test_a_resigned_seat_is_never_awaited_and_has_no_legal_actions() -> None:
    state, _ = act(state_of(start_awaited(3)), 1, RESIGN)
    state, _ = act(state, 0, DONE)
    assert 1 not in RULES.awaiting(state) and RULES.legal_actions(state, 1) == []
    for seat in (0, 2):
        state, _ = act(state, seat, write())
    state, _ = act(state, 2, {"type": "pass_claim", "turn": 1}, NEXT_ROLL)
    assert RULES.awaiting(state) == {2: "fill"} and RULES.legal_actions(state, 1) == []


@pytest.mark.parametrize("action", [RESIGN, claim(1, 0, "A"), write(), DONE,
                                    {"type": "pass_claim", "turn": 1}])
def test_a_resigned_seat_posting_anything_is_not_in_play(action: dict) -> None:
    state, _ = act(state_of(start(3)), 1, RESIGN)
    assert rejects(state, 1, action) == "not_in_play"


def test_resign_when_the_game_is_over_is_game_over() -> None:
    state, _ = act(state_of(start(2)), 1, RESIGN)
    assert rejects(state, 0, RESIGN) == "game_over"


def test_the_clock_and_the_bots_never_resign() -> None:
    state, _ = act(state_of(start_awaited(2)), 0, DONE)
    for seat in (0, 1):
        assert RULES.timeout_action(state, seat)["type"] != "resign"
        seen = Seen(seat=seat, view=RULES.view(state, seat),
                    legal=RULES.legal_actions(state, seat))
        assert all(item["type"] != "resign" for item in seen.legal)
        for seed in range(10):
            assert BOTS["basic"](seen, Rng(seed))["type"] != "resign"
            assert random_policy(seen, Rng(seed))["type"] != "resign"


def test_the_view_marks_resigned_seats() -> None:
    state, _ = act(state_of(start(3)), 2, RESIGN)
    assert [s["resigned"] for s in RULES.view(state, None)["seats"]] == [False, False, True]
