"""The checks of an exported audit: no Django, no database, nothing but `games`.

The audit format and the four checks are specified in docs/fairness.md:

- chain:  every event's hash recomputes and links to the previous one (games/verify/chain.py);
- seed:   the commitment published in `table_seated` and on the game is the server
          seed's (tagged "dice/3:" in scheme 3), the scheme is the one the stored schema
          version allows and the game's; the client seeds are those `table_seated`
          recorded, or in scheme 3 those `client_seeds_fixed` recorded, each hashing to
          its seat's commitment (games/verify/committed.py);
- dice:   every draw [nonce, sides, value] recomputes from the seed, the game id and the
          client seeds under the game's scheme, and the nonces run 0, 1, 2, ... with no gap;
- replay: the rules' `setup` and `decide`, given exactly each batch's draws, reproduce
          the stored events of that batch, and folding them reaches the final outcome.

A player's own anchors add two more when given (games/verify/anchors.py): `commitment`
(the commitment they were shown before play) and `served` (the events they were served).
The command line is games/verify/cli.py (`dice-verify`, `python -m games.verify`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from games.core.fairness import commitment, die_from_seed

from . import chain, stored
from .committed import (
    COMMITTED_SCHEME,
    committed_findings,
    fixed_seeds,
    scheme_findings,
    withheld_seats,
    withheld_words,
)
from .replay import Upcast, check_replay
from .upcasters import upcast, upcast_event

FORMAT = "dice-games-audit/1"
CHECKS = ("chain", "seed", "dice", "replay")
ANCHOR_CHECKS = ("commitment", "served")  # only when the player gives their anchors
MAX_DICE_PROBLEMS = 10


@dataclass(frozen=True)
class Problem:
    check: str
    seq: int | None
    where: str
    detail: str

    def to_json(self) -> dict[str, Any]:
        return {"check": self.check, "seq": self.seq, "where": self.where,
                "detail": self.detail}

    def __str__(self) -> str:
        place = f"seq {self.seq}" if self.seq is not None else "game"
        return f"[{self.check}] {place} ({self.where}): {self.detail}"


@dataclass
class Verdict:
    problems: list[Problem] = field(default_factory=list)
    events: int = 0
    draws: int = 0
    batches: int = 0
    finished: bool = False
    outcome: Any = None
    anchored: tuple[str, ...] = ()  # the anchor checks that ran (ANCHOR_CHECKS)
    withheld: tuple[int, ...] | None = None  # scheme 3: the seats that withheld their seeds

    @property
    def ok(self) -> bool:
        return not self.problems

    def passed(self, check: str) -> bool:
        return not any(p.check == check for p in self.problems)

    def to_json(self) -> dict[str, Any]:
        out = {
            "ok": self.ok, "chain_intact": self.passed("chain"),
            "seed_matches": self.passed("seed"), "rolls_match": self.passed("dice"),
            "replay_matches": self.passed("replay"), "finished": self.finished,
            "events": self.events, "draws": self.draws, "batches": self.batches,
            "outcome": self.outcome, "problems": [p.to_json() for p in self.problems],
        }
        if self.withheld is not None:  # scheme 3 only: older games had nothing to withhold
            out["withheld"] = list(self.withheld)
        for check in self.anchored:  # never on the server's own verdict: it has no anchors
            out[f"{check}_matches"] = self.passed(check)
        return out


def _events(audit: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return stored.rows(audit)  # as stored and hashed (games/verify/stored.py)


# --- chain ------------------------------------------------------------------------------

def check_chain(audit: Mapping[str, Any]) -> list[Problem]:
    problems: list[Problem] = []
    game_id = str(audit["game"]["id"])
    prev = chain.GENESIS
    for seq, event in enumerate(_events(audit), start=1):
        if event.get("seq") != seq:
            problems.append(Problem("chain", seq, "seq", f"the event in place {seq} says "
                                    f"seq {event.get('seq')!r}"))
        if event.get("game_id") != game_id:
            problems.append(Problem("chain", seq, "game_id", "not this game's id"))
        if event.get("prev_hash") != prev:
            problems.append(Problem("chain", seq, "prev_hash",
                                    "does not link to the hash of the event before"))
        try:
            computed = chain.event_hash(event)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            problems.append(Problem("chain", seq, "event", f"cannot be hashed: {exc!r}"))
        else:
            if computed != event.get("hash"):
                problems.append(Problem("chain", seq, "hash",
                                        f"stored {event.get('hash')}, recomputed {computed}: "
                                        "the event was altered after it was recorded"))
        prev = event.get("hash")
    return problems + [Problem("chain", *found) for found in stored.mismatches(audit)]


# --- seed -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Seeds:
    server_seed: str | None
    client_seeds: list[str]
    scheme: int = 1


def upcast_seated(events: list[Mapping[str, Any]]) -> dict[str, Any]:
    """`table_seated`'s data at the current schema version ({} if the stream does not
    open with it): the dice scheme is recorded since v2 (before, it was 1)."""
    if not events or events[0].get("type") != "table_seated":
        return {}
    return upcast("table_seated", stored_version(events[0]), dict(events[0]["data"]))


def stored_version(event: Mapping[str, Any]) -> int:
    return int(event.get("schema_version", 1))


def seated_seeds(audit: Mapping[str, Any]) -> Seeds:
    """The seeds the dice use: the server seed of `seed_revealed` (else the game's, e.g.
    for a running game) and the client seeds of `table_seated`, or in scheme 3 of
    `client_seeds_fixed`: all hashed records."""
    events = _events(audit)
    seated = upcast_seated(events)
    revealed = events[-1]["data"] if events and events[-1].get("type") == "seed_revealed" else {}
    seed = revealed.get("server_seed") or audit["game"].get("server_seed")
    scheme = int(seated.get("dice_scheme", 1))
    if scheme == COMMITTED_SCHEME:
        return Seeds(seed, fixed_seeds(events), scheme)
    return Seeds(seed, [str(s.get("client_seed")) for s in seated.get("seats", [])], scheme)


def client_seeds_of(events: list[Mapping[str, Any]], seated: Mapping[str, Any]) -> list[Any]:
    """The client seeds as recorded: `client_seeds_fixed`'s in scheme 3, else
    `table_seated`'s."""
    if seated.get("dice_scheme") == COMMITTED_SCHEME:
        return list(fixed_seeds(events))
    return [s.get("client_seed") for s in seated.get("seats", [])]


