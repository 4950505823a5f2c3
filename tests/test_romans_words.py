"""Words as a player reads them (issue 28, "Plurals right everywhere"): "1
material", not "1 materials", in every cost, buy and sell line and the
log; the reasons points were scored as the rulebook names them ("+3 points
(Christian cities)", "(Glory)"), not the breakdown's keys."""

from __future__ import annotations

import random
import re

from engine.match import Match, Seat
from engine.romans.actions import Buy, Sell, Senator
from engine.romans.closed import building_closed
from engine.romans.setup import BUILDING_INDEX
from tests.romans_helpers import RED, G, expansion

WRONG = re.compile(r"\b1 materials\b|\((christian|glory|triumphs|arts)\)")


def test_one_material_is_singular_in_a_cost_a_trade_and_a_reason():
    s = expansion().villa(RED, 1).docks(RED, materials=1, gold=3).build()
    assert G.describe(s, Buy("materials")) == "Buy 1 material for 3 gold"
    assert G.describe(s, Sell("materials")) == "Sell 1 material for 1 gold"
    assert G.describe(s, Senator(1, "Servian Wall", 1, "")) == \
        "I to Servian Wall, box I (1 material)"
    poor = expansion().villa(RED, 1).docks(RED, materials=0).build()
    assert building_closed(poor, RED, BUILDING_INDEX["Servian Wall"]) == \
        "needs 1 material (have 0)"
    bought = G.play(s, Buy("materials"))
    lines = [G.log_line(bought, e).text for e in bought.events if e[0] == "buy"]
    assert lines == ["Red buys 1 material"]


def test_no_text_of_random_games_says_1_materials_or_a_scoring_key():
    texts = []
    for seed in (1, 2):
        m = Match("romans", tuple(Seat(f"B{i}", "random") for i in range(4)), seed)
        rng = random.Random(seed)
        while not m.is_over():
            seat = m.to_move()
            v = m.view(seat)
            legal = m.game.legal(v)
            texts += [G.describe(v, a) for a in legal]
            m.play(rng.choice(legal))
            texts += ["".join(t for t, _ in line.parts) for e in G.events(m.state)
                      if (line := G.log_line(m.state, e))]
    found = [t for t in texts if WRONG.search(t)]
    assert not found, found[:5]
    assert any("(Christian cities)" in t or "(Triumph tokens)" in t for t in texts)
