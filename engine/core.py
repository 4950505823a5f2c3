"""What every game shares: the Game protocol, frozen records, the Rng value,
errors, results, hidden cards, and the registry of games by id.

Nothing here (or anywhere in ``engine``) does I/O, reads a clock or touches
global random state: a game is a pure function of its seed and its actions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, Protocol, TypeVar

S = TypeVar("S")
A = TypeVar("A")

# An action is a small tuple of plain values: a kind (str) then ints/strs/tuples.
# That is already its save encoding and it is hashable for the bots' trees.
Action = tuple


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message names the rule."""


class FrozenError(AttributeError):
    """Raised on any attempt to assign to a frozen record."""


# --------------------------------------------------------------------------
# Frozen records with cheap copy-on-write


class Record:
    """A slotted value that refuses assignment.

    Subclasses list their fields in ``_fields``. ``thaw()`` returns a writable
    copy (a twin class with the same slots) and ``freeze()`` seals it again,
    which costs well under a microsecond: the rules copy only what changes,
    which is what makes bots fast.

    ``_face_down`` names fields holding plain card ids that are hidden as a
    whole (a face-down draw pile, cards put back in the box unseen): a view
    shows ``HIDDEN`` in place of each card its seat has not seen, or leaves
    the field empty and lists the cards in ``unseen``. Every other hidden
    thing is a ``Held``: two worlds sampled from one view may differ only
    inside ``Held`` cards, these fields and the ``Rng``
    (tests/conformance/test_conformance_hidden.py).
    """

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _face_down: ClassVar[tuple[str, ...]] = ()
    _undigested: ClassVar[tuple[str, ...]] = ()  # left out of a save's digest (saves.digest)
    # a field's items of these kinds (``item[0]``) are left out of the digest:
    # events added later for the log only, so older saves still prove
    _undigested_kinds: ClassVar[dict[str, frozenset[str]]] = {}
    _writable: ClassVar[type]
    _frozen: ClassVar[type]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.__dict__.get("_is_twin"):
            return
        fields = cls.__dict__.get("_fields", ())
        if "__slots__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} must declare __slots__ = _fields")
        twin = type(
            cls.__name__,
            (cls,),
            # object's own __setattr__ AND __delattr__: CPython keeps them in
            # one slot, so overriding only one sends every store on a writable
            # copy through a slow generic wrapper (8x slower, hidden from cProfile)
            {"__slots__": (), "__setattr__": object.__setattr__,
             "__delattr__": object.__delattr__, "_is_twin": True,
             "__module__": cls.__module__, "__qualname__": cls.__qualname__ + ".writable"},
        )
        cls._writable = twin
        cls._frozen = cls
        body = "".join(f"    _o.{f} = _s.{f}\n" for f in fields)
        ns: dict[str, Any] = {"_new": object.__new__, "_W": twin, "_F": cls}
        exec(f"def thaw(_s):\n    _o = _new(_W)\n{body}    return _o\n", ns)  # noqa: S102
        args = ", ".join(fields)
        init_body = "".join(f"    _o.{f} = {f}\n" for f in fields)
        exec(  # noqa: S102
            f"def make({args}):\n    _o = _new(_W)\n{init_body}    _o.__class__ = _F\n"
            "    return _o\n",
            ns,
        )
        cls.thaw = ns["thaw"]  # type: ignore[method-assign]
        cls._make = staticmethod(ns["make"])  # type: ignore[attr-defined]

    def __new__(cls, *args: Any, **kw: Any) -> Any:
        if cls.__dict__.get("_is_twin"):
            return object.__new__(cls)
        values = dict(zip(cls._fields, args, strict=False))
        values.update(kw)
        missing = [f for f in cls._fields if f not in values]
        if missing or len(values) != len(cls._fields):
            raise TypeError(f"{cls.__name__} needs exactly the fields {cls._fields}")
        return cls._make(*(values[f] for f in cls._fields))  # type: ignore[attr-defined]

    def __init__(self, *args: Any, **kw: Any) -> None:  # construction happens in __new__
        pass

    thaw: Callable[[Any], Any]
    """A writable copy of this record (generated per class in __init_subclass__)."""

    def freeze(self: Any) -> Any:
        """Seal a writable copy (returned by ``thaw``) and return it."""
        object.__setattr__(self, "__class__", type(self)._frozen)
        return self

    def replace(self: Any, **changes: Any) -> Any:
        n = self.thaw()
        for k, v in changes.items():
            setattr(n, k, v)
        return n.freeze()

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenError(f"{type(self).__name__} is frozen; use replace() or thaw()")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"{type(self).__name__} is frozen")

    def astuple(self) -> tuple:
        return tuple(getattr(self, f) for f in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.astuple() == other.astuple()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.astuple()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__name__}({inner})"

    def __reduce__(self) -> tuple:
        # By class, not by the generated constructor, so pickle can find it
        # (bots and arenas send states to other processes).
        return (_rebuild, (type(self)._frozen, self.astuple()))

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict) -> Any:
        import copy  # local: only tests deep-copy states

        return type(self)._frozen._make(  # type: ignore[attr-defined]
            *(copy.deepcopy(getattr(self, f), memo) for f in self._fields)
        )


