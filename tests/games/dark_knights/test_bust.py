"""A roll busts exactly when no set-aside is listed: rules.can_set_aside decides it
without listing them (set_asides.py lists them for legal_actions)."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

from games.dark_knights.rules import can_set_aside
from games.dark_knights.set_asides import set_aside_actions
from games.dark_knights.state import Combination, die_showing

# Sets a roll may follow, by the dice in them (die number, face): none; dark aces alone;
# a light 4 pair; dark aces alone and 5s; 4s and light aces (10s); 6s with a dark ace
# (once dark aces alone) and 3s; 2s, 3s and 5s.
SETS: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = (
    (),
    (((0, 1), (1, 1)),),
    (((3, 4), (4, 4)),),
    (((0, 1), (1, 1)), ((2, 5), (3, 5))),
    (((0, 4), (3, 4)), ((4, 1), (5, 1))),
    (((0, 1), (3, 6)), ((1, 3), (4, 3))),
    (((0, 2), (3, 2)), ((1, 3), (4, 3)), ((2, 5), (5, 5))),
)


def combinations_of(dice_by_combination: tuple[tuple[tuple[int, int], ...], ...]
                    ) -> tuple[Combination, ...]:
    return tuple(Combination.of(tuple(die_showing(n, f) for n, f in dice))
                 for dice in dice_by_combination)


def tables(free: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """Every kind of table the free dice can show: dice of a shade and face are equal,
    so the dark dice's faces and the light dice's faces count as multisets."""
    dark, light = [n for n in free if n < 3], [n for n in free if n >= 3]
    shades = [combinations_with_replacement(range(1, 7), len(dark)),
              combinations_with_replacement(range(1, 7), len(light))]
    return [tuple(zip(dark + light, d + light_faces))
            for d, light_faces in product(*map(list, shades))]


def test_a_roll_busts_exactly_when_nothing_can_be_set_aside() -> None:
    checked = busts = 0
    for held in SETS:
        combinations = combinations_of(held)
        taken = {d.die for c in combinations for d in c.dice}
        for shown in tables([n for n in range(6) if n not in taken]):
            table = tuple(die_showing(n, f) for n, f in shown)
            listed = bool(set_aside_actions(table, combinations))
            assert can_set_aside(table, combinations) == listed, (held, shown)
            checked += 1
            busts += not listed
    assert checked > 56 * 56 and busts > 0
