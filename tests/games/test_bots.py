"""Every registered bot (games/registry.py's BOTS, every level) against two checks that
each game's tests/games/<game>/test_bot.py used to copy (issue #17, issue #32 item 6):

- it beats random play: at least 24 of 40 seeded games with the seats alternated, a tie
  counting as a share of a win;
- its choices do not depend on other seats' secrets: at each of its decisions the other
  seats' hidden parts of the state (scrambled by the game's function below) and of the
  events (their private parts, dropped) change neither what it sees nor what
  it does. A game without hidden information also serves every seat the same table.

CASES holds what differs between games: the options and step limit of their games, the
scrambler, the games the secrets check plays and how many decisions it must compare.
The figures are each former copy's (the stricter where they differed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from games.bamboozled.data import CARD_NAMES
from games.bamboozled.state import CardUse
from games.core import GameEvent
from games.core.bots import Rng, Seen, random_policy
from games.registry import BOTS, GAMES, bot_levels
from tests.support import bots

# The state with the hidden parts of every seat but `seat` changed, or None when there is
# nothing hidden to change at this decision (the decision is then not compared).
Scramble = Callable[[Any, int, random.Random], Any | None]


def snake_bones(state: Any, seat: int, rng: random.Random) -> Any:
    """Every other seat's dice rerolled and its unrevealed stake changed."""
    stakes, rolled = list(state.stakes), list(state.rolled)
    for other, coins in enumerate(state.coins):
        if other == seat:
            continue
        rolled[other] = tuple(rng.randint(1, 6) for _ in rolled[other])
        stake = stakes[other]
        if stake is not None and not state.stakes_revealed and coins > 1:
            stakes[other] = rng.choice([c for c in range(1, coins + 1) if c != stake])
    return replace(state, stakes=tuple(stakes), rolled=tuple(rolled))


def bamboozled(state: Any, seat: int, rng: random.Random) -> Any:
    """Every other seat's hand, its dice while it rolls, its face-down card and verdict
    changed; the draw pile's cards changed (same sizes)."""
    seats = tuple(
        s if i == seat else replace(s, hand=tuple(rng.choice(CARD_NAMES) for _ in s.hand))
        for i, s in enumerate(state.seats))
    changes: dict[str, Any] = {
        "seats": seats, "deck": tuple(sorted(rng.choice(CARD_NAMES) for _ in state.deck))}
    if state.dice is not None and state.roller != seat and not state.kids:
        changes["dice"] = (rng.randint(1, 6), rng.randint(1, 6))
    d = state.declaration
    if d is not None and d.seat != seat:
        if d.card is None:
            changes["declaration"] = replace(d, verdict=rng.choice(["true", "bluff"]))
        else:
            changes["declaration"] = replace(d, card=rng.choice(
                [CardUse("jackpot"), CardUse("double", 0), CardUse("up_down", 1, "down")]))
    return replace(state, **changes)


def bare_bones(state: Any, seat: int, rng: random.Random) -> Any | None:
    """Every opponent's hand and draw pile (the cards not on a known top) shuffled
    together and split again with the same sizes; None while a hand Joyride has shown is
    public, or when the deal changed no hand."""
    if state.turn is not None and state.turn.revealed:
        return None
    seats = list(state.seats)
    for other, player in enumerate(seats):
        if other == seat:
            continue
        cards = list(player.hand) + list(player.draw_rest)
        rng.shuffle(cards)
        seats[other] = replace(player, hand=tuple(cards[:len(player.hand)]),
                               draw_rest=tuple(sorted(cards[len(player.hand):])))
    if all(a.hand == b.hand for a, b in zip(seats, state.seats)):
        return None
    return replace(state, seats=tuple(seats))


def dark_knights(state: Any, seat: int, rng: random.Random) -> Any:
    """Nothing is hidden (the next dice are in no state): the state as it is."""
    return state


def skip_bo_dice(state: Any, seat: int, rng: random.Random) -> Any:
    """Nothing is hidden; the fill counter that names moments is in no view."""
    return replace(state, fills=state.fills + 17)


@dataclass(frozen=True)
class Run:
    """One run of the secrets check: `players` seats (the bot at 0, random players at
    the others), a game per (seed, options), the scrambler's Random seeded `rng_seed`."""
    players: int
    games: tuple[tuple[int, dict[str, Any]], ...]
    rng_seed: int


@dataclass(frozen=True)
class Case:
    options: dict[str, Any]   # of the games against random play
    max_steps: int
    scramble: Scramble
    runs: tuple[Run, ...]
    min_compared: int         # decisions compared, per run
    min_changed: int          # of them, with a state the scrambler changed
    out_of_turn: bool = False  # ask a seat with legal actions out of turn (claims)
    viewer_key: str | None = None  # no hidden information: the view's key naming the viewer