def check_seed(audit: Mapping[str, Any]) -> list[Problem]:
    game, events = audit["game"], _events(audit)
    if not events or events[0].get("type") != "table_seated":
        return [Problem("seed", 1, "type", "the stream does not open with table_seated")]
    seated = upcast_seated(events)
    problems = [Problem("seed", *finding)
                for finding in scheme_findings(game, stored_version(events[0]), seated)]
    if seated.get("dice_scheme") == COMMITTED_SCHEME:
        problems += [Problem("seed", *finding) for finding in committed_findings(events, seated)]
    problems += _seated_matches_game(game, seated, client_seeds_of(events, seated))
    seed = game.get("server_seed")
    if seed is None:
        if game.get("status") == "finished":
            problems.append(Problem("seed", None, "game.server_seed", "not revealed"))
        return problems
    problems += _commitment_matches(seed, seated)
    if events[-1].get("type") == "seed_revealed":
        problems += _revealed_matches(events[-1], seed, seated, client_seeds_of(events, seated))
    return problems


def _commitment_matches(seed: Any, seated: Mapping[str, Any]) -> list[Problem]:
    scheme = seated.get("dice_scheme")
    try:
        committed = commitment(seed, scheme)
    except (ValueError, TypeError):
        committed = None
    if committed == seated.get("server_seed_hash"):
        return []
    how = 'the SHA-256 of "dice/3:" and it' if scheme == COMMITTED_SCHEME else "its SHA-256"
    return [Problem("seed", None, "game.server_seed",
                    f"{how} is not the commitment published in table_seated (seq 1)")]


