"""Provincia Romana's reference section at the end of the in-app rulebook
(``GameEntry.reference``): what Opes and Bellum are, in the rulebook's own
words, then every card's text as the table shows it (``look.card_text``)
and every Bellum card with its Gauls and penalty. The walkers found "Opes"
and "Bellum" nowhere they could look them up (issue 28); the rules
screen's search now finds both, and each card by name. Values the rulebook
does not print are Tabula's stand-ins and say so.
"""

from __future__ import annotations

from textual.content import Content

from engine.games import STAND_IN
from engine.provincia.data import (
    AEDIFICIA,
    BATTLE_FALLBACK_GOLD,
    BATTLE_FALLBACK_PP,
    BATTLE_ROUNDS,
    BELLA,
    CARD_ID,
    FIRST,
    OPES_CARDS,
    SPQR_CARDS,
    TUNED,
)
from engine.provincia.text import bellum_text

from . import look

OPES_WORDS = (
    "Opes (Production): resource production cards. When you select an Opes card, you "
    "must play it immediately: you receive resources for your city. The top part, "
    "marked \"Quaestor\", shows the resources you receive if you are the player who "
    "chose the Opes deck on your turn; the bottom part, what you receive if you are "
    "not. On most cards the Quaestor share is larger.")
BELLUM_WORDS = (
    "Bellum (Battles): these cards determine the attack strength of the Gauls during "
    "each battle (rounds 2, 3, 5 and 6), as well as the penalties you must pay if you "
    "cannot defeat them. One card is drawn face down from each round's stack at the "
    "start; it is turned in that round's battle. Your strength is your Defense + "
    "Morale + Military + the battle tokens of your colour; if it is greater than or "
    "equal to the Gauls', you win. If you lose, you suffer the penalty: with two "
    "separated by a slash \"/\", pay the first if possible, else the second. If you "
    f"cannot pay any, pay {BATTLE_FALLBACK_GOLD} Gold; if you cannot pay "
    f"{BATTLE_FALLBACK_GOLD} Gold, lose {BATTLE_FALLBACK_PP} Prestige Points.")


def plain(markup_text: str) -> str:
    """A card text as one plain line (its lines become sentences)."""
    lines = Content.from_markup(markup_text).plain.split("\n")
    return " ".join(ln if ln.endswith(".") or ln is lines[-1] else f"{ln}." for ln in lines)


def _bellum_lines() -> list[str]:
    """Each stack's cards; a card of one edition only says which."""
    lines = []
    for rnd in BATTLE_ROUNDS:
        lines.append(f"Round {rnd}:")
        for b in BELLA:
            if b.round != rnd:
                continue
            only = {TUNED: " (tuned edition)", FIRST: " (first edition)"}.get(b.stand_ins, "")
            c = BELLA.index(b)
            lines.append(f"  {b.name}: Gauls {b.attack}; {bellum_text(c)}{only}")
    return lines


def text() -> str:
    """The reference section, plain text (the rules screen's search reads it)."""
    lines = ["", "", "Tabula reference: Provincia Romana's cards (from the game's data)", "",
             "Numbers the rulebook does not print (every Bellum card, the Opes cards' "
             "names and shares, the card texts of the buildings and Senate cards it "
             f"does not list) are Tabula's stand-ins. {STAND_IN}", "",
             OPES_WORDS, ""]
    lines += [plain(look.card_text(CARD_ID[o.name])) for o in OPES_CARDS]
    lines += ["", BELLUM_WORDS, "", "The Bellum cards (stand-ins), by round:"]
    lines += _bellum_lines()
    lines += ["", "Aedificium (Buildings):"]
    lines += [plain(look.card_text(c)) for c in range(len(AEDIFICIA))]
    lines += ["", "SPQR (Senate):"]
    lines += [plain(look.card_text(CARD_ID[s.name])) for s in SPQR_CARDS]
    return "\n".join(lines) + "\n"
