"""Random legal play (1 to 4 players, with out-of-turn claims) audited by an independent model.

The auditor below re-derives everything from the events alone, with its own reading of
the rules: bubbles in order, stars, dice and Stockpile use, claims, completion places,
the last round, resignations (RULINGS, Resigning), and the final score of every player.
"""

from __future__ import annotations

import pytest

from games.skip_bo_dice import RULES
from tests.support.harness import config, play_random

SB = "SB"
STARS = (5, 7, 10)
REWARDS = (3, 2, 1)


class Auditor:
    def __init__(self, players: int) -> None:
        self.players = players
        self.piles = [[[] for _ in range(4)] for _ in range(players)]
        self.stock = [[[] for _ in range(4)] for _ in range(players)]
        self.rerolls = [0] * players
        self.free = [0] * players
        self.earned = [0] * players
        self.spent = [0] * players
        self.reward_points = [0] * players
        self.moments = {p: [] for p in "ABCD"}
        self.expected_completion = None
        self.fills = 0
        self.trigger = None
        self.turns_after_trigger: list[int] = []
        self.over = None
        self.resigned: list[int] = []   # in the order they left

    def see(self, event) -> None:
        getattr(self, event.type)(event.data)

    def game_started(self, d):
        assert d["players"] == self.players
        self.awaited = d["options"].get("claim_window") == "awaited"

    def can_claim(self, seat) -> bool:
        nexts = {len(marks) + 1 for marks in self.piles[seat] if len(marks) < 10}
        return seat != self.active and seat not in self.resigned and any(
            value in nexts for i, value in enumerate(self.shown)
            if (seat, i) not in self.claimed)

    def claim_passed(self, d):
        seat = d["seat"]
        assert self.awaited and self.step and d["turn"] == self.turn
        assert seat not in self.passed and self.can_claim(seat)
        self.passed.add(seat)

    def turn_started(self, d):
        assert d["seat"] not in self.resigned, "a resigned seat's turn"
        self.turn, self.active, self.dice = d["turn"], d["seat"], list(d["dice"])
        self.used, self.shown, self.claimed = set(), [self.dice[5]], set()
        self.passed, self.step = set(), False
        assert all(f in (1, 3, 5, 7, 9, SB) for f in self.dice[:3])
        assert all(f in (2, 4, 6, 8, 10, SB) for f in self.dice[3:5])
        if self.trigger is not None:
            self.turns_after_trigger.append(d["seat"])

    def bubble_filled(self, d):
        assert d["seat"] not in self.resigned
        seat, pile, bubble, mark, src = d["seat"], d["pile"], d["bubble"], d["mark"], d["source"]
        marks = self.piles[seat]["ABCD".index(pile)]
        assert bubble == len(marks) + 1 <= 10, "a bubble filled out of order"
        assert mark == SB or mark == bubble
        star = None if bubble not in STARS else ("crossed" if mark == SB else "collected")
        assert d["star"] == star, "a star collected for a Skip-Bo (or not for a number)"
        value, moment = self.source_value(seat, src)
        assert mark == (SB if value == SB else value) and (value == SB or value == bubble)
        marks.append(mark)
        self.fills += 1
        self.expected_completion = None
        if bubble == 10:
            self.complete(seat, pile, moment)

    def source_value(self, seat, src):
        kind = src["kind"]
        if kind == "claim":
            assert seat != self.active and src["turn"] == self.turn
            assert (seat, src["value_index"]) not in self.claimed
            self.claimed.add((seat, src["value_index"]))
            return self.shown[src["value_index"]], ("bonus", self.turn, src["value_index"])
        assert seat == self.active
        moment = ("fill", self.fills)
        if kind == "die":
            assert src["die"] not in self.used
            if src["die"] == 5:
                moment = ("bonus", self.turn, len(self.shown) - 1)
            else:
                self.used.add(src["die"])
            return self.dice[src["die"]], moment
        if kind == "stockpile":
            boxes = self.stock[seat][src["stockpile"]]
            top = max(i for i, (_, used) in enumerate(boxes) if not used)
            assert src["box"] == top
            boxes[top][1] = True
            return boxes[top][0], moment
        if kind == "free_skip_bo":
            self.free[seat] += 1
            assert self.free[seat] <= 1
        else:
            self.spent[seat] += 1
            assert self.spent[seat] <= self.earned[seat]
        return SB, moment

    def complete(self, seat, pile, moment):
        order = self.moments[pile]
        if moment not in order:
            order.append(moment)
        place = order.index(moment) + 1
        reward = REWARDS[place - 1] if place <= 3 else 0
        self.reward_points[seat] += reward
        self.expected_completion = (seat, pile, place, reward)
        done = sum(len(p) == 10 for p in self.piles[seat])
        if done == 3 and self.trigger is None:
            self.trigger = seat

    def pile_completed(self, d):
        assert (d["seat"], d["pile"], d["place"], d["reward"]) == self.expected_completion

    def last_round_started(self, d):
        assert d["seat"] == self.trigger and self.turns_after_trigger == []

    def bonus_die_rolled(self, d):
        assert d["seat"] == self.active
        self.dice[5] = d["value"]
        self.shown.append(d["value"])

    def dice_rerolled(self, d):
        assert d["seat"] == self.active and d["dice"] and not set(d["dice"]) & self.used
        self.rerolls[self.active] += 1
        assert self.rerolls[self.active] <= 3
        for die, face in zip(d["dice"], d["faces"]):
            self.dice[die] = face
            if die == 5:
                self.shown.append(face)

    def turn_done(self, d):
        assert d["seat"] == self.active
        self.step = True
        self.choosers = set(d["choosers"])
        assert self.choosers == {s for s in range(self.players) if s not in self.resigned
                                 and any(len(k) < 4 for k in self.stock[s])}

    def stockpile_written(self, d):
        seat, die = d["seat"], d["die"]
        assert seat in self.choosers and die not in self.used and d["value"] == self.dice[die]
        self.choosers.discard(seat)
        boxes = self.stock[seat][d["stockpile"]]
        assert d["box"] == len(boxes) < 4
        boxes.append([d["value"], False])

    def skip_bo_reward_earned(self, d):
        assert len(self.stock[d["seat"]][d["stockpile"]]) == 4
        self.earned[d["seat"]] += 1

    def player_resigned(self, d):
        """Its pending stockpile choice and claim wait were taken first (events before);
        it leaves the choosers; the active player's turn ends at once."""
        seat = d["seat"]
        assert seat not in self.resigned and self.over is None
        assert seat == self.active or not self.step or seat not in self.choosers
        assert seat == self.active or not (self.awaited and self.step and self.can_claim(seat)
                                           and seat not in self.passed)
        self.resigned.append(seat)
        if self.step:
            self.choosers.discard(seat)

    def turn_ended(self, d):
        assert d["seat"] == self.active
        if d["seat"] in self.resigned:   # its dice left play with it: the turn is over
            return
        assert not self.choosers
        if self.awaited:  # nobody loses a claim for not being there
            assert all(s in self.passed or not self.can_claim(s) for s in range(self.players))

    def game_over(self, d):
        self.over = d

    def scores(self) -> dict[str, int]:
        out = {}
        for s in range(self.players):
            stars = sum(1 for marks in self.piles[s] for b in STARS
                        if len(marks) >= b and marks[b - 1] != SB)
            extras = (3 - self.rerolls[s]) + (1 - self.free[s]) + (self.earned[s] - self.spent[s])
            out[str(s)] = stars + self.reward_points[s] + extras
        return out


