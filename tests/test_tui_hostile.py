"""Hostile text through every screen, and crashes that a remote player must
not see.

Seat names, save titles, progress lines, game ids and file names come from
people and from files. Here they look like Textual markup (``x[/]y`` used
to crash the title screen for good) or carry terminal escape sequences
(which used to reach the terminal raw). Every screen must show them
literally, as plain text without control characters, and must not crash.

The last tests run ``python -m tui`` on a real terminal (a PTY) with a fault
planted by the test and check that a served game (``TABULA_CRASH_DIR`` set)
prints one line instead of a traceback, and leaves the traceback in a file.
"""

from __future__ import annotations

import asyncio
import fcntl
import io
import os
import pty
import select
import stat
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual import events

from ai.players import BOT_KINDS
from engine.match import Match, Seat
from saves.files import stamp
from saves.plain import is_unsafe, plain
from tests.test_saves_support import pack_doc, save_doc
from tests.test_tui import SlowBot
from tests.test_tui_support import app_for, finished, settle
from tui.crash import TOLD
from tui.screens.dialogs import CoverScreen, HelpScreen, HintScreen, MenuScreen, SaveScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.load import LoadScreen
from tui.screens.new_game import NewGameScreen
from tui.screens.replay import ReplayScreen
from tui.screens.table import TableScreen
from tui.screens.title import TitleScreen

ESCAPE = "\x1b]0;pwned\x07"  # retitles an xterm
CLEAR = "\x1b[2J"  # clears the screen
SIZE = (120, 40)
ROOT = Path(__file__).resolve().parents[1]


pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


def run(coro):
    return asyncio.run(coro)


# ----------------------------------------------------------------- helpers


