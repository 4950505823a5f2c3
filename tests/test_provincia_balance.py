"""bench/balance.py: the seat-balance script the rules notes quote. With
--json it prints exactly {"seat_win_share": [...], "games": G} for scripts;
the text output adds battles lost by round."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "balance.py"), "provincia",
                           "--players", "2", "--games", "2", "--jobs", "1", *args],
                          capture_output=True, text=True, timeout=120, check=True)


def test_json_is_exactly_the_seat_shares_and_the_game_count():
    doc = json.loads(run("--json").stdout)
    assert set(doc) == {"seat_win_share", "games"}
    assert doc["games"] == 2
    assert len(doc["seat_win_share"]) == 2
    assert 0.99 <= sum(doc["seat_win_share"]) <= 1.0  # shared wins are split


def test_text_reports_battles_lost_in_the_battle_rounds_only():
    out = run().stdout
    line = next(x for x in out.splitlines() if x.strip().startswith("battles_lost:"))
    rounds = set(ast.literal_eval(line.split(":", 1)[1].strip()))  # {round: share}
    assert rounds == {2, 3, 5, 6}
