"""Provincia's battles play out one at a time (engine.flow.stage): the step
that turns the Bellum holds a stage for the Gauls' strength, then one per
city's battle with its sum and its losses; the marks change no result."""

from __future__ import annotations

import random

from engine.match import Match, Seat
from engine.provincia.data import BATTLE_ROUNDS
from engine.provincia.events import BellumRevealed, Fought, Lost
from engine.provincia.state import BATTLE

SEATS = tuple(Seat(f"P{i}", "random") for i in range(4))


def played(seed: int, seats: tuple[Seat, ...] = SEATS) -> Match:
    """A seeded random game played to its end."""
    m = Match("provincia", seats, seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    return m


def fights(events) -> list[Fought]:
    return [e for e in events if isinstance(e, Fought)]


def test_each_battle_of_a_step_is_a_stage_of_its_own():
    """Every step that fights battles has a stage per battle fought in it
    (and, where it turns the Bellum, one before them), each with one more
    city's line than the one before, its Fought event the step's own."""
    m = played(3)
    staged = 0
    for i, a in enumerate(m.actions):
        before, after = m.states[i], m.states[i + 1]
        fought = fights(after.events)
        frames = m.game.stages(before, a)
        if not fought:
            assert not any(f.phase == BATTLE and f.battle != before.battle for f in frames)
            continue
        staged += 1
        turned = any(isinstance(e, BellumRevealed) for e in after.events)
        # a fight whose loser must choose a building ends the step: that
        # position shows it, with no stage of its own
        ended_on_choice = bool(after.pending) and after.pending[-1].kind == "penalty"
        assert len(frames) == turned + len(fought) - ended_on_choice, i
        battles = frames[1:] if turned else frames
        if turned:
            assert frames[0].battle == () and fights(frames[0].events) == []
            assert frames[0].bellum[BATTLE_ROUNDS.index(before.round)].card == \
                after.bellum[BATTLE_ROUNDS.index(before.round)].card
        for k, frame in enumerate(battles):
            assert frame.phase == BATTLE and frame.round == before.round
            assert fights(frame.events) == fought[:k + 1]
            assert len(frame.battle) == len(after.battle) - len(fought) + k + 1
            assert frame.battle == after.battle[:len(frame.battle)]
    assert staged >= len(BATTLE_ROUNDS)


def test_a_lost_battle_shows_its_losses_in_its_own_stage():
    """The stage of a lost battle already holds what it cost (the panel's
    loss line reads it), and the next city's battle is not fought yet."""
    m = played(3)
    seen = 0
    for i, a in enumerate(m.actions):
        for frame in m.game.stages(m.states[i], a):
            f = fights(frame.events)
            if f and not f[-1].won and any(isinstance(e, Lost) and e.seat == f[-1].seat
                                           for e in frame.events):
                seen += 1
                assert frame.battle[-1].seat == f[-1].seat and not frame.battle[-1].won
    assert seen


def test_stages_change_no_result():
    """Playing a step for its stages leaves the rules' result as it was:
    every step of the game gives the same state again, and a state played
    on after a stages call is untouched (the golden playthroughs hold the
    logs: tests/test_golden.py)."""
    m = played(11)
    for i, a in enumerate(m.actions):
        before = m.states[i]
        frames = m.game.stages(before, a)
        assert m.game.play(before, a) == m.states[i + 1]
        assert all(f.viewer == -1 for f in frames)
