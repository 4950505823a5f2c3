"""The information-set Monte Carlo tree search bot, generic over the Game
protocol (``search``), its tree (``node``), budgets and settings
(``config``) and the bot around it (``bot``). Registers kind "mcts"."""

from __future__ import annotations

from ..players import register
from .bot import MctsBot
from .config import STRENGTH_BUDGETS, Settings

register("mcts", MctsBot)

__all__ = ["MctsBot", "Settings", "STRENGTH_BUDGETS"]
