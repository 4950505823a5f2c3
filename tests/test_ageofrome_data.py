"""Age of Rome's data (engine/ageofrome/data.py, board.py) against the rulebook.

Line numbers (Lnnn) are those of /work/shared/rules/age-of-rome.txt; AoR-x
items are INVENTORY.md part AoR. Counts and limits, cross-references, and
every datum the rulebook's worked examples rely on (the final scoring table
Jack 40, Henry 66, Mary 47, Ross 58 is recomputed from the data alone).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import combinations

import pytest

from engine.ageofrome import board as b
from engine.ageofrome import data as d


# ---------------------------------------------------------------- components
def test_components_l5_l39_per_player_sets() -> None:
    for c in d.COMPONENTS:
        if c.per_player:
            assert c.count == c.per_player * d.COLOURS, c.name
    assert d.COMPONENT["Legion Figures"].per_player == d.LEGIONS_PER_PLAYER == 7
    assert d.COMPONENT["Votes"].per_player == d.VOTES_PER_PLAYER == 5
    assert d.COMPONENT["Follower Figures"].per_player == d.MAX_FOLLOWERS == 5
    assert d.COMPONENT["Scheme Markers"].per_player == d.SCHEME_MARKERS_PER_PLAYER == 3
    assert d.COMPONENT["Bonus Markers"].per_player == len(d.BONUS_TYPES) == 3
    assert d.COMPONENT["Diplomacy Tokens"].per_player == d.DIPLOMACY_TOKENS_PER_PLAYER == 2
    assert sum(v * n for v, n in d.DENARII_COINS.items()) == 230  # L21-23


def test_component_counts_match_the_records() -> None:
    assert sum(t.count for t in d.BUILDING_TILES) == d.COMPONENT["Building Tiles"].count == 45
    assert len(d.CHARACTERS) == d.COMPONENT["Player Boards"].count == 6
    assert len(d.MEDALS) == d.COMPONENT["Medals"].count == 5
    assert len(d.EVENTS) == d.COMPONENT["Event Cards"].count == 18
    assert len(d.QUESTS) == d.COMPONENT["Quest Cards"].count == 28
    assert len(d.TRADE_CARDS) == d.COMPONENT["Trade Cards"].count == 38
    assert len(d.ACHIEVEMENTS) == d.COMPONENT["Achievement Tokens"].count == 12
    assert sum(c.anchor for c in d.CHARACTERS) == d.ANCHOR_CARDS == 3  # L58
    moving = [m for m in b.MILESTONES if m.moves]
    assert len(moving) == d.COMPONENT["Milestone Markers"].count == 3  # L62
    assert len(b.PROVINCES) == d.COMPONENT["Population Discs"].count == 4
    common = sum(len(p.pieces(4)) for p in d.PANTHEON_PILES)
    own = d.OWN_PIECES * d.COLOURS
    assert own + common == d.COMPONENT["Pantheon Pieces"].count == 28  # AoR count check
    assert sum(lv.own for lv in d.PANTHEON_LEVELS) == d.OWN_PIECES  # L237-238: 2 + 3


def test_any_four_characters_fit_the_eleven_feud_markers() -> None:
    """L56, L61: Feuds go on the boards, the rest beside the board (11 in all)."""
    for four in combinations(d.CHARACTERS, 4):
        assert sum(c.feuds for c in four) <= d.COMPONENT["Feud Markers"].count


# ---------------------------------------------------------------- glory track
def test_glory_track_l96_l97() -> None:
    assert b.GLORY_MIN == 1
    assert (b.TRACK_SPACES, b.FLIP_BONUS) == (30, 30)
    assert b.track_space(3) == 3  # L290: Mary on 3 scores 3
    assert b.track_space(31) == 1  # L291: Jack on 1, flipped, scores 31
    assert b.track_space(30) == 30


def test_milestones_5_12_21_30_l99() -> None:
    assert [m.start for m in b.MILESTONES] == [5, 12, 21, 30]
    assert [m.moves for m in b.MILESTONES] == [False, True, True, True]
    # one Follower each, first time only: 1 + 4 = the five Followers (L76)
    assert d.START_FOLLOWERS + len(b.MILESTONES) * b.MILESTONE_FOLLOWERS == d.MAX_FOLLOWERS


def test_milestone_example_l100_l101() -> None:
    """Jack reaches 12 first: the marker goes to 11, Mary there triggers it
    too and it goes to 10; with Henry also on 11 both trigger at once and it
    goes down two spaces, to 9. Each player moves a marker once at most, so
    a moving marker never reaches the one below it."""
    start = b.MILESTONES[1].start
    assert start - 1 - 1 == 10 and start - 1 - 2 == 9
    starts = [m.start for m in b.MILESTONES]
    for lower, upper in zip(starts, starts[1:], strict=False):
        assert upper - max(d.PLAYERS) > lower


# ---------------------------------------------------------------- characters
def test_marcus_antonius_l77() -> None:
    m = d.CHARACTER["Marcus Antonius"]
    assert (m.legions, m.votes, m.denarii, m.glory, m.feuds, m.anchor) == (
        (7, 7), (4, 5), 7, 1, 2, True,
    )
    assert {"legions", "votes", "denarii", "glory", "feuds", "anchor"} <= set(m.from_text)
    assert m.inferred  # his unique Scheme and Feud track are stand-ins


def test_characters_are_whole_player_boards() -> None:
    for c in d.CHARACTERS:
        assert c.legions[1] == d.LEGIONS_PER_PLAYER and 0 < c.legions[0] <= c.legions[1]
        assert c.votes[1] == d.VOTES_PER_PLAYER and 0 < c.votes[0] <= c.votes[1]
        assert c.glory >= b.GLORY_MIN and c.denarii >= 0
        assert len(c.track) == d.FEUD_TRACK_SPACES and 0 < c.feuds <= d.FEUD_TRACK_SPACES
        assert Counter(c.track) == Counter({d.M: 1, d.P: 1, d.T: 1, d.PLAIN: 2}), c.name
        assert c.inferred or c.name == "Marcus Antonius"
    assert [c.name for c in d.CHARACTERS if not c.inferred] == []


def test_each_character_has_a_unique_scheme_and_the_two_common_ones_l141() -> None:
    assert d.COMMON_SCHEMES == ("Mudslinging", "Degradation")
    uniques = [c.unique_scheme for c in d.CHARACTERS]
    assert sorted(uniques) == sorted(d.UNIQUE_SCHEMES) and len(set(uniques)) == 6
    for c in d.CHARACTERS:
        assert len(set(c.schemes)) == 3 and all(s in d.SCHEME for s in c.schemes)


def test_scheme_example_l131_l138_is_reachable() -> None:
    """Jack: only Military open, paying his leftmost Feud uncovers Politics.
    Henry: one open space, which is his Politics bonus. Their characters
    must have such tracks."""
    jack = [c for c in d.CHARACTERS if c.track[:2] == (d.M, d.P)]
    henry = [c for c in d.CHARACTERS if c.track[0] == d.P]
    assert jack and henry
    assert set(jack).isdisjoint(henry)


# ---------------------------------------------------------------- schemes
def test_eight_schemes_l143_l150() -> None:
    assert [s.name for s in d.SCHEMES] == [
        "Mudslinging", "Degradation", "Apostasy", "Deception",
        "Revote", "Void Vote", "Sold", "Custom Fees",
    ]
    assert [s.line for s in d.SCHEMES] == list(range(143, 151))
    assert d.SCHEME["Void Vote"].glory == 1  # L148
    assert d.SCHEME["Sold"].denarii == 2  # L149
    assert d.SCHEME["Deception"].legions == 2  # L146
    assert "glory >= 2" in d.SCHEME["Mudslinging"].requires  # L143, A12
    assert "not full" in d.SCHEME["Custom Fees"].requires  # L150
    assert "unfinished" in d.SCHEME["Degradation"].requires  # L144
    assert not any(s.inferred for s in d.SCHEMES)
    assert d.SCHEME_ACTIVATION_FEUDS == 1 and d.SCHEMES_FROM_ROUND == 2  # L119, L122


# ---------------------------------------------------------------- building tiles
def test_tiles_per_type_and_level_l45_l46() -> None:
    assert b.BUILDING_TYPES == ("Military", "Politics", "Trade", "Religion", "Farming")
    for t in b.BUILDING_TYPES:
        counts = [d.tile(t, lv).count for lv in b.LEVELS]
        removed = [d.tile(t, lv).removed_2p for lv in b.LEVELS]
        assert counts == [4, 3, 2] and removed == [0, 1, 1]
    assert sum(x.count - x.removed_2p for x in d.BUILDING_TILES) == 35  # 2 players


def test_religion_tiles_l162_l164_and_stand_ins() -> None:
    assert [(d.tile("Religion", lv).cost, d.tile("Religion", lv).glory) for lv in (1, 2, 3)] == [
        (3, 2), (8, 4), (13, 6),
    ]
    for lv in (1, 2, 3):
        assert {"cost", "glory"} <= set(d.tile("Religion", lv).from_text)
        assert "cost" not in d.tile("Military", lv).from_text  # AoR-M2: copied
    for p in b.PROVINCES:
        space = {s.type: s for s in p.spaces}
        assert (space["Religion"].cost, space["Religion"].glory) == (3, 2)  # L162
        assert not space["Religion"].inferred and space["Farming"].inferred
        assert space["Religion"].cost == d.tile("Religion", 1).cost


def test_tile_names_from_the_examples() -> None:
    assert (d.TILE_BY_NAME["Lighthouse"].type, d.TILE_BY_NAME["Castle"].type) == (
        "Trade", "Military",  # L231-233
    )
    assert d.TILE_BY_NAME["Castle"].level == 3  # L347: an Alliance there gives 3 Glory
    assert len(d.TILE_BY_NAME) == 15


def test_capacities_3_2_1_and_the_colosseum_l177_l252() -> None:
    assert b.LEVEL_CAPACITY == {1: 3, 2: 2, 3: 1}
    assert all(x.capacity == b.LEVEL_CAPACITY[x.level] for x in d.BUILDING_TILES)
    cap = {c.place: c.followers for c in b.CAPACITIES}
    assert cap["Colosseum"] is None and b.COLOSSEUM_GLORY == 1


def test_population_disc_l156_l273() -> None:
    assert b.POPULATION_START == 1
    # L272: 1 + the levels; a province holds at most a level III of each type
    assert b.POPULATION_MAX == 1 + len(b.BUILDING_TYPES) * max(b.LEVELS) == 16
    assert [s.population for s in b.POPULATION_DISC] == list(range(1, 17))
    assert (b.PENALTY[3], b.PENALTY[6]) == (2, 4)
    assert not b.POPULATION_DISC[2].inferred and b.POPULATION_DISC[0].inferred
    pens = [b.PENALTY[p] for p in range(1, 17)]
    assert pens == sorted(pens)


def test_income_example_l273() -> None:
    def income(pop: int, double: bool) -> tuple[int, int]:
        mult = b.INCOME_DOUBLE if double else b.INCOME_SINGLE
        return pop * mult, b.PENALTY[pop] if double else 0

    assert income(3, False) == (3, 0) and income(3, True) == (6, 2)  # Henry
    assert income(6, True) == (12, 4)  # Mary
    # Jack cannot lose 2: with Glory 2 he would fall below 1 (L270)
    assert 2 - b.PENALTY[3] < b.GLORY_MIN


# ---------------------------------------------------------------- medals
def test_medals_l168_l172() -> None:
    assert [m.type for m in d.MEDALS] == list(b.BUILDING_TYPES)
    assert [m.line for m in d.MEDALS] == [168, 169, 170, 171, 172]
    assert d.MEDAL["Politics"].amount == b.MAJORITY_GLORY_POLITICS_MEDAL == 3
    assert d.MEDAL["Farming"].amount == d.FARMING_MEDAL_DENARII == 2
    assert d.MEDAL["Religion"].amount == d.RELIGION_MEDAL_PRICE == 3
    assert b.MAJORITY_GLORY == 2 and b.MAJORITY_RUN == 3  # L198


# ---------------------------------------------------------------- pantheon
def test_pantheon_piles_per_player_count_l48_l49() -> None:
    base, top = d.PANTHEON_PILE["base"], d.PANTHEON_PILE["top"]
    assert base.removed_3p == ("silver",) and top.removed_3p == ("bronze",)
    assert base.removed_2p == ("silver", "bronze") and top.removed_2p == ("bronze", "bronze")
    for players in (2, 3, 4):  # one common piece per player and level
        assert len(base.pieces(players)) == len(top.pieces(players)) == players
    assert base.pieces(1) == base.pieces(2)  # the solo sets up as 2 players (L373)
    assert base.pieces(4) == ("gold", "silver", "bronze", "bronze")
    assert d.PANTHEON_POINTS == {"gold": 4, "silver": 3, "bronze": 2, "own": 1}  # L318-324


def test_pantheon_levels_l238_l240() -> None:
    assert [(lv.name, lv.own, lv.common) for lv in d.PANTHEON_LEVELS] == [
        ("base", 2, 1), ("top", 3, 1),
    ]
    assert d.PANTHEON_ORDER == ("gold", "silver", "bronze")


# ---------------------------------------------------------------- action phase
def test_farming_by_round_l246_l250() -> None:
    assert [d.FARMING_DENARII[r] for r in range(1, 10)] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert len(d.FARMING) == d.ROUNDS == 9


def test_column_and_politics_example_l195_l303() -> None:
    """A2: positions from the bottom score 1, 2, 3, 5, 6; the example reads
    Mary 1st + 4th, Jack 2nd, Henry 3rd, Ross 5th (2 / 3 / 6 / 6)."""
    assert b.COLUMN_MAX == 5 == len(b.COLUMN_POINTS)
    assert b.COLUMN_POINTS == (1, 2, 3, 5, 6)
    assert b.COLUMN_POINTS_DERIVED == (4,)
    column = ("Mary", "Jack", "Henry", "Mary", "Ross")  # bottom to top
    pts = Counter()
    for owner, p in zip(column, b.COLUMN_POINTS, strict=True):
        pts[owner] += p
    assert pts == {"Jack": 2, "Henry": 3, "Mary": 6, "Ross": 6}
    assert sum(b.COLUMN_POINTS) == 17


def test_trade_limits_l206_l217() -> None:
    assert d.HAND_LIMIT == 5 and d.MAX_TRADE_SETS == 3 and d.SET_SIZE == 3
    assert d.SELL_DENARII == 1
    assert d.SET_POINTS == {"Tools": 3, "Weapons": 4, "Clothes": 5, "Jewels": 6}
    assert d.WILD == "Chest" and d.WILD not in d.SET_POINTS
    assert set(d.BONUS_FORBIDDEN_EFFECTS) == {"recruit legion", "recruit vote", "remove anchor"}


# ---------------------------------------------------------------- trade cards
def test_trade_deck_counts_and_asterisks() -> None:
    by_type = Counter(c.type for c in d.TRADE_CARDS)
    assert by_type == {"Tools": 9, "Weapons": 9, "Clothes": 8, "Jewels": 7, "Chest": 5}
    assert len(d.TRADE_CARD) == 38  # names are unique
    two_player = [c for c in d.TRADE_CARDS if not c.asterisk]
    assert len(two_player) == 34
    # every set type still makes a set, with Chests, in a 2-player deck
    for t in d.SET_TYPES:
        assert sum(c.type in (t, d.WILD) for c in two_player) >= d.SET_SIZE
    for c in d.TRADE_CARDS:
        assert c.condition in d.CONDITIONS and c.effect.kind in d.EFFECTS
        assert c.type in d.TRADE_TYPES and c.inferred


def test_trade_chain_examples_l231_l233() -> None:
    """Every card the examples chain has the same condition (L208), and the
    effects they rely on."""
    named = ("Sundial", "Circinus", "Bulla", "Snake Bracelets", "Spatha")
    assert {d.TRADE_CARD[n].condition for n in named} == {"A"}
    assert d.TRADE_CARD["Sundial"].effect == d.Effect("draw", 1)
    assert d.TRADE_CARD["Circinus"].effect.kind == "remove anchor"
    assert d.TRADE_CARD["Bulla"].effect == d.Effect("draw", 2)  # A8
    assert d.TRADE_CARD["Snake Bracelets"].effect.kind == "take discard"
    assert d.TRADE_CARD["Spatha"].effect == d.Effect("recruit legion", 1)
    for n in named:
        assert {"name", "effect"} <= set(d.TRADE_CARD[n].from_text)


def test_mary_trade_example_hand_arithmetic_l231() -> None:
    """4 cards + Anchor = full; Sundial out, Circinus in, Circinus out with
    the Anchor: three cards, room for the bonus's two draws."""
    hand = 4 + 1
    assert hand == d.HAND_LIMIT
    hand -= 1  # Sundial played
    hand += d.TRADE_CARD["Sundial"].effect.amount  # draws Circinus
    hand -= 1 + 1  # Circinus played, the Anchor removed
    assert hand == 3
    assert hand + 2 <= d.HAND_LIMIT


