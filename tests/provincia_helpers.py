"""Builders for hand-made Provincia Romana positions, for the rule tests.

New tests set positions up with the scenario builder instead
(``engine.provincia.scenario.Scenario``): it takes the cards it places out
of the game and keeps every invariant. These older helpers rewrite a
position in place and remain for the rule tests written with them.

A test starts from a real game (``g.setup``), drives it with ``g.play`` to the
phase it needs (``at``), then rewrites what it cares about with
``Record.replace`` (``position``): resources, hands, buildings, tokens, the
Bellum card, the supply. Everything after that is played through the public
API only, so the tests do not depend on the engine's private helpers.

Card data used by the tests is transcribed from the rulebook in the test
modules themselves; this module only looks names up (``cid``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable

import pytest

from engine import get_game, scenario
from engine.core import Held, IllegalAction, Options, named_options
from engine.provincia.data import (
    AEDIFICIA,
    AEDIFICIUM,
    BATTLE_ROUNDS,
    BOX_SUPPLY,
    CARD_ID,
    CARDS,
    CITIES,
    SPQR,
    TOKEN_VALUES,
    TOKENS_PER_COLOUR,
)
from engine.provincia.readings import stand_ins
from engine.provincia.scenario import bellum, quiet
from engine.provincia.state import (
    BATTLE,
    FINAL,
    PLAY,
    TOKEN_POOL,
    State,
    deck_pool,
)

G = get_game("provincia")

CLAY, WOOD, STONE, GOLD = range(4)


# ---------------------------------------------------------------- names


def cid(name: str) -> int:
    """The card id of a card kind, by its rulebook name."""
    return CARD_ID[name]


def name(card: int) -> str:
    return CARDS[card].name


def city(name_: str) -> int:
    return next(i for i, c in enumerate(CITIES) if c.name == name_)


def token(city_index: int, k: int) -> int:
    """Battle token ``k`` of a colour; k = 0 is the owner's "+1 coin" token."""
    return city_index * TOKENS_PER_COLOUR + k


def token_value(t: int) -> int:
    return TOKEN_VALUES[t % TOKENS_PER_COLOUR]


def R(clay: int = 0, wood: int = 0, stone: int = 0, gold: int = 0) -> tuple[int, int, int, int]:
    """A resource 4-tuple in the engine's order (Clay, Wood, Stone, Gold)."""
    return (clay, wood, stone, gold)


# ---------------------------------------------------------------- starting and driving


def new(n: int = 4, seed: int = 1, cities: Iterable[str] | None = None, **options) -> State:
    opts = dict(options)
    if cities is not None:
        opts["cities"] = tuple(cities)
    return G.setup(n, named_options(G.options, Options.of(opts)), seed)  # a new game


passive = quiet  # SPQR/Aedificium decks first, first card, never a card played


def drive(s: State, until: Callable[[State], bool], policy: Callable = passive,
          limit: int = 5000) -> State:
    """Play ``policy`` until ``until(s)`` holds."""
    return scenario.drive(G, s, until, policy, limit)


def at(n: int = 4, phase: int = PLAY, rnd: int = 1, seed: int = 1,
       cities: Iterable[str] | None = None, **options) -> State:
    """A real game driven quietly to the first decision of ``phase`` in round ``rnd``."""
    s = new(n, seed, cities, **options)
    s = drive(s, lambda x: (x.round, x.phase) >= (rnd, phase) or x.phase >= FINAL)
    if (s.round, s.phase) != (rnd, phase):
        raise AssertionError(f"overshot: round {s.round}, phase {s.phase}")
    return s


def at_final(n: int = 4, seed: int = 1) -> State:
    """The start of the final Play Cards turn (everyone topped up to 8 Gold
    in round 6 so that the final turn has decisions to stop at)."""
    s = at(n, PLAY, 6, seed)
    s = position(s, {p: {"gold": 8} for p in range(n)})
    s = drive(s, lambda x: x.phase >= FINAL)
    assert s.phase == FINAL
    return s






# ---------------------------------------------------------------- rewriting a position


def held(names: Iterable, seat: int) -> tuple[Held, ...]:
    """Cards for ``seat``'s hand (names or ids), known only to that seat."""
    out = []
    for n_ in names:
        c = cid(n_) if isinstance(n_, str) else n_
        deck = AEDIFICIUM if c < len(AEDIFICIA) else SPQR
        out.append(Held(c, 1 << seat, deck_pool(deck, 0)))
    return tuple(out)


def held_tokens(tokens: Iterable[int], seat: int) -> tuple[Held, ...]:
    return tuple(Held(t, 1 << seat, TOKEN_POOL) for t in tokens)


def awards(built: tuple[tuple[int, bool], ...]) -> int:
    return sum(AEDIFICIA[c].award for c, _ in built)


