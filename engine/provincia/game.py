"""Provincia Romana behind the Game protocol: legal actions, play, the flow
from phase to phase, and the pieces other modules provide."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import (
    Chapter,
    IllegalAction,
    LogLine,
    Option,
    Options,
    Result,
    Rng,
    ScoreHistory,
    decode_plain,
    encode_plain,
)

from . import battle, build, scoring, select, setup, text, upkeep
from .data import CITIES
from .state import ACTIVATE, BATTLE, FINAL, OVER, PHASE_NAMES, PLAY, SELECT, UPKEEP, Player, State
from .view import sample, view


def advance(w: State) -> None:
    """Run every step that needs no decision, until one does (or the end)."""
    while not w.pending:
        ph = w.phase
        if ph == SELECT:
            if w.step == "start":
                select.start(w)
            if select.step(w):
                return
        elif ph in (PLAY, FINAL):
            if build.step(w):
                return
            if ph == FINAL:
                scoring.finish(w)
        elif ph == BATTLE:
            if battle.step(w):
                return
        elif ph == UPKEEP:
            upkeep.upkeep(w)
        elif ph == ACTIVATE:
            if upkeep.step(w):
                return
        else:
            return


def settle(w: State) -> State:
    """Run on to the next decision, then seal the writable copy: the players
    edited during this step and the events it left."""
    advance(w)
    w.players = tuple(p if type(p) is Player else p.freeze() for p in w.players)
    w.events = tuple(w.events)
    return w.freeze()


def to_move(s: State) -> int | None:
    if s.phase == OVER:
        return None
    if s.pending:
        return s.pending[-1].seat
    if s.draft is not None:
        return s.draft.pickers[0]
    return s.queue[0]


def legal(s: State) -> list[tuple]:
    if s.phase == OVER:
        return []
    if s.pending:
        pd = s.pending[-1]
        return battle.legal_penalty(s, pd) if pd.kind == "penalty" else build.legal_pending(s, pd)
    if s.phase == SELECT:
        return select.legal_picks(s) if s.draft else select.legal_decks(s)
    if s.phase in (PLAY, FINAL):
        return build.legal_turn(s, s.queue[0])
    if s.phase == BATTLE:
        return battle.legal_tokens(s, s.queue[0])
    return upkeep.legal_activate(s, s.queue[0])


def why_illegal(s: State, a: Any) -> str:
    if s.phase == OVER:
        return "the game is over"
    if not isinstance(a, tuple) or not a:
        return "an action is a tuple such as ('done',)"
    if s.pending:
        return f"that is not an answer to: {text.prompt(s)}"
    if s.phase == SELECT:
        return select.why_illegal(s, a)
    if s.phase in (PLAY, FINAL):
        return build.why_illegal(s, s.queue[0], a)
    if s.phase == BATTLE:
        return "play one of your own battle tokens"
    return "activate one of your inactive buildings, or be done"


def play(s: State, a: tuple, trusted: bool = False) -> State:
    """The state after action ``a``; ``s`` is never changed.

    ``trusted`` skips the legality check for callers that took ``a`` from
    ``legal(s)`` (the bots), which halves their cost per step.
    """
    if s.viewer != -1:
        raise IllegalAction("a view cannot be played on; sample a full state first")
    if not trusted and a not in legal(s):
        raise IllegalAction(why_illegal(s, a))
    w = s.thaw()
    w.events = []
    if w.pending:
        if w.pending[-1].kind == "penalty":
            battle.resolve_penalty(w, a)
        else:
            build.resolve_pending(w, a)
    elif w.phase == SELECT:
        if a[0] == "deck":
            select.choose_deck(w, a[1])
        else:
            select.pick(w, a[1])
    elif w.phase in (PLAY, FINAL):
        build.act(w, a)
    elif w.phase == BATTLE:
        battle.commit(w, a[1])
    else:
        upkeep.act(w, a)
    return settle(w)


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
        Option("finite_gold", "Finite gold", "bool", True,
               "the 53 gold coins are a hard limit"),
    )

    def setup(self, players: int, options: Options | None = None, seed: int = 0) -> State:
        w = setup.setup(players, options or Options(), seed).thaw()
        w.events = list(w.events)
        return settle(w)

    def seats(self, s: State) -> int:
        return s.n

    to_move = staticmethod(to_move)
    legal = staticmethod(legal)
    play = staticmethod(play)
    view = staticmethod(view)

    def sample(self, v: State, seat: int, rng: Rng) -> State:
        return sample(v, seat, rng)

    def viewer(self, s: State) -> int | None:
        return None if s.viewer == -1 else s.viewer

    def informs(self, before: State, after: State, seat: int) -> bool:
        """A card, token or Bellum ``seat`` did not know was shown, or the
        random stream moved (a reshuffle): undo must not go back past it."""
        if after.rng != before.rng:
            return True
        return _unseen(view(after, seat)) < _unseen(view(before, seat))

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
        return decode_plain(data)

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


def _unseen(v: State) -> int:
    return sum(len(cards) for _, cards in v.unseen)