def test_set_points_and_the_trade_medal_l170_l213_l327() -> None:
    assert d.set_points(("Sundial", "Groma", "Libra")) == 3
    assert d.set_points(("Sundial", "Arca I", "Arca II")) == 3  # Chests are wild
    assert d.set_points(("Arca I", "Arca II", "Arca III")) is None  # A16
    assert d.set_points(("Spatha", "Gladius", "Bulla")) is None
    assert d.set_points(("Spatha", "Gladius", "Bulla"), trade_medal=True) == 4  # L327
    assert d.set_points(("Bulla", "Fibula", "Anulus"), trade_medal=True) == 6
    assert d.set_points(("Spatha", "Toga", "Arca I")) is None
    assert d.set_points(("Spatha", "Gladius")) is None


# ---------------------------------------------------------------- events
def test_events_twelve_standard_six_negative_l360() -> None:
    assert len(d.STANDARD_EVENTS) == 12 and len(d.NEGATIVE_EVENTS) == 6
    assert len(d.STANDARD_EVENTS) >= d.ROUNDS  # one Event a round
    assert len(d.EVENT) == 18
    for e in d.EVENTS:
        assert e.direction in b.DIRECTIONS and e.arrows in (1, 2), e.name  # L117
        assert e.measure in d.MEASURES, e.name
        assert e.reward and all(x.kind in d.EFFECTS for x in e.reward), e.name
        assert e.inferred
    assert all(x.amount > 0 for n in d.STANDARD_EVENTS for x in d.EVENT[n].reward
               if x.kind in ("glory", "denarii"))
    assert any(x.amount < 0 for n in d.NEGATIVE_EVENTS for x in d.EVENT[n].reward)
    assert {e.direction for e in d.EVENTS} == set(b.DIRECTIONS)