def _rebuild(cls: type, values: tuple) -> Any:
    return cls._make(*values)  # type: ignore[attr-defined]


def put(t: tuple, i: int, v: object) -> tuple:
    """A copy of tuple ``t`` with item ``i`` replaced."""
    return t[:i] + (v,) + t[i + 1:]


def thawing(field: str, frozen: type[Record]) -> Callable[[Any, int], Any]:
    """``edit(w, i)``: item ``i`` of the tuple of ``frozen`` records in
    ``w.<field>``, writable, in the writable state ``w``. The first edit in a
    step thaws it (the tuple gets the copy), later ones find that copy; the
    game's settle freezes it again (``engine.flow.FlowGame.sealed``).

    Generated for its field, as ``Record.thaw`` is: the rules call it at
    almost every step, and reading the field by name (getattr) would cost
    them a call each time."""
    if not field.isidentifier():
        raise ValueError(f"not a field name: {field!r}")
    ns: dict[str, Any] = {"_put": put, "_frozen": frozen}
    exec(  # noqa: S102
        f"def edit(w, i):\n"
        f"    \"\"\"Item ``i`` of ``w.{field}``, writable (thawed once per step).\"\"\"\n"
        f"    r = w.{field}[i]\n"
        f"    if type(r) is _frozen:\n"
        f"        r = r.thaw()\n"
        f"        w.{field} = _put(w.{field}, i, r)\n"
        f"    return r\n",
        ns,
    )
    return ns["edit"]


# --------------------------------------------------------------------------
# Randomness as a value

