"""Challenge reports for Snake Bones: every resolved bluff or spot-on call, explained.

Built from public events only (games.core.challenges): the bids of the round, the
revealed stakes and dice counts, and the call event, which reveals every active seat's
dice. A round still being bid on has no report, so no hidden die can appear here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .data import WILD_FACE
from .rules import count_matching

CALLS = {"bluff_called": "bluff", "spot_on_called": "spot_on"}


@dataclass
class _Table:
    """What every seat knows so far in the current round (public facts only)."""

    options: dict[str, Any] = field(default_factory=dict)
    round: int = 0
    opener: int | None = None
    stakes: dict[str, int] = field(default_factory=dict)
    dice_counts: dict[str, int] = field(default_factory=dict)
    bids: list[dict[str, int]] = field(default_factory=list)

    def fold(self, seq: int, kind: str, data: Mapping[str, Any]) -> None:
        if kind == "game_started":
            self.options = dict(data.get("options") or {})
        elif kind == "round_started":
            self.round, self.opener = int(data["round"]), int(data["opener"])
            self.stakes, self.dice_counts, self.bids = {}, {}, []
        elif kind == "stakes_revealed":
            self.stakes = {str(s): int(c) for s, c in data["stakes"].items()}
        elif kind == "dice_rolled":
            self.dice_counts = {str(s): int(c) for s, c in data["dice_counts"].items()}
        elif kind == "bid_made":
            self.bids.append({"seq": seq, "seat": int(data["seat"]),
                              "quantity": int(data["quantity"]), "face": int(data["face"])})


def challenges(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One report per call, oldest first; `events` are public: {"seq", "type", "data"}."""
    table = _Table()
    reports: list[dict[str, Any]] = []
    open_report: dict[str, Any] | None = None
    for event in events:
        seq, kind, data = int(event["seq"]), str(event["type"]), event["data"]
        if kind in CALLS:
            open_report = report(table, seq, CALLS[kind], data)
            reports.append(open_report)
        elif kind == "player_out" and open_report is not None:
            open_report["outcome"]["out"].append(int(data["seat"]))
        elif kind in ("round_started", "game_over"):
            open_report = None
        table.fold(seq, kind, data)
    return reports


def wild(table: _Table, face: int) -> bool:
    return bool(table.options.get("ones_wild")) and face != WILD_FACE


def dice_phrase(quantity: int, face: int, ones_wild: bool) -> str:
    """A claimed quantity: with wild ones the dice *count as* the face, they need not
    show it ("3 dice count as 4 (ones are wild)")."""
    if not ones_wild:
        return f"{quantity} {'die shows' if quantity == 1 else 'dice show'} {face}"
    return f"{quantity} {'die counts' if quantity == 1 else 'dice count'} as {face} (ones are wild)"


def count_phrase(count: int, face: int, ones_wild: bool, all_dice: Sequence[int]) -> str:
    """The counted dice, split into the dice showing the face and the wild ones when ones
    are wild: "6 dice count as 4 (3 show 4 and 3 are wild ones)"."""
    if not ones_wild:
        return dice_phrase(count, face, False)
    shows = sum(1 for die in all_dice if die == face)
    ones = sum(1 for die in all_dice if die == WILD_FACE)
    return (f"{count} {'die counts' if count == 1 else 'dice count'} as {face} "
            f"({shows} {'shows' if shows == 1 else 'show'} {face} and "
            f"{ones} {'is a wild one' if ones == 1 else 'are wild ones'})")


def bid_claim(bid: Mapping[str, int], ones_wild: bool) -> dict[str, Any]:
    return {"seat": bid["seat"], "seq": bid["seq"],
            "text": "at least " + dice_phrase(bid["quantity"], bid["face"], ones_wild),
            "data": {"quantity": bid["quantity"], "face": bid["face"]}}


