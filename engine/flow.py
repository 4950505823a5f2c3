"""Turns, phases and pending decisions: a game's flow as one table.

A game built on this keeps two fields in its state:

* ``phase``: the key of the current phase in the table. Keys are any
  hashable value; a phase with sub-steps can keep its step in a field of
  its own, or give each sub-step its own key (("expansion", "move")).
* ``pending``: a tuple of ``Pending`` decisions, the open one last. An open
  decision interrupts the phase: its seat answers it and nothing else moves.
  Answering may open more (``push``), e.g. several players deciding in a
  fixed order, or an opponent's response to a move.

Each phase says who decides, what they may do and why not, what an action
does, what runs by itself (``auto``), how the phase is set up when the game
moves into it (``enter``) and which phase follows it (``next``). Each kind
of decision says what its seat may answer and what the answer does. The
game's ``legal``, ``play`` and ``to_move`` then read the table instead of
repeating the phase structure in parallel if-chains, and the order of the
phases, rounds included (the last phase of a round names the first of the
next, or the end), can be read in one place.

``advance`` runs the automatic steps after every action: while no decision
is open and the game is not over, it calls the phase's ``auto``; when that
says the phase is over, it ``goto``s the next one. ``auto`` must either
report a seat to decide (True), open a decision, or end the phase (False):
a phase that does none of these would loop. It runs again after every
action and every answer, so it tells from the state what it has already
done (a step field, a queue of seats still to act).

Everything works on the game's own (writable) state: the flow keeps no
state of its own and is a pure function of its tables.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from .core import IllegalAction, Kinds, Record

State = Any  # the game's own state (a frozen or writable record)
Action = Any


class Pending(Record):
    """A decision waiting on top of the turn: ``kind`` names it in the flow's
    table, ``seat`` answers it, ``data`` is what it is about (a NamedTuple
    of that kind's own fields)."""

    _fields = ("kind", "seat", "data")
    __slots__ = _fields
    kind: str
    seat: int
    data: tuple


def _never(s: State) -> bool:
    return False


def _nobody(s: State) -> None:
    return None


def _nothing(s: State) -> list:
    return []


@dataclass(frozen=True)
class Phase:
    """One phase of a game. A phase nobody decides in (all automatic) gives
    only ``auto``, ``enter`` and ``next``.

    to_move(s)   the seat that decides now
    legal(s)     what it may do
    why(s, a)    a sentence: why ``a`` is not one of those
    act(w, a)    what ``a`` does (the flow checked it is legal)
    auto(w)      steps that need no decision; True while a seat must decide
                 in this phase, False once the phase is over
    enter(w)     set the phase up as the game moves into it (``goto``)
    next(w)      the key of the phase that follows, once this one is over
    """

    to_move: Callable[[State], int | None] | None = None
    legal: Callable[[State], list] | None = None
    why: Callable[[State, Action], str] | None = None
    act: Callable[[State, Action], None] | None = None
    auto: Callable[[State], bool] = _never
    enter: Callable[[State], None] | None = None
    next: Callable[[State], Hashable] | None = None


@dataclass(frozen=True)
class Decision:
    """One kind of pending decision.

    legal(s, pd)       the answers ``pd.seat`` may give
    why(s, pd, a)      a sentence: why ``a`` is not one of them
    resolve(w, pd, a)  what the answer does; ``pd`` is already off the stack
    """

    legal: Callable[[State, Pending], list]
    why: Callable[[State, Pending, Action], str]
    resolve: Callable[[State, Pending, Action], None]


class Flow:
    """A game's phases and decisions; ``over`` is the key of the phase in
    which the game has ended (no entry needed in ``phases`` except its
    ``enter``, which scores the game)."""

    def __init__(self, phases: Mapping[Hashable, Phase], decisions: Mapping[str, Decision],
                 over: Hashable) -> None:
        self.phases = dict(phases)
        self.decisions = dict(decisions)
        self.over = over
        self.phases.setdefault(over, Phase())
        # Flat dispatch tables: legal and to_move run at every step of every bot.
        self._to_move = {k: p.to_move or _nobody for k, p in self.phases.items()}
        self._legal = {k: p.legal or _nothing for k, p in self.phases.items()}
        self._answers = {k: d.legal for k, d in self.decisions.items()}
        self._act = {k: p.act for k, p in self.phases.items()}
        self._auto = {k: p.auto for k, p in self.phases.items()}
        self._resolve = {k: d.resolve for k, d in self.decisions.items()}

    def to_move(self, s: State) -> int | None:
        """The seat that decides now: an open decision's, else the phase's;
        None once the game is over."""
        pending = s.pending
        if pending:
            return pending[-1].seat
        return self._to_move[s.phase](s)

    def legal(self, s: State) -> list:
        pending = s.pending
        if pending:
            pd = pending[-1]
            return self._answers[pd.kind](s, pd)
        return self._legal[s.phase](s)

    def why_illegal(self, s: State, a: Action) -> str:
        """A sentence saying why ``a`` is not legal in ``s``."""
        if s.phase == self.over:
            return "the game is over"
        if not isinstance(a, tuple) or not a:
            return "an action is a tuple: its kind, then its values"
        if s.pending:
            pd = s.pending[-1]
            return self.decisions[pd.kind].why(s, pd, a)
        why = self.phases[s.phase].why
        return why(s, a) if why else "nothing can be done now"

    def act(self, w: State, a: Action) -> None:
        """Apply a legal action to the writable state ``w``: it answers the
        open decision (taken off the stack first), else it is the phase's."""
        pending = w.pending
        if pending:
            pd = pending[-1]
            w.pending = pending[:-1]
            self._resolve[pd.kind](w, pd, a)
        else:
            self._act[w.phase](w, a)  # type: ignore[misc]

    def advance(self, w: State,
                until: Callable[[State, Hashable], bool] | None = None) -> Hashable | None:
        """Run on until a seat must decide or the game is over.

        With ``until``, also stop just before moving into a phase for which
        ``until(w, phase)`` holds, and return that phase: a scenario builder
        sets its position up there, then ``goto``s it (engine/scenario.py).
        """
        autos, over = self._auto, self.over
        while not w.pending and w.phase != over:
            if autos[w.phase](w):
                return None
            if not w.pending:
                following = self.phases[w.phase].next(w)  # type: ignore[misc]
                if until is not None and until(w, following):
                    return following
                self.goto(w, following)
        return None

    def play(self, s: State, a: Action, trusted: bool, kinds: Kinds,
             settle: Callable[[State], State]) -> State:
        """The state after action ``a``: a writable copy of ``s`` (never
        changed itself) acted on, then ``settle``d (the game's: advance, then
        seal what it thawed).

        ``trusted`` skips the legality check for callers that took ``a`` from
        ``legal(s)`` (the bots), which halves their cost per step. An action
        may come as a plain tuple (a test, an old caller): the rules read the
        record of its kind in ``kinds``, equal to it.
        """
        if s.viewer != -1:
            raise IllegalAction("a view cannot be played on; sample a full state first")
        if not trusted:
            options = self.legal(s)
            try:
                a = options[options.index(a)]
            except ValueError:
                raise IllegalAction(self.why_illegal(s, a)) from None
        elif type(a) is tuple:
            a = kinds.typed(a)
        w = s.thaw()
        w.events = []
        self.act(w, a)
        return settle(w)

    def goto(self, w: State, phase: Hashable) -> None:
        """Move ``w`` into ``phase`` and set it up."""
        w.phase = phase
        enter = self.phases[phase].enter
        if enter is not None:
            enter(w)


def push(w: State, *decisions: Pending) -> None:
    """Open ``decisions``; the first given is answered first (then the next:
    a fixed order of seats, e.g. each player over a limit in turn order)."""
    w.pending = w.pending + decisions[::-1]
