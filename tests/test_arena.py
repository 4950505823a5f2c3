"""``tabula arena``: the machinery with tiny budgets (strength lives in
bench/ and the closing notes, never in the test suite)."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from ai import arena
from ai.stats import wilson
from engine.core import Result
from tui.cli import EXIT_USAGE
from tui.cli import main as cli_main


def args(**kw) -> argparse.Namespace:
    base = dict(game="provincia", seats="rules,random,random", games=3, seed=0, jobs=1,
                json=True, iterations=None, seconds=None)
    base.update(kw)
    return argparse.Namespace(**base)


def run_json(capsys, **kw) -> dict:
    assert arena.main(args(**kw)) == 0
    return json.loads(capsys.readouterr().out)


def test_json_document(capsys):
    doc = run_json(capsys)
    assert doc["game"] == "provincia" and doc["games"] == 3
    assert doc["others"] == [] and doc["options"] == []
    assert abs(sum(b["wins"] for b in doc["bots"]) + doc["no_winner"] - 3) < 1e-9
    assert [b["kind"] for b in doc["bots"]] == ["rules", "random"]
    rules, rnd = doc["bots"]
    assert rules["games"] == 3 and rnd["games"] == 6  # seat-games: 3 games x 2 random seats
    assert abs(rules["wins"] + rnd["wins"] - 3) < 1e-9  # one win (or its shares) per game
    for b in doc["bots"]:
        assert set(b) >= {"kind", "games", "wins", "win_share", "ci95", "avg_score", "avg_rank"}
        lo, hi = b["ci95"]
        assert 0 <= lo <= b["win_share"] <= hi <= 1
        assert 1 <= b["avg_rank"] <= 3
        assert b["win_share"] == pytest.approx(b["wins"] / b["games"], abs=1e-4)


def test_seats_rotate_across_positions():
    assert arena.rotation(("a", "b", "c"), 0) == ("a", "b", "c")
    assert arena.rotation(("a", "b", "c"), 1) == ("b", "c", "a")
    assert arena.rotation(("a", "b", "c"), 5) == ("c", "a", "b")
    cfg = arena.Config("provincia", ("rules", "random", "random"), 3, 0)
    first = [arena.play_one(cfg, i).seats[0].spec for i in range(3)]
    assert first == ["rules", "random", "random"]


def test_mcts_seat_with_tiny_budget(capsys):
    doc = run_json(capsys, seats="mcts,rules", games=2, iterations=3)
    assert [b["kind"] for b in doc["bots"]] == ["mcts", "rules"]
    assert doc["budget"] == {"iterations": 3, "seconds": None}
    assert all(b["games"] == 2 for b in doc["bots"])


def test_same_results_with_processes(capsys):
    one = run_json(capsys, games=4, jobs=1)
    two = run_json(capsys, games=4, jobs=2)
    strip = lambda d: [{k: v for k, v in b.items() if "seconds" not in k} for b in d["bots"]]
    assert strip(one) == strip(two)


def test_strengths_are_separate_kinds(capsys):
    doc = run_json(capsys, seats="rules:easy,rules,random", games=3)
    assert [b["kind"] for b in doc["bots"]] == ["rules:easy", "rules", "random"]


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_text_table_and_progress_bar():
    out, err = io.StringIO(), Tty()
    assert arena.main(args(json=False, games=2), out, err) == 0
    text, bar = out.getvalue(), err.getvalue()
    assert "\r\x1b[2K[" in bar and "2/2" in bar  # the live bar, with standings
    assert bar.endswith("\r\x1b[2K")  # cleared before the table
    assert "95% CI" in text and "rules" in text and "random" in text
    assert "\r" not in text and "[#" not in text  # the table alone on stdout
    plain_err = io.StringIO()
    arena.main(args(json=False, games=1), io.StringIO(), plain_err)
    assert "\r" not in plain_err.getvalue()  # not a terminal: no bar


def test_progress_is_one_line_per_game_on_stderr_with_running_standings(capsys):
    """Not a terminal: a line at the start, then one per finished game with
    games done of the total and each kind's wins, share and average score;
    stdout holds only the JSON document."""
    assert arena.main(args(games=3)) == 0
    out, err = capsys.readouterr()
    doc = json.loads(out)  # one document, nothing else
    lines = err.splitlines()
    assert lines[0] == "provincia: playing 3 games, seats rules,random,random"
    assert [line.split()[1] for line in lines[1:]] == ["1/3", "2/3", "3/3"]
    rules = next(b for b in doc["bots"] if b["kind"] == "rules")
    wins = f"{rules['wins']:g} win{'' if rules['wins'] == 1 else 's'}"
    assert f"rules {wins} {rules['win_share']:.0%} avg {rules['avg_score']:.1f}" in lines[-1]
    assert "random " in lines[-1] and "avg" in lines[1]


def test_progress_with_jobs_reports_every_game_as_it_finishes(capsys):
    assert arena.main(args(games=4, jobs=2)) == 0
    _, err = capsys.readouterr()
    lines = err.splitlines()
    assert "2 jobs" in lines[0]
    assert sorted(line.split()[1] for line in lines[1:]) == ["1/4", "2/4", "3/4", "4/4"]


@pytest.mark.parametrize("bad, words", [
    (dict(game="chess"), "unknown game"),
    (dict(seats="rules"), "2 to 6 players"),
    (dict(seats="rules,wizard"), "unknown seat kind"),
    (dict(seats="rules,mcts:godlike"), "unknown strength"),
    (dict(games=0), "--games"),
    (dict(jobs=0), "--jobs"),
    (dict(iterations=0), "--iterations"),
    (dict(seconds=-1.0), "--seconds"),
])
def test_bad_arguments(bad, words):
    with pytest.raises(ValueError, match=words):
        arena.main(args(**bad))


def test_cli_exit_status(capsys):
    assert cli_main(["arena", "provincia", "--seats", "rules,nobody", "--games", "1"]) == EXIT_USAGE
    assert "unknown seat kind" in capsys.readouterr().err
    assert cli_main(["arena", "provincia", "--seats", "rules,random", "--games", "1",
                     "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(45, 100)
    assert lo == pytest.approx(0.3561, abs=1e-3) and hi == pytest.approx(0.5475, abs=1e-3)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and lo == pytest.approx(0.7225, abs=1e-3)
    lo, hi = wilson(2.5, 10)  # a shared win counts half
    assert lo < 0.25 < hi


# ------------------------------------------------ every kind of ending, by hand

def result(scores, winners, others=()) -> Result:
    """A finished game's Result as a game would give it (ranks by score)."""
    ranks = tuple(1 + sum(o > sc for o in scores) for sc in scores)
    return Result(tuple(scores), ranks, tuple({} for _ in scores), tuple(winners),
                  others=tuple(others))


