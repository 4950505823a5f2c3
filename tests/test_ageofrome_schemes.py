"""Scheme activation (L118-150, A13): who may activate which marker, what
the Feud payment does to the Bonuses, and each of the eight effects; the
rulebook's examples E5, E6, E7 and E12 (docs/ageofrome-plan.md).

Positions are built by hand from ``setup`` (a small helper here) and played
through a flow of just the Diplomacy and Scheme phases, so the tests run on
the phase modules alone."""

from __future__ import annotations

import random

import pytest

from engine.ageofrome import (
    benefits,
    data,
    diplomacy,
    invariants,
    scheme,
    setup,
    trade,
)
from engine.ageofrome.actions import (
    ACTIONS,
    DONE,
    Activate,
    Apostasy,
    MoveLegion,
    PickVote,
    PlayCard,
    Sell,
)
from engine.ageofrome.game import AgeOfRome
from engine.ageofrome.scenario import Scenario
from engine.ageofrome.state import (
    BUILD,
    CARD_INDEX,
    CHARACTER_INDEX,
    DIPLOMACY,
    OVER,
    POLITICS,
    PROVINCES,
    REGIONS,
    SCHEMES,
    TRADE_POOL,
    Marker,
    Player,
    Province,
    State,
)
from engine.core import Held, IllegalAction, Options
from engine.flow import Decision, Flow, Phase

game = AgeOfRome()  # the whole game, its own flow
JACK, HENRY, MARY, ROSS = range(4)
EPIRUS, MACEDONIA, THRACE = range(3)


def _not_an_answer(s: State, pd: object, a: object) -> str:
    return "not an answer"


def _decisions() -> dict[str, Decision]:
    out = {}
    for module in (scheme, diplomacy, benefits, trade):
        for kind, (legal, resolve) in module.DECISIONS.items():
            out[kind] = Decision(legal, _not_an_answer, resolve)
    return out


FLOW = Flow(
    phases={
        DIPLOMACY: Phase(diplomacy.to_move, diplomacy.legal, diplomacy.why, diplomacy.act,
                         auto=diplomacy.auto, enter=diplomacy.enter, next=diplomacy.after),
        SCHEMES: Phase(scheme.to_move, scheme.legal, scheme.why, scheme.act,
                       auto=scheme.auto, enter=scheme.enter, next=scheme.after),
    },
    decisions=_decisions(),
    over=BUILD,  # the tests stop where the Building phase would begin
)


def settle(w: State) -> State:
    FLOW.advance(w)
    w.players = tuple(p if type(p) is Player else p.freeze() for p in w.players)
    w.provinces = tuple(p if type(p) is Province else p.freeze() for p in w.provinces)
    w.events = tuple(w.events)
    return w.freeze()


def play(s: State, a: tuple) -> State:
    """Check ``a`` against the legal list, then play it (as the game will)."""
    return FLOW.play(s, a, False, ACTIONS, settle)


def position(chars: tuple[str, ...] = ("Julius Caesar", "Octavianus", "Marcus Antonius",
                                       "Crassus"),
             round_: int = 2, options: dict | None = None, seed: int = 1) -> State:
    """A writable state of len(chars) players, seat i in front of province i
    (rotation 0), turn order by seat, the boards as set up for ``chars``."""
    n = len(chars)
    s = setup.setup(n, Options.of(options or {}), seed)
    w = s.thaw()
    w.round = round_
    w.order = tuple(range(n))
    w.events = []
    players = []
    for seat, name in enumerate(chars):
        c = CHARACTER_INDEX[name]
        fresh = setup.new_player(c, s.players[seat].position,
                                 bool((options or {}).get("spies_allies")) and n > 1)
        players.append(fresh.thaw())
    w.players = tuple(players)
    w.provinces = tuple(p.thaw() for p in w.provinces)
    return w


def marker(w: State, province: int, space: int, seat: int, placed: int = 1) -> None:
    pr = w.provinces[province]
    pr.schemes = pr.schemes[:space] + (Marker(seat, placed),) + pr.schemes[space + 1:]
    w.players[seat].markers -= 1


