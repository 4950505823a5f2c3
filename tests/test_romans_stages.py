"""The Romans' automated phases mark their stages (issue 28, "automated
phases play out at the table's pace"): the Enemy phase (each army on its
map, each move, each battle), the storm and each remote attack, each
battle of the Roman campaign and the re-sets, so ``Game.stages`` gives a
table the states to show one by one. The marks change no result: the
golden playthroughs (tests/test_golden.py) replay to the same logs, and a
step played with the marks switched off ends in the same state.

Lines (L…) are those of /work/shared/rules/the-romans.txt; map A throughout.
"""

from __future__ import annotations

from engine.romans import campaign, enemy
from engine.romans.actions import HALT, Invade, Nation, Senator
from engine.romans.state import INDEX, PLACES
from tests.romans_helpers import BLUE, GREEN, RED, YELLOW, G, expansion, play, romans


def enemy_steps() -> list[tuple]:
    """Era 2's Enemy nations chosen, Red's first (the Gauls from Gallia, as
    in test_romans_shown), then the Enemy phase with the first answer to
    each question: every (state, action) pair until the next Era begins.
    The last nation's step moves the armies up to Blue's choice of route;
    the route's step fights every battle and ends with the re-set."""
    s = romans(4).at("nations", 2).order(RED, BLUE, YELLOW, GREEN).build()
    out = [(s, Nation(2, RED))]
    s = G.play(s, Nation(2, RED))
    while s.phase in ("nations", "enemy"):
        a = G.legal(s)[0]
        out.append((s, a))
        s = G.play(s, a)
    return out


def last_nation() -> tuple:
    """The step that begins the Enemy phase."""
    return next((s, a) for s, a in enemy_steps() if G.play(s, a).phase == "enemy")


def last_step() -> tuple:
    """The step that ends the Enemy phase (with the re-set)."""
    return enemy_steps()[-1]


def places_of(frames, seat: int) -> list[str]:
    """Where ``seat``'s Enemy army stands in each stage, repeats dropped."""
    out: list[str] = []
    for f in frames:
        h = f.players[seat].horde
        where = PLACES[h.place] if h is not None else "gone"
        if not out or out[-1] != where:
            out.append(where)
    return out


def test_the_step_that_runs_the_enemy_phase_has_stages_along_each_route():
    s, a = last_nation()
    frames = G.stages(s, a)
    after = G.play(s, a)
    assert frames and frames[0].phase == "enemy"
    first = frames[0].players[RED].horde
    assert PLACES[first.place] == "Gallia", "the army shows on its map before it moves"
    walk = [PLACES[e.place] for e in after.events if e.kind == "enemy moves" and e.seat == RED]
    assert walk == ["Venetia", "Etruria", "Latium"]
    assert places_of(frames, RED)[:4] == ["Gallia", *walk]
    steps = enemy_steps()[-2:]  # the whole Enemy phase, Blue's route chosen between
    frames = [f for s, a in steps for f in G.stages(s, a)]
    moved = [e for s, a in steps for e in G.play(s, a).events if e.kind == "enemy moves"]
    assert {e.seat for e in moved} == {RED, BLUE, YELLOW, GREEN}
    for seat in range(s.n):  # each map's army shows at each place it moves to, in order
        moves = [PLACES[e.place] for e in moved if e.seat == seat]
        shown = places_of(frames, seat)
        assert shown[1:1 + len(moves)] == moves, seat


def test_each_stage_holds_the_events_so_far_and_one_battle_at_most():
    """A table shows each stage's new log lines: they are the step's events
    up to the mark, in order; each Enemy battle has a stage of its own (its
    dice show before the next)."""
    s, a = last_step()
    frames = G.stages(s, a)
    events = G.play(s, a).events
    fought = []
    for f in frames:
        assert f.events == events[:len(f.events)]
        fought.append(sum(e.kind == "enemy battle" for e in f.events))
    battles = sum(e.kind == "enemy battle" for e in events)
    assert battles >= 2 and sorted(set(fought)) == list(range(fought[0], battles + 1))
    assert all(b - a in (0, 1) for a, b in zip(fought, fought[1:], strict=False))


def test_the_storm_each_remote_attack_and_the_re_set_are_stages():
    """Red's last senator ends the Era's expansion with no army out: the
    Roman re-set (5C), the storm (6A) and the attack on Britannia, which
    Red holds (6B), each show before the Enemy nations are chosen."""
    s = (expansion().villa(RED, 1).map(RED, garrison=["Britannia"]).dice(2, 6, 6).build())
    a = next(x for x in G.legal(s) if isinstance(x, Senator))
    frames = G.stages(s, a)
    kinds = [f.events[-1].kind for f in frames]
    assert kinds == ["reset", "storm", "remote lost"]  # 6+1 to 6+1: ties go to the Enemy
    assert frames[1].events[-1].face == 2 and frames[1].phase == "response"
    remote = [f for f in frames if f.events[-1].kind in ("remote battle", "remote lost")]
    assert len(remote) == 1 and remote[0].events[-1].province == INDEX["Britannia"]
    assert G.play(s, a).phase == "nations"


