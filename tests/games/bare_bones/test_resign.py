"""Resigning (RULINGS, "Resigning (every game)"): a seat still in play may resign at any
time, in or out of turn; it leaves the turn and draft order, its cards leave play (the
supply is unchanged; a Can't Touch This die goes back to it), it is ranked below every
player who did not resign, the later resigner higher, and its running score is kept.
A pending bonus match of it is declined first. One player left wins at once."""

from __future__ import annotations

import pytest

from games.bare_bones import RULES
from games.bare_bones.basic import basic
from games.bare_bones.state import Aside, InPlay, State, owned_cards
from games.core import IllegalAction
from games.core.bots import Rng, Seen
from tests.support.harness import config, play_random

from .build import RESIGN, act, dice_played, moves, plain, started, table, types, with_turn
from .test_random_play import SETS, audit, cards_in_game

WHITES = ["white"] * 10


def resign(state: State, seat: int, dice=()):
    return act(state, seat, RESIGN, dice)


def refused(state: State, seat: int, action: dict, code: str) -> None:
    with pytest.raises(IllegalAction) as err:
        act(state, seat, action)
    assert err.value.code == code


# --- who may resign, and when ------------------------------------------------------------------

def test_resign_is_offered_to_every_seat_in_play_in_and_out_of_turn():
    state = table(players=3, hands={0: ["red"]}, draws={0: WHITES})
    assert moves(state, 0)[-1] == {"type": "stop_playing"}  # awaited: its moves, then resign
    assert RULES.legal_actions(state, 1) == [RESIGN] == RULES.legal_actions(state, 2)
    assert RESIGN not in [RULES.timeout_action(state, 0)]


def test_the_active_player_resigning_ends_its_turn_and_the_next_seat_in_play_plays():
    state = table(players=3, hands={0: ["red", "greed"], 1: ["blue"]},
                  draws={0: WHITES, 1: WHITES}, discards={0: ["black"]}, scores={0: 9})
    state, _ = act(state, 0, {"type": "play_card", "card": "red"})
    supply = state.supply
    state, events = resign(state, 0)
    assert plain(events) == [
        ("player_resigned", {"seat": 0, "returned": []}),
        ("turn_started", {"turn": 1, "round": 1, "seat": 1, "coins": 0, "extra_draws": 0})]
    assert RULES.awaiting(state) == {1: "play"}
    assert state.supply == supply  # its cards leave the game: nothing goes back to the supply
    assert owned_cards(state, 0) == [] and state.seats[0].score == 9
    assert state.resigned == (0,)


def test_a_seat_resigns_out_of_turn_and_its_turns_are_skipped():
    state = table(players=3, draws={0: WHITES, 2: WHITES})
    state, events = resign(state, 1)
    assert plain(events) == [("player_resigned", {"seat": 1, "returned": []})]
    assert RULES.awaiting(state) == {0: "play"}
    state, events = act(state, 0, {"type": "stop_playing"})
    started_turns = [e.data for e in events if e.type == "turn_started"]
    assert started_turns == [{"turn": 2, "round": 1, "seat": 2, "coins": 0, "extra_draws": 0}]
    state, events = act(state, 2, {"type": "stop_playing"})
    assert [e.data["seat"] for e in events if e.type == "turn_started"] == [0]
    assert [e.data["turn"] for e in events if e.type == "turn_started"] == [3]


def test_resigning_while_rolling_or_buying_ends_the_turn_the_dice_back_to_the_supply():
    state = table(players=3, play={0: dice_played("red", "white")}, draws={1: WHITES})
    state, _ = act(state, 0, {"type": "stop_playing"})
    assert RULES.awaiting(state) == {0: "roll"}
    state, events = resign(state, 0)
    assert types(events) == ["player_resigned", "turn_started"]
    assert state.turn is not None and state.turn.seat == 1 and state.turn.dice == ()
    state = table(players=3, draws={1: WHITES})
    state = with_turn(state, step="buy", scored=True, coins=9)
    state, events = resign(state, 0)
    assert types(events) == ["player_resigned", "turn_started"]


# --- what leaves play --------------------------------------------------------------------------

