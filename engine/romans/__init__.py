"""The Romans: 1-4 players each defend a private map of the Empire against
Enemy nations, compete for the City of Rome's buildings and share every
roll of the dice (rulebook: shared/rules/the-romans.txt)."""

from .game import Romans

__all__ = ["Romans"]