# ---------------------------------------------------------------- quests
def test_quests_names_and_vocabulary() -> None:
    assert len(d.QUEST) == 28
    for q in d.QUESTS:
        assert q.measure in d.MEASURES, q.name
        assert q.compare in (d.AT_LEAST, d.AT_MOST, d.MOST, d.LEAST, d.PER)
        assert q.glory > 0 and q.inferred
    for v in d.VARIANTS:
        assert all(n in d.QUEST for n in v.removes_quests), v.key
    for n in ("Feud for Fuel", "Feud Never Fades", "Offerings", "Wild Trade", "First to Vote",
              "Hard Work", "Most Decorated", "Last Brick on the Wall"):
        assert "name" in d.QUEST[n].from_text  # L351, L357


def test_enough_quests_for_every_deal() -> None:
    """Three dealt to each player (L67), after 2-player asterisks (L68) and
    the Truce and Heroes removals together."""
    removed = set(d.VARIANT["truce"].removes_quests) | set(d.VARIANT["heroes"].removes_quests)
    for players in (1, 2, 3, 4):
        deck = [q for q in d.QUESTS if q.name not in removed
                and not (players <= 2 and q.asterisk)]
        assert len(deck) >= d.QUESTS_DEALT * players
    assert (d.QUESTS_DEALT, d.QUESTS_KEPT) == (3, 2)


