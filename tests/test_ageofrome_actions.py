"""Age of Rome's Building phase (L151-172) and Action phase (L173-265):
what may be built and where, Medals, Follower capacities (E8), Bonuses
(E18, A17), Scheme placement, the Colosseum, the Trade window before the
action resolves, the order of turns and what goes home at the end (L253).

Positions are hand-built (tests/test_ageofrome_forces.py ``position``) and
played through the game's own flow (engine.ageofrome.game).
"""

from __future__ import annotations

import pytest

from engine.ageofrome import action_phase, board, build, data
from engine.ageofrome.actions import DONE, Build, Place
from engine.ageofrome.game import AgeOfRome
from engine.ageofrome.scenario import Scenario
from engine.ageofrome.state import (
    ACTIONS,
    BUILD,
    CARD_INDEX,
    FARMING,
    MILITARY,
    POLITICS,
    RELIGION,
    TRADE,
    TRADE_POOL,
    Marker,
    State,
    tile_index,
)
from engine.core import ALL_SEATS, Held, IllegalAction
from tests.ageofrome_helpers import table
from tests.test_ageofrome_forces import HENRY, JACK, MARY, ROSS, position, writable

game = AgeOfRome()
ITALIA = 0  # seat 0 (Jack) faces Italia at rotation 0, Henry Gaule, Mary Hispania, Ross Africa


def at(s: State, phase: str, **province_levels: tuple) -> State:
    """``s`` entered into ``phase`` by the game's flow, after setting the
    building levels of provinces named ``p<index>``."""
    w = writable(s)
    for key, levels in province_levels.items():
        i = int(key[1:])
        pr = w.provinces[i].thaw()
        pr.levels = tuple(levels)
        w.provinces = w.provinces[:i] + (pr.freeze(),) + w.provinces[i + 1:]
    game.flow.goto(w, phase)
    return game.settle(w)


def play(s: State, *actions: tuple) -> State:
    for a in actions:
        s = game.play(s, a)
    return s


def hand(*names: str) -> tuple[Held, ...]:
    """Cards everyone has seen: a Trade window opens only for a playable one
    (trade.may_play also opens one for a card others have not seen)."""
    return tuple(Held(CARD_INDEX[n], ALL_SEATS, TRADE_POOL) for n in names)


def alone(seat: int, **changes: object) -> State:
    """A 4-player position where only ``seat`` has Followers to place."""
    kw: dict = {f"seat{k}": {"followers": 0} for k in range(4) if k != seat}
    kw[f"seat{seat}"] = dict(changes)
    return position(**kw)


def kinds(s: State, kind: str) -> list[tuple]:
    return [e for e in s.events if e[0] == kind]


# ---------------------------------------------------------------- building
def test_level_i_needs_the_space_then_ii_over_i_and_iii_over_ii_in_one_turn() -> None:
    # L155-156: as many tiles as the seat can pay, upgrades of this turn's tiles too.
    s = at(position(jack={"denarii": 24, "glory": 1}), BUILD)
    assert game.to_move(s) == JACK
    assert set(game.legal(s)) >= {Build(t) for t in board.BUILDING_TYPES} | {DONE}
    s = play(s, Build("Religion"))
    assert s.provinces[ITALIA].levels[RELIGION] == 1
    assert s.players[JACK].denarii == 21 and s.players[JACK].glory == 3
    assert s.provinces[ITALIA].population == 2  # L156: +1 per tile
    s = play(s, Build("Religion"))  # II over the I just built: 8 Denarii, +4
    assert s.provinces[ITALIA].levels[RELIGION] == 2
    assert s.players[JACK].denarii == 13 and s.players[JACK].glory == 7
    s = play(s, Build("Religion"))  # III: 13 Denarii, +6, the Medal
    assert s.players[JACK].denarii == 0
    assert s.players[JACK].glory == 13
    assert s.players[JACK].medals == 1 << RELIGION
    assert not s.medals >> RELIGION & 1
    assert (s.players[JACK].tiles_placed, s.players[JACK].level3_placed) == (3, 1)
    assert s.tiles[tile_index(RELIGION, 3)] == data.TILES_PER_LEVEL[3] - 1
    assert game.legal(s) == [DONE]  # nothing affordable, and Religion is at III
    with pytest.raises(IllegalAction, match="level III"):
        game.play(s, Build("Religion"))