def call_claim(seq: int, caller: int, call: str, bid: Mapping[str, int],
               ones_wild: bool) -> dict[str, Any]:
    words = "fewer than " if call == "bluff" else "exactly "
    return {"seat": caller, "seq": seq,
            "text": words + dice_phrase(bid["quantity"], bid["face"], ones_wild),
            "data": {"call": call}}


def report(table: _Table, seq: int, call: str, data: Mapping[str, Any]) -> dict[str, Any]:
    caller = int(data["caller"])
    bid: dict[str, Any] = {key: int(data["bid"][key]) for key in ("seat", "quantity", "face")}
    bid["seq"] = next((b["seq"] for b in reversed(table.bids) if b["seat"] == bid["seat"]), None)
    ones_wild = wild(table, bid["face"])
    dice = {str(s): [int(d) for d in hand] for s, hand in sorted(
        data["dice"].items(), key=lambda item: int(item[0]))}
    matching = {s: count_matching(hand, bid["face"], ones_wild) for s, hand in dice.items()}
    count = int(data["count"])
    rule_code, rule_text = ruling(call, count, bid, ones_wild,
                                  [d for hand in dice.values() for d in hand])
    return {
        "seq": seq, "round": int(data.get("round", table.round)), "kind": call,
        "caller": caller, "challenged": bid["seat"],
        "claim": bid_claim(bid, ones_wild),
        "parties": [party(table, int(s), hand, caller, bid, seq, call, ones_wild)
                    for s, hand in dice.items()],
        "public": {"options": dict(table.options), "opener": table.opener,
                   "stakes": dict(table.stakes), "dice_counts": dict(table.dice_counts),
                   "dice_in_play": sum(table.dice_counts.values()),
                   "bids": [dict(b) for b in table.bids]},
        "revealed": {"dice": dice, "details": {
            "face": bid["face"], "ones_wild": ones_wild, "matching": matching,
            "count": count, "recount": sum(matching.values())}},
        "rule": {"code": rule_code, "text": rule_text},
        "caller_right": bool(data["caller_right"]),
        "outcome": {"losers": [int(s) for s in data["losers"]], "out": [],
                    "details": {"payments": [dict(p) for p in data["payments"]]}},
    }


def party(table: _Table, seat: int, hand: list[int], caller: int, bid: Mapping[str, int],
          seq: int, call: str, ones_wild: bool) -> dict[str, Any]:
    role = "caller" if seat == caller else "challenged" if seat == bid["seat"] else "other"
    claimed = [bid_claim(b, wild(table, b["face"])) for b in table.bids if b["seat"] == seat]
    if seat == caller:
        claimed.append(call_claim(seq, caller, call, bid, ones_wild))
    return {"seat": seat, "role": role,
            "knew": {"dice": hand, "details": {"stake": table.stakes.get(str(seat))}},
            "claimed": claimed}


def ruling(call: str, count: int, bid: Mapping[str, int], ones_wild: bool,
           all_dice: Sequence[int] = ()) -> tuple[str, str]:
    """The rule that decided the call, by its code and in words (`all_dice`: the revealed
    dice, to say how many show the face and how many are wild ones)."""
    quantity, seen = bid["quantity"], count_phrase(count, bid["face"], ones_wild, all_dice)
    if call == "bluff" and count >= quantity:
        return "bluff_bid_stands", (
            f"Bluff called: {seen}, at least the {quantity} bid, so the bid stands: the "
            "caller loses one die and pays their stake to the bidder.")
    if call == "bluff":
        return "bluff_bid_fails", (
            f"Bluff called: {seen}, fewer than the {quantity} bid, so the bid fails: the "
            "bidder loses one die and pays their stake to the caller.")
    if count == quantity:
        return "spot_on_exact", (
            f"Spot-on called: {seen}, exactly the {quantity} bid: every other active "
            "player loses one die and pays their own stake to the caller.")
    return "spot_on_missed", (
        f"Spot-on called: {seen}, not exactly the {quantity} bid: the caller loses one "
        "die and pays their stake to the bidder.")