def legions(w: State, seat: int, region: int, count: int) -> None:
    counts = w.regions[region]
    w.regions = (w.regions[:region] + (counts[:seat] + (counts[seat] + count,)
                 + counts[seat + 1:],) + w.regions[region + 1:])
    w.players[seat].legions -= count


def hand(w: State, seat: int, *cards: str) -> None:
    w.players[seat].hand = tuple(Held(CARD_INDEX[c], 1 << seat, TRADE_POOL) for c in cards)


def start(w: State, phase: str = SCHEMES) -> State:
    FLOW.goto(w, phase)
    return settle(w)


def activate(s: State, province: int, space: int, effect: str) -> State:
    return play(s, Activate(PROVINCES[province], space, effect))


def close_windows(s: State) -> State:
    """Answer Done to the Trade windows open now (trade.py opens one for a
    hand the others have not seen, so a window does not tell them it holds
    a playable card)."""
    while s.pending and s.pending[-1].kind == trade.WINDOW:
        s = play(s, DONE)
    return s


# ---------------------------------------------------------------- the rulebook's examples
def e6() -> State:
    """L128-138: Jack's track shows only its Military Bonus (4 Feuds),
    Henry's only Politics (4 Feuds, one open space); Jack plays before Mary;
    Jack's and Mary's markers are on the province now in front of Henry;
    Ross has no Feud."""
    w = position(("Julius Caesar", "Octavianus", "Marcus Antonius", "Crassus"))
    w.players[JACK].feuds = 4
    w.players[HENRY].feuds = 4
    w.players[ROSS].feuds = 0
    w.players[HENRY].base_own = 1  # a piece of an unfinished level
    w.players[HENRY].glory = 1  # Mudslinging impossible
    marker(w, HENRY, 0, JACK)
    marker(w, HENRY, 1, MARY)
    marker(w, HENRY, 2, ROSS)
    return start(w)


def test_e6_degradation_moves_a_feud_and_the_bonuses_follow() -> None:
    s = e6()
    assert s.players[JACK].active_bonus(POLITICS) is False
    assert s.players[HENRY].active_bonus(POLITICS) is True
    assert scheme.to_move(s) == JACK
    assert FLOW.legal(s) == [Activate(PROVINCES[HENRY], 0, data.DEGRADATION), DONE]
    s = activate(s, HENRY, 0, data.DEGRADATION)
    jack, henry = s.players[JACK], s.players[HENRY]
    assert (jack.feuds, henry.feuds) == (3, 5)
    assert jack.active_bonus(POLITICS) is True  # "From now on Jack can use his Politics bonus"
    assert not any(henry.active_bonus(t) for t in range(5))  # "and Henry cannot use any"
    assert henry.base_own == 0
    assert jack.schemes_activated == 1
    assert s.provinces[HENRY].schemes[0] == Marker(JACK, 1, True)
    assert ("scheme", JACK, HENRY, HENRY, data.DEGRADATION) in s.events


def test_e6_mary_cannot_henry_is_full_and_ross_has_no_feud() -> None:
    s = activate(e6(), HENRY, 0, data.DEGRADATION)
    assert scheme.activations(s, MARY) == []
    assert "no open space" in scheme.why(_queued(s, MARY),
                                         Activate(PROVINCES[HENRY], 1, data.MUDSLINGING))
    assert scheme.activations(s, ROSS) == []
    assert "no Feud" in scheme.why(_queued(s, ROSS), Activate(PROVINCES[HENRY], 2,
                                                              data.MUDSLINGING))
    # Jack has nothing left to flip, Mary and Ross nothing at all: the step is over.
    assert s.phase == BUILD
    assert s.players[MARY].feuds == 2 and s.players[ROSS].feuds == 0


def _queued(s: State, seat: int) -> State:
    w = s.thaw()
    w.queue = (seat,)
    return w.freeze()


