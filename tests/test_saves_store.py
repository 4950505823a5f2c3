"""The save folder: where it is, named saves, autosave slots, listing,
deleting, names that cannot escape, backups and atomic replacement."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from saves import SaveError, SaveInfo, Store, load_match, save_match
from saves.atomic import backup_path, sweep_temp
from saves.files import RECOVERED
from tests.test_saves_support import FIXED_TIME, G, make_match


class Clock:
    """A clock the test moves by hand, so 'newest first' is exact."""

    def __init__(self) -> None:
        self.now = FIXED_TIME

    def __call__(self) -> float:
        self.now += 10
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "saves", clock=Clock())


def _damage(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


# ----------------------------------------------------------------- where


def test_folder_explicit_then_env_then_platform(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABULA_HOME", str(tmp_path / "home"))
    assert Store().root == tmp_path / "home" / "saves"
    assert Store(tmp_path / "mine").root == tmp_path / "mine"
    monkeypatch.delenv("TABULA_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    root = Store().root
    assert root.name == "saves" and root.parent.name == "tabula"
    assert not root.exists()  # nothing is created until the first save


# ----------------------------------------------------------------- named saves


def test_save_list_load_delete(store: Store) -> None:
    m = make_match(players=4, limit=60)
    path = store.save(m, "Before the battle")
    assert path == store.root / "Before the battle.tabula"
    assert store.load("Before the battle").state == m.state
    assert store.load("Before the battle.tabula").actions == m.actions
    assert store.load(path).actions == m.actions
    [info] = store.list()
    assert info == SaveInfo(
        name="Before the battle", path=path, game="provincia", title="Provincia Romana",
        players=["Human 1", "Bot 2", "Bot 3", "Bot 4"], progress=G.progress(m.state),
        updated=info.updated, finished=False, autosave=False, id=m.meta["id"],
        created=FIXED_TIME, seat_kinds=["human", "random", "random", "random"])
    assert info.updated > FIXED_TIME
    store.delete("Before the battle")
    assert store.list() == []
    assert not path.exists() and not backup_path(path).exists()
    with pytest.raises(SaveError, match="There is no save named 'Before the battle'"):
        store.delete("Before the battle")
    with pytest.raises(SaveError, match="There is no save named 'Before the battle'"):
        store.load("Before the battle")


def test_listing_is_newest_first_and_marks_finished(store: Store) -> None:
    done = make_match(players=2, limit=None, undo=False)
    assert done.is_over()
    store.save(make_match(seed=1), "one")
    store.save(done, "two")
    store.save(make_match(seed=3), "three")
    infos = store.list()
    assert [i.name for i in infos] == ["three", "two", "one"]
    assert [i.finished for i in infos] == [False, True, False]
    assert infos[1].progress == "finished"


@pytest.mark.parametrize("name, reason", [
    ("../escape", "'/'"),
    ("a/b", "'/'"),
    ("a\\b", "which a file name cannot"),
    ("..", "starts with '.'"),
    (".", "starts with '.'"),
    (".hidden", "starts with '.'"),
    ("", "empty"),
    ("x" * 65, "65 characters"),
    ("nul\x00byte", "control character"),
    ("line\nbreak", "control character"),
    ("bidi\u202etrick", "control character"),
    ("C:game", "':'"),
    ("what?", "'?'"),
    ("CON", "device name"),
    ("lpt1.save", "device name"),
    (" padded", "space"),
    ("dot.", "ends with '.'"),
])
def test_names_cannot_escape_the_folder(store: Store, tmp_path: Path, name: str,
                                        reason: str) -> None:
    m = make_match(limit=3)
    with pytest.raises(SaveError, match="is not allowed: .*" + reason):
        store.save(m, name)
    with pytest.raises(SaveError):
        store.delete(name)
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written anywhere


def test_reasonable_names_are_fine(store: Store) -> None:
    m = make_match(limit=3)
    for name in ("Caesar's game (2)", "Provincia — à trois", "x" * 64, "a..b", "v1.2"):
        store.save(m, name)
        assert store.load(name).actions == m.actions
    assert len(store.list()) == 5


# ----------------------------------------------------------------- autosave


def test_one_autosave_slot_per_game_written_after_every_action(store: Store) -> None:
    a, b = make_match(seed=1, limit=10), make_match(seed=2, limit=10)
    a.meta.pop("id")
    a.listeners.append(store.autosave_listener())
    for _ in range(5):
        a.play(G.legal(a.state)[0])
    ident = a.meta["id"]
    assert store.load(f"auto:{ident}").actions == a.actions
    store.autosave(b)
    files = sorted(p.name for p in (store.root / "autosave").glob("*.tabula"))
    assert files == sorted([f"{ident}.tabula", f"{b.meta['id']}.tabula"])
    assert a.undo(0)
    assert store.load(f"auto:{ident}").redo_stack == a.redo_stack != []
    infos = store.list()
    assert {i.name for i in infos} == {f"auto:{ident}", f"auto:{b.meta['id']}"}
    assert all(i.autosave for i in infos)


def test_latest_autosave_is_the_newest_unfinished_game(store: Store) -> None:
    assert store.latest_autosave() is None
    old, new = make_match(seed=1), make_match(seed=2)
    done = make_match(players=2, limit=None, undo=False)
    store.autosave(old)
    store.autosave(new)
    store.autosave(done)
    store.save(make_match(seed=4), "named, not an autosave")
    latest = store.latest_autosave()
    assert latest is not None and latest.id == new.meta["id"]
    assert store.load(latest.path).actions == new.actions
    store.delete(latest.name)
    assert store.latest_autosave().id == old.meta["id"]


def test_autosave_failures_can_be_reported_instead_of_raised(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a folder")
    store = Store(tmp_path / "file" / "saves")
    errors: list[SaveError] = []
    m = make_match(limit=5)
    m.listeners.append(store.autosave_listener(errors.append))
    m.play(G.legal(m.state)[0])
    assert len(errors) == 1 and "Cannot create the save folder" in str(errors[0])
    with pytest.raises(SaveError, match="Cannot create the save folder"):
        store.save(m, "x")


def test_bad_autosave_names(store: Store) -> None:
    for name in ("auto:", "auto:../x", "auto:a/b", "auto:é"):
        with pytest.raises(SaveError):
            store.load(name)


# ----------------------------------------------------------------- backups


def test_previous_version_is_kept_as_backup(store: Store) -> None:
    m = make_match(limit=20)
    path = store.save(m, "g")
    first = list(m.actions)
    m.play(G.legal(m.state)[0])
    store.save(m, "g")
    assert load_match(backup_path(path)).actions == first
    assert load_match(path).actions == m.actions


def test_a_damaged_save_falls_back_to_its_backup_and_says_so(store: Store) -> None:
    m = make_match(limit=20)
    path = store.save(m, "g")
    first = list(m.actions)
    m.play(G.legal(m.state)[0])
    store.save(m, "g")
    _damage(path)
    loaded = store.load("g")
    assert loaded.actions == first
    assert "checksum does not match" in loaded.meta[RECOVERED]
    assert "Loaded its backup g.tabula.bak instead" in loaded.meta[RECOVERED]
    [info] = store.list()
    assert info.from_backup and info.error is None
    # Saving again must not let the damaged file push out the good backup,
    # and the recovery note is not saved.
    store.save(loaded, "g")
    assert load_match(backup_path(path)).actions == first
    assert RECOVERED not in load_match(path).meta


def test_a_missing_main_file_falls_back_to_its_backup(store: Store) -> None:
    m = make_match(limit=20)
    path = store.save(m, "g")
    store.save(m, "g")
    path.unlink()
    assert store.load("g").actions == m.actions
    assert [i.name for i in store.list()] == ["g"]


def test_when_both_copies_are_bad_the_error_says_both(store: Store) -> None:
    m = make_match(limit=20)
    path = store.save(m, "g")
    store.save(m, "g")
    _damage(path)
    backup_path(path).write_bytes(b"junk")
    with pytest.raises(SaveError, match=r"checksum does not match.*Its backup cannot be loaded "
                                        r"either: it is not a Tabula save\."):
        store.load("g")
    [info] = store.list()
    assert info.error and "checksum" in info.error and info.progress == "unreadable"
    store.save(m, "fine")
    assert [i.name for i in store.list() if i.error is None] == ["fine"]
    store.delete("g")
    assert [i.name for i in store.list()] == ["fine"]


def test_writes_replace_atomically_and_leave_no_temp_files(store: Store) -> None:
    m = make_match(limit=20)
    path = store.save(m, "g")
    inode = path.stat().st_ino
    store.save(m, "g")
    assert path.stat().st_ino != inode  # a new file renamed over the old one
    assert backup_path(path).stat().st_ino == inode  # the old one, kept as it was
    assert sorted(p.name for p in store.root.iterdir()) == ["g.tabula", "g.tabula.bak"]


def test_old_temp_files_are_swept(tmp_path: Path) -> None:
    old, young = tmp_path / ".g.tabula.abc.tmp", tmp_path / ".g.tabula.def.tmp"
    old.write_bytes(b"x")
    young.write_bytes(b"y")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    sweep_temp(tmp_path)
    assert not old.exists() and young.exists()


def test_save_match_to_any_path_and_backup(tmp_path: Path) -> None:
    m = make_match(limit=8)
    target = tmp_path / "anywhere.sav"
    assert save_match(m, target) == target
    assert load_match(str(target)).actions == m.actions
    assert not backup_path(target).exists()  # nothing to keep on the first write
