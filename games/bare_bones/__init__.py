"""Bare Bones (slug `bare-bones`): a deck-building dice game with seven coloured dice."""

from .rules import RULES

__all__ = ["RULES"]
