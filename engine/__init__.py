"""The pure rules engine: every game behind one protocol (see core.Game)."""

from .core import REGISTRY, get_game
from .provincia import Provincia

REGISTRY.register("provincia", Provincia)

__all__ = ["REGISTRY", "get_game"]
