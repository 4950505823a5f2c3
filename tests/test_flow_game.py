"""engine.flow.FlowGame: a game built on a flow declares what is its own and
gets the rest of the Game protocol; here on a tiny game of its own, and on
the registered games (their hot members are the flow's, no layer between)."""

from __future__ import annotations

import ast
import inspect
import textwrap
from contextlib import nullcontext
from types import SimpleNamespace
from typing import NamedTuple

import pytest

from engine import games, get_game
from engine.core import (
    Chapter,
    IllegalAction,
    Kinds,
    LogLine,
    Options,
    Record,
    Result,
    Rng,
    ScoreHistory,
    kinded,
    thawing,
)
from engine.flow import Decision, Flow, FlowGame, Pending, Phase, push, stage
from tests.toygame import ENTRY as TOY


class Tally(Record):
    _fields = ("adds",)
    __slots__ = _fields
    adds: int


class State(Record):
    _fields = ("n", "phase", "pending", "events", "viewer", "rng", "unseen", "count", "turn",
               "tallies", "vote")
    __slots__ = _fields


@kinded("add")
class Add(NamedTuple):
    kind: str
    k: int


def deal(players: int, options: Options, seed: int) -> State:
    return State(n=players, phase=None, pending=(), events=(("dealt",),), viewer=-1,
                 rng=Rng(seed), unseen=(), count=0, turn=0,
                 tallies=tuple(Tally(0) for _ in range(players)), vote=None)


def act(w: State, a: Add) -> None:
    """Add ``a.k``; the mover's tally is left thawed, for settle to seal."""
    t = w.tallies[w.turn].thaw()
    t.adds += 1
    w.tallies = w.tallies[:w.turn] + (t,) + w.tallies[w.turn + 1:]
    stage(w)  # a moment to show: the tally moved, the count not yet
    w.count += a.k
    w.events.append(("added", w.turn, a.k))
    stage(w, w.turn)  # a moment only the mover watches
    if a.k == 2:
        _, w.rng = w.rng.next()  # a 2 consults chance: undo stops there
    w.turn = (w.turn + 1) % w.n


def auto(w: State) -> bool:
    """Count to 5, then seat 0 votes; the phase ends once it has."""
    if w.count < 5:
        return True
    if w.vote is None and not w.pending:
        push(w, Pending("vote", 0, ()))
        return True
    return False


def resolve_vote(w: State, pd: Pending, a: tuple) -> None:
    w.vote = a[0]


FLOW = Flow(
    phases={"count": Phase(lambda s: s.turn, lambda s: [Add(1), Add(2)],
                           lambda s, a: "add 1 or 2", act, auto=auto, next=lambda w: "over")},
    decisions={"vote": Decision(lambda s, pd: [("yes",), ("no",)], resolve=resolve_vote)},
    over="over", first="count", prompt=lambda s: "vote yes or no",
)
WORDS = SimpleNamespace(
    describe=lambda s, a: f"add {a[1]}",
    prompt=lambda s: "add 1 or 2",
    log_line=lambda s, e: None if e[0] == "dealt" else LogLine.plain(f"seat {e[1]} adds {e[2]}"),
    seat_label=lambda s, seat: "AB"[seat],
)
HIDDEN = SimpleNamespace(
    view=lambda s, seat: s.replace(viewer=seat, rng=Rng(0)),
    sample=lambda v, seat, rng: v.replace(viewer=-1, rng=rng),
)


class Count(FlowGame):
    id = "count"
    title = "Count"
    players = range(2, 3)
    default_players = 2
    options = ()
    flow = FLOW
    actions = Kinds(Add)
    deal = staticmethod(deal)
    parts = (WORDS, HIDDEN)
    sealed = {"tallies": Tally}
    phase_names = {"count": "Counting"}

    def result(self, s: State) -> Result:
        return Result(scores=(0, 0), ranks=(1, 1), breakdown=({}, {}), winners=(0, 1))

    def chapter(self, s: State) -> Chapter:
        return Chapter("count", s.count, f"Count {s.count}")

    def score_history(self, s: State) -> ScoreHistory:
        return ScoreHistory((), ())


G = Count()


def test_a_game_on_the_base_gets_the_rest_of_the_protocol() -> None:
    s = G.setup(2, None, 7)
    assert s.phase == "count" and G.seats(s) == 2 and G.viewer(s) is None
    assert G.events(s) == (("dealt",),) and G.event_text(s, ("dealt",)) is None
    assert G.to_move(s) == 0 and G.legal(s) == [Add(1), Add(2)] and not G.is_over(s)
    assert G.progress(s) == "Count 0, Counting" and G.describe(s, Add(2)) == "add 2"
    s1 = G.play(s, ("add", 1))
    assert type(s1.events) is tuple and G.event_text(s1, G.events(s1)[0]) == "seat 0 adds 1"
    assert all(type(t) is Tally for t in s1.tallies), "settle seals what the rules thawed"
    assert s1.tallies[0].adds == 1 and s.tallies[0].adds == 0, "play never changes its state"
    assert not G.informs(s, s1, 1)
    s2 = G.play(s1, ("add", 2), trusted=True)
    assert G.informs(s1, s2, 0), "chance was consulted"
    assert G.decode_action(G.encode_action(Add(2))) == Add(2)
    assert type(G.decode_action(["add", 2])) is Add
    with pytest.raises(IllegalAction, match="add 1 or 2"):
        G.play(s2, Add(3))
    with pytest.raises(IllegalAction, match="view"):
        G.play(G.view(s2, 0), Add(1))


