"""Age of Rome's Trade cards and effects (engine/ageofrome/trade.py,
effects.py): the hand limit with the Anchor (L206-207), room made before
every draw (A15), Trade windows and same-condition chains (L208, A14), the
rulebook's three chains E15-E17 (L231-233, A8), selling (L217), sets with
wild cards (L213-215, L170, A16), the Religion Medal's purchase (L171),
random cards (Sold, Custom Fees, Storm at Sea) and every effect kind.

Positions come from tests/test_ageofrome_forces.py's ``position``: seat k
plays character k (Jack = Marcus Antonius with an Anchor, Henry = Julius
Caesar, Mary = Octavianus with an Anchor, Ross = Crassus).
"""

from __future__ import annotations

from engine.ageofrome import benefits, data, effects, events_phase, forces, trade, view
from engine.ageofrome.actions import (
    DONE,
    BuyGlory,
    Discard,
    FormSet,
    MoveLegion,
    PickRegion,
    Place,
    PlayCard,
    Sell,
)
from engine.ageofrome.scenario import Scenario
from engine.ageofrome.state import (
    CARD_INDEX,
    EVENT,
    INCOME,
    PROVINCES,
    REGION_INDEX,
    RELIGION,
    SCHEMES,
    TRADE,
    TRADE_POOL,
    State,
    in_front,
)
from engine.core import ALL_SEATS, Held
from engine.flow import Pending
from tests.ageofrome_helpers import GAME, table
from tests.test_ageofrome_forces import HENRY, JACK, MARY, ROSS, position

DECISIONS = {**trade.DECISIONS, **benefits.DECISIONS}


def writable(s: State) -> State:
    w = s.thaw()
    w.events = []
    return w


def deal(w: State, seat: int, *names: str) -> None:
    """Put ``names`` into ``seat``'s hand (seen by the seat)."""
    p = w.players[seat].thaw()
    p.hand = p.hand + tuple(Held(CARD_INDEX[c], 1 << seat, TRADE_POOL) for c in names)
    w.players = w.players[:seat] + (p.freeze(),) + w.players[seat + 1:]


def stack(w: State, *names: str, rest: bool = True) -> None:
    """The Trade deck: ``names`` on top (in order), then (``rest``) every
    other card nobody holds nor discarded."""
    top = [CARD_INDEX[c] for c in names]
    used = set(top) | set(w.discard) | {h.card for p in w.players for h in p.hand}
    others = [i for i in range(len(data.TRADE_CARDS)) if i not in used] if rest else []
    w.trade_deck = tuple(Held(c, 0, TRADE_POOL) for c in top + others)


def hand(w: State, seat: int) -> list[str]:
    return [data.TRADE_CARDS[h.card].name for h in w.players[seat].hand]


def answer(w: State, a: tuple) -> None:
    """Answer the open decision with ``a``, which must be among its answers."""
    pd = w.pending[-1]
    legal, resolve = DECISIONS[pd.kind]
    assert a in legal(w, pd), (a, legal(w, pd))
    w.pending = w.pending[:-1]
    resolve(w, pd, a)


def top(w: State) -> Pending:
    return w.pending[-1]


def plays(w: State) -> list:
    """The cards the open Trade window lets its seat play."""
    return [a for a in trade.window_legal(w, top(w)) if a[0] == "play"]


def close_empty_window(w: State) -> None:
    """The window stays open while the seat holds cards the others have not
    seen (opening it only for a playable card would show them the hand):
    nothing to play in it, the seat closes it."""
    assert top(w).kind == trade.WINDOW and not plays(w)
    answer(w, DONE)


def sample_world(**changes: dict) -> State:
    return writable(position(**changes))


