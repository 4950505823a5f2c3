"""One table screen, two sources (issue 27): the same ``TableScreen`` plays
a local game (``LocalSource``) and a seat at a shared table
(``HallSource``); what one kind of table does, the other does too.

- the hint at a shared table is as reproducible as a local one: its seed
  comes from the table's code, the step and the seat (never ``hash()``,
  which Python salts per process), so two processes give the same hint;
- a finished shared game carries the same ending as a local one (score
  breakdown and scores over the chapters), read defensively;
- the hint and the undo are each written once in ``tui/``.
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import subprocess
import sys
from pathlib import Path

from engine.match import Match, Seat
from hall.hall import Who
from hall.table import Table
from tests.hall_helpers import connect, create, hall_at, run
from tests.test_tui_shared import app_at, shows
from tests.test_tui_support import app_for, position, settle
from tui.bots import Job
from tui.screens.game_over import ending_of
from tui.screens.hall_source import HallSource, ending_from, hint_seed
from tui.screens.local_source import LocalSource
from tui.screens.table import HINT_SALT, TableScreen
from tui.widgets.actions import ActionMenu

ROOT = Path(__file__).resolve().parent.parent


def finished_match(seed: int = 3) -> Match:
    """A two-player Provincia game played to its end at random."""
    m = Match("provincia", (Seat("anna"), Seat("bob")), seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    return m


def seed_in_a_process(hash_seed: str) -> int:
    """``hint_seed`` as another Python process (another hash salt) computes it."""
    code = "from tui.screens.hall_source import hint_seed; print(hint_seed('KXPQR', 37, 1))"
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True)
    return int(out.stdout)


def test_a_shared_tables_hint_seed_is_the_same_in_every_process():
    here = hint_seed("KXPQR", 37, 1)
    assert seed_in_a_process("1") == seed_in_a_process("2") == here
    # it still tells positions and seats apart
    assert len({here, hint_seed("KXPQR", 38, 1), hint_seed("KXPQR", 37, 0),
                hint_seed("BCDFG", 37, 1)}) == 4


def capture_hint_jobs(monkeypatch) -> list[Job]:
    """The screen's hint jobs, kept instead of thought about."""
    jobs: list[Job] = []

    def capture(self: TableScreen, job: Job, step: int) -> None:
        jobs.append(job)

    monkeypatch.setattr(TableScreen, "think_hint", capture)
    return jobs


def test_the_same_screen_plays_both_sources_with_their_seeds_and_pacing(tmp_path: Path,
                                                                          monkeypatch):
    """h at a local game and at a shared table: one screen class, and each
    hint job seeded by its source (the match's bot seed; the table's code
    and step). The key guard holds for bots deciding here only: a shared
    table's list takes a key at once."""
    jobs = capture_hint_jobs(monkeypatch)
    sources: list[object] = []

    async def local() -> None:
        app = app_for(position("play"), pacing="slow")
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen) and isinstance(screen.source, LocalSource)
            assert screen.pace_s() == 1.5 and screen.query_one(ActionMenu).guard_s > 0
            sources.append(screen.source)
            await pilot.press("h")
            await pilot.pause()
            m = screen.source.match
            assert jobs[-1].seed == m.bot_seed(m.to_move()) ^ HINT_SALT

    async def shared() -> None:
        async with hall_at(tmp_path) as hall:
            bob = connect(hall, "bob")
            code = (await create(bob, "provincia", ["human", "human"], seed=3))["table"]["code"]
            table = hall.tables[code]
            app = app_at(hall, "anna", start=f"join:{code.lower()}")
            app.settings.pacing = "slow"
            async with app.run_test(size=(120, 40)) as pilot:
                await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                            and app.screen.step >= 0)
                screen = app.screen
                assert isinstance(screen.source, HallSource)
                sources.append(screen.source)
                while not screen.my_turn():  # bob's moves, until anna is to move
                    step = table.step
                    view = table.match.view(table.match.to_move())
                    await bob.send({"t": "act", "step": step, "action":
                                    table.game.encode_action(table.game.legal(view)[0])})
                    # (the shared table holds each of bob's moves for its pace: time passes)
                    await shows(pilot, lambda s=step: app.settings.clock.advance(1.5) is None
                                and screen.step > s and screen.settled.is_set())
                assert screen.pace_s() == 0 and screen.query_one(ActionMenu).guard_s == 0
                await pilot.press("h")
                await pilot.pause()
                seat = screen.source.seat
                assert jobs[-1].seed == hint_seed(code, table.step, seat) ^ HINT_SALT
                assert jobs[-1].view == table.game.view(table.match.state, seat)

    asyncio.run(local())
    run(shared())
    assert len(jobs) == 2 and [type(s) for s in sources] == [LocalSource, HallSource]


