"""A tiny training on a local Ray cluster gives the file the local pool
gives: the same seeds, the same games, wherever they run. Needs the ``ray``
extra (``.ci/run`` installs it); without it this file is skipped."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from ai import train

pytest.importorskip("ray")


def test_a_tiny_training_on_local_ray_matches_the_local_one(tmp_path: Path) -> None:
    args = ["provincia", "--games", "4", "--seed", "9", "--every", "12"]
    local, on_ray = tmp_path / "local.json", tmp_path / "ray.json"
    train.main([*args, "--out", str(local)], out=io.StringIO())
    out = io.StringIO()
    assert train.main([*args, "--out", str(on_ray), "--ray", "auto"], out=out) == 0
    assert on_ray.read_text() == local.read_text()
    assert "wrote" in out.getvalue()