def _seated_matches_game(game: Mapping[str, Any], seated: Mapping[str, Any],
                         client_seeds: list[Any]) -> list[Problem]:
    problems = []
    for key, name in (("game_id", "id"), ("game_type", "game_type"),
                      ("server_seed_hash", "server_seed_hash")):
        if seated.get(key) != game.get(name):
            problems.append(Problem("seed", 1, f"data.{key}", f"differs from game.{name}"))
    numbers = [s.get("seat") for s in seated.get("seats", [])]
    if numbers != list(range(len(numbers))):
        problems.append(Problem("seed", 1, "data.seats", "seats are not 0, 1, 2, ... in order"))
    for index, seat in enumerate(game.get("seats") or []):
        problems += _game_seat_matches(index, seat, seated, client_seeds)
    return problems


def _game_seat_matches(index: int, seat: Mapping[str, Any], seated: Mapping[str, Any],
                       client_seeds: list[Any]) -> list[Problem]:
    """A seat the game serves against the records: its seed, in scheme 3 its commitment
    (a seat with no seed, none or withheld, may be served as null)."""
    committed = seated.get("dice_scheme") == COMMITTED_SCHEME
    served = (seat.get("client_seed") or "") if committed else seat.get("client_seed")
    if index >= len(client_seeds) or served != client_seeds[index]:
        return [Problem("seed", None, f"game.seats[{index}].client_seed",
                        "differs from the client seed recorded")]
    recorded = seated["seats"][index].get("seed_commitment")
    if committed and seat.get("seed_commitment", recorded) != recorded:
        return [Problem("seed", None, f"game.seats[{index}].seed_commitment",
                        "differs from the commitment table_seated recorded")]
    return []


def _revealed_matches(event: Mapping[str, Any], seed: str, seated: Mapping[str, Any],
                      client_seeds: list[Any]) -> list[Problem]:
    data, seq, problems = event["data"], event["seq"], []
    if data.get("server_seed") != seed:
        problems.append(Problem("seed", seq, "data.server_seed", "differs from game.server_seed"))
    if data.get("server_seed_hash") != seated.get("server_seed_hash"):
        problems.append(Problem("seed", seq, "data.server_seed_hash",
                                "differs from the commitment in table_seated"))
    if data.get("client_seeds") != client_seeds:
        where = ("client_seeds_fixed" if seated.get("dice_scheme") == COMMITTED_SCHEME
                 else "table_seated")
        problems.append(Problem("seed", seq, "data.client_seeds",
                                f"differ from the client seeds in {where}"))
    return problems


# --- dice -------------------------------------------------------------------------------

def check_dice(audit: Mapping[str, Any]) -> tuple[list[Problem], int]:
    seeds, game_id = seated_seeds(audit), str(audit["game"]["id"])
    if seeds.server_seed is None:
        return [], 0
    problems: list[Problem] = []
    wrong = nonce = 0
    for event in _events(audit):
        for index, draw in enumerate(event.get("draws") or []):
            where, seq = f"draws[{index}]", event.get("seq")
            if not (isinstance(draw, list) and len(draw) == 3
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in draw)):
                problems.append(Problem("dice", seq, where, "not [nonce, sides, value]"))
                continue
            if draw[0] != nonce:
                problems.append(Problem("dice", seq, where, f"nonce {draw[0]}, expected {nonce}"))
            nonce = draw[0] + 1
            detail = _draw_mismatch(seeds, game_id, draw)
            if detail:
                wrong += 1
                if wrong <= MAX_DICE_PROBLEMS:
                    problems.append(Problem("dice", seq, where, detail))
    if wrong > MAX_DICE_PROBLEMS:
        problems.append(Problem("dice", None, "draws",
                                f"{wrong - MAX_DICE_PROBLEMS} more draws do not match"))
    problems += _dice_used_matches(audit, nonce)
    return problems, nonce