def test_a_tile_that_cannot_be_paid_or_has_no_pile_is_not_offered() -> None:
    s = position(henry={"denarii": 8})
    w = writable(s)
    w.tiles = w.tiles[:tile_index(MILITARY, 2)] + (0,) + w.tiles[tile_index(MILITARY, 2) + 1:]
    s = at(w.freeze(), BUILD, p1=(1, 1, 2, 0, 0))
    s = play(s, DONE)  # Jack passes; Henry faces Gaule
    assert game.to_move(s) == HENRY
    legal = set(game.legal(s))
    assert Build("Military") not in legal  # no level II Military tile left
    assert Build("Politics") in legal  # 8 for level II
    assert Build("Trade") not in legal  # level III costs 13
    assert Build("Religion") in legal and Build("Farming") in legal
    with pytest.raises(IllegalAction, match="13 Denarii"):
        game.play(s, Build("Trade"))


def test_the_second_level_iii_of_a_type_takes_no_medal_and_heroes_have_none() -> None:
    s = at(position(jack={"denarii": 13}, henry={"denarii": 13}), BUILD,
           p0=(0, 0, 2, 0, 0), p1=(0, 0, 2, 0, 0))
    s = play(s, Build("Trade"), DONE, Build("Trade"))
    assert s.players[JACK].medals == 1 << TRADE
    assert s.players[HENRY].medals == 0
    assert s.players[HENRY].level3_placed == 1
    assert [e.seat for e in kinds(s, "medal")] == []  # this step's events: Henry's build
    s = at(position(options={"heroes": True}, jack={"denarii": 13}), BUILD, p0=(0, 0, 2, 0, 0))
    s = play(s, Build("Trade"))
    assert s.players[JACK].medals == 0 and s.players[JACK].level3_placed == 1


def test_everyone_builds_in_turn_order_then_the_action_phase_begins() -> None:
    s = at(position(), BUILD)
    seen = []
    while s.phase == BUILD:
        seen.append(game.to_move(s))
        s = play(s, DONE)
    assert seen == [JACK, HENRY, MARY, ROSS]
    assert s.phase == ACTIONS


def test_a_build_opens_the_when_you_build_window() -> None:
    s = at(position(jack={"denarii": 3, "hand": hand("Groma", "Sundial")}), BUILD)
    s = play(s, Build("Farming"))
    assert s.pending[-1].kind == "trade" and s.pending[-1].data == ("B",)
    assert s.pending[-1].seat == JACK


# ---------------------------------------------------------------- placing Followers
def test_e8_capacities_by_level_and_no_follower_on_an_empty_space() -> None:
    # L177-178: level I holds 3 (one of them on a Bonus still counts one),
    # level II 2, level III 1; an empty space is no building.
    s = at(alone(JACK, followers=5), ACTIONS, p0=(1, 2, 3, 0, 0))
    legal = set(game.legal(s))
    assert Place("Religion", False) not in legal and Place("Farming", False) not in legal
    with pytest.raises(IllegalAction, match="no Religion building"):
        game.play(s, Place("Religion", False))
    s = play(s, Place("Military", True), DONE, Place("Military", False), DONE)
    assert s.provinces[ITALIA].followers[MILITARY] == ((JACK, MILITARY), (JACK, -1))
    assert Place("Military", False) in game.legal(s)  # the third on a level I
    s = play(s, Place("Politics", False), Place("Politics", False))
    assert Place("Politics", False) not in game.legal(s)  # level II holds 2
    with pytest.raises(IllegalAction, match="holds 2"):
        game.play(s, Place("Politics", False))
    assert Place("Trade", False) in game.legal(s)
    w = writable(s)  # someone is on the level III Trade building: it is full
    pr = w.provinces[ITALIA].thaw()
    pr.followers = pr.followers[:TRADE] + (((HENRY, -1),),) + pr.followers[TRADE + 1:]
    w.provinces = (pr.freeze(), *w.provinces[1:])
    assert Place("Trade", False) not in game.legal(w.freeze())


def test_a17_a_bonus_only_when_uncovered_once_a_round_and_of_its_own_type() -> None:
    # Marcus Antonius (seat 0): track M - P - T with two Feuds: Military and
    # Politics are active, Trade is covered (L260).
    s = at(alone(JACK, followers=4), ACTIONS, p0=(1, 1, 1, 1, 1))
    legal = set(game.legal(s))
    assert {Place("Military", True), Place("Politics", True)} <= legal
    assert Place("Trade", True) not in legal
    assert Place("Religion", True) not in legal and Place("Farming", True) not in legal
    assert Place("Colosseum", True) not in legal and Place("Scheme", True) not in legal
    with pytest.raises(IllegalAction, match="covered by a Feud"):
        game.play(s, Place("Trade", True))
    s = play(s, Place("Politics", True))
    assert s.players[JACK].bonus_used == 1 << POLITICS
    assert Place("Politics", True) not in game.legal(s)
    assert Place("Politics", False) in game.legal(s)
    with pytest.raises(IllegalAction, match="already used"):
        game.play(s, Place("Politics", True))


