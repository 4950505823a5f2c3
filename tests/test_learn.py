"""The learned evaluations' pipeline (ai/learn, ``python -m ai.train``):
the fit finds weights that are there, self-play and training replay from
their seeds, a shipped file must fit today's features, and the search
uses the evaluation it is given."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ai import train
from ai.base import Budget
from ai.knowledge import knowledge
from ai.learn import evaluator as ev
from ai.learn.fit import fit
from ai.learn.model import Learned, Provenance, load, probe_digest
from ai.learn.selfplay import Job, Position, features_for, play
from ai.mcts import MctsBot
from engine import get_game

GAMES = ("provincia", "romans", "ageofrome")


def synthetic(weights: list[float], games: int, seats: int, seed: int) -> list[list[Position]]:
    """Positions whose winner is drawn from a conditional logit with
    ``weights``: the fit should find them again."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(games):
        rows = rng.normal(size=(seats, len(weights)))
        z = rows @ np.array(weights)
        p = np.exp(z - z.max())
        p /= p.sum()
        winner = rng.choice(seats, p=p)
        outcome = tuple(1.0 if i == winner else 0.0 for i in range(seats))
        out.append([Position(0, tuple(map(tuple, rows)), (1 / seats,) * seats, outcome)])
    return out


def test_the_fit_finds_the_weights_that_made_the_winners() -> None:
    truth = [1.5, -0.8, 0.0]
    (st,) = fit(synthetic(truth, 4000, 4, seed=3), stages=1, width=3, ridge=0.1)
    assert np.allclose(st.weights, truth, atol=0.15)
    assert st.loss < st.uniform  # it predicts games it never saw better than a coin


def test_a_solo_fit_is_a_logistic_with_a_bias() -> None:
    rng = np.random.default_rng(5)
    games = []
    for _ in range(3000):
        x = rng.normal()
        won = float(rng.random() < 1 / (1 + np.exp(-(2.0 * x - 1.0))))
        games.append([Position(0, ((x, 1.0),), (0.5,), (won,))])
    (st,) = fit(games, stages=1, width=2, ridge=0.1)
    assert np.allclose(st.weights, [2.0, -1.0], atol=0.2)


def test_chances_are_a_softmax_and_solo_a_logistic() -> None:
    learned = Learned(("a", "one"), "x", ((1.0, 0.0), (2.0, 0.5)),
                      Provenance("g", 2, (1, 1), ("rules",), 4, 1, 1.0))
    c = learned.chances([[1.0, 1.0], [0.0, 1.0]], 0)
    assert c[0] == pytest.approx(np.e / (np.e + 1)) and sum(c) == pytest.approx(1.0)
    assert learned.chances([[0.0, 1.0]], 7) == [pytest.approx(1 / (1 + np.exp(-0.5)))]
    assert Learned.from_json(learned.to_json()) == learned


def test_a_file_of_another_format_is_refused() -> None:
    doc = {"format": 99, "names": [], "digest": "", "provenance": {}, "weights": []}
    with pytest.raises(ValueError, match="format 99"):
        Learned.from_json(json.dumps(doc))


@pytest.mark.parametrize("game_id", GAMES)
def test_self_play_replays_from_its_seed(game_id: str) -> None:
    job = Job(game_id, ("rules",) * 4, seed=11, every=6)
    first, again = play(job), play(job)
    assert first == again and len(first) > 10
    f = features_for(game_id)
    assert all(len(row) == len(f.names) for p in first for row in p.rows)
    assert all(0 <= p.stage < f.stages for p in first)
    assert sum(first[-1].outcome) <= 1.0 + 1e-9


def test_training_writes_a_file_that_its_seeds_make_again(tmp_path: Path) -> None:
    args = ["romans", "--games", "4", "--seed", "40", "--every", "10"]
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert train.main([*args, "--out", str(a)], out=io.StringIO()) == 0
    out = io.StringIO()
    train.main([*args, "--out", str(b), "--jobs", "2"], out=out)
    assert a.read_text() == b.read_text()  # the same seeds, another pool: the same file
    learned = load(a)
    assert learned.provenance.seeds == (40, 43) and learned.provenance.games == 4
    assert learned.digest == features_for("romans").digest
    assert "held-out log-loss" in out.getvalue() and "wrote" in out.getvalue()


