"""Fixtures every test module shares."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pytest_textual_snapshot import SVGImageExtension


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` starts two workers per core (``--maxprocesses`` caps them).

    The terminal-table and SSH tests spend about half their time waiting, not
    computing: Textual's pilot waits for the app to go idle in 20 ms steps and
    screens refresh on a frame timer, and the SSH tests wait for game
    processes and round trips. One worker per core leaves the cores idle that
    half; a second fills it (a measured subset ran 15-20% faster).
    """
    return 2 * (os.cpu_count() or 1)


class TabulaSVG(SVGImageExtension):
    """Keeps the SVGs in tests/snapshots/<test module>/ (DESIGN.md), not
    syrupy's __snapshots__."""

    @classmethod
    def dirname(cls, *, test_location) -> str:
        return str(Path(test_location.filepath).parent / "snapshots" / test_location.basename)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty save folder of the test's own ($TABULA_HOME): no Continue,
    nothing of the developer's. Modules that open the TUI use it for every
    test with ``pytestmark = pytest.mark.usefixtures("home")``."""
    monkeypatch.setenv("TABULA_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def snapshot(snapshot):
    """snap_compare asks for its own extension; it gets ours."""
    ours = snapshot.use_extension(TabulaSVG)
    ours.use_extension = lambda extension_class=None: ours
    return ours
