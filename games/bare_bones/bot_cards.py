"""How a Bare Bones bot plays its cards (stage 1: card playing), and answers Swap Meet
and Joyride: what each Action Card is worth now, the set of them that fits the Action
Units, and the order they are played in. Used by `basic` (games/bare_bones/basic.py),
whose card play the strong level keeps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from games.core.bots import Rng

from .bot_table import (
    ACTION_WORTH,
    DOUBLERS,
    DRAWS_NOW,
    HOT_POTATO_PENALTY,
    SAMPLES,
    Action,
    Table,
    coin_value,
)
from .data import ACTION_CARDS, FACES, FINAL_POINT_VALUE, MAX_DICE, cost, is_dice_card, stack_of
from .state import Die


def dice_pool(table: Table, extra: Sequence[str] = ()) -> list[str]:
    """The colours the turn will likely roll: Dice Cards in play and in hand, best six."""
    colours = [p["colour"] for p in table.play_area if p.get("colour")]
    colours += [c for c in table.hand if is_dice_card(c)] + list(extra)
    colours.sort(key=lambda c: -table.die_mean(c))
    return colours[:MAX_DICE]


def sample_dice(colours: Sequence[str], rng: Rng) -> list[Die]:
    out = []
    for colour in colours:
        faces = FACES[colour]
        out.append(Die(colour=colour, face=faces[rng.below(len(faces))]))  # type: ignore[arg-type]
    return out


def doubling_gain(table: Table, card: str, rng: Rng) -> float:
    """What a doubling card adds to this turn's dice, by sampling them."""
    pool = dice_pool(table)
    if card == "rainbow":
        pool = list(dict.fromkeys(pool))
    if card == "full_house":
        pool = (pool + ["blue"] * 5)[:max(5, len(pool))]
    if not pool:
        return 0.0
    base = sum(table.die_mean(c) for c in pool)
    total = 0.0
    for _ in range(SAMPLES):
        value = table.dice_value(sample_dice(pool, rng), card)
        if card == "full_house":   # a second roll of the dice that missed
            value = max(value, table.dice_value(sample_dice(pool, rng), card))
        total += value
    gain = total / SAMPLES - (sum(table.die_mean(c) for c in dice_pool(table))
                              if card == "full_house" else base)
    return gain + (2.0 if card in DRAWS_NOW else 0.0)


def dice_count(table: Table) -> int:
    return len([p for p in table.play_area if p.get("colour")])


def potential_dice(table: Table) -> int:
    return dice_count(table) + sum(1 for c in table.hand if is_dice_card(c))


def swap_plan(table: Table, value_so_far: int,
              include_hand: Sequence[str]) -> tuple[float, list[str], str | None]:
    """Swap Meet: the best (gain, cards to return, card to take) from the cards that are
    cheap to give up (Hot Potatoes, Action Cards, and White cards near the end)."""
    candidates = [c for c in include_hand if c == "hot_potato"
                  or (not is_dice_card(c) and c != "swap_meet")
                  or (c == "white" and table.turns_left <= 2)
                  or (c == "blue" and table.turns_left <= 4)]
    keep_worth = {c: (-HOT_POTATO_PENALTY if c == "hot_potato" else
                      table.die_mean(c) + FINAL_POINT_VALUE.get(c, 0) if is_dice_card(c)
                      else 0.5) for c in candidates}
    supply = [s["card"] for s in table.view["supply"] if s["count"] > 0 and is_dice_card(s["card"])]
    best: tuple[float, list[str], str | None] = (0.0, [], None)
    subsets = [list(s) for k in range(len(candidates) + 1)
               for s in combinations(candidates, k)][:64]
    for target in supply:
        need = cost(target) - value_so_far
        worth = (FINAL_POINT_VALUE[target] + table.die_mean(target)
                 + 0.3 * table.turns_left * table.die_mean(target))
        for subset in subsets:
            if sum(cost(c) for c in subset) < need:
                continue
            gain = worth - sum(keep_worth[c] for c in subset)
            if gain > best[0]:
                best = (gain, subset, target)
    return best