def test_e5_e7_no_possible_effect_no_activation_no_feud() -> None:
    """L142, L143: Henry at Glory 1, no Pantheon piece, no Legion out:
    none of Jack's three effects can act on him, so the marker stays and
    no Feud moves."""
    w = position()
    w.players[HENRY].glory = 1
    marker(w, HENRY, 0, JACK)
    s = start(w)
    assert scheme.activations(s, JACK) == []
    assert s.phase == BUILD  # Jack was skipped, nobody else had a marker
    assert (s.players[JACK].feuds, s.players[HENRY].feuds) == (2, 2)
    assert s.provinces[HENRY].schemes[0] == Marker(JACK, 1, False)
    w = position()
    w.players[HENRY].glory = 2  # from Glory 2 Mudslinging is possible (A12)
    marker(w, HENRY, 0, JACK)
    s = start(w)
    assert FLOW.legal(s) == [Activate(PROVINCES[HENRY], 0, data.MUDSLINGING), DONE]
    s = activate(s, HENRY, 0, data.MUDSLINGING)
    assert s.players[HENRY].glory == 1


def test_e12_revote_majority_by_placing_not_by_removing() -> None:
    """L199: Ross removes Mary's Vote: his three on top make no Majority;
    his own Vote placed on top does (+2)."""
    w = position(("Julius Caesar", "Crassus", "Marcus Antonius", "Octavianus"))
    w.column = (JACK, ROSS, ROSS, MARY, ROSS)
    w.players[ROSS].votes -= 3
    w.players[MARY].votes -= 1
    w.players[JACK].votes -= 1
    w.players[MARY].glory = 1  # only Revote is possible
    marker(w, MARY, 0, ROSS)
    s = start(w)
    assert scheme.to_move(s) == ROSS
    assert FLOW.legal(s) == [Activate(PROVINCES[MARY], 0, data.REVOTE), DONE]
    glory = s.players[ROSS].glory
    s = activate(s, MARY, 0, data.REVOTE)
    assert FLOW.legal(s) == [PickVote(3)]
    s = play(s, PickVote(3))
    assert s.column == (JACK, ROSS, ROSS, ROSS, ROSS)
    assert s.players[ROSS].glory == glory + 2
    assert s.players[ROSS].majorities == 1
    assert (s.players[MARY].votes, s.players[ROSS].votes) == (4, 1)  # 4/5 and 5/5 recruited
    assert [e for e in s.events if e[0] == "majority"] == [("majority", ROSS, 2)]


# ---------------------------------------------------------------- the limits
def one_marker(activator_char: str = "Julius Caesar", round_: int = 2, placed: int = 1,
               on: int = HENRY, options: dict | None = None) -> State:
    chars = [activator_char, "Octavianus", "Marcus Antonius", "Crassus"]
    w = position(tuple(chars), round_=round_, options=options)
    marker(w, on, 0, JACK, placed)
    return w


def test_a_marker_placed_this_round_waits() -> None:
    s = start(one_marker(placed=2))
    assert s.phase == BUILD and s.players[JACK].feuds == 2
    assert "round after" in scheme.why(_queued(s, JACK),
                                       Activate(PROVINCES[HENRY], 0, data.MUDSLINGING))


def test_no_marker_on_your_own_province() -> None:
    s = start(one_marker(on=JACK))
    assert s.phase == BUILD
    assert "own province" in scheme.why(_queued(s, JACK),
                                        Activate(PROVINCES[JACK], 0, data.MUDSLINGING))


def test_nobody_in_front_no_target_a21() -> None:
    """2 players sit opposite (positions 0 and 2): provinces 1 and 3 are empty."""
    w = position(("Julius Caesar", "Octavianus"))
    marker(w, 1, 0, JACK)
    w.players[1].glory = 5
    s = start(w)
    assert s.phase == BUILD and s.players[JACK].feuds == 2
    assert "nobody sits" in scheme.why(_queued(s, JACK),
                                       Activate(PROVINCES[1], 0, data.MUDSLINGING))
    w = position(("Julius Caesar", "Octavianus"))
    marker(w, 2, 0, JACK)  # the province in front of seat 1
    w.players[1].glory = 5
    s = start(w)
    assert Activate(PROVINCES[2], 0, data.MUDSLINGING) in FLOW.legal(s)


