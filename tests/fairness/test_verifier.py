"""events.verify checks a game from its audit JSON alone, and names every alteration."""

from __future__ import annotations

import ast
import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from events.store import chain
from events.verify import check_chain, verify_audit
from games import service_events

from .play import GAME_TYPES
from .tampering import flip, flip_string, rehash, tampered

ROOT = Path(__file__).resolve().parents[2]
def problems_of(audit: dict[str, Any]) -> list[tuple[str, int | None, str]]:
    return [(p.check, p.seq, p.where) for p in verify_audit(audit).problems]


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_an_untouched_audit_verifies_and_agrees_with_the_server(audit_for, slug: str) -> None:
    audit = audit_for(slug)
    verdict = verify_audit(audit)
    assert verdict.ok, verdict.problems
    assert verdict.to_json() == audit["verdict"]
    assert verdict.events == len(audit["events"]) and verdict.batches >= 3
    assert verdict.outcome == audit["game"]["outcome"]


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_one_changed_byte_in_any_event_is_reported_at_its_seq(audit_for, slug: str) -> None:
    """Every event, one changed field each (every field for the opening events): the
    chain check names that seq first; the full verdict too, for a sample of them."""
    audit, rng = audit_for(slug), random.Random(5)
    fields = list(chain.HASHED_FIELDS) + ["hash"]
    seqs = range(1, len(audit["events"]) + 1)
    sample = set(rng.sample(seqs, min(25, len(seqs))))
    for event in audit["events"]:
        for field in ([rng.choice(fields)] if event["seq"] > 3 else fields):
            altered = tampered(audit, event["seq"], field, rng)
            found = [(p.seq, p.where) for p in check_chain(altered)]
            assert found and found[0][0] == event["seq"], (field, found)
            if event["seq"] in sample or event["seq"] <= 3:
                assert problems_of(altered)[0][:2] == ("chain", event["seq"]), field


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_a_changed_server_seed_is_reported(audit_for, slug: str) -> None:
    audit, rng = audit_for(slug), random.Random(1)
    audit["game"]["server_seed"] = flip_string(audit["game"]["server_seed"], rng)
    assert ("seed", None, "game.server_seed") in problems_of(audit)

    audit = audit_for(slug)
    last = audit["events"][-1]
    last["data"]["server_seed"] = flip_string(last["data"]["server_seed"], rng)
    found = problems_of(audit)
    assert ("chain", last["seq"], "hash") in found
    assert ("seed", last["seq"], "data.server_seed") in found
    assert any(check == "dice" for check, _, _ in found)


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_a_changed_client_seed_is_reported(audit_for, slug: str) -> None:
    audit, rng = audit_for(slug), random.Random(2)
    seat = audit["game"]["seats"][1]
    seat["client_seed"] = flip_string(seat["client_seed"], rng)
    assert problems_of(audit) == [("seed", None, "game.seats[1].client_seed")]

    audit = audit_for(slug)
    fixed = audit["events"][1]
    assert fixed["type"] == "client_seeds_fixed" and fixed["data"]["client_seeds"][1]
    fixed["data"]["client_seeds"][1] = flip_string(fixed["data"]["client_seeds"][1], rng)
    found = problems_of(audit)
    assert found[0] == ("chain", 2, "hash")
    assert ("seed", 2, "data.client_seeds[1]") in found
    assert ("seed", None, "game.seats[1].client_seed") in found
    assert any(check == "dice" for check, _, _ in found)


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_a_forged_chain_is_still_caught_by_the_dice(audit_for, slug: str) -> None:
    audit = audit_for(slug)
    event = next(e for e in audit["events"] if e["draws"] and e["draws"][0][1] > 1)
    nonce, sides, value = event["draws"][0]
    event["draws"][0] = [nonce, sides, value % sides + 1]
    found = problems_of(rehash(audit))
    assert not any(check == "chain" for check, _, _ in found)
    assert found[0] == ("dice", event["seq"], "draws[0]")


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_a_forged_chain_is_still_caught_by_the_replay(audit_for, slug: str) -> None:
    audit, rng = audit_for(slug), random.Random(3)
    rules_events = [e for e in audit["events"] if e["type"] not in service_events.TYPES]
    for event in rng.sample(rules_events, min(12, len(rules_events))):
        forged = copy.deepcopy(audit)
        target = forged["events"][event["seq"] - 1]
        target["data"] = flip(target["data"], rng)
        found = problems_of(rehash(forged))
        assert ("replay", event["seq"], "data") in found, (event["type"], found)


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_an_event_rehashed_alone_breaks_the_link_of_the_next(audit_for, slug: str) -> None:
    """A forger changes one event's recorded_at and recomputes only its own hash: that
    hash is valid for its content, so only the next event's prev_hash (which its own
    hash covers, and still names the old hash) shows the change."""
    audit = audit_for(slug)
    seq = len(audit["events"]) // 2
    event = audit["events"][seq - 1]
    event["recorded_at"] = "2000-01-01T00:00:00.000000Z"
    event["hash"] = chain.event_hash(event)
    assert problems_of(audit) == [("chain", seq + 1, "prev_hash")]


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_a_dice_used_that_is_not_the_number_of_draws_is_reported(audit_for, slug: str) -> None:
    """seed_revealed says how many dice were drawn; a forged count, even with the whole
    chain recomputed, disagrees with the draws the stream holds."""
    for change in (1, -1):
        audit = audit_for(slug)
        last = audit["events"][-1]
        assert last["type"] == "seed_revealed"
        last["data"]["dice_used"] += change
        assert problems_of(rehash(audit)) == [("dice", last["seq"], "data.dice_used")]


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_gaps_truncation_and_misplaced_events_are_reported(audit_for, slug: str) -> None:
    audit = audit_for(slug)
    drawn = [e for e in audit["events"] if e["draws"]]
    drawn[-1]["draws"][0][0] += 1
    assert ("dice", drawn[-1]["seq"], "draws[0]") in problems_of(rehash(audit))

    audit = audit_for(slug)
    audit["events"] = audit["events"][:-3] + audit["events"][-1:]
    audit["events"][-1]["seq"] = len(audit["events"])
    found = problems_of(rehash(audit))
    assert any(check == "replay" for check, _, _ in found), found

    audit = audit_for(slug)
    del audit["events"][-1]
    found = problems_of(audit)
    assert ("replay", len(audit["events"]), "type") in found


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_an_action_posted_for_another_seat_is_reported(audit_for, slug: str) -> None:
    audit = audit_for(slug)
    head = next(e for e in audit["events"] if e["actor"].startswith("seat:"))
    head["actor"] = "seat:9"
    assert ("replay", head["seq"], "actor") in problems_of(rehash(audit))