# ---------------------------------------------------------------- E15-E17
def test_e15_sundial_circinus_anchor_gone_then_bonus_draws_not_playable() -> None:
    """L231: Mary, four cards and the Anchor, places on the Lighthouse with
    her Trade bonus; before resolving plays Sundial, draws Circinus, plays it
    (same condition): the Anchor is gone, three cards; the bonus draws two,
    which she cannot play."""
    w = sample_world()
    deal(w, MARY, "Sundial", "Groma", "Libra", "Dolabra")
    assert w.players[MARY].anchor and w.players[MARY].hand_size == 5
    stack(w, "Circinus", "Bulla", "Spatha")
    assert trade.open_window(w, MARY, "A")
    assert top(w).kind == trade.WINDOW
    assert PlayCard("Sundial") in trade.window_legal(w, top(w))
    answer(w, PlayCard("Sundial"))
    # Sundial left the hand first, so Circinus came in without making room
    assert hand(w, MARY) == ["Groma", "Libra", "Dolabra", "Circinus"]
    assert top(w) == Pending(trade.WINDOW, MARY, ("A",))
    answer(w, PlayCard("Circinus"))
    assert not w.players[MARY].anchor
    assert w.players[MARY].hand_size == 3
    close_empty_window(w)  # nothing of condition A left
    assert not w.pending
    assert w.discard[-2:] == (CARD_INDEX["Sundial"], CARD_INDEX["Circinus"])
    benefits.resolve_building(w, MARY, TRADE, bonus=True)  # the action: two draws
    assert hand(w, MARY) == ["Groma", "Libra", "Dolabra", "Bulla", "Spatha"]
    assert not w.pending  # the action is resolved: Bulla and Spatha wait


def test_e16_bulla_then_room_before_each_bonus_draw() -> None:
    """L232 as A8 corrects it: Jack, four cards (the Anchor one of them),
    plays Bulla and draws two: a full hand; his bonus's two draws each need
    room first, and the cards drawn cannot be played for this action."""
    w = sample_world()
    deal(w, JACK, "Bulla", "Groma", "Libra")
    assert w.players[JACK].hand_size == 4
    stack(w, "Sundial", "Arca I", "Malleus", "Toga")
    trade.open_window(w, JACK, "A")
    answer(w, PlayCard("Bulla"))
    assert hand(w, JACK) == ["Groma", "Libra", "Sundial", "Arca I"]
    assert w.players[JACK].hand_size == 5
    # Sundial and Arca I are of condition A: drawn by Bulla, they may chain
    assert top(w) == Pending(trade.WINDOW, JACK, ("A",))
    answer(w, DONE)
    assert not w.pending
    benefits.resolve_building(w, JACK, TRADE, bonus=True)
    pd = top(w)
    assert pd.kind == trade.ROOM and pd.data[1] == (trade.DRAW, trade.DRAW)
    room = trade.room_legal(w, pd)
    assert not any(a[0] == "play" for a in room)  # no window is open any more
    assert Sell("Groma") in room and DONE in room
    denarii = w.players[JACK].denarii
    answer(w, Sell("Groma"))
    assert w.players[JACK].denarii == denarii + 1
    assert hand(w, JACK)[-1] == "Malleus"
    assert top(w).kind == trade.ROOM and top(w).data[1] == (trade.DRAW,)
    answer(w, Sell("Libra"))
    assert hand(w, JACK) == ["Sundial", "Arca I", "Malleus", "Toga"]
    assert w.players[JACK].hand_size == 5
    assert not w.pending


def test_e17_snake_bracelets_bulla_spatha_seventh_legion() -> None:
    """L233: Ross, five Legions placed, one on his board, the seventh not
    recruited: Snake Bracelets takes Bulla from the discard, Bulla draws two,
    one is Spatha: it recruits the 7th Legion; his Military bonus then
    places one in Epirus and one in Macedonia."""
    regions = ((2, 0, 0, 0), (0, 0, 0, 0), (3, 0, 0, 0))
    w = sample_world(ross={"legions": 1, "legions_unrecruited": 1})
    w.regions = tuple(tuple(reversed(r)) for r in regions)  # Ross is seat 3
    deal(w, ROSS, "Snake Bracelets")
    w.discard = (CARD_INDEX["Groma"], CARD_INDEX["Bulla"])
    stack(w, "Spatha", "Libra")
    trade.open_window(w, ROSS, "A")
    answer(w, PlayCard("Snake Bracelets"))
    assert hand(w, ROSS) == ["Bulla"]
    # the card taken is the one under Snake Bracelets, which goes on top after
    assert w.discard == (CARD_INDEX["Groma"], CARD_INDEX["Snake Bracelets"])
    assert w.players[ROSS].hand[0].seen == ALL_SEATS  # taken face up
    answer(w, PlayCard("Bulla"))
    assert hand(w, ROSS) == ["Spatha", "Libra"]
    answer(w, PlayCard("Spatha"))
    assert w.players[ROSS].legions == 2 and w.players[ROSS].legions_unrecruited == 0
    close_empty_window(w)  # Libra is of condition D: the chain ends
    assert not w.pending
    benefits.resolve_building(w, ROSS, 0, bonus=True)  # the Military action, bonus
    answer(w, MoveLegion("board", "Epirus"))
    answer(w, MoveLegion("board", "Macedonia"))
    assert w.players[ROSS].legions == 0
    assert sum(r[ROSS] for r in w.regions) == 7


