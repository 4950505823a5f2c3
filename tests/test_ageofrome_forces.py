"""Age of Rome's Legions, Votes and Pantheon (engine/ageofrome/forces.py):
the Column's eviction and Majorities (L195-201), single Legion moves (A18),
Battle Region placings and ties (L184-189, A1), the Pantheon's order of
pieces and common colours (L236-242, A5, A6), Farming by round (L245-250).

The position builder here (``position``) is also used by
tests/test_ageofrome_actions.py: seat k plays character k, the rulebook's
Jack, Henry, Mary and Ross are seats 0-3.
"""

from __future__ import annotations

from engine.ageofrome import benefits, board, data, forces
from engine.ageofrome.actions import DONE, MoveLegion
from engine.ageofrome.state import (
    FARMING,
    MILITARY,
    POLITICS,
    REGION_INDEX,
    RELIGION,
    TYPES,
    Player,
    Province,
    State,
)
from engine.core import Options, Rng

JACK, HENRY, MARY, ROSS = range(4)
NAMES = {"jack": JACK, "henry": HENRY, "mary": MARY, "ross": ROSS}


def player(character: int = 0, position: int = 0, **changes: object) -> Player:
    """A Player board as the character starts it (L51-60), with ``changes``."""
    c = data.CHARACTERS[character]
    p = Player(
        character=character, position=position, glory=c.glory, denarii=c.denarii,
        followers=data.START_FOLLOWERS, placed=0, milestones=0,
        legions=c.legions[0], legions_unrecruited=c.legions[1] - c.legions[0],
        votes=c.votes[0], votes_unrecruited=c.votes[1] - c.votes[0],
        feuds=c.feuds, bonus_used=0, markers=data.SCHEME_MARKERS_PER_PLAYER,
        hand=(), anchor=c.anchor, sets=(), quests=(),
        base_own=0, top_own=0, base_common="", top_common="", medals=0,
        majorities=0, schemes_activated=0, tiles_placed=0, level3_placed=0,
        colosseum=0, tokens=0,
    ).thaw()
    for k, v in changes.items():
        setattr(p, k, v)
    return p.freeze()


def province(levels: tuple[int, ...] = (0, 0, 0, 0, 0)) -> Province:
    return Province(levels=tuple(levels), followers=((),) * len(TYPES), schemes=(None,) * 3)


def position(n: int = 4, phase: str = "actions", round_: int = 1,
             options: dict | None = None, **seat_changes: dict) -> State:
    """A state of ``n`` seats (seat k plays character k, sits at its table
    position), rotation 0, seat 0 first; ``seat_changes`` per seat name or
    ``seat<k>``: Player fields to set."""
    players = []
    for seat, pos in enumerate(board.SEATING[n]):
        changes = {}
        for key, value in seat_changes.items():
            if NAMES.get(key, -1) == seat or key == f"seat{seat}":
                changes.update(value)
        players.append(player(seat, pos, **changes))
    two = n <= 2
    tiles = tuple(data.TILES_PER_LEVEL[lv] - (data.TILES_REMOVED_2P[lv] if two else 0)
                  for _ in TYPES for lv in board.LEVELS)
    opts = Options.of(options or {})
    return State(
        n=n, options=opts, rng=Rng(7), round=round_, phase=phase, step=0,
        queue=tuple(range(n)), order=tuple(range(n)), pending=(), players=tuple(players),
        provinces=tuple(province() for _ in board.PROVINCES), rotation=0, first=0,
        direction=board.CW, event=-1, event_deck=(), trade_deck=(), discard=(),
        quest_deck=(), tiles=tiles,
        medals=0 if opts.get("heroes", False) else (1 << len(TYPES)) - 1,
        pantheon=tuple(pile.pieces(max(n, 2)) for pile in data.PANTHEON_PILES),
        milestones=tuple(m.start for m in board.MILESTONES[1:]),
        column=(), regions=tuple((0,) * n for _ in board.BATTLE_REGIONS), diplomacy=(),
        doing=(), events=(), viewer=-1, unseen=(), history=(),
    )


def writable(s: State) -> State:
    """A writable copy ready for rules functions (events as a list)."""
    w = s.thaw()
    w.events = []
    return w