def test_the_bonus_table_matches_the_feud_track() -> None:
    # action_phase.ACTIVE is Player.active_bonus precomputed for every
    # character and number of Feuds.
    for c in range(len(data.CHARACTERS)):
        for feuds in range(data.FEUD_TRACK_SPACES + 1):
            p = position().players[0].replace(character=c, feuds=feuds)
            for t in (MILITARY, POLITICS, TRADE):
                assert bool(action_phase.ACTIVE[c][feuds] >> t & 1) == p.active_bonus(t)
    assert action_phase.ACTIVE[0][2] == 1 << MILITARY | 1 << POLITICS


def test_e18_jack_casts_two_votes_with_the_politics_bonus() -> None:
    # L264.
    s = at(position(jack={"votes": 4}), ACTIONS, p0=(0, 1, 0, 0, 0))
    s = play(s, Place("Politics", True))
    assert s.column == (JACK, JACK)
    assert s.players[JACK].votes == 2


def test_e18_mary_draws_two_with_the_trade_bonus_and_cannot_play_them() -> None:
    # L263, L231: cards drawn by the action itself are not played for it.
    w = writable(position(mary={"hand": ()}))
    w.players = tuple(p.replace(followers=0) if i != MARY else p
                      for i, p in enumerate(w.players))
    w.trade_deck = hand("Sundial", "Bulla", "Arca I")
    s = at(w.freeze(), ACTIONS, p2=(0, 0, 1, 0, 0))
    assert game.to_move(s) == MARY
    # Mary's own track (character 2) decides whether her Trade bonus is active
    bonus = data.CHARACTERS[2].track[: 5 - data.CHARACTERS[2].feuds].count("Trade") > 0
    s = play(s, Place("Trade", bonus))
    drawn = 2 if bonus else 1
    assert len(s.players[MARY].hand) == drawn
    assert not s.pending or s.pending[-1].kind != "trade"  # no window for drawn cards


def test_the_trade_window_opens_before_the_action_resolves() -> None:
    # A14: the card is played "before resolve"; the Vote comes after the window.
    s = at(position(jack={"hand": hand("Arca I")}), ACTIONS, p0=(0, 1, 0, 0, 0))
    s = play(s, Place("Politics", False))
    assert s.pending[-1].kind == "trade" and s.pending[-1].data == ("A",)
    assert s.column == ()  # not resolved yet
    s = play(s, DONE)
    assert s.column == (JACK,)


@pytest.mark.parametrize(("target", "levels", "window"), [
    ("Farming", (0, 0, 0, 0, 1), "AF"),
    ("Colosseum", (0, 0, 0, 0, 0), "AC"),
    ("Military", (1, 0, 0, 0, 0), "A"),
])
def test_the_window_names_where_the_follower_went(target: str, levels: tuple,
                                                   window: str) -> None:
    # L224: anywhere / on the Colosseum / on a Farming building.
    s = at(position(jack={"hand": hand("Arca I", "Arca III", "Arca IV")}), ACTIONS, p0=levels)
    s = play(s, Place(target, False))
    assert s.pending[-1].data == (window,)


def test_farming_pays_the_round_and_the_colosseum_gives_glory() -> None:
    # L245-250, L252: the Colosseum takes any number, 1 Glory each.
    w = writable(alone(JACK, followers=4, glory=1))
    w.round = 5
    s = at(w.freeze(), ACTIONS, p0=(0, 0, 0, 0, 1))
    before = s.players[JACK].denarii
    s = play(s, Place("Farming", False))
    assert s.players[JACK].denarii == before + data.FARMING_DENARII[5]
    s = play(s, *(Place("Colosseum", False),) * 3)
    assert s.players[JACK].glory == 4 and s.players[JACK].colosseum == 3
    assert s.phase != ACTIONS


