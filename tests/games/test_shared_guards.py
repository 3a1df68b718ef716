"""The shared guards of every game's decide (games.core.rules.typed_decider), one code per
situation whatever the game: a finished game is `game_over`, a seat not at the table
`no_such_seat`, a seat that resigned (or was eliminated) `not_in_play`, a seat not awaited
now `not_your_turn`, an action of a kind the seat is not awaited for `wrong_phase`
(docs/decider.md)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.core import IllegalAction, ScriptedDice
from games.registry import GAMES
from tests.support.harness import RESIGN, RandomDice, config, moves

SLUGS = sorted(GAMES)


@dataclass
class Played:
    """A random game to its end: every state met, with each action posted in it."""

    moves: list[tuple[Any, int, dict[str, Any]]] = field(default_factory=list)
    final: Any = None


def played(slug: str, players: int = 2, seed: int = 7, resign: float = 0.0) -> Played:
    """A random game to its end; with `resign` > 0, at that share of the steps a random
    seat still in play resigns instead (with none, the seats play it to its end)."""
    rules = GAMES[slug]
    rng = random.Random(seed)
    dice = RandomDice(rng)
    state = None
    for event in rules.setup(config(rules, players), dice):
        state = rules.evolve(state, event)
    game = Played()
    while rules.outcome(state) is None:
        seat = rng.choice(sorted(rules.awaiting(state)))
        action = rng.choice(moves(rules, state, seat))
        if resign and rng.random() < resign:
            resigning = [s for s in range(players) if RESIGN in rules.legal_actions(state, s)]
            seat, action = rng.choice(resigning), RESIGN
        game.moves.append((state, seat, action))
        for event in rules.decide(state, seat, action, dice):
            state = rules.evolve(state, event)
        assert len(game.moves) < 20_000, f"{slug} did not end"
    game.final = state
    return game


GAMES_PLAYED = {slug: played(slug) for slug in SLUGS}


def refusal(slug: str, state: Any, seat: Any, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as err:
        GAMES[slug].decide(state, seat, action, ScriptedDice())
    return err.value.code


def guarded(slug: str, action: dict[str, Any]) -> bool:
    """Whether the shared decider checks when this action may be posted (not a move the
    game lets any seat make whenever its own rules allow: `out_of_turn`)."""
    rules = GAMES[slug]
    return not isinstance(rules.actions.parse_action(action), rules.out_of_turn)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_finished_game_refuses_every_action_with_game_over(slug: str) -> None:
    game = GAMES_PLAYED[slug]
    assert GAMES[slug].awaiting(game.final) == {}
    for _, seat, action in game.moves[-30:]:
        for anyone in (seat, 1 - seat):
            assert refusal(slug, game.final, anyone, action) == "game_over"


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seat", [2, 99, -1, True, "0", None])
def test_a_seat_not_at_the_table_is_no_such_seat(slug: str, seat: Any) -> None:
    game = GAMES_PLAYED[slug]
    for state, _, action in game.moves[:30]:
        assert refusal(slug, state, seat, action) == "no_such_seat"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_seat_not_awaited_now_is_not_your_turn(slug: str) -> None:
    rules, checked = GAMES[slug], 0
    for state, seat, action in GAMES_PLAYED[slug].moves:
        other = 1 - seat
        if other in rules.awaiting(state) or not guarded(slug, action):
            continue
        assert refusal(slug, state, other, action) == "not_your_turn", (state, action)
        checked += 1
    assert checked > 10, f"{slug}: too few moves with an unawaited seat ({checked})"


@pytest.mark.parametrize("slug", SLUGS)
def test_an_action_of_a_kind_the_seat_is_not_awaited_for_is_wrong_phase(slug: str) -> None:
    """Every action posted in the game, posted again in a state where the seat is awaited
    for another kind of action than it."""
    rules, game, checked = GAMES[slug], GAMES_PLAYED[slug], 0
    actions = {action["type"]: action for _, _, action in game.moves if guarded(slug, action)}
    for state, seat, _ in game.moves:
        kind = rules.awaiting(state)[seat]
        for action in actions.values():
            if not isinstance(rules.actions.parse_action(action), rules.awaits[kind]):
                assert refusal(slug, state, seat, action) == "wrong_phase", (kind, action)
                checked += 1
    assert checked > 10, f"{slug}: too few actions of another kind ({checked})"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_seat_that_resigned_is_not_in_play_whatever_it_posts(slug: str) -> None:
    """(RULINGS, "Resigning") At a table of three, a seat resigns at once; after that,
    any action it posts (resign again, or one another seat posts) is `not_in_play`."""
    rules = GAMES[slug]
    if rules.min_players > 3 or rules.max_players < 3:
        pytest.skip("no table of three")
    rng = random.Random(11)
    dice = RandomDice(rng)
    state = None
    for event in rules.setup(config(rules, 3), dice):
        state = rules.evolve(state, event)
    assert RESIGN in rules.legal_actions(state, 1), f"{slug} does not offer resign"
    for event in rules.decide(state, 1, RESIGN, dice):
        state = rules.evolve(state, event)
    assert rules.outcome(state) is None and rules.legal_actions(state, 1) == []
    checked = 0
    for _ in range(30):
        if rules.outcome(state) is not None:
            break
        seat = rng.choice(sorted(rules.awaiting(state)))
        assert seat != 1
        action = rng.choice(moves(rules, state, seat))
        for posted in (RESIGN, action):
            assert refusal(slug, state, 1, posted) == "not_in_play", posted
            checked += 1
        for event in rules.decide(state, seat, action, dice):
            state = rules.evolve(state, event)
    assert checked > 10


@pytest.mark.parametrize("slug", SLUGS)
def test_nothing_is_awaited_of_a_finished_game_or_of_a_seat_out_of_play(slug: str) -> None:
    """The two facts the guards take their first case from (docs/decider.md): at every
    state between decisions of random games at the smallest table and at four, with seats
    resigning now and then, an awaited seat is a seat of the table still in play, and a
    finished game awaits nobody."""
    rules = GAMES[slug]
    checked = finished = resigned = 0
    for players in sorted({rules.min_players, min(rules.max_players, 4)}):
        for seed in range(6):
            game = played(slug, players, seed, resign=1 / 30)
            resigned += sum(action == RESIGN for _, _, action in game.moves)
            for state in [*(state for state, _, _ in game.moves), game.final]:
                awaited = rules.awaiting(state)
                if rules.outcome(state) is not None:
                    assert awaited == {}, (players, seed, awaited)
                    finished += 1
                for seat in awaited:
                    assert 0 <= seat < players and rules.in_play(state, seat), \
                        (players, seed, seat)
                    checked += 1
    assert finished >= 12 and checked > 100 and resigned > 0, (finished, checked, resigned)