def kinds(w: State, kind: str) -> list[tuple]:
    return [e for e in w.events if e[0] == kind]


# ---------------------------------------------------------------- Votes

EPIRUS, MACEDONIA, THRACE = (REGION_INDEX[r] for r in ("Epirus", "Macedonia", "Thrace"))


def test_a_vote_goes_on_top_and_a_sixth_pushes_the_bottom_one_home() -> None:
    w = writable(position(henry={"votes": 3}))
    w.column = (JACK, MARY, JACK, MARY, ROSS)
    jack_votes = w.players[JACK].votes
    assert forces.place_vote(w, HENRY, "Politics")
    assert w.column == (MARY, JACK, MARY, ROSS, HENRY)  # L196: the bottom one goes
    assert w.players[HENRY].votes == 2
    assert w.players[JACK].votes == jack_votes + 1
    assert kinds(w, "vote_home") == [forces.VoteHome(JACK, 0, True)]
    assert not kinds(w, "majority")


def test_no_vote_on_the_board_places_nothing() -> None:
    w = writable(position(henry={"votes": 0}))
    assert not forces.place_vote(w, HENRY, "Politics")
    assert w.column == () and not w.events


def test_e13_henry_with_the_politics_bonus_makes_two_majorities() -> None:
    # L200: two Votes of Henry's on top of Jack's; two Votes, two Majorities.
    w = writable(position(henry={"votes": 3, "glory": 6}))
    w.column = (JACK, HENRY, HENRY)
    benefits.resolve_building(w, HENRY, POLITICS, bonus=True)
    assert w.column == (JACK, HENRY, HENRY, HENRY, HENRY)
    assert [e.glory for e in kinds(w, "majority")] == [2, 2]
    assert w.players[HENRY].glory == 10 and w.players[HENRY].majorities == 2
    assert w.players[HENRY].votes == 1


def test_e14_mary_evicts_her_own_bottom_vote_and_casts_it_again() -> None:
    # L201: one Vote left, the bonus: Majority, her bottom Vote comes home,
    # she casts it, a second Majority, her other bottom Vote comes home.
    w = writable(position(mary={"votes": 1, "votes_unrecruited": 0, "glory": 4}))
    w.column = (MARY, MARY, JACK, MARY, MARY)
    benefits.resolve_building(w, MARY, POLITICS, bonus=True)
    assert w.column == (JACK, MARY, MARY, MARY, MARY)
    assert len(kinds(w, "majority")) == 2
    assert w.players[MARY].glory == 8
    assert w.players[MARY].votes == 1  # four on the Column, one on the board
    assert [e.seat for e in kinds(w, "vote_home")] == [MARY, MARY]


def test_the_politics_medal_makes_a_majority_worth_three() -> None:
    w = writable(position(jack={"votes": 2, "glory": 6, "medals": 1 << POLITICS}))
    w.column = (JACK, JACK)
    forces.place_vote(w, JACK, "Politics")
    assert kinds(w, "majority") == [forces.Majority(JACK, 3)]
    assert w.players[JACK].glory == 9


def test_e12_removing_a_vote_never_makes_a_majority_placing_does() -> None:
    # L199: Ross removes Mary's Vote, three of his are on top: no Majority;
    # the Vote he then casts makes one.
    w = writable(position(ross={"votes": 1, "glory": 3}))
    w.column = (JACK, ROSS, ROSS, MARY, ROSS)
    assert forces.remove_vote(w, 3) == MARY
    assert w.column == (JACK, ROSS, ROSS, ROSS)
    assert not kinds(w, "majority")
    forces.place_vote(w, ROSS, "Revote")
    assert kinds(w, "majority") == [forces.Majority(ROSS, 2)]
    assert w.players[ROSS].glory == 5


def test_a_majority_can_reach_a_milestone() -> None:
    w = writable(position(jack={"votes": 1, "glory": 3}))
    w.column = (JACK, JACK)
    followers = w.players[JACK].followers
    forces.place_vote(w, JACK, "Politics")
    assert w.players[JACK].glory == 5
    assert w.players[JACK].followers == followers + 1  # L99: the 5 milestone


# ---------------------------------------------------------------- Legions
def moves(w: State) -> list:
    pd = w.pending[-1]
    return benefits.DECISIONS[pd.kind][0](w, pd)