# ---------------------------------------------------------------- windows and chains
def test_window_opens_alike_whatever_the_hidden_cards() -> None:
    """Whether a window opens tells the other seats nothing about the hand:
    it opens for any card they have not all seen, never for an empty hand
    or for cards all have seen (taken from the discard pile) and of another
    condition; alone at the table (the Emperor Solo) only for a playable card."""
    w = sample_world()
    assert not trade.open_window(w, MARY, "A")  # no card
    deal(w, MARY, "Groma", "Libra")  # B and D
    assert trade.open_window(w, MARY, "AF")
    assert plays(w) == []
    w.pending = ()
    assert trade.open_window(w, MARY, "B")
    assert plays(w) == [PlayCard("Groma")]
    w = sample_world()
    w.discard = (CARD_INDEX["Groma"],)
    trade.apply(w, MARY, data.Effect("take discard"))  # seen by all
    assert not trade.open_window(w, MARY, "A") and trade.open_window(w, MARY, "B")
    solo = writable(position(n=1))
    deal(solo, 0, "Groma")
    assert not trade.open_window(solo, 0, "A") and trade.open_window(solo, 0, "B")


def test_window_narrows_to_the_played_cards_condition() -> None:
    """L208: a Farming placement opens A and F; after an F card only F cards chain."""
    w = sample_world()
    deal(w, MARY, "Dolabra", "Arca I")  # F, A
    w.phase = "actions"
    trade.open_window(w, MARY, "AF")
    assert plays(w) == [PlayCard("Dolabra"), PlayCard("Arca I")]
    denarii = w.players[MARY].denarii
    answer(w, PlayCard("Dolabra"))
    assert w.players[MARY].denarii == denarii + 1
    assert top(w) == Pending(trade.WINDOW, MARY, ("F",))
    assert plays(w) == []  # Arca I is A: it does not chain after an F card


def test_drawn_card_of_another_condition_does_not_chain() -> None:
    w = sample_world()
    deal(w, MARY, "Sundial")
    stack(w, "Groma")
    trade.open_window(w, MARY, "A")
    answer(w, PlayCard("Sundial"))
    assert hand(w, MARY) == ["Groma"]
    close_empty_window(w)


def test_legion_effect_waits_for_the_draws_and_the_window_comes_after() -> None:
    """A room answer playing Gladius (place a Legion) during Bulla's draws:
    the draws finish first, then the Legion decision, then the window."""
    w = sample_world()
    deal(w, MARY, "Bulla", "Gladius", "Groma", "Libra")  # + Anchor = 5
    stack(w, "Sundial", "Serra", "Palla")
    trade.open_window(w, MARY, "A")
    answer(w, PlayCard("Bulla"))  # 4 left: one draw fits, then the hand is full
    assert hand(w, MARY) == ["Gladius", "Groma", "Libra", "Sundial"]
    assert top(w).kind == trade.ROOM
    assert PlayCard("Gladius") in trade.room_legal(w, top(w))
    answer(w, PlayCard("Gladius"))
    assert hand(w, MARY) == ["Groma", "Libra", "Sundial", "Serra"]
    assert [pd.kind for pd in w.pending] == [trade.WINDOW, forces.LEGION]
    answer(w, MoveLegion("board", "Thrace"))
    assert w.regions[REGION_INDEX["Thrace"]][MARY] == 1
    assert top(w) == Pending(trade.WINDOW, MARY, ("A",))
    assert [a for a in trade.window_legal(w, top(w)) if a[0] == "play"] == [
        PlayCard("Sundial")]


