"""The Bamboozled bot (issue #17): legal, deterministic, and what it does on purpose.
Blind to others' secrets and better than random play: tests/games/test_bots.py."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.bamboozled import RULES as R
from games.bamboozled.basic import match_chance, truth_chance
from games.bamboozled.bot import BOTS
from games.bamboozled.data import readings
from games.bamboozled.state import State
from games.bamboozled.strong import INDEX, Answers, answers, rule_calls
from games.core import GameEvent
from games.core.bots import Rng, Seen, random_policy
from games.core.legal import expand_all
from tests.support import bots
from tests.support.harness import RandomDice

from .helpers import ACCEPT, act, declare, start

Policy = Callable[[Seen, Rng], dict[str, Any]]
OPTION_MIXES = [{}, {"hand_limit": None}, {"strikes": 4, "hand_limit": 1}, {"kids": True}]


def seen_for(state: State, events: list[GameEvent], seat: int) -> Seen:
    return bots.seen_for(R, state, events, seat)


def play(policies: list[Policy], seed: int, options: dict[str, Any] | None = None,
         visit: bots.Visit | None = None) -> dict[str, Any]:
    """One game, seat i played by policies[i]; `visit` sees every decision."""
    return bots.play(R, policies, seed, options or {}, visit, max_steps=5000)


@pytest.mark.parametrize("options", OPTION_MIXES)
@pytest.mark.parametrize("players", [2, 4])
def test_every_action_is_listed_and_accepted(options: dict[str, Any], players: int) -> None:
    kinds: set[str] = set()

    def visit(state, events, seat, seen, action):
        if seat == 0:
            assert action in expand_all(list(seen.legal))
            R.decide(state, seat, action, RandomDice(random.Random(len(kinds))))  # accepted
            kinds.add(action["type"])

    for game in range(3):
        play([BOTS["basic"]] + [random_policy] * (players - 1), 10 * players + game, options,
             visit)
    assert "declare" in kinds


@pytest.mark.parametrize("level", ["basic", "strong"])
def test_same_seen_and_seed_same_action(level: str) -> None:
    seens: list[Seen] = []
    for game in range(12):
        play([BOTS[level], BOTS["basic"] if game % 2 else random_policy], 70 + game,
             visit=lambda state, events, seat, seen, action:
             seens.append(seen) if seat == 0 else None)
    assert len(seens) > 20
    for i, seen in enumerate(seens):
        assert BOTS[level](seen, Rng(f"x{i}")) == BOTS[level](seen, Rng(f"x{i}"))


def test_chances_over_the_36_rolls() -> None:
    assert match_chance(0) == 1.0
    assert match_chance(21) == pytest.approx(2 / 36)
    assert match_chance(66) == pytest.approx(3 / 36)  # 66 or a jackpot
    assert match_chance(66, ("jackpot",)) == 1.0
    assert match_chance(66, (), True) == pytest.approx(2 / 36)
    # A declarer who bluffs low when it must: a tie of a high score is likely a bluff,
    # its best reading against nothing likely true.
    assert truth_chance(55, 55, 0.25) < 0.2
    assert truth_chance(0, 54, 0.25) > 0.6


def decisions(options: dict[str, Any] | None = None, games: int = 4) -> list[Seen]:
    seens: list[Seen] = []
    for game in range(games):
        play([BOTS["basic"], random_policy], 200 + game, options,
             lambda state, events, seat, seen, action: seens.append(seen) if seat == 0 else None)
    return seens


def test_declares_the_best_true_reading_when_it_ties_or_beats() -> None:
    seen_one = False
    for i, seen in enumerate(decisions()):
        you = seen.view["you"]
        if seen.view["phase"] != "declare" or not you["dice"]:
            continue
        action = BOTS["basic"](seen, Rng(i))
        true_scores = [a["score"] for a in seen.actions()
                       if a["type"] == "declare" and not a.get("card")
                       and a["score"] in readings(tuple(you["dice"]))]
        if true_scores and action["type"] == "declare" and not action.get("card"):
            assert action["score"] in true_scores
            seen_one = True
    assert seen_one


def test_uses_cards_on_purpose() -> None:
    """A declaration it cannot tie truthfully is backed by a card when one backs it; a
    discard drops the card worth least."""
    for i, seen in enumerate(decisions({"hand_limit": 1}, games=8)):
        action = BOTS["basic"](seen, Rng(i))
        if seen.view["phase"] == "discard":
            assert action["card"] != "revive" or set(seen.view["you"]["hand"]) == {"revive"}
        if seen.view["phase"] == "declare" and action["type"] == "declare":
            you = seen.view["you"]
            true_ok = any(a["type"] == "declare" and not a.get("card")
                          and a["score"] in readings(tuple(you["dice"])) for a in seen.actions())
            carded = any(a.get("card") for a in seen.actions() if a["type"] == "declare")
            if not true_ok and carded:
                assert action.get("card")


# --- strong --------------------------------------------------------------------------------

def facing_51() -> Seen:
    """Two players, no call seen yet: seat 0 declared a true 51, seat 1 accepted and
    rolled 3 and 1 (no reading ties 51)."""
    state, events = start(["skip", "skip"], (5, 1))
    state, more = act(state, 0, declare(51))
    events += more
    state, more = act(state, 1, ACCEPT, (3, 1))
    return seen_for(state, events + more, 1)


def test_strong_bluffs_the_score_its_answerer_believes() -> None:
    """Forced to bluff against 51, basic bluffs a tie (51) or one step up (52), which
    the rule it answers by calls; strong bluffs a Jackpot, which that rule accepts (it
    is likelier the best reading than a bluff), leaving the other seat to tie a Jackpot."""
    seen = facing_51()
    odd = 0.25  # no call seen: the prior share of odd declarations
    assert rule_calls(INDEX[51], INDEX[51], odd) and not rule_calls(INDEX[51], INDEX[21], odd)
    assert BOTS["basic"](seen, Rng(1))["score"] in (51, 52)
    assert BOTS["strong"](seen, Rng(1)) == {"type": "declare", "score": 21, "card": None}


def test_strong_declares_the_truth_its_answerer_takes_for_a_bluff() -> None:
    """Opening a round with 4 and 5, basic declares its best reading, 54. The rule it
    answers by expects just that, so it takes a 45 for a bluff and calls it: strong
    declares the true 45, and the caller takes the strike."""
    state, events = start(["skip", "skip"], (4, 5))
    seen = seen_for(state, events, 0)
    assert rule_calls(0, INDEX[45], 0.25) and not rule_calls(0, INDEX[54], 0.25)
    assert BOTS["basic"](seen, Rng(1))["score"] == 54
    assert BOTS["strong"](seen, Rng(1)) == {"type": "declare", "score": 45, "card": None}


def caller(seen: Seen, rng: Rng) -> dict[str, Any]:
    """A player who calls every declaration (else plays as basic)."""
    calls = [a for a in seen.actions() if a["type"] == "call"]
    return calls[0] if calls else BOTS["basic"](seen, rng)


def believer(seen: Seen, rng: Rng) -> dict[str, Any]:
    """A player who accepts every declaration (else plays as basic)."""
    accepts = [a for a in seen.actions() if a["type"] == "accept"]
    return accepts[0] if accepts else BOTS["basic"](seen, rng)


def learnt(opponent: Policy) -> tuple[float, float]:
    """Strong at seat 0 against `opponent` over 3 games of 10 strikes: its estimates of
    the opponent calling where basic's rule calls and where it accepts, at each game's
    last decision, averaged."""
    last: list[Answers] = []
    for game in range(3):
        seen_last: list[Seen] = []
        play([BOTS["strong"], opponent], 900 + game, {"strikes": 10},
             lambda state, events, seat, seen, action: seen_last.append(seen)
             if seat == 0 else None)
        last.append(answers(seen_last[-1])[1])
    return (sum(a.where_rule_calls for a in last) / 3,
            sum(a.where_rule_accepts for a in last) / 3)


def test_strong_learns_how_a_seat_answers() -> None:
    """Strong learns from the answers it sees that basic answers by its rule, that a
    player who believes everything rarely calls where the rule would, and that one who
    calls everything calls where the rule would accept."""
    basic_calls, basic_accepts = learnt(BOTS["basic"])
    assert basic_calls > 0.8
    assert learnt(believer)[0] < 0.5
    assert learnt(caller)[1] > basic_accepts + 0.05