def test_quest_scoring_example_l332_l334() -> None:
    conqueror, brick = d.QUEST["Conqueror"], d.QUEST["Last Brick on the Wall"]
    assert d.quest_met(conqueror, 1, (1, 0, 0)) == 3  # Henry: first in Thrace only
    assert d.quest_met(brick, 1, (0, 0, 0)) == 6  # Ross won the Military Medal
    assert d.quest_met(brick, 0, (1, 0, 0)) == 0


def test_quest_ties_go_to_the_holder_l105() -> None:
    miser, ascetic = d.QUEST["Miser"], d.QUEST["Ascetic"]
    assert d.quest_met(miser, 10, (10, 3)) == miser.glory
    assert d.quest_met(miser, 9, (10, 3)) == 0
    assert d.quest_met(ascetic, 3, (3, 10)) == ascetic.glory
    assert d.quest_met(d.QUEST["Most Decorated"], 0, (0, 0)) == 0  # needs a Medal
    assert d.quest_met(d.QUEST["Feud for Fuel"], 0, (2,)) == 5
    assert d.quest_met(d.QUEST["Feud for Fuel"], 1, (2,)) == 0


# ---------------------------------------------------------------- military
def placings(legions: dict[str, int], medal: str | None = None) -> list[list[str]]:
    """Places in a Region (L185-188), best first: tied players share a
    place and the next one takes the next place; the Military Medal wins
    its tie and the others tied take the next place (L168)."""
    groups: list[list[str]] = []
    for n in sorted({v for v in legions.values() if v > 0}, reverse=True):
        tied = sorted(p for p, v in legions.items() if v == n)
        if medal in tied and len(tied) > 1:
            groups += [[medal], [p for p in tied if p != medal]]
        else:
            groups.append(tied)
    return groups


