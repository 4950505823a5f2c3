"""Hostile save files and folders: escape codes in every field and in file
names, absurd header numbers, symbolic links and huge files at the save
path, named pipes in the folders, and the mode of the folders created.

Every file here is real (in ``tmp_path``); nothing is mocked. A hang would
be a failure: code that could block runs in a thread that must finish.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.match import Match, Seat
from saves import SaveError, SaveInfo, Store, codec, load_match
from saves.atomic import backup_path
from saves.plain import is_unsafe
from saves.schema import MAX_FILE_BYTES, MAX_TIME
from tests.test_saves_support import make_match, pack_doc, save_doc
from tui.cli import main
from tui.saves_cmd import listing, when

EVIL_TITLE = "Provincia\x1b]0;pwned\x07"
EVIL_PROGRESS = "\x1b[2Jround 3\x9b31m"
EVIL_NAMES = ("Ann\x1b[31m", "\u202eBob\x1b]0;x\x07")
EVIL_GAME = "\x1b]0;game\x07"
WAIT = 30.0  # seconds a thread may take before it counts as hung (it takes milliseconds)


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def unsafe_in(text: str) -> list[str]:
    """The characters of ``text`` that must not reach a terminal (newlines may)."""
    return [c for c in text if c != "\n" and is_unsafe(c)]


def evil_doc(match: Match, **fields: Any) -> dict[str, Any]:
    """``match``'s save document with escape codes in its title, progress and
    seat names, and any ``fields`` replaced."""
    doc = save_doc(match)
    doc["title"], doc["progress"] = EVIL_TITLE, EVIL_PROGRESS
    for seat, name in zip(doc["seats"], EVIL_NAMES, strict=False):
        seat["name"] = name
    doc.update(fields)
    return doc


def put(folder: Path, name: str | bytes, data: bytes) -> Path:
    """Write ``data`` as ``folder/name`` (a bytes name may be any bytes but '/')."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (os.fsdecode(name) if isinstance(name, bytes) else name)
    path.write_bytes(data)
    return path


def finished_match() -> Match:
    m = make_match(players=2, limit=None, undo=False)
    assert m.is_over()
    return m


# ----------------------------------------------------------------- 1. escape codes