@pytest.mark.parametrize("round_,options,chars", [
    (1, {}, None),  # L119: no activation in round 1
    (3, {"truce": True}, None),  # L349: Truce
])
def test_rounds_and_variants_without_activation(round_: int, options: dict,
                                                 chars: object) -> None:
    w = one_marker(round_=round_, options=options)
    w.players[HENRY].glory = 5
    s = start(w)
    assert s.phase == BUILD and s.players[JACK].feuds == 2


def test_solo_has_no_scheme_activation() -> None:
    w = position(("Julius Caesar",))
    w.n = 1
    assert not scheme.active(w)


def test_done_ends_the_turn_and_the_marker_waits() -> None:
    """L120: a marker not activated on your turn waits for a later round."""
    w = one_marker()
    w.players[HENRY].glory = 5
    s = start(w)
    s = play(s, DONE)
    assert s.phase == BUILD
    assert s.provinces[HENRY].schemes[0] == Marker(JACK, 1, False)


def test_several_activations_in_one_turn_each_pays() -> None:
    w = one_marker()
    w.players[HENRY].glory = 5
    marker(w, HENRY, 1, JACK)
    marker(w, MARY, 0, JACK)
    w.players[MARY].glory = 5
    s = start(w)
    s = activate(s, HENRY, 0, data.MUDSLINGING)
    s = activate(s, MARY, 0, data.MUDSLINGING)
    assert s.players[JACK].feuds == 0
    assert (s.players[HENRY].feuds, s.players[MARY].feuds) == (3, 3)
    assert s.players[JACK].schemes_activated == 2
    # No Feud left: the third marker cannot be flipped, the turn is over.
    assert s.phase == BUILD
    assert s.provinces[HENRY].schemes[1] == Marker(JACK, 1, False)


def test_an_active_marker_is_not_offered_again() -> None:
    w = one_marker()
    w.players[HENRY].glory = 5
    w.players[JACK].feuds = 3
    s = activate(start(w), HENRY, 0, data.MUDSLINGING)
    assert scheme.activations(s, JACK) == []
    assert "already active" in scheme.why(_queued(s, JACK),
                                          Activate(PROVINCES[HENRY], 0, data.MUDSLINGING))


def test_an_effect_not_on_your_board_is_refused() -> None:
    w = one_marker()
    w.players[HENRY].glory = 5
    s = start(w)
    with pytest.raises(IllegalAction, match="not one of your board"):
        play(s, Activate(PROVINCES[HENRY], 0, data.VOID_VOTE))


# ---------------------------------------------------------------- the effects
def test_degradation_takes_from_the_unfinished_top() -> None:
    w = one_marker()
    w.players[HENRY].glory = 1
    w.players[HENRY].base_own = 2
    w.players[HENRY].base_common = data.GOLD
    w.players[HENRY].top_own = 2
    s = activate(start(w), HENRY, 0, data.DEGRADATION)
    h = s.players[HENRY]
    assert (h.base_own, h.base_common, h.top_own) == (2, data.GOLD, 1)


def test_degradation_impossible_on_a_finished_level_only() -> None:
    w = one_marker()
    w.players[HENRY].glory = 1
    w.players[HENRY].base_own = 2
    w.players[HENRY].base_common = data.GOLD
    s = start(w)
    assert s.phase == BUILD


def apostasy_position(spare: bool = True) -> State:
    w = one_marker("Marcus Antonius")
    w.players[HENRY].glory = 1
    legions(w, HENRY, MACEDONIA, 2)
    if not spare:
        legions(w, JACK, EPIRUS, w.players[JACK].legions)
    return start(w)