def test_off_turn_window_offers_no_sale() -> None:
    """L222, L217: the target of a Scheme plays V cards off its turn: no
    Sell nor set; its room is made by discarding."""
    w = sample_world()
    w.phase = SCHEMES
    deal(w, HENRY, "Paenula", "Groma", "Libra", "Palla", "Serra")  # full, no Anchor
    stack(w, "Fibula")
    trade.open_window(w, HENRY, "V")
    legal = trade.window_legal(w, top(w))
    assert legal == [PlayCard("Paenula"), DONE]
    answer(w, PlayCard("Paenula"))  # draw 1: room is there now
    assert hand(w, HENRY)[-1] == "Fibula"
    w2 = sample_world()
    w2.phase = SCHEMES
    deal(w2, HENRY, "Groma", "Libra", "Palla", "Serra", "Fibula")
    stack(w2, "Arca I")
    trade.draw(w2, HENRY, 1, window="V")
    room = trade.room_legal(w2, top(w2))
    assert Discard("Groma") in room and not any(a[0] == "sell" for a in room)


# ---------------------------------------------------------------- drawing
def test_full_hand_asks_for_room_and_done_draws_nothing() -> None:
    """A15: room before each draw; a card drawn with no room is not drawn."""
    w = sample_world()
    deal(w, MARY, "Groma", "Libra", "Palla", "Serra")
    stack(w, "Fibula")
    deck = w.trade_deck
    trade.draw(w, MARY, 2)
    assert top(w) == Pending(trade.ROOM, MARY, ("", (trade.DRAW, trade.DRAW), ()))
    answer(w, DONE)
    assert not w.pending and w.trade_deck == deck and len(w.players[MARY].hand) == 4


def test_form_set_makes_room() -> None:
    w = sample_world()
    w.phase = "actions"
    deal(w, HENRY, "Groma", "Libra", "Serra", "Palla", "Toga")
    stack(w, "Fibula")
    trade.draw(w, HENRY, 1)
    answer(w, FormSet(("Groma", "Libra", "Serra")))
    assert w.players[HENRY].sets == ((CARD_INDEX["Groma"], CARD_INDEX["Libra"],
                                      CARD_INDEX["Serra"]),)
    assert hand(w, HENRY) == ["Palla", "Toga", "Fibula"]


def test_hand_limit_counts_the_anchor() -> None:
    w = sample_world()
    deal(w, JACK, "Groma", "Libra", "Palla")
    stack(w)
    trade.draw(w, JACK, 2)  # 3 + Anchor: one fits
    assert len(w.players[JACK].hand) == 4 and top(w).kind == trade.ROOM


def test_empty_deck_reshuffles_the_discard_into_a_new_pool() -> None:
    """Inferred: the rulebook does not say what an empty deck does."""
    w = sample_world()
    deal(w, MARY, "Groma")
    w.trade_deck = ()
    w.discard = (CARD_INDEX["Libra"], CARD_INDEX["Palla"])
    trade.draw(w, MARY, 1)
    assert w.discard == () and len(w.trade_deck) == 1
    new = w.players[MARY].hand[-1]
    assert new.card in (CARD_INDEX["Libra"], CARD_INDEX["Palla"])
    assert new.pool != TRADE_POOL and w.trade_deck[0].pool == new.pool
    assert any(e[0] == "deck_reshuffled" for e in w.events)
    trade.draw(w, MARY, 5)  # one card left anywhere: the rest are not drawn
    assert len(w.players[MARY].hand) == 3 and not w.pending


# ---------------------------------------------------------------- free actions
def test_sell_pays_one_denarius_never_the_anchor() -> None:
    w = sample_world()
    w.phase = "actions"
    deal(w, JACK, "Groma")
    free = trade.free_actions(w, JACK)
    assert free == [Sell("Groma")]  # the Anchor is never offered
    before = w.players[JACK].denarii
    assert trade.act_free(w, JACK, Sell("Groma"))
    assert w.players[JACK].denarii == before + 1
    assert w.discard == (CARD_INDEX["Groma"],) and w.players[JACK].anchor
    assert not trade.act_free(w, JACK, DONE)