def test_listing_a_hostile_folder_prints_no_escape_codes(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    folder = tmp_path / "saves"
    m = make_match(players=2, limit=30)
    put(folder, "fields.tabula", pack_doc(evil_doc(m)))
    put(folder, "game field.tabula", pack_doc(evil_doc(m, title="", game=EVIL_GAME)))
    put(folder, "name\x1b[2J\x07.tabula", pack_doc(evil_doc(m)))
    put(folder, b"bytes\xff\x1b]0;t\x07.tabula", pack_doc(evil_doc(m)))
    put(folder, "broken\x1b]0;pwned\x07.tabula", b"junk \x1b[2J")
    put(folder / "autosave", "a\x1bb.tabula", pack_doc(evil_doc(m)))

    infos = Store(folder).list()
    assert len(infos) == 6
    for info in infos:
        texts = [info.name, info.game, info.title, info.progress, info.error or "",
                 *info.players, *info.seat_kinds]
        assert unsafe_in("".join(texts)) == [], info
    by_name = {i.name: i for i in infos}
    fields = by_name["fields"]
    assert fields.title == "Provincia]0;pwned" and fields.progress == "[2Jround 331m"
    assert fields.players == ["Ann[31m", "Bob]0;x"]
    assert by_name["game field"].game == "]0;game"
    # A file whose name is no save name shows with '?' for each unsafe
    # character: never a name that load or delete would take for another file.
    assert "name?[2J?.tabula" in by_name
    assert "broken?]0;pwned?.tabula" in by_name
    assert by_name["broken?]0;pwned?.tabula"].error is not None

    code, out, err = run(capsys, "--save-dir", str(folder), "saves")
    assert code == 0 and err == ""
    assert unsafe_in(out) == []
    assert "]0;pwned" in out and "Ann[31m, Bob]0;x" in out and "! Cannot read" in out


def test_replay_of_a_hostile_save_prints_no_escape_codes(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    folder = tmp_path / "saves"
    path = put(folder, "evil\x1b]0;t\x07.tabula", pack_doc(evil_doc(finished_match())))
    code, out, err = run(capsys, "replay", str(path), "--headless")
    assert code == 0 and err == ""
    assert "Winner: " in out and "Ann[31m" in out
    assert unsafe_in(out) == []

    code, out, err = run(capsys, "replay", str(path), "--json")
    assert code == 0 and unsafe_in(out + err) == []
    assert [p["name"] for p in json.loads(out)["players"]] == ["Ann[31m", "Bob]0;x"]

    unfinished = put(folder, "mid.tabula", pack_doc(evil_doc(make_match(players=2))))
    code, out, err = run(capsys, "replay", str(unfinished), "--headless")
    assert code == 0 and "Not finished" in out and unsafe_in(out + err) == []
    code, out, err = run(capsys, "replay", str(unfinished), "--json")
    assert code == 0 and unsafe_in(out + err) == []
    assert [p["name"] for p in json.loads(out)["players"]] == ["Ann[31m", "Bob]0;x"]


def test_replay_errors_and_warnings_quote_no_escape_codes(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    bad = put(tmp_path, "bad\x1b]0;pwned\x07.tabula", b"junk")
    code, out, err = run(capsys, "replay", str(bad), "--headless")
    assert code == 2 and out == "" and "pwned" in err
    assert unsafe_in(err) == []

    recovered = put(tmp_path, "rec\x1b[2J.tabula", b"junk")
    backup_path(recovered).write_bytes(pack_doc(evil_doc(finished_match())))
    code, out, err = run(capsys, "replay", str(recovered), "--headless")
    assert code == 0 and "Loaded its backup" in err
    assert unsafe_in(out + err) == []


def test_loaded_seat_names_are_clean(tmp_path: Path) -> None:
    m = make_match(players=3, limit=20)
    doc = evil_doc(m)
    doc["seats"][2]["name"] = "\x1b\x07\u202e"  # nothing left once cleaned
    path = put(tmp_path, "g.tabula", pack_doc(doc))
    loaded = load_match(path)
    assert [s.name for s in loaded.seats] == ["Ann[31m", "Bob]0;x", "Seat 3"]
    assert loaded.actions == m.actions
    [info] = Store(tmp_path).list()
    assert info.players == [s.name for s in loaded.seats]


@pytest.mark.parametrize("name", ["Ann\x1b[2J", "Bob\x07", "Cy\u202eril", "Di\nana"])
def test_saving_refuses_control_characters_in_seat_names(tmp_path: Path, name: str) -> None:
    seats = (Seat(name), Seat("Bot", "random"))
    m = Match("provincia", seats, 3)
    store = Store(tmp_path / "saves")
    with pytest.raises(SaveError, match="seat 1's name .* contains a control character") as e:
        store.save(m, "g")
    assert unsafe_in(str(e.value)) == [] and "\n" not in str(e.value)
    with pytest.raises(SaveError, match="control character"):
        store.autosave(m)
    assert list(store.root.rglob("*.tabula")) == []


# ----------------------------------------------------------------- 2. bad header numbers


BAD_HEADERS: dict[str, dict[str, Any]] = {
    "huge time": {"updated": 1e308},
    "huge int time": {"updated": 2**64 - 1},
    "beyond 9999": {"updated": MAX_TIME + 1},
    "nan time": {"updated": float("nan")},
    "inf time": {"updated": float("inf")},
    "negative time": {"updated": -1.0},
    "text time": {"updated": "yesterday"},
    "nil time": {"updated": None},
    "huge created": {"created": 1e308},
    "many players": {"players": 2**63 - 1},
    "many seats": {"seats": [{"name": "A", "human": True, "kind": "human",
                              "strength": "normal"}] * 5000},
    "seats not maps": {"seats": [1, 2, 3]},
    "title a number": {"title": 7},
    "progress a list": {"progress": ["round", 3]},
    "long title": {"title": "\x1b[2J" * 1000},
    "finished text": {"finished": "yes"},
}


def test_bad_header_fields_are_one_bad_row_each(tmp_path: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    m = make_match(players=2, limit=20)
    store = Store(tmp_path)
    store.save(m, "good")
    for name, fields in BAD_HEADERS.items():
        put(tmp_path, f"{name}.tabula", pack_doc({**save_doc(m), **fields}))

    code, out, err = run(capsys, "--save-dir", str(tmp_path), "saves")
    assert code == 0 and err == ""
    for name in ("good", *BAD_HEADERS):
        assert name in out
    assert unsafe_in(out) == []

    infos = store.list()
    assert sorted(i.name for i in infos) == sorted(["good", *BAD_HEADERS])
    for info in infos:
        assert 0 <= info.updated <= MAX_TIME and 0 <= info.created <= MAX_TIME, info
        assert len(info.title) <= 200 and unsafe_in(info.title) == []
    rows = {i.name: i for i in infos}
    assert rows["good"].error is None
    assert "'updated' field should be a time in seconds, not 1e+308" in rows["huge time"].error
    assert rows["long title"].error is None  # a long title is allowed, and shown cut
    assert sorted(n for n, i in rows.items() if i.error is None) == ["good", "long title"]


def test_listing_shows_unshowable_times_as_unknown() -> None:
    assert when(0.0) == "?" and when(1e308) == "?" and when(float("nan")) == "?"
    assert when(-1e300) == "?" and when("soon") == "?"  # type: ignore[arg-type]
    assert when(1_700_000_000.0).startswith("2023-11-1")
    info = SaveInfo(name="x", path=Path("x.tabula"), game="provincia", title="T",
                    players=["A"], progress="p", updated=float("inf"), finished=False,
                    autosave=False)
    assert listing([info], "folder").splitlines()[-1].split()[-1] == "?"


# ----------------------------------------------------------------- 3. links and big files


def test_a_symlink_to_dev_zero_at_the_save_path_is_replaced(tmp_path: Path) -> None:
    store = Store(tmp_path)
    target = store.path_of("g")
    target.symlink_to("/dev/zero")
    backup_path(target).symlink_to("/dev/zero")
    m = make_match(limit=10)
    assert finishes(lambda: store.save(m, "g"), []) == target
    assert stat.S_ISREG(os.lstat(target).st_mode)
    assert load_match(target).actions == m.actions
    # A link is never read, so it never becomes a backup; the old backup link stays
    # (it is only ever replaced, never written through).
    assert os.path.islink(backup_path(target))
    store.save(m, "g")
    assert stat.S_ISREG(os.lstat(backup_path(target)).st_mode)


def test_links_out_of_the_folder_are_never_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    theirs = put(outside, "theirs.tabula", codec.encode(make_match(seed=5, limit=10)))
    notes = put(outside, "notes.txt", b"precious")
    before = {p: p.read_bytes() for p in (theirs, notes)}
    store = Store(tmp_path / "saves")
    store.root.mkdir()
    target = store.path_of("g")
    target.symlink_to(theirs)
    backup_path(target).symlink_to(notes)

    m = make_match(seed=1, limit=10)
    store.save(m, "g")
    assert {p: p.read_bytes() for p in (theirs, notes)} == before
    assert stat.S_ISREG(os.lstat(target).st_mode)
    # Their save behind the link was not taken in as the backup, neither as a
    # copy, nor as a hard link to it or to the link.
    assert not os.path.samefile(backup_path(target), theirs)
    assert backup_path(target).read_bytes() != before[theirs]
    store.save(m, "g")
    assert {p: p.read_bytes() for p in (theirs, notes)} == before
    for p in (target, backup_path(target)):
        assert stat.S_ISREG(os.lstat(p).st_mode)
        assert not any(os.path.samefile(p, q) for q in (theirs, notes))
    assert load_match(backup_path(target)).actions == m.actions
    assert sorted(p.name for p in outside.iterdir()) == ["notes.txt", "theirs.tabula"]


def test_a_symlinked_autosave_folder_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    store = Store(tmp_path / "saves")
    store.root.mkdir()
    (store.root / "autosave").symlink_to(outside)
    m = make_match(limit=10)
    with pytest.raises(SaveError, match="is a symbolic link"):
        store.autosave(m)
    assert list(outside.iterdir()) == []
    store.save(m, "named saves still work")
    assert [i.name for i in store.list()] == ["named saves still work"]


def test_a_huge_file_at_the_save_path_is_not_read_whole(tmp_path: Path) -> None:
    store = Store(tmp_path)
    target = store.path_of("big")
    with open(target, "wb") as f:
        f.truncate(256 * MAX_FILE_BYTES)  # sparse: 256 MB that take no room
    m = make_match(limit=10)
    tracemalloc.start()
    try:
        store.save(m, "big")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * MAX_FILE_BYTES
    assert load_match(target).actions == m.actions
    assert not backup_path(target).exists()  # not a save: not kept


# ----------------------------------------------------------------- 4. named pipes


def finishes(fn: Callable[[], Any], fifos: list[Path]) -> Any:
    """``fn()``'s result (or exception), failing the test if it does not
    return: a reader stuck on a pipe is freed by opening it for writing."""
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as e:  # handed to the test thread
            box["error"] = e

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(WAIT)
    if thread.is_alive():
        for fifo in fifos:
            _free(fifo)
        thread.join(WAIT)
        pytest.fail(f"{fn} hung on a named pipe")
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _free(fifo: Path) -> None:
    """Open a pipe for writing and close it: a reader waiting in ``open``
    gets its writer and then the end of the file."""
    with contextlib.suppress(OSError):  # nobody is waiting on it
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


@pytest.fixture
def piped(tmp_path: Path) -> Iterator[tuple[Store, list[Path]]]:
    """A folder with a good save and named pipes as a save, an autosave and
    an orphan backup."""
    store = Store(tmp_path / "saves")
    store.save(make_match(limit=10), "good")
    (store.root / "autosave").mkdir()
    fifos = [store.root / "pipe.tabula", store.root / "autosave" / "abc.tabula",
             store.root / "orphan.tabula.bak"]
    for fifo in fifos:
        os.mkfifo(fifo)
    yield store, fifos


def test_named_pipes_in_the_folders_are_bad_rows(piped: tuple[Store, list[Path]],
                                                 capsys: pytest.CaptureFixture) -> None:
    store, fifos = piped
    infos = finishes(store.list, fifos)
    rows = {i.name: i for i in infos}
    assert set(rows) == {"good", "pipe", "auto:abc", "orphan"}
    assert rows["good"].error is None
    for name in ("pipe", "auto:abc"):
        assert "it is a named pipe, not a file" in rows[name].error
    assert "Its backup" not in rows["orphan"].error  # only the pipe is left of it
    assert finishes(store.latest_autosave, fifos) is None
    code, out, _ = finishes(lambda: run(capsys, "--save-dir", str(store.root), "saves"), fifos)
    assert code == 0 and "pipe" in out and "named pipe" in out


def test_loading_a_named_pipe_is_a_save_error(piped: tuple[Store, list[Path]],
                                              capsys: pytest.CaptureFixture) -> None:
    store, fifos = piped
    for name in ("pipe", "auto:abc", str(fifos[0])):
        with pytest.raises(SaveError, match="named pipe, not a file"):
            finishes(lambda name=name: store.load(name), fifos)
    with pytest.raises(SaveError, match="named pipe, not a file"):
        finishes(lambda: store.load("orphan"), fifos)
    code, out, err = finishes(
        lambda: run(capsys, "--save-dir", str(store.root), "replay", "pipe", "--headless"),
        fifos)
    assert code == 2 and out == "" and "named pipe" in err


def test_saving_over_a_named_pipe_replaces_it(piped: tuple[Store, list[Path]]) -> None:
    store, fifos = piped
    m = make_match(limit=12)
    finishes(lambda: store.save(m, "pipe"), fifos)
    finishes(lambda: store.save(m, "orphan"), fifos)
    for name in ("pipe", "orphan"):
        assert stat.S_ISREG(os.lstat(store.path_of(name)).st_mode)
        assert store.load(name).actions == m.actions


# ----------------------------------------------------------------- 5. folder modes


@pytest.mark.parametrize("umask", [0o000, 0o022])
def test_created_folders_are_private(tmp_path: Path, umask: int) -> None:
    mode_before = stat.S_IMODE(tmp_path.stat().st_mode)
    store = Store(tmp_path / "a" / "b" / "saves")
    old = os.umask(umask)
    try:
        store.autosave(make_match(limit=5))
        store.save(make_match(limit=5), "named")
    finally:
        os.umask(old)
    for folder in (tmp_path / "a", tmp_path / "a" / "b", store.root, store.root / "autosave"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    assert stat.S_IMODE(tmp_path.stat().st_mode) == mode_before  # not ours: left alone


def test_an_existing_folder_keeps_its_mode(tmp_path: Path) -> None:
    root = tmp_path / "saves"
    root.mkdir(mode=0o755)
    os.chmod(root, 0o755)
    Store(root).autosave(make_match(limit=5))
    assert stat.S_IMODE(root.stat().st_mode) == 0o755
    assert stat.S_IMODE((root / "autosave").stat().st_mode) == 0o700
