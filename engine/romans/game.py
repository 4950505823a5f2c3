"""The Romans behind the Game protocol: the flow table of its phases and
decisions (engine.flow) and what is its own; engine.flow.FlowGame does the
rest."""

from __future__ import annotations

from engine.core import Chapter, ScoreHistory
from engine.flow import Decision, Flow, FlowGame, Phase

from . import campaign, enemy, prep, scoring, senate, setup, text, view
from .actions import ACTIONS
from .events import EraBegins
from .state import (
    CAMPAIGN,
    ENEMY,
    EXPANSION,
    LEADERS,
    NATIONS,
    OVER,
    PHASE_NAMES,
    PREP,
    RESPONSE,
    Player,
    State,
)


def _enter_prep(w: State) -> None:
    w.events.append(EraBegins(w.era))
    prep.enter_prep(w)


FLOW = Flow(
    phases={
        PREP: Phase(auto=prep.auto_prep, enter=_enter_prep, next=lambda w: LEADERS),
        LEADERS: Phase(prep.to_move_choosing, prep.legal_leaders, prep.why_choosing,
                       prep.act_leader, auto=prep.auto_choosing, enter=prep.enter_choosing,
                       next=prep.after_leaders),
        EXPANSION: Phase(senate.to_move, senate.legal, senate.why_illegal, senate.act,
                         auto=senate.auto, enter=senate.enter, next=senate.after),
        CAMPAIGN: Phase(auto=campaign.auto, enter=campaign.enter, next=campaign.after),
        RESPONSE: Phase(auto=enemy.response, next=enemy.after_response),
        NATIONS: Phase(prep.to_move_choosing, prep.legal_nations, prep.why_choosing,
                       prep.act_nation, auto=prep.auto_choosing, enter=prep.enter_choosing,
                       next=lambda w: ENEMY),
        ENEMY: Phase(auto=enemy.auto_enemy, enter=enemy.enter_enemy, next=enemy.after_enemy),
        OVER: Phase(enter=scoring.finish),
    },
    decisions={
        "glory": Decision(prep.glory_choices, resolve=prep.resolve_glory),
        "piece": Decision(prep.piece_choices, resolve=prep.resolve_piece),
        "collect": Decision(senate.collect_choices, resolve=senate.resolve_collect),
        "unrest": Decision(senate.unrest_choices, resolve=senate.resolve_unrest),
        "types": Decision(senate.types_choices, resolve=senate.resolve_types),
        "raise": Decision(senate.raise_choices, resolve=senate.resolve_raise),
        "build": Decision(senate.build_choices, resolve=senate.resolve_build),
        "citadel": Decision(senate.citadel_choices, resolve=senate.resolve_citadel),
        "benefits": Decision(senate.benefits_choices, resolve=senate.resolve_benefits),
        "take": Decision(senate.take_choices, resolve=senate.resolve_take),
        "sets": Decision(senate.sets_choices, resolve=senate.resolve_sets),
        "calm": Decision(senate.calm_choices, resolve=senate.resolve_calm),
        "army": Decision(senate.army_choices, resolve=senate.resolve_army),
        "march": Decision(campaign.march_choices, resolve=campaign.resolve_march),
        "triumph": Decision(campaign.triumph_choices, resolve=campaign.resolve_triumph),
        "target": Decision(enemy.target_choices, resolve=enemy.resolve_target),
        "route": Decision(enemy.route_choices, resolve=enemy.resolve_route),
        "natives": Decision(enemy.natives_choices, resolve=enemy.resolve_natives),
    },
    over=OVER,
    first=PREP,
    prompt=text.prompt,
)


class Romans(FlowGame):
    """The Romans, 1-4 players (solo against The Enemy)."""

    id = "romans"
    title = "The Romans"
    players = range(1, 5)
    default_players = 4
    options = ()
    flow = FLOW
    actions = ACTIONS
    deal = staticmethod(setup.setup)
    parts = (view, scoring, text)
    sealed = {"players": Player}
    phase_names = PHASE_NAMES
    seat_label = staticmethod(text.seat_name)

    def chapter(self, s: State) -> Chapter:
        return Chapter("era", s.era, f"Era {s.era}")

    def score_history(self, s: State) -> ScoreHistory:
        """Each seat's score after each Era and, solo, The Enemy's (the
        state's rows end with it)."""
        labels = tuple(f"E{i + 1}" for i in range(len(s.history)))
        rows = tuple(row[:s.n] for row in s.history)
        others = tuple(row[s.n:] for row in s.history) if s.solo else ()
        return ScoreHistory(labels, rows, others)