def test_sets_with_chests_and_the_trade_medals_jewels() -> None:
    """L213: Chests are wild; A16: three wilds make no set; L170: with the
    Trade Medal Jewels are wild too."""
    w = sample_world()
    deal(w, HENRY, "Arca I", "Arca II", "Arca III", "Groma", "Fibula")
    sets = set(trade.sets_of(w, HENRY))
    assert FormSet(("Groma", "Arca I", "Arca II")) in sets
    assert FormSet(("Arca I", "Arca II", "Arca III")) not in sets  # A16
    assert not any("Fibula" in s.cards and "Groma" in s.cards for s in sets)
    assert FormSet(("Fibula", "Arca I", "Arca II")) in sets  # a Jewels set
    w.players = tuple(p if i != HENRY else p.replace(medals=1 << TRADE)
                      for i, p in enumerate(w.players))
    medal = set(trade.sets_of(w, HENRY))
    assert FormSet(("Groma", "Fibula", "Arca I")) in medal  # Jewel as a wild Tools
    assert sets < medal


def test_no_more_than_three_sets() -> None:
    w = sample_world(henry={"sets": ((0, 2, 3),) * 3})
    deal(w, HENRY, "Arca I", "Arca II", "Groma")
    assert trade.sets_of(w, HENRY) == ()


def test_buy_glory_needs_the_religion_medal_and_three_denarii() -> None:
    w = sample_world(mary={"denarii": 3, "glory": 4})
    w.phase = INCOME
    assert BuyGlory() not in trade.free_actions(w, MARY)
    w.players = tuple(p if i != MARY else p.replace(medals=1 << RELIGION)
                      for i, p in enumerate(w.players))
    assert BuyGlory() in trade.free_actions(w, MARY)
    assert trade.act_free(w, MARY, BuyGlory())
    p = w.players[MARY]
    assert (p.denarii, p.glory) == (0, 5)
    assert p.milestones & 1  # Glory 5 meets the first milestone (L99)
    assert BuyGlory() not in trade.free_actions(w, MARY)


def test_buy_glory_in_a_room_keeps_the_room_open() -> None:
    w = sample_world(mary={"denarii": 5, "medals": 1 << RELIGION})
    w.phase = EVENT  # off-turn: the Medal still buys (L171)
    deal(w, MARY, "Groma", "Libra", "Palla", "Serra")
    stack(w)
    trade.draw(w, MARY, 1)
    assert BuyGlory() in trade.room_legal(w, top(w))
    answer(w, BuyGlory())
    assert top(w).kind == trade.ROOM and w.players[MARY].denarii == 2


# ---------------------------------------------------------------- at random
def test_random_cards_for_sold_custom_fees_and_storm() -> None:
    w = sample_world()
    deal(w, JACK, "Groma", "Libra")
    deal(w, HENRY, "Palla")
    i = trade.random_card(w, JACK)
    assert i in (0, 1)
    assert trade.take_random(w, HENRY, JACK)
    taken = w.players[HENRY].hand[-1]
    assert taken.seen == (1 << JACK | 1 << HENRY)
    assert len(w.players[JACK].hand) == 1
    card = trade.discard_random(w, JACK)
    assert w.discard == (card,) and not w.players[JACK].hand
    assert trade.random_card(w, JACK) == -1 and trade.discard_random(w, JACK) == -1
    assert not trade.take_random(w, HENRY, JACK)


# ---------------------------------------------------------------- effects
def test_effect_glory_and_denarii_floors() -> None:
    w = sample_world(henry={"glory": 2, "denarii": 1})
    effects.apply(w, HENRY, data.Effect("glory", -3))
    effects.apply(w, HENRY, data.Effect("denarii", -3))
    assert (w.players[HENRY].glory, w.players[HENRY].denarii) == (1, 0)
    effects.apply(w, HENRY, data.Effect("glory", 2))
    effects.apply(w, HENRY, data.Effect("denarii", 2))
    assert (w.players[HENRY].glory, w.players[HENRY].denarii) == (3, 2)


def test_effect_recruits_and_the_bonus_never_does() -> None:
    """L265: a bonus action never recruits nor removes the Anchor."""
    w = sample_world()
    p = w.players[MARY]  # Octavianus: 4/7 Legions, 5/5 Votes
    assert not effects.apply(w, MARY, data.Effect("recruit legion"), bonus=True)
    assert not effects.apply(w, MARY, data.Effect("remove anchor"), bonus=True)
    assert w.players[MARY].anchor and w.players[MARY].legions == p.legions
    effects.apply(w, MARY, data.Effect("recruit legion", 2))
    effects.apply(w, MARY, data.Effect("recruit vote"))  # none left: nothing
    q = w.players[MARY]
    assert (q.legions, q.legions_unrecruited) == (p.legions + 2, p.legions_unrecruited - 2)
    assert (q.votes, q.votes_unrecruited) == (p.votes, 0)