def answer(w: State, a: tuple) -> None:
    pd = w.pending[-1]
    w.pending = w.pending[:-1]
    benefits.DECISIONS[pd.kind][1](w, pd, a)


def test_e9_military_with_the_bonus_places_one_and_relocates_one() -> None:
    # L180, L262: Ross places a Legion in Macedonia and relocates one from
    # Thrace to Epirus.
    w = writable(position(ross={"legions": 1}))
    w.regions = ((0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 2))
    benefits.resolve_building(w, ROSS, MILITARY, bonus=True)
    assert w.pending[-1].kind == forces.LEGION and w.pending[-1].data[0] == 2
    first = moves(w)
    assert MoveLegion("board", "Macedonia") in first
    assert MoveLegion("Thrace", "Epirus") in first
    assert MoveLegion("Epirus", "Thrace") not in first  # none of his in Epirus
    answer(w, MoveLegion("board", "Macedonia"))
    assert w.players[ROSS].legions == 0
    second = moves(w)
    assert MoveLegion("board", "Epirus") not in second  # his board is empty now
    answer(w, MoveLegion("Thrace", "Epirus"))
    assert not w.pending
    assert [r[ROSS] for r in w.regions] == [1, 1, 1]


def test_military_without_the_bonus_is_one_move_and_may_stop() -> None:
    w = writable(position())
    benefits.resolve_building(w, JACK, MILITARY, bonus=False)
    assert w.pending[-1].data[0] == 1
    assert DONE in moves(w)
    answer(w, DONE)
    assert not w.pending and w.regions[EPIRUS][JACK] == 0


def test_only_own_recruited_legions_move() -> None:
    # A18: unrecruited Legions cannot be placed; others' Legions never move.
    w = writable(position(jack={"legions": 0, "legions_unrecruited": 2}))
    w.regions = ((0, 3, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0))
    benefits.resolve_building(w, JACK, MILITARY, bonus=True)
    assert not w.pending  # nothing Jack can move: no decision opens
    assert forces.legion_moves(w, HENRY) == [MoveLegion("board", r) for r in
                                             ("Epirus", "Macedonia", "Thrace")] + [
        MoveLegion("Epirus", "Macedonia"), MoveLegion("Epirus", "Thrace")]


def test_add_and_remove_legion_keep_the_count() -> None:
    w = writable(position())
    before = w.players[MARY].legions
    forces.add_legion(w, MARY, THRACE)
    forces.add_legion(w, MARY, THRACE)
    forces.remove_legion(w, MARY, THRACE)
    assert w.regions[THRACE][MARY] == 1 and w.players[MARY].legions == before - 1


# ---------------------------------------------------------------- Battle Regions
def regions_state(n: int = 4, medal: int | None = None, **counts: tuple) -> State:
    w = writable(position(n))
    if medal is not None:
        forces.mine(w, medal).medals |= 1 << MILITARY
    w.regions = tuple(counts.get(r, (0,) * n) for r in ("Epirus", "Macedonia", "Thrace"))
    return w


def test_a1_a_region_is_defeated_at_its_shield_or_more() -> None:
    assert not forces.defeated(regions_state(Epirus=(1, 0, 0, 0)), EPIRUS)
    assert forces.defeated(regions_state(Epirus=(1, 1, 0, 0)), EPIRUS)
    assert forces.defeated(regions_state(Thrace=(3, 1, 2, 0)), THRACE)  # 6 in a 4-shield
    assert not forces.defeated(regions_state(Thrace=(3, 0, 0, 0)), THRACE)


def test_e10_tied_players_keep_their_place_and_the_next_takes_the_next() -> None:
    # L187: Jack and Mary 3-3 score nothing; Henry, with 1, is 2nd.
    s = regions_state(Thrace=(3, 1, 3, 0))
    assert forces.placings(s, THRACE) == ((JACK, 1), (MARY, 1), (HENRY, 2))
    assert forces.region_glory(s, THRACE) == (0, 5, 0, 0)
    assert forces.first_places(s, JACK) == 0
    assert forces.first_places(s, JACK, ties_count=True) == 1


