"""The Skip-Bo Dice bot (issue #17): legal, deterministic, and what it does on purpose.
Playing from what its seat sees and better than random play: tests/games/test_bots.py."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.core import GameEvent, replay
from games.core.bots import Rng, Seen, random_policy
from games.core.legal import expand_all
from games.skip_bo_dice import RULES as R
from games.skip_bo_dice.bot import BOTS
from games.skip_bo_dice.state import State
from tests.games.skip_bo_dice.build import (
    SB, act, completed, die, ev, next_turn, start, state_of, up_to, written,
)
from tests.support.harness import RandomDice, config, playing

Policy = Callable[[Seen, Rng], dict[str, Any]]
Visit = Callable[[State, list[GameEvent], int, Seen, dict[str, Any]], None]


def seen_for(state: State, events: list[GameEvent], seat: int) -> Seen:
    return Seen(seat=seat, view=R.view(state, seat), legal=R.legal_actions(state, seat),
                events=[e.visible_to(seat) for e in events])


def play(policies: list[Policy], seed: int, visit: Visit | None = None,
         out_of_turn: bool = True) -> dict[str, Any]:
    """One game, seat i played by policies[i]; `visit` sees every decision. With
    `out_of_turn`, a seat that is not awaited but may claim a Bonus Die value is asked
    too (first), as a client polling its legal actions would be."""
    dice = RandomDice(random.Random(seed))
    cfg = config(R, len(policies), first_player=None)
    events = list(R.setup(cfg, dice))
    state = replay(R, events)
    step = 0
    while (result := R.outcome(state)) is None:
        awaited = R.awaiting(state)
        claimers = [s for s in range(len(policies))
                    if s not in awaited and out_of_turn and playing(R.legal_actions(state, s))]
        seat = claimers[0] if claimers else min(awaited)
        seen = seen_for(state, events, seat)
        action = policies[seat](seen, Rng(f"{seed}:{step}"))
        if visit is not None:
            visit(state, events, seat, seen, action)
        new = R.decide(state, seat, action, dice)
        events.extend(new)
        state = replay(R, new, state)
        step += 1
        assert step < 20_000
    return result


@pytest.mark.parametrize("level", list(BOTS))
@pytest.mark.parametrize("players", [2, 4])
def test_every_action_is_listed_and_accepted(level: str, players: int) -> None:
    checked: dict[str, int] = {}

    def visit(state, events, seat, seen, action):
        if seat == 0:
            assert action in expand_all(list(seen.legal))
            assert R.decide(state, seat, action, RandomDice(random.Random(len(checked))))
            checked[action["type"]] = checked.get(action["type"], 0) + 1

    for game in range(2):
        play([BOTS[level]] + [random_policy] * (players - 1), 10 * players + game, visit)
    assert {"fill", "done", "stockpile", "claim_bonus"} <= set(checked)


@pytest.mark.parametrize("level", list(BOTS))
def test_same_seen_and_seed_same_action(level: str) -> None:
    seens: list[Seen] = []
    play([BOTS[level], random_policy], 7,
         lambda state, events, seat, seen, action: seens.append(seen) if seat == 0 else None)
    assert len(seens) > 20
    for i, seen in enumerate(seens):
        assert BOTS[level](seen, Rng(f"x{i}")) == BOTS[level](seen, Rng(f"x{i}"))


def test_claims_fills_and_writes_on_purpose() -> None:
    """It claims every Bonus Die value that fits; it never ends a fill step while a
    number die or a Stockpile top fits a pile; it never spends a re-roll lightly."""
    seens: list[tuple[Seen, dict[str, Any]]] = []
    play([BOTS["basic"], random_policy], 41,
         lambda state, events, seat, seen, action: seens.append((seen, action))
         if seat == 0 else None)
    kinds = {"claim": 0, "done": 0}
    for seen, action in seens:
        legal = seen.actions()
        if any(a["type"] == "claim_bonus" for a in legal):
            assert action["type"] == "claim_bonus"
            kinds["claim"] += 1
        if action["type"] == "done":
            kinds["done"] += 1
            for a in legal:
                if a["type"] != "fill":
                    continue
                source = a["source"]
                if source["kind"] == "die":
                    assert seen.view["dice"][source["die"]]["face"] == "SB"
                if source["kind"] == "stockpile":
                    assert seen.view["seats"][0]["stockpiles"][source["stockpile"]]["top"] == "SB"
    assert kinds["claim"] >= 1 and kinds["done"] >= 5


def third_pile_on_a_skip_bo(lead: str) -> Seen:
    """Four seats; seat 0 (19 points) has completed A and B, waits for bubble 10 of C
    (which two others completed first: the next reward is 1) and holds only its free
    Skip-Bo to fill it. Seat 1 has 10 points ("far"), 14 ("narrow") or 22 ("behind")."""
    events = start(4)
    events += completed(0, "A", 1, 3, "fill:1") + completed(0, "B", 1, 3, "fill:2")
    events += up_to(0, "C", 9) + up_to(0, "D", 5)
    events += completed(1, "C", 1, 3, "fill:3") + completed(2, "C", 2, 2, "fill:4")
    if lead == "narrow":
        events += up_to(1, "A", 7) + up_to(1, "B", 5) + up_to(1, "D", 5)
    if lead == "behind":
        events += completed(1, "A", 2, 2, "fill:5") + completed(1, "B", 2, 2, "fill:6")
        events += up_to(1, "D", 9)
    state = state_of(events)
    return seen_for(state, events, 0)


@pytest.mark.parametrize(("lead", "ends"), [("far", True), ("narrow", False),
                                            ("behind", False)])
def test_strong_ends_the_game_while_ahead(lead: str, ends: bool) -> None:
    """Completing a third pile with the free Skip-Bo earns 1 and crosses a star out for a
    Skip-Bo worth a point unused: basic lets it be. Ahead by more than three final turns
    usually bring (6 points), strong takes it to end the game with its lead; ahead by 5
    or behind, it lets it be too."""
    seen = third_pile_on_a_skip_bo(lead)
    assert seen.view["seats"][0]["score"] - seen.view["seats"][1]["score"] == {
        "far": 9, "narrow": 5, "behind": -3}[lead]
    ending = {"type": "fill", "pile": "C", "source": {"kind": "free_skip_bo"}}
    assert ending in seen.actions()
    assert BOTS["basic"](seen, Rng("e")) != ending
    assert (BOTS["strong"](seen, Rng("e")) == ending) is ends


def one_skip_bo_to_place(final_turn: bool) -> Seen:
    """Two seats; seat 0 rolled one Skip-Bo and nothing else that fits. Its piles wait
    for 3 (A), 4 (B) and 6 (C and D). Filled on A, two piles wait for 4; on C, the piles
    wait for four different numbers. With `final_turn`, seat 1 has started the last round
    and this is seat 0's final turn."""
    board = up_to(0, "A", 2) + up_to(0, "B", 3) + up_to(0, "C", 5) + up_to(0, "D", 5)
    return one_skip_bo_rolled(board, final_turn)


