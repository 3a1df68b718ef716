"""Bots for Bamboozled (issues #17, #34), by level: `BOTS = {"basic": basic, "strong":
strong}`.

- `basic` (basic.py): declares truthfully when it can, else bluffs low; calls and
  accepts by the chance a declaration is true, over the 36 rolls of two dice;
- `strong` (strong.py): `basic`'s chances, how each other seat answers learnt from its
  answers, and the rest of the round solved against those models.

Each level is its own module and this one only names them, so that any of them may be
imported first (none imports this module).
"""

from __future__ import annotations

from .basic import basic
from .strong import strong

BOTS = {"basic": basic, "strong": strong}