def test_each_roman_battle_of_the_campaign_is_a_stage():
    """Red then Blue attack Etruria with one roll (5B): Red's battle shows
    (a stage) and Red, having won, is asked where to march; halting, Blue's
    battle is fought, a stage of its own."""
    s = (expansion().villa(RED, 2).villa(BLUE, 1).barracks(RED, 2).barracks(BLUE, 1)
         .leader(RED, 1, max_army=5).leader(BLUE, 2, max_army=5).dice(4, 2).build())
    s = play(s, Invade(2, "Etruria", 2, ()))
    blue = Invade(1, "Etruria", 1, ())

    def fought(s, a) -> list[list[int]]:
        """The seats whose battles each stage of step (s, a) shows."""
        return [[e.seat for e in f.events if e.kind == "battle"] for f in G.stages(s, a)]

    assert fought(s, blue) == [[RED]]
    s = G.play(s, blue)
    assert fought(s, HALT)[0] == [BLUE]


def test_marks_change_no_result(monkeypatch):
    """The step recorded for its stages ends where ``play`` ends (the last
    mark is the Enemy re-set, at the end of the Era; the next Era's
    preparation changes none of these), and ``play`` gives the same state
    with the marks switched off."""
    s, a = last_step()
    frames = G.stages(s, a)
    after = G.play(s, a)
    last = frames[-1]
    assert last.era == after.era - 1, "the re-set shows as the end of the Era played"
    for seat in range(s.n):
        p, q = last.players[seat], after.players[seat]
        assert (p.garrison, p.warbands, p.cities, p.natives, p.score, p.horde) == \
            (q.garrison, q.warbands, q.cities, q.natives, q.score, q.horde)
    for module in (enemy, campaign):
        monkeypatch.setattr(module, "stage", lambda w, seat=None: None)
    assert G.stages(s, a) == (), "the marks are these modules' own"
    assert G.play(s, a) == after


def test_a_seat_watches_its_own_army_and_not_the_others():
    """Four armies move in one step: each seat's stages are the moments for
    everyone and those of its own map, so nobody waits on the others' armies."""
    s, a = last_step()  # every army moves and fights
    every = G.stages(s, a)
    events = G.play(s, a).events
    for seat in range(s.n):
        mine = G.stages(s, a, seat)
        assert 0 < len(mine) < len(every), seat
        moved = [PLACES[e.place] for e in events if e.kind == "enemy moves" and e.seat == seat]
        shown = places_of(mine, seat)
        assert all(place in shown for place in moved), "its own army: every move"
        assert {e for f in mine for e in f.events} >= {e for e in events
                                                       if getattr(e, "seat", None) == seat
                                                       and e.kind == "enemy fight"}


def test_a_shared_table_sends_each_seat_its_own_views_of_the_stages():
    """The hall plays nothing out itself: with a one-step state message it
    sends each connection its own views of the stages it watches (its own
    army), which its table then plays out at the player's pace."""
    import pickle
    import random

    from engine.match import Match, Seat
    from hall.table import Table, Who

    anna, bob = Who("guest:anna", "anna"), Who("guest:bob", "bob")
    table = Table("BCDFG", Match("romans", (Seat("anna"), Seat("bob")), 3), host=anna)
    table.join(1, anna)
    table.join(2, bob)
    rng = random.Random(3)
    for _ in range(2000):
        m = table.match
        before = m.state
        action = rng.choice(list(m.game.legal(before)))
        out = table.play(action)
        sent = {cid: msg for cid, msg in out if msg.get("t") == "state"}
        if any("stages" in msg for msg in sent.values()):
            break
    else:
        raise AssertionError("no step with stages in 2000 random moves")
    for cid, seat in ((1, 0), (2, 1)):
        views = [pickle.loads(x) for x in sent[cid].get("stages", [])]
        assert all(v.viewer == seat for v in views), "only its own views"
        assert len(views) == len(G.stages(before, action, seat))
    assert not table.state_for(1, reset=True).get("stages"), "a whole log is not played out"
    # At the table a step's stages stay until a later step has its own: a
    # move without stages arriving in the same redraw does not take them away.
    from tui.screens.hall_source import HallSource
    src = HallSource({"table": {"code": "BCDFG", "game": "romans", "players": 2}})
    for _ in range(2000):  # a staged step, then one without stages
        staged_at, staged = table.step, sent[1]
        before, action = table.match.state, rng.choice(list(table.match.game.legal(
            table.match.state)))
        sent = {cid: msg for cid, msg in table.play(action) if msg.get("t") == "state"}
        if "stages" in staged and "stages" not in sent[1]:
            break
    else:
        raise AssertionError("no staged step followed by a plain one")
    src.state(staged)
    src.state(sent[1])  # both in one redraw: the screen last showed staged_at - 1
    assert len(src.stages(0, staged_at - 1)) == len(staged["stages"])
    assert src.stages(0, staged_at) == (), "played out once: not after the step shown"