def one_skip_bo_rolled(board: list[GameEvent], final_turn: bool,
                       roll: tuple[Any, ...] = (SB, 1, 1, 2, 2, 1)) -> Seen:
    """Two seats with this board; seat 0 rolls `roll` (by default one Skip-Bo, 1s and
    2s), in its first turn or (`final_turn`) in its final one, seat 1 having started the
    last round."""
    if final_turn:
        events = (start(2, first=1) + board
                  + [ev("last_round_started", seat=1, final_turns=[0])]
                  + next_turn(2, 0, list(roll), ended=1))
    else:
        events = start(2, dice=list(roll)) + board
    return seen_for(state_of(events), events, 0)


def test_strong_leaves_piles_waiting_for_different_numbers() -> None:
    """A Skip-Bo is worth as much on any of these piles now; basic fills the first (A),
    strong a pile that leaves the next bubbles 3, 4, 6 and 7, which more rolls fit (the
    races, seat 1 having filled nothing, favour A a little: a lead of 2 made 3)."""
    seen = one_skip_bo_to_place(final_turn=False)
    assert BOTS["basic"](seen, Rng("c")) == die("A", 0)
    assert BOTS["strong"](seen, Rng("c")) == die("C", 0)


def test_strong_values_no_later_turn_in_its_final_turn() -> None:
    """In its final turn no later roll comes: strong fills the first pile, as basic does."""
    seen = one_skip_bo_to_place(final_turn=True)
    assert seen.view["last_round"] == {"started_by": 1, "final_turns_left": []}
    assert BOTS["basic"](seen, Rng("c")) == die("A", 0)
    assert BOTS["strong"](seen, Rng("c")) == die("A", 0)


