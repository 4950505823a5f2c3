"""Setting up the game exactly as the rulebook's "Setting Up the Game"."""

from __future__ import annotations

from engine.core import Held, IllegalAction, Options, Rng

from .data import (
    AEDIFICIUM,
    AEDIFICIUM_REMOVED,
    BATTLE_ROUNDS,
    BELLA,
    BOX_SUPPLY,
    CITIES,
    COIN_TOKEN,
    HORREUM,
    MARKERS_PER_DECK,
    OPES,
    SETUP_ROWS,
    SPQR,
    START_DEFENSE,
    START_GOLD,
    START_MORALE,
    TOKENS_PER_COLOUR,
    bellum_ids,
    full_deck,
    setup_rows,
)
from .decks import new_deck
from .events import RoundBegins
from .readings import stand_ins
from .state import BELLUM_POOL, L_SETUP, LEDGER, SELECT, TOKEN_POOL, Player, State, deck_pool


def city_choice(players: int, options: Options) -> tuple[int, ...]:
    """Cities by seat: the ``cities`` option (names or indexes) or the first N."""
    chosen = options.get("cities")
    if chosen is None:
        return tuple(range(players))
    names = [c.name.lower() for c in CITIES]
    out = []
    for c in chosen:
        if isinstance(c, int) and 0 <= c < len(CITIES):
            out.append(c)
        elif isinstance(c, str) and c.lower() in names:
            out.append(names.index(c.lower()))
        else:
            raise IllegalAction(f"unknown city {c!r}; the cities are "
                                + ", ".join(x.name for x in CITIES))
    if len(out) != players or len(set(out)) != players:
        raise IllegalAction(f"choose {players} different cities, one per seat")
    return tuple(out)


def setup(players: int, options: Options, seed: int) -> State:
    if players not in SETUP_ROWS:
        raise IllegalAction(f"Provincia Romana is for 2 to 6 players, not {players}")
    cities = city_choice(players, options)
    edition = stand_ins(options or Options())
    rows = setup_rows(players, edition)
    rng = Rng(seed)
    decks = []
    for d in (OPES, SPQR, AEDIFICIUM):
        cards, rng = rng.shuffle(full_deck(d))
        decks.append(cards)
    box = decks[AEDIFICIUM][:AEDIFICIUM_REMOVED]
    decks[AEDIFICIUM] = decks[AEDIFICIUM][AEDIFICIUM_REMOVED:]

    bellum, bellum_box = [], []
    for rnd in BATTLE_ROUNDS:
        stack = [i for i in bellum_ids(edition) if BELLA[i].round == rnd]
        stack_sh, rng = rng.shuffle(stack)
        bellum.append(Held(stack_sh[0], 0, BELLUM_POOL + rnd))
        bellum_box.extend(stack_sh[1:])

    # Battle tokens: each seat's own "+1 coin" openly, then 4 random from the mixed rest.
    others = [c * TOKENS_PER_COLOUR + k for c in cities for k in range(TOKENS_PER_COLOUR)
              if k != COIN_TOKEN]
    mixed, rng = rng.shuffle(others)

    supply = list(BOX_SUPPLY)
    plist = []
    aed = decks[AEDIFICIUM]
    for seat in range(players):
        pp, stone, wood, clay = rows[seat]
        got = (clay, wood, stone, START_GOLD)
        for r in range(4):
            supply[r] -= got[r]
        hand = (Held(aed[0], 1 << seat, deck_pool(AEDIFICIUM, 0)),)
        aed = aed[1:]
        coin = Held(cities[seat] * TOKENS_PER_COLOUR + COIN_TOKEN, 1 << seat, TOKEN_POOL)
        dealt = tuple(Held(t, 1 << seat, TOKEN_POOL) for t in mixed[seat * 4:seat * 4 + 4])
        ledger = [0] * len(LEDGER)
        ledger[L_SETUP] = pp
        plist.append(Player(
            city=cities[seat], res=got, morale=START_MORALE, defense=START_DEFENSE,
            pp=pp, ledger=tuple(ledger), built=((HORREUM, True),), spqr=(),
            concussio=False, praetor=False, hand=hand, tokens=(coin,) + dealt,
        ))
    decks[AEDIFICIUM] = aed

    return State(
        n=players, options=options, rng=rng, round=1, phase=SELECT, caesar=0,
        players=tuple(plist), supply=tuple(supply),
        decks=tuple(new_deck(c, deck_pool(d, 0)) for d, c in enumerate(decks)),
        discards=((), (), ()), epochs=(0, 0, 0), markers=(MARKERS_PER_DECK,) * 3,
        box=box, bellum=tuple(bellum), bellum_box=tuple(bellum_box),
        step="start", queue=(), draft=None, pending=(), committed=(None,) * players, revealed=(),
        battle=(), commerce=False, events=(RoundBegins(1),), history=(), viewer=-1, unseen=(),
    )