def screen_text(app: Any) -> str:
    """The screen as the terminal would show it (toasts included), as text."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text(styles=False)


def assert_shows(app: Any, *texts: str) -> str:
    """Each of ``texts`` is on screen literally, and nothing unsafe is."""
    shown = screen_text(app)
    unsafe = sorted({repr(c) for c in shown if c != "\n" and is_unsafe(c)})
    assert not unsafe, f"control characters on screen: {unsafe}"
    missing = [t for t in texts if t not in shown]
    assert not missing, f"not on screen: {missing}\n{shown}"
    return shown


def craft(path: Path, match: Match, **fields: Any) -> Path:
    """A sealed save of ``match`` at ``path`` with header ``fields`` replaced
    and seat names as they are in ``match`` (control characters included,
    which the saves layer would refuse to write)."""
    stamp(match)
    doc = save_doc(match)
    doc.update(fields)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pack_doc(doc))
    return path


def autosave_path(home: Path, match: Match) -> Path:
    stamp(match)
    return home / "saves" / "autosave" / f"{match.meta['id']}.tabula"


# ----------------------------------------------------------------- title and Continue

TITLE_SEATS = (Seat("x[/]y"), Seat("[@click=app.quit]q[/]", "random"),
               Seat(ESCAPE, "random"), Seat("\\", "random"))


def test_title_continue_and_the_game_show_hostile_names_literally(home):
    match = Match("provincia", TITLE_SEATS, 5)
    craft(autosave_path(home, match), match, title="[/]evil" + ESCAPE,
          progress=CLEAR + "round 1, [b]Select")

    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen)
            assert_shows(app, "Continue: [/]evil]0;pwned · [2Jround 1, [b]Select",
                         "x[/]y, [@click=app.quit]q[/], ]0;pwned, \\ · just now")
            await pilot.press("enter")  # Continue
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            names = [s.name for s in screen.source.match.seats]
            assert names[:2] == ["x[/]y", "[@click=app.quit]q[/]"]
            for _ in range(3):
                await pilot.press("1")
                await settle(pilot)
            shown = assert_shows(app, "x[/]y", "[@click=app.quit]q[/]", "]0;pwned", "Your turn")
            assert "(x[/]y)" in shown or "(]0;pwned)" in shown  # the log names the owners

    run(go())


# ----------------------------------------------------------------- load screen


def test_load_screen_lists_and_opens_hostile_files_without_crashing(home):
    folder = home / "saves"
    (folder / 'x[x="].tabula').parent.mkdir(parents=True, exist_ok=True)
    (folder / 'x[x="].tabula').write_bytes(b"not a save")
    craft(folder / "evil game.tabula", Match("provincia", (Seat("[b]"), Seat("[red")), 3),
          game="[/]evil")
    craft(folder / "evil fields.tabula",
          Match("provincia", (Seat("\\"), Seat(ESCAPE + "Ann", "random")), 4),
          title="[/]evil" + ESCAPE, progress=CLEAR + "round 1")

    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            await pilot.press("l")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, LoadScreen)
            assert_shows(app, 'x[x="]', "[/]evil]0;pwned", "[2Jround 1", "\\, ]0;pwnedAnn",
                         "[b], [red")
            files = [info.path.name for info in screen._saves]

            async def open_row(name: str) -> None:
                screen.query_one("DataTable").move_cursor(row=files.index(name + ".tabula"))
                await pilot.press("enter")
                await pilot.pause()

            await open_row('x[x="]')  # unreadable: the error quotes the file name
            assert isinstance(app.screen, LoadScreen)
            assert_shows(app, 'x[x="].tabula')
            await open_row("evil game")  # an unknown game id: the error quotes it
            assert isinstance(app.screen, LoadScreen)
            assert_shows(app, "[/]evil")
            screen.query_one("DataTable").move_cursor(row=files.index('x[x="].tabula'))
            await pilot.press("d")  # asks again, naming the file
            await pilot.pause()
            assert_shows(app, 'Press d again to delete “x[x="]')
            await open_row("evil fields")  # loads: the game shows the names
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert_shows(app, "]0;pwnedAnn")

    run(go())


# ----------------------------------------------------------------- the game and its dialogs

GAME_SEATS = (Seat("x[/]y"), Seat("[b]", "random"), Seat("[@click=app.quit]q[/]", "random"),
              Seat(ESCAPE + "\\", "random"))


def test_game_screen_dialogs_and_notices_show_hostile_names_literally(home):
    match = Match("provincia", GAME_SEATS, 7)

    async def go():
        app = app_for(match)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(pilot)
            for _ in range(4):
                await pilot.press("1")
                await settle(pilot)
            shown = assert_shows(app, "x[/]y", "[b]", "[@click=app.quit]q[/]", "]0;pwned\\",
                                 "Your turn")
            assert any(f"({n})" in shown for n in ("x[/]y", "[b]", "]0;pwned\\"))  # the log
            await pilot.press("h")  # the hint
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, HintScreen)
            assert_shows(app, "Enter plays it")
            await pilot.press("escape", "question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape", "escape")
            assert isinstance(app.screen, MenuScreen)
            await pilot.press("escape", "ctrl+s")
            assert isinstance(app.screen, SaveScreen)
            suggestion = app.screen.query_one("#save-name").value
            assert "x[/]y" in suggestion
            await pilot.press("enter")  # '/' cannot be in a file name: the error quotes it
            await pilot.pause()
            assert isinstance(app.screen, SaveScreen)  # open, to fix the name
            assert_shows(app, "is not allowed", "x[/]y")

    run(go())


def test_a_bot_with_a_hostile_name_thinks_on_the_status_line(monkeypatch):
    monkeypatch.setitem(BOT_KINDS, "slow", lambda strength: SlowBot())
    SlowBot.started.clear()
    match = Match("provincia", (Seat("[/]evil" + ESCAPE, "slow"), Seat("You")), 4)

    async def go():
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert SlowBot.started.wait(60)
            await pilot.pause()
            assert_shows(app, "[/]evil]0;pwned is thinking")
            await pilot.press("escape")  # the menu: leave to the title
            await pilot.pause()
            await pilot.press("end", "up", "enter")
            await asyncio.wait_for(app.workers.wait_for_complete(), 60)
            assert isinstance(app.screen, TitleScreen)

    run(go())


def test_the_cover_between_humans_shows_hostile_names_literally():
    match = Match("provincia", (Seat("[red" + ESCAPE), Seat("x\\")), 3)

    async def go():
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, CoverScreen)
            who = [s.name for s in match.seats][match.to_move()]
            assert_shows(app, f"Next to play: {plain(who)}")

    run(go())


# ----------------------------------------------------------------- the end and the replay

END_SEATS = (Seat("x[/]y"), Seat("[b]", "random"), Seat(CLEAR + "[red", "random"),
             Seat("\\", "random"))


def test_game_over_and_replay_show_hostile_names_literally():
    match = finished(seats=END_SEATS)

    async def go():
        app = app_for(match)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            assert_shows(app, "x[/]y", "[b]", "[2J[red", "\\")
            await pilot.press("r")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            assert_shows(app, "Hand · x[/]y", "Next: ")
            for _ in range(6):
                await pilot.press("s", "right")
            await pilot.press("end")
            assert_shows(app, "The end of the record")

    run(go())


def test_the_review_shows_hostile_names_literally():
    from tui.screens.review import ReviewScreen

    match = finished(seats=END_SEATS)

    async def go():
        app = app_for(match, review_iterations=8)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("v")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            await asyncio.wait_for(app.screen.shown.wait(), 60)
            await pilot.pause()
            assert_shows(app, "x[/]y — the 3 costliest", "[b]", "[2J[red", "\\")

    run(go())


def test_replay_of_an_unfinished_game_names_its_hostile_seat():
    match = Match("provincia", (Seat("[/]evil"), Seat("B", "random")), 3)

    async def go():
        app = app_for(match, kind="replay")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)
            assert_shows(app, "as [/]evil saw it")

    run(go())


# ----------------------------------------------------------------- new game


def test_new_game_names_are_plain_and_short(home):
    async def go():
        app = app_for(kind="title")
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("n")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            first = screen.query_one("#name-0")
            first.value = CLEAR + "set by code, and far too long"
            assert first.value == "[2Jset by code, " and len(first.value) == 16
            first.value = ""
            first.focus()
            await pilot.press(*"x[/]y")
            second = screen.query_one("#name-1")
            second.value = ""
            second.focus()
            second.post_message(events.Paste(ESCAPE + "[b]\x07\u202e"))
            third = screen.query_one("#name-2")
            third.value = ""
            third.post_message(events.Paste("\x1b[2J" + "z" * 40))  # too long: cut
            await pilot.pause()
            assert first.value == "x[/]y"
            assert second.value == "]0;pwned[b]"
            assert third.value == "[2J" + "z" * 13
            assert_shows(app, "x[/]y", "]0;pwned[b]")
            await pilot.press("ctrl+g")  # Start
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            names = [s.name for s in screen.source.match.seats]
            assert names[0] == "x[/]y" and names[1] == second.value
            assert_shows(app, "x[/]y", "]0;pwned[b]")

    run(go())


# ----------------------------------------------------------------- crashes on a terminal

PLANT_IN_APP = """
import tui.screens.title as title
def broken(self):
    raise RuntimeError("a fault planted by the test")
