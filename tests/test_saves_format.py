"""The save format: round trips, the state digest, migrations, and a precise
SaveError for every way a file can be wrong."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import msgpack
import pytest

from engine.core import Held, Options, Record
from engine.match import Match
from saves import SaveError, codec, load_match, save_match
from saves.digest import canonical, state_digest
from saves.files import load_header
from saves.schema import FORMAT_VERSION, MAX_ACTIONS, MAX_FILE_BYTES
from tests.test_saves_support import (
    CITY_NAMES,
    FIXED_TIME,
    G,
    make_match,
    pack_doc,
    random_actions,
    save_doc,
    seats,
    write,
)

ROUND_TRIPS = 100


def random_options(rng: random.Random, players: int) -> Options:
    opts: dict = {}
    if rng.random() < 0.5:
        opts["cities"] = tuple(rng.sample(CITY_NAMES, players))
    if rng.random() < 0.3:
        opts["finite_gold"] = rng.random() < 0.5
    return Options.of(opts)


# ----------------------------------------------------------------- round trips


def test_round_trip_random_games(tmp_path: Path) -> None:
    """Save at a random step of a random game (with undo/redo history and
    meta), load: same states, history, redo stack, seats, options, meta, the
    same continuation, and a byte-identical re-save."""
    player_counts = set()
    for seed in range(ROUND_TRIPS):
        rng = random.Random(seed)
        players = 4 if seed % 5 == 0 else rng.randint(2, 6)
        player_counts.add(players)
        options = random_options(rng, players)
        full = random_actions(players, seed, options)
        cut = len(full) if seed % 10 == 0 else rng.randint(0, len(full))
        m = Match("provincia", seats(players, humans=rng.randint(0, 2)), seed, options,
                  actions=full[:cut])
        if m.human_seats() and rng.random() < 0.6:
            m.undo(m.human_seats()[0])
        m.meta["note"] = {"turns": [cut, players], "label": f"game {seed}", "ok": True}
        path = tmp_path / f"{seed}.tabula"
        save_match(m, path, now=FIXED_TIME + seed)

        loaded = load_match(path)

        assert loaded.state == m.state
        assert loaded.states == m.states
        assert loaded.actions == m.actions
        assert loaded.redo_stack == m.redo_stack
        assert (loaded.seats, loaded.seed, loaded.options) == (m.seats, m.seed, m.options)
        assert loaded.meta == m.meta
        assert codec.encode(loaded) == codec.encode(m)
        _same_continuation(m, loaded, random.Random(seed + 1))
    assert player_counts == {2, 3, 4, 5, 6}


def _same_continuation(a: Match, b: Match, rng: random.Random) -> None:
    """Redo everything, then play on with the same random choices to the end."""
    while a.redo():
        assert b.redo()
        assert a.state == b.state
    assert not b.redo()
    sa, sb = a.state, b.state
    while G.to_move(sa) is not None:
        legal = G.legal(sa)
        assert G.legal(sb) == legal
        act = rng.choice(legal)
        sa, sb = G.play(sa, act, trusted=True), G.play(sb, act, trusted=True)
    assert sa == sb
    assert G.result(sa) == G.result(sb)


def test_loaded_match_keeps_playing_and_saving(tmp_path: Path) -> None:
    m = make_match(limit=30)
    save_match(m, tmp_path / "a.tabula")
    loaded = load_match(tmp_path / "a.tabula")
    loaded.play(G.legal(loaded.state)[0])
    save_match(loaded, tmp_path / "b.tabula")
    again = load_match(tmp_path / "b.tabula")
    assert again.actions == loaded.actions
    assert again.meta["id"] == m.meta["id"]
    assert again.meta["created"] == m.meta["created"]


def test_header_lists_without_replaying(tmp_path: Path) -> None:
    """The header is read from the front of the file: a save whose history
    is illegal still lists (it fails only when loaded)."""
    m = make_match(players=4, limit=60)
    doc = save_doc(m)
    doc["actions"][5] = ["pick", 99]
    path = write(tmp_path / "h.tabula", pack_doc(doc))
    header, from_backup = load_header(path)
    assert not from_backup
    assert header.game == "provincia" and header.title == "Provincia Romana"
    assert [s.name for s in header.seats] == ["Human 1", "Bot 2", "Bot 3", "Bot 4"]
    assert header.progress == G.progress(m.state) and header.progress.startswith("round")
    assert header.updated == FIXED_TIME and not header.finished
    with pytest.raises(SaveError, match="action 6 of"):
        load_match(path)


def test_a_finished_four_player_game_is_small(tmp_path: Path) -> None:
    m = Match("provincia", seats(4, humans=0), 11, actions=random_actions(4, 11))
    assert m.is_over()
    path = save_match(m, tmp_path / "f.tabula")
    assert path.stat().st_size <= 8 * 1024
    assert load_header(path)[0].finished


# ----------------------------------------------------------------- digest


class _Point(Record):
    _fields = ("x", "name", "items")
    __slots__ = _fields


def test_canonical_encoding_is_fixed() -> None:
    """Golden values: the encoding must never change, or every save breaks."""
    assert canonical((1, -20, "ab", None, True, False)) == b"(i1;i-20;s2:abNTF)"
    assert canonical(_Point(1, "é", ())) == b"R3{i1;s2:\xc3\xa9()}"
    assert canonical(Options.of({"b": (1,), "a": 2})) == b"O((s1:ai2;)(s1:b(i1;)))"
    assert canonical({"b": 1, "a": 2}) == canonical({"a": 2, "b": 1}) == b"{s1:ai2;s1:bi1;}"
    value = _Point(7, "x", (Held(3, 5, 1000), frozenset({2, 1}), 1.5, b"\x00"))
    assert canonical(value) == (b"R3{i7;s1:x((i3;i5;i1000;)<i1;i2;>d\x3f\xf8" + bytes(6)
                                + b"b1:\x00)}")
    assert state_digest(value).hex() == "9e491349f6f2cc0006ee824fc3cae542"


def test_canonical_encoding_tells_values_apart() -> None:
    distinct = [1, True, "1", (1,), ((1,),), (1, 2), ((1, 2),), ((1,), 2), (1, (2,)),
                None, (), "", 0, False, 1.0, _Point(1, 2, 3), (1, 2, 3), -1, "i1;"]
    assert len({canonical(v) for v in distinct}) == len(distinct)
    with pytest.raises(TypeError):
        canonical(object())


_DIGEST_SCRIPT = """
import json, sys
from engine import get_game
from engine.core import Options
from saves.digest import state_digest
from tests.test_saves_support import random_actions
g = get_game("provincia")
out = {}
for seed, n, opts in ((1, 4, {}), (2, 3, {"cities": ("Tolosa", "Massilia", "Arelate")})):
    o = Options.of(opts)
    s = g.setup(n, o, seed)
    for a in random_actions(n, seed, o):
        s = g.play(s, a)
    out[seed] = state_digest(s).hex()
