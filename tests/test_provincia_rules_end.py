"""End of the Game (L305-315): the final Play Cards turn from the left of the
first player, 3 Gold -> 1 PP, Gloria, and the tie-break chain."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.provincia.data import CITIES
from engine.provincia.state import FINAL, OVER, PLAY
from tests.provincia_helpers import (
    GOLD,
    G,
    R,
    at,
    at_final,
    cid,
    drive,
    illegal,
    position,
)


@cache
def final(n: int = 4, seed: int = 1):
    return at_final(n, seed)


def finish(s):
    return drive(s, lambda x: x.phase == OVER)


def test_final_turn_starts_left_of_the_first_player_of_round_6():
    for n in (2, 3, 4, 5, 6):
        s = at(n, PLAY, 6, seed=1)
        first = s.caesar
        s = final(n)
        assert s.phase == FINAL and s.round == 6
        order = []
        while s.phase == FINAL:
            order.append(G.to_move(s))
            s = G.play(s, ("done",))
        assert order == [(first + 1 + i) % n for i in range(n)]  # everyone had 8 Gold


def test_final_turn_is_a_play_cards_turn_then_the_game_ends():
    s = final()
    seat = G.to_move(s)
    s = position(s, {seat: {"hand": ["Statua", "Legio"], "res": R(stone=8, gold=2)}})
    pp = s.players[seat].pp
    s = G.play(s, ("play", cid("Statua"), -1))
    s = G.play(s, ("play", cid("Legio"), -1))
    assert s.players[seat].pp == pp + 7
    s = finish(s)
    assert G.to_move(s) is None and G.legal(s) == [] and G.is_over(s)
    assert s.round == 6  # no seventh round, no battle or upkeep after the final turn
    illegal(s, ("done",), "over")


def test_three_gold_buy_one_pp_at_the_end():
    s = final()
    s = position(s, {p: {"res": R(gold=g)} for p, g in enumerate((8, 2, 3, 0))})
    pps = [pl.pp for pl in s.players]
    supply = s.supply[GOLD]
    s = finish(s)
    assert [pl.pp - pp for pl, pp in zip(s.players, pps, strict=True)] == [2, 0, 1, 0]
    assert [pl.res[GOLD] for pl in s.players] == [2, 2, 0, 0]
    assert s.supply[GOLD] == supply + 9
    assert [b["gold"] for b in G.result(s).breakdown] == [2, 0, 1, 0]


def test_result_breakdown_adds_up_to_the_score():
    s = finish(final())
    res = G.result(s)
    for pl, score, parts in zip(s.players, res.scores, res.breakdown, strict=True):
        assert score == pl.pp == sum(parts.values())


# ---------------------------------------------------------------- tie-breaks


def special_of(s, seat):
    return CITIES[s.players[seat].city].special


def tied(**per_seat):
    """All four seats end on 20 PP; ``per_seat`` maps seat -> changes.
    Gold below 3 is never converted, so it stays for the tie-breaks."""
    s = final()
    base = {"res": R(), "morale": 1, "built": [], "pp": 20, "hand": []}
    changes = {p: {**base, **per_seat.get(f"p{p}", {})} for p in range(4)}
    s = position(s, changes)
    return G.result(finish(s))


def test_tie_break_1_own_special_building():
    s = final()
    own = special_of(s, 1)
    assert own != special_of(s, 0)
    # seat 0 built seat 1's special building: only one's own counts
    res = tied(p1={"built": [own]}, p0={"built": [own]}, p2={"res": R(gold=2)})
    assert res.winners == (1,) and res.tiebreak == "special building"
    assert res.ranks[1] == 1


def test_tie_break_2_most_gold():
    res = tied(p2={"res": R(gold=2)}, p3={"res": R(gold=1, clay=5), "morale": 9})
    assert res.winners == (2,) and res.tiebreak == "Gold"


def test_tie_break_3_most_clay_wood_and_stone():
    res = tied(p0={"res": R(clay=1, wood=1, stone=1)}, p3={"res": R(stone=2), "morale": 9})
    assert res.winners == (0,) and res.tiebreak == "resources"


def test_tie_break_4_highest_morale():
    res = tied(p0={"morale": 3}, p1={"morale": 4})
    assert res.winners == (1,) and res.tiebreak == "Morale"


def test_tie_break_5_shared_win():
    res = tied(p0={"morale": 4, "res": R(gold=1)}, p3={"morale": 4, "res": R(gold=1)})
    assert res.winners == (0, 3) and res.tiebreak == "shared"
    assert res.ranks[0] == res.ranks[3] == 1 and res.ranks[1] == 3


def test_most_prestige_wins_outright():
    res = tied(p2={"pp": 21})
    assert res.winners == (2,) and res.tiebreak is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(19, 20), st.booleans(), st.integers(0, 2),
                          st.integers(0, 2), st.integers(1, 2)), min_size=4, max_size=4))
def test_winners_follow_the_tie_break_chain(keys):
    s = final()
    changes = {}
    for p, (pp, special, gold, stone, morale) in enumerate(keys):
        changes[p] = {"res": R(stone=stone, gold=gold), "morale": morale, "hand": [],
                      "built": [special_of(s, p)] if special else [], "pp": pp}
    s = finish(position(s, changes))
    res = G.result(s)
    best = max(keys)
    assert res.winners == tuple(p for p, k in enumerate(keys) if k == best)
    assert [pl.pp for pl in s.players] == [k[0] for k in keys]
    for p in range(4):
        assert res.ranks[p] == 1 + sum(1 for k in keys if k > keys[p])
