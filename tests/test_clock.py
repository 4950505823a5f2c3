"""The real clock's timers (``tui.clock.RealClock``): a shared table times
the next move it holds "now" when the one shown has had its pace."""

from __future__ import annotations

import asyncio

from textual.app import App

from tui.clock import RealClock


def test_a_call_due_at_once_runs_and_a_stopped_one_does_not():
    """A 0 s Textual timer died with ZeroDivisionError, and the shared
    table's held moves never came (issue 28 walk-through of a shared table)."""
    async def go() -> list[str]:
        app, hits = App(), []
        async with app.run_test() as pilot:
            for _ in range(5):
                RealClock().call_later(app, 0.0, lambda: hits.append("due"))
                await pilot.pause()
            RealClock().call_later(app, -1.0, lambda: hits.append("stopped")).stop()
            await pilot.pause()
        return hits

    assert asyncio.run(go()) == ["due"] * 5
