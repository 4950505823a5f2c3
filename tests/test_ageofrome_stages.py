"""Age of Rome's round ends play out part by part (engine.flow.stage): in
the Emperor Solo a step runs the Income nobody is asked for, the board's
turn and the next Event at once; a table shows the Income taken and the
board turned as stages of their own before the next round. The marks
change no result."""

from __future__ import annotations

import random

import pytest

from engine.ageofrome.actions import Income
from engine.ageofrome.events_phase import EventRevealed
from engine.ageofrome.income import IncomeTaken, Rotated
from engine.ageofrome.state import INCOME, ROTATE
from tests.ageofrome_helpers import GAME


def steps(players: int, seed: int):
    """(state before, action, state after) for each step of a seeded random
    game."""
    s = GAME.setup(players, None, seed)
    rng = random.Random(seed)
    while not GAME.is_over(s):
        a = rng.choice(GAME.legal(s))
        after = GAME.play(s, a)
        yield s, a, after
        s = after


def kinds(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]


def expected(before, a, after) -> tuple[list, list]:
    """The step's Incomes taken unasked (the Income a seat chose was the
    step's action: no stage of its own) and its turns of the board."""
    taken = kinds(after.events, IncomeTaken)
    return taken[int(isinstance(a, Income)):], kinds(after.events, Rotated)


def check_stages(before, a, after) -> tuple[int, int]:
    """A stage per Income taken unasked (phase Income, the Incomes so far
    in), then one for the board's turn (phase Board rotation, the board
    turned, the next Event not yet out), in the order they happened.
    Returns how many of each it checked."""
    frames = GAME.stages(before, a)
    unasked, turns = expected(before, a, after)
    assert len(frames) == len(unasked) + len(turns)
    taken = kinds(after.events, IncomeTaken)
    asked = len(taken) - len(unasked)
    for k, frame in enumerate(frames[:len(unasked)]):
        assert frame.phase == INCOME
        assert kinds(frame.events, IncomeTaken) == taken[:asked + k + 1]
    if turns:
        turned = frames[-1]
        assert turned.phase == ROTATE and turned.rotation == turns[0].rotation
        assert turned.round == before.round and not kinds(turned.events, EventRevealed)
    return len(unasked), len(turns)


@pytest.mark.parametrize("players", [1, 4])
def test_each_turn_of_the_board_is_a_stage(players):
    """The Emperor Solo's round ends in one step (the Income chosen, the
    board's turn, the next Event): the turn is shown on its own before the
    next round; so at every table."""
    rotated = 0
    for step in steps(players, 4):
        rotated += check_stages(*step)[1]
    assert rotated == 9  # one turn a round


def test_each_income_taken_unasked_is_a_stage():
    """A seat that cannot double takes its Income unasked: a stage of its
    own (this seeded game has one)."""
    unasked = sum(check_stages(*step)[0] for step in steps(3, 3))
    assert unasked


def test_stages_change_no_result():
    """Every step of a solo and of a 4-player game gives the same state
    after a stages call (the golden playthroughs hold the logs)."""
    for players in (1, 4):
        for before, a, after in steps(players, 9):
            GAME.stages(before, a)
            assert GAME.play(before, a) == after
