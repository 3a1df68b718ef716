"""Bamboozled: two hidden dice, a declared score, bluff calls and action cards."""

from .rules import RULES

__all__ = ["RULES"]
