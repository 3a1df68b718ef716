"""Provably fair dice: HMAC-SHA256 commit-reveal with rejection sampling.

The algorithm (docs/fairness.md states it for other languages):

    digest = HMAC-SHA256(key=bytes.fromhex(server_seed), msg=message(n, k))
    x      = int.from_bytes(digest[0:4], "big")
    accept x when x < 2**32 - (2**32 % sides); die = x % sides + 1
    otherwise try again with k + 1 (k starts at 0 for every nonce n)
    sides is an integer from 1 to 2**32

The message, in UTF-8, depends on the game's dice scheme (recorded in `table_seated`):

    scheme 3 (every game created since seeds are committed, decision 0029): scheme 2's
        message with the tag "dice/3:" in place of "dice/2:"; each seed is the 64 hex
        digits a seat revealed, or "" (none, or withheld)
    scheme 2 (games started since seeds became length-prefixed, before scheme 3):
        "dice/2:" + game_id + ":" + str(len(client_seeds)) + ":"
        + ":".join(str(len(seed as UTF-8 bytes)) + ":" + seed for each seed in seat order)
        + ":" + str(n) + ":" + str(k)
    scheme 1 (older games; ambiguous when a seed contains ","):
        game_id + ":" + ",".join(client_seeds) + ":" + str(n) + ":" + str(k)

A seat that set no client seed contributes the empty string (length 0). Nonces n count
the dice of one game from 0 with no gaps. The commitment published at creation is, in hex,
SHA-256(UTF-8("dice/3:") + bytes.fromhex(server_seed)) in scheme 3 and
SHA-256(bytes.fromhex(server_seed)) in schemes 1 and 2. In scheme 3 each seat commits, in
the lobby, to SHA-256(UTF-8("dice-seed/3:") + bytes.fromhex(client_seed)), its client seed
being 32 random bytes written as 64 lowercase hex digits (docs/fairness.md).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from typing import Sequence

from .frozen import frozen_record

SPACE = 2**32

SCHEMES = (1, 2, 3)
CURRENT_SCHEME = 3  # seeds are committed (docs/decisions/0029-committed-seeds.md)

SERVER_SEED_TAG = b"dice/3:"
CLIENT_SEED_TAG = b"dice-seed/3:"
CLIENT_SEED = re.compile(r"[0-9a-f]{64}")  # scheme 3: 32 random bytes, lowercase hex


def commitment(server_seed: str, scheme: int) -> str:
    """The commitment to the server seed published at creation: tagged from scheme 3 on,
    so that a scheme 3 game cannot be passed off as an older scheme's."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown dice scheme {scheme!r}")
    tag = SERVER_SEED_TAG if scheme >= 3 else b""
    return hashlib.sha256(tag + bytes.fromhex(server_seed)).hexdigest()


def is_client_seed(text: object) -> bool:
    """A scheme 3 client seed: exactly 64 lowercase hex digits."""
    return isinstance(text, str) and CLIENT_SEED.fullmatch(text) is not None


def seed_commitment(client_seed: str) -> str:
    """A seat's commitment to its scheme 3 client seed (64 lowercase hex digits)."""
    if not is_client_seed(client_seed):
        raise ValueError("a scheme 3 client seed is 64 lowercase hex digits")
    return hashlib.sha256(CLIENT_SEED_TAG + bytes.fromhex(client_seed)).hexdigest()


def length_prefixed(text: str) -> str:
    return f"{len(text.encode())}:{text}"


def message(game_id: str, client_seeds: Sequence[str], nonce: int, attempt: int,
            scheme: int = CURRENT_SCHEME) -> bytes:
    if scheme == 1:
        return f"{game_id}:{','.join(client_seeds)}:{nonce}:{attempt}".encode()
    if scheme in (2, 3):
        seeds = ":".join(length_prefixed(seed) for seed in client_seeds)
        return (f"dice/{scheme}:{game_id}:{len(client_seeds)}:{seeds}:{nonce}:{attempt}"
                .encode())
    raise ValueError(f"unknown dice scheme {scheme!r}")


def die_from_seed(
    server_seed: str, game_id: str, client_seeds: Sequence[str], nonce: int, sides: int,
    scheme: int = CURRENT_SCHEME,
) -> int:
    if isinstance(sides, bool) or not isinstance(sides, int) or not 1 <= sides <= SPACE:
        # More than 2**32 sides would leave no accepted x: the loop below would never end.
        raise ValueError(f"a die has 1 to 2**32 sides, not {sides!r}")
    limit = SPACE - (SPACE % sides)
    key = bytes.fromhex(server_seed)
    attempt = 0
    while True:
        text = message(game_id, client_seeds, nonce, attempt, scheme)
        digest = hmac.new(key, text, hashlib.sha256)
        x = int.from_bytes(digest.digest()[:4], "big")
        if x < limit:
            return x % sides + 1
        attempt += 1


@frozen_record
class Draw:
    nonce: int
    sides: int
    value: int

    def to_list(self) -> list[int]:
        return [self.nonce, self.sides, self.value]


class HmacDice:
    """The service's dice: a keyed stream that records every draw it makes."""

    def __init__(
        self, server_seed: str, game_id: str, client_seeds: Sequence[str], next_nonce: int = 0,
        scheme: int = CURRENT_SCHEME,
    ) -> None:
        if scheme not in SCHEMES:
            raise ValueError(f"unknown dice scheme {scheme!r}")
        self.server_seed = server_seed
        self.game_id = game_id
        self.client_seeds = tuple(client_seeds)
        self.next_nonce = next_nonce
        self.scheme = scheme
        self.draws: list[Draw] = []

    def roll(self, sides: int) -> int:
        value = die_from_seed(
            self.server_seed, self.game_id, self.client_seeds, self.next_nonce, sides,
            self.scheme,
        )
        self.draws.append(Draw(self.next_nonce, sides, value))
        self.next_nonce += 1
        return value