def region_points(region: str, legions: dict[str, int], players: int,
                  medal: str | None = None) -> dict[str, int]:
    """End-game Glory of a region: nothing unless defeated (A1: at least
    the shield), nothing for a shared place (L186)."""
    if sum(legions.values()) < b.BATTLE_REGION[region].shield:
        return {}
    banner = b.banners(region, players)
    groups = placings(legions, medal)
    return {g[0]: banner[k] for k, g in enumerate(groups[: len(banner)]) if len(g) == 1}


def test_regions_l190_l295() -> None:
    assert b.REGION_NAMES == ("Epirus", "Macedonia", "Thrace")
    assert [r.shield for r in b.BATTLE_REGIONS] == [2, 3, 4]
    assert sorted(r.banners[0] for r in b.BATTLE_REGIONS) == [5, 8, 10]
    assert sorted(r.banners[1] for r in b.BATTLE_REGIONS) == [2, 4, 5]
    assert sorted(r.banners_2p[0] for r in b.BATTLE_REGIONS) == [4, 5, 5]
    assert sorted(r.banners_2p[1] for r in b.BATTLE_REGIONS if len(r.banners_2p) > 1) == [2, 3]
    thrace = b.BATTLE_REGION["Thrace"]
    assert (thrace.banners, thrace.banners_2p, thrace.colour) == ((10, 5, 3), (5, 3), "blue")
    assert not thrace.inferred  # L189, L299, L333


