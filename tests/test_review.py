"""The review of a finished game (``ai.review``, ``tabula review``): each
seat's win chance over the game, the costliest decisions of the human seats
(every seat when none was human) with the search's preference, seeded.

The games are played to their end by rules bots (a Provincia game takes
about 0.05 s); the searches get a few iterations only.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest

from ai.base import Budget, by_win_chance
from ai.mcts import MctsBot
from ai.players import make_bot
from ai.review import (
    TOP,
    NotFinished,
    decision_costs,
    evaluation_of,
    review,
    review_seed,
    reviewed_seats,
    sample_steps,
)
from engine.match import Match, Seat
from saves import Store
from tests.test_saves_support import make_match
from tui.cli import main

ITERATIONS = 12
RULES = ("rules",) * 4


def played(game_id: str, kinds: tuple[str, ...] = RULES, seed: int = 3,
           names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Dee")) -> Match:
    """A game played to its end by rules bots in every seat (a "human" seat too)."""
    seats = tuple(Seat(n, k) for n, k in zip(names, kinds, strict=False))
    m = Match(game_id, seats, seed)
    bots = {i: make_bot("rules") for i in range(len(seats))}
    while not m.is_over():
        seat = m.to_move()
        m.play(bots[seat].decide(m.game, m.view(seat), seat, Budget(),
                                 random.Random(m.bot_seed(seat))))
    return m


@cache
def one_human() -> Match:
    return played("provincia", ("human", "rules", "rules", "rules"))


@cache
def reviewed_one_human():
    return review(one_human(), ITERATIONS)


def test_chances_cover_every_step_for_every_seat() -> None:
    m, r = one_human(), reviewed_one_human()
    assert r.steps == len(m.actions) and r.game_id == "provincia"
    for sr in r.seats:
        assert len(sr.chances) == len(m.actions) + 1
        assert all(0.0 <= c <= 1.0 for c in sr.chances)
    # the end is the result: the winner's chance is 1
    winners = m.game.result(m.state).winners
    assert [sr.chances[-1] for sr in r.seats] == m.game.result(m.state).rewards()
    assert winners and all(r.seats[w].chances[-1] > 0 for w in winners)


def test_only_the_human_seat_is_reviewed_and_its_three_costliest_are_the_largest() -> None:
    m, r = one_human(), reviewed_one_human()
    assert not r.every_seat
    assert [sr.reviewed for sr in r.seats] == [True, False, False, False]
    assert all(sr.costliest == () for sr in r.seats[1:])
    every = decision_costs(m, [0], [evaluation_of("provincia")(m.game, s) for s in m.states])[0]
    assert len(every) == r.seats[0].decisions > TOP
    assert all(cost >= 0 for _, cost, _, _ in every)
    largest = sorted((cost for _, cost, _, _ in every), reverse=True)[:TOP]
    named = r.seats[0].costliest
    assert [c.cost for c in named] == pytest.approx(largest)
    assert [c.cost for c in named] == sorted((c.cost for c in named), reverse=True)
    for c in named:
        assert c.seat == 0 and m.game.to_move(m.states[c.step]) == 0
        assert c.played.action == m.actions[c.step]
        assert c.cost == pytest.approx(c.best - c.after) and c.best >= c.after
        assert c.after == pytest.approx(r.seats[0].chances[c.step + 1])
        # the search's preference is a legal move from the seat's view then
        assert c.preferred.action in m.game.legal(m.game.view(m.states[c.step], 0))
        assert c.preferred.chance is not None and 0.0 <= c.preferred.chance <= 1.0


def test_the_search_names_the_move_the_hint_would_suggest() -> None:
    """The preferred move is the hint's: the best chance among the moves
    searched often, so no move listed under it shows a better figure."""
    m, r = one_human(), reviewed_one_human()
    for c in r.seats[0].costliest:
        bot = MctsBot()
        bot.decide(m.game, m.game.view(m.states[c.step], 0), 0, Budget(iterations=ITERATIONS),
                   random.Random(review_seed(m, c.step, 0)))
        offered = by_win_chance(bot.explain())
        assert c.preferred.action == offered[0].action
        assert c.preferred.chance == pytest.approx(offered[0].win_rate)
        assert all(a.win_rate <= c.preferred.chance for a in offered)


def test_the_same_save_and_options_give_the_same_review(tmp_path: Path) -> None:
    m = one_human()
    path = Store(tmp_path).save(m, "g")
    again = review(Store(tmp_path).load(str(path)), ITERATIONS)
    assert again == reviewed_one_human()
    other = review(m, ITERATIONS + 20)  # another budget may name other figures
    assert [sr.chances for sr in other.seats] == [sr.chances for sr in again.seats]


@pytest.mark.parametrize("game_id", ["provincia", "romans", "ageofrome"])
def test_a_game_without_human_seats_reviews_every_seat(game_id: str) -> None:
    m = played(game_id, seed=2)
    assert reviewed_seats(m) == ([0, 1, 2, 3], True)
    r = review(m, 4)
    assert r.every_seat and all(sr.reviewed for sr in r.seats)
    for sr in r.seats:
        assert 0 < len(sr.costliest) <= TOP
        assert all(c.cost >= 0 for c in sr.costliest)


def test_an_unfinished_game_is_not_reviewed() -> None:
    with pytest.raises(NotFinished):
        review(make_match(players=3, limit=30), ITERATIONS)


def test_the_chart_samples_evenly_with_both_ends() -> None:
    assert sample_steps(5, 41) == [0, 1, 2, 3, 4, 5]
    steps = sample_steps(246, 41)
    assert steps[0] == 0 and steps[-1] == 246 and len(steps) == 41
    gaps = {b - a for a, b in zip(steps, steps[1:], strict=False)}
    assert gaps <= {6, 7}


# ------------------------------------------------------------------ the command


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_review_json_of_a_save_written_by_play(tmp_path: Path,
                                                capsys: pytest.CaptureFixture) -> None:
    file = str(tmp_path / "g.tabula")
    code, _, _ = run(capsys, "play", "provincia", "--headless", "--seats",
                     ",".join(RULES), "--seed", "4", "--save", file)
    assert code == 0
    code, out, err = run(capsys, "review", file, "--json", "--iterations", "8")
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert doc["game"] == "provincia" and doc["seed"] == 4 and doc["iterations"] == 8
    assert doc["reviewed"] == "every seat" and doc["evaluation"] in ("learned", "hand-set")
    steps = doc["steps"]
    assert steps[0] == 0 and steps[-1] == doc["actions"] and len(steps) <= 41
    assert [s["seat"] for s in doc["seats"]] == [0, 1, 2, 3]
    for seat in doc["seats"]:
        assert len(seat["chances"]) == len(steps)
        assert all(0 <= c <= 1 for c in seat["chances"])
        costs = [d["cost"] for d in seat["costliest"]]
        assert len(costs) == TOP and costs == sorted(costs, reverse=True)
        for d in seat["costliest"]:
            assert set(d) == {"step", "progress", "cost", "best_one_step", "after_one_step",
                              "agreed", "played", "preferred"}
            assert set(d["played"]) == set(d["preferred"]) == {"action", "text", "chance"}
            assert d["agreed"] == (d["played"]["action"] == d["preferred"]["action"])
    code, again, _ = run(capsys, "review", file, "--json", "--iterations", "8")
    assert again == out  # seeded: the same review


def test_review_text_names_the_human_seat_only(tmp_path: Path,
                                               capsys: pytest.CaptureFixture) -> None:
    store = Store(tmp_path)
    store.save(one_human(), "mine")
    code, out, _ = run(capsys, "--save-dir", str(tmp_path), "review", "mine",
                       "--iterations", str(ITERATIONS))
    assert code == 0
    assert "Reviewed: the human seats." in out and "Win chance by step" in out
    assert "Ann (" in out and "the 3 costliest of" in out
    assert "one move on" in out and "deeper search" in out  # the two measures named
    assert out.count("costliest") == 1  # Bob, Cy and Dee are bots


@pytest.mark.parametrize("content, reason", [
    (None, "there is no such file"),
    (b"", "it is empty"),
    (b"PK\x03\x04 a zip file", "it is not a Tabula save"),
])
def test_bad_files_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture,
                                        content: bytes | None, reason: str) -> None:
    file = tmp_path / "bad.tabula"
    if content is not None:
        file.write_bytes(content)
    code, out, err = run(capsys, "review", str(file), "--json")
    assert code == 2 and out == ""
    assert err == f"tabula: error: Cannot load {file}: {reason}.\n"


def test_an_unfinished_save_or_a_bad_budget_exits_2(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture) -> None:
    Store(tmp_path).save(make_match(players=3, limit=30), "midgame")
    code, out, err = run(capsys, "--save-dir", str(tmp_path), "review", "midgame")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "Cannot review midgame" in err and "only a finished game is reviewed" in err
    code, _, err = run(capsys, "review", "x", "--iterations", "0")
    assert code == 2 and "--iterations" in err and err.count("\n") == 1


def test_names_from_the_file_are_printed_plain(tmp_path: Path,
                                               capsys: pytest.CaptureFixture) -> None:
    """A seat name with an escape sequence (a crafted file) reaches neither
    the text nor the JSON with its control characters."""
    from tests.test_tui_hostile import craft

    m = played("provincia", ("human", "rules"), names=("x\x1b[2Jy", "B\u202eob"))
    file = craft(tmp_path / "evil.tabula", m)
    for extra in ([], ["--json"]):
        code, out, _ = run(capsys, "review", str(file), "--iterations", "4", *extra)
        assert code == 0
        assert "\x1b" not in out and "\u202e" not in out
        assert "x[2Jy" in out