print(json.dumps(out))
"""


def test_digest_is_the_same_in_other_processes() -> None:
    """Python's string hashing is salted per process; the digest must not be."""
    results = []
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", _DIGEST_SCRIPT], env=env, check=True,
                             capture_output=True, text=True, cwd=Path(__file__).parent.parent)
        results.append(json.loads(out.stdout))
    assert results[0] == results[1]
    assert len(set(results[0].values())) == 2


# ----------------------------------------------------------------- migrations


def _as_version_1(doc: dict) -> dict:
    """A version-1 document: seats as triples, no redo stack, no meta."""
    old = {k: v for k, v in doc.items() if k not in ("redo", "meta")}
    old["version"] = 1
    old["seats"] = [[s["name"], s["kind"], s["strength"]] for s in doc["seats"]]
    return old


def test_migration_upgrades_a_fabricated_version_1(tmp_path: Path) -> None:
    m = make_match(players=4, limit=50, undo=False)
    m.meta.pop("note")
    path = write(tmp_path / "v1.tabula", pack_doc(_as_version_1(save_doc(m))))
    header, _ = load_header(path)
    assert header.version == FORMAT_VERSION
    assert header.seats == m.seats
    loaded = load_match(path)
    assert loaded.state == m.state and loaded.seats == m.seats
    assert loaded.redo_stack == [] and loaded.meta == m.meta
    # A re-save is written in the current version.
    save_match(loaded, tmp_path / "v2.tabula", now=FIXED_TIME)
    raw = msgpack.unpackb((tmp_path / "v2.tabula").read_bytes())
    assert raw["version"] == FORMAT_VERSION and raw["redo"] == [] and raw["meta"] == {}


def test_migrated_garbage_is_still_refused(tmp_path: Path) -> None:
    doc = _as_version_1(save_doc(make_match(limit=10)))
    doc["seats"][1] = ["Bot", 7, "hard"]
    path = write(tmp_path / "v1bad.tabula", pack_doc(doc))
    with pytest.raises(SaveError, match="seat 2's kind"):
        load_match(path)


# ----------------------------------------------------------------- errors


def _edit(edit):
    def make(doc: dict) -> bytes:
        edit(doc)
        return pack_doc(doc)
    return make


def _set(key, value):
    return _edit(lambda d: d.__setitem__(key, value))


def _finished() -> Match:
    m = Match("provincia", seats(2), 5, actions=random_actions(2, 5))
    m.meta.update(id="done", created=FIXED_TIME, updated=FIXED_TIME)
    return m


