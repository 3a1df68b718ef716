"""Stored rows are never rewritten: old schema versions are upcast when read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from events import selectors, store
from events.models import Event
from games.verify.checks import report, verify_audit
from games.verify.committed import scheme_findings
from games.verify.upcasters import SCHEMA_VERSIONS, upcast
from tests.fairness import independent
from tests.support.api import table


@pytest.fixture
def bid_upcaster(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Pretend bid_made is now at schema version 2, which adds a field to version 1."""
    def v1_to_v2(data: dict) -> dict:
        return {**data, "upcast": True}
    monkeypatch.setitem(store.UPCASTERS, ("bid_made", 1), v1_to_v2)
    yield


def test_reads_upcast_without_rewriting_rows(players, bid_upcaster) -> None:  # type: ignore[no-untyped-def]
    a, b = players(2)
    game_id = table(a, [b], "snake-bones")
    version = a.start(game_id, first_player=0)["version"]
    version = a.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    version = b.act(game_id, {"type": "stake", "coins": 1}, version).json()["version"]
    a.act(game_id, {"type": "bid", "quantity": 2, "face": 3}, version)
    row = Event.objects.get(game_id=game_id, type="bid_made")
    assert row.schema_version == 1 and "upcast" not in row.data
    served = next(e for e in a.events(game_id) if e["type"] == "bid_made")
    assert served["data"]["upcast"] is True
    assert store.stored_event(row)["data"]["upcast"] is True
    assert selectors.visible_event(row, None, batch_end=True)["data"]["quantity"] == 2


# --- dice scheme 3: table_seated v4; old games upcast and verify unchanged ------------------

OLD_AUDITS = Path(__file__).resolve().parents[1] / "fairness" / "old_audits"
# Audits of games stored before dice scheme 3, exported by the service of that time and
# frozen here (snake-bones): scheme 1 at table_seated v1, scheme 2 at v2 (players by
# username) and at v3 (players by id).
OLD = {"scheme-1-table-seated-v1.json": (1, 1), "scheme-2-table-seated-v2.json": (2, 2),
       "scheme-2-table-seated-v3.json": (3, 2)}


def old_audit(name: str) -> dict[str, Any]:
    return json.loads((OLD_AUDITS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(OLD))
def test_table_seated_v1_v2_v3_upcast_to_v4_with_their_seeds(name: str) -> None:
    version, scheme = OLD[name]
    seated = old_audit(name)["events"][0]
    assert seated["schema_version"] == version
    now = upcast("table_seated", version, seated["data"])
    assert SCHEMA_VERSIONS["table_seated"] == 4 and now["dice_scheme"] == scheme
    assert [(s["seat"], s["client_seed"], s["seed_commitment"]) for s in now["seats"]] == \
        [(s["seat"], s["client_seed"], None) for s in seated["data"]["seats"]]
    assert upcast("table_seated", 4, now) == now  # v4 is the current shape


@pytest.mark.parametrize("name", sorted(OLD))
def test_stored_old_audits_verify_unchanged_with_both_verifiers(name: str) -> None:
    audit = old_audit(name)
    verdict = verify_audit(audit)
    assert verdict.ok, verdict.problems
    assert verdict.to_json() == audit["verdict"]  # the verdict the service gave then
    assert "withheld" not in report(verdict, audit)
    assert independent.verify(audit) == [] and independent.withheld(audit) == []


@pytest.mark.parametrize("name", sorted(OLD))
def test_an_old_game_cannot_be_passed_off_as_scheme_3(name: str) -> None:
    """The game serving scheme 3 for a stream whose format binds scheme 1 or 2 is refused."""
    audit = old_audit(name)
    audit["game"]["dice_scheme"] = 3
    assert [(p.check, p.seq, p.where) for p in verify_audit(audit).problems] == \
        [("seed", 1, "data.dice_scheme")]
    assert "the game's dice_scheme is not table_seated's" in independent.verify(audit)


@pytest.mark.parametrize("version, allowed", [(1, (1,)), (2, (1, 2)), (3, (1, 2)), (4, (3,))])
def test_the_scheme_allowed_by_each_schema_version(version: int, allowed: tuple[int, ...]
                                                   ) -> None:
    for scheme in (1, 2, 3):
        found = scheme_findings({"dice_scheme": scheme}, version, {"dice_scheme": scheme})
        assert (found == []) == (scheme in allowed), (version, scheme, found)


BAMBOOZLED_V1 = Path(__file__).resolve().parents[1] / "games" / "bamboozled" / \
    "stored_v1_audits.json"


@pytest.mark.parametrize("index", range(3))
def test_stored_bamboozled_audits_verify_unchanged_with_both_verifiers(index: int) -> None:
    """The three stored Bamboozled games (table_seated v2, scheme 2) as well."""
    audit = json.loads(BAMBOOZLED_V1.read_text(encoding="utf-8"))["audits"][index]
    assert audit["events"][0]["schema_version"] == 2
    verdict = verify_audit(audit)
    assert verdict.ok and verdict.withheld is None, verdict.problems
    assert verdict.to_json() == audit["verdict"]
    assert independent.verify(audit) == []
