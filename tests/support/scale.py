"""How much random play a rules test does: all of it, or a tenth in the fast loop
(`python3 dev.py test --fast` sets DICE_TESTS_FAST=1; README)."""

from __future__ import annotations

import os

FAST = os.environ.get("DICE_TESTS_FAST") == "1"


def games(full: int, fast: int) -> int:
    """`full` games, or `fast` in the fast loop."""
    return fast if FAST else full