def test_a_pending_bonus_match_is_declined_first():
    state = table(players=3, play={0: dice_played("red", "red")},
                  hands={1: ["red", "blue"]}, draws={0: WHITES, 1: WHITES, 2: WHITES})
    state, _ = act(with_turn(state, step="buy", scored=True, coins=0), 0,
                   {"type": "end_buying"})
    assert RULES.awaiting(state) == {1: "bonus_match"}
    state, events = resign(state, 1)
    assert types(events)[:3] == ["matching_ended", "player_resigned", "turn_ended"]
    assert events[0].data == {"seat": 1}
    assert [e.data for e in events if e.type == "turn_started"] == [
        {"turn": 2, "round": 1, "seat": 2, "coins": 0, "extra_draws": 0}]


def test_the_next_player_in_play_is_asked_to_bonus_match():
    state = table(players=3, play={0: dice_played("red", "red")},
                  hands={2: ["red"]}, draws={0: WHITES, 1: WHITES, 2: WHITES})
    state, _ = resign(state, 1)
    state, _ = act(with_turn(state, step="buy", scored=True, coins=0), 0,
                   {"type": "end_buying"})
    assert RULES.awaiting(state) == {2: "bonus_match"}


def test_its_cards_leave_play_and_its_cant_touch_this_die_goes_back_to_the_supply():
    state = table(players=3, hands={1: ["red", "hot_potato"]}, draws={1: ["black"]},
                  discards={1: ["green"]}, play={1: [InPlay("blue", "blue", None, True)]},
                  aside={1: [Aside("cant_touch_this_red", 3)]})
    assert RULES.view(state, 0)["dice_available"]["red"] == 3
    total = cards_in_game(state)
    state, _ = resign(state, 1)
    assert cards_in_game(state) == total - 6  # 2 in hand, 1 drawn, 1 discarded, 1 matched, CTT
    seat = state.seats[1]
    assert (seat.hand, seat.draw_rest, seat.discard, seat.play, seat.aside) == ((),) * 5
    view = RULES.view(state, 0)
    assert view["dice_available"]["red"] == 4 and view["seats"][1]["resigned"] is True
    assert view["resigned"] == [1] and view["seats"][1]["cards_owned"] == 0


def test_its_coins_and_loan_leave_the_game_and_its_score_is_kept():
    state = table(players=3, scores={1: 17}, seats={1: {"owed": 5, "carry": 4}})
    state, _ = resign(state, 1)
    assert (state.seats[1].score, state.seats[1].owed, state.seats[1].carry) == (17, 0, 0)


def test_the_resigning_active_player_gives_borrowed_cards_back():
    state = table(players=3, play={0: [InPlay("black", "black", 2)]}, draws={1: WHITES},
                  hands={2: ["red"]})
    state, events = resign(state, 0)
    assert events[0].data == {"seat": 0, "returned": [{"card": "black", "to": 2}]}
    assert sorted(state.seats[2].hand) == ["black", "red"]


def test_a_card_lent_by_the_resigning_seat_stays_for_the_turn_then_leaves_play():
    state = table(players=3, play={0: [InPlay("black", "black", 1)]},
                  draws={0: WHITES, 2: WHITES})
    state, _ = resign(state, 1)
    assert state.seats[0].play == (InPlay("black", "black", 1),)
    state, events = act(state, 0, {"type": "stop_playing"})
    state, events = act(state, 0, {"type": "roll", "dice": ["black"]}, dice=[1])
    ended = [e.data for e in events if e.type == "turn_ended"]
    assert ended and ended[0]["returned"] == [] and ended[0]["played"] == []
    assert all("black" not in s.hand + s.discard for s in state.seats)


def test_a_joyride_waiting_to_borrow_from_the_resigning_seat_borrows_nothing():
    state = table(players=3, hands={0: ["joyride"], 2: ["red", "black"]},
                  draws={0: WHITES, 2: WHITES})
    state, _ = act(state, 0, {"type": "play_card", "card": "joyride", "target": 2})
    assert RULES.awaiting(state) == {0: "joyride"}
    state, events = resign(state, 2)
    assert types(events) == ["player_resigned"]
    assert RULES.awaiting(state) == {0: "play"}
    assert RULES.view(state, 1)["turn"]["revealed_hands"] == []


