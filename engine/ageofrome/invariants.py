"""What must hold in every position of Age of Rome (a full state, not a view).

``check`` raises AssertionError naming the first broken rule; the scenario
builder calls it on every position it builds. ``check_all`` adds what must
hold from one state to the next: the registry names it
(``GameEntry.invariants``), and random-game tests and bench/soak.py run it
after every action.
"""

from __future__ import annotations

from collections import Counter

from engine.core import HIDDEN

from . import board, data
from .setup import event_cards, quest_cards, setup_players, trade_cards
from .state import QUESTS, TYPES, State, tile_index

FEUDS_IN_BOX = 11  # L61: the markers not on boards lie by the Main board


def check_all(nxt: State, prev: State | None = None) -> None:
    """``check``, and nothing taken back since ``prev`` (None: a new game)."""
    check(nxt)
    if prev is None:
        return
    assert nxt.round >= prev.round, "the round went back"
    for seat, (a, b) in enumerate(zip(prev.players, nxt.players, strict=True)):
        assert b.followers >= a.followers, f"seat {seat} lost a Follower (L102)"
        assert b.milestones & a.milestones == a.milestones, f"seat {seat} un-met a milestone"
        assert b.medals & a.medals == a.medals, f"seat {seat} lost a Medal"
        assert len(b.sets) >= len(a.sets), f"seat {seat} lost a Trade set"
    for i, (a, b) in enumerate(zip(prev.milestones, nxt.milestones, strict=True)):
        assert b <= a, f"milestone {i + 1} moved up"


def check(s: State) -> None:
    assert s.viewer == -1, "invariants are checked on full states"
    for seat in range(s.n):
        _player(s, seat)
    _board(s)
    _cards(s)
    _milestones(s)


def _player(s: State, seat: int) -> None:
    p = s.players[seat]
    who = f"seat {seat}"
    assert p.glory >= board.GLORY_MIN, f"{who}: Glory {p.glory} below 1 (L97)"
    assert p.denarii >= 0, f"{who}: {p.denarii} Denarii"
    assert data.START_FOLLOWERS <= p.followers <= data.MAX_FOLLOWERS, (
        f"{who}: {p.followers} Followers")
    assert 0 <= p.placed <= p.followers, f"{who}: {p.placed} of {p.followers} Followers placed"
    legions = p.legions + p.legions_unrecruited + sum(r[seat] for r in s.regions)
    assert legions == data.LEGIONS_PER_PLAYER, f"{who}: {legions} Legions, not 7"
    assert min(p.legions, p.legions_unrecruited) >= 0, f"{who}: negative Legions"
    votes = p.votes + p.votes_unrecruited + s.column.count(seat)
    assert votes == data.VOTES_PER_PLAYER, f"{who}: {votes} Votes, not 5"
    assert min(p.votes, p.votes_unrecruited) >= 0, f"{who}: negative Votes"
    assert 0 <= p.feuds <= data.FEUD_TRACK_SPACES, f"{who}: {p.feuds} Feuds"
    assert p.hand_size <= data.HAND_LIMIT, f"{who}: {p.hand_size} cards in hand (L206)"
    assert len(p.sets) <= data.MAX_TRADE_SETS, f"{who}: {len(p.sets)} Trade sets (L214)"
    on_board = sum(1 for pr in s.provinces for m in pr.schemes if m is not None and m.seat == seat)
    markers = p.markers + on_board
    assert markers == data.SCHEME_MARKERS_PER_PLAYER, f"{who}: {markers} Scheme markers"
    base, top = data.PANTHEON_LEVELS
    assert 0 <= p.base_own <= base.own and 0 <= p.top_own <= top.own, (
        f"{who}: Pantheon {p.base_own}/{p.top_own} own pieces")
    assert not p.base_common or p.base_own == base.own, f"{who}: base finished early"
    assert not p.top_common or p.top_own == top.own, f"{who}: top finished early"
    assert not (p.top_own or p.top_common) or p.base_common, f"{who}: top before the base (A6)"
    if s.phase != QUESTS:
        assert len(p.quests) == 2, f"{who}: {len(p.quests)} Quests"


def _board(s: State) -> None:
    assert len(s.column) <= board.COLUMN_MAX, f"{len(s.column)} Votes on the Column"
    assert all(0 <= v < s.n for v in s.column), "a Vote of no seat on the Column"
    assert sum(p.feuds for p in s.players) <= FEUDS_IN_BOX, "more Feuds than the box holds"
    players = setup_players(s.options, s.n)
    for t in range(len(TYPES)):
        for level in board.LEVELS:
            start = data.TILES_PER_LEVEL[level] - (
                data.TILES_REMOVED_2P[level] if players <= 2 else 0)
            built = sum(1 for pr in s.provinces if pr.levels[t] >= level)
            left = s.tiles[tile_index(t, level)]
            assert left >= 0 and built + left == start, (
                f"{TYPES[t]} level {level}: {built} built + {left} left != {start}")
        holders = [seat for seat, p in enumerate(s.players) if p.medals >> t & 1]
        on_pile = s.medals >> t & 1
        assert len(holders) + on_pile <= 1, f"{TYPES[t]} Medal in two places"
        if not s.options.get("heroes", False):
            assert len(holders) + on_pile == 1, f"{TYPES[t]} Medal lost"
    for i, pr in enumerate(s.provinces):
        for t, level in enumerate(pr.levels):
            cap = board.LEVEL_CAPACITY.get(level, 0)
            assert len(pr.followers[t]) <= cap, (
                f"{board.PROVINCE_NAMES[i]} {TYPES[t]}: {len(pr.followers[t])} Followers "
                f"on level {level} (L177)")
    for level, pile in zip(data.PANTHEON_PILES, s.pantheon, strict=True):
        taken = Counter(p.base_common if level.level == "base" else p.top_common
                        for p in s.players)
        taken.pop("", None)
        start = Counter(level.pieces(players))
        assert Counter(pile) + taken == start, f"{level.level} Pantheon pieces not conserved"


def _cards(s: State) -> None:
    players = setup_players(s.options, s.n)
    trade = Counter(h.card for h in s.trade_deck)
    trade += Counter(s.discard)
    for p in s.players:
        trade += Counter(h.card for h in p.hand)
        trade += Counter(c for st in p.sets for c in st)
    assert HIDDEN not in trade, "a hidden Trade card in a full state"
    expected = Counter(trade_cards(players))
    assert not trade - expected, f"Trade cards appear twice: {trade - expected}"
    if not s.pending and not s.doing:
        assert trade == expected, f"Trade cards lost: {expected - trade}"
    quests = Counter(h.card for h in s.quest_deck)
    for p in s.players:
        quests += Counter(h.card for h in p.quests)
    dealt = Counter(quest_cards(s.options, players, solo=s.n == 1))
    assert quests == dealt, "Quest cards not conserved"
    events = len(event_cards(s.options))
    shown = 0 if s.event < 0 else s.round
    assert len(s.event_deck) == events - shown, (
        f"{len(s.event_deck)} Events in the deck in round {s.round}")


def _milestones(s: State) -> None:
    below = board.MILESTONES[0].start
    for m, space in zip(board.MILESTONES[1:], s.milestones, strict=True):
        assert below < space <= m.start, f"milestone {m.start} on space {space}"
        below = space
