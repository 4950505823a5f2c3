"""Typed actions and events: named records that stay the tuples they were
(equal, hashed, indexed, encoded and shown alike), and log lines built from
the records' fields, one part per seat named."""

from __future__ import annotations

import copy
import pickle
import random
from typing import NamedTuple

import pytest

from engine import get_game
from engine.core import Kinds, kinded
from engine.provincia import events as ev
from engine.provincia.actions import ACTIONS, Play, Target
from engine.provincia.data import CARD_ID
from engine.provincia.text import seat_name

G = get_game("provincia")


def random_game(players: int, seed: int):
    """Every state of a random game."""
    rng = random.Random(seed)
    s = G.setup(players, None, seed)
    yield s
    while not G.is_over(s):
        s = G.play(s, rng.choice(G.legal(s)))
        yield s


@kinded("move")
class Move(NamedTuple):
    kind: str
    seat: int
    to: str = "home"


def test_a_kinded_record_is_its_plain_tuple_with_names():
    m = Move(2, "Roma")
    assert m == ("move", 2, "Roma") and hash(m) == hash(("move", 2, "Roma"))
    assert (m.kind, m.seat, m.to) == ("move", 2, "Roma") and m[1] == 2
    assert Move(1) == ("move", 1, "home") and Move.KIND == "move"
    assert repr(m) == "('move', 2, 'Roma')"
    for copied in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m), m._replace(to="Ostia")):
        assert type(copied) is Move
    assert m._replace(to="Ostia") == ("move", 2, "Ostia")


def test_a_kinded_record_needs_kind_as_its_first_field():
    with pytest.raises(TypeError, match="first field is 'kind'"):
        @kinded("bad")
        class Bad(NamedTuple):
            seat: int


def test_kinds_types_a_plain_tuple_only_when_a_record_fits_it():
    kinds = Kinds(Move)
    typed = kinds.typed(("move", 3, "Capua"))
    assert type(typed) is Move and typed == ("move", 3, "Capua")
    for odd in (("move", 3), ("jump", 1, 2), (), (1, 2)):
        assert kinds.typed(odd) is odd


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2), (6, 3)])
def test_every_action_and_event_of_a_game_is_a_typed_record(players: int, seed: int):
    kinds_seen = set()
    for s in random_game(players, seed):
        for a in G.legal(s):
            assert type(a) is ACTIONS.by_kind[a[0]]
            assert G.decode_action(G.encode_action(a)) == a
            assert type(G.decode_action(G.encode_action(a))) is type(a)
            assert G.encode_action(a) == G.encode_action(tuple(a))
        for e in G.events(s):
            assert type(e) is ev.EVENTS.by_kind[e[0]], e
            kinds_seen.add(e[0])
        for p in range(players):
            v = G.view(s, p)  # views mask cards, and keep the records
            for e in G.events(v):
                assert type(e) is ev.EVENTS.by_kind[e[0]]
            assert [type(pd.data) for pd in v.pending] == [type(pd.data) for pd in s.pending]
        assert all(type(pd.data) is not tuple for pd in s.pending)
    assert {"round", "phase", "pick", "build", "battle", "tax", "end"} <= kinds_seen


def test_a_plain_tuple_is_played_as_the_typed_record_equal_to_it():
    s = G.setup(3, None, 5)
    a = G.legal(s)[0]
    assert G.play(s, tuple(a)) == G.play(s, a)
    assert G.play(s, tuple(a), trusted=True) == G.play(s, a)


@pytest.mark.parametrize("players, seed", [(3, 4), (5, 6)])
def test_every_seat_a_log_line_names_is_a_part_of_its_own(players: int, seed: int):
    """Each seat field of an event is a part naming that seat; no other part
    refers to a seat; the start of a round, and only that, is a heading."""
    for s in random_game(players, seed):
        for e in G.events(s):
            line = G.log_line(s, e)
            if line is None:
                assert e[0] == "pass"
                continue
            referred = [seat for _, seat in line.parts if seat is not None]
            named = [getattr(e, f) for f in ("seat", "target") if f in e._fields]
            named += list(getattr(e, "winners", ()))
            assert sorted(referred) == sorted(named), (e, line)
            for text, seat in line.parts:
                if seat is not None:
                    assert text == seat_name(s, seat)
            assert line.heading == isinstance(e, ev.RoundBegins)
            assert line.text == G.event_text(s, e)


