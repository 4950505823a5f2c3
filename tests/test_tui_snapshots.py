"""How the terminal table looks, at 80×24 and 120×40, from fixed seeds.

Regenerate after a deliberate change with ``--snapshot-update`` and look at
the SVGs (tests/snapshots/) before committing them.
"""

from __future__ import annotations

import pytest

from tests.test_tui_support import app_for, finished, position, settle

SIZES = [(80, 24), (120, 40)]




pytestmark = pytest.mark.usefixtures("home")  # tests/conftest.py


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_title(snap_compare, size):
    assert snap_compare(app_for(kind="title"), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_new_game(snap_compare, size):
    assert snap_compare(app_for(kind="title"), press=["n"], terminal_size=size,
                        run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("phase", ["select", "draft", "play", "battle", "battle_result",
                                   "activate", "final"])
def test_game_screen(snap_compare, phase, size):
    """Each phase with the human to move; the draft and the battle result
    show their own panels."""
    assert snap_compare(app_for(position(phase)), terminal_size=size, run_before=settle)


# At 80x24 the side panel behind the hint settles its rows at a moment that
# differs on a busy machine, so the hint is drawn at 120x40 only (its text at
# 80x24 is checked by tests/test_tui_feel.py).
@pytest.mark.parametrize("size", [(120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_hint(snap_compare, size):
    async def ask(pilot):
        await settle(pilot)
        await pilot.press("h")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        # The game screen behind the hint offers its actions again (proceed):
        # wait until it has, so the list behind is drawn where it rests.
        await pilot.app.screen_stack[-2].settled.wait()
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()

    assert snap_compare(app_for(position("play")), terminal_size=size, run_before=ask)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_game_over(snap_compare, size):
    assert snap_compare(app_for(finished()), terminal_size=size, run_before=settle)
