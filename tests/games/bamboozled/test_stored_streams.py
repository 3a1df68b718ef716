"""Streams stored before card_played was split still replay (stored rows are never
rewritten; games/verify/upcasters.py reads a stored card_played as its new type).

stored_v1_audits.json holds the audits of three games the service played and exported
with the code of that time (3 players; the last with the kids rules): every event exactly
as it was written and hashed, card_played in all its shapes among them.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.bamboozled import RULES
from games.bamboozled.challenges import challenges
from games.bamboozled.events import CARD_PLAYED, EVENTS, card_played_type
from games.verify import Anchors, verify_audit
from games.verify.replay import SERVICE_EVENTS
from games.verify.upcasters import schema_version_of, upcast, upcast_event

AUDITS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "stored_v1_audits.json").read_text())["audits"]
NEW_TYPES = {kind.TYPE for kind in CARD_PLAYED}


def stored(audit: dict[str, Any], kind: str = "card_played") -> list[dict[str, Any]]:
    return [e for e in audit["events"] if e["type"] == kind]


def shape(data: dict[str, Any]) -> tuple:
    return (data["card"], *sorted(set(data) - {"seat", "card"}), data.get("final_strike"))


def test_the_fixture_holds_card_played_in_every_shape_at_schema_version_1():
    shapes = Counter(shape(e["data"]) for audit in AUDITS for e in stored(audit))
    assert set(shapes) == {
        ("fresh_start", None), ("my_bad", None), ("skip", "responder", None),
        ("skip", "roll_again", None), ("reverse", "direction", "roll_again", None),
        ("revive", "final_strike", "strikes", False), ("revive", "final_strike", "strikes", True),
    }
    assert all(e["schema_version"] == 1 for audit in AUDITS for e in stored(audit))
    assert not any(e["type"] in NEW_TYPES for audit in AUDITS for e in audit["events"])


@pytest.mark.parametrize("audit", AUDITS, ids=lambda a: a["game"]["id"][:8])
def test_a_stored_card_played_reads_as_its_new_type_with_the_same_data(audit):
    for event in stored(audit):
        kind, data = upcast_event("card_played", 1, event["data"])
        assert kind == card_played_type(event["data"]) and kind in NEW_TYPES
        assert data == event["data"] and upcast("card_played", 1, event["data"]) == data
        typed = EVENTS.parse_event({"type": kind, "data": data, "private": {}})
        assert typed.to_json()["data"] == data
        assert schema_version_of(kind) == 2


def test_the_rules_write_the_new_types_at_schema_version_2_and_no_card_played():
    assert "card_played" not in EVENTS
    assert {schema_version_of(t) for t in NEW_TYPES} == {2}
    assert upcast_event("skip_played", 2, {"seat": 1, "card": "skip", "responder": 2}) == (
        "skip_played", {"seat": 1, "card": "skip", "responder": 2})


def test_a_bare_bones_card_played_is_left_as_it_is():
    for data in ({"seat": 0, "card": "blue", "units_used": 0},
                 {"seat": 0, "card": "red", "units_used": 4, "by": "full_house"}):
        assert upcast_event("card_played", 1, data) == ("card_played", data)


@pytest.mark.parametrize("audit", AUDITS, ids=lambda a: a["game"]["id"][:8])
def test_a_stored_stream_folds_through_the_upcaster_and_the_rules(audit):
    state = None
    for event in audit["events"]:
        if event["type"] in SERVICE_EVENTS:
            continue
        kind, data = upcast_event(event["type"], event["schema_version"], event["data"])
        state = RULES.evolve(state, RULES.events.parse_event(
            {"type": kind, "data": data, "private": event["private"]}))
    assert RULES.outcome(state) == audit["game"]["outcome"]
    assert RULES.awaiting(state) == {}


@pytest.mark.parametrize("audit", AUDITS, ids=lambda a: a["game"]["id"][:8])
def test_the_verifier_re_decides_every_stored_batch_with_todays_rules(audit):
    """Every batch is decided again from its command and draws: the rules now write the
    new types, which must equal the stored card_played events once upcast."""
    verdict = verify_audit(audit)
    assert verdict.problems == [] and verdict.outcome == audit["game"]["outcome"]


@pytest.mark.parametrize("audit", AUDITS, ids=lambda a: a["game"]["id"][:8])
def test_events_served_before_and_after_the_split_both_anchor(audit):
    """A player kept events served as card_played (before) or as the new types (after)."""
    def served(renamed: bool) -> list[dict[str, Any]]:
        out = []
        for event in audit["events"]:
            kind, data = (upcast_event(event["type"], event["schema_version"], event["data"])
                          if renamed else (event["type"], event["data"]))
            out.append({"seq": event["seq"], "type": kind, "data": data, "actor": event["actor"],
                        "recorded_at": event["recorded_at"]})
        return out

    for renamed in (False, True):
        verdict = verify_audit(audit, anchors=Anchors(served=served(renamed)))
        assert verdict.problems == [], renamed
    wrong = served(True)
    at = next(i for i, e in enumerate(wrong) if e["type"] in NEW_TYPES)
    wrong[at] = {**wrong[at], "type": "skip_played" if wrong[at]["type"] != "skip_played"
                 else "reverse_played"}
    problems = verify_audit(audit, anchors=Anchors(served=wrong)).problems
    assert [(p.check, p.seq, p.where) for p in problems] == [("served", wrong[at]["seq"], "type")]


@pytest.mark.parametrize("audit", AUDITS, ids=lambda a: a["game"]["id"][:8])
def test_challenge_reports_read_stored_and_upcast_events_alike(audit):
    public = [{"seq": e["seq"], "type": e["type"], "data": e["data"]}
              for e in audit["events"] if e["type"] not in SERVICE_EVENTS]
    upcast_public = [{**e, "type": upcast_event(e["type"], 1, e["data"])[0]} for e in public]
    reports = challenges(upcast_public)
    assert challenges(public) == reports
    assert any(e["type"] in NEW_TYPES for e in upcast_public)
    # the kids rules have no bluff calls
    assert bool(reports) != audit["game"]["options"]["kids"]