BAD_FILES = {
    "empty": (lambda d: b"", "it is empty"),
    "text": (lambda d: b"hello, I am not a save\n", "it is not a Tabula save"),
    "other msgpack": (lambda d: msgpack.packb({"format": "other"}), "not a Tabula save"),
    "truncated": (lambda d: pack_doc(d)[:-40], "truncated"),
    "cut in half": (lambda d: pack_doc(d)[:300], "truncated"),
    "bit flip": (lambda d: _flip(pack_doc(d), 200), "checksum does not match"),
    "oversized": (lambda d: pack_doc(d) + bytes(MAX_FILE_BYTES), "larger than"),
    "newer version": (_set("version", FORMAT_VERSION + 1), "newer Tabula"),
    "unknown version": (_set("version", 0), "format version 0 is unknown"),
    "version type": (_set("version", "2"), "version should be an integer"),
    "unknown game": (_set("game", "chess"), "game 'chess' is unknown"),
    "seed type": (_set("seed", "7"), "'seed' field should be an integer, not a string"),
    "finished type": (_set("finished", 0), "'finished' field should be true or false"),
    "seats type": (_set("seats", {}), "'seats' field should be a list, not a map"),
    "seat human": (_edit(lambda d: d["seats"][0].__setitem__("human", False)),
                   "seat 1 says human=False"),
    "player count": (_set("players", 5), "says 5 players but lists 3 seats"),
    "missing seed": (_edit(lambda d: d.pop("seed")), "no 'seed' field"),
    "unknown field": (_set("cheat", 1), "unknown field 'cheat'"),
    "bad id": (_set("id", "../x"), "its id '../x'"),
    "time": (_set("updated", -5.0), "'updated' field should be a time"),
    "action type": (_edit(lambda d: d["actions"].__setitem__(2, "pick")),
                    "action 3 should be a short list, not a string"),
    "action content": (_edit(lambda d: d["actions"].__setitem__(2, ["pick", 1.5])),
                       "action 3 cannot be decoded .*not float"),
    "illegal action": (_edit(lambda d: d["actions"].__setitem__(3, ["pick", 99])),
                       r"action 4 of \d+, \('pick', 99\), is not legal"),
    "doubled history": (_edit(lambda d: d["actions"].extend(d["actions"])),
                        r"action \d+ of 78"),
    "digest": (_set("digest", bytes(16)), "does not match its digest"),
    "digest size": (_set("digest", b"x"), "digest is 1 bytes"),
    "finished flag": (_set("finished", True), "says the game is over"),
    "illegal redo": (_edit(lambda d: d["redo"].append(["deck", 77])), "redo action 1 of"),
    "meta value": (_set("meta", {"x": b"raw"}), "its meta holds bytes"),
    "meta depth": (_set("meta", {"x": [[[[[[[[[[1]]]]]]]]]]}), "nested more than"),
    "options": (_set("options", [["cities", ["Rome"]]]), "options do not set up a game"),
    "options shape": (_set("options", [["a"]]), "option should be a"),
    "ext type": (_set("meta", {"x": msgpack.ExtType(3, b"z")}), "extension type"),
    "huge string": (_set("title", "x" * 5000), "a string of 5,000; the most is 4,096"),
}


def _flip(data: bytes, i: int) -> bytes:
    return data[:i] + bytes([data[i] ^ 0x10]) + data[i + 1:]


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_every_fault_is_a_save_error_naming_the_file(tmp_path: Path, case: str) -> None:
    make, expected = BAD_FILES[case]
    doc = save_doc(make_match(players=3, limit=40))
    path = write(tmp_path / f"{case}.tabula", make(doc))
    with pytest.raises(SaveError) as info:
        load_match(path)
    message = str(info.value)
    assert message.startswith(f"Cannot load {path}: ")
    assert message.endswith(".")
    assert "\n" not in message
    assert re.search(expected, message), message


def test_actions_after_the_end_are_refused(tmp_path: Path) -> None:
    doc = save_doc(_finished())
    doc["actions"].append(doc["actions"][-1])
    path = write(tmp_path / "after.tabula", pack_doc(doc))
    with pytest.raises(SaveError, match="comes after the end of the game"):
        load_match(path)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match=r"Cannot load .*nothing\.tabula: there is no such file\."):
        load_match(tmp_path / "nothing.tabula")
    with pytest.raises(SaveError, match="it is a folder"):
        load_match(tmp_path)


def test_saving_refuses_what_it_could_not_load(tmp_path: Path) -> None:
    m = make_match(limit=5)
    path = save_match(m, tmp_path / "ok.tabula")
    before = path.read_bytes()
    m.meta["window"] = object()
    with pytest.raises(SaveError, match=r"Cannot save to .*ok\.tabula: the match's meta holds"):
        save_match(m, path)
    m.meta.pop("window")
    m.meta["id"] = "not/an id"
    with pytest.raises(SaveError, match="its id"):
        save_match(m, path)
    assert path.read_bytes() == before
    with pytest.raises(SaveError, match="Cannot save to"):
        save_match(make_match(limit=5), tmp_path / "no" / "such" / "folder.tabula")


def test_histories_are_bounded(tmp_path: Path) -> None:
    doc = save_doc(make_match(limit=3))
    doc["actions"] = [["pick", 0]] * (MAX_ACTIONS + 1)
    path = write(tmp_path / "long.tabula", pack_doc(doc))
    with pytest.raises(SaveError, match=f"a list of {MAX_ACTIONS + 1:,}; the most is"):
        load_match(path)