def test_effect_votes_and_legions() -> None:
    w = sample_world()
    w.column = (HENRY, MARY, HENRY)
    effects.apply(w, HENRY, data.Effect("remove lowest vote"))
    assert w.column == (MARY, HENRY)
    effects.apply(w, MARY, data.Effect("place vote"))
    assert w.column == (MARY, HENRY, MARY)
    effects.apply(w, MARY, data.Effect("place legion"))
    assert top(w).kind == forces.LEGION
    legal = DECISIONS[forces.LEGION][0](w, top(w))
    assert all(a[0] != "legion" or a.source == "board" for a in legal)
    answer(w, MoveLegion("board", "Epirus"))
    effects.apply(w, MARY, data.Effect("move legions", 1))
    legal = DECISIONS[forces.LEGION][0](w, top(w))
    assert MoveLegion("Epirus", "Thrace") in legal
    assert all(a[0] != "legion" or a.source != "board" for a in legal)
    w.pending = ()
    effects.apply(w, MARY, data.Effect("return legion"))
    assert top(w) == Pending("region", MARY, ("return legion",))
    effects.apply(w, HENRY, data.Effect("return legion"))  # none placed: nothing
    assert len(w.pending) == 1
    legal, resolve = events_phase.DECISIONS["region"]  # the Event step's decision
    assert legal(w, top(w)) == [PickRegion("Epirus")]


def test_effect_draw_take_discard_and_discard_random() -> None:
    w = sample_world()
    stack(w, "Groma")
    w.discard = (CARD_INDEX["Libra"],)
    trade.apply(w, HENRY, data.Effect("draw"))
    trade.apply(w, HENRY, data.Effect("take discard"))
    assert hand(w, HENRY) == ["Groma", "Libra"]
    trade.apply(w, HENRY, data.Effect("discard random"))
    assert len(w.players[HENRY].hand) == 1 and len(w.discard) == 1


# ---------------------------------------------------------------- E15-E17 through the game
def _front(s: State, seat: int) -> str:
    return PROVINCES[in_front(s, seat)]


def _at_actions(first: str, **kw: object) -> Scenario:
    """The rulebook's table in the Action phase of round 3, ``first`` to act;
    Jack = Marcus Antonius, Henry = Julius Caesar, Mary = Octavianus (Trade
    bonus active, an Anchor), Ross = Pompeius (Military bonus active)."""
    return (table().characters("Marcus Antonius", "Julius Caesar", "Octavianus", "Pompeius")
            .at("actions", round=3).first(first))


def _flow_play(s: State, *actions: tuple) -> State:
    for a in actions:
        assert a in GAME.legal(s), (a, GAME.prompt(s), GAME.legal(s))
        s = GAME.play(s, a)
    return s


def test_e15_through_the_action_phase() -> None:
    base = _at_actions("Mary")
    where = _front(base.build(), MARY)
    s = (base.levels(where, Trade=2).hand("Mary", "Sundial", "Groma", "Libra", "Dolabra",
                                          "Anchor")
         .deck("trade", "Circinus", "Bulla", "Spatha").build())
    assert GAME.to_move(s) == MARY and s.players[MARY].hand_size == 5
    s = _flow_play(s, Place("Trade", True), PlayCard("Sundial"), PlayCard("Circinus"), DONE)
    p = s.players[MARY]
    assert not p.anchor
    # the window closed (nothing of condition A left), the action resolved: two draws
    assert [data.TRADE_CARDS[h.card].name for h in p.hand] == [
        "Groma", "Libra", "Dolabra", "Bulla", "Spatha"]
    assert not any(a[0] == "play" for a in GAME.legal(s))