def test_apostasy_remove_or_replace() -> None:
    s = activate(apostasy_position(), HENRY, 0, data.APOSTASY)
    assert FLOW.legal(s) == [Apostasy(REGIONS[MACEDONIA], False),
                             Apostasy(REGIONS[MACEDONIA], True)]
    before = s.players[HENRY].legions
    removed = play(s, Apostasy(REGIONS[MACEDONIA], False))
    assert removed.regions[MACEDONIA][HENRY] == 1
    assert removed.regions[MACEDONIA][JACK] == 0
    assert removed.players[HENRY].legions == before + 1
    replaced = play(s, Apostasy(REGIONS[MACEDONIA], True))
    assert replaced.regions[MACEDONIA][HENRY] == 1
    assert replaced.regions[MACEDONIA][JACK] == 1
    assert replaced.players[JACK].legions == s.players[JACK].legions - 1


def test_apostasy_replace_needs_a_legion_on_your_board() -> None:
    s = activate(apostasy_position(spare=False), HENRY, 0, data.APOSTASY)
    assert FLOW.legal(s) == [Apostasy(REGIONS[MACEDONIA], False)]


def test_deception_relocates_two_figures() -> None:
    w = one_marker("Julius Caesar")
    w.players[HENRY].glory = 1
    legions(w, HENRY, EPIRUS, 1)
    legions(w, HENRY, THRACE, 1)
    s = activate(start(w), HENRY, 0, data.DECEPTION)
    s = play(s, MoveLegion(REGIONS[EPIRUS], REGIONS[MACEDONIA]))
    # The Legion just moved is not moved again: only Thrace's can go.
    assert FLOW.legal(s) == [MoveLegion(REGIONS[THRACE], REGIONS[EPIRUS]),
                             MoveLegion(REGIONS[THRACE], REGIONS[MACEDONIA])]
    s = play(s, MoveLegion(REGIONS[THRACE], REGIONS[MACEDONIA]))
    assert [r[HENRY] for r in s.regions] == [0, 2, 0]
    assert s.phase == BUILD
    assert sum(1 for e in s.events if e[0] == "legion_relocated") == 1


def test_deception_with_one_figure_moves_it_once() -> None:
    w = one_marker("Julius Caesar")
    w.players[HENRY].glory = 1
    legions(w, HENRY, EPIRUS, 1)
    s = activate(start(w), HENRY, 0, data.DECEPTION)
    s = play(s, MoveLegion(REGIONS[EPIRUS], REGIONS[THRACE]))
    assert [r[HENRY] for r in s.regions] == [0, 0, 1]
    assert not s.pending and s.phase == BUILD


def test_void_vote_removes_and_gains_one_glory() -> None:
    w = one_marker("Pompeius")
    w.players[HENRY].glory = 1
    w.column = (HENRY, MARY, HENRY)
    w.players[HENRY].votes -= 2
    w.players[MARY].votes -= 1
    s = activate(start(w), HENRY, 0, data.VOID_VOTE)
    assert FLOW.legal(s) == [PickVote(0), PickVote(2)]
    glory = s.players[JACK].glory
    s = play(s, PickVote(0))
    assert s.column == (MARY, HENRY)
    assert s.players[JACK].glory == glory + 1
    assert s.players[HENRY].votes == w.players[HENRY].votes + 1


def test_revote_needs_a_vote_on_your_board() -> None:
    w = one_marker("Octavianus")
    w.players[HENRY].glory = 1
    w.column = (HENRY,)
    w.players[HENRY].votes -= 1
    w.players[JACK].votes = 0
    s = start(w)
    assert s.phase == BUILD


def test_sold_discards_a_random_card_for_two_denarii() -> None:
    w = one_marker("Crassus")
    w.players[HENRY].glory = 1
    hand(w, HENRY, "Regula", "Pilum")
    s = close_windows(activate(start(w), HENRY, 0, data.SOLD))
    assert len(s.players[HENRY].hand) == 1
    assert len(s.discard) == 1 and s.discard[0] in (CARD_INDEX["Regula"], CARD_INDEX["Pilum"])
    assert {s.discard[0], s.players[HENRY].hand[0].card} == {CARD_INDEX["Regula"],
                                                            CARD_INDEX["Pilum"]}
    assert s.players[JACK].denarii == w.players[JACK].denarii + 2
    assert s.players[HENRY].anchor == w.players[HENRY].anchor  # never the Anchor
    assert s.rng != w.rng  # chance was drawn