def test_e10_with_the_military_medal_jack_is_first_mary_second_henry_third() -> None:
    # L188.
    s = regions_state(medal=JACK, Thrace=(3, 1, 3, 0))
    assert forces.placings(s, THRACE) == ((JACK, 1), (MARY, 2), (HENRY, 3))
    assert forces.region_glory(s, THRACE) == (10, 3, 5, 0)
    assert forces.first_places(s, JACK) == 1


def test_the_medal_holder_wins_a_three_way_tie_the_others_tie_for_next() -> None:
    s = regions_state(medal=JACK, Thrace=(2, 1, 2, 2))
    assert forces.placings(s, THRACE) == ((JACK, 1), (MARY, 2), (ROSS, 2), (HENRY, 3))
    assert forces.region_glory(s, THRACE) == (10, 3, 0, 0)


def test_the_medal_does_nothing_outside_a_tie() -> None:
    s = regions_state(medal=HENRY, Thrace=(3, 1, 3, 0))
    assert forces.placings(s, THRACE) == ((JACK, 1), (MARY, 1), (HENRY, 2))


def test_e11_two_players_thrace_scores_5_and_3() -> None:
    # L189.
    s = regions_state(n=2, Thrace=(3, 1))
    assert forces.region_glory(s, THRACE) == (5, 3)


def test_an_undefeated_region_scores_nothing() -> None:
    s = regions_state(Thrace=(2, 1, 0, 0))
    assert forces.region_glory(s, THRACE) == (0, 0, 0, 0)
    assert forces.first_places(s, JACK) == 0


def test_places_past_the_banners_score_nothing() -> None:
    s = regions_state(Epirus=(3, 2, 1, 0))  # Epirus 5/2
    assert forces.region_glory(s, EPIRUS) == (5, 2, 0, 0)


# ---------------------------------------------------------------- Pantheon
def religion(w: State, seat: int, times: int) -> None:
    for _ in range(times):
        benefits.resolve_building(w, seat, RELIGION, bonus=False)


def test_the_base_takes_two_own_then_the_common_piece_gold_silver_bronze() -> None:
    w = writable(position())
    religion(w, JACK, 2)
    assert (w.players[JACK].base_own, w.players[JACK].base_common) == (2, "")
    assert w.players[JACK].top_own == 0
    religion(w, JACK, 1)
    assert w.players[JACK].base_common == data.GOLD
    for seat in (HENRY, MARY, ROSS):
        religion(w, seat, 3)
    assert [p.base_common for p in w.players] == [
        data.GOLD, data.SILVER, data.BRONZE, data.BRONZE]
    assert w.pantheon[0] == ()
    # the top: three own then the first top finisher takes Gold (Ross)
    religion(w, ROSS, 4)
    assert (w.players[ROSS].top_own, w.players[ROSS].top_common) == (3, data.GOLD)
    assert forces.pantheon_pieces(w, ROSS) == 7
    assert not forces.can_add_pantheon_piece(w, ROSS)
    assert not forces.add_pantheon_piece(w, ROSS)  # complete: nothing more
    assert forces.pantheon_pieces(w, ROSS) == 7


def test_a5_a_missing_colour_falls_to_the_next_lower_one() -> None:
    # 3 players: the base pile loses its Silver (L49): the 2nd finisher gets Bronze.
    w = writable(position(3))
    assert w.pantheon[0] == (data.GOLD, data.BRONZE, data.BRONZE)
    religion(w, JACK, 3)
    religion(w, HENRY, 3)
    assert (w.players[JACK].base_common, w.players[HENRY].base_common) == (
        data.GOLD, data.BRONZE)


def test_degradation_takes_only_an_own_piece_of_the_unfinished_level() -> None:
    w = writable(position())
    assert not forces.degradable(w, JACK)
    religion(w, JACK, 2)
    assert forces.degradable(w, JACK)
    forces.degrade(w, JACK)
    assert w.players[JACK].base_own == 1
    religion(w, JACK, 2)  # own, then gold: the base is finished
    assert not forces.degradable(w, JACK)  # L242: the finished base is safe
    religion(w, JACK, 2)
    forces.degrade(w, JACK)
    assert (w.players[JACK].base_own, w.players[JACK].top_own) == (2, 1)
    religion(w, JACK, 3)  # top: 3 own + common
    assert w.players[JACK].top_common
    assert not forces.degradable(w, JACK)
    forces.degrade(w, JACK)
    assert forces.pantheon_pieces(w, JACK) == 7


