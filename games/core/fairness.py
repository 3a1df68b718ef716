"""Provably fair dice: HMAC-SHA256 commit-reveal with rejection sampling.

The algorithm (docs/fairness.md states it for other languages):

    message(n, k) = game_id + ":" + ",".join(client_seeds) + ":" + str(n) + ":" + str(k)
    digest        = HMAC-SHA256(key=bytes.fromhex(server_seed), msg=message(n, k) as UTF-8)
    x             = int.from_bytes(digest[0:4], "big")
    accept x when x < 2**32 - (2**32 % sides); die = x % sides + 1
    otherwise try again with k + 1 (k starts at 0 for every nonce n)
    sides is an integer from 1 to 2**32

Nonces n count the dice of one game from 0 with no gaps. The commitment published at
creation is SHA-256(bytes.fromhex(server_seed)) in hex.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Sequence

SPACE = 2**32


def commitment(server_seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


def message(game_id: str, client_seeds: Sequence[str], nonce: int, attempt: int) -> bytes:
    return f"{game_id}:{','.join(client_seeds)}:{nonce}:{attempt}".encode()


def die_from_seed(
    server_seed: str, game_id: str, client_seeds: Sequence[str], nonce: int, sides: int
) -> int:
    if isinstance(sides, bool) or not isinstance(sides, int) or not 1 <= sides <= SPACE:
        # More than 2**32 sides would leave no accepted x: the loop below would never end.
        raise ValueError(f"a die has 1 to 2**32 sides, not {sides!r}")
    limit = SPACE - (SPACE % sides)
    key = bytes.fromhex(server_seed)
    attempt = 0
    while True:
        digest = hmac.new(key, message(game_id, client_seeds, nonce, attempt), hashlib.sha256)
        x = int.from_bytes(digest.digest()[:4], "big")
        if x < limit:
            return x % sides + 1
        attempt += 1


@dataclass(frozen=True)
class Draw:
    nonce: int
    sides: int
    value: int

    def to_list(self) -> list[int]:
        return [self.nonce, self.sides, self.value]


class HmacDice:
    """The service's dice: a keyed stream that records every draw it makes."""

    def __init__(
        self, server_seed: str, game_id: str, client_seeds: Sequence[str], next_nonce: int = 0
    ) -> None:
        self.server_seed = server_seed
        self.game_id = game_id
        self.client_seeds = tuple(client_seeds)
        self.next_nonce = next_nonce
        self.draws: list[Draw] = []

    def roll(self, sides: int) -> int:
        value = die_from_seed(
            self.server_seed, self.game_id, self.client_seeds, self.next_nonce, sides
        )
        self.draws.append(Draw(self.next_nonce, sides, value))
        self.next_nonce += 1
        return value