def test_scheme_placement_takes_a_free_space_and_stays_after_the_phase() -> None:
    # L254-256: a Scheme marker face down under the Follower; placed this
    # round (A13: it can be activated from the next one).
    w = writable(alone(JACK, followers=2))
    w.round = 4
    pr = w.provinces[ITALIA].thaw()
    pr.schemes = (None, Marker(HENRY, 2), None)
    w.provinces = (pr.freeze(), *w.provinces[1:])
    s = at(w.freeze(), ACTIONS)
    s = play(s, Place("Scheme", False))
    assert s.provinces[ITALIA].schemes == (Marker(JACK, 4), Marker(HENRY, 2), None)
    assert s.players[JACK].markers == 2
    s = play(s, Place("Scheme", False))
    assert s.players[JACK].markers == 1
    assert s.phase != ACTIONS
    # the face-down ones stay after the phase (L253: only activated ones go)
    assert s.provinces[ITALIA].schemes == (Marker(JACK, 4), Marker(HENRY, 2), Marker(JACK, 4))
    w = writable(s)
    w.players = tuple(p.replace(followers=1) for p in w.players)
    s = at(w.freeze(), ACTIONS)
    assert Place("Scheme", False) not in game.legal(s)  # L256: all three taken
    with pytest.raises(IllegalAction, match="Scheme spaces"):
        game.play(s, Place("Scheme", False))


@pytest.mark.parametrize("n,options", [(1, {}), (4, {"truce": True})])
def test_no_scheme_placement_in_truce_or_solo(n: int, options: dict) -> None:
    s = at(position(n, options=options), ACTIONS)
    assert Place("Scheme", False) not in game.legal(s)
    with pytest.raises(IllegalAction, match="no Scheme"):
        game.play(s, Place("Scheme", False))


def test_no_scheme_without_a_marker_at_home() -> None:
    s = at(position(jack={"markers": 0}), ACTIONS)
    assert Place("Scheme", False) not in game.legal(s)


def test_turns_cycle_over_seats_with_followers_left_then_all_goes_home() -> None:
    # L176, L253: one Follower per turn; a seat without Followers is passed
    # over; at the end Followers, Bonus markers and activated Schemes go home.
    # Glory 1 each: no Colosseum Glory reaches a milestone (a Follower more).
    low = {"glory": 1}
    w = writable(position(jack={"followers": 3, **low}, mary={"followers": 2, **low},
                          henry=low, ross=low))
    pr = w.provinces[1].thaw()
    pr.schemes = (Marker(ROSS, 1, True), Marker(MARY, 1), None)
    w.provinces = (w.provinces[0], pr.freeze(), *w.provinces[2:])
    w.players = tuple(p.replace(markers=2) if i in (ROSS, MARY) else p
                      for i, p in enumerate(w.players))
    s = at(w.freeze(), ACTIONS, p0=(1, 1, 0, 0, 0))
    order = []
    while s.phase == ACTIONS:
        seat = game.to_move(s)
        order.append(seat)
        if seat == JACK and len(order) == 1:
            s = play(s, Place("Military", True), DONE)
        else:
            s = play(s, Place("Colosseum", False))
    assert order == [JACK, HENRY, MARY, ROSS, JACK, MARY, JACK]
    assert all(f == () for pr in s.provinces for f in pr.followers)
    assert all(p.placed == 0 and p.bonus_used == 0 for p in s.players)
    assert s.provinces[1].schemes == (None, Marker(MARY, 1), None)  # the activated one went
    assert s.players[ROSS].markers == 3 and s.players[MARY].markers == 2
    assert kinds(s, "followers_home")


def test_a_follower_recruited_mid_phase_is_placed_in_a_later_turn() -> None:
    # L99: the Colosseum's Glory reaches 5, a Follower is recruited, and
    # Jack places it after the others.
    s = at(position(jack={"glory": 4}), ACTIONS)
    assert s.players[JACK].followers == 1
    s = play(s, Place("Colosseum", False))
    assert s.players[JACK].followers == 2
    order = []
    while s.phase == ACTIONS:
        order.append(game.to_move(s))
        s = play(s, Place("Colosseum", False))
    assert order == [HENRY, MARY, ROSS, JACK]


def test_military_placement_opens_the_legion_decision() -> None:
    s = at(position(), ACTIONS, p0=(1, 0, 0, 0, 0))
    s = play(s, Place("Military", True))
    assert s.pending[-1].kind == "legion" and s.pending[-1].data[0] == 2
    s = play(s, ("legion", "board", "Thrace"), ("legion", "Thrace", "Epirus"))
    assert [r[JACK] for r in s.regions] == [1, 0, 0]
    assert game.to_move(s) == HENRY