def test_sold_impossible_with_only_the_anchor() -> None:
    w = one_marker("Crassus")
    w.players[HENRY].glory = 1
    assert w.players[HENRY].anchor  # Octavianus holds one
    s = start(w)
    assert s.phase == BUILD


def test_custom_fees_takes_a_random_card() -> None:
    w = one_marker("Lepidus")
    w.players[HENRY].glory = 1
    hand(w, HENRY, "Regula")
    s = close_windows(activate(start(w), HENRY, 0, data.CUSTOM_FEES))
    assert s.players[HENRY].hand == ()
    taken = s.players[JACK].hand
    assert [h.card for h in taken] == [CARD_INDEX["Regula"]]
    assert taken[0].seen == 1 << HENRY | 1 << JACK  # the two of them know it
    assert not any("Regula" in str(e) for e in s.events)


def test_custom_fees_needs_room_in_your_hand() -> None:
    w = one_marker("Lepidus")
    w.players[HENRY].glory = 1
    hand(w, HENRY, "Regula")
    hand(w, JACK, "Pilum", "Pugio", "Torques", "Caligae")  # + the Anchor: 5
    assert w.players[JACK].hand_size == data.HAND_LIMIT
    s = start(w)
    assert s.phase == BUILD


def test_every_event_has_a_log_sentence_and_every_decision_a_prompt() -> None:
    s = activate(apostasy_position(), HENRY, 0, data.APOSTASY)
    assert "Apostasy" in scheme.PROMPTS[s.pending[-1].kind](s, s.pending[-1])
    words = [scheme.LOG[e[0]](s, e) for e in s.events if e[0] in scheme.LOG]
    assert words == ["Marcus Antonius activates a Scheme on Gaule against Octavianus and "
                     "pays a Feud: Apostasy"]


# ---------------------------------------------------------------- Trade windows, free actions
def test_windows_s_for_the_activator_then_v_for_the_target() -> None:
    """L221-222: "When you activate a Scheme" (Pilum) and "When a Scheme is
    activated on your Province" (Galea, the target's, off its turn)."""
    w = one_marker()
    w.players[HENRY].glory = 5
    hand(w, JACK, "Pilum")
    hand(w, HENRY, "Galea")
    s = activate(start(w), HENRY, 0, data.MUDSLINGING)
    assert (s.pending[-1].kind, s.pending[-1].seat, s.pending[-1].data) == (
        trade.WINDOW, JACK, ("S",))
    assert PlayCard("Pilum") in FLOW.legal(s)
    glory = s.players[JACK].glory
    s = play(s, PlayCard("Pilum"))
    assert s.players[JACK].glory == glory + 1
    assert (s.pending[-1].kind, s.pending[-1].seat, s.pending[-1].data) == (
        trade.WINDOW, HENRY, ("V",))
    assert Sell("Galea") not in FLOW.legal(s)  # not Henry's turn
    s = play(s, PlayCard("Galea"))
    assert s.players[HENRY].glory == 5 - 1 + 1
    assert not s.pending and s.phase == BUILD


def test_windows_open_before_the_effect() -> None:
    """A14 by analogy with a Follower's window (L231-233): the cards are
    played when the Scheme is activated, before its effect resolves."""
    w = one_marker("Marcus Antonius")
    w.players[HENRY].glory = 1
    legions(w, HENRY, MACEDONIA, 1)
    hand(w, JACK, "Pugio")
    s = activate(start(w), HENRY, 0, data.APOSTASY)
    assert (s.pending[-1].kind, s.pending[-1].seat) == (trade.WINDOW, JACK)
    denarii = s.players[JACK].denarii
    s = play(s, PlayCard("Pugio"))
    assert s.players[JACK].denarii == denarii + 2
    assert (s.pending[-1].kind, s.pending[-1].seat) == (scheme.APOSTASY_CHOICE, JACK)
    s = play(s, Apostasy(REGIONS[MACEDONIA], False))
    assert s.regions[MACEDONIA][HENRY] == 0
    assert s.phase == BUILD


