"""Dark Knights bots: push your luck by expected points (`basic`, basic.py, issue #17) or
by the chance to win (`strong`, strong.py, issue #34). Everything is public, so both
play from the seat's view alone."""

from __future__ import annotations

from .basic import basic
from .strong import strong

BOTS = {"basic": basic, "strong": strong}
