"""Challenge reports for Bamboozled: every resolved bluff call (plain or with My Bad).

Built from public events only (games.core.challenges). A call is one `bluff_called`
event, which reveals the declarer's dice and any face-down card; a call made with a
My Bad card is the same event with `my_bad: true` (after the card's
`score_reset_card_played`). What everyone knew before the call (the score to tie or
beat, strikes, hand sizes) is folded from public events; the caller's hand and every
accepted roll stay hidden.

The events are read as the service serves them (upcast), and as they were stored before
schema version 2 too: a `card_played` is read as the type its keys give it now
(`events.card_played_type`), with the same data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .cards import backed_scores
from .data import readings
from .events import CARD_PLAYED, RevivePlayed, card_played_type
from .state import CardUse

CARD_WORDS = {"jackpot": "Jackpot", "double": "Double", "up_down": "Up/Down"}
# Events after a call that belong to its outcome; anything else closes the report.
OUTCOME_EVENTS = ("strike_taken", "player_out", RevivePlayed.TYPE)
# The cards played outside a declaration (one `card_played` type before schema v2).
CARD_PLAYED_TYPES = frozenset(kind.TYPE for kind in CARD_PLAYED)
# A bluff caught with My Bad: the caller starts the next round, unless the strike ended
# the game (then the words say so: `game_ended`).
NEW_ROUND_WORDS = " and the caller starts a new round at 0"
GAME_ENDS_WORDS = ", which ends the game"


@dataclass
class _Table:
    """What every seat knows so far (public facts only)."""

    options: dict[str, Any] = field(default_factory=dict)
    round: int | None = None
    direction: str = "clockwise"
    strikes: dict[str, int] = field(default_factory=dict)
    hand_sizes: dict[str, int] = field(default_factory=dict)
    out: list[int] = field(default_factory=list)
    against: dict[int, int] = field(default_factory=dict)  # the roller's score to tie or beat
    declaration: dict[str, Any] | None = None  # the latest score_declared

    def fold(self, seq: int, kind: str, data: Mapping[str, Any]) -> None:
        if kind == "game_started":
            self.options = dict(data.get("options") or {})
            self.direction = str(data.get("direction", "clockwise"))
            self.strikes = {str(s): 0 for s in range(int(data["players"]))}
            self.hand_sizes = {str(s): 0 for s in range(int(data["players"]))}
        elif kind == "cards_dealt":
            self.hand_sizes = {str(s): int(n) for s, n in enumerate(data["hand_sizes"])}
        elif kind == "round_started":
            self.round, self.declaration = int(data["round"]), None
        elif kind == "dice_rolled":
            self.against[int(data["seat"])] = int(data["against"])
        elif kind == "score_declared":
            self.declaration = {"seq": seq, "seat": int(data["seat"]), "score": int(data["score"])}
            if data.get("card") is not None:  # kids: an open card, discarded at once
                self.add_cards(int(data["seat"]), -1)
        elif kind in ("card_drawn", "card_discarded"):
            self.hand_sizes[str(data["seat"])] = int(data["hand_size"])
        elif kind in CARD_PLAYED_TYPES:
            self.add_cards(int(data["seat"]), -1)
            if kind == "revive_played":
                self.strikes[str(data["seat"])] = int(data["strikes"])
            if kind == "reverse_played":
                self.direction = str(data["direction"])
        elif kind == "bluff_called" and data.get("card") is not None:
            self.add_cards(int(data["declarer"]), -1)  # revealed and discarded
        elif kind == "strike_taken":
            self.strikes[str(data["seat"])] = int(data["strikes"])
        elif kind in ("player_out", "player_resigned"):
            self.out.append(int(data["seat"]))
            self.hand_sizes[str(data["seat"])] = 0

    def add_cards(self, seat: int, change: int) -> None:
        self.hand_sizes[str(seat)] = self.hand_sizes.get(str(seat), 0) + change

    def public(self, declarer: int) -> dict[str, Any]:
        return {"options": dict(self.options), "direction": self.direction,
                "standing": self.against.get(declarer, 0),
                "strikes": dict(self.strikes), "hand_sizes": dict(self.hand_sizes),
                "out": list(self.out)}


def challenges(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One report per call, oldest first; `events` are public: {"seq", "type", "data"}."""
    table = _Table()
    reports: list[dict[str, Any]] = []
    open_report: dict[str, Any] | None = None
    for event in events:
        seq, kind, data = int(event["seq"]), str(event["type"]), event["data"]
        if kind == "card_played":  # stored before schema version 2, not upcast
            kind = card_played_type(data)
        if kind == "bluff_called":
            open_report = report(table, seq, data)
            reports.append(open_report)
        elif open_report is not None and kind in OUTCOME_EVENTS:
            add_outcome(open_report, kind, data)
        else:
            if open_report is not None and kind == "game_over":
                game_ended(open_report)
            open_report = None
        table.fold(seq, kind, data)
    return reports


def add_outcome(report: dict[str, Any], kind: str, data: Mapping[str, Any]) -> None:
    """The strike, the automatic Revive and the going out that the call caused."""
    outcome, seat = report["outcome"], int(data["seat"])
    if kind == "strike_taken":
        outcome["losers"].append(seat)
        outcome["details"]["strikes"][str(seat)] = int(data["strikes"])
    elif kind == "player_out":
        outcome["out"].append(seat)
    elif kind == "revive_played" and data.get("final_strike"):
        outcome["details"]["strikes"][str(seat)] = int(data["strikes"])
        outcome["details"]["revived"].append(seat)


