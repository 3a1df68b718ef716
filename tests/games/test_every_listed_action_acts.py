"""Every listed action acts (issue #16, point 1).

A client renders `legal_actions` as buttons. A button that is offered but refused
(422), or accepted without anything happening (no event), is a bug of the game. Over
random play of every registered game, at many points of the game, for every seat (awaited
or not), every item of its legal actions is posted: a concrete action as it is, a choice
as every concrete action it allows when they are few, else a bounded random sample of
them (always including the first and the last). Each must be accepted by `decide` and
append at least one event.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from games.core import IllegalAction
from games.core.legal import expand, sample
from games.registry import GAMES
from tests.support.harness import RandomDice, config, playing

EXPAND_UP_TO = 40     # a choice allowing at most this many actions is posted in full
SAMPLES = 12          # else this many random ones, plus its first and its last
GAMES_PER_SLUG = 10
MAX_STEPS = 400       # steps checked per game (every step until then)
OUT_OF_TURN = 0.2     # share of the moves played by any seat with legal actions

# Table sizes and options that reach every corner of each game.
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "snake-bones": [dict(players=2), dict(players=4, ones_wild=True),
                    dict(players=3, raise_rule="quantity_or_face")],
    "bamboozled": [dict(players=2), dict(players=4, hand_limit=None),
                   dict(players=3, kids=True), dict(players=5, hand_limit=1),
                   dict(players=20, hand_limit=None, strikes=20)],
    "dark-knights": [dict(players=1), dict(players=3), dict(players=2, final_round=True)],
    "skip-bo-dice": [dict(players=1), dict(players=2), dict(players=4)],
    "bare-bones": [dict(players=2, rounds=2), dict(players=3, rounds=2, action_set="random"),
                   dict(players=4, rounds=1, action_set="interplay"),
                   dict(players=2, rounds=2, action_set="money_money"),
                   dict(players=3, rounds=2, action_set="many_paths")],
}


def candidates(item: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """The concrete actions of one listed item to post."""
    if "choose" not in item:
        return [dict(item)]
    head = list(itertools.islice(expand(item), EXPAND_UP_TO + 1))
    if len(head) <= EXPAND_UP_TO:
        return head
    picked = [head[0]] + [sample(item, rng.randrange) for _ in range(SAMPLES)]
    *_, last = expand(item)
    return picked + [last]


def check_every_listed_action(rules: Any, state: Any, players: int, rng: random.Random,
                              where: str) -> int:
    posted = 0
    for seat in range(players):
        for item in rules.legal_actions(state, seat):
            for action in candidates(item, rng):
                try:
                    events = rules.decide(state, seat, action,
                                          RandomDice(random.Random(rng.random())))
                except IllegalAction as err:
                    raise AssertionError(
                        f"{where}: seat {seat} was offered {item} but {action} is refused: "
                        f"{err.code} ({err})") from None
                assert events, f"{where}: seat {seat}: {action} was accepted but did nothing"
                posted += 1
    return posted


def play_and_check(slug: str, options: dict[str, Any], seed: int) -> int:
    rules = GAMES[slug]
    options = dict(options)
    players = options.pop("players")
    cfg = config(rules, players, first_player=None if seed % 2 else 0, **options)
    rng = random.Random(seed)
    dice = RandomDice(rng)
    state = None
    for event in rules.setup(cfg, dice):
        state = rules.evolve(state, event)
    posted = 0
    for step in range(MAX_STEPS):
        if rules.outcome(state) is not None:
            break
        posted += check_every_listed_action(rules, state, players, rng,
                                            f"{slug} {options} seed {seed} step {step}")
        seat = rng.choice(sorted(rules.awaiting(state)))
        if rng.random() < OUT_OF_TURN:  # seats that may act unawaited (Skip-Bo claims)
            seat = rng.choice([s for s in range(players)
                               if playing(rules.legal_actions(state, s))])
        # every listed resign was posted above; the game goes on without one
        action = sample(rng.choice(playing(rules.legal_actions(state, seat))), rng.randrange)
        for event in rules.decide(state, seat, action, dice):
            state = rules.evolve(state, event)
    return posted


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_listed_action_is_accepted_and_appends_an_event(slug: str) -> None:
    posted = 0
    for i in range(GAMES_PER_SLUG):
        options = CONFIGS[slug][i % len(CONFIGS[slug])]
        posted += play_and_check(slug, options, seed=1000 * i + 7)
    assert posted > 100