def one_skip_bo_in_two_races(final_turn: bool) -> Seen:
    """Two seats; seat 0 rolled one Skip-Bo and nothing else that fits. Its piles wait for
    4 (A and B) and 6 (C and D). Seat 1 waits for 4 on A (a race even at bubble 4) and
    has filled nothing on B, C or D (seat 0 leads those by 3 bubbles or more). With
    `final_turn`, this is seat 0's final turn."""
    board = up_to(0, "A", 3) + up_to(0, "B", 3) + up_to(0, "C", 5) + up_to(0, "D", 5)
    return one_skip_bo_rolled(board + up_to(1, "A", 3), final_turn)


def test_strong_fills_where_the_race_is_close() -> None:
    """On A or B the Skip-Bo is worth as much now; basic fills B, where it leads most.
    Strong fills A: a lead of one bubble in an even race is worth more than a fourth
    bubble of lead (games/skip_bo_dice/strong.py, RACE)."""
    seen = one_skip_bo_in_two_races(final_turn=False)
    assert BOTS["basic"](seen, Rng("r")) == die("B", 0)
    assert BOTS["strong"](seen, Rng("r")) == die("A", 0)


def test_strong_races_no_more_in_its_final_turn() -> None:
    """In its final turn no race is left to win later: strong fills B, as basic does."""
    seen = one_skip_bo_in_two_races(final_turn=True)
    assert BOTS["basic"](seen, Rng("r")) == die("B", 0)
    assert BOTS["strong"](seen, Rng("r")) == die("B", 0)


def a_free_skip_bo_opens_a_run(final_turn: bool) -> Seen:
    """Two seats; seat 0's A waits for 3 and it rolled a 4 and a 5 (B, C and D wait for
    6, and nothing else rolled fits): its free Skip-Bo on A's 3 lets the 4 and the 5
    (a star) follow. Seat 1 has filled nothing."""
    board = up_to(0, "A", 2) + up_to(0, "B", 5) + up_to(0, "C", 5) + up_to(0, "D", 5)
    return one_skip_bo_rolled(board, final_turn, roll=(5, 9, 9, 4, 8, 1))


SPEND_FREE_SKIP_BO = {"type": "fill", "pile": "A", "source": {"kind": "free_skip_bo"}}


def test_strong_holds_its_skip_bo_for_a_later_race() -> None:
    """Three fills and a star are worth more than the point the free Skip-Bo keeps:
    basic spends it. Held, it is worth more than a point to strong
    (games/skip_bo_dice/strong.py, SKIP_BO_HELD): strong keeps it."""
    seen = a_free_skip_bo_opens_a_run(final_turn=False)
    assert SPEND_FREE_SKIP_BO in seen.actions()
    assert BOTS["basic"](seen, Rng("h")) == SPEND_FREE_SKIP_BO
    assert BOTS["strong"](seen, Rng("h")) != SPEND_FREE_SKIP_BO


def test_strong_spends_its_skip_bo_for_a_star_in_its_final_turn() -> None:
    """In its final turn a held Skip-Bo is worth its point alone: strong spends it for
    the star on 5, as basic does."""
    seen = a_free_skip_bo_opens_a_run(final_turn=True)
    assert BOTS["basic"](seen, Rng("h")) == SPEND_FREE_SKIP_BO
    assert BOTS["strong"](seen, Rng("h")) == SPEND_FREE_SKIP_BO


def test_strong_weighs_a_lead_by_how_high_the_race_stands() -> None:
    """Seat 0 rolled one Skip-Bo that fits A (it waits for 2; seat 1 for 1) or B (both
    wait for 8). Measured by both next bubbles (games/skip_bo_dice/strong.py, RACE), a
    lead is worth less high on a pile than low on it: one bubble more of lead on A
    (+0.46) is worth more than making the even race on B a lead (+0.25). By the lead
    alone (the table before), B."""
    board = (up_to(0, "A", 1) + up_to(0, "B", 7) + up_to(0, "C", 5) + up_to(0, "D", 5)
             + up_to(1, "B", 7))
    seen = one_skip_bo_rolled(board, final_turn=False, roll=(SB, 1, 1, 4, 4, 1))
    assert BOTS["strong"](seen, Rng("w")) == die("A", 0)


