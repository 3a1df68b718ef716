"""Legal-action lists stay short and exact (issue #11): a roll, Loan Shark's amount and
Full House's re-roll are choices with domains; every action a choice allows is accepted,
and the roll choices allow exactly the rolls the rules allow."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.bare_bones import RULES
from games.bare_bones.data import CARD_NAMES, COLOURS, DICE_PER_COLOUR, die_colour
from games.bare_bones.pool import roll_options
from games.bare_bones.state import Aside, InPlay
from games.core import IllegalAction
from games.core.legal import expand, expand_all
from tests.support.harness import RandomDice, config, play_random

from .build import act, cards_played, dice_played, moves, rolled, rolls, table, with_turn
from .test_random_play import SETS

MAX_ITEMS = 100
SAMPLE = 150  # concrete actions posted per item at most (all of them when fewer)


def colours_of(action: dict) -> tuple[str, ...]:
    return tuple(sorted((die_colour(n) for n in action["supply_dice"]), key=COLOURS.index))


def check_every_action_is_accepted(state, seat: int, rng: random.Random) -> int:
    """Post every concrete action each listed item allows (a random sample of SAMPLE of
    the bigger ones); decide must accept each. Returns how many were posted."""
    posted = 0
    items = moves(state, seat)
    assert len(items) <= MAX_ITEMS
    for item in items:
        actions = list(expand(item))
        if len(actions) > SAMPLE:
            actions = rng.sample(actions, SAMPLE)
        for action in actions:
            assert RULES.decide(state, seat, action, RandomDice(rng)), action
            posted += 1
    return posted


def check_rolls_are_exact(state, seat: int) -> None:
    """The choices allow exactly the rolls the rules allow (as multisets of colours)."""
    offered = {colours_of(a) for a in expand_all(moves(state, seat))}
    assert offered == set(roll_options(state, seat))


@pytest.mark.parametrize("i", range(6))
def test_in_random_play_every_action_a_listed_item_allows_is_accepted(i):
    rng = random.Random(i)
    cfg = config(RULES, 2 + i % 3, first_player=None if i % 2 else 0, rounds=4,
                 action_set=SETS[i % len(SETS)])
    game = play_random(RULES, cfg, seed=31_000 + i, keep_states=True, check_timeouts=False)
    kinds: Counter = Counter()
    for state in game.states:
        for seat, kind in RULES.awaiting(state).items():
            kinds[kind] += 1
            check_every_action_is_accepted(state, seat, rng)
            if kind == "roll":
                check_rolls_are_exact(state, seat)
    assert kinds["roll"] and kinds["play"]


def random_play_area(rng: random.Random) -> list[InPlay]:
    """Dice Cards (Mimics and borrowed cards among them), and now and then Rainbow or
    Double Up: the cards that shape a roll."""
    cards = [rng.choice(COLOURS) for _ in range(rng.randint(1, 10))]
    area = []
    for colour in cards:
        how = rng.random()
        if how < 0.1:
            area.append(InPlay("mimic", colour))
        elif how < 0.2:
            area.append(InPlay(colour, colour, owner=1))
        else:
            area.append(InPlay(colour, colour))
    extra = rng.random()
    if extra < 0.2:
        area.append(InPlay("rainbow"))
    elif extra < 0.4:
        area.append(InPlay("double_up"))
    return area


def random_asides(rng: random.Random) -> list[Aside]:
    """Can't Touch This dice out of play (one of each colour version at most)."""
    colours = rng.sample(COLOURS, rng.randint(0, 3))
    return [Aside(f"cant_touch_this_{c}", 1 + rng.randrange(4)) for c in colours]


def test_roll_choices_allow_exactly_the_allowed_rolls_in_any_play_area():
    rng = random.Random(11)
    for _ in range(150):
        state = table(play={0: random_play_area(rng)}, aside={1: random_asides(rng)},
                      action_set="interplay")
        state = with_turn(state, step="roll")
        assert len(moves(state, 0)) <= MAX_ITEMS
        check_rolls_are_exact(state, 0)
        check_every_action_is_accepted(state, 0, rng)