title.TitleScreen.refresh_menu = broken
"""
PLANT_BEFORE_APP = """
import tui.cli as cli
def broken(args):
    raise RuntimeError("a fault planted by the test")
cli.dispatch = broken
"""
LAUNCH = "{plant}\nimport runpy\nrunpy.run_module('tui', run_name='__main__', alter_sys=True)\n"


def run_on_pty(plant: str, env: dict[str, str], timeout: float = 60) -> tuple[int, str]:
    """``python -m tui`` (as the SSH server's game runs it) on a fresh 80×24
    PTY, with ``plant`` run first; its exit status and everything it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    proc = subprocess.Popen([sys.executable, "-c", LAUNCH.format(plant=plant)], stdin=slave,
                            stdout=slave, stderr=slave, env=env, cwd=ROOT,
                            start_new_session=True)
    os.close(slave)
    out = bytearray()
    deadline = time.monotonic() + timeout
    try:
        while True:
            ready, _, _ = select.select([master], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"no exit within {timeout}s: {bytes(out)[-2000:]!r}")
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the game closed the terminal
                break
            if not chunk:
                break
            out += chunk
        return proc.wait(timeout), out.decode("utf-8", "replace")
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def game_env(home: Path, crash_dir: Path | None) -> dict[str, str]:
    """The environment the SSH server gives a game (plus the crash folder)."""
    env = {"PATH": os.environ.get("PATH", os.defpath), "LANG": "C.UTF-8",
           "PYTHONIOENCODING": "utf-8", "TERM": "xterm-256color", "HOME": str(home),
           "TABULA_HOME": str(home), "PYTHONPATH": str(ROOT)}
    if crash_dir is not None:
        env["TABULA_CRASH_DIR"] = str(crash_dir)
    return env


@pytest.mark.parametrize("plant", [PLANT_IN_APP, PLANT_BEFORE_APP], ids=["in-app", "before-app"])
def test_a_served_game_that_crashes_prints_one_line_and_files_the_traceback(home, plant):
    crash_dir = home / "crashes" / "new"
    code, out = run_on_pty(plant, game_env(home, crash_dir))
    assert code == 1
    assert TOLD in out
    assert "Traceback" not in out and "planted" not in out and str(ROOT) not in out
    files = list(crash_dir.iterdir())
    assert len(files) == 1
    report = files[0]
    assert report.name.startswith("crash-") and report.name.endswith(".txt")
    text = report.read_text()
    assert "Traceback" in text and "a fault planted by the test" in text
    assert stat.S_IMODE(report.stat().st_mode) == 0o600
    assert stat.S_IMODE(crash_dir.stat().st_mode) == 0o700


def test_a_crash_folder_that_cannot_be_written_still_hides_the_traceback(home):
    not_a_folder = home / "crashes"
    not_a_folder.write_text("a file where the folder should be")
    code, out = run_on_pty(PLANT_BEFORE_APP, game_env(home, not_a_folder / "new"))
    assert code == 1
    assert "Tabula hit an unexpected error and had to close." in out
    assert TOLD not in out and "Traceback" not in out and "planted" not in out


def test_a_local_game_that_crashes_still_shows_the_traceback(home):
    code, out = run_on_pty(PLANT_IN_APP, game_env(home, None))
    assert code == 1
    assert "Traceback" in out and "a fault planted by the test" in out
    assert TOLD not in out


def test_loading_a_name_the_system_refuses_is_a_usage_error(capsys):
    from tui.cli import main

    assert main(["load", "a" * 5000]) == 2  # used to end in an OSError traceback
    err = capsys.readouterr().err
    assert err.startswith("tabula: error: ") and len(err) < 300