def test_a_line_naming_two_seats_refers_to_each():
    s = G.setup(3, None, 1)
    line = G.log_line(s, ev.Targeted(0, CARD_ID["Coniuratio"], 2))
    assert [seat for _, seat in line.parts] == [0, None, 2, None]
    assert line.text == f"{seat_name(s, 0)} targets {seat_name(s, 2)} with Coniuratio."


def test_actions_read_by_name_and_by_index_alike():
    a = Play(3, -1)
    assert (a.kind, a.card, a.pay) == (a[0], a[1], a[2]) == ("play", 3, -1)
    assert Target(2).seat == 2


def test_stand_in_values_are_records_marked_inferred():
    """Building types, battle-token values and track ranges are stand-ins
    (PR-M7, PR-M9, PR-M10): data fields with ``inferred=True``, not comments,
    and they are the values the rules use."""
    from engine.provincia import data

    by_name = {x.name: x for x in data.STAND_INS}
    assert all(x.inferred for x in data.STAND_INS)
    assert dict(by_name["building types"].value) == {a.name: a.kind for a in data.AEDIFICIA}
    assert by_name["battle token values"].value == data.TOKEN_VALUES
    assert by_name["Morale range"].value == (data.MORALE_MIN, data.MORALE_MAX)
    assert by_name["Defense range"].value == (data.DEFENSE_MIN, data.DEFENSE_MAX)


def test_activating_and_destroying_say_what_they_give_and_cost():
    """"Activate Vinea (1 PP)" did not say +1 Gold, +1 Morale, nor "Destroy
    Insula" the 10 PP it takes (issue 28 walk-through)."""
    from engine.provincia.actions import Activate, Destroy
    from engine.provincia.data import AEDIFICIA
    from engine.provincia.text import describe

    card = {b.name: i for i, b in enumerate(AEDIFICIA)}
    s = G.setup(4, None, 1)
    assert describe(s, Activate(card["Vinea"])) == "Activate Vinea (1 PP): +1 Gold, +1 Morale"
    insula = AEDIFICIA[card["Insula"]]
    assert describe(s, Destroy(card["Insula"], True)) == \
        f"Destroy Insula (-{insula.award} PP): no more +1 Morale a round"


def test_an_opes_card_says_what_the_one_taking_it_gets():
    """"Take Vectigal (3 Gold as Quaestor / 1 Gold)" did not say which half
    was the taker's (issue 28 walk-through); "(2 Gold for you; 2 Gold to the
    Quaestor)" then read as a transfer (fix 36b walk)."""
    import random

    from engine.provincia.data import CARDS, OPES
    from engine.provincia.text import amount, describe

    s, rng, seen = G.setup(4, None, 2), random.Random(2), set()
    while len(seen) < 2 and not G.is_over(s):
        dr = s.draft
        if dr is not None and dr.deck == OPES and dr.pickers:
            picks = [a for a in G.legal(s) if a[0] == "pick"
                     and dr.slots[a[1]] is not None and dr.face_up[a[1]]]
            for a in picks[:1]:
                card = CARDS[dr.slots[a[1]].card]
                said = describe(s, a)
                if dr.pickers[0] == dr.chooser:
                    assert said == (f"Take {card.name} ({amount(card.quaestor)}; "
                                    f"another taker would get {amount(card.others)})")
                    seen.add("chooser")
                else:
                    assert said == f"Take {card.name} ({amount(card.others)})"
                    seen.add("other")
                # each taker gets only their own share: "2 Gold for you; 2 Gold
                # to the Quaestor" read as a transfer (fix 36b walk)
                assert "to the" not in said and "for you" not in said
        s = G.play(s, rng.choice(G.legal(s)))
    assert seen == {"chooser", "other"}
