"""Random legal play of thousands of games: every game ends with one player standing,
strikes stay within the limit, and the action cards are conserved in every state."""

from __future__ import annotations

from collections import Counter

import pytest

from games.bamboozled import RULES
from games.bamboozled.data import full_deck
from tests.support.harness import PlayedGame, config, play_random

GAMES = 2100
WITH_TIMEOUT_CHECKS = 300
SETUP_EVENTS = 4
CARD_PLAYED = ("score_reset_card_played", "skip_played", "skip_played_to_declarer",
               "reverse_played", "revive_played")


def game_config(i: int):
    players = 2 + i % 7
    return config(
        RULES, players,
        first_player=None if i % 3 == 0 else (i * 5) % players,
        kids=(i // 7) % 2 == 1,
        hand_limit=(None, 1, 2, 3)[(i // 14) % 4],
        strikes=3 + (i // 56) % 8,
    )


def check_states(game: PlayedGame) -> None:
    cards = len(full_deck(game.config.options["kids"]))
    limit = game.config.options["strikes"]
    hand_limit = game.config.options["hand_limit"]
    for i, state in enumerate(game.states):
        event = game.events[SETUP_EVENTS + i]
        assert state.card_count() == cards, event
        for seat in state.active:
            strikes = state.seats[seat].strikes
            # only between a final strike and the Revive / going out that follows it
            assert strikes < limit or (strikes == limit and event.type == "strike_taken")
            # (a game a resignation ends may end before a discard owed)
            if hand_limit is not None and seat != state.discarder and not state.over:
                assert state.held(seat) <= hand_limit
        for seat in state.out_order:
            player = state.seats[seat]
            assert (player.strikes == limit or player.resigned) and player.hand == ()


def check_outcome(game: PlayedGame) -> None:
    state, n = game.state, game.config.players
    assert len(state.active) == 1
    result = RULES.outcome(state)
    assert result["winners"] == list(state.active)
    assert sorted(s for group in result["ranking"] for s in group) == list(range(n))
    assert result["ranking"][0] == result["winners"]
    assert sorted(result["scores"].values()) == list(range(n))
    assert game.events[-1].type == "game_over" and game.events[-1].data == result
    assert RULES.awaiting(state) == {}
    # A resigned seat ranks as if put out when it resigned (RULINGS, "Resigning").
    left = [e.seat for e in game.events if e.type in ("player_out", "player_resigned")]
    assert left == list(state.out_order)
    assert result["ranking"][1:] == [[seat] for seat in reversed(left)]


@pytest.mark.slow
def test_random_legal_play_conserves_cards_and_ends_with_one_player_standing():
    seen: Counter[str] = Counter()
    for i in range(GAMES):
        game = play_random(RULES, game_config(i), seed=i, keep_states=True,
                           check_timeouts=i < WITH_TIMEOUT_CHECKS)
        check_states(game)
        check_outcome(game)
        for event in game.events:
            detail = event.data.get("card") if event.type in CARD_PLAYED else None
            seen[event.type if detail is None else f"{event.type}:{detail}"] += 1
            if event.type == "strike_taken":
                seen[f"strike:{event.data['reason']}"] += 1
            if event.type == "bluff_called":
                seen[f"verdict:{event.data['verdict']}"] += 1
    expected = {
        "score_declared", "declaration_accepted", "bluff_called", "card_drawn",
        "deck_refilled", "card_discarded", "score_not_beaten", "player_out", "game_over",
        "score_reset_card_played:fresh_start", "score_reset_card_played:my_bad",
        "skip_played:skip", "skip_played_to_declarer:skip", "reverse_played:reverse",
        "revive_played:revive", "strike:bluff_caught",
        "strike:wrong_call", "strike:not_beaten", "verdict:card", "verdict:true",
        "verdict:bluff",
    }
    assert expected <= set(seen), expected - set(seen)


def test_random_play_with_resignations_conserves_cards_and_ends_with_one_player_standing():
    seen: Counter[str] = Counter()
    for i in range(300):
        game = play_random(RULES, game_config(i), seed=90_000 + i, keep_states=True,
                           check_timeouts=i < 60, resign=0.02)
        check_states(game)
        check_outcome(game)
        seen.update(event.type for event in game.events)
        seen.update(f"voided:{e.claim_voided}" for e in game.events
                    if e.type == "player_resigned")
    assert {"player_resigned", "voided:True", "voided:False"} <= set(seen), seen


def test_random_play_at_large_tables_up_to_twenty_players():
    """Up to 20 seats and 20 strikes (the caps; the rulebook sets no limit): the draw
    pile runs dry and refills, first rollers are drawn with a 20-sided die, every game
    still ends with one player standing."""
    seen: Counter[str] = Counter()
    for i in range(24):
        players = 20 - i % 6
        cfg = config(RULES, players, first_player=None, kids=i % 2 == 1,
                     hand_limit=(None, 2, 1)[i % 3], strikes=(3, 20, 4, 3)[i % 4])
        game = play_random(RULES, cfg, seed=50_000 + i, keep_states=True,
                           check_timeouts=i < 6)
        check_states(game)
        check_outcome(game)
        seen.update(event.type for event in game.events)
    assert {"deck_refilled", "draw_pile_empty", "player_out"} <= set(seen), seen