_MASK = (1 << 64) - 1


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class Rng(NamedTuple):
    """Counter-based random numbers: the n-th number is a hash of (seed, n).

    A value, not an object with hidden state: every draw returns the new Rng,
    so the same seed and the same actions give the same game on any machine.
    """

    seed: int
    counter: int = 0

    def next(self) -> tuple[int, Rng]:
        return _splitmix((self.seed * 0x2545F4914F6CDD1D + self.counter) & _MASK), Rng(
            self.seed, self.counter + 1
        )

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in [0, n)."""
        x, r = self.next()
        return x % n, r

    def shuffle(self, items: Sequence[Any]) -> tuple[tuple, Rng]:
        """Fisher-Yates over a copy; the input is untouched."""
        chosen, rest, rng = self.draw(items, len(items))
        return chosen, rng

    def draw(self, items: Sequence[Any], k: int) -> tuple[tuple, tuple, Rng]:
        """``k`` items drawn at random without replacement (in random order)
        and the others: a partial Fisher-Yates, so drawing few costs little."""
        out = list(items)
        n = len(out)
        # One hash of (seed, counter) starts a 64-bit LCG for this call: its
        # high bits are plenty for shuffling and it is several times cheaper
        # per card than hashing each index, which sampled worlds need.
        x, rng = self.next()
        for i in range(min(k, n - 1)):
            x = (x * 6364136223846793005 + 1442695040888963407) & _MASK
            j = i + (x >> 33) % (n - i)
            out[i], out[j] = out[j], out[i]
        return tuple(out[:k]), tuple(out[k:]), rng

    def fork(self, salt: int) -> Rng:
        """An independent stream, e.g. for a sampled world."""
        return Rng(_splitmix((self.seed ^ (salt * 0x9E3779B97F4A7C15)) & _MASK), 0)


# --------------------------------------------------------------------------
# Hidden cards


HIDDEN = -1
"""The card id shown in a view where the seat does not know the card."""


class Held(NamedTuple):
    """A card (or token) somewhere hidden: in a hand, a deck, a face-down row.

    ``seen`` is a bit mask of the seats that know what it is; ``pool`` names
    the group of cards it is interchangeable with for someone who does not
    (e.g. "Aedificium cards from before the first reshuffle"). Visibility is
    decided here once, by where a card is and who has seen it.
    """

    card: int
    seen: int
    pool: int


ALL_SEATS = (1 << 16) - 1

SPECTATOR = 62
"""A seat index no seat has: ``game.view(s, SPECTATOR)`` shows only the cards
shown to every seat at once (``seen`` holds ``ALL_SEATS``: a row laid out, a
card played) and hides the rest, so it is the public view a spectator at a
shared table gets, and ``match.log_lines(SPECTATOR)`` the public log."""


def knows(seen: int, seat: int) -> bool:
    """Has ``seat`` seen the card? The SPECTATOR knows only what all were shown."""
    if seat == SPECTATOR:
        return seen & ALL_SEATS == ALL_SEATS
    return bool(seen >> seat & 1)


def find_copy(zone: tuple[Held, ...], card: int) -> int:
    """The index of the copy of ``card`` in ``zone`` that the most seats have
    seen (the first of those). An action names a card, not a copy: of two
    identical cards, the one others could not see stays hidden, so taking a
    card tells no seat more than the action itself does."""
    best, most = -1, -1
    for i, h in enumerate(zone):
        if h.card == card:
            seen = h.seen.bit_count()
            if seen > most:
                best, most = i, seen
    if best < 0:
        raise ValueError(f"card {card} is not in the zone")
    return best


def mask_zone(zone: tuple[Held, ...], seat: int, unseen: dict[int, list[int]]) -> tuple[Held, ...]:
    """The zone as ``seat`` sees it; cards it does not know go into ``unseen``."""
    bit = 1 << seat
    spectator = seat == SPECTATOR  # sees what all seats were shown at once
    out = None
    for i, h in enumerate(zone):
        if not h.seen & bit and not (spectator and h.seen & ALL_SEATS == ALL_SEATS):
            if out is None:
                out = list(zone)
            unseen.setdefault(h.pool, []).append(h.card)
            out[i] = Held(HIDDEN, h.seen, h.pool)
    return zone if out is None else tuple(out)


def fill_zone(zone: tuple[Held, ...], draw: Callable[[int], int]) -> tuple[Held, ...]:
    """Replace each hidden card by ``draw(pool)``; the inverse of ``mask_zone``."""
    out = None
    for i, h in enumerate(zone):
        if h.card == HIDDEN:
            if out is None:
                out = list(zone)
            out[i] = Held(draw(h.pool), h.seen, h.pool)
    return zone if out is None else tuple(out)


def shown(view: Callable[[Any, int], Any], before: Any, after: Any, seat: int) -> bool:
    """``informs`` for a game whose views list their unknown cards as
    ``unseen`` ((pool, cards) pairs) and whose state keeps its ``rng``
    (``STATE_FIELDS``): the
    random stream moved, or a card ``seat`` could not place left its unknowns
    (shown, even when a draw keeps their number the same). Undo must not go
    back past such a step."""
    if after.rng != before.rng:
        return True
    return bool(_unknown(view(before, seat)) - _unknown(view(after, seat)))


def _unknown(v: Any) -> Counter[tuple[int, int]]:
    return Counter((pool, card) for pool, cards in v.unseen for card in cards)


# --------------------------------------------------------------------------
# Results, options, chapters, log lines


@dataclass(frozen=True)
class Result:
    """The end of a game, for every kind of ending.

    ``scores``/``ranks``/``breakdown`` are per seat (ranks 1 = best, shared
    on ties). ``winners`` may be empty: everyone lost to the game (a solo
    game lost to The Enemy, a cooperative loss). ``others`` are opponents
    that are not seats but score (("The Enemy", 42),), with their
    ``others_breakdown`` where the game has one. The game words the
    ending itself: ``outcome`` is a sentence ("Sextus wins with 31 PP"),
    ``unit`` names the score ("PP", "points", "glory"), ``labels`` gives
    each breakdown category a short column label, in display order.
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
    tiebreak: str | None = None
    outcome: str = ""
    unit: str = "points"
    labels: tuple[tuple[str, str], ...] = ()
    others: tuple[tuple[str, int], ...] = ()
    others_breakdown: tuple[dict[str, int], ...] = ()
    """Each of ``others``' score by the same categories, where the game
    records them (a solo opponent's Glory and building bonuses, say)."""

    def rewards(self) -> list[float]:
        """Each seat's share of the win: 1 for a sole winner, split on a shared
        victory, 0 for everyone when nobody won (bots and arenas score by this)."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return [share if i in self.winners else 0.0 for i in range(len(self.scores))]

    def categories(self) -> list[tuple[str, str]]:
        """(key, label) for each breakdown category, in display order."""
        keys = list(self.breakdown[0]) if self.breakdown else []
        given = dict(self.labels)
        ordered = [k for k, _ in self.labels if k in keys] + [k for k in keys if k not in given]
        return [(k, given.get(k, k.capitalize())) for k in ordered]


@dataclass(frozen=True)
class Options:
    """Game options as sorted (key, value) pairs so they hash and save plainly."""

    items: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.items:
            if k == key:
                return v
        return default

    @classmethod
    def of(cls, mapping: dict[str, Any] | None = None) -> Options:
        return cls(tuple(sorted((mapping or {}).items())))


BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True,
              "false": False, "no": False, "off": False, "0": False}


@dataclass(frozen=True)
class Option:
    """One game option, declared: the new-game screen and ``--option K=V`` are
    both built from a game's list of these.

    ``kind`` is "bool", "choice" (one of ``choices``), "int" (within
    ``bounds``) or "seats" (one of ``choices`` per seat, all different, e.g.
    each seat's city; given on the command line comma-separated). ``default``
    None means "the game decides" (for "seats": in order).

    ``players`` lists the player counts the option may be set at (empty:
    any); at other counts only its default is allowed (a variant for 2-4
    players is refused in a solo game, with a sentence saying so).

    ``absent`` is for an option whose default changed (a reading decided
    anew, stand-in data tuned): the value a game that names no value for it
    is played by. Saves hold only the options a game was given, so games
    saved before the change name none and replay exactly as they were
    played; a new game names its value (``Match`` writes ``default`` in, see
    ``named_options``), so it never falls back on the old meaning.
    """

    key: str
    label: str
    kind: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None
    absent: Any = None  # None: an unnamed option means ``default``
    players: tuple[int, ...] = ()  # the player counts it may be set at; () any

    def value(self, options: Options) -> Any:
        """This option's value in ``options`` (what the game plays by)."""
        fallback = self.default if self.absent is None else self.absent
        return options.get(self.key, fallback)

    def parse(self, text: str, players: int) -> Any:
        """The value ``text`` stands for; ValueError with a sentence if none."""
        text = text.strip()
        if self.kind == "bool":
            if text.lower() not in BOOL_WORDS:
                raise ValueError(f"option {self.key!r} is true or false, not {text!r}")
            return self.check(BOOL_WORDS[text.lower()], players)
        if self.kind == "int":
            try:
                value: Any = int(text)
            except ValueError:
                raise ValueError(f"option {self.key!r} is a whole number, not {text!r}") from None
        elif self.kind == "seats":
            value = tuple(part.strip() for part in text.split(","))
        else:
            value = text
        return self.check(value, players)

    def check(self, value: Any, players: int) -> Any:
        """``value`` if it is allowed with ``players`` seats; else ValueError."""
        if self.players and players not in self.players and value != self.default:
            counts = ", ".join(map(str, self.players))
            raise ValueError(f"option {self.key!r} is for {counts} players, not {players}")
        if self.kind == "bool" and isinstance(value, bool):
            return value
        if self.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            lo, hi = self.bounds or (value, value)
            if not lo <= value <= hi:
                raise ValueError(f"option {self.key!r} is between {lo} and {hi}, not {value}")
            return value
        if self.kind == "choice" and value in self.choices:
            return value
        if self.kind == "seats" and isinstance(value, tuple):
            return self._check_seats(value, players)
        if self.kind in ("choice", "seats"):
            raise ValueError(f"option {self.key!r}: {value!r} is not one of "
                             f"{', '.join(self.choices)}")
        raise ValueError(f"option {self.key!r} cannot be {value!r}")

    def _check_seats(self, value: tuple, players: int) -> tuple:
        if len(value) != players:
            raise ValueError(f"option {self.key!r} needs one value per seat ({players}), "
                             f"not {len(value)}")
        bad = [v for v in value if v not in self.choices]
        if bad:
            raise ValueError(f"option {self.key!r}: {bad[0]!r} is not one of "
                             f"{', '.join(self.choices)}")
        if len(set(value)) != len(value):
            raise ValueError(f"option {self.key!r}: each seat needs a different value")
        return value


def parse_options(declared: Sequence[Option], pairs: Sequence[str], players: int) -> Options:
    """``--option K=V`` strings checked against a game's options; ValueError
    with a one-line reason for an unknown key, a bad value or a missing ``=``."""
    by_key = {o.key: o for o in declared}
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep:
            raise ValueError(f"an option is KEY=VALUE, not {pair!r}")
        if key not in by_key:
            known = ", ".join(by_key) or "none"
            raise ValueError(f"unknown option {key!r} (known: {known})")
        values[key] = by_key[key].parse(text, players)
    return Options.of(values)


def named_options(declared: Sequence[Option], options: Options) -> Options:
    """``options`` with a value named for every option that has an ``absent``
    meaning: what a new game is set up with, so its save replays it by the
    current defaults while older saves keep the meaning they were played by."""
    given = dict(options.items)
    for o in declared:
        if o.absent is not None and o.key not in given:
            given[o.key] = o.default
    return Options.of(given) if len(given) != len(options.items) else options


def check_options(declared: Sequence[Option], options: Options, players: int) -> None:
    """Raise ValueError unless every option is declared and allowed (saves and UI)."""
    by_key = {o.key: o for o in declared}
    for key, value in options.items:
        if key not in by_key:
            raise ValueError(f"unknown option {key!r} (known: {', '.join(by_key) or 'none'})")
        by_key[key].check(value, players)


class Chapter(NamedTuple):
    """Where a game is in its own terms: ("round", 3, "Round 3"), ("era", 2,
    "Era II"), ("turn", 12, "Turn 12"). Log headings and replay jumps use it;
    number 0 is before the first chapter (setup)."""

    kind: str
    number: int
    label: str


class ScoreHistory(NamedTuple):
    """Each seat's score at the end of each chapter so far, for the chart:
    ``rows[i][seat]`` after the chapter labelled ``labels[i]`` ("R1", "E2")."""

    labels: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    others: tuple[tuple[int, ...], ...] = ()
    """``others[i][j]``: the score of ``Result.others[j]`` (the solo's
    Enemy) after chapter ``labels[i]``, where the game records it."""


class LogLine(NamedTuple):
    """One line of the game log, structured: text parts, each naming the seat
    it refers to (or None), so a UI colours seats without matching text;
    ``heading`` marks a chapter's first line."""

    parts: tuple[tuple[str, int | None], ...]
    heading: bool = False

    @property
    def text(self) -> str:
        return "".join(t for t, _ in self.parts)

    @classmethod
    def plain(cls, text: str, heading: bool = False) -> LogLine:
        return cls(((text, None),), heading)

    def __str__(self) -> str:
        return self.text


# --------------------------------------------------------------------------
# Typed actions and events: tuples whose first item is their kind

T = TypeVar("T")


def kinded(kind: str) -> Callable[[type[T]], type[T]]:
    """Class decorator for a ``NamedTuple`` whose first field is ``kind``.

    The record is built without repeating its kind (``Build(seat, card,
    cost)``) and ``Build.KIND`` names it. To everything else it stays the
    tuple it replaces: equal to and hashed like ``("build", seat, card,
    cost)``, indexed the same, saved the same (``encode_plain``), shown the
    same (its repr is the tuple's, so a message quoting an action reads as
    the save file does), pickled and copied by value. So actions and events
    get names without changing their save encoding, and code that reads them
    by index keeps working.
    """

    def wrap(cls: type[T]) -> type[T]:
        fields: tuple[str, ...] = getattr(cls, "_fields", ())
        if not fields or fields[0] != "kind":
            raise TypeError(f"{cls.__name__}: a kinded record is a NamedTuple whose "
                            "first field is 'kind'")
        defaults = getattr(cls, "_field_defaults", {})
        params = "".join(f", {f}=_d[{f!r}]" if f in defaults else f", {f}" for f in fields[1:])
        values = "".join(f" {f}," for f in fields[1:])
        ns: dict[str, Any] = {"_new": tuple.__new__, "_d": defaults}
        exec(f"def __new__(_cls{params}):\n    return _new(_cls, ({kind!r},{values}))\n",  # noqa: S102
             ns)
        cls.__new__ = ns["__new__"]  # type: ignore[method-assign]
        # pickle and copy rebuild through __new__, which no longer takes the kind
        cls.__getnewargs__ = _without_kind  # type: ignore[attr-defined]
        # shown as the plain tuple, as a save holds it and messages quote it
        cls.__repr__ = tuple.__repr__  # type: ignore[method-assign]
        cls.KIND = kind  # type: ignore[attr-defined]
        return cls

    return wrap


def _without_kind(self: tuple) -> tuple:
    return tuple(self)[1:]


class Kinds:
    """One family of kinded records (a game's actions, or its events), by kind."""

    def __init__(self, *records: type) -> None:
        self.by_kind: dict[str, type] = {r.KIND: r for r in records}  # type: ignore[attr-defined]

    def typed(self, t: tuple) -> tuple:
        """``t`` as the record of its kind (e.g. an action decoded from a save);
        ``t`` itself when no record fits it, for the rules to refuse with a reason."""
        if not t or not isinstance(t[0], str):
            return t
        cls = self.by_kind.get(t[0])
        if cls is None or type(t) is cls or len(t) != len(cls._fields):  # type: ignore[attr-defined]
            return t
        return cls._make(t)  # type: ignore[attr-defined]


# --------------------------------------------------------------------------
# The state fields the engine's shared code reads


class StateField(NamedTuple):
    """A field every game's state (and each of its views) has, because code
    shared by the games reads it: ``kind`` says what it holds, ``readers``
    who reads it. ``flow`` marks a field only a game whose ``flow`` is an
    ``engine.flow.Flow`` needs."""

    name: str
    kind: str
    readers: str
    flow: bool = False


STATE_FIELDS: tuple[StateField, ...] = (
    StateField("n", "int: the number of seats, what ``Game.seats`` gives",
               "engine.flow.FlowGame (seats); the conformance suite"),
    StateField("viewer", "int: -1 in a full state; in a view, the seat it belongs to",
               "engine.flow.FlowGame (viewer); engine.flow.Flow.play refuses a view"),
    StateField("rng", "Rng: the only source of chance; a view holds Rng(0), never the "
               "state's", "engine.core.shown (informs); sample gives a world a fresh one"),
    StateField("events", "tuple of kinded tuples: what the last step did",
               "engine.flow.FlowGame (events, settle); Flow.play and engine.scenario "
               "clear it"),
    StateField("unseen", "tuple of (pool, sorted tuple of card ids): () in a full state; "
               "in a view, every card its seat cannot place",
               "engine.core.shown (informs); the game's sample"),
    StateField("phase", "a hashable key of the game's Flow.phases",
               "engine.flow.Flow (to_move, legal, advance), FlowGame (is_over, "
               "progress); engine.scenario", flow=True),
    StateField("pending", "tuple of engine.flow.Pending, the open decision last",
               "engine.flow.Flow (to_move, legal, act, push)", flow=True),
)
"""The fields shared code reads from a game's state, in one place
(docs/DEVELOPING.md, "The engine contract"). Generic code outside
``engine`` reads none of them: it asks the ``Game``. The conformance suite
checks every registered game's states and views against this list."""


# --------------------------------------------------------------------------
# The protocol


class Game(Protocol[S, A]):
    """What every game offers; docs/DEVELOPING.md "The engine contract".

    Generic code (match, bots, saves, the TUI, the SSH server) uses only
    these members, never a game's state attributes. The engine's own shared
    helpers (engine.flow, ``shown``) read the fields in ``STATE_FIELDS``.
    """

    id: str
    title: str
    players: range
    default_players: int
    options: tuple[Option, ...]

    def setup(self, players: int, options: Options, seed: int) -> S: ...
    def seats(self, s: S) -> int: ...  # how many seats this game (or view) has
    def to_move(self, s: S) -> int | None: ...  # None: the game is over
    def is_over(self, s: S) -> bool: ...
    def legal(self, s: S) -> Sequence[A]: ...
    def play(self, s: S, a: A, trusted: bool = False) -> S: ...  # trusted: a is from legal(s)
    def result(self, s: S) -> Result: ...
    def view(self, s: S, seat: int) -> S: ...
    def viewer(self, s: S) -> int | None: ...  # the seat a view belongs to; None: full state
    def sample(self, v: S, seat: int, rng: Rng) -> S: ...
    # Did the step from full state ``before`` to ``after`` show ``seat``
    # something it could not know (a hidden card) or decide something by
    # chance (dice, a draw, a shuffle)? Undo never goes back past such a step.
    def informs(self, before: S, after: S, seat: int) -> bool: ...
    def describe(self, s: S, a: A) -> str: ...
    def prompt(self, s: S) -> str: ...
    def events(self, s: S) -> Sequence[tuple]: ...
    def log_line(self, s: S, e: tuple) -> LogLine | None: ...
    def encode_action(self, a: A) -> list: ...
    def decode_action(self, data: Any) -> A: ...
    def progress(self, s: S) -> str: ...  # "round 3, Play Cards": for save lists
    def chapter(self, s: S) -> Chapter: ...
    def score_history(self, s: S) -> ScoreHistory: ...
    def seat_label(self, s: S, seat: int) -> str: ...  # "Massilia": what a seat plays as
    # The full states a table shows ``seat`` one by one on the way from ``s``
    # to ``play(s, a)`` (an automated phase: an army's moves, its battles, an
    # automated opponent's turn); () when the step is one change.
    def stages(self, s: S, a: A, seat: int | None = None) -> Sequence[S]: ...


def encode_plain(a: Any) -> Any:
    """Tuples become lists, recursively: the save form of an action."""
    if isinstance(a, tuple):
        return [encode_plain(x) for x in a]
    return a


_PLAIN = frozenset((int, str, bool))


def decode_plain(data: Any) -> Any:
    """Lists become tuples, recursively; only ints, strs, bools and None pass."""
    if isinstance(data, list | tuple):
        return tuple([decode_plain(x) for x in data])
    if data is None or type(data) in _PLAIN or isinstance(data, bool | int | str):
        return data
    kind = type(data).__name__
    raise IllegalAction(f"an action may hold only ints, strings and lists, not {kind}")


@dataclass
class Registry:
    """Games by id; a new game is one ``register`` call."""

    games: dict[str, Callable[[], Any]] = field(default_factory=dict)

    def register(self, game_id: str, factory: Callable[[], Any]) -> None:
        self.games[game_id] = factory

    def get(self, game_id: str) -> Any:
        try:
            return self.games[game_id]()
        except KeyError:
            known = ", ".join(sorted(self.games))
            raise KeyError(f"unknown game {game_id!r} (known: {known})") from None

    def ids(self) -> list[str]:
        return sorted(self.games)


REGISTRY = Registry()


def get_game(game_id: str) -> Any:
    """The game with that id; importing ``engine`` registers all of them."""
    return REGISTRY.get(game_id)


def rank_scores(keys: Sequence[tuple]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3…) from sortable keys, higher is better."""
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)