# ---------------------------------------------------------------- Farming
def test_farming_pays_by_the_round_and_the_medal_adds_two() -> None:
    for round_, paid in ((1, 1), (3, 2), (6, 3), (8, 4), (9, 5)):
        w = writable(position(round_=round_))
        before = w.players[MARY].denarii
        benefits.resolve_building(w, MARY, FARMING, bonus=False)
        assert w.players[MARY].denarii == before + paid
    w = writable(position(round_=3, mary={"medals": 1 << FARMING}))
    before = w.players[MARY].denarii
    benefits.resolve_building(w, MARY, FARMING, bonus=False)
    assert w.players[MARY].denarii == before + 4  # L172
    benefits.resolve_building(w, MARY, FARMING, bonus=False, follower=False)  # a Spy's action
    assert w.players[MARY].denarii == before + 4 + 2  # no Follower placed: no Medal extra


def test_every_event_has_a_log_sentence() -> None:
    w = writable(position(jack={"votes": 3}))
    w.column = (JACK, JACK, MARY, MARY, MARY)
    forces.place_vote(w, JACK, "Politics")
    forces.add_legion(w, JACK, EPIRUS)
    forces.remove_legion(w, JACK, EPIRUS)
    religion(w, JACK, 3)
    forces.degrade(w, MARY)
    benefits.resolve_building(w, JACK, FARMING, bonus=False)
    for e in w.events:
        if e[0] in forces.LOG:
            assert forces.LOG[e[0]](w, e).endswith(".")
    assert {e[0] for e in w.events} >= {"vote_placed", "vote_home", "legion_moved",
                                         "legion_home", "pantheon", "farmed"}


def test_a_legion_move_names_what_it_undoes_or_ties_before_it_is_made() -> None:
    """A "defeated" region is not for good: moving out drops it below its
    shield, and moving in changes its 1st place (issue 28)."""
    s = regions_state(Epirus=(2, 0, 0, 0))
    assert forces.legion_consequence(s, JACK, "Epirus", "Thrace") == (
        "Epirus would no longer be defeated; Thrace: you would take first alone")
    s = regions_state(Epirus=(1, 1, 0, 0), Macedonia=(0, 2, 0, 0))
    assert forces.legion_consequence(s, JACK, "Epirus", "Macedonia") == (
        "Epirus would no longer be defeated, you would lose first to Julius Caesar;"
        " Macedonia would be defeated (at the end: Julius Caesar 1st 8 Glory, you 2nd 4)")
    s = regions_state(Macedonia=(1, 2, 0, 0))
    assert forces.legion_consequence(s, JACK, "board", "Macedonia") == (
        "Macedonia: you would tie Julius Caesar for first")
    assert forces.legion_consequence(s, HENRY, "Macedonia", "Epirus", JACK) == (
        "Macedonia would no longer be defeated, Julius Caesar would tie you"
        " for first; Epirus: Julius Caesar would take first alone")
    s = regions_state(Macedonia=(2, 2, 0, 0))
    assert forces.legion_consequence(s, JACK, "Macedonia", "Epirus") == (
        "Macedonia: you would lose first to Julius Caesar; Epirus: you would take first alone")
    s = regions_state(Thrace=(0, 0, 0, 2))
    assert forces.legion_consequence(s, JACK, "board", "Thrace") == ""


def test_a_legion_that_defeats_a_region_says_what_each_place_scores_at_the_end() -> None:
    """"Thrace would be defeated" said nothing of who scores what
    (walk-through, stop 36): its placings and their banners follow
    (L185-188: a shared place scores nothing, nor one past the banners)."""
    s = regions_state(Thrace=(1, 1, 1, 0))
    assert forces.legion_consequence(s, JACK, "board", "Thrace") == (
        "Thrace would be defeated (at the end: you 1st 10 Glory,"
        " Julius Caesar and Octavianus tied 2nd, nothing)")
    s = regions_state(Thrace=(0, 1, 1, 1))
    assert forces.legion_consequence(s, JACK, "board", "Thrace") == (
        "Thrace would be defeated (at the end: you, Julius Caesar, Octavianus and"
        " Crassus tied 1st, nothing)")
    s = regions_state(Thrace=(1, 2, 0, 0))
    assert forces.legion_consequence(s, HENRY, "board", "Thrace", JACK) == (
        "Thrace would be defeated (at the end: Julius Caesar 1st 10 Glory, you 2nd 5)")


