"""The pure rules engine: every game behind one protocol (see core.Game).

Games are registered from ``engine.games`` (the one list of games); a
game's rules are imported the first time it is asked for.
"""

from .core import REGISTRY, get_game
from .games import GAMES, GameEntry, load


def _factory(entry: GameEntry):
    def make():
        return load(entry.engine)()
    return make


for _entry in GAMES:
    REGISTRY.register(_entry.id, _factory(_entry))

__all__ = ["REGISTRY", "get_game"]
