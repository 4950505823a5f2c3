"""The Romans behind the Game protocol: the flow table of its phases and
decisions (engine.flow), play, and the pieces other modules provide."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import (
    Chapter,
    LogLine,
    Options,
    Result,
    Rng,
    ScoreHistory,
    decode_plain,
    encode_plain,
    shown,
)
from engine.flow import Decision, Flow, Pending, Phase

from . import campaign, enemy, prep, scoring, senate, setup, text
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
from .view import sample, view


def not_an_answer(s: State, pd: Pending, a: Any) -> str:
    return f"that is not an answer to: {text.prompt(s)}"


def _decision(legal: Any, resolve: Any) -> Decision:
    return Decision(legal, not_an_answer, resolve)


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
        "glory": _decision(prep.glory_choices, prep.resolve_glory),
        "piece": _decision(prep.piece_choices, prep.resolve_piece),
        "collect": _decision(senate.collect_choices, senate.resolve_collect),
        "unrest": _decision(senate.unrest_choices, senate.resolve_unrest),
        "types": _decision(senate.types_choices, senate.resolve_types),
        "raise": _decision(senate.raise_choices, senate.resolve_raise),
        "build": _decision(senate.build_choices, senate.resolve_build),
        "citadel": _decision(senate.citadel_choices, senate.resolve_citadel),
        "benefits": _decision(senate.benefits_choices, senate.resolve_benefits),
        "take": _decision(senate.take_choices, senate.resolve_take),
        "sets": _decision(senate.sets_choices, senate.resolve_sets),
        "calm": _decision(senate.calm_choices, senate.resolve_calm),
        "army": _decision(senate.army_choices, senate.resolve_army),
        "march": _decision(campaign.march_choices, campaign.resolve_march),
        "triumph": _decision(campaign.triumph_choices, campaign.resolve_triumph),
        "target": _decision(enemy.target_choices, enemy.resolve_target),
        "route": _decision(enemy.route_choices, enemy.resolve_route),
        "natives": _decision(enemy.natives_choices, enemy.resolve_natives),
    },
    over=OVER,
)
to_move = FLOW.to_move
legal = FLOW.legal


def settle(w: State) -> State:
    """Run on to the next decision, then seal the writable copy."""
    FLOW.advance(w)
    w.players = tuple([p if type(p) is Player else p.freeze() for p in w.players])
    w.events = tuple(w.events)
    return w.freeze()


def play(s: State, a: tuple, trusted: bool = False) -> State:
    """The state after action ``a``; ``s`` is never changed (engine.flow.Flow.play)."""
    return FLOW.play(s, a, trusted, ACTIONS, settle)


class Romans:
    """The Romans, 1-4 players (solo against The Enemy)."""

    id = "romans"
    title = "The Romans"
    players = range(1, 5)
    default_players = 4
    options = ()

    def setup(self, players: int, options: Options | None = None, seed: int = 0) -> State:
        w = setup.setup(players, options or Options(), seed).thaw()
        w.events = []
        FLOW.goto(w, PREP)
        return settle(w)

    def seats(self, s: State) -> int:
        return s.n

    to_move = staticmethod(to_move)
    legal = staticmethod(legal)
    play = staticmethod(play)
    flow = FLOW
    view = staticmethod(view)

    def sample(self, v: State, seat: int, rng: Rng) -> State:
        return sample(v, seat, rng)

    def viewer(self, s: State) -> int | None:
        return None if s.viewer == -1 else s.viewer

    def informs(self, before: State, after: State, seat: int) -> bool:
        """Dice rolled or drawn (the random stream moved), or something
        ``seat`` had not seen was shown to it: undo must not go back past it."""
        return shown(view, before, after, seat)

    def result(self, s: State) -> Result:
        return scoring.result(s)

    def describe(self, s: State, a: tuple) -> str:
        return text.describe(s, a)

    def prompt(self, s: State) -> str:
        return text.prompt(s)

    def events(self, s: State) -> Sequence[tuple]:
        return s.events

    def event_text(self, s: State, e: tuple) -> str | None:
        line = text.log_line(s, e)
        return None if line is None else line.text

    def log_line(self, s: State, e: tuple) -> LogLine | None:
        return text.log_line(s, e)

    def encode_action(self, a: tuple) -> list:
        return encode_plain(a)

    def decode_action(self, data: Any) -> tuple:
        return ACTIONS.typed(decode_plain(data))

    def is_over(self, s: State) -> bool:
        return s.phase == OVER

    def progress(self, s: State) -> str:
        if s.phase == OVER:
            return "finished"
        return f"Era {s.era}, {PHASE_NAMES[s.phase]}"

    def chapter(self, s: State) -> Chapter:
        return Chapter("era", s.era, f"Era {s.era}")

    def score_history(self, s: State) -> ScoreHistory:
        labels = tuple(f"E{i + 1}" for i in range(len(s.history)))
        return ScoreHistory(labels, tuple(s.history))

    def seat_label(self, s: State, seat: int) -> str:
        return text.seat_name(s, seat)

