"""The process settings every terminal UI runs with (``tui.entry``)."""

import gc

from tui import entry


def test_the_ui_collects_garbage_less_often_and_keeps_the_older_thresholds() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 7, 9)
        entry.collect_less()
        assert gc.get_threshold() == (entry.GC_THRESHOLD, 7, 9)
        assert entry.GC_THRESHOLD > 700
    finally:
        gc.set_threshold(*before)