def test_a_card_taken_by_custom_fees_is_not_played_for_that_activation() -> None:
    w = one_marker("Lepidus")
    w.players[HENRY].glory = 1
    hand(w, HENRY, "Pilum")  # an "S" card: Jack's condition, once in his hand
    s = activate(start(w), HENRY, 0, data.CUSTOM_FEES)
    assert (s.pending[-1].seat, s.pending[-1].data) == (HENRY, ("V",))  # Jack's hand is empty
    assert FLOW.legal(s) == [DONE]
    s = play(s, DONE)
    assert [h.card for h in s.players[JACK].hand] == [CARD_INDEX["Pilum"]]
    assert not s.pending and s.phase == BUILD


def test_the_target_plays_its_last_card_and_sold_does_nothing() -> None:
    """The Feud stays paid; the effect a window made impossible is void."""
    w = one_marker("Crassus")
    w.players[HENRY].glory = 1
    hand(w, HENRY, "Scutum")  # "V": +2 Denarii
    s = activate(start(w), HENRY, 0, data.SOLD)
    assert (s.pending[-1].kind, s.pending[-1].seat, s.pending[-1].data) == (
        trade.WINDOW, HENRY, ("V",))
    jack, henry = s.players[JACK].denarii, s.players[HENRY].denarii
    s = play(s, PlayCard("Scutum"))
    assert (s.players[JACK].denarii, s.players[HENRY].denarii) == (jack, henry + 2)
    assert ("scheme_void", JACK, HENRY, data.SOLD) in s.events
    assert (s.players[JACK].feuds, s.players[HENRY].feuds) == (1, 3)
    assert s.phase == BUILD


def test_windows_after_the_effect_when_so_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    """The brief's order, kept behind ``WINDOWS_FIRST``: the effect's
    decision first, then the windows."""
    monkeypatch.setattr(scheme, "WINDOWS_FIRST", False)
    w = one_marker("Marcus Antonius")
    w.players[HENRY].glory = 1
    legions(w, HENRY, MACEDONIA, 1)
    hand(w, JACK, "Pugio")
    s = activate(start(w), HENRY, 0, data.APOSTASY)
    assert s.pending[-1].kind == scheme.APOSTASY_CHOICE
    s = play(s, Apostasy(REGIONS[MACEDONIA], False))
    assert (s.pending[-1].kind, s.pending[-1].seat) == (trade.WINDOW, JACK)
    s = play(s, PlayCard("Pugio"))
    assert s.phase == BUILD


def test_a_free_action_keeps_the_decision_open() -> None:
    w = one_marker("Marcus Antonius")
    w.players[HENRY].glory = 1
    legions(w, HENRY, MACEDONIA, 1)
    hand(w, JACK, "Regula")
    s = activate(start(w), HENRY, 0, data.APOSTASY)
    assert Sell("Regula") in FLOW.legal(s)
    denarii = s.players[JACK].denarii
    s = play(s, Sell("Regula"))
    assert s.players[JACK].denarii == denarii + 1
    assert s.pending[-1].kind == scheme.APOSTASY_CHOICE and s.pending[-1].seat == JACK


# ---------------------------------------------------------------- through the whole game
# The rulebook's examples again, built with the game's scenario builder and
# played through the game's own flow table (engine/ageofrome/game.py).
NAMES = ("Jack", "Henry", "Mary", "Ross")