@pytest.mark.parametrize(("players", "rerolls"), [(2, False), (4, True)])
def test_strong_rerolls_sooner_against_more_rivals(players: int, rerolls: bool) -> None:
    """A first roll of 9s and 10s fits no pile. Sampled re-rolls promise about 1.8 points
    (games/skip_bo_dice/strong.py): less than the point a re-roll keeps and
    `REROLL_MARGIN` (2.2) against one rival, so strong keeps its re-rolls as basic does;
    more than that point and `TABLE_REROLL_MARGIN` (1.6) against three, so it re-rolls."""
    events = start(players, dice=[9, 9, 9, 10, 10, 10])
    seen = seen_for(state_of(events), events, 0)
    assert BOTS["basic"](seen, Rng("t")) == {"type": "done"}
    assert (BOTS["strong"](seen, Rng("t"))["type"] == "reroll") is rerolls


def a_stockpile_step_after(players: int, roll: tuple[Any, ...], final_turn: bool = False,
                           third: tuple[Any, ...] = ()) -> Seen:
    """Seat 0's pile A waits for 6, B, C and D for 4, its first Stockpile holds a 7 and
    its third `third`; it rolled `roll` (nothing fits) and is done: every seat writes one
    of its unused values. With `final_turn`, seat 3 has started the last round and this
    was seat 0's final turn."""
    board = up_to(0, "A", 5) + up_to(0, "B", 3) + up_to(0, "C", 3) + up_to(0, "D", 3)
    board += written(0, 0, [7]) + written(0, 2, third)
    if final_turn:
        events = (start(players, first=players - 1) + board
                  + [ev("last_round_started", seat=players - 1,
                        final_turns=list(range(players - 1)))]
                  + next_turn(2, 0, list(roll), ended=players - 1))
    else:
        events = start(players, dice=list(roll)) + board
    state, done = act(state_of(events), 0, {"type": "done"})
    return seen_for(state, events + done, 0)


def test_strong_writes_the_next_value_of_a_chain() -> None:
    """Of the unused 7, 8, 2 and 1s, basic writes the 7 on an empty Stockpile (the
    nearest number above A's 6). Strong values each write by its next turn's plans over
    sampled rolls (games/skip_bo_dice/strong.py, `stockpile_write`): a second 7 adds
    nothing to the 7 it holds (only A will want a 7), an 8 follows that 7 on A, so it
    writes the 8 (on 39 of 40 seeds tried)."""
    seen = a_stockpile_step_after(4, (7, 1, 1, 8, 2, 1))
    assert BOTS["basic"](seen, Rng("s")) == {"type": "stockpile", "die": 0, "stockpile": 1}
    assert BOTS["strong"](seen, Rng("s")) == {"type": "stockpile", "die": 3, "stockpile": 1}


def test_strong_writes_as_basic_with_no_turn_left() -> None:
    """After its final turn no roll of its own comes: strong writes the 7, as basic does."""
    seen = a_stockpile_step_after(4, (7, 1, 1, 8, 2, 1), final_turn=True)
    assert seen.view["last_round"]["final_turns_left"] == [1, 2]
    assert BOTS["basic"](seen, Rng("s")) == {"type": "stockpile", "die": 0, "stockpile": 1}
    assert BOTS["strong"](seen, Rng("s")) == {"type": "stockpile", "die": 0, "stockpile": 1}


def test_strong_fills_a_stockpile_up_for_its_skip_bo_reward() -> None:
    """The third Stockpile holds 1, 1 and a 4 that B, C and D wait for. Written on, it
    buries the 4 but earns a Skip-Bo Reward, a point at the end (strong.py, `written`):
    strong writes its 8 there. Its next turn alone would rather keep the 4 on top and
    write the 8 on an empty Stockpile, so the test fails if the Reward's point is not
    counted."""
    seen = a_stockpile_step_after(4, (7, 1, 1, 8, 2, 1), third=(1, 1, 4))
    assert BOTS["strong"](seen, Rng("s")) == {"type": "stockpile", "die": 3, "stockpile": 2}