def audit(game) -> None:
    players = game.config.players
    auditor = Auditor(players)
    for event in game.events:
        auditor.see(event)
    assert game.events[-1].type == "game_over" and auditor.over == RULES.outcome(game.state)
    gone = auditor.resigned
    playing = [s for s in range(players) if s not in gone]
    if len(playing) >= min(2, players):   # not ended by resignations: by the last round
        assert auditor.trigger is not None
        others = [s for s in range(players) if s != auditor.trigger]
        after = auditor.turns_after_trigger
        assert len(set(after)) == len(after) and set(after) <= set(others)
        assert set(others) - set(gone) <= set(after)
    assert [[list(p) for p in b.piles] for b in game.state.boards] == auditor.piles
    result = auditor.over
    assert result["scores"] == auditor.scores()   # a resigned seat's kept for the record
    ranked = [s for group in result["ranking"] for s in group]
    assert sorted(ranked) == list(range(players))
    # resigned seats last, the later one higher; the others by score
    assert result["ranking"][len(result["ranking"]) - len(gone):] == [[s] for s in gone[::-1]]
    kept = result["ranking"][:len(result["ranking"]) - len(gone)]
    assert result["winners"] == (kept[0] if kept else [])
    totals = [int(result["scores"][str(g[0])]) for g in kept]
    assert totals == sorted(totals, reverse=True)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_random_legal_play(chunk):
    """1,000 games in ten chunks; timeouts checked in the first 300."""
    for seed in range(chunk * 100, chunk * 100 + 100):
        players = 1 + seed % 4
        first = None if seed % 3 == 0 else seed % players
        game = play_random(RULES, config(RULES, players, first_player=first), seed,
                           check_timeouts=seed < 300, out_of_turn=0.2)
        audit(game)


@pytest.mark.parametrize("window", ["awaited", "open"])
def test_random_play_includes_out_of_turn_claims_and_shared_rewards(window):
    claims = shared = 0
    for seed in range(40):
        game = play_random(RULES, config(RULES, 4, claim_window=window), 10_000 + seed,
                           check_timeouts=False, out_of_turn=0.3)
        audit(game)
        claims += sum(e.type == "bubble_filled" and e.data["source"]["kind"] == "claim"
                      for e in game.events)
        shared += sum(e.type == "pile_completed" and e.data["shared"] for e in game.events)
    assert claims > 100 and shared > 0


@pytest.mark.parametrize("window", ["awaited", "open"])
def test_random_play_with_resignations_ends_with_a_valid_outcome(window):
    """RULINGS, Resigning: seats resign at random moments (in turn, out of turn, in the
    stockpile step, awaited for claims, in the last round); the auditor checks every
    event still follows the rules and the outcome ranks resigned seats last."""
    resignations = kinds = 0
    for seed in range(120):
        players = 1 + seed % 4
        game = play_random(RULES, config(RULES, players, claim_window=window),
                           20_000 + seed, check_timeouts=seed % 3 == 0, out_of_turn=0.2,
                           resign=0.01)
        audit(game)
        resignations += sum(e.type == "player_resigned" for e in game.events)
        kinds += any(e.type == "player_resigned" for e in game.events) and \
            any(e.type == "last_round_started" for e in game.events)
    assert resignations > 40 and kinds > 3
