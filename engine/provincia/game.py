"""Provincia Romana behind the Game protocol: the flow table of its phases
and decisions (engine.flow), play, and the pieces other modules provide."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import (
    Chapter,
    LogLine,
    Option,
    Options,
    Result,
    Rng,
    ScoreHistory,
    decode_plain,
    encode_plain,
    shown,
)
from engine.flow import Decision, Flow, Pending, Phase

from . import battle, build, readings, scoring, select, setup, text, upkeep
from .actions import ACTIONS, EVERY
from .data import CITIES
from .state import ACTIVATE, BATTLE, FINAL, OVER, PHASE_NAMES, PLAY, SELECT, UPKEEP, Player, State
from .view import sample, view


def first_in_queue(s: State) -> int:
    return s.queue[0]


def not_an_answer(s: State, pd: Pending, a: Any) -> str:
    return f"that is not an answer to: {text.prompt(s)}"


def _decision(legal: Any, resolve: Any) -> Decision:
    return Decision(legal, not_an_answer, resolve)


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
        "target": _decision(build.legal_target, build.resolve_target),
        "coniuratio_pick": _decision(build.legal_coniuratio_pick,
                                     build.resolve_coniuratio_pick),
        "coniuratio_react": _decision(build.legal_coniuratio_react,
                                      build.resolve_coniuratio_react),
        "consuetudo_take": _decision(build.legal_consuetudo_take,
                                     build.resolve_consuetudo_take),
        "consuetudo_order": _decision(build.legal_consuetudo_order,
                                      build.resolve_consuetudo_order),
        "discard": _decision(build.legal_discard, build.resolve_discard),
        "penalty": _decision(battle.legal_penalty, battle.resolve_penalty),
    },
    over=OVER,
)
to_move = FLOW.to_move
legal = FLOW.legal
why_illegal = FLOW.why_illegal


def settle(w: State) -> State:
    """Run on to the next decision, then seal the writable copy: the players
    edited during this step and the events it left."""
    FLOW.advance(w)
    w.players = tuple([p if type(p) is Player else p.freeze() for p in w.players])
    w.events = tuple(w.events)
    return w.freeze()


def play(s: State, a: tuple, trusted: bool = False) -> State:
    """The state after action ``a``; ``s`` is never changed (engine.flow.Flow.play)."""
    return FLOW.play(s, a, trusted, ACTIONS, settle)


class Provincia:
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

    def setup(self, players: int, options: Options | None = None, seed: int = 0) -> State:
        w = setup.setup(players, options or Options(), seed).thaw()
        w.events = list(w.events)
        FLOW.goto(w, SELECT)
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
        """A card, token or Bellum ``seat`` did not know was shown, or the
        random stream moved (a reshuffle): undo must not go back past it."""
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
        return text.event_text(s, e)

    def log_line(self, s: State, e: tuple) -> LogLine | None:
        return text.log_line(s, e)

    def encode_action(self, a: tuple) -> list:
        return encode_plain(a)

    def decode_action(self, data: Any) -> tuple:
        """The typed action a saved list stands for (a plain tuple if none fits:
        replaying it then fails with the rule it breaks)."""
        plain = decode_plain(data)
        return EVERY.get(plain) or ACTIONS.typed(plain)

    def is_over(self, s: State) -> bool:
        return s.phase == OVER

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

    def seat_label(self, s: State, seat: int) -> str:
        return text.seat_name(s, seat)

