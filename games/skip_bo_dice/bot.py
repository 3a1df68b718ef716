"""Bots for Skip-Bo Dice (issues #17, #34), by level: `BOTS = {"basic": basic, "strong":
strong}`.

- `basic` (basic.py): plans its fills, claims every Bonus Die value that fits and
  writes useful Stockpile values;
- `strong` (strong.py): `basic`'s planner with progress valued lower, an eye on how
  the game ends, re-rolls valued by sampled rolls, and Stockpile writes valued by the
  next turn's plans over sampled rolls.

Each level is its own module and this one only names them, so that any of them may be
imported first (none imports this module).
"""

from __future__ import annotations

from .basic import basic
from .strong import strong

BOTS = {"basic": basic, "strong": strong}
