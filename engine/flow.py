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

``FlowGame`` is the rest of the Game protocol (engine/core.py) for a game
built on a flow: a game class declares its flow, its action kinds, how it
deals and the modules holding what is its own (views, scoring, text), and
gets setup, seats, to_move, legal, play, settle, is_over, viewer, informs,
events, the action encoding and progress. Generic code still sees only the
protocol, never this class.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

from .core import (
    Chapter,
    IllegalAction,
    Kinds,
    LogLine,
    Options,
    Record,
    Result,
    Rng,
    ScoreHistory,
    decode_plain,
    encode_plain,
    shown,
)

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
    why(s, pd, a)      a sentence: why ``a`` is not one of them; by default
                       "that is not an answer to: <the flow's prompt>"
    resolve(w, pd, a)  what the answer does; ``pd`` is already off the stack

    ``Decision(legal, resolve=resolve)`` leaves ``why`` to the flow.
    """

    legal: Callable[[State, Pending], list]
    why: Callable[[State, Pending, Action], str] | None = None
    resolve: Callable[[State, Pending, Action], None] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.resolve is None:
            raise TypeError("a Decision needs resolve: what the answer does")


class Flow:
    """A game's phases and decisions.

    ``over`` is the key of the phase in which the game has ended (no entry
    needed in ``phases`` except its ``enter``, which scores the game);
    ``first`` the phase a new game moves into once dealt; ``prompt(s)`` the
    game's "what to do now", with which a decision that has no ``why`` of
    its own refuses a wrong answer.
    """

    def __init__(self, phases: Mapping[Hashable, Phase], decisions: Mapping[str, Decision],
                 over: Hashable, first: Hashable = None,
                 prompt: Callable[[State], str] | None = None) -> None:
        self.phases = dict(phases)
        self.decisions = dict(decisions)
        self.over = over
        self.first = first
        self.prompt = prompt
        self.phases.setdefault(over, Phase())
        unexplained = [k for k, d in self.decisions.items() if d.why is None]
        if unexplained and prompt is None:
            raise TypeError(f"decisions {unexplained} have no why: give the flow a prompt")
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
            answer_why = self.decisions[pd.kind].why
            if answer_why is None:
                return f"that is not an answer to: {self.prompt(s)}"  # type: ignore[misc]
            return answer_why(s, pd, a)
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


def stage(w: State, seat: int | None = None) -> None:
    """Mark a moment of an automated phase a player should watch (an army
    moved a province, a battle was fought, an automated opponent played a
    part of its turn): ``FlowGame.stages`` keeps the state as it is here, and
    a table shows these states one by one at the bots' pace. ``seat``: a
    moment only that seat watches (its own army on its own map; the others
    read it in the log), so four armies do not keep everyone waiting.

    Free in normal play: the bots' steps carry a plain list of events, and
    only ``stages`` hands the rules a list that records (``_Staged``)."""
    events = w.events
    if type(events) is _Staged:
        events.mark(w, seat)


class _Staged(list):
    """The events of a step played for its stages: each ``stage`` mark for
    every seat, or for ``seat`` (None: every mark), adds a sealed copy of
    the state (``copy``) to ``frames``."""

    def __init__(self, copy: Callable[[State], State], seat: int | None) -> None:
        super().__init__()
        self.copy = copy
        self.seat = seat
        self.frames: list[State] = []

    def mark(self, w: State, seat: int | None) -> None:
        if seat is None or self.seat is None or seat == self.seat:
            self.frames.append(self.copy(w))


# --------------------------------------------------------------------------
# A game on a flow


class FlowGame:
    """``engine.core.Game`` for a game built on a ``Flow``: every member such a
    game does the same way, from a few declarations (docs/DEVELOPING.md
    "Adding a game").

    A game class declares, besides the protocol's ``id``, ``title``,
    ``players``, ``default_players`` and ``options``:

    flow         its ``Flow``: ``first`` is the phase a new game moves into;
                 its ``prompt`` words the refusal of a wrong answer
    actions      its action ``Kinds`` (none: actions stay plain tuples)
    deal         ``deal(players, options, seed)``: the new game's state, its
                 first phase not yet entered
    parts        the modules holding its own members under the protocol's
                 names: ``view``, ``sample``, ``result``, ``describe``,
                 ``prompt``, ``log_line``, ``seat_label``, ``chapter``,
                 ``score_history``. A member the class defines itself wins;
                 one found nowhere, or in two parts, fails as the class is made
    sealed       the state's fields of records the rules thaw, each with its
                 records' class ({"players": Player}; ``engine.core.thawing``
                 thaws them): ``settle`` freezes them again
    phase_names  each phase's name, for the default ``progress``

    Any member below may be defined again where the game does it its own way
    (a game may decode actions to the very records its ``legal`` lists).

    The state has the fields read here: ``n`` (the seats), ``phase`` and
    ``pending`` (the flow's), ``events`` (those of the last step),
    ``viewer`` (-1 in a full state, the seat in a view) and, for the default
    ``informs`` (``engine.core.shown``), ``rng`` and ``unseen``.

    ``to_move``, ``legal`` and ``is_over`` run at every step of every bot:
    they are the flow's own functions, put on the class when it is made, so
    the base adds no call on the way.
    """

    OWN: ClassVar[tuple[str, ...]] = ("view", "sample", "result", "describe", "prompt",
                                      "log_line", "seat_label", "chapter", "score_history")

    flow: ClassVar[Flow]
    actions: ClassVar[Kinds] = Kinds()
    parts: ClassVar[tuple[ModuleType, ...]] = ()
    sealed: ClassVar[Mapping[str, type[Record]]] = {}
    phase_names: ClassVar[Mapping[Hashable, str]] = {}

    # Declared by the game (or found in its parts), named here for readers.
    deal: Callable[[int, Options, int], State]
    view: Callable[[State, int], State]
    sample: Callable[[State, int, Rng], State]
    result: Callable[[State], Result]
    describe: Callable[[State, Action], str]
    prompt: Callable[[State], str]
    log_line: Callable[[State, tuple], LogLine | None]
    seat_label: Callable[[State, int], str]
    chapter: Callable[[State], Chapter]
    score_history: Callable[[State], ScoreHistory]
    # Made for each game when its class is made (below).
    to_move: Callable[[State], int | None]
    legal: Callable[[State], list]
    is_over: Callable[[State], bool]
    settle: Callable[[State], State]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        flow = getattr(cls, "flow", None)
        if not isinstance(flow, Flow):
            raise TypeError(f"{cls.__name__} needs flow = its engine.flow.Flow")
        over = flow.over

        def is_over(s: State) -> bool:
            return s.phase == over

        for name, member in (("to_move", flow.to_move), ("legal", flow.legal),
                             ("is_over", is_over), ("settle", _settler(flow, cls.sealed))):
            if name not in cls.__dict__:
                setattr(cls, name, staticmethod(member))
        for name in cls.OWN:
            if not hasattr(cls, name):
                setattr(cls, name, staticmethod(_part(cls, name)))

    def setup(self, players: int, options: Options | None = None, seed: int = 0) -> State:
        """Deal, then move into the flow's first phase and on to the first decision."""
        w = self.deal(players, options or Options(), seed).thaw()
        w.events = list(w.events)
        self.flow.goto(w, self.flow.first)
        return self.settle(w)

    def play(self, s: State, a: Action, trusted: bool = False) -> State:
        """The state after action ``a``; ``s`` is never changed (``Flow.play``)."""
        return self.flow.play(s, a, trusted, self.actions, self.settle)

    def stages(self, s: State, a: Action, seat: int | None = None) -> tuple[State, ...]:
        """The full states at each ``stage`` mark on the way from ``s`` to
        ``play(s, a)`` (those for every seat and for ``seat``; None: all),
        for a table to show one by one (none: the step is one change). Each
        holds the events so far in the step; it is for showing only (its
        phase may be half done). ``a`` was played from ``s`` before (a
        history), so it is not checked again."""
        if s.viewer != -1:
            raise IllegalAction("a view cannot be played on; sample a full state first")
        if type(a) is tuple:
            a = self.actions.typed(a)
        w = s.thaw()
        w.events = events = _Staged(self._snapshot, seat)
        self.flow.act(w, a)
        self.settle(w)
        return tuple(events.frames)

    def _snapshot(self, w: State) -> State:
        """A sealed copy of the writable ``w`` in the middle of a step, which
        goes on changing ``w`` (and the records it thawed) afterwards."""
        c = w.thaw()
        for name, frozen in self.sealed.items():
            records = getattr(c, name)
            if any(type(r) is not frozen for r in records):
                setattr(c, name, tuple(r if type(r) is frozen else r.thaw().freeze()
                                       for r in records))
        c.events = tuple(w.events)
        return c.freeze()

    def seats(self, s: State) -> int:
        return s.n

    def viewer(self, s: State) -> int | None:
        return None if s.viewer == -1 else s.viewer

    def informs(self, before: State, after: State, seat: int) -> bool:
        """Chance consulted, or something ``seat`` had not seen shown to it
        (``engine.core.shown``): undo must not go back past that step."""
        return shown(self.view, before, after, seat)

    def events(self, s: State) -> Sequence[tuple]:
        return s.events

    def event_text(self, s: State, e: tuple) -> str | None:
        """The log line of ``e`` as plain text; None for bookkeeping events."""
        line = self.log_line(s, e)
        return None if line is None else line.text

    encode_action = staticmethod(encode_plain)

    def decode_action(self, data: Any) -> Action:
        """The typed action a saved list stands for (a plain tuple if none
        fits: replaying it then fails with the rule it breaks)."""
        return self.actions.typed(decode_plain(data))

    def progress(self, s: State) -> str:
        """Where the game is, for save lists and status lines: the chapter,
        then the phase ("Era 2, Senator placement"); "finished" at the end."""
        if s.phase == self.flow.over:
            return "finished"
        label = self.chapter(s).label
        name = self.phase_names.get(s.phase)
        return f"{label}, {name}" if name else label


def _settler(flow: Flow, sealed: Mapping[str, type[Record]]) -> Callable[[State], State]:
    """The game's ``settle(w)``: run the writable ``w`` on to the next
    decision, then seal it: the records the rules thawed in the ``sealed``
    fields, the events of this step, the state itself.

    Generated for the game's fields, as ``Record.thaw`` is: it runs after
    every action a bot tries, and a loop reading the fields by name cost a
    game with two sealed fields 5% of a play."""
    bad = [name for name in sealed if not name.isidentifier()]
    if bad:
        raise ValueError(f"not field names: {bad}")
    ns: dict[str, Any] = {"_advance": flow.advance}
    lines = ["def settle(w):", "    _advance(w)"]
    for i, (name, frozen) in enumerate(sealed.items()):
        ns[f"_R{i}"] = frozen
        lines += [f"    for r in w.{name}:", f"        if type(r) is not _R{i}:",
                  "            r.freeze()"]
    lines += ["    w.events = tuple(w.events)", "    return w.freeze()"]
    exec("\n".join(lines) + "\n", ns)  # noqa: S102
    settle = ns["settle"]
    settle.__doc__ = "Run the writable ``w`` on to the next decision, then seal it."
    return settle


def _part(cls: type[FlowGame], name: str) -> Callable:
    """The function called ``name`` in exactly one of ``cls.parts``."""
    found = {id(f): f for m in cls.parts if callable(f := getattr(m, name, None))}
    if len(found) != 1:
        where = "several of its parts" if found else "none of its parts"
        raise TypeError(f"{cls.__name__} needs {name}: {where} define it; define it in the class")
    return next(iter(found.values()))