def test_joyride_and_hot_potato_target_only_seats_in_play():
    state = table(players=3, hands={0: ["joyride"], 1: ["red"]}, draws={0: WHITES})
    state, _ = resign(state, 1)
    assert [a["target"] for a in moves(state, 0) if a.get("card") == "joyride"] == [2]
    refused(state, 0, {"type": "play_card", "card": "joyride", "target": 1},
            "no_such_opponent")
    state = table(players=3, play={0: [InPlay("hot_potato")]}, draws={0: WHITES})
    state, _ = resign(state, 2)
    state = with_turn(state, step="end", scored=True)
    assert moves(state, 0) == [{"type": "place_hot_potato", "onto": None},
                               {"type": "place_hot_potato", "onto": 1}]
    refused(state, 0, {"type": "place_hot_potato", "onto": 2}, "no_such_opponent")


# --- the draft -----------------------------------------------------------------------------------

def test_resigning_during_the_draft_skips_its_picks():
    state = started(3)
    state, _ = act(state, 0, {"type": "draft", "card": "red"})
    state, events = resign(state, 1)
    assert types(events) == ["player_resigned"] and RULES.awaiting(state) == {2: "draft"}
    seats = []
    while state.phase == "draft":
        (seat,) = RULES.awaiting(state)
        seats.append(seat)
        state, events = act(state, seat, {"type": "draft", "card": "blue"},
                            dice=[1] * 10 if len(seats) == 5 else [])
    assert seats == [2, 0, 2, 0, 2]
    assert [e.data["seat"] for e in events if e.type == "cards_drawn"] == [0, 2]
    assert RULES.awaiting(state) == {0: "play"}
    assert RULES.view(state, 0)["draft"] == {"picks": 6, "total": 3 + 0 + 3}


def test_the_last_drafter_resigning_ends_the_draft():
    state = started(3)
    for seat, card in zip([0, 1, 2, 0, 1, 2, 0, 1], ["blue", "white"] * 4):
        state, _ = act(state, seat, {"type": "draft", "card": card})
    assert RULES.awaiting(state) == {2: "draft"}
    state, events = resign(state, 2, dice=[1] * 9)
    assert types(events)[0] == "player_resigned"
    assert [e.data["seat"] for e in events if e.type == "cards_drawn"] == [0, 1]
    assert RULES.awaiting(state) == {0: "play"}


def test_the_first_player_resigning_in_the_draft_gives_the_first_turn_to_the_next():
    state = started(3)
    state, _ = resign(state, 0)
    for seat in [1, 2, 1, 2, 1]:
        state, _ = act(state, seat, {"type": "draft", "card": "blue"})
    state, events = act(state, 2, {"type": "draft", "card": "white"}, dice=[1] * 10)
    assert [e.data for e in events if e.type == "turn_started"] == [
        {"turn": 1, "round": 1, "seat": 1, "coins": 0, "extra_draws": 0}]


# --- the end and the ranking ---------------------------------------------------------------------

def test_one_player_left_wins_at_once_whatever_the_scores():
    state = table(players=2, scores={0: 40, 1: 3}, hands={1: ["red"]})
    state, events = resign(state, 0)
    assert types(events) == ["player_resigned", "game_over"]
    outcome = RULES.outcome(state)
    assert outcome["winners"] == [1] and outcome["ranking"] == [[1], [0]]
    assert outcome["scores"] == {"0": 40, "1": 3 + 3}
    assert RULES.awaiting(state) == {}
    assert RULES.legal_actions(state, 0) == [] == RULES.legal_actions(state, 1)


def test_one_player_left_in_the_draft_wins():
    state = started(2)
    state, events = resign(state, 1)
    assert types(events) == ["player_resigned", "game_over"]
    assert RULES.outcome(state)["ranking"] == [[0], [1]]


