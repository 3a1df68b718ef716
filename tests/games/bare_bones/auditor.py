"""An independent reading of a finished game from its public events alone.

It re-derives the cards each player owns, the coins of every turn, the loans, the blocked
numbers, every die's value and each turn's points, checks each doubling against the card
that made it, and recomputes the final scores and ranking.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

FACES = {
    "blue": (1, 1, 1, 2, 3, 4), "yellow": (2, 4, 4, 4, 4, 6), "red": (1, 2, 3, 3, 4, 5),
    "purple": (4, 4, 5, 5, 6, 6), "green": (2, 2, 2, 5, 5, 5), "black": (5, 5, 6, 6, 6, 6),
    "white": (2, 3, 3, 3, 4, 5),
}
COST = {"blue": 4, "yellow": 8, "red": 5, "purple": 10, "green": 6, "black": 12, "white": 6,
        "cant_touch_this": 6, "color_cubed": 7, "double_up": 6, "full_house": 8, "greed": 9,
        "hot_potato": 5, "joyride": 6, "keep_the_change": 5, "loan_shark": 4, "mimic": 8,
        "odds_or_evens": 7, "pairs": 7, "point_pro": 4, "rainbow": 7, "re_re_roll": 3,
        "run": 7, "straight_cash": 4, "swap_meet": 6, "triplets": 7, "yard_sale": 5}
FPV = {"blue": 2, "yellow": 4, "red": 3, "purple": 5, "green": 4, "black": 6}


def price(card: str) -> int:
    return COST["cant_touch_this" if card.startswith("cant_touch_this_") else card]


def check_doubling(card: str | None, dice: list[tuple[str, int]], doubled: list[int],
                   removed: list[int]) -> None:
    faces = [f for _, f in dice]
    chosen = [faces[i] for i in doubled]
    rest = [faces[i] for i in range(len(dice)) if i not in doubled]
    if card is None:
        assert doubled == [] and removed == []
    elif card == "pairs":
        assert all(n % 2 == 0 for n in Counter(chosen).values())
        assert all(n < 2 for n in Counter(rest).values()), "a pair left undoubled"
    elif card == "triplets":
        assert all(n % 3 == 0 for n in Counter(chosen).values())
        assert all(n < 3 for n in Counter(rest).values()), "a triplet left undoubled"
    elif card == "run":
        values = sorted(chosen)
        if not values:
            assert not any({v, v + 1, v + 2} <= set(faces) for v in range(1, 5))
        else:
            assert len(values) >= 3 and values == list(range(values[0], values[0] + len(values)))
            assert values[0] - 1 not in faces and values[-1] + 1 not in faces
    elif card == "full_house":
        if not chosen:
            counts = sorted(Counter(faces).values())
            assert not (counts and counts[-1] >= 3 and len(counts) > 1 and counts[-2] >= 2)
        else:
            assert sorted(Counter(chosen).values()) == [2, 3]
    elif card == "odds_or_evens":
        assert len({f % 2 for f in chosen}) <= 1 and len({faces[i] % 2 for i in removed}) <= 1
        assert sorted(doubled + removed) == list(range(len(dice)))
        assert not set(doubled) & set(removed)
    elif card == "color_cubed":
        counts = Counter(c for c, _ in dice)
        assert doubled == [i for i, (c, _) in enumerate(dice) if counts[c] >= 3]
    elif card == "rainbow":
        assert doubled == (list(range(len(dice))) if len(dice) >= 3 else [])
        assert len({c for c, _ in dice}) == len(dice)
    if card != "odds_or_evens":
        assert removed == []


class Auditor:
    def __init__(self, players: int) -> None:
        self.players = players
        self.owned = [Counter({"blue": 3, "white": 4}) for _ in range(players)]
        self.score = [0] * players
        self.owed = [0] * players
        self.carry = [0] * players
        self.blocks: dict[int, list[tuple[str, int]]] = {s: [] for s in range(players)}
        self.turns: list[int] = []
        self.numbers: list[int] = []
        self.resigned: list[int] = []
        self.result: dict[str, Any] | None = None

    def see(self, kind: str, d: dict[str, Any]) -> None:
        getattr(self, kind, lambda _: None)(d)

    def game_started(self, d):
        self.first, self.rounds = d["first_player"], d["options"]["rounds"]

    def card_drafted(self, d):
        assert price(d["card"]) <= 6
        self.owned[d["seat"]][d["card"]] += 1

    def turn_started(self, d):
        seat = d["seat"]
        # Every seat in play takes one turn a round; a resigned seat's turns are skipped.
        skipped = range(self.numbers[-1] + 1 if self.numbers else 0, d["turn"])
        assert all((self.first + n) % self.players in self.resigned for n in skipped)
        assert seat == (self.first + d["turn"]) % self.players and seat not in self.resigned
        self.turns.append(seat)
        self.numbers.append(d["turn"])
        assert d["coins"] == self.carry[seat]
        self.carry[seat] = 0
        self.seat, self.coins, self.borrowed, self.played = seat, d["coins"], 0, []
        self.dice: list[tuple[str, int]] = []

    def cant_touch_this_returned(self, d):
        self.blocks[d["seat"]].remove((d["colour"], d["face"]))

    def cant_touch_this_rolled(self, d):
        assert d["face"] in FACES[d["colour"]]
        self.blocks[d["seat"]].append((d["colour"], d["face"]))

    def card_played(self, d):
        self.played.append(d["card"])
        assert d["units_used"] <= 5
        if d["card"] == "loan_shark":
            assert 1 <= d["coins"] <= 20
            self.borrowed += d["coins"]
            self.coins += d["coins"]
        if d["card"] == "yard_sale":
            assert d["coins"] == price(d["returned"]) - 1
            self.owned[d["seat"]][d["returned"]] -= 1
            self.coins += d["coins"]
        assert not {"point_pro", "straight_cash"} <= set(self.played)

    def card_returned(self, d):
        self.owned[d["seat"]][d["card"]] -= 1

    def swap_taken(self, d):
        self.owned[d["seat"]][d["card"]] += 1

    def dice_rolled(self, d):
        self.dice = [(x["colour"], x["face"]) for x in d["dice"]]
        assert len(self.dice) <= 6
        out = Counter(c for blocks in self.blocks.values() for c, _ in blocks)
        for colour, n in Counter(c for c, _ in self.dice).items():
            assert n <= 4 - out[colour], "a die the supply does not hold was rolled"

    def set_faces(self, indices, faces):
        for i, f in zip(indices, faces):
            self.dice[i] = (self.dice[i][0], f)

    def green_rerolled(self, d):
        assert all(self.dice[i][0] == "green" for i in d["dice"])
        self.set_faces(d["dice"], d["faces"])

    def die_rerolled(self, d):
        self.set_faces([d["die"]], [d["face"]])

    def full_house_rerolled(self, d):
        self.set_faces(d["dice"], d["faces"])

    def turn_scored(self, d):
        seat = self.seat
        assert all(f in FACES[c] for c, f in self.dice)
        assert [(x["colour"], x["face"]) for x in d["dice"]] == self.dice
        doubling = next((c for c in self.played if c in (
            "pairs", "triplets", "run", "full_house", "odds_or_evens", "color_cubed",
            "rainbow")), None)
        check_doubling(doubling, self.dice, d["doubled"], d["removed"])
        blocked = sorted({f for s, blocks in self.blocks.items() if s != seat for _, f in blocks})
        assert d["blocked"] == blocked
        points = coins = 0
        for i, (colour, face) in enumerate(self.dice):
            value = 0 if i in d["removed"] or face in blocked else face * (
                2 if i in d["doubled"] else 1)
            if colour == "white":
                coins += value
            else:
                points += value
        if "straight_cash" in self.played:
            points, coins = 0, coins + points
        elif "point_pro" in self.played:
            points, coins = points + coins, 0
        assert (d["points"], d["coins_earned"]) == (points, coins)
        available = self.coins + coins
        repaid = min(self.owed[seat], available)
        penalty = 2 * (self.owed[seat] - repaid)
        assert (d["loan_repaid"], d["loan_penalty"]) == (repaid, penalty)
        self.owed[seat] = 0
        self.coins = available - repaid
        self.score[seat] += points - penalty
        assert d["score"] == self.score[seat] and d["coins"] == self.coins >= 0

    def card_bought(self, d):
        self.coins -= price(d["card"])
        assert self.coins >= 0 and d["coins"] == self.coins
        self.owned[d["seat"]][d["card"]] += 1

    def buying_ended(self, d):
        assert d["coins_left"] == self.coins
        self.carry[self.seat] = self.coins if "keep_the_change" in self.played else 0
        self.owed[self.seat] = self.borrowed
        assert (d["carried"], d["owed"]) == (self.carry[self.seat], self.owed[self.seat])

    def hot_potato_placed(self, d):
        if d["onto"] is not None:
            self.owned[d["seat"]]["hot_potato"] -= 1
            self.owned[d["onto"]]["hot_potato"] += 1

    def totals(self) -> dict[int, int]:
        return {s: self.score[s] + sum(FPV.get(c, 0) * n for c, n in self.owned[s].items())
                - 15 * self.owned[s]["hot_potato"] - 2 * self.owed[s]
                for s in range(self.players)}

    def player_resigned(self, d):
        """The seat's cards leave play, its coins and loan the game; its score stays."""
        seat = d["seat"]
        assert seat not in self.resigned
        self.resigned.append(seat)
        self.owned[seat] = Counter()
        self.owed[seat] = self.carry[seat] = 0
        self.blocks[seat] = []  # its Can't Touch This dice go back to the supply

    def game_over(self, d):
        staying = [s for s in range(self.players) if s not in self.resigned]
        if len(staying) > 1:  # else the last player left won at once
            last = max(n for n in range(self.rounds * self.players)
                       if (self.first + n) % self.players in staying)
            assert self.numbers[-1] == last
        totals = self.totals()
        assert d["scores"] == {str(s): t for s, t in totals.items()}
        cards = {s: sum(self.owned[s].values()) for s in range(self.players)}
        keys = {s: (totals[s], -cards[s]) for s in staying}
        ranking = [[s for s in sorted(keys) if keys[s] == k]
                   for k in sorted(set(keys.values()), reverse=True)]
        ranking += [[s] for s in reversed(self.resigned)]
        assert d["ranking"] == ranking and d["winners"] == ranking[0]
        assert all(min(c.values(), default=0) >= 0 for c in self.owned)
        self.result = d
