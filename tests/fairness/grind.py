"""The colluding last seat's search: grind a client seed that gives another seat chosen dice.

Issue #33 item 1. Under today's seeds (dice scheme 2, docs/fairness.md) every client
seed is public in the lobby and can be changed until the start. A shill seat that the
server tells its secret server seed can therefore wait until every other seed is set,
then try client seeds of its own, computing the dice each would give, until one gives
the target seat the roll it wants; it sets that seed and the host starts the game. This
script plays that shill: given the server seed, the game id and the other seats' seeds,
it searches a seed for the last seat and prints how many tries and seconds it took.

Usage (from the repository root, the service's virtualenv or any Python 3.11+):

    python -m tests.fairness.grind [--server-seed HEX] [--game-id UUID]
        [--seed SEED ...] [--roll 1,1,1,1,1] [--first-nonce 0] [--limit 1000000]

`--seed` gives the seeds of the seats before the grinding seat, in seat order (default:
one seat, seat 0, with the seed `alice-lucky-7`); the grinding seat is the last.
`--roll` is the faces wanted on consecutive d6 from nonce `--first-nonce`: in a
two-seat Snake Bones game whose first bidder is seat 0 the first round rolls seat 0's
five dice at nonces 0-4 (docs/fairness.md, "Snake Bones"), so the default asks seat 0's
first roll to be five 1s. It prints one line, for example:

    found 'grind-16041' after 16042 tries in 0.07 s: seat dice [1, 1, 1, 1, 1]

or `nothing found after N tries in S s` (exit status 0 when found, 1 when not). tests/fairness/test_grind.py runs a bounded
search and checks the result with the real rules; docs/fairness.md ("Known weakness:
a colluding last seat") records the figures measured.

Against the scheme of docs/decisions/0029-committed-seeds.md the same search is useless:
the shill must commit to its seed before any other seed is revealed, so it grinds
against a guess of the honest seeds, and the dice it finds are not the dice the game
rolls once the honest seat reveals its own (`grind` still runs; it just finds seeds for
the wrong inputs).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from games.core.fairness import CURRENT_SCHEME, die_from_seed

SERVER_SEED = "2e69c2b40e770a591bbaa45de32565bc29d31eec33e105e603df694ff869060c"
GAME_ID = "7d3c9a4e-5b21-4f0e-8c6a-2e9f1b7d4a63"
HONEST_SEEDS = ("alice-lucky-7",)
FIVE_ONES = (1, 1, 1, 1, 1)


@dataclass(frozen=True)
class Found:
    seed: str
    tries: int


def dice(server_seed: str, game_id: str, client_seeds: Sequence[str], first_nonce: int,
         count: int, sides: int = 6, scheme: int = CURRENT_SCHEME) -> list[int]:
    """`count` consecutive dice of `sides` faces from nonce `first_nonce`."""
    return [die_from_seed(server_seed, game_id, client_seeds, first_nonce + i, sides, scheme)
            for i in range(count)]


def candidate(index: int) -> str:
    """The shill's index-th try (any enumeration of strings does)."""
    return f"grind-{index}"


def grind(server_seed: str, game_id: str, before: Sequence[str], roll: Sequence[int],
          first_nonce: int = 0, limit: int = 1_000_000,
          scheme: int = CURRENT_SCHEME) -> Found | None:
    """The first last-seat seed (of `limit` tries) that makes the d6 from `first_nonce`
    show `roll`, the seats before it having the seeds `before`; None if none does."""
    wanted = list(roll)
    for index in range(limit):
        seed = candidate(index)
        seeds = (*before, seed)
        for offset, face in enumerate(wanted):
            if die_from_seed(server_seed, game_id, seeds, first_nonce + offset, 6,
                             scheme) != face:
                break
        else:
            return Found(seed, index + 1)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server-seed", default=SERVER_SEED)
    parser.add_argument("--game-id", default=GAME_ID)
    parser.add_argument("--seed", action="append", dest="seeds",
                        help="a seed of a seat before the grinding seat, in seat order")
    parser.add_argument("--roll", default=",".join(map(str, FIVE_ONES)),
                        help="the d6 faces wanted, comma separated")
    parser.add_argument("--first-nonce", type=int, default=0)
    parser.add_argument("--limit", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    before = tuple(args.seeds) if args.seeds else HONEST_SEEDS
    roll = [int(face) for face in args.roll.split(",")]
    began = time.perf_counter()
    found = grind(args.server_seed, args.game_id, before, roll, args.first_nonce, args.limit)
    seconds = time.perf_counter() - began
    if found is None:
        print(f"nothing found after {args.limit} tries in {seconds:.2f} s")
        return 1
    shown = dice(args.server_seed, args.game_id, (*before, found.seed), args.first_nonce,
                 len(roll))
    print(f"found {found.seed!r} after {found.tries} tries in {seconds:.2f} s: "
          f"seat dice {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
