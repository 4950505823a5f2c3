"""The ISMCTS bot (kind "mcts"): budgets by strength, tree reuse, and
explanations from the search statistics."""

from __future__ import annotations

import random
from typing import Any

from ..base import Alternative, Budget, require_view
from ..knowledge import Knowledge, knowledge
from .config import STRENGTH_BUDGETS, Settings
from .node import Node
from .search import Search

EXPLAIN_TOP = 4


class MctsBot:
    """Information-set MCTS; ``strength`` picks the default budget.

    ``settings`` overrides the game's tuned settings (tests, tuning runs);
    ``knowledge`` the game's registered knowledge (an arena of one learned
    evaluation against another).
    """

    kind = "mcts"

    def __init__(self, strength: str = "normal", settings: Settings | None = None,
                 knowledge: Knowledge | None = None) -> None:
        if strength not in STRENGTH_BUDGETS:
            raise KeyError(f"unknown strength {strength!r}")
        self.strength = strength
        self.settings = settings
        self.knowledge = knowledge
        self.last: Search | None = None
        self.chosen: tuple | None = None
        self.last_view: Any = None
        self.reused = False  # did the last decision start from a kept subtree?
        self._keep: tuple[str, int, Any, Node] | None = None

    def budget_for(self, budget: Budget | None) -> Budget:
        """The caller's budget, or this strength's if it sets no limit."""
        budget = budget or Budget()
        if budget.iterations is not None or budget.seconds is not None:
            return budget
        iterations, seconds = STRENGTH_BUDGETS[self.strength]
        return Budget(iterations=iterations, seconds=seconds, cancel=budget.cancel,
                      progress=budget.progress, started=budget.started)

    def settings_for(self, game: Any) -> Settings:
        if self.settings is not None:
            return self.settings
        return Settings().with_overrides(self.knowledge_for(game).settings)

    def knowledge_for(self, game: Any) -> Knowledge:
        return self.knowledge if self.knowledge is not None else knowledge(game.id)

    def decide(self, game: Any, view: Any, seat: int, budget: Budget,
               rng: random.Random) -> tuple:
        require_view(game, view, seat)
        self.last, self.last_view, self.reused = None, view, False
        actions = game.legal(view)
        if len(actions) == 1:
            self._keep = None
            return actions[0]
        settings = self.settings_for(game)
        root = self._take_kept(game, view, seat) if settings.reuse else None
        self.reused = root is not None
        search = Search(game, view, seat, self.knowledge_for(game), settings, rng, root)
        search.run(self.budget_for(budget))
        action = search.best()
        self.last, self.chosen = search, action
        self._keep_subtree(search, action, settings)
        return action

    # ------------------------------------------------------------ tree reuse
    def _keep_subtree(self, search: Search, action: tuple, settings: Settings) -> None:
        """Keep the chosen move's subtree if this seat moves again right
        after it: it stays valid if the view then is exactly the one the
        move leads to (the move revealed nothing and nobody else moved)."""
        self._keep = None
        child = search.root.children.get(action)
        world = search.last_world
        if not settings.reuse or child is None or world is None:
            return
        g = search.game
        after = g.play(world, action, True)
        if g.to_move(after) != search.seat:
            return
        self._keep = (g.id, search.seat, g.view(after, search.seat), child)

    def _take_kept(self, game: Any, view: Any, seat: int) -> Node | None:
        kept, self._keep = self._keep, None
        if kept is None:
            return None
        gid, kseat, expected, node = kept
        if gid == game.id and kseat == seat and expected == view:
            return node
        return None

    # ------------------------------------------------------------ explanations
    def explain(self) -> list[Alternative]:
        """The chosen move, then the most searched others: share of visits
        and estimated win rate."""
        search = self.last
        if search is None:
            return []
        ranked = search.ranked()
        chosen = [x for x in ranked if x[0] == self.chosen]
        ranked = chosen + [x for x in ranked if x[0] != self.chosen]
        total = sum(c.n for _, c in ranked) or 1
        out = []
        for a, c in ranked[:EXPLAIN_TOP]:
            out.append(Alternative(a, search.game.describe(search.view, a), c.n / total,
                                   c.mean(search.seat)))
        return out