def test_e6_through_the_game() -> None:
    s = (Scenario(players=4, names=NAMES)
         .characters("Julius Caesar", "Octavianus", "Marcus Antonius", "Crassus")
         .at("schemes", round=3).first("Jack")
         .feuds(Jack=4, Henry=4, Ross=0).glory(Henry=1).pantheon("Henry", base_own=1)
         .scheme(PROVINCES[HENRY], 0, "Jack").scheme(PROVINCES[HENRY], 1, "Mary")
         .scheme(PROVINCES[HENRY], 2, "Ross")
         .build())
    assert game.to_move(s) == JACK
    assert game.legal(s) == [Activate(PROVINCES[HENRY], 0, data.DEGRADATION), DONE]
    s = game.play(s, Activate(PROVINCES[HENRY], 0, data.DEGRADATION))
    assert (s.players[JACK].feuds, s.players[HENRY].feuds) == (3, 5)
    assert s.players[JACK].active_bonus(POLITICS)
    assert not any(s.players[HENRY].active_bonus(t) for t in range(5))
    assert s.phase == BUILD  # Mary (Henry full) and Ross (no Feud) cannot activate
    assert s.players[MARY].feuds == 2 and s.players[ROSS].feuds == 0
    assert s.provinces[HENRY].schemes[1] == Marker(MARY, 1, False)
    invariants.check(s)


def test_e12_through_the_game() -> None:
    s = (Scenario(players=4, names=NAMES)
         .characters("Julius Caesar", "Crassus", "Marcus Antonius", "Octavianus")
         .at("schemes", round=4).first("Ross")
         .column("Jack", "Ross", "Ross", "Mary", "Ross").glory(Mary=1)
         .scheme(PROVINCES[MARY], 0, "Ross", placed=2)
         .build())
    assert game.to_move(s) == ROSS
    glory = s.players[ROSS].glory
    s = game.play(s, Activate(PROVINCES[MARY], 0, data.REVOTE))
    s = game.play(s, PickVote(3))
    assert s.column == (JACK, ROSS, ROSS, ROSS, ROSS)
    assert s.players[ROSS].glory == glory + 2
    invariants.check(s)


def test_random_games_keep_the_quick_tests_equal_to_the_lists() -> None:
    """In random 4- and 3-player games with Spies & Allies: the cheap
    "anything to do?" tests agree with the legal lists at every step of the
    two phases, and the pieces stay whole."""
    checked = 0
    for seed, n in ((3, 4), (4, 3)):
        s = game.setup(n, Options.of({"spies_allies": True}), seed)
        rng = random.Random(seed)
        while s.phase != OVER:
            if s.phase in (SCHEMES, DIPLOMACY) and not s.pending:
                for seat in range(n):
                    assert scheme.can_activate(s, seat) == bool(scheme.activations(s, seat))
                    assert diplomacy.can_offer(s, seat) == bool(diplomacy.offers(s, seat))
                checked += 1
                invariants.check(s)
            legal = game.legal(s)
            s = game.play(s, legal[rng.randrange(len(legal))], trusted=True)
    assert checked > 20


def test_deceptions_second_list_keeps_the_numbers_of_the_first() -> None:
    """Deception's two relocations, one list after the other: the second
    used to renumber (Epirus emptied, Thrace's moves slid up to 1 and 2).
    The table keeps every line of the first list at its number, what is
    spent greyed; each names whose Legion it moves."""
    from tests.test_tui_support import numbered

    game = AgeOfRome()
    w = one_marker("Julius Caesar")
    w.players[HENRY].glory = 1
    legions(w, HENRY, EPIRUS, 1)
    legions(w, HENRY, THRACE, 1)
    s = activate(start(w), HENRY, 0, data.DECEPTION)
    first, dead = numbered(game, s, JACK)
    assert not dead and len(first) == 4
    henry = game.seat_label(s, HENRY)
    assert game.describe(s, first[0]) == f"Move {henry}'s Legion from Epirus to Macedonia"
    s = play(s, first[0])  # Epirus to Macedonia
    second, dead = numbered(game, s, JACK)
    assert second == first, "every line keeps its number"
    assert dead == set(first[:2]), "Epirus has no Legion of Henry's left to move"
