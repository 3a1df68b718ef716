"""Skip-Bo Dice Game (slug `skip-bo-dice`): roll-and-write Build Piles 1 to 10."""

from .rules import RULES

__all__ = ["RULES"]
