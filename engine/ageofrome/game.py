"""Age of Rome behind the Game protocol: the flow table of its phases and
decisions (engine.flow) and what is its own; engine.flow.FlowGame does the
rest.

A round (L86-91): EVENT (the Scheme phase's step 1) → DIPLOMACY (Spies &
Allies, L340) → SCHEMES (step 2; not in round 1, L119; never in Truce or
the Emperor Solo, L351, L376) → BUILD → ACTIONS → INCOME → ROTATE, then
the next round, or the final scoring after the ninth. The order is kept
here, in one place: a phase module's own ``after`` is not consulted.

Phase modules are found by name; one that has not landed yet is a phase
that passes at once, so a game always runs from setup to the end.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from engine.core import Chapter, Option, ScoreHistory
from engine.flow import Decision, Flow, FlowGame, Phase

from . import (
    action_phase,
    benefits,
    build,
    data,
    diplomacy,
    effects,
    events_phase,
    forces,
    income,
    scheme,
    scoring,
    setup,
    text,
    trade,
    view,
)
from .actions import ACTIONS as ACTION_KINDS
from .state import (
    ACTIONS,
    BUILD,
    DIPLOMACY,
    EVENT,
    INCOME,
    OVER,
    PHASE_NAMES,
    QUESTS,
    ROTATE,
    SCHEMES,
    Player,
    Province,
    State,
    option,
)

OPTIONS: tuple[Option, ...] = tuple(
    Option(v.key, v.name, "bool", False, help_,
           players=() if v.players == data.PLAYERS else v.players)
    # the help follows the option's name ("Truce: no Schemes…" on the form and in --help)
    for v, help_ in zip(data.VARIANTS, (  # the rulebook's L337-348, L349-360
        "2-4 players: Diplomacy, Alliances and Spies",
        "2-4 players: no Schemes; the two Feud Quests are out",
        "the board always turns 90 degrees clockwise",
        "no Medals; the six Medal Quests are out",
        "the six negative Events join the deck",
    ), strict=True)
) + (trade.REFILL, setup.SOLO_QUESTS, trade.WINDOW_SALES)


def after_event(w: State) -> str:
    if option(w, "spies_allies") and w.n > 1:
        return DIPLOMACY
    return after_diplomacy(w)


def after_diplomacy(w: State) -> str:
    if w.round >= data.SCHEMES_FROM_ROUND and w.n > 1 and not option(w, "truce"):
        return SCHEMES
    return BUILD


NEXT: dict[str, Callable[[State], str]] = {
    QUESTS: lambda w: EVENT,
    EVENT: after_event,
    DIPLOMACY: after_diplomacy,
    SCHEMES: lambda w: BUILD,
    BUILD: lambda w: ACTIONS,
    ACTIONS: lambda w: INCOME,
    INCOME: lambda w: ROTATE,
    ROTATE: income.after_rotate,
}


def _entering(m: ModuleType) -> Callable[[State], None]:
    enter = getattr(m, "enter", None)

    def go(w: State) -> None:
        """Every seat acts in this round's order; nothing is under way."""
        w.queue = w.order
        w.step = 0
        w.doing = ()
        if enter is not None:
            enter(w)
    return go


def module_phase(m: ModuleType, key: str) -> Phase:
    """A phase from its module's functions (enter, to_move, legal, why, act, auto)."""
    return Phase(m.to_move, m.legal, m.why, m.act, auto=m.auto, enter=_entering(m),
                 next=NEXT[key])


def _decisions() -> dict[str, Decision]:
    out: dict[str, Decision] = {}
    for m in (setup, events_phase, income, diplomacy, scheme, build, action_phase, forces,
              benefits, trade, effects):
        for kind, (legal, resolve) in getattr(m, "DECISIONS", {}).items():
            out[kind] = Decision(legal, resolve=resolve)
    return out


FLOW = Flow(
    phases={
        QUESTS: Phase(auto=setup.no_decision, enter=setup.enter_quests, next=NEXT[QUESTS]),
        EVENT: Phase(auto=events_phase.auto, enter=events_phase.enter, next=NEXT[EVENT]),
        DIPLOMACY: module_phase(diplomacy, DIPLOMACY),
        SCHEMES: module_phase(scheme, SCHEMES),
        BUILD: module_phase(build, BUILD),
        ACTIONS: module_phase(action_phase, ACTIONS),
        INCOME: Phase(income.to_move, income.legal, income.why, income.act, auto=income.auto,
                      enter=income.enter, next=NEXT[INCOME]),
        ROTATE: Phase(auto=income.rotate, next=NEXT[ROTATE]),
        OVER: Phase(enter=scoring.finish),
    },
    decisions=_decisions(),
    over=OVER,
    first=QUESTS,
    prompt=text.prompt,
)


class AgeOfRome(FlowGame):
    """Age of Rome, 1-4 players. One player plays the Emperor Solo (L361-384);
    Cassius' Attack Solo (L362, L396) has no rules in the text and is left out."""

    id = "ageofrome"
    title = "Age of Rome"
    players = range(1, 5)
    default_players = 4
    options = OPTIONS
    note = ("1 player: the Emperor Solo (seven tasks, a title). Cassius' Attack Solo is "
            "left out: the rulebook names it but gives none of its rules.")

    flow = FLOW
    actions = ACTION_KINDS
    deal = staticmethod(setup.setup)
    parts = (view, scoring, text)
    sealed = {"players": Player, "provinces": Province}
    seat_label = staticmethod(text.seat_name)

    def progress(self, s: State) -> str:
        if s.phase == OVER:
            return "finished"
        return f"round {s.round}, {PHASE_NAMES[s.phase]}"

    def chapter(self, s: State) -> Chapter:
        if s.phase == QUESTS:
            return Chapter("round", 0, "Setup")
        return Chapter("round", s.round, f"Round {s.round}")

    def score_history(self, s: State) -> ScoreHistory:
        """Each seat's Glory at the end of every round played (the results'
        chart adds the final totals); before the first round ends, the Glory now."""
        if not s.history:
            return ScoreHistory((f"R{s.round}",), (tuple(p.glory for p in s.players),))
        return ScoreHistory(tuple(f"R{i + 1}" for i in range(len(s.history))), s.history)
