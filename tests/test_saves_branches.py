"""Branches: loading a save to play on never overwrites another save.

A named save carries the id of the game it came from; that game's autosave
slot may since have gone on to the end. ``Store.load`` therefore gives
anything but a game's own autosave slot a fresh id (``meta["branch_of"]``
remembers the old one), while Continue keeps writing to the same slot."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from saves import Store, load_match
from saves.store import BRANCH_OF
from tests.test_saves_support import G, make_match


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "saves")


def autosaves(store: Store) -> list[str]:
    return sorted(p.name for p in (store.root / "autosave").glob("*.tabula"))


def test_a_named_save_loads_as_a_new_branch_that_keeps_the_finished_game(store: Store) -> None:
    """The bug of issue 11: load an earlier named save of a finished game,
    move, and the finished game's autosave was replaced."""
    game = make_match(players=2, limit=20, undo=False)
    store.autosave(game)
    store.save(game, "early")
    ident = game.meta["id"]
    while not game.is_over():  # the game goes on to its end in its autosave slot
        game.play(G.legal(game.state)[0])
        store.autosave(game)
    finished = load_match(store.root / "autosave" / f"{ident}.tabula")
    assert finished.is_over()

    branch = store.load("early")
    assert branch.meta["id"] != ident and branch.meta[BRANCH_OF] == ident
    branch.listeners.append(store.autosave_listener())
    branch.play(G.legal(branch.state)[0])

    assert autosaves(store) == sorted([f"{ident}.tabula", f"{branch.meta['id']}.tabula"])
    assert store.load(f"auto:{ident}").actions == finished.actions  # untouched, still over
    assert store.load(f"auto:{ident}").is_over()
    assert store.load(f"auto:{branch.meta['id']}").actions == branch.actions
    assert {i.name for i in store.list()} == {"early", f"auto:{ident}",
                                              f"auto:{branch.meta['id']}"}


def test_continuing_an_autosave_keeps_its_slot(store: Store) -> None:
    """Continue (or an autosave picked in Load) is the same branch: its id
    and slot stay, however often it is resumed."""
    game = make_match(limit=10, undo=False)
    store.autosave(game)
    ident = game.meta["id"]
    for _ in range(3):
        latest = store.latest_autosave()
        assert latest is not None
        resumed = store.load(latest.path)
        assert resumed.meta["id"] == ident and BRANCH_OF not in resumed.meta
        resumed.listeners.append(store.autosave_listener())
        resumed.play(G.legal(resumed.state)[0])
        assert autosaves(store) == [f"{ident}.tabula"]
    assert store.load(f"auto:{ident}").meta["id"] == ident


def test_each_load_of_a_named_save_is_its_own_branch(store: Store) -> None:
    game = make_match(limit=10, undo=False)
    store.save(game, "start")
    first, second = store.load("start"), store.load("start")
    assert len({first.meta["id"], second.meta["id"], game.meta["id"]}) == 3
    for m in (first, second):
        store.autosave(m)
    assert len(autosaves(store)) == 2
    again = store.load(f"auto:{first.meta['id']}")  # a branch's autosave is its own slot
    assert again.meta["id"] == first.meta["id"] and again.meta[BRANCH_OF] == game.meta["id"]


def test_a_copied_autosave_or_an_outside_file_branches(store: Store, tmp_path: Path) -> None:
    """An autosave file anywhere but its own slot (copied, renamed, in
    another folder) is not that slot: playing on from it must not write there."""
    game = make_match(limit=10, undo=False)
    slot = store.autosave(game)
    ident = game.meta["id"]
    outside = tmp_path / "copy.tabula"
    shutil.copy(slot, outside)
    renamed = slot.with_name("renamed.tabula")
    shutil.copy(slot, renamed)
    for source in (outside, renamed, "auto:renamed"):
        m = store.load(source)
        assert m.meta["id"] != ident and m.meta[BRANCH_OF] == ident


def test_a_fresh_id_never_takes_a_used_slot(store: Store, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    game = make_match(limit=10, undo=False)
    store.save(game, "named")
    taken = make_match(seed=2, limit=5, undo=False)
    taken.meta["id"] = "aaaa"
    store.autosave(taken)
    orphan = make_match(seed=3, limit=5, undo=False)
    orphan.meta["id"] = "bbbb"
    path = store.autosave(orphan)
    path.rename(path.with_name("bbbb.tabula.bak"))  # only its backup is left
    ids = iter(["aaaa", "bbbb", "cccc"])
    monkeypatch.setattr("saves.store.new_id", lambda: next(ids))
    assert store.load("named").meta["id"] == "cccc"


def test_the_branch_note_survives_saving(store: Store) -> None:
    game = make_match(limit=10, undo=False)
    store.save(game, "named")
    branch = store.load("named")
    store.save(branch, "later")
    assert load_match(store.path_of("later")).meta[BRANCH_OF] == game.meta["id"]


def test_a_finished_autosave_branches_so_an_undo_cannot_replace_it(store: Store) -> None:
    game = make_match(players=2, limit=None, undo=False)
    assert game.is_over()
    store.autosave(game)
    ident = game.meta["id"]
    again = store.load(f"auto:{ident}")
    assert again.meta["id"] != ident and again.meta[BRANCH_OF] == ident
    store.autosave(again)
    assert store.load(f"auto:{ident}").is_over()
    assert len(autosaves(store)) == 2