@pytest.mark.parametrize("slug", GAME_TYPES[:2])
def test_a_bot_move_is_held_to_its_seat_like_a_players(audit_for, slug: str) -> None:
    audit = audit_for(slug)
    head = next(e for e in audit["events"] if e["actor"].startswith("seat:"))
    head["actor"] = f"bot:{head['command']['seat']}"
    assert problems_of(rehash(audit)) == []
    head["actor"] = "bot:9"
    assert ("replay", head["seq"], "actor") in problems_of(rehash(audit))


def test_a_document_of_another_format_is_refused() -> None:
    verdict = verify_audit({"format": "something else", "game": {}})
    assert not verdict.ok and verdict.problems[0].where == "format"


def test_the_verifier_runs_from_the_json_alone_without_django(audit_for, tmp_path) -> None:
    good = tmp_path / "audit.json"
    good.write_text(json.dumps(audit_for(GAME_TYPES[0])))
    bad_audit = audit_for(GAME_TYPES[0])
    bad_audit["events"][3]["recorded_at"] = "2000-01-01T00:00:00.000000Z"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(bad_audit))
    blocker = "import sys; sys.modules['django'] = None; sys.modules['rest_framework'] = None\n"
    code = blocker + "from events.verify import main; sys.exit(main(sys.argv[1:]))"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    run = [sys.executable, "-c", code]
    ok = subprocess.run(run + [str(good)], cwd=ROOT, env=env, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip().endswith("VERIFIED")
    failed = subprocess.run(run + [str(bad)], cwd=ROOT, env=env, capture_output=True, text=True)
    assert failed.returncode == 1, failed.stderr
    assert "[chain] seq 4 (hash)" in failed.stdout


def test_the_verifier_modules_import_no_django_and_no_database() -> None:
    """The verifier lives in games/verify/ (pure: tests/test_purity.py); the modules of
    events/ that the service imports it by are thin re-exports of it."""
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for name in ("verify.py", "store/chain.py", "store/upcasters.py"):
        tree = ast.parse((ROOT / "events" / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0 and node.module, f"events/{name}: a relative import"
                names = [node.module]
            else:
                continue
            for module in names:
                assert module.split(".")[0] in allowed or module.startswith("games.verify."), (
                    f"events/{name} imports {module}")