def test_an_answer_is_refused_with_the_prompt_and_the_game_ends_in_over() -> None:
    s = G.setup(2, None, 1)
    while not s.pending:
        s = G.play(s, Add(2))
    assert G.to_move(s) == 0 and G.legal(s) == [("yes",), ("no",)]
    with pytest.raises(IllegalAction, match="^that is not an answer to: vote yes or no$"):
        G.play(s, Add(1))
    s = G.play(s, ("yes",))
    assert G.is_over(s) and G.to_move(s) is None and G.legal(s) == []
    assert G.progress(s) == "finished" and s.vote == "yes"
    with pytest.raises(IllegalAction, match="the game is over"):
        G.play(s, ("yes",))


def test_thawing_edits_an_item_once_per_step_and_never_the_state_before() -> None:
    tally = thawing("tallies", Tally)
    s = G.setup(2, None, 3)
    w = s.thaw()
    t = tally(w, 1)
    t.adds += 2
    assert tally(w, 1) is t and w.tallies[1] is t and w.tallies[0] is s.tallies[0]
    assert s.tallies[1].adds == 0 and type(s.tallies[1]) is Tally
    assert G.settle(w).tallies[1] == Tally(2) and type(w.tallies[1]) is Tally
    with pytest.raises(ValueError):
        thawing("tallies[0]", Tally)


def test_a_sealed_field_is_a_field_name() -> None:
    with pytest.raises(ValueError, match="tallies"):
        type("Bad", (Count,), {"sealed": {"tallies[0]": Tally}})


def made(*parts: object) -> type:
    """A game class on the base with these parts and Count's own methods."""
    return type("Made", (FlowGame,), {"flow": FLOW, "parts": parts, "result": Count.result,
                                      "chapter": Count.chapter,
                                      "score_history": Count.score_history})


def test_a_member_found_in_no_part_fails_when_the_class_is_made() -> None:
    assert made(WORDS, HIDDEN)().seat_label(None, 1) == "B"
    mute = SimpleNamespace(describe=WORDS.describe, prompt=WORDS.prompt, log_line=WORDS.log_line)
    with pytest.raises(TypeError, match="Made needs seat_label: none of its parts"):
        made(mute, HIDDEN)


def test_a_member_in_two_parts_fails_when_the_class_is_made() -> None:
    twin = SimpleNamespace(prompt=lambda s: "another prompt")
    with pytest.raises(TypeError, match="Made needs prompt: several of its parts"):
        made(WORDS, HIDDEN, twin)


def test_a_decision_without_why_needs_a_prompt() -> None:
    with pytest.raises(TypeError, match="vote"):
        Flow(phases={}, decisions={"vote": Decision(lambda s, pd: [], resolve=resolve_vote)},
             over="over")
    with pytest.raises(TypeError, match="resolve"):
        Decision(lambda s, pd: [])


@pytest.mark.parametrize("game_id", ["provincia", "romans", "ageofrome"])
def test_the_hot_members_are_the_flows_own_functions(game_id: str) -> None:
    """No layer between a bot and the flow: ``to_move`` and ``legal`` are the
    flow's bound methods themselves."""
    g = get_game(game_id)
    flow = type(g).flow
    assert g.to_move == flow.to_move and g.legal == flow.legal


def pass_throughs(cls: type) -> list[str]:
    """The methods of ``cls`` whose one statement hands their arguments on
    unchanged (``return text.prompt(s)``) or reads one field of one
    (``return s.events``): what the base is for."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    found = []
    for node in tree.body[0].body:  # type: ignore[attr-defined]
        if not isinstance(node, ast.FunctionDef):
            continue
        body = [b for b in node.body if not (isinstance(b, ast.Expr)
                                             and isinstance(b.value, ast.Constant))]
        params = [a.arg for a in node.args.args[1:]]
        if len(body) != 1 or not isinstance(body[0], ast.Return):
            continue
        value = body[0].value
        hands_on = isinstance(value, ast.Call) and not value.keywords and \
            [getattr(a, "id", None) for a in value.args] == params
        reads = isinstance(value, ast.Attribute) and getattr(value.value, "id", None) in params
        if hands_on or reads:
            found.append(node.name)
    return found


@pytest.mark.parametrize("game_id", [e.id for e in games.GAMES] + [TOY.id])
def test_a_game_class_holds_no_pass_through(game_id: str) -> None:
    with games.extra(TOY) if game_id == TOY.id else nullcontext():
        cls = type(get_game(game_id))
    assert pass_throughs(cls) == []


def test_stages_are_sealed_copies_of_each_marked_moment_and_change_no_result() -> None:
    s = G.setup(2, None, 5)
    after = G.play(s, Add(2))
    tallied, added = G.stages(s, ("add", 2))
    assert (tallied.count, tallied.events, tallied.tallies[0].adds) == (0, (), 1)
    assert (added.count, added.events) == (2, (("added", 0, 2),))
    assert all(type(t) is Tally for f in (tallied, added) for t in f.tallies), "sealed copies"
    assert tallied.turn == added.turn == 0 and after.turn == 1, "each as it was at its mark"
    assert s.count == 0 and s.tallies[0].adds == 0, "the state before is never changed"
    assert G.play(s, Add(2)) == after and after.count == 2, "marks change no result"
    with pytest.raises(IllegalAction, match="view"):
        G.stages(G.view(s, 0), Add(1))
    assert G.stages(s, Add(2), 0) == (tallied, added), "the mover watches both"
    assert G.stages(s, Add(2), 1) == (tallied,), "the other only the moment for everyone"
