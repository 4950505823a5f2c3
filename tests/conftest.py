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
def snapshot(snapshot):
    """snap_compare asks for its own extension; it gets ours."""
    ours = snapshot.use_extension(TabulaSVG)
    ours.use_extension = lambda extension_class=None: ours
    return ours
