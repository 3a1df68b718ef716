"""`python -m games.verify AUDIT.json [--commitment HEX] [--served FILE --seat N]`."""

import sys

from .cli import main

sys.exit(main(prog="python -m games.verify"))