def test_every_placement_and_build_has_a_log_sentence() -> None:
    s = at(position(jack={"denarii": 3, "followers": 2}), BUILD)
    s = play(s, Build("Farming"))
    lines = [build.LOG[e[0]](s, e) for e in s.events if e[0] in build.LOG]
    assert lines and all(line.endswith(".") for line in lines)
    s = play(s, DONE, DONE, DONE, DONE)
    assert s.phase == ACTIONS
    s = play(s, Place("Farming", False))
    lines = [action_phase.LOG[e[0]](s, e) for e in s.events if e[0] in action_phase.LOG]
    assert lines == ["Marcus Antonius places a Follower on the Farming building of Italia."]
    assert action_phase.describe_place(s, Place("Colosseum", False)).startswith("Colosseum")
    assert FARMING == 4


# ---------------------------------------------------------------- examples, scenario builder
def rulebook_table() -> Scenario:
    """Jack, Henry, Mary and Ross with boards whose Bonuses the examples
    need: Jack Military+Politics, Henry Military+Politics, Mary
    Politics+Trade, Ross Military+Trade (two or three Feuds each)."""
    return (table().characters("Marcus Antonius", "Julius Caesar", "Octavianus", "Pompeius")
            .at("actions", round=3))


def test_e13_through_the_flow() -> None:
    # L200: Henry, two Votes on top of Jack's, places on a Politics building with his bonus.
    s = (rulebook_table().first("Henry").column("Jack", "Henry", "Henry")
         .player("Henry", votes=2).levels("Gaule", Politics=1).build())
    assert game.to_move(s) == HENRY
    glory = s.players[HENRY].glory
    s = play(s, Place("Politics", True))
    assert s.column == (JACK, HENRY, HENRY, HENRY, HENRY)
    assert [e.glory for e in kinds(s, "majority")] == [2, 2]
    assert s.players[HENRY].glory == glory + 4


def test_e14_through_the_flow() -> None:
    # L201: Mary, one Vote on her board, casts two with her bonus.
    s = (rulebook_table().first("Mary").column("Mary", "Mary", "Jack", "Mary", "Mary")
         .levels("Hispania", Politics=2).build())
    assert s.players[MARY].votes == 1
    s = play(s, Place("Politics", True))
    assert s.column == (JACK, MARY, MARY, MARY, MARY)
    assert len(kinds(s, "majority")) == 2 and s.players[MARY].votes == 1


def test_e9_through_the_flow() -> None:
    # L262: Ross on the Castle with his bonus: one Legion to Macedonia, one
    # relocated from Thrace to Epirus.
    s = (rulebook_table().first("Ross").regions(Thrace={"Ross": 1})
         .levels("Africa", Military=3).build())
    s = play(s, Place("Military", True), ("legion", "board", "Macedonia"),
             ("legion", "Thrace", "Epirus"))
    assert [r[ROSS] for r in s.regions] == [1, 1, 0]
    assert game.to_move(s) != ROSS


def test_e18_mary_draws_two_through_the_flow() -> None:
    # L263: two cards; L231: not played for this action.
    s = (rulebook_table().first("Mary").deck("trade", "Sundial", "Bulla")
         .levels("Hispania", Trade=2).build())
    before = s.players[MARY].hand_size
    s = play(s, Place("Trade", True))
    assert s.players[MARY].hand_size == before + 2
    assert not s.pending and game.to_move(s) != MARY


# ---------------------------------------------------------------- free actions
def test_selling_on_your_turn_keeps_the_turn_in_every_step() -> None:
    # L217: a free action on the seat's turn; the same decision stays open.
    s = at(position(jack={"denarii": 0, "hand": hand("Groma", "Serra", "Palla")}), BUILD)
    assert ("sell", "Groma") in game.legal(s)
    s = play(s, ("sell", "Groma"))
    assert game.to_move(s) == JACK and s.phase == BUILD and s.players[JACK].denarii == 1
    s = play(s, DONE, DONE, DONE, DONE)
    assert s.phase == ACTIONS and game.to_move(s) == JACK
    s = play(s, ("sell", "Serra"))
    assert game.to_move(s) == JACK and s.players[JACK].placed == 0
    s = at(position(jack={"hand": hand("Groma")}), ACTIONS, p0=(1, 0, 0, 0, 0))
    s = play(s, Place("Military", True))
    assert s.pending[-1].kind == "legion" and ("sell", "Groma") in game.legal(s)
    s = play(s, ("sell", "Groma"))
    assert s.pending[-1].kind == "legion" and s.pending[-1].data[0] == 2