def player(pl, seat: int, *, res=None, clay=None, wood=None, stone=None, gold=None,
           hand=None, built=None, horreum: bool = True, spqr=None, tokens=None,
           pp=None, **fields):
    """``pl`` with the given changes.

    ``built`` lists buildings besides the Horreum (kept unless ``horreum`` is
    False): names (entering active unless the card starts inactive) or
    (name, active) pairs. PP stay equal to the ledger plus the awards of the
    buildings in play; ``pp`` sets the total (through the setup ledger entry).
    """
    ch = dict(fields)
    r = list(pl.res if res is None else res)
    for i, v in enumerate((clay, wood, stone, gold)):
        if v is not None:
            r[i] = v
    ch["res"] = tuple(r)
    if hand is not None:
        ch["hand"] = held(hand, seat)
    if tokens is not None:
        ch["tokens"] = held_tokens(tokens, seat)
    if spqr is not None:
        ch["spqr"] = tuple(cid(x) if isinstance(x, str) else x for x in spqr)
    b = pl.built
    if built is not None or not horreum:
        pairs = [(cid("Horreum"), True)] if horreum else []
        for x in built or ():
            if isinstance(x, tuple):
                pairs.append((cid(x[0]), x[1]))
            else:
                pairs.append((cid(x), not AEDIFICIA[cid(x)].inactive))
        b = tuple(pairs)
        ch["built"] = b
    ledger = list(ch.get("ledger", pl.ledger))
    if pp is not None:
        ledger[0] += pp - (sum(ledger) + awards(b))
    ch["ledger"] = tuple(ledger)
    ch["pp"] = sum(ledger) + awards(b)
    return pl.replace(**ch)


def balanced_supply(s: State) -> tuple[int, int, int, int]:
    """The box totals minus what the players hold."""
    out = list(BOX_SUPPLY)
    for pl in s.players:
        for r in range(4):
            out[r] -= pl.res[r]
    if min(out) < 0:
        raise AssertionError(f"players hold more than the box: supply would be {out}")
    return tuple(out)


def position(s: State, players: dict[int, dict] | None = None, supply=None,
             bellum_card: str | None = None, **state_fields) -> State:
    """``s`` with players rewritten (see ``player``), the supply rebalanced
    to the box totals (unless given) and, optionally, this round's Bellum card."""
    pls = list(s.players)
    for seat, ch in (players or {}).items():
        pls[seat] = player(pls[seat], seat, **ch)
    s = s.replace(players=tuple(pls), **state_fields)
    if bellum_card is not None:
        i = BATTLE_ROUNDS.index(s.round)
        old = s.bellum[i]
        card = bellum(bellum_card, stand_ins(s.options))
        s = s.replace(bellum=s.bellum[:i] + (Held(card, old.seen, old.pool),) + s.bellum[i + 1:])
    return s.replace(supply=balanced_supply(s) if supply is None else tuple(supply))


# ---------------------------------------------------------------- checking


def illegal(s: State, a: tuple, *words: str) -> str:
    """Assert that ``a`` raises IllegalAction naming ``words``, and that
    ``s`` is untouched; return the message."""
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction) as err:
        G.play(s, a)
    msg = str(err.value)
    for w in words:
        assert w.lower() in msg.lower(), f"{w!r} not in {msg!r}"
    assert s == before
    return msg


def events(s: State, kind: str) -> list[tuple]:
    return [e for e in G.events(s) if e[0] == kind]




def until_seat(s: State, seat: int, policy: Callable = passive) -> State:
    """Drive until ``seat`` is to move."""
    return drive(s, lambda x: G.to_move(x) == seat, policy)


def fight(s: State, tokens: dict[int, int], policy: Callable = passive) -> tuple[State, list]:
    """From the battle's token step, every seat plays its token from
    ``tokens``; returns the state after the battles (pending decisions
    resolved by ``policy``) and the ("battle", …) events."""
    assert s.phase == BATTLE
    out: list[tuple] = []
    while s.phase == BATTLE:
        seat = G.to_move(s)
        if not s.pending and ("token", tokens.get(seat)) in G.legal(s):
            a = ("token", tokens[seat])
        else:
            a = policy(s)
        s = G.play(s, a)
        out.extend(events(s, "battle"))
    return s, out


def deck_cards(s: State, d: int) -> list[int]:
    """The cards of draw deck ``d``, top first (whatever its representation)."""
    deck = s.decks[d]
    if hasattr(deck, "cards"):
        return list(deck.cards)
    return [h.card for h in deck]


def cards(zone) -> list[int]:
    return sorted(h.card if isinstance(h, Held) else h for h in zone)


def hand_names(pl) -> list[str]:
    return sorted(name(h.card) for h in pl.hand)


def built_names(pl) -> list[str]:
    return sorted(name(c) for c, _ in pl.built)
