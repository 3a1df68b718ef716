"""Secrecy: no seat's view nor any event as another seat sees it holds hidden dice, cards
or deck order before the rules reveal them; and the view's shape for a client."""

from __future__ import annotations

import random
from dataclasses import replace

from games.bamboozled import RULES
from games.bamboozled.data import in_canonical_order
from games.bamboozled.state import Declaration, State
from tests.support.harness import config, play_random, secrets

from .helpers import act, declare, start

PUBLIC_KEYS = {
    "game_started": {"players", "options", "first_player", "first_player_drawn", "deck_size",
                     "direction"},
    "cards_dealt": {"hand_sizes", "deck_size"},
    "round_started": {"round", "roller", "reason"},
    "dice_rolled": {"seat", "against"},
    "score_declared": {"seat", "score", "responder"},
    "declaration_accepted": {"seat", "declarer", "score", "bamboozled"},
    "card_drawn": {"seat", "reason", "hand_size", "deck_size"},
    "deck_refilled": {"cards"},
    "draw_pile_empty": {"seat", "reason"},
    "card_discarded": {"seat", "card", "reason", "hand_size"},
    "bluff_called": {"seat", "declarer", "score", "my_bad", "dice", "card", "card_dice",
                     "verdict"},
    "score_not_beaten": {"seat", "score", "set_by", "dice"},
    "strike_taken": {"seat", "reason", "strikes"},
    "player_out": {"seat", "place", "discarded"},
    "game_over": {"winners", "ranking", "scores"},
    "score_reset_card_played": {"seat", "card"},
    "skip_played": {"seat", "card", "responder"},
    "skip_played_to_declarer": {"seat", "card", "roll_again"},
    "reverse_played": {"seat", "card", "direction", "roll_again"},
    "revive_played": {"seat", "card", "strikes", "final_strike"},
}
KIDS_PUBLIC_KEYS = {
    "dice_rolled": {"seat", "against", "dice"},
    "score_declared": {"seat", "score", "card", "card_dice", "next"},
}


def check_event_secrecy(event, kids: bool) -> None:
    keys = set(event.data)
    expected = (KIDS_PUBLIC_KEYS if kids else {}).get(event.type, PUBLIC_KEYS[event.type])
    assert keys == expected, (event.type, keys)
    owner = event.data.get("seat")
    if event.type == "cards_dealt":
        assert all(len(p["cards"]) == 1 for p in secrets(event).values())
    elif event.type == "declaration_accepted":
        assert set(secrets(event)) <= {event.data["declarer"]}
    elif event.type in ("card_drawn",) or (event.type in ("dice_rolled", "score_declared")
                                           and not kids):
        assert set(secrets(event)) == {owner}
    else:
        assert secrets(event) == {}, event
    for other in range(event.data.get("players", 12)):
        if other not in secrets(event):
            assert "private" not in event.visible_to(other)


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same public facts with everything `viewer` may not see changed at random."""
    others = [s for s in range(state.players) if s != viewer]
    d = state.declaration
    hidden_declaration = d is not None and d.seat != viewer and not state.kids
    pool = list(state.deck) + [c for s in others for c in state.seats[s].hand]
    if hidden_declaration and d.card is not None:
        pool.append(d.card.name)
    rng.shuffle(pool)
    for seat in others:
        size = state.held(seat)
        if hidden_declaration and d.seat == seat:
            d = Declaration(d.seat, d.score, None, rng.choice(("true", "bluff")))
        state = state.with_seat(seat, hand=tuple(pool[:size]))
        pool = pool[size:]
    state = replace(state, deck=in_canonical_order(pool))
    if hidden_declaration:
        state = replace(state, declaration=d)
    if state.dice is not None and state.roller != viewer and not state.kids:
        state = replace(state, dice=(rng.randint(1, 6), rng.randint(1, 6)))
    return state


def test_no_view_or_event_shows_another_seats_dice_cards_or_the_deck_order():
    rng = random.Random(7)
    for i in range(60):
        kids = i % 3 == 2
        players = 2 + i % 5
        cfg = config(RULES, players, first_player=None, kids=kids,
                     hand_limit=(None, 1, 2)[i % 3], strikes=3 + i % 3)
        game = play_random(RULES, cfg, seed=1000 + i, keep_states=True, check_timeouts=False)
        for event in game.events:
            check_event_secrecy(event, kids)
        for state in game.states[::4]:
            for viewer in [None, *range(players)]:
                assert RULES.view(scramble(state, viewer, rng), viewer) == \
                    RULES.view(state, viewer)


def test_view_of_a_declaration_for_the_declarer_the_responder_and_a_spectator():
    state, _ = start(["jackpot", "revive"], (5, 3))
    state, _ = act(state, 0, declare(21, {"name": "jackpot"}))
    spectator = RULES.view(state, None)
    assert spectator == {
        "players": 2,
        "phase": "respond",
        "seats": [{"seat": 0, "strikes": 0, "out": False, "hand_size": 1, "resigned": False},
                  {"seat": 1, "strikes": 0, "out": False, "hand_size": 1, "resigned": False}],
        "awaiting": {"1": "respond"},
        "turn": 1,
        "round": 1,
        "direction": "clockwise",
        "score_to_beat": 0,
        "score_set_by": None,
        "declaration": {"seat": 0, "score": 21, "responder": 1},
        "roller": 0,
        "open_dice": None,
        "deck_size": 24,
        "discard_pile": [],
        "last_call": None,
        "options": {"strikes": 3, "hand_limit": 2, "kids": False},
        "outcome": None,
    }
    assert RULES.view(state, 0)["you"] == {
        "seat": 0, "hand": [], "dice": [5, 3], "face_down": {"name": "jackpot"},
        "declared_verdict": "card",
    }
    assert RULES.view(state, 1)["you"] == {
        "seat": 1, "hand": ["revive"], "dice": None, "face_down": None, "declared_verdict": None,
    }
    assert {k: v for k, v in RULES.view(state, 1).items() if k != "you"} == spectator


def test_view_shows_the_last_call_after_it_is_revealed():
    state, _ = start(["skip", "revive"], (4, 3))
    state, _ = act(state, 0, declare(55))
    state, _ = act(state, 1, {"type": "call"}, [1, 1])
    assert RULES.view(state, None)["last_call"] == {
        "caller": 1, "declarer": 0, "score": 55, "dice": [4, 3], "card": None,
        "verdict": "bluff", "my_bad": False,
    }
    assert RULES.view(state, None)["seats"][0]["strikes"] == 1


def test_kids_view_shows_the_open_dice():
    state, _ = start(["skip", "revive"], (4, 3), kids=True)
    assert RULES.view(state, None)["open_dice"] == [4, 3]
