"""The colluding seat's search: grind a client seed that gives another seat chosen dice.

Issue #33 item 1. A shill seat that the server tells its secret server seed tries client
seeds of its own, computing the dice each would give with the other seats' seeds, until
one gives the target seat the roll it wants. This script plays that shill: given the
server seed, the game id and the other seats' seeds, it searches a seed for the last
seat and prints how many tries and seconds it took.

Under dice scheme 3 (every game since seeds are committed, docs/fairness.md, "What
changed in scheme 3 and why") the shill must commit to its seed before any other seed is
revealed, so the other seeds it can give the search are guesses; it finds a seed for the
guess, and the game rolls with the seed the honest seat reveals instead.

`--seed` gives the guessed seeds of the seats before the grinding seat, in seat order
(default: one seat, seat 0, guessed to reveal none, the empty seed); `--revealed` gives
the seeds those seats then reveal (64 lowercase hex digits each; default: a random
one each, as an honest client draws). It prints what the search found for the guess,
the dice the game then rolls, and the dice if the shill withholds its seed:

    python -m tests.fairness.grind --revealed $(python3 -c "print('fedcba9876543210' * 4)")
    found 'fadffbba...' after 323 tries in 0.00 s: seat dice [1, 1, 1, 1, 1] for the guess
    the game rolls [4, 6, 1, 5, 5] with the revealed seeds; withheld: [5, 6, 1, 4, 4]

What it finds now: a seed that is right for the guess only. The roll the game makes is
the target at chance rate (1 in 7,776 for five 1s), and the shill's one choice left is
to withhold its seed, the second stream shown (tests/fairness/test_grind.py,
`test_no_colluding_seat_chooses_another_seats_dice`, checks both over many honest seeds).

`--scheme 2` replays the measurement that motivated scheme 3: under scheme 2 every
client seed was public in the lobby and could be changed until the start, so the shill
read the honest seeds (`--seed` is then the real seeds, default `alice-lucky-7`) and its
seed gave the game that roll:

    python -m tests.fairness.grind --scheme 2
    found 'grind-16041' after 16042 tries in 0.07 s: seat dice [1, 1, 1, 1, 1]

`--roll` is the faces wanted on consecutive d6 from nonce `--first-nonce`: in a
two-seat Snake Bones game whose first bidder is seat 0 the first round rolls seat 0's
five dice at nonces 0-4 (docs/fairness.md, "Snake Bones"), so the default asks seat 0's
first roll to be five 1s. Exit status 0 when found, 1 when not (`nothing found after N
tries in S s`). docs/fairness.md records the figures measured.
"""

from __future__ import annotations

import argparse
import hashlib
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass

from games.core.fairness import CURRENT_SCHEME, die_from_seed

SERVER_SEED = "2e69c2b40e770a591bbaa45de32565bc29d31eec33e105e603df694ff869060c"
GAME_ID = "7d3c9a4e-5b21-4f0e-8c6a-2e9f1b7d4a63"
HONEST_SEEDS = ("alice-lucky-7",)  # scheme 2: public in the lobby
GUESSED_SEEDS = ("",)  # scheme 3: the shill's guess of seat 0's seed before its reveal
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


def candidate(index: int, scheme: int = CURRENT_SCHEME) -> str:
    """The shill's index-th try: any enumeration of strings does before scheme 3; from
    scheme 3 on a seed is 64 lowercase hex digits (it must hash to a commitment)."""
    text = f"grind-{index}"
    return text if scheme < 3 else hashlib.sha256(text.encode()).hexdigest()


def grind(server_seed: str, game_id: str, before: Sequence[str], roll: Sequence[int],
          first_nonce: int = 0, limit: int = 1_000_000,
          scheme: int = CURRENT_SCHEME) -> Found | None:
    """The first last-seat seed (of `limit` tries) that makes the d6 from `first_nonce`
    show `roll`, the seats before it having the seeds `before`; None if none does."""
    wanted = list(roll)
    for index in range(limit):
        seed = candidate(index, scheme)
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
    parser.add_argument("--scheme", type=int, choices=(2, 3), default=CURRENT_SCHEME)
    parser.add_argument("--revealed", action="append",
                        help="scheme 3: a seed a seat before the grinding seat reveals")
    args = parser.parse_args(argv)
    before = tuple(args.seeds) if args.seeds else (
        HONEST_SEEDS if args.scheme < 3 else GUESSED_SEEDS)
    roll = [int(face) for face in args.roll.split(",")]
    began = time.perf_counter()
    found = grind(args.server_seed, args.game_id, before, roll, args.first_nonce, args.limit,
                  args.scheme)
    seconds = time.perf_counter() - began
    if found is None:
        print(f"nothing found after {args.limit} tries in {seconds:.2f} s")
        return 1
    shown = dice(args.server_seed, args.game_id, (*before, found.seed), args.first_nonce,
                 len(roll), scheme=args.scheme)
    print(f"found {found.seed!r} after {found.tries} tries in {seconds:.2f} s: "
          f"seat dice {shown}" + (" for the guess" if args.scheme >= 3 else ""))
    if args.scheme >= 3:
        revealed = tuple(args.revealed or (secrets.token_hex(32) for _ in before))
        rolled, withheld = (dice(args.server_seed, args.game_id, (*revealed, mine),
                                 args.first_nonce, len(roll), scheme=args.scheme)
                            for mine in (found.seed, ""))
        print(f"the game rolls {rolled} with the revealed seeds; withheld: {withheld}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