def standings_of(specs, results) -> arena.Table:
    n = len(specs)
    table = arena.Table(tuple(dict.fromkeys(specs)))
    for res in results:
        table.add(arena.record(specs, res, [2] * n, [0.5] * n, [0.3] * n))
    return table


SOLO = ("rules",)
ENEMY = "The Enemy"


def test_a_solo_loss_is_no_win_and_counts_as_no_winner():
    lost = result([12], [], others=[(ENEMY, 20)])
    won = result([25], [0], others=[(ENEMY, 20)])
    table = standings_of(SOLO, [lost, lost, won])
    cfg = arena.Config("solo", SOLO, 3, 0)
    doc = arena.document(cfg, table)
    (row,) = doc["bots"]
    assert row["games"] == 3 and row["wins"] == 1 and row["win_share"] == pytest.approx(1 / 3,
                                                                                      abs=1e-4)
    assert doc["no_winner"] == 2 and doc["shared"] == 0
    assert doc["others"] == [{"name": ENEMY, "games": 3, "avg_score": 20.0}]
    assert row["avg_score"] == pytest.approx(49 / 3, abs=1e-3)


def test_nobody_wins_every_seat_gets_nothing():
    specs = ("rules", "random", "random")
    table = standings_of(specs, [result([3, 9, 5], [])])
    assert [r.wins for r in table.rows.values()] == [0.0, 0.0]
    assert table.no_winner == 1 and table.played == 1
    assert [r.games for r in table.rows.values()] == [1, 2]
    doc = arena.document(arena.Config("coop", specs, 1, 0), table)
    assert all(b["win_share"] == 0 and b["ci95"][0] == 0 for b in doc["bots"])


def test_a_shared_victory_is_split_between_its_winners():
    specs = ("mcts", "rules", "random")
    table = standings_of(specs, [result([7, 7, 2], [0, 1]), result([1, 7, 7], [1, 2])])
    wins = {spec: row.wins for spec, row in table.rows.items()}
    assert wins == {"mcts": 0.5, "rules": 1.0, "random": 0.5}
    assert table.shared == 2 and table.no_winner == 0
    assert sum(wins.values()) == table.played  # one win per game, however split


def test_text_table_reports_no_winner_and_others():
    table = standings_of(SOLO, [result([4], [], others=[(ENEMY, 30)]), result([40], [0])])
    text = arena.text_table(arena.Config("solo", SOLO, 2, 0), table)
    assert "no winner in 1 of 2 games (50.0%)" in text
    enemy = next(line for line in text.splitlines() if line.startswith(ENEMY))
    assert "30.0" in enemy and "not a seat" in enemy
    assert "no winner 50%" in arena.progress_line(table, 2)
    shared = standings_of(("a", "b"), [result([5, 5], [0, 1])])
    assert "shared victory in 1 of 1" in arena.text_table(arena.Config("g", ("a", "b"), 1, 0),
                                                           shared)


def test_others_are_listed_by_name_in_the_order_met():
    specs = ("rules", "rules")
    table = standings_of(specs, [result([1, 2], [], others=[("Caesar", 5), ("Gauls", 8)]),
                                 result([9, 2], [0], others=[("Gauls", 4)])])
    doc = arena.document(arena.Config("g", specs, 2, 0), table)
    assert doc["others"] == [{"name": "Caesar", "games": 1, "avg_score": 5.0},
                             {"name": "Gauls", "games": 2, "avg_score": 6.0}]
    assert json.loads(json.dumps(doc)) == doc


def test_options_are_checked_and_reported(capsys):
    doc = run_json(capsys, games=1, option=["finite_gold=false"])
    assert doc["options"] == ["finite_gold=false"]
    with pytest.raises(ValueError, match="unknown option 'gold'"):
        arena.main(args(option=["gold=1"]))
