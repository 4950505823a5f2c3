"""Hostile save files and folders: escape codes in every field and in file
names, and absurd header numbers.

Every file here is real (in ``tmp_path``); nothing is mocked.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from engine.match import Match, Seat
from saves import SaveError, SaveInfo, Store, load_match
from saves.atomic import backup_path
from saves.plain import is_unsafe
from saves.schema import MAX_TIME
from tests.test_saves_support import make_match, pack_doc, save_doc
from tui.cli import main
from tui.saves_cmd import listing, when

EVIL_TITLE = "Provincia\x1b]0;pwned\x07"
EVIL_PROGRESS = "\x1b[2Jround 3\x9b31m"
EVIL_NAMES = ("Ann\x1b[31m", "\u202eBob\x1b]0;x\x07")
EVIL_GAME = "\x1b]0;game\x07"


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
