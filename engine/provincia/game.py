"""Provincia Romana behind the Game protocol: the flow table of its phases
and decisions (engine.flow) and what is its own; engine.flow.FlowGame does
the rest."""

from __future__ import annotations

from typing import Any

from engine.core import Chapter, Option, ScoreHistory, decode_plain
from engine.flow import Decision, Flow, FlowGame, Phase

from . import battle, build, readings, scoring, select, setup, text, upkeep, view
from .actions import ACTIONS, EVERY
from .data import CITIES
from .state import ACTIVATE, BATTLE, FINAL, OVER, PHASE_NAMES, PLAY, SELECT, UPKEEP, Player, State


def first_in_queue(s: State) -> int:
    return s.queue[0]


def _to_over(w: State) -> int:
    return OVER


# The whole turn structure: a round is Select → Play → (Battle) → Upkeep →
# Activate; after the sixth, the final Play Cards turn, then the end.
FLOW = Flow(
    phases={
        SELECT: Phase(select.to_move, select.legal, select.why_illegal, select.act,
                      auto=select.auto, enter=select.enter, next=lambda w: PLAY),
        PLAY: Phase(first_in_queue, build.legal, build.why_illegal, build.act,
                    auto=build.auto, enter=build.enter, next=build.after),
        BATTLE: Phase(first_in_queue, battle.legal, battle.why_illegal, battle.act,
                      auto=battle.auto, enter=battle.enter, next=lambda w: UPKEEP),
        UPKEEP: Phase(auto=upkeep.upkeep, enter=upkeep.enter_upkeep, next=lambda w: ACTIVATE),
        ACTIVATE: Phase(first_in_queue, upkeep.legal_activate, upkeep.why_illegal, upkeep.act,
                        auto=upkeep.auto_activate, enter=upkeep.enter_activate,
                        next=upkeep.after_round),
        FINAL: Phase(first_in_queue, build.legal, build.why_illegal, build.act,
                     auto=build.auto, enter=build.enter, next=_to_over),
        OVER: Phase(enter=scoring.finish),
    },
    decisions={
        "target": Decision(build.legal_target, resolve=build.resolve_target),
        "coniuratio_pick": Decision(build.legal_coniuratio_pick,
                                    resolve=build.resolve_coniuratio_pick),
        "coniuratio_react": Decision(build.legal_coniuratio_react,
                                     resolve=build.resolve_coniuratio_react),
        "consuetudo_take": Decision(build.legal_consuetudo_take,
                                    resolve=build.resolve_consuetudo_take),
        "consuetudo_order": Decision(build.legal_consuetudo_order,
                                     resolve=build.resolve_consuetudo_order),
        "discard": Decision(build.legal_discard, resolve=build.resolve_discard),
        "penalty": Decision(battle.legal_penalty, resolve=battle.resolve_penalty),
    },
    over=OVER,
    first=SELECT,
    prompt=text.prompt,
)


class Provincia(FlowGame):
    """Provincia Romana, 2–6 players."""

    id = "provincia"
    title = "Provincia Romana"
    players = range(2, 7)
    default_players = 4
    options = (
        Option("cities", "City", "seats", None,
               "the city each seat plays, comma-separated (default: in order)",
               choices=tuple(c.name for c in CITIES)),
        *readings.OPTIONS,
    )

    flow = FLOW
    actions = ACTIONS
    deal = staticmethod(setup.setup)
    parts = (view, scoring, text)
    sealed = {"players": Player}
    seat_label = staticmethod(text.seat_name)

    def decode_action(self, data: Any) -> tuple:
        """The typed action a saved list stands for, as the very record
        ``legal`` lists, so replaying a save finds it by identity (a plain
        tuple if none fits: replaying it then fails with the rule it breaks)."""
        plain = decode_plain(data)
        return EVERY.get(plain) or ACTIONS.typed(plain)

    def progress(self, s: State) -> str:
        """Where the game is, for save listings and status lines."""
        if s.phase == OVER:
            return "finished"
        if s.phase == FINAL:
            return "final turn"
        return f"round {s.round}, {PHASE_NAMES[s.phase]}"

    def chapter(self, s: State) -> Chapter:
        return Chapter("round", s.round, f"Round {s.round}")

    def score_history(self, s: State) -> ScoreHistory:
        """PP after each round played so far."""
        labels = tuple(f"R{i + 1}" for i in range(len(s.history)))
        return ScoreHistory(labels, tuple(s.history))

