"""Fixtures every test module shares."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_textual_snapshot import SVGImageExtension


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
