"""The verifier: a finished game's audit checked with nothing but Python and these rules.

Standard library only, like all of games/, so it ships on its own as the distribution
`dice-games-verify` (games/verify/README.md; built by `python3 dev.py verifier`) with
the `dice-verify` command. The pieces, each with one home:

- chain.py:      the hash chain (the service hashes with it when it appends);
- upcasters.py:  stored events of older schema versions read as the current one;
- replay.py:     re-deciding every batch through the rules with exactly its draws;
- stored.py:     an audit's events as stored (`stored`) and the served fields checked
                 against them;
- checks.py:     the four checks of an audit (chain, seed, dice, replay) and the verdict;
- committed.py:  the seed check's rules on the dice scheme and scheme 3's committed seeds;
- anchors.py:    the checks against what a player kept (commitment, served events);
- cli.py:        the command line.
"""

__version__ = "1.1.0"  # of the distribution dice-games-verify (1.1: dice scheme 3)

from .anchors import Anchors
from .checks import CHECKS, FORMAT, Problem, Verdict, report, verify_audit

__all__ = ["__version__", "Anchors", "CHECKS", "FORMAT", "Problem", "Verdict", "report",
           "verify_audit"]