def test_resigned_players_rank_below_the_others_the_later_one_higher():
    state = table(players=4, rounds=1, scores={1: 50, 2: 5, 3: 40},
                  draws={0: WHITES, 2: WHITES})
    state, _ = resign(state, 3)
    state, _ = resign(state, 1)
    state, events = act(state, 0, {"type": "stop_playing"})
    assert [e.data["seat"] for e in events if e.type == "turn_started"] == [2]
    state, events = act(state, 2, {"type": "stop_playing"})
    assert types(events)[-1] == "game_over"
    outcome = RULES.outcome(state)
    assert outcome["ranking"] == [[2], [0], [1], [3]] and outcome["winners"] == [2]
    assert outcome["scores"]["1"] == 50 and outcome["scores"]["3"] == 40
    assert events[-1].data["breakdown"]["1"]["cards"] == 0


def test_a_resignation_can_make_the_current_turn_the_last():
    state = table(players=3, rounds=1, active=1, number=1, draws={1: WHITES})
    state, events = resign(state, 2)
    assert types(events) == ["player_resigned"]
    state, events = act(state, 1, {"type": "stop_playing"})
    assert types(events)[-1] == "game_over"


# --- refusals, awaiting, bots ---------------------------------------------------------------------

def test_a_resigned_seat_is_never_awaited_and_lists_no_action():
    state = table(players=3, draws={0: WHITES, 2: WHITES})
    state, _ = resign(state, 1)
    for _ in range(6):
        assert 1 not in RULES.awaiting(state) and RULES.legal_actions(state, 1) == []
        (seat,) = RULES.awaiting(state)
        state, _ = act(state, seat, {"type": "stop_playing"})


def test_a_second_resign_or_any_action_of_a_resigned_seat_is_not_in_play():
    state = table(players=3, draws={0: WHITES})
    state, _ = resign(state, 0)
    refused(state, 0, RESIGN, "not_in_play")
    refused(state, 0, {"type": "stop_playing"}, "not_in_play")


def test_resign_after_the_game_is_over_is_game_over():
    state = table(players=2)
    state, _ = resign(state, 0)
    refused(state, 1, RESIGN, "game_over")


def test_the_bot_never_resigns():
    state = table(players=2, hands={0: ["red", "greed"]}, draws={0: WHITES})
    for seat in (0, 1):
        seen = Seen(seat=seat, view=RULES.view(state, seat),
                    legal=RULES.legal_actions(state, seat), events=())
        if RULES.awaiting(state).get(seat):
            assert basic(seen, Rng(1))["type"] != "resign"


# --- random play with resignations -------------------------------------------------------------

def test_random_games_with_resignations_end_with_a_valid_outcome_and_conserve_cards():
    resignations = 0
    for i in range(40):
        players = 2 + i % 3
        cfg = config(RULES, players, first_player=None if i % 2 else 0, rounds=2 + i % 3,
                     action_set=SETS[i % 6])
        game = play_random(RULES, cfg, seed=70_000 + i, keep_states=True, check_timeouts=i % 4 == 0,
                           resign=0.02)
        states = [RULES.evolve(None, game.events[0])] + game.states
        left = 0
        for before, event, after in zip(states, game.events[1:], states[1:]):
            if event.type == "player_resigned":
                resignations += 1
                left += len(owned_cards(before, event.data["seat"]))
            assert cards_in_game(after) == 98 + 7 * players - left
            check_state_but_cards(after)
        outcome = RULES.outcome(game.state)
        ranked = [s for group in outcome["ranking"] for s in group]
        assert sorted(ranked) == list(range(players))
        gone = list(game.state.resigned)
        assert ranked[len(ranked) - len(gone):] == gone[::-1]
        audit(game.events, players, outcome)
    assert resignations > 20


def check_state_but_cards(state: State) -> None:
    """check_state's promises but the card count (cards leave the game with a resigner)."""
    assert state.turn is None or state.turn.coins >= 0
    assert all(s.owed >= 0 and s.carry >= 0 for s in state.seats)
    assert all(n >= 0 for _, n in state.supply)
    assert all(s not in state.resigned for s in RULES.awaiting(state))
    for seat in state.resigned:
        assert RULES.legal_actions(state, seat) == []

