"""Issue #33 item 1, measured: today a seat colluding with the server chooses another
seat's dice.

The shill sits last, is told the server seed, reads the other seats' client seeds in the
lobby (they are public, and fixed only by the start) and grinds its own
(tests/fairness/grind.py). `test_today_a_colluding_last_seat_chooses_seat_0s_first_roll`
shows the weakness exists: a bounded search finds a seed that gives seat 0 five 1s in
its first Snake Bones roll, and the real rules, with the service's dice, roll exactly
that.

When the committed seeds of docs/decisions/0029-committed-seeds.md land, this test is
flipped into the property test of the new scheme (it then lives on under the name
`test_no_colluding_seat_chooses_another_seats_dice`): the shill commits to its seed
before any seed is revealed, so the only seeds it can grind against are guesses of
seat 0's; the test then asserts that, for every seed it finds that way, the roll the
game makes once seat 0 reveals its own random seed is not the chosen one more often
than chance allows, and that the shill's other choice (withholding its seed, recorded
in `client_seeds_fixed`) is the only other outcome.
`test_a_seed_ground_against_a_guess_chooses_nothing` below already has that shape: it
holds today and must hold after.

Deterministic (fixed seeds, a fixed enumeration of tries): no timing is asserted here;
the tries and seconds measured are in docs/fairness.md.
"""

from __future__ import annotations

from typing import Any

from games import registry
from games.core import GameConfig, replay
from games.core.fairness import HmacDice
from games.core.options import resolve_options

from .grind import FIVE_ONES, GAME_ID, HONEST_SEEDS, SERVER_SEED, dice, grind

# A five-1s roll has chance 6**-5 (1 in 7,776) per try: the search is bounded well above
# the tries it needs with these seeds, and the enumeration is fixed, so it never flakes.
TRIES = 200_000


def first_roll_of_seat_0(client_seeds: tuple[str, ...]) -> tuple[int, ...]:
    """Seat 0's dice in the first round of a two-seat Snake Bones game whose first bidder
    is seat 0, rolled by the real rules with the service's dice."""
    rules = registry.get("snake-bones")
    rolling = HmacDice(SERVER_SEED, GAME_ID, client_seeds)
    events: list[Any] = list(rules.setup(
        GameConfig(2, resolve_options(rules.options, {}), 0), rolling))
    for seat in (0, 1):
        events += rules.decide(replay(rules, events), seat, {"type": "stake", "coins": 1},
                               rolling)
    rolled = next(e for e in events if e.type == "dice_rolled")
    return tuple(rolled.private[0].dice)


def test_today_a_colluding_last_seat_chooses_seat_0s_first_roll() -> None:
    found = grind(SERVER_SEED, GAME_ID, HONEST_SEEDS, FIVE_ONES, first_nonce=0, limit=TRIES)
    assert found is not None, f"no seed in {TRIES} tries"
    assert first_roll_of_seat_0((*HONEST_SEEDS, found.seed)) == FIVE_ONES
    # The game does roll it: seat 0's honest seed was in the message, yet the shill,
    # knowing it and the server seed, chose the dice.


def test_a_seed_ground_against_a_guess_chooses_nothing() -> None:
    """The shape of the property test to come: a shill that has to fix its seed before
    seat 0's seed is known grinds against a guess (here: that seat 0 sets none), and the
    seed it finds does not give seat 0 the roll once seat 0's own seed is in."""
    guessed = grind(SERVER_SEED, GAME_ID, ("",), FIVE_ONES, first_nonce=0, limit=TRIES)
    assert guessed is not None
    assert dice(SERVER_SEED, GAME_ID, ("", guessed.seed), 0, 5) == list(FIVE_ONES)
    assert first_roll_of_seat_0((*HONEST_SEEDS, guessed.seed)) != FIVE_ONES
