"""Phase 3 — Battle (L203-263): secret tokens mixed so nobody knows who
played which, strength against the Gauls, ties win, penalties with "/"
alternatives and compound parts (D4, D5), the 3 Gold / 2 PP fallback, and
destroyed buildings (D7)."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import HIDDEN
from engine.match import Match, Seat
from engine.provincia.data import BELLA, TUNED, bellum_ids
from engine.provincia.events import MoraleLost
from engine.provincia.state import BATTLE
from engine.provincia.text import event_text
from tests.provincia_helpers import (
    CLAY,
    GOLD,
    STONE,
    WOOD,
    G,
    R,
    at,
    built_names,
    cid,
    drive,
    fight,
    hand_names,
    illegal,
    position,
    token,
    token_value,
)

NEUTRAL = 4, 5  # colours not in a 4-player game (Tolosa, Loupian): their tokens help nobody


@cache
def base(rnd: int = 2, seed: int = 3):
    return at(4, BATTLE, rnd, seed=seed)


def neutral_tokens(p: int) -> list[int]:
    return [token(NEUTRAL[0], p), token(NEUTRAL[1], p)]


def battle(me: dict, bellum_card: str, rnd: int = 2, plays: dict | None = None, policy=None):
    """Seat 0 fights with ``me``; the others are strong (morale 10, defense 3).
    Every seat holds neutral tokens unless ``plays`` gives it a token."""
    s = base(rnd)
    plays = dict(plays or {})
    players = {}
    for p in range(4):
        ts = neutral_tokens(p)
        if p in plays:
            ts = [plays[p]] + ts
        else:
            plays[p] = ts[0]
        players[p] = {"tokens": ts} if p else {"tokens": ts, "hand": [], **me}
        if p:
            players[p].update(morale=10, defense=3)
    s = position(s, players, bellum_card=bellum_card)
    kw = {} if policy is None else {"policy": policy}
    after, battles = fight(s, plays, **kw)
    return s, after, next(b for b in battles if b[1] == 0)


def choose(name):
    def policy(s):
        legal = G.legal(s)
        for a in legal:
            if a[0] == "destroy" and a[1] == cid(name):
                return a
        return ("done",) if ("done",) in legal else legal[0]
    return policy


# ---------------------------------------------------------------- strength


@settings(max_examples=40, deadline=None)
@given(defense=st.integers(-3, 10), morale=st.integers(1, 10),
       buildings=st.lists(st.sampled_from(["Officina", "Stabulum", "Statio"]), max_size=3),
       mine=st.lists(st.integers(0, 4), unique=True, max_size=4),
       card=st.sampled_from(bellum_ids(TUNED)))
def test_strength_is_defense_morale_military_and_own_colour_tokens_ties_win(
        defense, morale, buildings, mine, card):
    # Officina and Stabulum are unique, Statio is not
    built = [("Statio", True)] * buildings.count("Statio") + sorted(
        {b for b in buildings if b != "Statio"})
    military = 2 * buildings.count("Statio") + ("Officina" in buildings) + (
        "Stabulum" in buildings)
    # the tokens of seat 0's colour are played by whichever seats drew them
    plays = {p: token(0, k) for p, k in enumerate(mine)}
    _, _, b = battle({"defense": defense, "morale": morale, "built": built},
                     BELLA[card].name, plays=plays)
    total = defense + morale + military + sum(token_value(token(0, k)) for k in mine)
    attack = BELLA[card].attack
    assert b[2:] == (total, attack, total >= attack)


def test_a_tie_with_the_gauls_is_a_win_with_no_penalty():
    s, after, b = battle({"defense": 0, "morale": 4, "pp": 5}, "II-c")  # Gauls 4: lose 2 PP
    assert b[2:] == (4, 4, True)
    assert after.players[0].pp == 5


def test_one_short_of_the_gauls_is_a_loss():
    s, after, b = battle({"defense": -1, "morale": 4, "pp": 5}, "II-c")
    assert b[2:] == (3, 4, False)
    assert after.players[0].morale == 1  # II-c: lose 2 Morale (then the Phase 4 −1, floor 1)
    assert after.players[0].pp == 5


def test_a_lost_battle_can_cost_morale():
    """L473 lists Morale among the losses: II-c costs 2 Morale, or 2 PP when
    the city cannot lose 2 without going below the track's 1 (like resources,
    only in full). The log says so."""
    _, after, b = battle({"defense": -3, "morale": 6, "pp": 5}, "II-c")
    assert not b[4]
    assert after.players[0].morale == 6 - 2 - 1  # the penalty, then Phase 4
    assert after.players[0].pp == 5
    _, after, _ = battle({"defense": -3, "morale": 2, "pp": 5}, "II-c")
    assert after.players[0].pp == 3  # 2 Morale would go below 1: the second alternative
    assert after.players[0].morale == 1


def test_a_morale_penalty_is_logged():
    s, _, _ = battle({"defense": -3, "morale": 6}, "II-c")
    line = event_text(s, MoraleLost(0, 2))
    assert line is not None and line.endswith(" loses 2 Morale.")


def test_this_rounds_bellum_is_revealed_the_later_ones_stay_hidden():
    s, after, _ = battle({"morale": 10}, "II-c")
    for seat in range(4):
        v = G.view(after, seat)
        assert v.bellum[0].card == s.bellum[0].card
        assert all(h.card == HIDDEN for h in v.bellum[1:])


# ---------------------------------------------------------------- tokens


def test_every_player_must_play_exactly_one_of_his_own_tokens():
    s = base()
    seat = G.to_move(s)
    legal = G.legal(s)
    assert ("done",) not in legal and all(a[0] == "token" for a in legal)
    assert sorted(a[1] for a in legal) == sorted(h.card for h in s.players[seat].tokens)
    foreign = next(h.card for h in s.players[(seat + 1) % 4].tokens)
    illegal(s, ("token", foreign), "token")
    after = drive(s, lambda x: x.phase != BATTLE)
    for p in range(4):
        assert len(after.players[p].tokens) == 4  # played tokens go back to the box


def test_played_tokens_are_revealed_mixed_and_never_returned():
    s = base()
    s, _ = fight(s, {})
    assert len(s.revealed) == 4
    remaining = [h.card for pl in s.players for h in pl.tokens]
    assert not set(s.revealed) & set(remaining)


def swapped(a: int, b: int):
    """Seats 1 and 2 hold {a, y} and {b, w} in one world, {b, y} and {a, w} in
    the other; each plays its first token. Only they know who played which."""
    s = base()
    y, w = token(NEUTRAL[0], 1), token(NEUTRAL[0], 2)
    one = position(s, {1: {"tokens": [a, y]}, 2: {"tokens": [b, w]}})
    two = position(s, {1: {"tokens": [b, y]}, 2: {"tokens": [a, w]}})
    return (one, {1: a, 2: b}), (two, {1: b, 2: a})


def test_nobody_else_can_tell_who_played_which_token():
    """D24: after mixing, views, events and log lines of the other seats are
    the same whichever of two players played the orange +1."""
    worlds = swapped(token(0, 2), token(3, 4))
    runs = []
    for s, plays in worlds:
        states = [s]
        while states[-1].phase == BATTLE:
            x = states[-1]
            seat = G.to_move(x)
            a = ("token", plays[seat]) if seat in plays and not x.pending else (
                ("token", x.players[seat].tokens[0].card) if not x.pending else G.legal(x)[0])
            states.append(G.play(x, a))
        runs.append(states)
    assert len(runs[0]) == len(runs[1])
    for x, y in zip(*runs, strict=True):
        for seat in (0, 3):
            vx, vy = G.view(x, seat), G.view(y, seat)
            assert vx == vy
            assert [G.event_text(vx, e) for e in G.events(vx)] == [
                G.event_text(vy, e) for e in G.events(vy)]


def test_the_log_never_names_who_played_a_token():
    m = Match("provincia", tuple(Seat(f"p{i}", "random") for i in range(4)), seed=5)
    import random

    rng = random.Random(5)
    while m.state.round < 3:
        m.play(rng.choice(G.legal(m.state)))
    lines = [line.text for _, line in m.log_lines(None)]
    token_lines = [t for t in lines if "token" in t]
    placed = [t for t in token_lines if t.endswith("places a battle token face down.")]
    mixed = [t for t in token_lines if t.startswith("The mixed battle tokens are revealed: ")]
    assert len(placed) == 4 and len(mixed) == 1  # one battle (round 2) so far
    assert sorted(placed + mixed) == sorted(token_lines)


# ---------------------------------------------------------------- penalties


def test_slash_pays_the_first_alternative_when_possible():
    # II-d: lose 2 Wood / lose 2 Gold
    _, after, _ = battle({"morale": 1, "defense": -3, "res": R(wood=2, gold=5)}, "II-d")
    assert after.players[0].res == R(gold=4)  # 2 Wood, then the Phase 4 tax
    _, after, _ = battle({"morale": 1, "defense": -3, "res": R(wood=1, gold=5)}, "II-d")
    assert after.players[0].res == R(wood=1, gold=2)  # 2 Gold + tax


def test_lost_resources_return_to_the_supply():
    s, after, _ = battle({"morale": 1, "defense": -3, "res": R(stone=4, gold=1)}, "III-d",
                         rnd=3)
    assert after.players[0].res == R(stone=1)  # 3 Stone lost, 1 Gold tax
    assert after.supply[STONE] == s.supply[STONE] + 3


def test_nothing_payable_costs_3_gold():
    # II-a: Production / Defense building; seat 0 has neither, not even a Horreum
    _, after, _ = battle({"morale": 1, "defense": -3, "res": R(gold=5), "horreum": False,
                          "built": [], "pp": 4}, "II-a")
    assert after.players[0].res == R(gold=1)  # 3 Gold, then the tax
    assert after.players[0].pp == 4


def test_nothing_payable_and_less_than_3_gold_costs_2_pp():
    _, after, _ = battle({"morale": 1, "defense": -3, "res": R(stone=2, gold=2), "pp": 4},
                         "III-d", rnd=3)  # 3 Stone / 3 Gold: neither can be paid
    assert after.players[0].pp == 2
    assert after.players[0].res == R(stone=2, gold=1)  # only the tax


def test_compound_penalty_pays_every_part_it_can():
    """D5: "Destroy 1 Production building and lose 2 Clay" with 1 Clay."""
    _, after, _ = battle({"morale": 1, "defense": -3, "res": R(clay=1, gold=1),
                          "built": ["Fodina"]}, "III-c", rnd=3, policy=choose("Fodina"))
    pl = after.players[0]
    assert "Fodina" in hand_names(pl)
    assert pl.res[CLAY] == 1
    _, after, _ = battle({"morale": 1, "defense": -3, "res": R(clay=3, gold=1),
                          "built": ["Fodina"]}, "III-c", rnd=3, policy=choose("Fodina"))
    assert after.players[0].res[CLAY] == 1


def test_compound_penalty_with_only_the_pp_part_payable_has_no_fallback():
    # V-a: Destroy 1 Prestige building and lose 2 PP; no building worth 3+ PP
    _, after, _ = battle({"morale": 1, "defense": -3, "res": R(gold=4), "pp": 1,
                          "built": ["Fodina"]}, "V-a", rnd=5)
    assert after.players[0].pp == -1  # Prestige may go negative (D6)
    assert after.players[0].res[GOLD] == 3  # only the tax: no 3 Gold fallback
    assert built_names(after.players[0]) == ["Fodina", "Horreum"]


def test_prestige_building_means_any_building_worth_3_or_more_pp():
    """L195 ("Prestige Buildings are worth 3 or more Prestige Points") and
    INVENTORY PR-M9: an Aquaeductus (10 PP, Morale icon) is a Prestige building."""
    _, after, _ = battle({"morale": 1, "defense": -3, "built": ["Aquaeductus", "Fodina"],
                          "pp": 12}, "V-a", rnd=5)
    pl = after.players[0]
    assert "Aquaeductus" in hand_names(pl)
    assert pl.pp == 12 - 10 - 2


def test_the_loser_chooses_which_building_of_the_required_type():
    s = base()
    s = position(s, {0: {"morale": 1, "defense": -3, "hand": [],
                         "built": ["Fodina", "Lignator", "Domus", ("Turris", False)]},
                     **{p: {"morale": 10, "defense": 3} for p in (1, 2, 3)}},
                 bellum_card="II-a")
    s = drive(s, lambda x: bool(x.pending))
    assert G.to_move(s) == 0
    assert set(G.legal(s)) == {("destroy", cid(n), True)
                               for n in ("Horreum", "Fodina", "Lignator")}
    illegal(s, ("destroy", cid("Domus"), True))
    s = G.play(s, ("destroy", cid("Lignator"), True))
    assert "Lignator" in hand_names(s.players[0])


def test_morale_building_penalties():
    # V-b: Defense building / Morale building
    _, after, _ = battle({"morale": 1, "defense": -3, "built": ["Hortus", "Fodina"]}, "V-b",
                         rnd=5)
    assert "Hortus" in hand_names(after.players[0])
    # III-a: Morale building / lose 2 PP
    _, after, _ = battle({"morale": 1, "defense": -3, "pp": 3}, "III-a", rnd=3)
    assert after.players[0].pp == 1


def test_destroyed_building_goes_back_to_hand_with_its_pp_lost():
    _, after, _ = battle({"morale": 1, "defense": -3, "built": ["Stabulum"], "pp": 2},
                         "II-b")  # Defense / Production
    pl = after.players[0]
    assert hand_names(pl) == ["Stabulum"] and pl.pp == 0 and pl.military == 0
    for seat in range(4):  # a destroyed building is public knowledge
        assert [h.card for h in G.view(after, seat).players[0].hand] == [cid("Stabulum")]


def test_winners_pay_nothing():
    s, after, b = battle({"morale": 10, "defense": 3, "res": R(2, 2, 2, 4)}, "III-d", rnd=3)
    assert b[4]
    assert after.players[0].res == R(2, 2, 2, 3)  # only the tax
    assert after.players[0].res[WOOD] == 2


def test_a_loser_is_asked_which_building_even_with_one_choice_so_no_aediles_shows():
    """Hands are secret: a pause for the loser's decision must not reveal an
    Aediles. Two worlds differ only in whether seat 0 or seat 2 holds it."""
    runs = []
    for aediles_with in (0, 2):
        s = base()
        hands = {0: ["Legio"], 2: ["Legio"]}
        hands[aediles_with] = ["Aediles"]
        s = position(s, {0: {"morale": 1, "defense": -3, "built": ["Turris"],
                             "hand": hands[0], "tokens": neutral_tokens(0)},
                         2: {"hand": hands[2], "morale": 10, "defense": 3,
                             "tokens": neutral_tokens(2)},
                         **{p: {"morale": 10, "defense": 3, "tokens": neutral_tokens(p)}
                            for p in (1, 3)}},
                     bellum_card="II-b")  # Defense building / Production building
        states = [s]
        while not s.pending and s.phase == BATTLE:
            s = G.play(s, G.legal(s)[0])
            states.append(s)
        runs.append(states)
    assert [len(r) for r in runs] == [len(runs[0])] * 2
    for x, y in zip(*runs, strict=True):
        for seat in (1, 3):
            assert G.view(x, seat) == G.view(y, seat)
    with_aediles, without = runs[0][-1], runs[1][-1]
    assert G.to_move(with_aediles) == G.to_move(without) == 0
    assert G.legal(with_aediles) == [("destroy", cid("Turris"), False), ("aediles",)]
    assert G.legal(without) == [("destroy", cid("Turris"), False)]


def test_each_battle_round_turns_over_the_bellum_of_its_own_stack():
    """L215: during round 3, turn over the "III" card (D3: backs II, III, V, VI)."""
    s = base()
    seen = {}
    while G.to_move(s) is not None:
        rnd = s.round
        s = G.play(s, G.legal(s)[0] if s.phase == BATTLE or s.pending else (
            ("done",) if ("done",) in G.legal(s) else G.legal(s)[0]))
        for e in G.events(s):  # one play may run on into the next round
            if e[0] == "round":
                rnd = e[1]
            elif e[0] == "bellum":
                seen[rnd] = BELLA[e[1]].round
    assert seen == {2: 2, 3: 3, 5: 5, 6: 6}


def test_late_battles_are_winnable_by_a_city_that_invests_in_defence():
    """Issue 11: two active Statio, Officina and Stabulum (6 Military for good)
    with Morale 2 hold against every round V and VI card, the strongest
    included (a real fight against the strongest)."""
    strongest = max((b for b in BELLA if b.round in (5, 6)), key=lambda b: b.attack)
    _, _, b = battle({"defense": 0, "morale": 2,
                      "built": [("Statio", True), ("Statio", True), "Officina", "Stabulum"]},
                     strongest.name, rnd=strongest.round)
    assert b[2:] == (8, strongest.attack, True)
