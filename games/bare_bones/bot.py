"""Bots for Bare Bones (issues #17, #34), by level: `BOTS = {"basic": basic, "strong":
strong}`.

- `basic` (basic.py): plays, rolls, buys and ends its turns by what it values in points
  (the table as its seat sees it: bot_table.py; its card play: bot_cards.py);
- `strong` (strong.py): `basic`'s play, buying by when a bought card will really be
  drawn, with re-tuned Action Card worths, and its last coins spent on Final Point Values.

Each level is its own module and this one only names them, so that any of them may be
imported first (none imports this module).
"""

from __future__ import annotations

from .basic import basic
from .strong import strong

BOTS = {"basic": basic, "strong": strong}
