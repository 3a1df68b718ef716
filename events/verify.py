"""The verifier, as the service and its tools import it; its one home is games/verify/.

    python -m events.verify AUDIT.json      (the same as `dice-verify` and
                                            `python -m games.verify`; exit 0: verified)

The checks are specified in docs/fairness.md; the code needs no Django and no database.
"""

from __future__ import annotations

import sys

from games.verify.checks import (  # noqa: F401 (re-exported)
    ANCHOR_CHECKS, CHECKS, FORMAT, MAX_DICE_PROBLEMS, Problem, Seeds, Verdict, check_chain,
    check_dice, check_seed, report, seated_seeds, verify_audit,
)
from games.verify.cli import main as _main


def main(argv: list[str] | None = None) -> int:
    return _main(argv, prog="python -m events.verify")


if __name__ == "__main__":
    sys.exit(main())
