"""Single-observer information-set MCTS over the Game protocol.

One tree over the bot's information set; every iteration deals a fresh
world with ``game.sample(view, seat, Rng)`` (so the bot never looks at a
real hidden card: the view is all it has) and walks it:

1. *select* down the tree by UCB with availability counts, the player to
   move in that world choosing by their own reward (max-n);
2. *expand* one new action (the game's prior orders them; long action
   lists are widened progressively, a few more as the node is visited);
3. *roll out* with the game's fast default policy for at most
   ``rollout_depth`` plays;
4. *evaluate* the position reached (a reward per seat in [0, 1]) and back
   it up along the path.

It uses only ``to_move``, ``legal``, ``play(trusted=True)``, ``sample`` and
``result`` (through the evaluation) of the game, plus the per-game
knowledge in ``ai.knowledge``; nothing here knows any rules.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from engine.core import Rng

from ..base import BotCancelled, Budget, Progress
from ..knowledge import Knowledge, generic_evaluate
from .config import FULL_ROLLOUT, Settings
from .node import Node


class Search:
    """One decision's search (a tree may carry over from the last one)."""

    def __init__(self, game: Any, view: Any, seat: int, knowledge: Knowledge,
                 settings: Settings, rng: random.Random, root: Node | None = None) -> None:
        self.game, self.view, self.seat = game, view, seat
        self.k = knowledge
        self.settings = settings
        self.rng = rng
        self.seats = game.seats(view)
        self.root = root or Node(self.seats)
        self.actions = list(game.legal(view))
        self.anchor = self._anchor(game, view, seat, knowledge, settings, rng)
        if self.anchor is not None:  # searched first at the root
            self.actions.remove(self.anchor)
            self.actions.insert(0, self.anchor)
        self.iterations = 0
        self.last_world: Any = None
        evaluate = knowledge.evaluate or generic_evaluate
        self.evaluate = evaluate
        knows_value = knowledge.evaluate is not None and evaluate is not generic_evaluate
        self.depth = settings.rollout_depth if knows_value else FULL_ROLLOUT

    @staticmethod
    def _anchor(game: Any, view: Any, seat: int, knowledge: Knowledge, settings: Settings,
                rng: random.Random) -> tuple | None:
        """The game's rule-based choice here (its ``anchor`` policy, else its
        ``policy``), if the settings use it."""
        policy = knowledge.anchor or knowledge.policy
        if settings.anchor_margin < 0 or policy is None:
            return None
        action = policy(game, view, seat, rng).action
        return action if action in game.legal(view) else None

    # ------------------------------------------------------------ the loop
    def run(self, budget: Budget) -> Node:
        """Iterate until the budget (or cancellation) says stop."""
        every = self.settings.progress_every
        while not budget.exhausted(self.iterations):
            self.iterate()
            self.iterations += 1
            if self.iterations % every == 0:
                if budget.progress is not None:
                    self.report(budget)
                if self.settings.early_stop and self.decided(budget):
                    break
        if self.iterations == 0 and budget.cancelled():
            raise BotCancelled("cancelled before the search could start")
        if budget.progress is not None:
            self.report(budget, final=True)
        return self.root

    def iterate(self) -> None:
        g = self.game
        play, legal, to_move = g.play, g.legal, g.to_move
        d = g.sample(self.view, self.seat, Rng(self.rng.getrandbits(63)))
        self.last_world = d
        node = self.root
        path = [node]
        while True:
            mover = to_move(d)
            if mover is None:
                break
            actions = legal(d)
            if len(actions) == 1:  # forced: no decision, no node
                d = play(d, actions[0], True)
                continue
            if node is self.root:
                actions = self.actions  # the root's actions, the anchor first
            node, a, fresh = self.select(node, actions, mover, d)
            d = play(d, a, True)
            path.append(node)
            if fresh:
                break
        d = self.rollout(d)
        rewards = self.evaluate(g, d)
        for nd in path:
            nd.n += 1
            w = nd.w
            for i, r in enumerate(rewards):
                w[i] += r

    def rollout(self, d: Any) -> Any:
        g = self.game
        play, legal, to_move = g.play, g.legal, g.to_move
        policy = self.k.rollout
        rng = self.rng
        for _ in range(self.depth):
            if to_move(d) is None:
                break
            actions = legal(d)
            if len(actions) == 1:
                a = actions[0]
            elif policy is None:
                a = actions[rng.randrange(len(actions))]
            else:
                a = policy(g, d, actions, rng)
            d = play(d, a, True)
        return d

    # ------------------------------------------------------------ the tree policy
    def select(self, node: Node, actions: Sequence[tuple], mover: int, d: Any
               ) -> tuple[Node, tuple, bool]:
        """Choose the action at ``node`` in this world: an untried one if
        any (best prior first), else the best by UCB over those available."""
        st = self.settings
        if len(actions) >= st.widen_threshold:
            actions = self.widened(node, actions, d)
            anchor = self.anchor
            if node is self.root and anchor is not None:  # first, whatever the prior says
                actions = [anchor, *(a for a in actions if a != anchor)]
        children = node.children
        untried = None
        for a in actions:
            c = children.get(a)
            if c is None:
                if untried is None:
                    untried = a
            else:
                c.avail += 1
        if untried is not None:
            child = Node(self.seats)
            child.avail = 1
            children[untried] = child
            return child, untried, True
        best_a, best_c, best_v = None, None, -1.0
        cst = st.uct_c
        log, sqrt = math.log, math.sqrt
        for a in actions:
            c = children[a]
            v = c.w[mover] / c.n + cst * sqrt(log(c.avail) / c.n)
            if v > best_v:
                best_a, best_c, best_v = a, c, v
        return best_c, best_a, False  # type: ignore[return-value]

    def widened(self, node: Node, actions: Sequence[tuple], d: Any) -> list[tuple]:
        """Progressive widening: the best few actions by prior, more as the
        node is visited more often."""
        st = self.settings
        k = st.widen_base + int(node.n ** st.widen_alpha)
        if k >= len(actions):
            return list(actions)
        order = node.order
        if order is None:
            order = node.order = {}
        missing = [a for a in actions if a not in order]
        if missing:
            if self.k.prior is not None:
                scores = self.k.prior(self.game, d, missing)
            else:  # no prior: a random but fixed order per node
                scores = [self.rng.random() for _ in missing]
            for a, sc in zip(missing, scores, strict=True):
                order[a] = sc
        return sorted(actions, key=order.__getitem__, reverse=True)[:k]

    # ------------------------------------------------------------ answers
    def ranked(self) -> list[tuple[tuple, Node]]:
        """The root's legal actions that were searched, best first."""
        seat = self.seat
        items = [(a, self.root.children[a]) for a in self.actions if a in self.root.children]
        items.sort(key=lambda x: (x[1].n, x[1].mean(seat)), reverse=True)
        return items

    def best(self) -> tuple:
        """The most searched move; the rule-based choice unless clearly worse."""
        ranked = self.ranked()
        if not ranked:
            return self.actions[0]
        top, node = ranked[0]
        anchor = self.root.children.get(self.anchor) if self.anchor is not None else None
        if (anchor is not None and top != self.anchor and anchor.n
                and node.mean(self.seat) - anchor.mean(self.seat) <= self.settings.anchor_margin):
            return self.anchor
        return top

    def decided(self, budget: Budget) -> bool:
        """Can the runner-up still overtake the leader in the budget left?"""
        ranked = self.ranked()
        if len(ranked) < 2:
            return len(self.actions) == 1
        gap = ranked[0][1].n - ranked[1][1].n
        left = []
        if budget.iterations is not None:
            left.append(budget.iterations - self.iterations)
        if budget.seconds is not None:
            spent = budget.elapsed()
            rate = self.iterations / spent if spent > 0 else float("inf")
            left.append(rate * max(0.0, budget.seconds - spent))
        return bool(left) and gap > min(left)

    def report(self, budget: Budget, final: bool = False) -> None:
        ranked = self.ranked()
        best = ranked[0] if ranked else None
        budget.progress(Progress(  # type: ignore[misc]
            iterations=self.iterations,
            best=best[0] if best else None,
            win_rate=best[1].mean(self.seat) if best else None,
            fraction=1.0 if final else budget.fraction(self.iterations),
        ))