def test_e16_through_the_action_phase() -> None:
    base = _at_actions("Jack").feuds(Jack=0)
    where = _front(base.build(), JACK)
    s = (base.levels(where, Trade=2).hand("Jack", "Bulla", "Groma", "Libra", "Anchor")
         .deck("trade", "Serra", "Palla", "Malleus", "Toga").build())
    s = _flow_play(s, Place("Trade", True), PlayCard("Bulla"), DONE)
    assert s.players[JACK].hand_size == 5
    # Serra and Palla are not of condition A: the window closed and the
    # action resolved up to its first draw, which needs room (A8)
    assert s.pending == (Pending(trade.ROOM, JACK, ("", (trade.DRAW, trade.DRAW), ())),)
    assert not any(a[0] == "play" for a in GAME.legal(s))
    s = _flow_play(s, Sell("Groma"), Sell("Libra"))
    assert [data.TRADE_CARDS[h.card].name for h in s.players[JACK].hand] == [
        "Serra", "Palla", "Malleus", "Toga"]
    assert s.players[JACK].anchor and GAME.to_move(s) != JACK  # his turn is over


def test_e17_through_the_action_phase() -> None:
    base = _at_actions("Ross")
    where = _front(base.build(), ROSS)
    s = (base.levels(where, Military=3).hand("Ross", "Snake Bracelets")
         .regions(Thrace={"Ross": 3}, Epirus={"Ross": 2})
         .discard("Groma", "Bulla").deck("trade", "Spatha", "Libra").build())
    p = s.players[ROSS]
    assert (p.legions, p.legions_unrecruited) == (1, 1)
    s = _flow_play(s, Place("Military", True), PlayCard("Snake Bracelets"), PlayCard("Bulla"),
                   PlayCard("Spatha"), DONE)
    assert s.players[ROSS].legions == 2 and s.players[ROSS].legions_unrecruited == 0
    s = _flow_play(s, MoveLegion("board", "Epirus"), MoveLegion("board", "Macedonia"))
    assert s.players[ROSS].legions == 0
    assert sum(r[ROSS] for r in s.regions) == 7


def test_a_view_offers_no_hidden_card() -> None:
    """Asked on another seat's view, the answers name no card of the hand."""
    w = sample_world()
    w.phase = "actions"
    deal(w, MARY, "Sundial", "Groma", "Libra", "Palla")
    trade.open_window(w, MARY, "A")
    v = view.view(w.freeze(), JACK)
    assert trade.window_legal(v, v.pending[-1]) == [DONE]
    assert trade.free_actions(v, MARY) == [] and not trade.playable(v, MARY, "ABCDFSV")
    assert trade.window_legal(view.view(w.freeze(), MARY), v.pending[-1])[0] == PlayCard(
        "Sundial")


def test_a_card_that_would_do_nothing_says_so_before_it_is_played():
    """Issue 28: "Play Gladius" (place 1 Legion from your board) was offered
    with no Legion on the board, and nothing said it does nothing; the card
    is discarded all the same (L209)."""
    from engine.ageofrome.text import describe

    w = writable(position(jack={"legions": 0}))
    deal(w, JACK, "Gladius", "Pugio")
    assert trade.idle_reason(w, JACK, "Gladius") == "no Legion on your board"
    assert describe(w, PlayCard("Gladius")) == (
        "Play Gladius: no effect, no Legion on your board")
    assert describe(w, PlayCard("Pugio")) == "Play Pugio: +2 Denarii"  # its gain (stop 36)
    w.players = (w.players[0].thaw(),) + w.players[1:]
    w.players[0].legions = 2
    w.players = (w.players[0].freeze(),) + w.players[1:]
    assert describe(w, PlayCard("Gladius")) == "Play Gladius"


def test_politics_without_a_vote_names_the_card_that_recruits_one():
    """Issue 28: "Politics: nothing: no Vote left on your board" while the
    player held Toga, which recruits a Vote in the Trade window that opens
    when the Follower is placed (L224), before Politics gives its Vote."""
    from engine.ageofrome.actions import Place
    from engine.ageofrome.text import describe

    w = writable(position(jack={"votes": 0, "votes_unrecruited": 2}))
    a = Place("Politics", False)
    assert describe(w, a) == "Politics: nothing: no Vote left on your board"
    deal(w, JACK, "Toga")
    assert describe(w, a) == "Politics: no Vote on your board yet (Toga recruits one)"
    p = w.players[0].thaw()
    p.votes_unrecruited = 0
    w.players = (p.freeze(),) + w.players[1:]
    assert describe(w, a) == "Politics: nothing: no Vote left on your board"
