"""Every registered game from the command line: ``tabula play GAME
--headless`` (text and ``--json``) and ``tabula arena GAME``, through
``tui.cli.main`` as a person would type them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from ai.base import Budget
from ai.players import make_bot, play_bots
from engine import get_game
from engine.core import Options, named_options
from engine.match import Match, seats_from_kinds
from tui.cli import main

from .support import option_sets

KINDS = ("rules", "random", "mcts")
ITERATIONS = "4"


def option_args(options: Options) -> list[str]:
    """``--option K=V`` for each option, as typed on the command line."""
    out = []
    for key, value in options.items:
        if isinstance(value, bool):
            text = str(value).lower()
        elif isinstance(value, tuple):
            text = ",".join(value)
        else:
            text = str(value)
        out += ["--option", f"{key}={text}"]
    return out


def counts(game: Any) -> list[int]:
    return sorted({game.players.start, game.players.stop - 1})


def expected(game_id: str, kinds: list[str], seed: int, options: Options | None = None) -> Match:
    """The game ``tabula play --headless`` should have played: a new game,
    so every option whose default changed is named (``named_options``)."""
    named = named_options(get_game(game_id).options, options or Options())
    m = Match(game_id, seats_from_kinds(kinds), seed, named)
    bots = {i: make_bot(s.kind, s.strength) for i, s in enumerate(m.seats)}
    play_bots(m, bots, lambda: Budget(iterations=int(ITERATIONS)))
    return m


def leaves(doc: Any) -> Iterator[Any]:
    """Every string and number in a JSON document."""
    if isinstance(doc, dict):
        for v in doc.values():
            yield from leaves(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from leaves(v)
    else:
        yield doc


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "text"])
def test_headless_game(game: Any, capsys: pytest.CaptureFixture, as_json: bool) -> None:
    for n in counts(game):
        kinds = [KINDS[i % len(KINDS)] for i in range(n)]
        options = option_sets(game, n)[-1]
        argv = ["play", game.id, "--headless", "--seats", ",".join(kinds), "--seed", "5",
                "--iterations", ITERATIONS, *option_args(options)]
        assert main(argv + (["--json"] if as_json else [])) == 0
        out = capsys.readouterr().out
        m = expected(game.id, kinds, 5, options)
        res = m.game.result(m.state)
        if as_json:
            doc = json.loads(out)
            assert doc["game"] == game.id and doc["seed"] == 5
            assert [p["score"] for p in doc["players"]] == list(res.scores)
            assert [p["rank"] for p in doc["players"]] == list(res.ranks)
            assert doc["winners"] == list(res.winners)
            found = list(leaves(doc))
        else:
            found = [out] + [int(w) for w in out.replace(")", " ").split() if w.isdigit()]
            assert all(str(x) in out for x in res.scores)
        assert any(res.outcome in str(x) for x in found if isinstance(x, str))
        for name, score in res.others:  # opponents that are not seats, with their scores
            assert any(name in x for x in found if isinstance(x, str)) and score in found

def test_arena_games(game: Any, capsys: pytest.CaptureFixture) -> None:
    for n in counts(game):
        kinds = [KINDS[i % len(KINDS)] for i in range(n)]
        argv = ["arena", game.id, "--seats", ",".join(kinds), "--games", "2", "--json",
                "--iterations", ITERATIONS]
        assert main(argv) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["game"] == game.id and doc["games"] == 2
        assert sum(b["games"] for b in doc["bots"]) == 2 * n
        assert 0 <= sum(b["wins"] for b in doc["bots"]) <= 2 + 1e-9


def test_review_of_every_game(game: Any, capsys: pytest.CaptureFixture, tmp_path: Any) -> None:
    """``tabula review --json`` of a save written by ``play --save``: per seat
    its chances and (no seat being human, every seat) its costliest decisions."""
    for n in counts(game):
        file = str(tmp_path / f"{n}.tabula")
        argv = ["play", game.id, "--headless", "--seats", ",".join(["rules"] * n), "--seed",
                "5", "--save", file]
        assert main(argv) == 0
        capsys.readouterr()
        assert main(["review", file, "--json", "--iterations", ITERATIONS]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert doc["game"] == game.id and doc["reviewed"] == "every seat"
        assert len(doc["seats"]) == n
        for seat in doc["seats"]:
            assert len(seat["chances"]) == len(doc["steps"])
            assert all(0 <= c <= 1 for c in seat["chances"])
            assert len(seat["costliest"]) == min(3, seat["decisions"])
            assert all(d["cost"] >= 0 for d in seat["costliest"])