def test_a_lost_arena_keeps_the_file_before(tmp_path: Path) -> None:
    path = tmp_path / "learned.json"
    args = ["provincia", "--games", "4", "--every", "12", "--out", str(path)]
    train.main(args, out=io.StringIO())
    before = path.read_text()
    plan = train.Plan("provincia", games=4, seed=100, every=12, arena=1, iterations=20)
    out = io.StringIO()
    train.train(plan, path, out=out)
    said = out.getvalue()
    assert "arena: new" in said
    if "kept the file before" in said:  # lost or drew: the file before stays
        assert path.read_text() == before
    else:
        figures = load(path).provenance.arena
        assert figures["games"] == 2 and figures["new_share"] > 0.5


@pytest.mark.parametrize("game_id", GAMES)
def test_a_shipped_file_fits_the_features_the_game_computes(game_id: str) -> None:
    """Every shipped file was fitted for today's features: their names, and
    what they compute on fixed positions (the probe)."""
    learned = ev.shipped(game_id)
    f = features_for(game_id)
    if learned is None:  # none shipped: the hand-set evaluation is the leaf
        assert not ev.shipped_path(game_id).exists()
        return
    assert learned.digest == f.digest, f"refit {game_id}: python -m ai.train {game_id}"
    assert learned.probe == probe_digest(get_game(game_id), f, train.probe_states(game_id))


def test_the_probe_catches_a_feature_computed_differently() -> None:
    f = features_for("provincia")
    states = train.probe_states("provincia", plies=120)
    g = get_game("provincia")
    changed = replace(f, of=lambda s, seat: [x * 1.01 for x in f.of(s, seat)])
    assert probe_digest(g, f, states) == probe_digest(g, f, states)
    assert probe_digest(g, changed, states) != probe_digest(g, f, states)
    assert replace(f, names=(*f.names[:-1], "other")).digest != f.digest


def test_a_stale_file_falls_back_to_the_hand_set_evaluation(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    f = features_for("provincia")
    stale = Learned(f.names, "not-the-digest", ((0.0,) * len(f.names),) * f.stages,
                    Provenance("provincia", 4, (1, 1), ("rules",) * 4, 4, 1, 1.0))
    path = tmp_path / "learned.json"
    path.write_text(stale.to_json())
    monkeypatch.setattr(ev, "shipped_path", lambda game_id: path)
    ev.shipped.cache_clear()
    try:
        evaluate = ev.learned_or("provincia", f, f.hand)
        g = get_game("provincia")
        s = play_to(g, 30)
        assert evaluate(g, s) == list(f.hand(g, s))
        fresh = replace(stale, digest=f.digest)
        path.write_text(fresh.to_json())
        ev.shipped.cache_clear()
        evaluate = ev.learned_or("provincia", f, f.hand)
        assert evaluate(g, s) == pytest.approx([0.25] * 4)  # zero weights: all alike
    finally:
        ev.shipped.cache_clear()


def play_to(g, plies: int):
    from engine.core import Options

    s = g.setup(4, Options.of({}), 3)
    rng = random.Random(0)
    for _ in range(plies):
        s = g.play(s, rng.choice(list(g.legal(s))))
    return s


def test_the_search_evaluates_its_leaves_with_the_knowledge_it_is_given() -> None:
    g = get_game("provincia")
    calls = []

    def counting(game, s):
        calls.append(1)
        return [0.25] * game.seats(s)

    know = replace(knowledge("provincia"), evaluate=counting)
    s = play_to(g, 6)
    seat = g.to_move(s)
    bot = MctsBot("easy", knowledge=know)
    bot.decide(g, g.view(s, seat), seat, Budget(iterations=30), random.Random(1))
    assert len(calls) >= 29