def test_the_worst_roll_listing_of_issue_11_is_a_few_choices():
    # Two Yellow, four Purple, two Green, two Black, two White in play: 1,165 distinct
    # rolls, once listed one by one (the issue's worst case)
    state = table(play={0: dice_played(*["yellow"] * 2 + ["purple"] * 4 + ["green"] * 2
                                       + ["black"] * 2 + ["white"] * 2)})
    state = with_turn(state, step="roll")
    assert len(rolls(state)) == 1165
    items = moves(state, 0)
    assert len(items) <= 5 and all(item["type"] == "roll" for item in items)
    # one choice for each number of Purple cards rolling a Blue and a Red instead
    assert [item["choose"]["supply_dice"]["of"] for item in items] == [
        [4, 5, 12, 13, 14, 15, 16, 17, 20, 21, 24, 25],
        [0, 4, 5, 8, 12, 13, 14, 16, 17, 20, 21, 24, 25],
        [0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25],
        [0, 1, 2, 4, 5, 8, 9, 10, 12, 16, 17, 20, 21, 24, 25],
        [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 16, 17, 20, 21, 24, 25],
    ]
    assert all(item["choose"]["supply_dice"]["max_size"] == 6 for item in items)
    check_rolls_are_exact(state, 0)
    check_every_action_is_accepted(state, 0, random.Random(3))


def test_even_four_dice_cards_of_every_colour_and_more_purples_stay_a_few_choices():
    state = table(play={0: dice_played(*[c for c in COLOURS for _ in range(DICE_PER_COLOUR)],
                                       *["purple"] * 3)})
    state = with_turn(state, step="roll")
    assert len(roll_options(state, 0)) > 1165
    items = moves(state, 0)
    # four Blue and four Red cards already give every Blue and Red die: the Purple splits
    # add nothing, and one choice says it all (any six of the 28 dice; too many to expand)
    assert len(items) == 1 and items[0]["choose"]["supply_dice"]["of"] == list(range(28))


def test_double_up_lists_one_choice_for_each_pair_of_cards():
    state = table(play={0: cards_played("double_up") + dice_played(*COLOURS)})
    state = with_turn(state, step="roll")
    items = moves(state, 0)
    assert len(items) == 21  # the pairs of seven colours
    check_rolls_are_exact(state, 0)
    # two cards of each colour: pairs of one colour too, 28 choices at most
    state = table(play={0: cards_played("double_up") + dice_played(*COLOURS, *COLOURS)})
    state = with_turn(state, step="roll")
    assert len(moves(state, 0)) == 28
    check_rolls_are_exact(state, 0)


def test_a_hand_of_every_card_lists_at_most_100_items():
    state = table(players=4, hands={0: list(CARD_NAMES) * 2}, play={0: dice_played(*COLOURS)},
                  draws={0: ["white"] * 5})
    items = moves(state, 0)
    assert 60 < len(items) <= MAX_ITEMS
    check_every_action_is_accepted(state, 0, random.Random(5))


def test_loan_shark_is_one_choice_of_amount_and_full_house_one_of_dice():
    state = table(hands={0: ["loan_shark", "red"]}, draws={0: ["white"] * 5})
    assert moves(state, 0) == [
        {"type": "play_card", "card": "red"},
        {"type": "play_card", "card": "loan_shark", "choose": {"amount": {"minimum": 1,
                                                                          "maximum": 20}}},
        {"type": "stop_playing"}]
    state = rolled(table(play={0: cards_played("full_house") + dice_played("red", "blue")}),
                   "blue", 1, "red", 2)
    assert moves(state, 0) == [
        {"type": "reroll_full_house", "choose": {"dice": {"of": [0, 1], "min_size": 1,
                                                          "max_size": 2, "excluded": []}}},
        {"type": "keep_dice"}]


def test_a_roll_is_named_by_supply_dice_or_by_colours_the_same_either_way():
    state = with_turn(table(play={0: dice_played("purple", "white")}), step="roll")
    by_number, events = act(state, 0, {"type": "roll", "supply_dice": [8, 0, 24]}, [1, 2, 3])
    by_colour, again = act(state, 0, {"type": "roll", "dice": ["white", "red", "blue"]},
                           [1, 2, 3])
    assert [e.to_json() for e in events] == [e.to_json() for e in again]
    assert by_number == by_colour
    assert events[0].data["dice"] == [{"colour": "blue", "face": 1}, {"colour": "red", "face": 2},
                                      {"colour": "white", "face": 3}]


@pytest.mark.parametrize("action", [
    {"type": "roll"},
    {"type": "roll", "dice": ["red"], "supply_dice": [8]},
    {"type": "roll", "supply_dice": [8, 8]},
    {"type": "roll", "supply_dice": [28]},
    {"type": "roll", "supply_dice": [-1]},
    {"type": "roll", "supply_dice": ["red"]},
])
def test_a_roll_naming_its_dice_badly_is_malformed(action):
    state = with_turn(table(play={0: dice_played("red")}), step="roll")
    with pytest.raises(IllegalAction) as err:
        act(state, 0, action)
    assert err.value.code == "malformed_action"

