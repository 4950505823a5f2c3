"""Provincia Romana card facts as flat tables, computed once from the
engine's data, so the bots' inner loops index lists instead of reading
dataclasses. Nothing here is a guess about strategy; ``value.py`` is.
"""

from __future__ import annotations

from engine.provincia.build import destroy_options
from engine.provincia.data import (
    AEDIFICIA,
    BATTLE_ROUNDS,
    BELLA,
    CARDS,
    CITIES,
    OPES_IDS,
    SPQR_IDS,
)

N_AED = len(AEDIFICIA)
AWARD = [b.award for b in AEDIFICIA]
COST = [b.cost for b in AEDIFICIA]
COST_UNITS = [sum(b.cost) for b in AEDIFICIA]
KIND = [b.kind for b in AEDIFICIA]
INACTIVE = [b.inactive for b in AEDIFICIA]
UNIQUE = [b.unique for b in AEDIFICIA]
ACCESS = [b.access for b in AEDIFICIA]
PRODUCE = [b.produce for b in AEDIFICIA]
MPR = [b.morale_per_round for b in AEDIFICIA]  # Morale each Phase 5
MILITARY = [b.military for b in AEDIFICIA]
DEF_ON_PLAY = [b.defense_on_play for b in AEDIFICIA]
ON_ACTIVATE = [b.on_activate for b in AEDIFICIA]
ACT_MORALE = [b.activate_morale for b in AEDIFICIA]
ACT_DEFENSE = [b.activate_defense for b in AEDIFICIA]
DISCOUNT = [b.discount for b in AEDIFICIA]
STORAGE = [b.storage for b in AEDIFICIA]
CITY_ACCESS = [c.access for c in CITIES]
BUILDING_KINDS = ("production", "defense", "morale", "prestige")
DESTROY_KINDS = [tuple(k for k in BUILDING_KINDS if destroy_options(((c, True),), k))
                 for c in range(len(AEDIFICIA))]
"""Which Bellum "destroy a building of this kind" penalties may take each
building, asked of the rules themselves (a Prestige building is any worth
3+ PP, whatever its icon)."""
CITY_SPECIAL = [c.special for c in CITIES]

SPQR_EFFECT = {i: CARDS[i].effect for i in SPQR_IDS}
SPQR_VALUE = {i: CARDS[i].value for i in SPQR_IDS}
SPQR_COST = {i: CARDS[i].cost for i in SPQR_IDS}
OPES_QUAESTOR = {i: CARDS[i].quaestor for i in OPES_IDS}
OPES_OTHERS = {i: CARDS[i].others for i in OPES_IDS}


def card_id(name: str) -> int:
    return next(i for i, c in enumerate(CARDS) if c.name == name)


HORREUM = card_id("Horreum")
CARCHESIUM = card_id("Carchesium")
ARCHITECTUS = card_id("Architectus")
CORRUPTIO = card_id("Corruptio")
AEDILES = card_id("Aediles")

# ---------------------------------------------------------------- the Gauls
# Each battle round draws one Bellum at random from its own stack, face down
# until the battle: what anyone knows beforehand is the stack.
BELLA_ATTACK = [b.attack for b in BELLA]
STACK = {r: tuple(i for i, b in enumerate(BELLA) if b.round == r) for r in BATTLE_ROUNDS}

# The strength a city shows from the battle tokens of its colour is unknown
# when planning (tokens are mixed): a small spread around zero, since each
# colour's five tokens sum to +1 and most are kept for other battles.
TOKEN_SPREAD = ((-2, 0.07), (-1, 0.18), (0, 0.45), (1, 0.20), (2, 0.10))

LO, HI = -20, 30  # strengths outside this range are clamped


def _lose_given(attack: int) -> list[float]:
    """P(lose) by base strength (index s - LO) against a known attack."""
    return [sum(p for d, p in TOKEN_SPREAD if s + d < attack) for s in range(LO, HI + 1)]


LOSE_VS = {a: _lose_given(a) for a in range(0, 12)}


def lose_chance(strength: int, attack: int) -> float:
    """P(a city of this strength, before tokens, loses to ``attack``)."""
    i = min(max(strength, LO), HI) - LO
    return LOSE_VS[attack][i]
