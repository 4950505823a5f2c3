"""The Romans' ISMCTS anchor (ai/romans/defence.py): the Enemy campaign
followed further than the rule bot's estimate."""

from __future__ import annotations

import random

import pytest

import engine
from ai.romans import defence, strategy, threat
from engine.romans.prep import entries
from engine.romans.state import EXPANSION, INDEX, LATIUM, NATIONS, Horde, board

G = engine.get_game("romans")


def drive(seed: int, until, limit: int = 4000):
    """Rule bots play from setup until ``until(state)``; that state."""
    s = G.setup(4, None, seed)
    for _ in range(limit):
        if G.to_move(s) is None:
            break
        if until(s):
            return s
        seat = G.to_move(s)
        s = G.play(s, strategy.decide(G, G.view(s, seat), seat, random.Random(0)).action)
    raise AssertionError("the position never came")


def _hordes(v, seat):
    p = v.players[seat]
    out = []
    for a in G.legal(v):
        if a.user != seat:
            continue
        n = entries(v)[a.face - 1]
        start = INDEX[n.start]
        fleet = board(p).fleet_sea[start] if n.fleet else -1
        out.append((a, Horde(start, n.warbands, n.general, fleet)))
    return out


def test_a_campaign_followed_further_never_costs_less() -> None:
    s = drive(3, lambda s: s.era == 5 and s.phase == NATIONS and not s.pending)
    seat = G.to_move(s)
    v = G.view(s, seat)
    p = v.players[seat]
    for _, h in _hordes(v, seat):
        short = threat.damage(v, p, h)
        assert short == threat.damage(v, p, h, steps=threat.STEPS)
        assert threat.damage(v, p, h, steps=12) >= short - 1e-9


def test_a_far_city_taken_then_latium_counts_when_followed_further() -> None:
    """Only cities far from Italy: an army that takes them turns on Latium
    (6E: no city left, Latium is the target), after more than 4 attacks."""
    s = drive(3, lambda s: s.era == 5 and s.phase == NATIONS and not s.pending)
    seat = G.to_move(s)
    v = G.view(s, seat)
    p = v.players[seat]
    far = INDEX["Mauritania"]
    road = [INDEX[x] for x in ("Venetia", "Gallia", "Hispania", "Mauritania", "Etruria")]
    garrison = 1 << LATIUM
    for i in road:
        garrison |= 1 << i
    q = p.replace(garrison=garrison, cities=1 << far, forts=0, walls=0, unrest=0)
    h = Horde(INDEX["Gallia"], 6, 1, -1)
    short = threat.damage(v, q, h)
    deep = threat.damage(v, q, h, steps=12)
    assert deep > short


def test_the_fall_of_rome_alone() -> None:
    """``fall_only`` counts Latium's fall alone: 5 points a warband left,
    less the one that stays in Latium in Era 5 (7H)."""
    s = drive(3, lambda s: s.era == 5 and s.phase == NATIONS and not s.pending)
    v = G.view(s, G.to_move(s))
    p = v.players[G.to_move(s)]
    q = p.replace(garrison=1 << LATIUM, cities=0, forts=0, walls=0, unrest=0)
    h = Horde(INDEX["Etruria"], 8, 2, -1)  # no city: Latium is the target (6E)
    fall = threat.damage(v, q, h, fall_only=True)
    assert 0.0 < fall <= 5 * (8 - 1) and fall < threat.damage(v, q, h)


def test_the_anchor_faces_the_nation_least_harmful_followed_deep() -> None:
    """The anchor's Enemy nation (6D) is the least harmful followed for
    ``CHOICE_STEPS`` attacks; the rule bot keeps its own choice and depth."""
    s = drive(3, lambda s: s.era == 5 and s.phase == NATIONS and not s.pending)
    seat = G.to_move(s)
    v = G.view(s, seat)
    p = v.players[seat]
    before = strategy.decide(G, v, seat, random.Random(0))
    assert defence.CHOICE_STEPS > threat.STEPS == 4
    options = _hordes(v, seat)
    least = min(threat.damage(v, p, h, steps=defence.CHOICE_STEPS) for _, h in options)
    got = defence.decide(G, v, seat, random.Random(0)).action
    chosen = next(h for a, h in options if a == got)
    assert threat.damage(v, p, chosen, steps=defence.CHOICE_STEPS) == pytest.approx(least)
    assert strategy.decide(G, v, seat, random.Random(0)) == before


def _rank_gaps(era: int) -> tuple[float, float]:
    """In an ``era`` senator placement: how much less the rule bot and the
    anchor value the same box taken by a higher senator, per rank."""
    s = drive(5, lambda s: s.era == era and s.phase == EXPANSION and not s.pending
              and len(set(s.players[G.to_move(s)].villa)) >= 2)
    seat = G.to_move(s)
    v = G.view(s, seat)
    actions = G.legal(v)
    by_box: dict[tuple, list] = {}
    for a in actions:
        if a[0] == "senator":
            by_box.setdefault((a.building, a.box, a.god), []).append(a)
    ranks = next(sorted(xs, key=lambda a: a.rank) for xs in by_box.values() if len(xs) >= 2)
    low, high = ranks[0], ranks[-1]
    plain = {a: val for a, val, _ in strategy.rank(v, seat, actions)}
    anchor = {a: val for a, val, _ in strategy.rank(v, seat, actions, defence.DefendingCtx)}
    apart = high.rank - low.rank
    return (plain[low] - plain[high]) / apart, (anchor[low] - anchor[high]) / apart


def test_the_anchor_keeps_its_high_senators_for_high_boxes_in_eras_4_and_5() -> None:
    """A senator above the box it takes wastes more to the anchor in Eras
    4-5 (``defence.RANK_WASTE``) than to the rule bot (0.35 a rank): the
    damage saved made armies and builds worth so much that III and IV
    senators went to them, and the scoring boxes got what was left."""
    for era in (4, 5):
        plain, anchor = _rank_gaps(era)
        assert plain == pytest.approx(strategy.RANK_WASTE)
        assert anchor == pytest.approx(defence.RANK_WASTE[era - 1])
        assert anchor > plain
    plain, anchor = _rank_gaps(2)
    assert plain == pytest.approx(anchor) == pytest.approx(strategy.RANK_WASTE)