def game_ended(report: dict[str, Any]) -> None:
    """The call's strike ended the game: nobody starts a new round."""
    rule = report["rule"]
    rule["text"] = rule["text"].replace(NEW_ROUND_WORDS, GAME_ENDS_WORDS)


def card_phrase(card: Mapping[str, Any], dice: Sequence[int]) -> str:
    """The card and the die it changed, named by the value that die showed (never by a
    number, which could be read 0- or 1-based against the data's `die`): "Up/Down card,
    played up on the die showing 5,". docs/games/bamboozled.md states this choice."""
    name = CARD_WORDS.get(str(card["name"]), str(card["name"]))
    if "die" not in card:
        return f"{name} card"
    value = int(dice[int(card["die"])])
    which = (f"one of the two dice showing {value}" if dice[0] == dice[1]
             else f"the die showing {value}")
    way = f" {card['direction']}" if "direction" in card else ""
    return f"{name} card, played{way} on {which},"


def dice_phrase(dice: Sequence[int]) -> str:
    return f"{dice[0]} and {dice[1]}"


def scores_phrase(scores: Sequence[int]) -> str:
    return " or ".join(str(s) for s in scores)


def true_scores(dice: Sequence[int], card: Mapping[str, Any] | None) -> list[int]:
    """The scores the revealed dice (as the card makes them) truly show."""
    pair = (int(dice[0]), int(dice[1]))
    if card is None:
        return list(readings(pair))
    return list(backed_scores(pair, CardUse.from_json(card)))


def report(table: _Table, seq: int, data: Mapping[str, Any]) -> dict[str, Any]:
    caller, declarer, score = int(data["seat"]), int(data["declarer"]), int(data["score"])
    my_bad, verdict = bool(data["my_bad"]), str(data["verdict"])
    dice = [int(d) for d in data["dice"]]
    card = dict(data["card"]) if data.get("card") is not None else None
    card_dice = [int(d) for d in data["card_dice"]] if data.get("card_dice") is not None else None
    declared = table.declaration
    claim = {"seat": declarer,
             "seq": declared["seq"] if declared and declared["seat"] == declarer else None,
             "text": f"declared {score}" + (" (with a face-down card)" if card else ""),
             "data": {"score": score}}
    call = {"seat": caller, "seq": seq,
            "text": f"called {score} a bluff" + (" with My Bad (no risk)" if my_bad else ""),
            "data": {"call": "bluff", "my_bad": my_bad}}
    scores = true_scores(dice, card)
    code, text = ruling(verdict, my_bad, score, dice, card, card_dice, scores)
    return {
        "seq": seq, "round": table.round, "kind": "my_bad" if my_bad else "bluff",
        "caller": caller, "challenged": declarer,
        "claim": claim,
        "parties": [
            {"seat": declarer, "role": "challenged",
             "knew": {"dice": dice, "details": {"card": card}}, "claimed": [claim]},
            {"seat": caller, "role": "caller",
             "knew": {"dice": None, "details": {}}, "claimed": [call]},
        ],
        "public": table.public(declarer),
        "revealed": {"dice": {str(declarer): dice}, "details": {
            "card": card, "card_dice": card_dice, "verdict": verdict, "true_scores": scores}},
        "rule": {"code": code, "text": text},
        "caller_right": verdict == "bluff",
        "outcome": {"losers": [], "out": [], "details": {"strikes": {}, "revived": []}},
    }


def ruling(verdict: str, my_bad: bool, score: int, dice: Sequence[int],
           card: Mapping[str, Any] | None, card_dice: Sequence[int] | None,
           scores: Sequence[int]) -> tuple[str, str]:
    """The rule that decided the call, by its code and in words."""
    shown = f"the dice show {dice_phrase(dice)}"
    if card is not None and card_dice is not None:
        shown += (f" and the face-down {card_phrase(card, dice)} makes them "
                  f"{dice_phrase(card_dice)}")
    shown += f", which score {scores_phrase(scores)}"
    then = NEW_ROUND_WORDS if my_bad else ""
    if verdict == "bluff":
        how = "Bluff caught with My Bad" if my_bad else "Bluff caught"
        return "bluff_caught", (
            f"{how}: {shown}, not the declared {score}, so the declaration was a bluff: "
            f"the declarer takes a strike{then}.")
    if my_bad:
        kind = "card-backed" if verdict == "card" else "true"
        discard = " The revealed card is discarded." if verdict == "card" else ""
        return "my_bad", (
            f"My Bad: {shown}, so the declared {score} was {kind}, but My Bad calls "
            f"without risk: nobody takes a strike, the score goes back to 0 and the caller "
            f"starts a new round.{discard}")
    if verdict == "card":
        return "card_backed", (
            f"Card-backed declaration: {shown}, so the declared {score} is true with the "
            "card: the card is discarded, nobody takes a strike, and the caller rolls "
            f"against {score}.")
    return "wrong_call", (
        f"Wrong call: {shown}, so the declared {score} was true: the caller takes a strike.")