def test_military_tie_example_l187_l188() -> None:
    legions = {"Jack": 3, "Mary": 3, "Henry": 1}
    assert placings(legions) == [["Jack", "Mary"], ["Henry"]]  # Henry second
    assert region_points("Macedonia", legions, players=4) == {"Henry": 4}
    assert placings(legions, medal="Jack") == [["Jack"], ["Mary"], ["Henry"]]
    assert region_points("Thrace", legions, players=4, medal="Jack") == {
        "Jack": 10, "Mary": 5, "Henry": 3,
    }


def test_thrace_example_l299() -> None:
    pts = region_points("Thrace", {"Henry": 3, "Jack": 2, "Ross": 1}, players=4)
    assert pts == {"Henry": 10, "Jack": 5, "Ross": 3}
    assert region_points("Thrace", {"Henry": 3}, players=4) == {}  # not defeated
    assert region_points("Thrace", {"Henry": 3, "Jack": 2}, players=2) == {"Henry": 5, "Jack": 3}


# ---------------------------------------------------------------- final scoring
def test_scoring_sheet_order_l279_l285() -> None:
    assert d.SCORING_SHEET == (
        "Glory track", "Military", "Politics", "Trade", "Religion", "Quests", "Denarii",
    )
    assert (d.DENARII_PER_GLORY_END, d.DENARII_PER_GLORY_END_RELIGION_MEDAL) == (4, 3)
    assert d.TIEBREAK == ("denarii before exchange", "co-emperors")  # L278, A19


