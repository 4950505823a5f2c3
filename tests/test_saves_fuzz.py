"""Fuzzing the loader: thousands of mutated, truncated, resealed and random
files each load into a valid game or raise SaveError — never another
exception, never more work than loading a valid save — and the file is
never modified.

The work is counted, not timed (a busy machine takes longer for the same
load): the function calls the load makes (``cProfile``'s counts, C
functions included) and the memory it holds at its peak (``tracemalloc``).
No file may cost more calls than ``WORK_FACTOR`` times the costliest of the
valid saves it was made from, nor more memory than ``MAX_PEAK_BYTES``.

Mutations come in three depths, because the checksum stops most raw byte
changes at the door: raw byte mutations (the seal must catch them),
byte mutations with the checksum recomputed (they reach the bounded
unpacker, the field checks and the replay) and structural edits of the
document, repacked and resealed (they reach the deepest checks: legality
of each action, the digest, the redo stack).
"""

from __future__ import annotations

import contextlib
import cProfile
import random
import tracemalloc
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Options
from engine.match import Match
from saves import SaveError, codec, load_match
from saves.files import load_header
from saves.schema import MAX_FILE_BYTES
from tests.test_saves_support import (
    make_match,
    pack_doc,
    random_actions,
    reseal,
    save_doc,
    seats,
)

RAW, RESEALED, STRUCTURAL, RANDOM = 2600, 1400, 800, 400  # 5,200 files in all
WORK_FACTOR = 3  # calls of any load, at most, per call of the costliest valid save's load
MAX_PEAK_BYTES = 8 * MAX_FILE_BYTES  # memory any load holds at once (the file is read whole)

INTERESTING = (0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4,
               0xCC, 0xD0, 0xD9, 0xDC, 0xDD, 0xDE, 0xDF, 0xFF)
HUGE_HEADERS = (b"\xdd\xff\xff\xff\xff", b"\xdb\x7f\xff\xff\xff", b"\xdf\xff\xff\xff\xff",
                b"\xc6\xff\xff\xff\xff", b"\xc9\xff\xff\xff\xff\x01", b"\x91" * 2000)
WEIRD: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 7, 2**63 - 1, -(2**63), 2**64 - 1, 0.5, float("inf"),
    float("nan"), "", "x", "provincia", "human", "é" * 300, b"", b"\x00" * 16, b"\xff" * 40,
    [], {}, [[]], [None], ["pick"], ["pick", 0], ["deck", -1], ["done"], [["pick", 1]],
    {"name": "A", "human": True, "kind": "human", "strength": "normal"}, {"": None},
    {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": 1}}}}}}}}}, list(range(40)),
    msgpack.ExtType(1, b"x"), msgpack.Timestamp(1, 0),
)


def _bases() -> list[bytes]:
    """A few valid saves to mutate: mid-game with a redo stack, finished,
    six players with options, and an old-version file."""
    out = [codec.encode(make_match(players=3, limit=40))]
    done = Match("provincia", seats(2, humans=0), 8, actions=random_actions(2, 8))
    done.meta.update(id="done", created=1.0, updated=2.0, tag=["x", 1])
    out.append(codec.encode(done))
    opts = Options.of({"cities": ("Tolosa", "Arelate", "Massilia", "Loupian", "Narbo Martius",
                                  "Forum Julii"), "finite_gold": False})
    out.append(codec.encode(make_match(players=6, seed=4, limit=25, options=opts)))
    old = save_doc(make_match(players=4, seed=9, limit=30, undo=False))
    old.pop("redo")
    old.pop("meta")
    old["version"] = 1
    old["seats"] = [[s["name"], s["kind"], s["strength"]] for s in old["seats"]]
    out.append(pack_doc(old))
    return out


