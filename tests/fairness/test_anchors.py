"""A player's anchors catch what the audit alone cannot: a whole game forged afterwards.

The four checks prove an audit consistent with itself; a server that forges a game
under a fresh seed, with the commitment replaced everywhere and every hash recomputed,
passes them. The commitment a player was shown before play, and the events their seat
was served, tell the true audit from such a forgery (games/verify/anchors.py).
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.verify import Anchors, verify_audit
from games.verify.anchors import check_served, served_events
from games.verify.cli import main

from .play import chooser_for, followed
from .tampering import GAME_ID, SEEDS, SERVER_SEED, committed_audit, forged, rehash

FRESH_SEED = "5eed" * 16
_FOLLOWED: dict[str, tuple[dict[str, Any], str, dict[int, list[dict]]]] = {}


@pytest.fixture
def followed_game(players):  # type: ignore[no-untyped-def]
    """followed_game(slug): (audit, commitment shown before play, events served per seat)."""
    def get(slug: str) -> tuple[dict[str, Any], str, dict[int, list[dict]]]:
        if slug not in _FOLLOWED:
            _FOLLOWED[slug] = followed(players, slug, seed=33)
        return copy.deepcopy(_FOLLOWED[slug])
    return get


def found(audit: dict[str, Any], **anchors: Any) -> list[tuple[str, int | None, str]]:
    verdict = verify_audit(audit, anchors=Anchors(**anchors) if anchors else None)
    return [(p.check, p.seq, p.where) for p in verdict.problems]


def recorded_at_changed(audit: dict[str, Any], seq: int) -> dict[str, Any]:
    """One event's time changed and every hash recomputed: nothing the rules decide."""
    audit["events"][seq - 1]["recorded_at"] = "2000-01-01T00:00:00.000000Z"
    return rehash(audit)


@pytest.mark.parametrize("slug", ["snake-bones", "bamboozled"])
def test_the_true_audit_matches_what_every_seat_kept(followed_game, slug: str) -> None:
    audit, shown, served = followed_game(slug)
    assert shown == audit["game"]["server_seed_hash"] == audit["events"][0]["data"][
        "server_seed_hash"]
    assert len(served) >= 2 and all(len(events) == len(audit["events"])
                                    for events in served.values())
    assert any("private" in event for event in served[0])
    for seat, events in served.items():
        verdict = verify_audit(audit, anchors=Anchors(commitment=shown.upper(), served=events,
                                                      seat=seat))
        assert verdict.ok, verdict.problems
        assert verdict.anchored == ("commitment", "served")
        assert verdict.to_json()["commitment_matches"] and verdict.to_json()["served_matches"]


@pytest.mark.parametrize("slug", ["snake-bones", "dark-knights"])
def test_a_game_forged_under_a_fresh_seed_is_caught_only_by_the_commitment_kept(
        audit_for, slug: str) -> None:
    audit = audit_for(slug)
    fake = forged(audit, FRESH_SEED, chooser_for(slug, 7))
    assert fake["game"]["server_seed_hash"] != audit["game"]["server_seed_hash"]
    assert found(fake) == []  # self-consistent: chain, seed, dice and replay all pass
    last = len(fake["events"])
    assert found(fake, commitment=audit["game"]["server_seed_hash"]) == [
        ("commitment", None, "game.server_seed_hash"), ("commitment", 1, "data.server_seed_hash"),
        ("commitment", last, "data.server_seed_hash")]
    assert found(fake, commitment=fake["game"]["server_seed_hash"]) == []


def test_a_forged_game_does_not_match_the_events_served(followed_game) -> None:
    audit, shown, served = followed_game("snake-bones")
    fake = forged(audit, FRESH_SEED, chooser_for("snake-bones", 7))
    assert found(fake) == []
    problems = found(fake, served=served[0], seat=0)
    assert problems and {check for check, _, _ in problems} == {"served"}
    assert ("served", 1, "data") in problems  # table_seated: another commitment


def test_an_event_altered_after_the_game_is_caught_at_its_seq(followed_game) -> None:
    audit, shown, served = followed_game("snake-bones")
    seq = len(audit["events"]) // 2
    altered = recorded_at_changed(copy.deepcopy(audit), seq)
    assert found(altered) == [] and found(altered, commitment=shown) == []
    assert found(altered, served=served[1], seat=1) == [("served", seq, "recorded_at")]

    dealt = next(e for e in audit["events"] if "0" in e["private"] and "dice" in
                 json.dumps(e["private"]["0"]))
    altered = copy.deepcopy(audit)
    altered["events"][dealt["seq"] - 1]["private"]["0"] = {"x": 1}
    problems = found(rehash(altered), served=served[0], seat=0)
    assert ("served", dealt["seq"], "private") in problems
    assert ("served", dealt["seq"], "private") not in found(rehash(altered), served=served[1],
                                                            seat=1)