def test_final_scoring_example_l325_l334() -> None:
    """The scoring example's table, every column from the data: Jack 40,
    Henry 66, Mary 47, Ross 58 (A2, A4, A26 readings)."""
    players = ("Jack", "Henry", "Mary", "Ross")
    track = {"Jack": 29, "Henry": 26, "Mary": 27, "Ross": 23}
    # Military (Ross holds the Military Medal): Epirus Mary/Ross tied,
    # Macedonia Jack/Mary tied over Henry, Thrace Henry > Jack > Ross.
    military = Counter()
    for region, legions in (
        ("Epirus", {"Mary": 1, "Ross": 1}),
        ("Macedonia", {"Jack": 2, "Mary": 2, "Henry": 1}),
        ("Thrace", {"Henry": 3, "Jack": 2, "Ross": 1}),
    ):
        military.update(region_points(region, legions, players=4, medal="Ross"))
    politics = Counter()
    for owner, p in zip(("Mary", "Jack", "Henry", "Mary", "Ross"), b.COLUMN_POINTS,
                        strict=True):
        politics[owner] += p
    sets = {  # Henry holds the Trade Medal: his Jewels are wild and score nothing
        "Jack": [],
        "Henry": [("Spatha", "Gladius", "Bulla"), ("Toga", "Stola", "Fibula")],
        "Mary": [("Pilum", "Pugio", "Arcus")],
        "Ross": [("Anulus", "Torques", "Monile")],
    }
    trade = {p: sum(d.set_points(s, trade_medal=p == "Henry") for s in ss)
             for p, ss in sets.items()}
    # Pantheon: bases finished by Mary (gold), Ross (silver), Henry (bronze);
    # Henry's top first (gold); Jack has one own piece.
    base, top = d.PANTHEON_PILE["base"].pieces(4), d.PANTHEON_PILE["top"].pieces(4)
    own = d.PANTHEON_POINTS["own"]
    religion = {
        "Jack": own,
        "Mary": 2 * own + d.PANTHEON_POINTS[base[0]],
        "Ross": 2 * own + d.PANTHEON_POINTS[base[1]] + 2 * own,
        "Henry": 2 * own + d.PANTHEON_POINTS[base[2]] + 3 * own + d.PANTHEON_POINTS[top[0]],
    }
    quests = {
        "Jack": 0,
        "Henry": d.quest_met(d.QUEST["Conqueror"], 1, (0, 0, 0)),
        "Mary": 0,
        "Ross": d.quest_met(d.QUEST["Last Brick on the Wall"], 1, (0, 0, 0)),
    }
    denarii = {"Jack": 13, "Henry": 3, "Mary": 9, "Ross": 11}
    glory_from_denarii = {p: n // d.DENARII_PER_GLORY_END for p, n in denarii.items()}
    columns = (track, military, politics, trade, religion, quests, glory_from_denarii)
    assert len(columns) == len(d.SCORING_SHEET)
    assert [military[p] for p in players] == [5, 14, 2, 8]
    assert [politics[p] for p in players] == [2, 3, 6, 6]
    assert [trade[p] for p in players] == [0, 9, 4, 6]
    assert [religion[p] for p in players] == [1, 11, 6, 7]
    assert [quests[p] for p in players] == [0, 3, 0, 6]
    assert [glory_from_denarii[p] for p in players] == [3, 0, 2, 2]
    totals = {p: sum(col[p] for col in columns) for p in players}
    assert totals == {"Jack": 40, "Henry": 66, "Mary": 47, "Ross": 58}


# ---------------------------------------------------------------- achievements
def test_twelve_achievements_l390_l401() -> None:
    assert len(d.ACHIEVEMENTS) == 12
    for a in d.ACHIEVEMENTS:
        assert a.measure in d.MEASURES and a.compare in (d.AT_LEAST, d.AT_MOST)
    assert [a.threshold for a in d.ACHIEVEMENTS if a.measure == "final glory"] == [100, 90, 113]
    unreachable = [a.text for a in d.ACHIEVEMENTS if not a.reachable]
    assert unreachable == [
        "Reach 90+ Glory points in Cassius Attack Solo mode.",  # no Cassius rules
        "Complete 4 Quests.",  # A25: only two Quests are held
    ]
    assert d.CASSIUS_SOLO_RULES is None


# ---------------------------------------------------------------- variants
def test_five_variants_l335_l360() -> None:
    assert [v.name for v in d.VARIANTS] == [
        "Spies & Allies", "Truce", "Clockwork", "Heroes", "Hard Times",
    ]
    assert d.VARIANT["spies_allies"].players == (2, 3, 4)  # L338
    assert d.VARIANT["truce"].no_schemes and d.VARIANT["heroes"].no_medals
    assert d.VARIANT["clockwork"].clockwise_quarter and d.VARIANT["hard_times"].negative_events
    assert len(d.VARIANT["heroes"].removes_quests) == 6  # L357
    assert len(d.VARIANT["truce"].removes_quests) == 2  # L351


def test_diplomacy_outcomes_l340_l348() -> None:
    assert d.DIPLOMACY_TOKENS == ("spy", "alliance")
    ally = d.diplomacy("alliance", accepted=True)
    assert ally.denarii_to == "opponent" and set(ally.level_glory) == {"placer", "opponent"}
    spy = d.diplomacy("spy", accepted=True)
    assert spy.denarii_to == "opponent" and spy.spy_choice and not spy.level_glory
    assert d.diplomacy("alliance", accepted=False).denarii_to == "placer"
    assert d.diplomacy("spy", accepted=False).denarii_to == "supply"
    # L347: an Alliance on the Castle gives Jack and Mary three Glory each
    assert d.TILE_BY_NAME["Castle"].level == 3


# ---------------------------------------------------------------- Emperor Solo
def test_emperor_solo_l361_l384() -> None:
    assert len(d.SOLO_TASKS) == 7
    assert [t.threshold for t in d.SOLO_TASKS] == [51, 3, 2, 4, 2, 2, 2]
    assert all(t.measure in d.MEASURES for t in d.SOLO_TASKS)
    assert d.SOLO_TASKS[5].threshold == len(d.PANTHEON_LEVELS)  # a whole Pantheon
    titles = [d.solo_title(n) for n in range(8)]
    assert titles == [None, None, None, None, "Praetor", "Praetor", "Imperator",
                      "Son of Jupiter"]
    assert d.SOLO_SETUP_PLAYERS == 2 and d.SOLO_EVENT_DENARII_PER_FOLLOWER == 1


# ---------------------------------------------------------------- the board
def test_provinces_l154_and_their_spaces() -> None:
    assert sorted(b.PROVINCE_NAMES) == ["Africa", "Gaule", "Hispania", "Italia"]
    assert [p.position for p in b.PROVINCES] == [0, 1, 2, 3]
    for p in b.PROVINCES:
        assert tuple(s.type for s in p.spaces) == b.BUILDING_TYPES
        assert p.scheme_spaces == 3


def test_seating_and_the_two_player_rule_l42() -> None:
    for players, positions in b.SEATING.items():
        assert len(positions) == players and len(set(positions)) == players
        assert all(0 <= x < b.TABLE_POSITIONS for x in positions)
    first, second = b.SEATING[2]
    assert not b.adjacent(first, second)
    assert b.adjacent(0, 3) and b.adjacent(1, 2) and not b.adjacent(1, 3)


def test_rotation_l117_l275() -> None:
    assert b.turn(0, b.CW, 1) == 1 and b.turn(0, b.CCW, 1) == 3
    assert b.turn(b.turn(2, b.CW, 2), b.CCW, 2) == 2
    for r in range(4):
        faced = {b.province_in_front(x, r) for x in range(b.TABLE_POSITIONS)}
        assert faced == set(b.PROVINCE_NAMES)
    # a clockwise quarter turn brings each province to the next position clockwise
    assert b.province_in_front(1, b.turn(0, b.CW, 1)) == b.province_in_front(0, 0)
    assert b.ARROW_COLOUR == {b.CW: "blue", b.CCW: "orange"}


# ---------------------------------------------------------------- stand-ins
def _records() -> list[object]:
    out: list[object] = []
    for mod in (d, b):
        for value in vars(mod).values():
            if isinstance(value, tuple):
                out += [x for x in value if dataclasses.is_dataclass(x)]
    return out


def test_text_facts_are_not_marked_inferred_and_stand_ins_are() -> None:
    records = _records()
    assert len(records) > 150
    # a record that names text fields but is not inferred gives them all
    for r in records:
        if hasattr(r, "from_text") and not r.inferred:  # type: ignore[attr-defined]
            assert r.from_text, r  # type: ignore[attr-defined]
    assert all(t.inferred for t in d.BUILDING_TILES)  # every tile has a stand-in field
    assert all(q.inferred for q in d.QUESTS) and all(c.inferred for c in d.TRADE_CARDS)
    assert all(e.inferred for e in d.EVENTS)
    # records the text gives whole
    assert not b.BATTLE_REGION["Thrace"].inferred
    assert not b.POPULATION_DISC[5].inferred  # population 6 -> 4
    assert all(not s.inferred for s in d.SCHEMES)
    assert b.SEATINGS[1].players == 2 and not b.SEATINGS[1].inferred
    assert all(p.inferred and p.name_from_text for p in b.PROVINCES)


def test_records_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.CHARACTER["Crassus"].denarii = 0  # type: ignore[misc]