def test_a_shared_tables_ending_is_the_local_games_ending():
    """The hall's "result" brings the breakdown and the chart's scores: the
    game-over screen shows at a shared table what it shows after a local game."""
    m = finished_match()
    anna, bob = Who("guest:anna", "anna", None), Who("guest:bob", "bob", None)
    table = Table(code="KXPQR", match=m, host=anna, owners=[anna, bob], started=True)
    local = ending_of(m)
    shared = ending_from(table.result(), len(m.seats))
    assert shared == local
    assert any(local.result.breakdown[0].values()) and local.history.rows


def test_a_hostile_result_is_read_as_plain_text_or_not_at_all():
    m = finished_match()
    anna = Who("guest:anna", "anna", None)
    raw = Table(code="KXPQR", match=m, host=anna, owners=[anna, None], started=True).result()
    assert raw is not None
    assert ending_from({**raw, "scores": [1]}, 2) is None  # not one score per seat
    assert ending_from("over", 2) is None
    evil = {**raw, "outcome": "\x1b]0;pwned\x07won", "labels": [["x", "[b]\x1b[2J"]],
            "history": {"labels": ["R1"], "rows": [[1, "two"]]}}
    ending = ending_from(evil, 2)
    assert ending is not None
    assert "\x1b" not in ending.result.outcome and "\x1b" not in ending.result.labels[0][1]
    assert ending.history[:2] == ((), ())  # a malformed chart is dropped, not drawn
    older = {k: v for k, v in raw.items() if k not in ("breakdown", "history", "labels")}
    kept = ending_from(older, 2)  # an older hall: the outcome and scores still show
    assert kept is not None and kept.result.scores == tuple(raw["scores"])


def test_tui_defines_the_hint_and_the_undo_once():
    found = {"hint": 0, "undo": 0}
    for path in (ROOT / "tui").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in found:
            found[name] += len(re.findall(rf"^\s*def action_{name}\b", text, re.M))
    assert found == {"hint": 1, "undo": 1}


def test_a_shared_solo_table_s_ending_has_the_enemy_s_line_and_breakdown():
    """The solo's results chart draws The Enemy's line per Era
    (``ScoreHistory.others``) and its row's parts (``others_breakdown``):
    the hall sent neither, so a shared table's chart had Rome alone."""
    m = Match("romans", (Seat("anna"),), 3)
    rng = random.Random(3)
    while not m.is_over():
        m.play(rng.choice(m.game.legal(m.view(m.to_move()))))
    anna = Who("guest:anna", "anna", None)
    table = Table(code="KXPQR", match=m, host=anna, owners=[anna], started=True)
    local = ending_of(m)
    assert local.history.others and local.result.others_breakdown
    shared = ending_from(table.result(), 1)
    assert shared == local
    raw = table.result()
    assert raw is not None
    bad = {**raw, "history": {**raw["history"], "others": [[1, 2]] * len(raw["history"]["rows"])
                              + [[3]]}}
    assert ending_from(bad, 1).history.others == (), "a malformed line is dropped"