# ----------------------------------------------------------------- byte mutations


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random byte-level edits."""
    b = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        if not b:
            b.extend(rng.randbytes(rng.randint(1, 8)))
            continue
        op = rng.randrange(9)
        i = rng.randrange(len(b))
        if op == 0:
            b[i] ^= 1 << rng.randrange(8)
        elif op == 1:
            b[i] = rng.choice(INTERESTING)
        elif op == 2:
            b[i] = rng.randrange(256)
        elif op == 3:
            del b[i:i + rng.randint(1, 24)]
        elif op == 4:
            b[i:i] = rng.randbytes(rng.randint(1, 24))
        elif op == 5:
            del b[i:]
        elif op == 6:
            j = rng.randrange(len(b))
            b[i:i] = b[j:j + rng.randint(1, 40)]
        elif op == 7:
            h = rng.choice(HUGE_HEADERS)
            b[i:i + len(h)] = h
        else:
            b.extend(rng.randbytes(rng.randint(1, 16)))
    return bytes(b)


def mutate_resealed(data: bytes, rng: random.Random) -> bytes:
    """Byte edits inside the map, then a correct checksum again."""
    body, tail = data[:-24], data[-24:]
    return reseal(mutate(body, rng) + tail)


def random_bytes(rng: random.Random, front: bytes) -> bytes:
    data = rng.randbytes(rng.choice((0, 1, 2, 8, 64, 512, 4096)))
    if rng.random() < 0.5:  # get past the front check into the seal check
        data = front + data
    return reseal(data) if rng.random() < 0.5 else data


# ----------------------------------------------------------------- structural edits


def mutate_doc(doc: dict, rng: random.Random) -> dict:
    """One structural edit of a decoded save map."""
    doc = msgpack.unpackb(msgpack.packb(doc))  # a deep copy with lists and maps
    op = rng.randrange(9)
    keys = [k for k in doc if k != "check"]
    if op == 0:
        doc[rng.choice(keys)] = rng.choice(WEIRD)
    elif op == 1:
        doc.pop(rng.choice(keys))
    elif op == 2:
        doc[rng.choice(("extra", "Format", "actions "))] = rng.choice(WEIRD)
    elif op == 3:
        _replace_leaf(doc, rng)
    elif op in (4, 5) and doc.get("actions"):
        actions = doc["actions"]
        i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
        if op == 4:
            actions[i], actions[j] = actions[j], actions[i]
        else:
            actions.insert(i, actions[j] if rng.random() < 0.5 else rng.choice(WEIRD))
    elif op == 6:
        doc["seed"] = doc.get("seed", 0) + 1 if type(doc.get("seed")) is int else 0
    else:
        _nudge_number(doc, rng, ("actions", "redo") if op == 7 else ("redo",))
    return doc


def _containers(value: Any, out: list) -> list:
    if isinstance(value, list | dict):
        out.append(value)
        for x in value.values() if isinstance(value, dict) else value:
            _containers(x, out)
    return out


def _replace_leaf(doc: dict, rng: random.Random) -> None:
    container = rng.choice(_containers(doc, []))
    if not container:
        return
    key = rng.choice(list(container)) if isinstance(container, dict) \
        else rng.randrange(len(container))
    container[key] = rng.choice(WEIRD)


def _nudge_number(doc: dict, rng: random.Random, keys: tuple[str, ...]) -> None:
    """Change one integer inside the actions or redo stack by a little."""
    spots = [(a, i) for key in keys if type(doc.get(key)) is list
             for a in doc[key] if type(a) is list
             for i, x in enumerate(a) if type(x) is int]
    if spots:
        action, i = rng.choice(spots)
        action[i] += rng.choice((-2, -1, 1, 2))


# ----------------------------------------------------------------- the check


@dataclass(frozen=True)
class Work:
    """What one load cost, whatever the machine's speed."""

    calls: int  # function calls, Python and C
    peak: int  # bytes held at once


def measured(load: Callable[[], object]) -> Work:
    """Run ``load`` counting its function calls and its peak memory."""
    profile = cProfile.Profile()
    tracemalloc.start()
    profile.enable()
    try:
        load()
    finally:
        profile.disable()
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return Work(sum(entry.callcount for entry in profile.getstats()), peak)


def load_both(path: Path) -> Match | SaveError:
    """What a player's game does with a file: the whole game, and its header
    (the save list); returns the match or the SaveError."""
    try:
        loaded: Match | SaveError = load_match(path)
    except SaveError as e:
        loaded = e
    with contextlib.suppress(SaveError):
        load_header(path)
    return loaded


