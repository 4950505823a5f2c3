"""Toy Legion behind the Game protocol (engine/core.py), written on
engine.flow.FlowGame: one phase of play, then the end."""

from __future__ import annotations

from engine.core import Chapter, Result, ScoreHistory, rank_scores
from engine.flow import Flow, FlowGame, Phase

from . import hidden, rules, text
from .state import OVER, PLAY, RAIDERS, State, mover

FLOW = Flow(
    phases={PLAY: Phase(mover, rules.legal, rules.why, rules.act, auto=rules.end_era,
                        next=lambda w: OVER),
            OVER: Phase(enter=rules.finish)},
    decisions={},
    over=OVER,
    first=PLAY,
)


class Toy(FlowGame):
    """Toy Legion, 1 to 3 players (solo against The Raiders)."""

    id = "toy"
    title = "Toy Legion"
    players = range(1, 4)
    default_players = 2
    options = rules.OPTIONS
    flow = FLOW
    deal = staticmethod(rules.deal)
    parts = (hidden, text)
    progress = staticmethod(text.progress)

    def result(self, s: State) -> Result:
        scores = tuple(c.score for c in s.camps)
        best = max(scores)
        lost = s.raiders and s.raid > best
        winners = () if lost else tuple(i for i, x in enumerate(scores) if x == best)
        return Result(
            scores=scores,
            ranks=rank_scores([(x,) for x in scores]),
            breakdown=tuple({"dice": c.dice, "cards": c.cards, "rest": c.rest}
                            for c in s.camps),
            winners=winners,
            outcome=text.outcome(s, winners, best),
            unit="points",
            labels=(("dice", "Dice"), ("cards", "Cards"), ("rest", "Rest")),
            others=((RAIDERS, s.raid),) if s.raiders else (),
        )

    def chapter(self, s: State) -> Chapter:
        return Chapter("era", s.era, text.era_label(s.era))

    def score_history(self, s: State) -> ScoreHistory:
        return ScoreHistory(tuple(f"E{i + 1}" for i in range(len(s.history))), s.history)
