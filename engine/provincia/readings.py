"""Readings of the rulebook a table may choose: each is a game option.

Where players can reasonably read a rule two ways, the engine follows one
(docs/RULES-NOTES.md says which and why, with the rulebook lines) and offers
the other as an option, so the new-game screen and ``--option`` show it. The
defaults are the readings saves were written with: a save holds only the
options given, and changing a default would change the games it replays.
"""

from __future__ import annotations

from engine.core import Held, Option, Options, find_copy

from .data import AEDIFICIA, CARD_ID, FINITE_GOLD_DEFAULT, FIRST, TUNED

PRESTIGE_BY_ICON = "prestige_icon"
OR_IS_CHOICE = "or_choice"
STRATA_UNIQUE = "strata_unique"
RESHUFFLE_AT_ONCE = "reshuffle_at_once"
INCOME_EACH_TURN = "income_each_turn"
STAND_INS = "edition"

OPTIONS: tuple[Option, ...] = (
    Option("finite_gold", "Finite gold", "bool", FINITE_GOLD_DEFAULT,
           "the 53 gold coins are a hard limit", absent=True),
    Option(STAND_INS, "Edition", "choice", TUNED,
           "tuned: rebalanced; first: original", choices=(TUNED, FIRST), absent=FIRST),
    Option(PRESTIGE_BY_ICON, "Prestige = icon", "bool", False,
           "a Prestige penalty takes that icon only"),
    Option(OR_IS_CHOICE, "'or' is a choice", "bool", False,
           "Bellum 'A or B': the loser chooses"),
    Option(STRATA_UNIQUE, "Strata unique", "bool", False,
           "only one Strata per city"),
    Option(RESHUFFLE_AT_ONCE, "Reshuffle at once", "bool", False,
           "an empty deck reshuffles at once"),
    Option(INCOME_EACH_TURN, "Income in turn", "bool", False,
           "Phase 5 income in each player's turn"),
)
"""Provincia's rule options after the cities, in the order the screen shows them.
Each help fits the new-game form's line (35 columns): ``edition``'s tuned
stand-ins are the 5-6 player setups and two Bellum cards balanced by
self-play (docs/RULES-NOTES.md), first those Tabula first shipped."""

STRATA = CARD_ID["Strata"]


BY_KEY = {o.key: o for o in OPTIONS}


def chosen(options: Options, key: str) -> bool:
    return bool(BY_KEY[key].value(options))


def stand_ins(options: Options) -> str:
    """The edition a game is played by (option ``edition``: data.TUNED or
    FIRST): its set of stand-in data and the rules revisions below."""
    return str(BY_KEY[STAND_INS].value(options))


def take_copy(options: Options, zone: tuple[Held, ...], card: int) -> int:
    """Where in ``zone`` the named ``card`` is taken from. The tuned edition
    takes the copy most seats have seen (``find_copy``: taking it tells
    nobody more than the action does); the first edition took the first
    copy, and its games replay so."""
    if stand_ins(options) == FIRST:
        return next(i for i, h in enumerate(zone) if h.card == card)
    return find_copy(zone, card)


def is_unique(options: Options, card: int) -> bool:
    """Whether a city may hold only one copy of building ``card``."""
    if card == STRATA and chosen(options, STRATA_UNIQUE):
        return True
    return AEDIFICIA[card].unique


def is_of_kind(options: Options, card: int, kind: str) -> bool:
    """Whether a penalty naming buildings of ``kind`` may take ``card``.
    "Prestige" is any building worth 3+ PP (L195) unless the table reads it
    as the Prestige icon (L395)."""
    b = AEDIFICIA[card]
    if b.kind == kind:
        return True
    return kind == "prestige" and b.award >= 3 and not chosen(options, PRESTIGE_BY_ICON)
