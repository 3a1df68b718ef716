"""Claims in slow games (issue #16): with the claim window "awaited" (the default of the
games created since), once the active player is done every other seat that can still
claim a Bonus Die value of the turn is awaited, with its clock, until it claims or
passes; a timeout passes. Games created before (options {}) keep the open window, and
their stored batches still decide the same events."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.core import GameConfig, IllegalAction, ScriptedDice
from games.skip_bo_dice import RULES
from games.skip_bo_dice.rules import claimable
from games.skip_bo_dice.state import State
from tests.support.harness import RandomDice, config, play_random

from .build import (
    QUIET_ROLL,
    act,
    all_full,
    claim,
    ev,
    plain,
    start,
    state_of,
    turn_roll,
    up_to,
)

DONE = {"type": "done"}
NEXT_ROLL = turn_roll(QUIET_ROLL)
AWAITED = {"claim_window": "awaited"}


def pass_claim(turn: int) -> dict:
    return {"type": "pass_claim", "turn": turn}


def start_awaited(players: int, first: int = 0, dice=QUIET_ROLL) -> list:
    events = start(players, first, dice)
    events[0] = ev("game_started", players=players, options=AWAITED, first_player=first,
                   first_player_drawn=False)
    return events


def rejects(state: State, seat: int, action: dict, code: str) -> None:
    with pytest.raises(IllegalAction) as err:
        RULES.decide(state, seat, action, ScriptedDice(NEXT_ROLL))
    assert err.value.code == code


def absent_claimer(window_awaited: bool) -> State:
    """Turn 1, seat 0 rolled a Bonus Die 1; seat 1 (all Stockpiles full, so never a
    stockpile chooser) could write that 1 into any empty pile."""
    opening = start_awaited(2) if window_awaited else start(2)
    return state_of(opening + all_full(1))


def test_new_games_wait_for_claims_and_old_games_keep_the_open_window() -> None:
    assert RULES.setup(config(RULES, 2), ScriptedDice(NEXT_ROLL))[0].data["options"] == AWAITED
    old = RULES.setup(GameConfig(players=2, first_player=0), ScriptedDice(NEXT_ROLL))
    assert old[0].data["options"] == {}  # what a stored game's setup decides again
    assert RULES.view(absent_claimer(True), 0)["claim_window"] == "awaited"
    assert RULES.view(absent_claimer(False), 0)["claim_window"] == "open"


def test_done_awaits_every_seat_that_can_claim_until_it_claims() -> None:
    state = absent_claimer(True)
    assert RULES.awaiting(state) == {0: "fill"}  # claims are free during the fill step
    state, events = act(state, 0, DONE)
    assert plain(events) == [("turn_done", {"seat": 0, "choosers": [0]})]
    assert RULES.awaiting(state) == {0: "stockpile", 1: "claim"}
    state, events = act(state, 0, {"type": "stockpile", "die": 0, "stockpile": 0})
    assert [e.type for e in events] == ["stockpile_written"]  # the turn waits for seat 1
    assert RULES.awaiting(state) == {1: "claim"}
    assert pass_claim(1) in RULES.legal_actions(state, 1)
    state, events = act(state, 1, claim(1, 0, "A"), NEXT_ROLL)
    assert [e.type for e in events] == ["bubble_filled", "turn_ended", "turn_started"]
    assert RULES.awaiting(state) == {1: "fill"}


def test_a_seat_passes_or_its_clock_passes_for_it() -> None:
    state, _ = act(absent_claimer(True), 0, DONE)
    state, _ = act(state, 0, {"type": "stockpile", "die": 0, "stockpile": 0})
    assert RULES.timeout_action(state, 1) == pass_claim(1)
    after, events = act(state, 1, pass_claim(1), NEXT_ROLL)
    assert plain(events)[0] == ("claim_passed", {"seat": 1, "turn": 1})
    assert [e.type for e in events[1:]] == ["turn_ended", "turn_started"]
    view = RULES.view(state, None)
    assert view["awaiting"] == {"1": "claim"} and view["claims_passed"] == []


def test_the_open_window_of_old_games_closes_without_waiting() -> None:
    """Games created before the option: one `done` (and the last stockpile choice) ends
    the turn, as the stored games recorded it."""
    state, _ = act(absent_claimer(False), 0, DONE)
    assert RULES.awaiting(state) == {0: "stockpile"}
    assert pass_claim(1) not in RULES.legal_actions(state, 1)
    rejects(state, 1, pass_claim(1), "claims_not_awaited")
    state, events = act(state, 0, {"type": "stockpile", "die": 0, "stockpile": 0}, NEXT_ROLL)
    assert [e.type for e in events] == ["stockpile_written", "turn_ended", "turn_started"]


def test_a_seat_stays_awaited_while_a_claim_opens_another() -> None:
    """Values 3 then 4 were shown; seat 1 waits at bubble 3 of pile A: claiming the 3
    makes the 4 fit, so it is still awaited."""
    opening = start_awaited(2, 0, (1, 1, 1, 2, 2, 3))
    state = state_of(opening + all_full(1) + up_to(1, "A", 2) + [
        ev("bubble_filled", seat=0, pile="A", bubble=1, mark=3, star=None,
           source={"kind": "die", "die": 5})] + [
        ev("bonus_die_rolled", seat=0, value=4, value_index=1)])
    state, _ = act(state, 0, DONE)
    state, _ = act(state, 0, {"type": "stockpile", "die": 0, "stockpile": 0})
    state, events = act(state, 1, claim(1, 0, "A"))
    assert [e.type for e in events] == ["bubble_filled"]
    assert RULES.awaiting(state) == {1: "claim"}
    state, events = act(state, 1, claim(1, 1, "A"), NEXT_ROLL)
    assert [e.type for e in events] == ["bubble_filled", "turn_ended", "turn_started"]


def test_pass_claim_is_refused_where_there_is_nothing_to_pass() -> None:
    fill_step = absent_claimer(True)
    rejects(fill_step, 1, pass_claim(1), "not_stockpile_step")
    rejects(fill_step, 0, pass_claim(1), "own_bonus_die")
    rejects(fill_step, 1, pass_claim(0), "claim_window_closed")
    rejects(fill_step, 1, pass_claim(2), "no_such_turn")
    state, _ = act(fill_step, 0, DONE)
    state, _ = act(state, 1, pass_claim(1))
    rejects(state, 1, pass_claim(1), "already_passed")
    nothing = state_of(start_awaited(3) + all_full(1) + all_full(2) + up_to(2, "A", 4)
                       + up_to(2, "B", 4) + up_to(2, "C", 4) + up_to(2, "D", 4))
    nothing, _ = act(nothing, 0, DONE)
    assert RULES.awaiting(nothing) == {0: "stockpile", 1: "claim"}
    rejects(nothing, 2, pass_claim(1), "nothing_to_claim")


def test_with_nobody_to_choose_or_claim_done_ends_the_turn_at_once() -> None:
    state = state_of(start_awaited(2) + all_full(0) + all_full(1) + up_to(1, "A", 4)
                     + up_to(1, "B", 4) + up_to(1, "C", 4) + up_to(1, "D", 4))
    state, events = act(state, 0, DONE, NEXT_ROLL)
    assert [e.type for e in events] == ["turn_done", "turn_ended", "turn_started"]


def test_no_seat_loses_a_claim_it_could_make_when_a_turn_ends() -> None:
    """Random play (moves by unawaited seats too): whenever a turn ends, every other seat
    has passed or has nothing left to claim."""
    passes = 0
    for seed in range(12):
        game = play_random(RULES, config(RULES, 2 + seed % 3, first_player=None), seed,
                           keep_states=True, check_timeouts=seed < 3, out_of_turn=0.2)
        offset = len(game.events) - len(game.states)
        for i, event in enumerate(game.events[offset:]):
            if event.type != "turn_ended" or i == 0:
                continue
            before = game.states[i - 1]
            for seat in range(before.players):
                assert seat == before.active or seat in before.passed or not claimable(
                    before, seat), (seed, event.data, seat)
        passes += sum(e.type == "claim_passed" for e in game.events)
    assert passes > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_timeouts_alone_keep_the_turns_going(players: int) -> None:
    """A claim window that times out is a pass: with every seat absent, each turn still
    ends after at most one timeout per seat and kind (the abandoned-game rule then ends
    a game nobody plays)."""
    rng = random.Random(players)
    state = None
    for event in RULES.setup(config(RULES, players), RandomDice(rng)):
        state = RULES.evolve(state, event)
    for turn in range(1, 13):
        assert state.turn == turn
        for _ in range(2 * players + 1):
            if state.turn != turn:
                break
            seat = min(RULES.awaiting(state))
            action = RULES.timeout_action(state, seat)
            for event in RULES.decide(state, seat, action, RandomDice(rng)):
                state = RULES.evolve(state, event)
        assert state.turn == turn + 1


STORED = json.loads((Path(__file__).parent / "stored_open_window_games.json").read_text())


class Draws:
    """A batch's recorded dice, in order (as the verifier hands them out)."""

    def __init__(self, draws: list) -> None:
        self.draws = list(draws)

    def roll(self, sides: int) -> int:
        recorded, value = self.draws.pop(0)
        assert recorded == sides
        return value


@pytest.mark.parametrize("game", STORED["games"], ids=lambda g: f"{g['players']}p")
def test_games_stored_before_the_option_decide_the_same_events_today(game: dict) -> None:
    """Streams recorded by the rules of before (options {}): today's setup and decide,
    given each batch's command and dice, decide exactly the stored events, as the
    verifier (games/verify/replay.py) requires, including the turns whose `done` or
    last stockpile choice closed the window on a seat that could still claim."""
    state = None
    closed_on_a_claimer = 0
    for batch in game["batches"]:
        command, dice = batch["command"], Draws(batch["draws"])
        if "setup" in command:
            setup = command["setup"]
            decided = RULES.setup(GameConfig(players=setup["players"], options=setup["options"],
                                             first_player=setup["first_player"]), dice)
        else:
            decided = RULES.decide(state, command["seat"], command["action"], dice)
        assert [e.to_json() for e in decided] == batch["events"] and not dice.draws
        for event in decided:
            if event.type == "turn_ended":
                closed_on_a_claimer += any(claimable(state, s) for s in range(state.players))
            state = RULES.evolve(state, event)
    assert RULES.outcome(state) == game["outcome"]
    assert closed_on_a_claimer > 0