SNAKE_MIXES: list[dict[str, Any]] = [{}, {"ones_wild": True}, {"raise_rule": "quantity_or_face"}]
BAMBOOZLED_MIXES: list[dict[str, Any]] = [{}, {"hand_limit": None},
                                          {"strikes": 4, "hand_limit": 1}]
BARE_BONES_SETS: list[Any] = [
    "bare_bones_basics", "interplay", "money_money", "many_paths"]

CASES: dict[str, Case] = {
    "snake-bones": Case(
        options={}, max_steps=5000, scramble=snake_bones,
        runs=(Run(3, tuple((50 + g, SNAKE_MIXES[g]) for g in range(3)), rng_seed=3),),
        min_compared=21, min_changed=11),
    "bamboozled": Case(
        options={}, max_steps=5000, scramble=bamboozled,
        runs=tuple(Run(players, tuple((40 + g, BAMBOOZLED_MIXES[g % 3]) for g in range(4)),
                       rng_seed=5) for players in (2, 3)),
        min_compared=21, min_changed=11),
    "dark-knights": Case(
        options={"target": 300}, max_steps=20_000, scramble=dark_knights,
        runs=(Run(2, ((21, {"target": 500}),), rng_seed=0),),
        min_compared=21, min_changed=0, viewer_key="viewer"),
    "skip-bo-dice": Case(
        options={}, max_steps=20_000, scramble=skip_bo_dice,
        runs=(Run(2, ((21, {}),), rng_seed=0),),
        min_compared=21, min_changed=21, out_of_turn=True, viewer_key="you"),
    "bare-bones": Case(
        options={"rounds": 6, "action_set": "bare_bones_basics"}, max_steps=20_000,
        scramble=bare_bones,
        runs=tuple(Run(2, ((300 + i, {"action_set": s, "rounds": 5}),), rng_seed=i)
                   for i, s in enumerate(BARE_BONES_SETS)),
        min_compared=21, min_changed=21),
}

LEVELS = [(slug, level) for slug in sorted(BOTS) for level in bot_levels(slug)]
RUNS = [(slug, level, index) for slug, level in LEVELS for index in range(len(CASES[slug].runs))]


def test_every_game_has_a_case() -> None:
    assert set(CASES) == set(GAMES) == set(BOTS)


def wins_against_random(slug: str, policy: bots.Policy) -> float:
    """The wins of `policy` in 40 seeded games against a random player, seats alternated;
    a tie counts as a share of a win."""
    case = CASES[slug]
    wins = 0.0
    for game in range(40):
        seat = game % 2
        policies: list[bots.Policy] = [random_policy, random_policy]
        policies[seat] = policy
        winners = bots.play(GAMES[slug], policies, 1000 + game, case.options,
                            max_steps=case.max_steps, out_of_turn=case.out_of_turn)["winners"]
        wins += 1 / len(winners) if seat in winners else 0
    return wins


@pytest.mark.parametrize(("slug", "level"), LEVELS)
def test_beats_random_play(slug: str, level: str) -> None:
    """24 of the 40 games, and more than a random player wins in the bot's seats on the
    same seeds (the control: a seed's luck alone gives Snake Bones' random play 27)."""
    wins = wins_against_random(slug, BOTS[slug][level])
    assert wins >= 24
    assert wins > wins_against_random(slug, random_policy)


@pytest.mark.parametrize(("slug", "level", "run"), RUNS)
def test_choices_do_not_depend_on_other_seats_secrets(slug: str, level: str, run: int) -> None:
    case, rules, bot = CASES[slug], GAMES[slug], BOTS[slug][level]
    this = case.runs[run]
    rng = random.Random(this.rng_seed)
    compared = changed = 0

    def visit(state: Any, events: list[GameEvent], seat: int, seen: Seen,
              action: dict[str, Any]) -> None:
        nonlocal compared, changed
        if seat != 0:
            return
        if case.viewer_key is not None:   # one table for all: no secrets, any seat's copy
            assert all(not e.private_json() for e in events)
            assert {**seen.view, case.viewer_key: None} == rules.view(state, None)
            other = Seen(seat=0, view={**rules.view(state, 1), case.viewer_key: 0},
                         legal=seen.legal, events=[e.visible_to(1) for e in events])
            assert other == seen
            assert bot(other, Rng(f"o{compared}")) == bot(seen, Rng(f"o{compared}"))
        other_state = case.scramble(state, seat, rng)
        if other_state is None:
            return
        changed += other_state != state
        again = bots.seen_for(rules, other_state,
                               [bots.others_secrets_dropped(e, seat) for e in events], seat)
        assert again == seen
        assert bot(again, Rng(f"s{compared}")) == bot(seen, Rng(f"s{compared}"))
        compared += 1

    for seed, options in this.games:
        bots.play(rules, [bot] + [random_policy] * (this.players - 1), seed, options, visit,
                  max_steps=case.max_steps, out_of_turn=case.out_of_turn)
    assert compared >= case.min_compared and changed >= case.min_changed
