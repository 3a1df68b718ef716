"""The rulebook's worked example, played move for move with scripted dice.

Player 0 has started Build Piles A (bubbles 1-6) and B (1-4) and holds an 8 under a 5 in
the first Stockpile; player 1 has piles waiting for a 9 (C) and a 7 (D), to show how the
others use the called Bonus Die values.
"""

from __future__ import annotations

from games.skip_bo_dice import RULES

from .build import (
    SB, act, claim, die, fill, next_turn, plain, rolls, start, state_of, up_to, written,
)

EXAMPLE_ROLL = [3, 7, SB, 4, 4, 9]  # Number Dice 0-2 odd, 3-4 even; die 5 is the Bonus Die


def example_turn_start():
    events = (start(2) + up_to(0, "A", 6) + up_to(0, "B", 4) + written(0, 0, [8, 5])
              + up_to(1, "C", 8) + up_to(1, "D", 6) + next_turn(2, 0, EXAMPLE_ROLL))
    fills = sum(e.type == "bubble_filled" for e in events)
    return state_of(events), fills


def test_worked_example_move_for_move():
    state, fills = example_turn_start()
    assert RULES.awaiting(state) == {0: "fill"}
    assert [v["value"] for v in RULES.view(state, None)["bonus_values"]] == [9]

    # 1: the 7 into pile A, its star collected; the 7 die is set aside.
    state, events = act(state, 0, die("A", 1))
    assert plain(events) == [("bubble_filled", {
        "seat": 0, "pile": "A", "bubble": 7, "mark": 7, "star": "collected",
        "source": {"kind": "die", "die": 1}})]
    assert state.used == (False, True, False, False, False, False)

    # 2: the 8 is under the 5: the 8 cannot be used yet; the 5 goes onto pile B with its star.
    assert {"type": "fill", "pile": "A", "source": {"kind": "stockpile", "stockpile": 0}} \
        not in RULES.legal_actions(state, 0)
    state, events = act(state, 0, fill("B", "stockpile", stockpile=0))
    assert plain(events) == [("bubble_filled", {
        "seat": 0, "pile": "B", "bubble": 5, "mark": 5, "star": "collected",
        "source": {"kind": "stockpile", "stockpile": 0, "box": 1}})]

    # 3: the 8 is now available for pile A.
    state, events = act(state, 0, fill("A", "stockpile", stockpile=0))
    assert plain(events) == [("bubble_filled", {
        "seat": 0, "pile": "A", "bubble": 8, "mark": 8, "star": None,
        "source": {"kind": "stockpile", "stockpile": 0, "box": 0}})]

    # 4: the Bonus Die's 9 onto pile A; the Bonus Die is rolled again at once: a 3.
    state, events = act(state, 0, die("A", 5), dice=rolls([5], [3]))
    assert plain(events) == [
        ("bubble_filled", {"seat": 0, "pile": "A", "bubble": 9, "mark": 9, "star": None,
                           "source": {"kind": "die", "die": 5}}),
        ("bonus_die_rolled", {"seat": 0, "value": 3, "value_index": 1}),
    ]
    assert state.dice[5] == 3 and state.shown == (9, 3)

    # The other player uses the called 9 on their pile C.
    state, events = act(state, 1, claim(2, 0, "C"))
    assert plain(events) == [("bubble_filled", {
        "seat": 1, "pile": "C", "bubble": 9, "mark": 9, "star": None,
        "source": {"kind": "claim", "turn": 2, "value_index": 0}})]

    # 5-6: the Skip-Bo into bubble 10 of pile A: S written, star crossed, 1st reward circled.
    state, events = act(state, 0, die("A", 2))
    assert plain(events) == [
        ("bubble_filled", {"seat": 0, "pile": "A", "bubble": 10, "mark": SB, "star": "crossed",
                           "source": {"kind": "die", "die": 2}}),
        ("pile_completed", {"seat": 0, "pile": "A", "place": 1, "reward": 3,
                            "moment": f"fill:{fills + 5}", "shared": False}),
    ]
    board = RULES.view(state, 0)["seats"][0]
    assert board["piles"]["A"]["stars"] == {"5": "collected", "7": "collected", "10": "crossed"}
    assert board["piles"]["A"]["completed"] == {"place": 1, "reward": 3}
    assert RULES.view(state, 0)["completions"]["A"] == {"moments": 1, "next_reward": 2}

    # Nothing else fits from the dice (3, 4, 4 and the Bonus Die's 3).
    assert not [a for a in RULES.legal_actions(state, 0)
                if a["type"] == "fill" and a["source"]["kind"] == "die"]

    # 7: a re-roll of all unused dice: 4, 5, 10 on the Number Dice and 7 on the Bonus Die.
    state, events = act(state, 0, {"type": "reroll", "dice": [0, 3, 4, 5]},
                        dice=rolls([0, 3, 4, 5], [5, 4, 10, 7]))
    assert plain(events) == [("dice_rerolled", {"seat": 0, "dice": [0, 3, 4, 5],
                                                "faces": [5, 4, 10, 7], "rerolls_left": 2})]
    assert state.dice == (5, 7, SB, 4, 10, 7) and state.shown == (9, 3, 7)
    assert not [a for a in RULES.legal_actions(state, 0)
                if a["type"] == "fill" and a["source"]["kind"] == "die"]

    # The other player uses the newly called 7 on pile D, collecting its star.
    state, events = act(state, 1, claim(2, 2, "D"))
    assert plain(events)[0][1]["star"] == "collected"

    # 8: done; every player chooses; the 10 goes into the first Stockpile (3 boxes now).
    state, events = act(state, 0, {"type": "done"})
    assert plain(events) == [("turn_done", {"seat": 0, "choosers": [0, 1]})]
    assert RULES.awaiting(state) == {0: "stockpile", 1: "stockpile"}
    state, events = act(state, 0, {"type": "stockpile", "die": 4, "stockpile": 0})
    assert plain(events) == [("stockpile_written", {"seat": 0, "die": 4, "value": 10,
                                                    "stockpile": 0, "box": 2})]
    assert [(b.value, b.used) for b in state.boards[0].stockpiles[0]] == [
        (8, True), (5, True), (10, False)]
    assert RULES.awaiting(state) == {1: "stockpile"}

    # The turn passes to the left once the other player has chosen too.
    next_roll = [1, 3, 5, 2, 4, 6]
    state, events = act(state, 1, {"type": "stockpile", "die": 0, "stockpile": 0},
                        dice=rolls(range(6), next_roll))
    assert plain(events) == [
        ("stockpile_written", {"seat": 1, "die": 0, "value": 5, "stockpile": 0, "box": 0}),
        ("turn_ended", {"seat": 0, "turn": 2}),
        ("turn_started", {"turn": 3, "seat": 1, "dice": next_roll}),
    ]
    # stars A5 A7 B5, the 1st reward, 2 re-rolls left and the free Skip-Bo
    assert RULES.view(state, None)["seats"][0]["score"] == 3 + 3 + 2 + 1
