"""A verifier written from docs/fairness.md alone recomputes every roll of finished games.

tests/fairness/independent.py imports nothing of the service's dice or hashes; these
tests fail if the service's dice, shuffles or hash chain drift from the published page.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from games.core import shuffle
from games.core.fairness import HmacDice, die_from_seed

from . import independent
from .play import GAME_TYPES, audit_of, chooser_for, finished
from .tampering import GAME_ID, SEEDS, SERVER_SEED, committed_audit, scheme_tamperings

DOC = (Path(__file__).resolve().parents[2] / "docs" / "fairness.md").read_text()

SEED = hashlib.sha256(b"dice-games worked example").hexdigest()
GAME = "7d3c9a4e-5b21-4f0e-8c6a-2e9f1b7d4a63"
CLIENT_SEEDS = ["alice-lucky-7", "9f1c2e7a5b3d4c60"]
SEAT_1_SEED = "fedcba9876543210" * 4  # a scheme 3 seed (scheme 2 took free text too)


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_every_roll_of_a_finished_game_recomputes_from_the_page(players, slug: str) -> None:
    game_id, everyone, final = finished(players, slug, seed=11, seat1=SEAT_1_SEED)
    audit = audit_of(everyone[1], game_id)
    draws = independent.draws(audit)
    assert draws, "a finished game rolled no dice"
    assert [n for n, _, _ in draws] == list(range(len(draws)))
    assert independent.verify(audit) == []
    assert audit["game"]["server_seed"] == final["server_seed"]
    assert audit["events"][-1]["data"]["client_seeds"][1] == SEAT_1_SEED  # recorded, used
    assert audit["verdict"]["ok"] and audit["verdict"]["draws"] == len(draws)


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_the_page_s_verifier_notices_a_wrong_die(audit_for, slug: str) -> None:
    audit = audit_for(slug)
    assert independent.verify(audit) == []
    event = next(e for e in audit["events"] if e["draws"])
    nonce, sides, value = event["draws"][0]
    event["draws"][0] = [nonce, sides, value % sides + 1] if sides > 1 else [nonce, 2, 2]
    problems = independent.verify(audit)
    assert f"seq {event['seq']}: nonce {nonce} d" in problems[0]
    assert f"seq {event['seq']}: hash does not recompute" in problems


def test_the_scheme_2_worked_example_in_the_page_is_right() -> None:
    start = "dice/2:" + GAME + ":2:13:alice-lucky-7:16:9f1c2e7a5b3d4c60:"
    assert f"`{start}`" in DOC
    assert independent.message(GAME, CLIENT_SEEDS, 0, 0, 2) == start + "0:0"
    for nonce, sides, expected, head in ((0, 6, 3, "4fa5ce68"), (1, 6, 3, "4a085242"),
                                         (2, 6, 3, "c644f2c4"), (3, 3, 2, "397d1049")):
        value, attempts = independent.die(SEED, GAME, CLIENT_SEEDS, nonce, sides, scheme=2)
        assert (value, attempts) == (expected, 1)
        assert die_from_seed(SEED, GAME, CLIENT_SEEDS, nonce, sides, scheme=2) == value
        assert f"| {nonce} | {sides} | `:{nonce}:0` | `{head}` |" in DOC
    assert "4fa5ce68164b99cd4fedf3026139f1df55fa5757d0db9e4b4ea36f6c78d21a4f" in DOC
    assert "`...:2:3:a,b:1:c:...`" in DOC and "`...:2:1:a:3:b,c:...`" in DOC


def test_the_scheme_1_worked_example_in_the_page_is_right() -> None:
    assert hashlib.sha256(bytes.fromhex(SEED)).hexdigest() in DOC
    assert SEED in DOC and GAME in DOC
    for nonce, sides, expected in ((0, 6, 6), (1, 6, 2), (2, 6, 4), (3, 3, 1)):
        value, attempts = independent.die(SEED, GAME, CLIENT_SEEDS, nonce, sides, scheme=1)
        assert (value, attempts) == (expected, 1)
        assert die_from_seed(SEED, GAME, CLIENT_SEEDS, nonce, sides, scheme=1) == value
    assert "9ce47a9f37c979b471fb7c4e91b4427785fb85f0da56c7c6d5a249338afd9831" in DOC
    big = 3 * 2**30
    assert independent.die(SEED, GAME, CLIENT_SEEDS, 1, big, scheme=1) == (3214713007, 2)
    assert "**3214713007**" in DOC
    dice = HmacDice(SEED, GAME, CLIENT_SEEDS, next_nonce=4, scheme=1)
    assert shuffle(dice, "ABCD") == tuple("CBAD")
    assert [d.to_list() for d in dice.draws] == [[4, 4, 4], [5, 3, 1], [6, 2, 2]]
    assert "`[[4, 4, 4], [5, 3, 1], [6, 2, 2]]`" in DOC


def test_the_worked_hash_example_in_the_page_is_right() -> None:
    body = {"game_id": GAME, "seq": 7, "type": "bid_made", "schema_version": 1,
            "data": {"seat": 1, "quantity": 3, "face": 4, "next": 0}, "private": {},
            "actor": "seat:1", "command": {"seat": 1, "action": {"type": "bid", "quantity": 3,
                                                                 "face": 4}},
            "draws": [], "idempotency_key": None, "recorded_at": "2026-05-01T18:04:05.123456Z",
            "prev_hash": "5b0e1f3c9d2a4b6e8f0a1c3e5d7b9f1a2c4e6d8b0f1a3c5e7d9b1f3a5c7e9d0b"}
    assert independent.canonical(body).decode() in DOC
    assert independent.event_hash(body) in DOC


@pytest.mark.parametrize("scheme", [1, 2, 3])
@pytest.mark.parametrize("sides", [1, 2, 3, 6, 7, 20, 52, 1000, 3 * 2**30, 2**31 + 1, 2**32])
def test_the_service_dice_follow_the_page_including_rejections(sides: int, scheme: int) -> None:
    rejected = 0
    for nonce in range(300):
        value, attempts = independent.die(SEED, GAME, CLIENT_SEEDS, nonce, sides, scheme)
        assert die_from_seed(SEED, GAME, CLIENT_SEEDS, nonce, sides, scheme) == value
        assert 1 <= value <= sides
        rejected += attempts > 1
    if sides in (3 * 2**30, 2**31 + 1):
        assert rejected > 0, "the rejection branch was never exercised"


def test_a_die_beyond_the_sampled_range_is_refused() -> None:
    for sides in (0, -1, 2**32 + 1, True, 6.0):
        with pytest.raises(ValueError):
            die_from_seed(SEED, GAME, CLIENT_SEEDS, 0, sides)  # type: ignore[arg-type]


def test_shuffles_follow_the_page() -> None:
    for start in range(0, 200, 7):
        dice = HmacDice(SEED, GAME, CLIENT_SEEDS, next_nonce=start, scheme=3)
        served = shuffle(dice, list(range(9)))
        nonces = iter(range(start, start + 8))
        by_page = independent.shuffle(
            list(range(9)),
            lambda sides: independent.die(SEED, GAME, CLIENT_SEEDS, next(nonces), sides, 3)[0])
        assert list(served) == by_page
        assert [d.sides for d in dice.draws] == [9, 8, 7, 6, 5, 4, 3, 2]


@pytest.mark.parametrize("slug", GAME_TYPES)
def test_a_scheme_3_game_of_every_type_recomputes_from_the_page(slug: str) -> None:
    """Built from games/ alone as the service records it (table_seated v4, then
    client_seeds_fixed): the page's verifier agrees, and names a withheld seat."""
    audit = committed_audit(slug, SERVER_SEED, GAME_ID, list(SEEDS), chooser_for(slug, 5))
    assert independent.draws(audit) and independent.verify(audit) == []
    assert independent.withheld(audit) == []
    withholding = committed_audit(slug, SERVER_SEED, GAME_ID, [SEEDS[0], ""],
                                  chooser_for(slug, 5), withheld=(1,),
                                  commitments=[independent.seed_commitment(s) for s in SEEDS])
    assert independent.verify(withholding) == []
    assert independent.withheld(withholding) == [1]


@pytest.mark.parametrize("name", sorted(scheme_tamperings("snake-bones", chooser_for(
    "snake-bones", 5))))
def test_the_page_s_verifier_refuses_every_scheme_tampering(name: str) -> None:
    audit, _ = scheme_tamperings("snake-bones", chooser_for("snake-bones", 5))[name]
    assert independent.verify(audit) != [], name