def action_value(table: Table, action: Action, rng: Rng) -> float:
    """What playing an Action Card now is worth, in points."""
    card = stack_of(action["card"])
    dice_now, dice_max = dice_count(table), potential_dice(table)
    if card == "greed":
        return 6.0
    if card == "hot_potato":
        return 20.0 if table.view["players"] > 1 else -1.0
    if card in DOUBLERS:
        return doubling_gain(table, card, rng)
    if card == "double_up":
        pool = dice_pool(table)
        if not pool:
            return 0.0
        top = sorted((table.die_mean(c) for c in pool), reverse=True)
        return 2 * sum(top[:2]) - sum(top) - 0.5
    if card == "joyride":
        return 3.0 if dice_max < MAX_DICE else 0.2
    if card == "mimic":
        if dice_max >= MAX_DICE or not dice_now:
            return 0.0
        return table.die_mean(action["copy"])
    if card == "re_re_roll":
        return 2.0 if dice_max else 0.0
    if card == "cant_touch_this":
        return 1.0
    whites = sum(1 for c in dice_pool(table) if c == "white")
    points = sum(table.die_mean(c) for c in dice_pool(table) if c != "white")
    if card == "point_pro":
        return whites * 3.33 * (1 - table.cv) - 0.1
    if card == "straight_cash":
        return points * (table.cv - 1) - 0.1 if table.turns_left >= 8 else -1.0
    if card == "keep_the_change":
        return 0.3 if table.turns_left > 0 else -1.0
    if card == "yard_sale":
        return yard_sale_gain(table, action["returned"])
    if card == "swap_meet":
        rest = [c for c in table.hand if c != "swap_meet"]
        return swap_plan(table, 0, rest)[0] - 1.0
    return -1.0   # loan_shark: a loan costs 2 points a coin left unpaid; never taken


def yard_sale_gain(table: Table, card: str) -> float:
    coins = max(0, cost(card) - 1) * table.cv
    if card == "hot_potato":
        return coins + HOT_POTATO_PENALTY
    if card in ("yard_sale",):
        return -1.0
    if not is_dice_card(card):
        return coins - 2.0 - ACTION_WORTH.get(stack_of(card), 1.0) * 0.3 * table.turns_left
    keep = (table.die_mean(card) + FINAL_POINT_VALUE[card]
            + 0.3 * table.turns_left * table.die_mean(card, cv=coin_value(table.turns_left // 2)))
    return coins - keep


PLAY_ORDER = ("hot_potato", "greed", *DRAWS_NOW, "swap_meet", "yard_sale", "full_house")


def play(table: Table, actions: list[Action], rng: Rng) -> Action:
    kinds = {a["type"] for a in actions}
    if "draw_red" in kinds:
        return {"type": "draw_red"}
    plays = [a for a in actions if a["type"] == "play_card"]
    action_plays = [a for a in plays if not is_dice_card(a["card"])
                    and stack_of(a["card"]) != "loan_shark"]
    # the best Action Card of each name, then the set that fits the Action Units
    best_of: dict[str, tuple[float, Action]] = {}
    for a in action_plays:
        value = action_value(table, a, rng)
        name = stack_of(a["card"])
        if name not in best_of or value > best_of[name][0]:
            best_of[name] = (value, a)
    chosen = plan_units(table, best_of)
    for name in PLAY_ORDER:
        if name in chosen:
            return chosen[name]
    dice_plays = [a for a in plays if is_dice_card(a["card"])]
    if dice_plays and dice_count(table) < MAX_DICE:
        return max(dice_plays, key=lambda a: table.die_mean(a["card"]))
    for name in ("joyride", "mimic"):
        if name in chosen:
            return chosen[name]
    if chosen:
        return max(chosen.values(), key=lambda a: best_of[stack_of(a["card"])][0])
    return {"type": "stop_playing"}


def plan_units(table: Table, best_of: Mapping[str, tuple[float, Action]]) -> dict[str, Action]:
    """The Action Cards worth playing that fit the Action Units left (at most one Point
    Pro or Straight Cash), by total value."""
    names = [n for n, (v, _) in best_of.items() if v > 0]
    best: tuple[float, tuple[str, ...]] = (0.0, ())
    for k in range(1, min(len(names), 5) + 1):
        for group in combinations(names, k):
            if sum(ACTION_CARDS[n].units for n in group) > table.units_left:
                continue
            if "point_pro" in group and "straight_cash" in group:
                continue
            if sum(1 for n in group if n in DOUBLERS) > 1:
                continue
            value = sum(best_of[n][0] for n in group)
            if value > best[0]:
                best = (value, group)
    return {n: best_of[n][1] for n in best[1]}


# --- swap meet, joyride ---------------------------------------------------------------------------

def swap(table: Table, actions: list[Action]) -> Action:
    value = table.turn.get("swap_value", 0)
    _gain, returns, target = swap_plan(table, value, table.hand)
    takes = {a["card"] for a in actions if a["type"] == "swap_take"}
    if target is not None and not returns and target in takes:
        return {"type": "swap_take", "card": target}
    if target is not None and returns:
        return {"type": "swap_return", "card": returns[0]}
    if takes:   # something is already paid for: take the best of it
        card = max(takes, key=lambda c: (FINAL_POINT_VALUE.get(c, 0) + table.die_mean(c)
                                         if is_dice_card(c) else 0.0, cost(c)))
        return {"type": "swap_take", "card": card}
    return {"type": "swap_finish"}


def borrow(table: Table, actions: list[Action]) -> Action:
    return max(actions, key=lambda a: table.die_mean(a["card"]))