def test_in_the_solo_a_legion_move_counts_towards_the_shield_not_first_place() -> None:
    """The Emperor Solo said "Epirus: you would take first alone", with no
    one to be first against (walk-through, stop 36): it says how far the
    region is from its shield (the Conquer task), and what it scores."""
    s = regions_state(1, Thrace=(1,))
    assert forces.legion_consequence(s, JACK, "board", "Thrace") == (
        "Thrace: 2 of the 4 Legions its shield needs")
    s = regions_state(1, Epirus=(1,), Thrace=(2,))
    assert forces.legion_consequence(s, JACK, "Thrace", "Epirus") == (
        "Thrace: 1 of the 4 Legions its shield needs; Epirus would be defeated"
        " (at the end: you 1st 5 Glory)")
    s = regions_state(1, Epirus=(2,))
    assert forces.legion_consequence(s, JACK, "Epirus", "Thrace") == (
        "Epirus would no longer be defeated, 1 of the 2 Legions its shield needs;"
        " Thrace: 1 of the 4 Legions its shield needs")


def test_apostasy_names_the_region_it_would_undo_before_it_is_chosen() -> None:
    """Apostasy (L145) takes a target's Legion out: a defeated region can
    fall below its shield (A1, L184), and 1st place can change; a Legion
    put in its place keeps the count."""
    s = regions_state(Thrace=(1, 3, 0, 0))  # 4 of Thrace's 4: defeated
    assert forces.apostasy_consequence(s, JACK, HENRY, "Thrace", False) == (
        "Un-defeats Thrace: 3 Legions left of the 4 its shield needs, so its places "
        "score nothing")
    assert forces.apostasy_consequence(s, JACK, HENRY, "Thrace", True) == (
        "Thrace: Julius Caesar would tie you for first")
    s = regions_state(Thrace=(0, 1, 0, 0))
    assert forces.apostasy_consequence(s, JACK, HENRY, "Thrace", False) == (
        "Thrace: Julius Caesar would no longer be first")
    assert forces.legion_consequence(s, HENRY, "Thrace", "Epirus", JACK) == (
        "Thrace: Julius Caesar would no longer be first; Epirus: Julius Caesar would take"
        " first alone")
    s = regions_state(Thrace=(2, 3, 0, 0))
    assert forces.apostasy_consequence(s, JACK, HENRY, "Thrace", False) == (
        "Thrace: Julius Caesar would tie you for first")
    assert forces.apostasy_consequence(s, JACK, HENRY, "Thrace", True) == (
        "Thrace: Julius Caesar would lose first to you")
    assert forces.apostasy_consequence(s, MARY, HENRY, "Thrace", True, JACK) == (
        "Thrace: Julius Caesar would tie you for first")  # Mary's 1 changes nothing


def test_a_legion_move_says_where_the_military_medal_breaks_the_tie() -> None:
    """Walk-through (stop 36): the Military Medal's tie-break was nowhere in
    the previews; a Legion that only equals its holder takes nothing."""
    s = regions_state(medal=JACK, Macedonia=(1, 2, 0, 0))
    assert forces.legion_consequence(s, JACK, "board", "Macedonia") == (
        "Macedonia: you would take first alone (the Military Medal wins the tie)")
    s = regions_state(medal=1, Macedonia=(1, 2, 0, 0))
    assert forces.legion_consequence(s, JACK, "board", "Macedonia") == (
        "Macedonia: you would equal Julius Caesar, whose Military Medal wins the tie: "
        "first stays theirs")
    s = regions_state(medal=JACK, Macedonia=(2, 2, 1, 0))
    assert forces.scoring_words(s, 1, (2, 2, 1, 0), JACK).startswith(
        "you 1st 8 Glory (Military Medal: wins the tie), Julius Caesar 2nd")