def test_served_events_are_read_for_the_seat_they_were_served_to(followed_game) -> None:
    audit, _, served = followed_game("snake-bones")
    problems = found(audit, served=served[1], seat=0)
    assert problems and {where for _, _, where in problems} == {"private"}
    assert found(audit, served=served[0][:5], seat=0) == []  # any part of what was kept


def test_a_served_event_the_audit_lacks_or_contradicts_is_named(followed_game) -> None:
    audit, _, served = followed_game("snake-bones")
    mine = served[0]
    truncated = {**audit, "events": audit["events"][:-1]}
    assert ("served", len(audit["events"]), "seq") in [
        (p.check, p.seq, p.where) for p in verify_audit(
            truncated, anchors=Anchors(served=mine, seat=0)).problems]
    changed = copy.deepcopy(mine)
    changed[3].update(type="something_else", actor="seat:7", batch_end=not changed[3]["batch_end"])
    assert found(audit, served=changed, seat=0) == [
        ("served", 4, "type"), ("served", 4, "actor"), ("served", 4, "batch_end")]
    assert found(audit, served=[{"no": "seq"}], seat=0) == [("served", None, "served[0]")]


def test_served_data_may_be_at_any_schema_version_the_event_reads_as(followed_game) -> None:
    """The service upcasts what it serves: a table_seated stored at v1 was served without
    dice_scheme before v2 existed, and with dice_scheme = 1 since."""
    audit, _, _ = followed_game("snake-bones")
    seated = audit["events"][0]
    seated["schema_version"] = 1
    v1 = {k: v for k, v in seated["data"].items() if k != "dice_scheme"}
    seated["data"] = v1
    served = {"seq": 1, "type": "table_seated", "actor": seated["actor"],
              "recorded_at": seated["recorded_at"], "batch_end": True}
    assert check_served(audit, [{**served, "data": v1}], 0) == []
    assert check_served(audit, [{**served, "data": {**v1, "dice_scheme": 1}}], 0) == []
    assert [f.where for f in check_served(audit, [{**served, "data": {**v1, "dice_scheme": 2}}],
                                          0)] == ["data"]


def test_the_served_file_may_hold_events_or_pages() -> None:
    events = [{"seq": 1}, {"seq": 2}]
    assert served_events(events) == events
    assert served_events({"version": 2, "events": events, "next_after": None}) == events
    assert served_events([{"events": events[:1]}, {"events": events[1:]}]) == events
    with pytest.raises(ValueError):
        served_events({"seq": 1})


def test_the_command_line_takes_the_anchors(followed_game, tmp_path, capsys) -> None:
    audit, shown, served = followed_game("snake-bones")
    files = {name: tmp_path / f"{name}.json" for name in ("audit", "served", "fake", "late")}
    files["audit"].write_text(json.dumps(audit))
    files["served"].write_text(json.dumps(served[0]))
    files["fake"].write_text(json.dumps(forged(audit, FRESH_SEED,
                                               chooser_for("snake-bones", 7))))
    files["late"].write_text(json.dumps(recorded_at_changed(copy.deepcopy(audit), 5)))
    audit_file, served_file = str(files["audit"]), str(files["served"])
    assert main([audit_file, "--commitment", shown, "--served", served_file, "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert "  commitment ok" in out and "  served     ok" in out and out.strip().endswith(
        "VERIFIED")
    assert main([str(files["fake"])]) == 0
    capsys.readouterr()
    assert main([str(files["fake"]), "--commitment", shown]) == 1
    assert "[commitment] seq 1 (data.server_seed_hash)" in capsys.readouterr().out
    assert main([str(files["late"]), "--served", served_file, "--seat", "0"]) == 1
    assert "[served] seq 5 (recorded_at)" in capsys.readouterr().out
    assert main([str(files["late"]), "--json", "--served", served_file, "--seat", "0"]) == 1
    assert json.loads(capsys.readouterr().out)["served_matches"] is False
    for bad in (["--commitment", "abc"], ["--served", served_file], ["--seat", "0"]):
        with pytest.raises(SystemExit) as exit_:
            main([audit_file, *bad])
        assert exit_.value.code == 2
    assert main([str(tmp_path / "missing.json")]) == 2


def test_a_forged_scheme_3_game_is_caught_by_the_commitment_kept() -> None:
    """Scheme 3 (built from games/ alone): a whole game forged under a fresh server seed,
    the fixed seeds kept, passes the four checks; the commitment kept refuses it."""
    honest = committed_audit("snake-bones", SERVER_SEED, GAME_ID, list(SEEDS),
                             chooser_for("snake-bones", 5))
    fake = forged(honest, "f0" * 32, chooser_for("snake-bones", 8))
    assert verify_audit(fake).ok
    kept = Anchors(commitment=honest["game"]["server_seed_hash"])
    assert [(p.check, p.seq, p.where) for p in verify_audit(fake, anchors=kept).problems] == [
        ("commitment", None, "game.server_seed_hash"), ("commitment", 1, "data.server_seed_hash"),
        ("commitment", len(fake["events"]), "data.server_seed_hash")]
    assert verify_audit(honest, anchors=kept).ok