def _draw_mismatch(seeds: Seeds, game_id: str, draw: list[int]) -> str | None:
    nonce, sides, value = draw
    try:
        expected = die_from_seed(str(seeds.server_seed), game_id, seeds.client_seeds, nonce,
                                 sides, seeds.scheme)
    except (ValueError, TypeError) as exc:
        return f"cannot be recomputed: {exc}"
    if expected != value:
        return f"nonce {nonce} on a d{sides} recorded {value}, the seeds give {expected}"
    return None


def _dice_used_matches(audit: Mapping[str, Any], used: int) -> list[Problem]:
    events = _events(audit)
    last = events[-1] if events else {}
    if last.get("type") == "seed_revealed" and last["data"].get("dice_used") != used:
        return [Problem("dice", last.get("seq"), "data.dice_used",
                        f"says {last['data'].get('dice_used')}, the stream holds {used}")]
    return []


# --- the verdict ------------------------------------------------------------------------

def verify_audit(audit: Mapping[str, Any], upcast: Upcast = upcast_event,
                 anchors: Any = None) -> Verdict:
    """Run every check on an exported audit and collect the problems found.

    `anchors` (a games.verify.anchors.Anchors) adds the checks against what the player
    kept: the commitment shown before play, the events served to their seat."""
    if audit.get("format") != FORMAT or not isinstance(audit.get("game"), Mapping):
        return Verdict([Problem("chain", None, "format", f"not a {FORMAT} document")])
    verdict = Verdict(events=len(_events(audit)),
                      finished=audit["game"].get("status") == "finished")
    try:
        if upcast_seated(_events(audit)).get("dice_scheme") == COMMITTED_SCHEME:
            verdict.withheld = withheld_seats(_events(audit))
        verdict.problems += check_chain(audit)
        verdict.problems += check_seed(audit)
        dice_problems, verdict.draws = check_dice(audit)
        verdict.problems += dice_problems
        findings, verdict.batches, verdict.outcome = check_replay(
            audit["game"], _events(audit), upcast)
        verdict.problems += [Problem("replay", *finding) for finding in findings]
        if anchors is not None:
            verdict.anchored = anchors.checks()
            verdict.problems += [Problem(*finding) for finding in anchors.check(audit)]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        verdict.problems.append(Problem("chain", None, "format",
                                        f"malformed audit: {type(exc).__name__}: {exc}"))
    return verdict


def report(verdict: Verdict, audit: Mapping[str, Any]) -> str:
    """The verdict in words, one line per check and one per problem."""
    game = audit.get("game") or {}
    lines = [f"game {game.get('id')} ({game.get('game_type')}, {game.get('status')}): "
             f"{verdict.events} events, {verdict.draws} dice, {verdict.batches} batches"]
    checks = [("chain", "every hash recomputes and links"),
              ("seed", "the server seed matches its commitment; client seeds match"
                       + withheld_words(verdict.withheld or ())),
              ("dice", "every roll recomputes from the seeds, nonces without gaps"),
              ("replay", "the rules reproduce every batch and the final outcome")]
    anchors = {"commitment": "the commitment is the one you were shown before play",
               "served": "every event you were served is the audit's event"}
    checks += [(check, anchors[check]) for check in verdict.anchored]
    width = max(len(check) + 1 for check, _ in checks)
    for check, what in checks:
        lines.append(f"  {check:<{width}}{'ok' if verdict.passed(check) else 'FAILED':<8}{what}")
    lines += [f"  {problem}" for problem in verdict.problems]
    lines.append("VERIFIED" if verdict.ok else f"NOT VERIFIED: {len(verdict.problems)} problem(s)")
    return "\n".join(lines)
