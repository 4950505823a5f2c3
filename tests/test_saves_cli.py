"""The save commands: ``play --save``, ``replay --headless [--json]`` and
``saves [--delete]``, with bad files exiting 2 with the SaveError sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saves import Store
from tests.test_saves_support import make_match
from tui.cli import main

PLAY = ["play", "provincia", "--headless", "--seats", "random,random,random,random",
        "--seed", "7"]


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_replay_prints_what_play_printed(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    file = str(tmp_path / "g7.tabula")
    code, played, _ = run(capsys, *PLAY, "--save", file)
    assert code == 0 and "Final scores" in played
    code, replayed, err = run(capsys, "replay", file, "--headless")
    assert (code, err) == (0, "")
    assert replayed == played

    code, played_json, _ = run(capsys, *PLAY, "--json")
    code, replayed_json, _ = run(capsys, "replay", file, "--json")
    assert code == 0 and replayed_json == played_json
    assert json.loads(replayed_json)["seed"] == 7


def test_replay_of_a_game_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    store = Store(tmp_path)
    m = make_match(players=3, limit=30)
    store.save(m, "midgame")
    code, out, _ = run(capsys, "--save-dir", str(tmp_path), "replay", "midgame", "--headless")
    assert code == 0
    assert out.endswith(f"Not finished: {m.game.progress(m.state)}.\n")
    code, out, _ = run(capsys, "--save-dir", str(tmp_path), "replay", "midgame", "--json")
    doc = json.loads(out)
    assert doc["finished"] is False and doc["actions"] == len(m.actions)
    assert "seed" not in doc, "an unfinished game's seed is the order of its decks to come"


@pytest.mark.parametrize("content, reason", [
    (None, "there is no such file"),
    (b"", "it is empty"),
    (b"PK\x03\x04 a zip file", "it is not a Tabula save"),
])
def test_bad_files_exit_2_with_the_save_error(tmp_path: Path, capsys: pytest.CaptureFixture,
                                              content: bytes | None, reason: str) -> None:
    file = tmp_path / "bad.tabula"
    if content is not None:
        file.write_bytes(content)
    code, out, err = run(capsys, "replay", str(file), "--headless")
    assert code == 2 and out == ""
    assert err == f"tabula: error: Cannot load {file}: {reason}.\n"


def test_a_damaged_file_replays_from_its_backup_with_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    file = tmp_path / "g.tabula"
    run(capsys, *PLAY, "--save", str(file))
    run(capsys, *PLAY, "--save", str(file))  # the second write keeps the first as backup
    file.write_bytes(file.read_bytes()[:-1])
    code, out, err = run(capsys, "replay", str(file), "--headless")
    assert code == 0 and "Final scores" in out
    assert err.startswith("tabula: warning: Cannot load") and "Loaded its backup" in err


def test_play_save_to_a_missing_folder_exits_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture) -> None:
    code, _, err = run(capsys, *PLAY, "--save", str(tmp_path / "nope" / "g.tabula"))
    assert code == 2 and err.startswith("tabula: error: Cannot save to ")


def test_saves_lists_and_deletes(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run(capsys, "--save-dir", str(tmp_path), "saves")
    assert (code, out) == (0, f"No saves in {tmp_path}.\n")
    store = Store(tmp_path)
    m = make_match(players=4, limit=60)
    store.save(m, "Evening game")
    store.autosave(m)
    code, out, _ = run(capsys, "--save-dir", str(tmp_path), "saves")
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"Saves in {tmp_path}:"
    assert lines[1].split() == ["name", "game", "players", "progress", "last", "played"]
    body = "\n".join(lines[2:])
    assert "Evening game" in body and f"auto:{m.meta['id']}" in body
    assert "Provincia Romana" in body and "Human 1, Bot 2, Bot 3, Bot 4" in body
    assert m.game.progress(m.state) in body

    code, out, _ = run(capsys, "--save-dir", str(tmp_path), "saves", "--delete", "Evening game")
    assert code == 0 and out.startswith("Deleted 'Evening game'")
    assert [i.name for i in store.list()] == [f"auto:{m.meta['id']}"]
    code, _, err = run(capsys, "--save-dir", str(tmp_path), "saves", "--delete", "Evening game")
    assert code == 2 and "There is no save named 'Evening game'" in err
    code, _, err = run(capsys, "--save-dir", str(tmp_path), "saves", "--delete", "../x")
    assert code == 2 and "is not allowed" in err


def test_tabula_home_is_the_default_store(tmp_path: Path, capsys: pytest.CaptureFixture,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    Store().save(make_match(limit=5), "homely")
    code, out, _ = run(capsys, "saves")
    assert code == 0 and "homely" in out and str(tmp_path / "saves") in out
    code, out, _ = run(capsys, "replay", "homely", "--headless")
    assert code == 0 and out.splitlines()[-1].startswith("Not finished: ")


def test_a_name_the_system_refuses_is_one_line_for_every_command(
        capsys: pytest.CaptureFixture) -> None:
    for command in (["replay", "a" * 5000, "--headless"], ["saves", "--delete", "a" * 5000]):
        code, out, err = run(capsys, *command)  # used to end in an OSError traceback
        assert code == 2 and err.startswith("tabula: error: ") and err.count("\n") == 1


def test_seat_names_with_control_characters_are_refused_on_the_command_line(
        capsys: pytest.CaptureFixture) -> None:
    code, out, err = run(capsys, *PLAY, "--names", "A\x1b]0;pwned\x07,B,C,D")
    assert code == 2 and "control character" in err
    assert "\x1b" not in err and "\x07" not in err
    code, out, err = run(capsys, *PLAY, "--names", "A" * 40 + ",B,C,D")
    assert code == 2 and "longer than" in err


def test_an_unfinished_game_of_two_people_replays_only_its_public_log(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """A shared table's file read mid-game: the replay showed one player's
    hand to the other ("as Marcus saw it", issue 28 walk-through of a shared
    table). The screen is refused; --headless prints what a spectator sees."""
    import random

    from engine.core import SPECTATOR
    from engine.match import Match, Seat

    m = Match("ageofrome", (Seat("Marcus"), Seat("Julia"), Seat("Bot", "random")), 4)
    rng = random.Random(4)
    for _ in range(60):
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    Store(tmp_path).save(m, "table")
    code, out, err = run(capsys, "--save-dir", str(tmp_path), "replay", "table")
    assert code == 2 and "hidden cards" in err and out == ""
    code, out, _ = run(capsys, "--save-dir", str(tmp_path), "replay", "table", "--headless")
    public = [line.text for _, line in m.log_lines(SPECTATOR)]
    assert code == 0 and out.splitlines()[:len(public)] == public
