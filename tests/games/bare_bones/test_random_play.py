"""Random legal play audited by an independent reading of the public events.

Every game ends; the number of cards is conserved (supply + every deck, hand, discard
pile, play area and Can't Touch This set aside); coins are never negative; the final
scores and ranking equal the auditor's recomputation.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.bare_bones import RULES
from games.bare_bones.data import ACTION_CARDS, stack_of
from games.bare_bones.state import State, owned_cards
from games.core.legal import expand_all
from tests.support import scale
from tests.support.harness import RandomDice, config, play_random, roundtrip

from .auditor import Auditor
from .build import moves

SETS = ["bare_bones_basics", "interplay", "money_money", "many_paths", "random",
        ["full_house", "mimic", "rainbow", "run", "triplets", "loan_shark", "cant_touch_this"]]
GAMES, CHUNK = scale.games(1000, 100), 100


def game_config(i: int):
    players = 2 + i % 3
    rounds = 12 if i % 20 == 0 else 3 + i % 4
    first = None if i % 2 else i % players
    return config(RULES, players, first_player=first, rounds=rounds, action_set=SETS[i % 6])


def cards_in_game(state: State) -> int:
    return (sum(n for _, n in state.supply)
            + sum(len(owned_cards(state, s)) for s in range(state.players)))


def check_state(state: State) -> None:
    assert cards_in_game(state) == 98 + 7 * state.players
    assert state.turn is None or state.turn.coins >= 0
    assert all(s.owed >= 0 and s.carry >= 0 for s in state.seats)
    assert all(n >= 0 for _, n in state.supply)


def audit(events, players: int, outcome) -> Auditor:
    auditor = Auditor(players)
    for event in events:
        auditor.see(event.type, dict(event.data))
    assert auditor.result is not None
    assert {k: auditor.result[k] for k in ("winners", "ranking", "scores")} == outcome
    return auditor


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_end_conserve_cards_and_match_the_audit(chunk):
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        cfg = game_config(i)
        keep = i % 10 == 0
        game = play_random(RULES, cfg, seed=i, check_timeouts=i % 3 == 0, keep_states=keep)
        for state in game.states:
            check_state(state)
        check_state(game.state)
        audit(game.events, cfg.players, RULES.outcome(game.state))


def eager(actions, rng):
    """A livelier random player: usually plays a card, re-rolls or buys when it can."""
    busy = [a for a in actions if a["type"] in (
        "play_card", "draw_red", "buy", "bonus_match", "reroll_green", "reroll_die",
        "swap_return", "swap_take", "borrow")]
    if busy and rng.random() < 0.8:
        return rng.choice(busy)
    return rng.choice(actions)


def play_eager(cfg, seed: int):
    """Like the harness's play_random (same promises checked), with the eager player."""
    rng = random.Random(seed)
    dice = RandomDice(rng)
    events = list(RULES.setup(cfg, dice))
    state = None
    for e in events:
        state = RULES.evolve(state, roundtrip(e))
    steps = 0
    while RULES.outcome(state) is None:
        steps += 1
        assert steps < 20_000
        awaited = RULES.awaiting(state)
        seat = rng.choice(sorted(awaited))
        for other in awaited:
            RULES.decide(state, other, RULES.timeout_action(state, other), RandomDice(rng))
        action = eager(expand_all(moves(state, seat)), rng)
        new = RULES.decide(state, seat, action, dice)
        for e in new:
            state = RULES.evolve(state, roundtrip(e))
            check_state(state)
        events += new
    return events, state


EVENT_TYPES = {
    "game_started", "card_drafted", "cards_drawn", "discard_reshuffled", "turn_started",
    "cant_touch_this_returned", "card_played", "full_house_drew", "card_borrowed",
    "card_returned", "swap_taken", "swap_finished", "playing_stopped", "dice_rolled",
    "green_rerolled", "die_rerolled", "full_house_rerolled", "dice_kept", "turn_scored",
    "card_bought", "buying_ended", "hot_potato_placed", "cant_touch_this_rolled",
    "bonus_matched", "matching_ended", "turn_ended", "game_over",
}


def test_eager_random_games_exercise_every_card_and_event():
    played, seen = Counter(), set()
    for i in range(150):
        base = game_config(i + 1)
        cfg = config(RULES, base.players, first_player=base.first_player, rounds=12,
                     action_set=SETS[i % 6])
        events, state = play_eager(cfg, 50_000 + i)
        audit(events, cfg.players, RULES.outcome(state))
        seen |= {e.type for e in events}
        played.update(stack_of(e.data["card"]) for e in events if e.type == "card_played")
    assert set(ACTION_CARDS) <= set(played)
    assert seen == EVENT_TYPES
