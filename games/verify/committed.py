"""The seed check's rules on the dice scheme and dice scheme 3's committed seeds.

Pure like all of games/ (docs/fairness.md states them; docs/decisions/0029-committed-seeds.md
gives the reasons):

- the scheme is bound to the format: `table_seated` stored at schema version 1 rolled
  scheme 1; versions 2 and 3 scheme 1 or 2; version 4 scheme 3 only. The audit's
  `game.dice_scheme` (served since scheme 3) must be `table_seated`'s;
- in scheme 3, event 2 is `client_seeds_fixed`: one seed per seat, each non-empty seed
  64 lowercase hex digits whose tagged SHA-256 is its seat's `seed_commitment` in
  `table_seated`; an empty seed beside a commitment is listed in `withheld` (sorted),
  and every withheld seat had a commitment.

Each finding is (seq, field, what is wrong); games/verify/checks.py reports them under
the seed check.
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple, Sequence

from games.core.fairness import is_client_seed, seed_commitment

SCHEMES_BY_VERSION: dict[int, tuple[int, ...]] = {1: (1,), 2: (1, 2), 3: (1, 2), 4: (3,)}
COMMITTED_SCHEME = 3
FIXED = "client_seeds_fixed"


class SeedFinding(NamedTuple):
    seq: int | None
    where: str
    detail: str


def scheme_findings(game: Mapping[str, Any], stored_version: int,
                    seated: Mapping[str, Any]) -> list[SeedFinding]:
    """The scheme of `seated` (upcast) against its stored schema version and the game."""
    scheme, allowed = seated.get("dice_scheme"), SCHEMES_BY_VERSION.get(stored_version, ())
    found = []
    if scheme not in allowed:
        found.append(SeedFinding(1, "data.dice_scheme",
                                 f"scheme {scheme!r} in a table_seated of schema version "
                                 f"{stored_version}, which allows {list(allowed)}"))
    if "dice_scheme" in game:
        if game["dice_scheme"] != scheme:
            found.append(SeedFinding(1, "data.dice_scheme", f"scheme {scheme!r} differs "
                                     f"from game.dice_scheme ({game['dice_scheme']!r})"))
    elif scheme == COMMITTED_SCHEME:
        found.append(SeedFinding(None, "game.dice_scheme", "absent: the audit of a scheme 3 "
                                 "game names its scheme"))
    return found


def fixed_data(events: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The data of `client_seeds_fixed` where it belongs (event 2), else None."""
    if len(events) > 1 and events[1].get("type") == FIXED:
        return events[1].get("data") or {}
    return None


def fixed_seeds(events: Sequence[Mapping[str, Any]]) -> list[str]:
    data = fixed_data(events) or {}
    seeds = data.get("client_seeds")
    return [str(seed) for seed in seeds] if isinstance(seeds, list) else []


def withheld_seats(events: Sequence[Mapping[str, Any]]) -> tuple[int, ...]:
    """The seats `client_seeds_fixed` lists as withheld (none in older schemes)."""
    withheld = (fixed_data(events) or {}).get("withheld")
    if not isinstance(withheld, list):
        return ()
    return tuple(seat for seat in withheld if isinstance(seat, int) and not isinstance(seat, bool))


def committed_findings(events: Sequence[Mapping[str, Any]],
                       seated: Mapping[str, Any]) -> list[SeedFinding]:
    """Scheme 3: the fixed seeds against the commitments `seated` (upcast) recorded."""
    data = fixed_data(events)
    if data is None:
        return [SeedFinding(2, "type", "a scheme 3 stream has client_seeds_fixed right "
                            "after table_seated")]
    seats = list(seated.get("seats") or [])
    found = [SeedFinding(1, f"data.seats[{index}].client_seed", "a scheme 3 seat records "
                         "its commitment, never its seed")
             for index, seat in enumerate(seats) if "client_seed" in seat]
    seeds, withheld = data.get("client_seeds"), data.get("withheld")
    if not (isinstance(seeds, list) and len(seeds) == len(seats)
            and all(isinstance(seed, str) for seed in seeds)):
        return found + [SeedFinding(2, "data.client_seeds", "not one seed per seat")]
    if not (isinstance(withheld, list) and list(withheld_seats(events)) == withheld
            and withheld == sorted(set(withheld))):
        return found + [SeedFinding(2, "data.withheld", "not a sorted list of seat numbers")]
    commitments = [seat.get("seed_commitment") for seat in seats]
    for index, seed in enumerate(seeds):
        found += _seed_findings(index, seed, commitments[index], index in withheld)
    for seat in withheld:
        if not 0 <= seat < len(seats) or commitments[seat] is None:
            found.append(SeedFinding(2, "data.withheld", f"seat {seat} had no commitment "
                                     "to withhold"))
    return found


def _seed_findings(seat: int, seed: str, committed: str | None,
                   withheld: bool) -> list[SeedFinding]:
    where = f"data.client_seeds[{seat}]"
    if withheld and seed:
        return [SeedFinding(2, where, f"seat {seat} is listed as withheld and revealed a seed")]
    if not seed:
        if committed is not None and not withheld:
            return [SeedFinding(2, where, f"empty beside seat {seat}'s commitment, and the "
                                "seat is not listed as withheld")]
        return []
    if not is_client_seed(seed):
        return [SeedFinding(2, where, "not 64 lowercase hex digits")]
    if committed is None:
        return [SeedFinding(2, where, f"seat {seat} committed to no seed")]
    if seed_commitment(seed) != committed:
        return [SeedFinding(2, where, f"its tagged SHA-256 is not seat {seat}'s "
                            "seed_commitment in table_seated")]
    return []


def withheld_words(withheld: Sequence[int]) -> str:
    """The verdict's words for the seats that withheld their seeds ("" for none)."""
    if not withheld:
        return ""
    if len(withheld) == 1:
        return f"; seat {withheld[0]} withheld its seed"
    return f"; seats {', '.join(str(seat) for seat in withheld)} withheld their seeds"
