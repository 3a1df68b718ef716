"""Random legal play: thousands of games, every player count and option mix."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.dark_knights.state import State
from games.core import replay
from tests.support import scale
from tests.support.harness import PlayedGame, config, play_random, secrets

from .helpers import R

GAMES = scale.games(2000, 200)
CHUNK = 100
TIMEOUT_CHECKED = 300          # the timeout action is checked at every step of these
LOW_TARGETS = (100, 150, 200, 300)


def game_config(i: int) -> Any:
    players = 1 + i % 8
    final_round = (i // 8) % 2 == 1
    target = 500 if i % 40 == 39 else LOW_TARGETS[(i // 16) % 4]
    return config(R, players, first_player=None if i % 3 == 0 else i % players,
                  target=target, final_round=final_round)


def check_outcome(state: State) -> None:
    result = R.outcome(state)
    assert result is not None
    scores = state.scores
    assert result["scores"] == {str(s): v for s, v in enumerate(scores)}
    assert sorted(s for group in result["ranking"] for s in group) == list(range(state.players))
    levels = [{scores[s] for s in group} for group in result["ranking"]]
    assert all(len(level) == 1 for level in levels)
    assert [min(level) for level in levels] == sorted(set(scores), reverse=True)
    assert result["winners"] == result["ranking"][0]
    assert all(scores[w] >= state.target for w in result["winners"])


def check_turns(game: PlayedGame) -> None:
    """Banked scores never decrease; only a hold banks; a bust banks nothing."""
    after_event = [None, None, *game.states]   # setup's two events are not kept
    banked = [0] * game.config.players
    set_base = 0
    for i, event in enumerate(game.events):
        before, after = after_event[i - 1] if i else None, after_event[i]
        data = event.data
        assert not secrets(event), "all dice are public"
        if event.type == "turn_started":
            set_base = 0
        elif event.type == "set_completed":
            set_base = data["turn_total"]
        elif event.type == "turn_held":
            assert data["turn_total"] == set_base + data["set_score"] >= 0
            assert data["score"] == banked[data["seat"]] + data["turn_total"]
            banked[data["seat"]] = data["score"]
        if before is not None:
            assert all(a >= b for a, b in zip(after.scores, before.scores))
            if event.type != "turn_held":
                assert after.scores == before.scores, f"{event.type} changed a score"
    assert tuple(banked) == game.state.scores


def check_end(game: PlayedGame) -> None:
    state, events = game.state, game.events
    last_turns = [e for e in events if e.type == "turn_started" and e.data["last_turn"]]
    holds = [e for e in events if e.type == "turn_held"]
    if state.final_round and state.players > 1:
        assert [e.type for e in events].count("final_round_started") == 1
        assert len(last_turns) == state.players - 1
    else:
        assert not last_turns
        assert R.outcome(state)["winners"] == [holds[-1].data["seat"]]
        assert sorted(state.scores)[-2:-1] < [state.target]


@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_random_games(start: int) -> None:
    for i in range(start, start + CHUNK):
        game = play_random(R, game_config(i), seed=i, keep_states=True,
                           check_timeouts=i < TIMEOUT_CHECKED)
        check_outcome(game.state)
        check_turns(game)
        check_end(game)
        if i % 10 == 0:   # in-memory events fold to the same state as stored ones
            assert replay(R, game.events) == game.state


def test_views_show_the_same_public_table_to_everyone() -> None:
    for i in range(40):
        game = play_random(R, game_config(i), seed=10_000 + i, keep_states=True,
                           check_timeouts=False)
        for state in game.states:
            public = R.view(state, None)
            json.dumps(public)
            assert {"players", "phase", "seats", "scores", "combinations", "table"} <= set(public)
            for seat in range(state.players):
                seen = R.view(state, seat)
                assert seen == {**public, "viewer": seat}
        for event in game.events:
            assert event.visible_to(0) == event.visible_to(None)
