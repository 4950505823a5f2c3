"""Age of Rome's spine against the rulebook: setup (L40-70), the Event step
(L104-117), Income and rotation (L266-275), final scoring (L276-334), the
Emperor Solo (L361-384) and the examples E1-E4, E19-E25, E28
(docs/ageofrome-plan.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.ageofrome import board, data, glory, scoring
from engine.ageofrome.actions import Income, PickRegion, ReturnQuest
from engine.ageofrome.events_phase import turn_order
from engine.ageofrome.game import FLOW, AgeOfRome
from engine.ageofrome.scenario import Scenario
from engine.ageofrome.setup import quest_cards, trade_cards
from engine.ageofrome.state import (
    BUILD,
    DIPLOMACY,
    EVENT,
    INCOME,
    OVER,
    QUESTS,
    SCHEMES,
    State,
    in_front,
)
from engine.core import IllegalAction, Options, named_options
from tests.ageofrome_helpers import GAME, table


def new(players: int = 4, seed: int = 1, **options: bool) -> State:
    return GAME.setup(players, Options.of(options), seed)


def keep_first_two(s: State) -> State:
    while s.phase == QUESTS:
        s = GAME.play(s, GAME.legal(s)[-1])
    return s


# ---------------------------------------------------------------- setup
def test_every_seat_is_dealt_three_quests_and_returns_one_to_the_bottom() -> None:
    s = new()
    assert s.phase == QUESTS and [p.seat for p in reversed(s.pending)] == [0, 1, 2, 3]
    assert all(len(p.quests) == 3 for p in s.players)
    returned = GAME.legal(s)[0]
    assert isinstance(returned, ReturnQuest)
    s2 = GAME.play(s, returned)
    assert len(s2.players[0].quests) == 2
    bottom = s2.quest_deck[-1]
    assert data.QUESTS[bottom.card].name == returned.quest
    assert bottom.seen == 1  # only its returner saw it (L67)
    s3 = keep_first_two(s2)
    assert s3.phase != QUESTS and all(len(p.quests) == 2 for p in s3.players)


def test_e1_marcus_antonius_board() -> None:
    """L77: Legions 7/7, Votes 4/5, 7 Denarii, 1 Glory, 2 Feuds, an Anchor."""
    s = table().characters("Marcus Antonius", "Crassus", "Pompeius", "Lepidus").build()
    p = s.players[0]
    assert (p.legions, p.legions_unrecruited, p.votes, p.votes_unrecruited) == (7, 0, 4, 1)
    assert (p.denarii, p.glory, p.feuds, p.anchor, p.followers) == (7, 1, 2, True, 1)
    assert p.markers == 3


def test_two_players_sit_opposite_with_the_two_player_removals() -> None:
    s = new(2)
    assert {p.position for p in s.players} == {0, 2}  # L42: not adjacent
    assert s.tiles == (4, 2, 1) * 5  # L46: one II and one III of each type out
    assert s.pantheon == (("gold", "bronze"), ("gold", "silver"))  # L49
    trade = {h.card for h in s.trade_deck}
    assert not any(data.TRADE_CARDS[c].asterisk for c in trade)  # L65
    quests = {h.card for h in s.quest_deck} | {h.card for p in s.players for h in p.quests}
    assert not any(data.QUESTS[q].asterisk for q in quests)  # L68


def test_three_players_remove_a_silver_base_and_a_bronze_top_piece() -> None:
    assert new(3).pantheon == (("gold", "bronze", "bronze"), ("gold", "silver", "bronze"))


def test_the_solo_is_set_up_as_two_players_with_one_board() -> None:
    s = new(1)
    assert s.n == 1 and len(s.players) == 1
    assert s.tiles == (4, 2, 1) * 5
    assert len(s.trade_deck) == len(trade_cards(2))
    assert len(s.regions[0]) == 1


def test_variants_remove_their_quests_medals_and_add_the_negative_events() -> None:
    plain = Counter(data.QUESTS[q].name for q in quest_cards(Options(), 4))
    truce = {data.QUESTS[q].name for q in quest_cards(Options.of({"truce": True}), 4)}
    heroes = {data.QUESTS[q].name for q in quest_cards(Options.of({"heroes": True}), 4)}
    assert "Feud for Fuel" in plain and "Feud for Fuel" not in truce
    assert "Feud Never Fades" not in truce
    assert "Last Brick on the Wall" not in heroes and "Most Decorated" not in heroes
    assert new(heroes=True).medals == 0 and new().medals == 0b11111
    assert len(new().event_deck) == 12 and len(new(hard_times=True).event_deck) == 18
    assert all(p.tokens == 0b11 for p in new(spies_allies=True).players)


def test_the_emperor_solo_deals_no_quest_it_cannot_meet() -> None:
    """Alone there are no Schemes, so no Feud is ever paid: Feud for Fuel and
    Feud Never Fades cannot be met and a new solo game never deals them (its
    options name ``solo_quests``); 2-player games keep them, and a game that
    names no value (saved before) is dealt every Quest, as it was."""
    feud = set(data.SOLO_REMOVES_QUESTS)
    assert feud == {"Feud for Fuel", "Feud Never Fades"}
    today = named_options(GAME.options, Options())
    assert today.get("solo_quests") == "playable"
    for seed in range(60):
        s = GAME.setup(1, today, seed)
        held = [*s.players[0].quests, *s.quest_deck]
        names = {data.QUESTS[h.card].name for h in held}
        assert not names & feud and len(names) == len(quest_cards(Options(), 2)) - 2
    duo = {data.QUESTS[q].name for q in quest_cards(today, 2)}
    assert feud <= duo
    old = [GAME.setup(1, Options(), seed) for seed in range(60)]
    dealt = {data.QUESTS[h.card].name for s in old for h in s.players[0].quests}
    assert feud <= dealt, "games saved before were dealt them"


def test_setup_is_the_same_for_the_same_seed_and_differs_between_seeds() -> None:
    assert new(seed=5) == new(seed=5)
    assert new(seed=5).players != new(seed=6).players or new(seed=5).first != new(seed=6).first


# ---------------------------------------------------------------- turn order (A7)
def test_turn_order_starts_in_front_of_the_first_province_in_the_direction() -> None:
    s = table().at("build").first("Mary").event("Triumphal Parade").build()  # clockwise
    assert s.order == (2, 3, 0, 1)
    s = table().at("build").first("Mary").event("Senate Session").build()  # counter-clockwise
    assert s.order == (2, 1, 0, 3)


def test_the_first_player_marker_rides_its_province_as_the_board_turns() -> None:
    s = table().at("build").first("Jack").event("Triumphal Parade").build()
    w = s.thaw()
    w.rotation = 1  # the first province now faces Henry's position
    assert turn_order(w)[0] == 1


def test_an_empty_first_position_passes_to_the_next_seated_in_the_direction() -> None:
    s = table(players=2).at("build").first("Jack").event("Triumphal Parade").build()
    w = s.thaw()
    w.rotation = 1  # position 1 is empty; clockwise the next seated is 2 (Henry)
    assert turn_order(w) == (1, 0)
    w.direction = board.CCW  # counter-clockwise the next seated is position 0 (Jack)
    assert turn_order(w) == (0, 1)


# ---------------------------------------------------------------- the phases of a round
def test_a_round_runs_event_then_build_and_schemes_only_from_round_two() -> None:
    s = keep_first_two(new())
    assert s.round == 1 and s.event >= 0 and s.phase not in (SCHEMES, DIPLOMACY)
    assert FLOW.phases[EVENT].next(s.thaw()) == BUILD
    w = s.thaw()
    w.round = 2
    assert FLOW.phases[EVENT].next(w) == SCHEMES
    w.options = Options.of({"truce": True})
    assert FLOW.phases[EVENT].next(w) == BUILD
    w.options = Options.of({"spies_allies": True})
    assert FLOW.phases[EVENT].next(w) == DIPLOMACY


def test_the_solo_never_has_schemes() -> None:
    w = new(1).thaw()
    w.round = 5
    assert FLOW.phases[EVENT].next(w) == BUILD


# ---------------------------------------------------------------- events (L104-117)
def test_an_event_rewards_every_tied_winner() -> None:
    s = (table().at("event", round=2).deck("event", "Triumphal Parade")
         .regions(Epirus={"Jack": 2, "Mary": 1}, Thrace={"Mary": 1, "Ross": 1})
         .glory(Jack=3, Henry=3, Mary=3, Ross=3).build())
    assert data.EVENTS[s.event].name == "Triumphal Parade"
    assert [p.glory for p in s.players] == [5, 3, 5, 3]  # L105: both tied with 2
    assert s.direction == board.CW


def test_a_minimum_event_rewards_nobody_below_it() -> None:
    s = table().at("event", round=2).deck("event", "Patronage").build()  # nobody has a Medal
    assert [p.denarii for p in s.players] == [
        data.CHARACTERS[p.character].denarii for p in s.players]


def test_veterans_asks_each_winner_where_its_legion_goes_in_turn_order() -> None:
    s = (table().at("event", round=2).first("Henry").deck("event", "Veterans")
         .regions(Epirus={"Jack": 1, "Mary": 1}).build())
    # Henry and Ross have no Legion in a region (L105: both win); CCW from Henry.
    assert s.order == (1, 0, 3, 2)
    assert GAME.to_move(s) == 1 and PickRegion("Thrace") in GAME.legal(s)
    s = GAME.play(s, PickRegion("Thrace"))
    assert s.regions[2][1] == 1 and GAME.to_move(s) == 3
    s = GAME.play(s, PickRegion("Epirus"))
    assert s.regions[0][3] == 1 and not s.pending


def test_tied_winners_take_a_placing_reward_in_turn_order() -> None:
    """Embassy: the least Votes on the Column place a Vote; all four tie at 0,
    so the first in turn order lies lowest."""
    s = table().at("event", round=2).first("Mary").deck("event", "Embassy").build()
    assert s.order == (2, 3, 0, 1) and s.column == (2, 3, 0, 1)


def test_tied_winners_make_room_in_turn_order() -> None:
    """Market Day: the fewest cards draw one; full hands make room first (A15),
    the first in turn order first."""
    full = ("Sundial", "Circinus", "Groma", "Libra", "Dolabra")
    s = (table(players=2).at("event", round=2).first("Henry").deck("event", "Market Day")
         .hand("Jack", *full).hand("Henry", "Serra", "Malleus", "Regula", "Trutina", "Spatha")
         .build())
    assert [pd.kind for pd in s.pending] == ["room", "room"]
    assert GAME.to_move(s) == 1  # Henry plays first this round


def test_hard_times_penalties_never_take_glory_below_one_nor_denarii_below_zero() -> None:
    s = (table().variant("hard_times").at("event", round=2).deck("event", "Great Fire")
         .denarii(Jack=2, Henry=2, Mary=1, Ross=0).build())
    assert [p.denarii for p in s.players] == [0, 0, 1, 0]  # the most Denarii lose 3
    s = (table().variant("hard_times").at("event", round=2).deck("event", "Famine")
         .glory(Jack=1, Henry=1, Mary=4, Ross=4).denarii(Jack=0, Henry=0, Mary=5, Ross=5)
         .build())
    assert [p.glory for p in s.players] == [1, 1, 4, 4]  # L97: never below 1


def test_mutiny_asks_where_the_legion_comes_back_from() -> None:
    s = (table().variant("hard_times").at("event", round=2).deck("event", "Mutiny")
         .regions(Epirus={"Jack": 1}, Thrace={"Jack": 1}).build())
    assert GAME.to_move(s) == 0 and GAME.legal(s) == [PickRegion("Epirus"), PickRegion("Thrace")]
    legions = s.players[0].legions
    s = GAME.play(s, PickRegion("Thrace"))
    assert s.regions[2][0] == 0 and s.players[0].legions == legions + 1


def test_the_solo_event_pays_a_denarius_per_follower_and_no_reward() -> None:
    s = (Scenario1().at("event", round=2).deck("event", "Cerealia").followers(0, 3)
         .denarii(0, 20).build())
    assert s.players[0].denarii == 23  # L376: not Cerealia's 3 for the least


def Scenario1() -> Scenario:  # noqa: N802 - reads like the class it builds
    return Scenario(players=1, names=("Emperor",))


# ---------------------------------------------------------------- income (L266-273)
def test_e19_income() -> None:
    """Jack cannot double (Glory 2, penalty 2); Henry 6 for 2; Mary 12 for 4;
    Ross declines: 6."""
    s = (table().at("income").first("Jack").event("Triumphal Parade")
         .levels("Italia", Military=1, Politics=1)  # Jack: population 3
         .levels("Gaule", Religion=2)  # Henry: population 3
         .levels("Hispania", Military=2, Trade=3)  # Mary: population 6
         .levels("Africa", Farming=3, Politics=2)  # Ross: population 6
         .glory(Jack=2, Henry=10, Mary=20, Ross=20)
         .denarii(Jack=0, Henry=0, Mary=0, Ross=0).build())
    assert [s.provinces[in_front(s, x)].population for x in range(4)] == [3, 3, 6, 6]
    assert s.players[0].denarii == 3  # single Income without being asked (L270)
    assert GAME.to_move(s) == 1 and GAME.legal(s)[:2] == [Income(False), Income(True)]
    s = GAME.play(s, Income(True))
    assert (s.players[1].denarii, s.players[1].glory) == (6, 8)
    s = GAME.play(s, Income(True))
    assert (s.players[2].denarii, s.players[2].glory) == (12, 16)
    s = GAME.play(s, Income(False))
    assert (s.players[3].denarii, s.players[3].glory) == (6, 20)


def test_double_income_is_refused_when_it_would_take_glory_below_one() -> None:
    s = (table().at("income").first("Henry").event("Triumphal Parade")
         .glory(Henry=3).levels("Gaule", Religion=2).build())  # penalty 2: 3 - 2 = 1 is fine
    assert GAME.to_move(s) == 1 and Income(True) in GAME.legal(s)
    s = table().at("income").first("Henry").event("Triumphal Parade").glory(Henry=2).build()
    # population 1, penalty 1: 2 - 1 = 1 allowed
    assert Income(True) in GAME.legal(s)
    s2 = (table().at("income").first("Henry").event("Triumphal Parade").glory(Henry=1)
          .glory(Mary=9).denarii(Henry=0).build())
    # 1 - 1 < 1: Henry takes the single Income unasked and Mary decides next
    assert GAME.to_move(s2) == 2 and s2.players[1].denarii == 1
    assert ("income", 1, 1, False, 0) in s2.events
    with pytest.raises(IllegalAction):
        GAME.play(s2, ("income", "twice"))


def test_the_board_turns_by_the_event_arrows_in_its_direction() -> None:
    s = table().at("income", round=3).event("Temple Dedication").build()  # cw, 2 arrows
    while s.phase == INCOME:
        s = GAME.play(s, Income(False))
    assert s.rotation == 2 and s.round == 4
    s = table().at("income", round=3).event("Senate Session").build()  # ccw, 1
    while s.phase == INCOME:
        s = GAME.play(s, Income(False))
    assert s.rotation == 3


def test_clockwork_always_turns_one_quarter_clockwise() -> None:
    s = (table().variant("clockwork").at("income", round=3).event("Grain Dole").build())
    while s.phase == INCOME:
        s = GAME.play(s, Income(False))
    assert s.rotation == 1
    assert s.direction == board.CCW or s.round == 4  # the direction still came from the card


def test_the_ninth_round_ends_in_final_scoring() -> None:
    s = table().at("income", round=9).build()
    while GAME.to_move(s) is not None:
        s = GAME.play(s, GAME.legal(s)[0])
    assert s.phase == OVER and s.round == 9
    assert any(e[0] == "game_over" for e in s.events)


def test_next_round_resets_the_bonus_markers_and_followers_placed() -> None:
    s = table().at("income", round=2).player("Jack", bonus_used=0b11, placed=1).build()
    while s.phase == INCOME:
        s = GAME.play(s, Income(False))
    assert s.round == 3 and s.players[0].bonus_used == 0 and s.players[0].placed == 0


# ---------------------------------------------------------------- milestones (E2-E4)
def test_e2_e3_milestone_cascade() -> None:
    s = table().at("build").glory(Jack=11, Mary=11, Henry=11, Ross=1).build()
    w = s.thaw()
    w.events = []
    glory.gain(w, [0], 1, "test")  # Jack reaches 12: marker to 11, Mary and Henry meet it
    assert w.milestones[0] == 9  # E3: two players together move it two spaces
    assert [w.players[x].followers for x in range(4)] == [3, 3, 3, 1]


def test_e4_followers_are_kept_below_a_milestone() -> None:
    s = table().at("income").first("Mary").glory(Mary=4).build()
    w = s.thaw()
    w.events = []
    glory.gain(w, [2], 3, "test")
    assert w.players[2].followers == 2
    glory.lose(w, 2, 4, "double Income")
    assert (w.players[2].glory, w.players[2].followers) == (3, 2)


# ---------------------------------------------------------------- final scoring
def final_table() -> State:
    """L326-334: the scoring example, 40/66/47/58, built position by position."""
    return (table().at("income", round=9)
            .glory(Jack=29, Henry=26, Mary=27, Ross=23)
            .denarii(Jack=13, Henry=2, Mary=9, Ross=8)
            .regions(Epirus={"Ross": 1, "Mary": 1},
                     Macedonia={"Jack": 2, "Mary": 2, "Henry": 1},
                     Thrace={"Henry": 3, "Jack": 2, "Ross": 1})
            .column("Mary", "Jack", "Henry", "Mary", "Ross")
            .medal("Military", "Ross").medal("Trade", "Henry")
            .sets("Henry", ("Spatha", "Gladius", "Bulla"), ("Toga", "Tunica", "Fibula"))
            .sets("Mary", ("Pilum", "Pugio", "Hasta"))
            .sets("Ross", ("Snake Bracelets", "Anulus", "Torques"))
            .pantheon("Jack", base_own=1)
            .pantheon("Henry", base_own=2, base="bronze", top_own=3, top="gold")
            .pantheon("Mary", base_own=2, base="gold")
            .pantheon("Ross", base_own=2, base="silver", top_own=2)
            .quests("Jack", "Treasurer", "Architect").quests("Henry", "Conqueror", "Orator")
            .quests("Mary", "Builder", "Patron of Games")
            .quests("Ross", "Last Brick on the Wall", "Pontifex")
            .build())


def test_e24_the_final_table() -> None:
    s = final_table()
    rows = [scoring.final_parts(s, seat) for seat in range(4)]
    assert [list(r.values()) for r in rows] == [
        [29, 5, 2, 0, 1, 0, 3],
        [26, 14, 3, 9, 11, 3, 0],
        [27, 2, 6, 4, 6, 0, 2],
        [23, 8, 6, 6, 7, 6, 2],
    ]
    assert list(rows[0]) == ["track", "military", "politics", "trade", "religion", "quests",
                             "denarii"]
    r = scoring.result(s)
    assert r.scores == (40, 66, 47, 58) and r.winners == (1,) and r.ranks == (4, 1, 3, 2)
    assert "Henry" not in r.outcome and "Emperor" in r.outcome  # seats play as characters


def test_e20_track_scores_the_glory_total_flipped_included() -> None:
    s = table().at("build").glory(Mary=3, Jack=31).build()
    assert scoring.final_parts(s, 2)["track"] == 3
    assert scoring.final_parts(s, 0)["track"] == 31 and board.track_space(31) == 1


def test_e21_regions_ties_score_nothing_and_the_medal_breaks_them() -> None:
    s = final_table()
    assert [scoring.military(s, x) for x in range(4)] == [5, 14, 2, 8]
    s2 = (table().at("build").regions(Macedonia={"Jack": 3, "Mary": 3, "Henry": 2})
          .medal("Military", "Jack").build())
    assert [scoring.military(s2, x) for x in range(4)] == [8, 0, 4, 0]  # 1st/2nd/3rd
    s3 = table().at("build").regions(Macedonia={"Jack": 1, "Mary": 1}).build()
    assert [scoring.military(s3, x) for x in range(4)] == [0, 0, 0, 0]  # not defeated (A1)


def test_two_player_thrace_scores_five_and_three() -> None:
    s = table(players=2).at("build").regions(Thrace={"Jack": 3, "Henry": 1}).build()
    assert (scoring.military(s, 0), scoring.military(s, 1)) == (5, 3)  # L189


def test_e22_the_column_corrected() -> None:
    """A2: Mary 1st and 4th, Jack 2nd, Henry 3rd, Ross 5th: 6/2/3/6."""
    s = final_table()
    assert [scoring.final_parts(s, x)["politics"] for x in range(4)] == [2, 3, 6, 6]


def test_e23_denarii_per_glory() -> None:
    s = table().at("build").denarii(Jack=4, Henry=7, Mary=3, Ross=6).medal("Religion", "Mary")
    s = s.medal("Farming", "Ross").build()
    assert [scoring.denarii_glory(s, x) for x in range(4)] == [1, 1, 1, 1]
    s = table().at("build").denarii(Mary=6).medal("Religion", "Mary").build()
    assert scoring.denarii_glory(s, 2) == 2


def unscored_quests(sc: Scenario) -> Scenario:
    """Quests nobody meets in a fresh position, so totals are what a test names."""
    return (sc.quests("Jack", "Treasurer", "Architect").quests("Henry", "Builder", "Orator")
            .quests("Mary", "Patron of Games", "Golden Offering")
            .quests("Ross", "Pontifex", "Feud Never Fades"))


def test_e25_tie_broken_by_denarii_before_the_exchange_then_co_emperors() -> None:
    base = (unscored_quests(table()).at("build").glory(Jack=20, Henry=19, Mary=5, Ross=5)
            .denarii(Jack=0, Henry=4, Mary=0, Ross=0))
    r = scoring.result(base.build())
    assert r.scores[:2] == (20, 20) and r.winners == (1,) and r.tiebreak == "Denarii"
    r = scoring.result(base.glory(Jack=19).denarii(Jack=4).build())
    assert r.winners == (0, 1) and "co-Emperors" in r.outcome


def test_quests_ties_go_to_the_holder() -> None:
    s = (table().at("build").denarii(Jack=9, Henry=9, Mary=1, Ross=1)
         .quests("Jack", "Miser", "Architect").build())
    assert scoring.final_parts(s, 0)["quests"] == 4  # L105: tied most, the holder wins


# ---------------------------------------------------------------- the Emperor Solo (E28)
def test_e28_solo_titles() -> None:
    assert [data.solo_title(k) for k in range(8)] == [
        None, None, None, None, "Praetor", "Praetor", "Imperator", "Son of Jupiter"]
    # Quests it does not meet (which two are dealt depends on the deal)
    s = (Scenario1().at("build").glory(0, 51).column(0, 0, 0, 0)
         .quests(0, "Crowd Pleaser", "Builder")
         .medal("Military", 0).medal("Trade", 0).medal("Religion", 0)
         .regions(Epirus={0: 2}, Macedonia={0: 3})
         .pantheon(0, base_own=2, base="gold", top_own=3, top="gold").build())
    assert scoring.solo_tasks(s) == (True, True, True, True, False, True, False)
    assert "Praetor" in scoring.result(s).outcome
    s = (Scenario1().at("build").glory(0, 51).column(0, 0, 0, 0)
         .quests(0, "Crowd Pleaser", "Builder")
         .medal("Military", 0).medal("Trade", 0).medal("Religion", 0)
         .regions(Epirus={0: 2}, Macedonia={0: 3})
         .sets(0, ("Sundial", "Circinus", "Groma"), ("Libra", "Dolabra", "Serra"))
         .pantheon(0, base_own=2, base="gold", top_own=3, top="gold").build())
    assert scoring.solo_tasks(s) == (True, True, True, True, True, True, False)
    r = scoring.result(s)
    assert r.winners == (0,) and "you are an Imperator emperor" in r.outcome
    s = Scenario1().at("build").build()
    r = scoring.result(s)
    assert r.winners == () and "no title" in r.outcome


def test_achievements_are_reported_at_the_end() -> None:
    s = table().at("build").glory(Jack=61).feuds(Henry=0).build()
    got = scoring.achievements(s)
    assert (0, "Reach 61+ points in the Glory track.") in got
    assert (1, "Finish the game with no Feuds on your Player board.") in got
    assert all(a[1] != "Complete 4 Quests." for a in got)


# ---------------------------------------------------------------- the protocol
def test_the_game_is_registered_with_its_variants() -> None:
    """The variants, then the readings that changed (trade.REFILL,
    setup.SOLO_QUESTS, trade.WINDOW_SALES)."""
    from engine import get_game
    g = get_game("ageofrome")
    assert isinstance(g, AgeOfRome) and g.players == range(1, 5)
    assert [o.key for o in g.options] == [v.key for v in data.VARIANTS] + [
        "trade_refill", "solo_quests", "window_sales"]
    s = g.setup(3, Options.of({"hard_times": True}), 2)
    assert g.chapter(s).number == 0 and g.prompt(s).endswith("?")


def test_actions_encode_and_decode_as_their_records() -> None:
    a = Income(True)
    assert GAME.decode_action(GAME.encode_action(a)) == a
    assert type(GAME.decode_action(["income", False])) is Income


def test_every_event_of_a_game_has_a_log_line() -> None:
    from tests.ageofrome_helpers import random_game
    s = new(4, seed=3)
    seen = set()
    import random
    rng = random.Random(3)
    while not GAME.is_over(s):
        s = GAME.play(s, rng.choice(GAME.legal(s)))
        for e in GAME.events(s):
            seen.add(e[0])
            assert GAME.log_line(s, e) is not None, e
        assert GAME.prompt(s)
    assert {"event", "income", "rotate", "game_over"} <= seen
    assert random_game  # the shared helper is importable


def test_every_decision_has_a_prompt_and_actions_read_as_sentences() -> None:
    from engine.ageofrome import text
    from engine.ageofrome.actions import Place
    prompts, _ = text._tables()
    assert set(FLOW.decisions) <= set(prompts)
    s = new()
    assert GAME.describe(s, Place("Colosseum", False)) == "Place a Follower on the Colosseum"
    assert GAME.describe(s, Place("Military", True)) == (
        "Place a Follower on the Military building with the Bonus")
    assert GAME.describe(s, Income(True)) == "Double Income"


# ---------------------------------------------------------------- the scenario builder
def test_the_builder_takes_pieces_and_cards_from_where_they_lie() -> None:
    s = (table().characters("Marcus Antonius", "Crassus", "Pompeius", "Lepidus")
         .regions(Thrace={"Jack": 3}).column("Jack", "Jack")
         .hand("Jack", "Sundial", "Anchor").deck("trade", "Bulla", "Spatha").build())
    p = s.players[0]
    assert (p.legions, p.legions_unrecruited) == (4, 0)  # 7/7 recruited, 3 in Thrace
    assert (p.votes, p.votes_unrecruited) == (2, 1)  # 4/5 recruited, 2 on the Column
    assert [data.TRADE_CARDS[h.card].name for h in p.hand] == ["Sundial"] and p.anchor
    assert [data.TRADE_CARDS[h.card].name for h in s.trade_deck[:2]] == ["Bulla", "Spatha"]
    assert sum(1 for h in s.trade_deck if data.TRADE_CARDS[h.card].name == "Sundial") == 0
    s = table().glory(jack=12).deck("trade", ["Circinus", "Bulla"]).build()  # the plan's spelling
    assert s.players[0].glory == 12
    assert [data.TRADE_CARDS[h.card].name for h in s.trade_deck[:2]] == ["Circinus", "Bulla"]


def test_the_builder_refuses_what_the_game_cannot_hold() -> None:
    from engine.scenario import ScriptError
    with pytest.raises(ScriptError, match="2 players"):
        table(players=2).hand("Jack", "Scutum").build()  # an asterisk card (L65)
    with pytest.raises(ScriptError, match="nine rounds"):
        table().at("build", round=10)
    with pytest.raises(ScriptError, match="Legions"):
        table().regions(Thrace={"Jack": 8}).build()
