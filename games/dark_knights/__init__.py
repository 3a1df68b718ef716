"""Dark Knights: push-your-luck with three dark and three light dice (wild dark aces)."""

from .rules import RULES

__all__ = ["RULES"]