def most_calls(bases: list[bytes], path: Path) -> int:
    """The calls of the costliest valid save's load: the budget's unit."""
    costs = []
    for base in bases:
        path.write_bytes(base)
        costs.append(measured(lambda: load_both(path)).calls)
    path.unlink()
    return max(costs)


def check_load(path: Path, data: bytes, outcomes: Counter, budget: int) -> None:
    """Loading ``data`` from ``path``: a valid game or a SaveError, within
    ``budget`` calls and ``MAX_PEAK_BYTES``, the file untouched and nothing
    else written."""
    path.write_bytes(data)
    before = path.stat()
    loaded: list[Match | SaveError] = []
    work = measured(lambda: loaded.append(load_both(path)))
    if isinstance(loaded[0], SaveError):
        prefix = f"Cannot load {path}: "
        assert str(loaded[0]).startswith(prefix), loaded[0]
        outcomes[_kind(str(loaded[0])[len(prefix):])] += 1
    else:
        match = loaded[0]
        assert match.is_over() or match.game.legal(match.state)
        outcomes["loaded"] += 1
    assert work.calls <= budget, f"{work.calls:,} calls (budget {budget:,}) for {data[:60]!r}"
    assert work.peak <= MAX_PEAK_BYTES, f"{work.peak:,} bytes held for {data[:60]!r}"
    after = path.stat()
    assert (after.st_mtime_ns, after.st_size, after.st_ino) == \
        (before.st_mtime_ns, before.st_size, before.st_ino)
    assert path.read_bytes() == data
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def _kind(message: str) -> str:
    for word in ("checksum", "truncated", "not a Tabula save", "cannot be decoded",
                 "redo action", "is not legal", "digest", "should be", "unknown"):
        if word in message:
            return word
    return "other"


def test_fuzz_mutated_truncated_and_random_files(tmp_path: Path) -> None:
    rng = random.Random(20240601)
    bases = _bases()
    docs = [msgpack.unpackb(b) for b in bases]
    path = tmp_path / "fuzz.tabula"
    budget = WORK_FACTOR * most_calls(bases, path)
    outcomes: Counter = Counter()
    for _ in range(RAW):
        check_load(path, mutate(rng.choice(bases), rng), outcomes, budget)
    for _ in range(RESEALED):
        check_load(path, mutate_resealed(rng.choice(bases), rng), outcomes, budget)
    done = 0
    while done < STRUCTURAL:
        try:
            data = pack_doc(mutate_doc(rng.choice(docs), rng))
        except (OverflowError, ValueError, TypeError):  # msgpack cannot even pack it
            continue
        check_load(path, data, outcomes, budget)
        done += 1
    for _ in range(RANDOM):
        check_load(path, random_bytes(rng, bases[0][:16]), outcomes, budget)
    for base in bases:  # and the unmutated files load
        check_load(path, base, outcomes, budget)

    assert sum(outcomes.values()) >= 5000
    # The fuzzing reached every layer, not just the checksum.
    for kind in ("loaded", "checksum", "truncated", "not a Tabula save", "cannot be decoded",
                 "is not legal", "digest", "redo action", "should be"):
        assert outcomes[kind] > 0, (kind, outcomes)


# ----------------------------------------------------------------- hypothesis

PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.floats()
    | st.text(max_size=30) | st.binary(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
BASE_DOC = save_doc(make_match(players=2, limit=12))
BASE_CALLS: list[int] = []  # the calls of loading BASE_DOC itself, measured once


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edits=st.lists(st.tuples(st.sampled_from(sorted(BASE_DOC)), PLAIN), min_size=1,
                      max_size=3))
def test_hypothesis_documents_load_or_raise_save_error(tmp_path: Path, edits: list) -> None:
    doc = dict(BASE_DOC)
    for key, value in edits:
        doc[key] = value
    try:
        data = pack_doc(doc)
    except (OverflowError, ValueError, TypeError):
        return
    if not BASE_CALLS:
        BASE_CALLS.append(most_calls([pack_doc(BASE_DOC)], tmp_path / "base.tabula"))
    check_load(tmp_path / "h.tabula", data, Counter(), WORK_FACTOR * BASE_CALLS[0])
