"""Age of Rome's action labels in a one-row list (80×24, ``-tight``): a
Legion move reads "Legion: board → Epirus" rather than "Move a Legion
from your board to Epirus", which took two rows, so fewer than six
actions were in sight (issue 28 walk-through).

``tight_label`` is ``AgeOfRomeUI.tight_label``: the action menu asks it
for every label of a one-row list and squeezes what it returns if that is
still too long (``tui.widgets.actions.squeeze``). Each shorter form keeps
the label's numbers, its price and its gain (Denarii, Glory, Feuds,
Votes, a Medal) and the reason of a greyed line; it drops words the
prompt already says ("Move a", "Build", "the Quest"). Where words do not
fit, the numbers take the side panel's letters ("13D", "+6G"). The line
under the board keeps the whole text of the highlighted action.
"""

from __future__ import annotations

import re
from collections.abc import Callable

Step = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]

# The names players know the two long characters by, for a narrow row.
SHORT_NAMES = {"Marcus Antonius": "Antonius", "Julius Caesar": "Caesar"}


# A building type's name where nothing else is left to drop.
SHORT_TYPES = {"Military": "Mil.", "Politics": "Pol.", "Religion": "Rel.", "Farming": "Farm."}


def _steps(*pairs: tuple[str, str | Callable[[re.Match[str]], str]]) -> tuple[Step, ...]:
    return tuple((re.compile(p), r) for p, r in pairs)


# Forms every label of a kind takes in a one-row list, so a kind's lines
# read alike down the list (a move of 35 columns and one of 29 alike).
ALWAYS: dict[str, tuple[Step, ...]] = {
    "legion": _steps(
        (r"^Move a Legion from your board to (\w+)", r"Legion: board → \1"),
        (r"^Move a Legion from (\w+) to (\w+)", r"Legion: \1 → \2"),
        (r"^Move (.+)'s Legion from (\w+) to (\w+)", r"\1's Legion: \2 → \3"),
        (r" — no Legion left on your board$", " — none on your board"),
        (r" — no Legion of yours in \w+$", " — none of yours there"),
        (r" — no Legion of (.+)'s there to move$", r" — none of \1's there"),
    ),
    # a greyed build reads as the live ones, its price and gain in letters,
    # then what you have: "Trade II: 8D +4G, have 3" (one form, whatever its length)
    "build": _steps((r"^Build (\w+) (I+): ", r"\1 \2: "), (r"^Build (\w+) — ", r"\1 — "),
                    (r" \(you have (\d+)\)$", r", have \1"),
                    (r"^(\w+ I+): (\d+) Denarii, \+(\d+) Glory(.*, have \d+)$",
                     r"\1: \2D +\3G\4")),
    "apostasy": _steps((r" — no Legion left on your board$", " — none on your board"),),
    "return_quest": _steps((r"^Return the Quest ", "Return "),),
    "vote": _steps((r"^The Vote at position (\d+) of the Column$", r"Vote \1 of the Column"),),
}

# Shorter forms, tried in order until the label fits: each keeps every
# number of the label and drops only words.
STEPS: tuple[Step, ...] = _steps(
    # Legion moves (a Deception names whose Legion: the prompt does too)
    (r"^(.+)'s Legion: ", r"\1's: "),
    (r"^(?:Legion|\S+'s): (.+ — )", r"\1"),  # a greyed move: the move and its reason
    (r" — none of yours there$", " — none there"),
    (r" — none of .+'s there$", " — none there"),
    (r" — none on your board$", " — none left"),
    # builds: the tile's level, price, Glory and Medal; a greyed one's reason
    (r", takes the \w+ Medal", ", +Medal"),
    (r", recruits (?:a|\d) Followers?(, have \d+)$", r"\1"),  # greyed: the detail has it
    (r", recruits a Follower", ", +Follower"),
    (r", recruits (\d) Followers", r", +\1 Followers"),
    (r" — the \w+ building of \w+ is at level III and cannot be upgraded$",
     " — at level III"),
    (r" — no level (\d) \w+ tile is left$", r" — no level \1 tile left"),
    (r" — no level (\d) tile left$", r" — no level \1 tile"),
    # placements: where the Follower goes, and what it gives
    (r" with the Bonus", "+Bonus"),
    (r" on the Column", ""),
    (r" \(only (\d+) left\)", r", only \1 left"),
    (r", a Majority", ", Majority"),
    (r"nothing: no Vote left on your board", "nothing, no Vote left"),
    (r"no Vote on your board yet \((\w+) recruits one\)", r"no Vote yet, \1 recruits"),
    (r"^Scheme space: a Scheme marker, face down; (\d+ Feuds?) to activate it later$",
     r"Scheme marker (\1 to use)"),
    (r"^Scheme space: a Scheme marker, face down \(the last round: never activated\)$",
     "Scheme marker: never activated"),
    # a Pantheon piece scores at the end, never now: "at end" stays
    (r"Pantheon (base|top): own piece (\d) of (\d), (\d+) Glory at the end",
     r"\1, own piece \2/\3, \4 Glory at end"),
    (r"Pantheon (base|top): the common piece", r"\1, common piece"),
    (r"Pantheon (base|top): the (\w+) piece, (\d+) Glory at the end", r"\2 \1, \3 Glory at end"),
    (r"nothing: your Pantheon is complete", "none, Pantheon full"),
    (r"draw (\d) Trade card", r"draw \1 card"),
    (r" — your \w+ Bonus is already used this round$", " — Bonus used"),
    (r" — your \w+ Bonus is covered by a Feud$", " — under a Feud"),
    (r" — a level \d building holds (\d+) Followers?$", r" — full (\1)"),
    (r" — all your Scheme markers are on the board$", " — no marker left"),
    (r" — the three Scheme spaces of \w+ are taken$", " — 3 spaces taken"),
    (r"^([^:—→]+): [^—→]+ — ", r"\1 — "),  # a greyed placement: its reason for its gain
    (r"^(Remove|Replace) the Legion in ", r"\1 Legion in "),
    # Income, Trade cards, Diplomacy
    (r"^(Single|Double) Income: ", r"\1: "),
    (r" \(undoes the (\d+)-Glory task\)", r", undoes \1G task"),
    (r" \(end: (\d+) Denarii = (\d+) Glory\)$", r", end \1D=\2G"),
    (r"^Sell (.+) for 1 Denarius$", r"Sell \1: 1 Denarius"),
    (r"^Form a set: ", "Set: "),
    (r"; then not ", ", shuts "),  # a card this play shuts out of the window
    (r"^Play Snake Bracelets: take ", "Play Snake B.: take "),
    (r"^Play (\w+): no effect, ", r"\1: no use, "),
    (r"no use, no (Legion|Anchor) (on your board|held)$", r"no use, no \1"),
    (r"no use, all your (Legions|Votes) recruited$", r"no use, all \1 out"),
    (r"^(\w+): no use, all (\w+) out$", r"\1: idle, all \2 out"),
    (r", only \d+ left", ""),
    (r"^Politics\+Bonus", "Pol.+Bonus"),
    (r"nothing, no Vote left$", "nothing, no Vote"),
    (r"^Offer an? (Alliance|Spy) on the (\w+) building of (\w+) with ", r"\1 \3 \2: "),
    # words last: long names, then the numbers in the side panel's letters
    ("|".join(SHORT_NAMES), lambda m: SHORT_NAMES[m.group(0)]),
    (r"(\d+) Denari(?:i|us)\b", r"\1D"),
    (r" → ", "→"),
    (r"([+-]\d+) Glory\b", r"\1G"),
    (r", (?=[+-]?\d|\+Medal|\+Follower|have )", " "),
    (r"^(\w+) (\w+): (\d+D)", r"\1 \2 \3"),
    # a level III build that takes a Medal and recruits: the detail says it whole
    (r" \+Medal \+Follower$", " +Medal +Fol."),
    (r"^(Military|Politics|Religion|Farming) (I+ \d+D)",
     lambda m: f"{SHORT_TYPES[m.group(1)]} {m.group(2)}"),
    (r", have (\d+)$", r" have \1"),
    (r" \+Medal (have \d+)$", r" \1"),  # the numbers last: the detail has the Medal
    # a Pantheon piece: its Glory stays "at end" (it is never scored now)
    (r"(\d+) Glory at end$", r"\1G at end"),
    (r"^Religion: base, own piece (\d/\d),? ", r"Religion: own base \1, "),
    (r"^Religion: top, own piece (\d/\d),? ", r"Religion: own top \1, "),
    (r"^Religion: ", "Rel.: "),
    # a Majority's Glory stays; the word shortens
    (r",? (\d) Majorities,? ", r" \1 Maj. "),
    (r",? a Majority,? ", ", Maj. "),
    (r", Majority,? ", ", Maj. "),
)


def _activation(label: str) -> list[str]:
    """A Scheme activation, "Activate your Scheme in Gaule (space 1) for 1
    Feud: Mudslinging, Crassus loses 1 Glory": its effect, where, the price
    and what it does, shorter step by step ("Mudslinging Gaule 1, 1 Feud:
    Crassus -1 Glory", "Mudslinging Gau1 1F: Crassus -1G", and the effect
    alone only where nothing else fits); [] for any other label."""
    m = _ACTIVATE.match(label)
    if m is None:
        return []
    where, space, price, effect, gain = m.groups()
    if gain is None:  # nobody faces the province
        return [f"{effect} {where} {space}, {price}", f"{effect} {where} {space}"]
    short = gain
    for pattern, repl in _GAINS:
        short = pattern.sub(repl, short)
    tiny = short
    for name, brief in SHORT_NAMES.items():
        tiny = tiny.replace(name, brief)
    letters = re.sub(r"([+-]\d+) Glory\b", r"\1G", re.sub(r"(\d+) Denari(?:i|us)\b", r"\1D", tiny))
    spot = f"{where[:3]}{space}"  # "Gau1": two spaces of one province never read alike
    fewer = letters.replace(", or yours", "")
    return [f"{effect} {where} {space}, {price}: {gain}",
            f"{effect} {where} {space}, {price}: {short}",
            f"{effect} {where} {space}, {price}: {tiny}",
            f"{effect} {spot}, {price}: {tiny}",
            f"{effect} {spot} {price[0]}F: {letters}",
            f"{effect} {spot}: {letters}",
            f"{effect} {spot}: {fewer}",
            f"{effect}: {fewer}"]


def _greyed_activation(label: str) -> list[str]:
    """A Scheme effect that cannot act now, "Activate your Scheme in Gaule
    (space 1) for 1 Feud: Degradation — Crassus's Pantheon is complete":
    the effect, where and the reason, shorter step by step ("Degradation
    Gau1 — complete"); [] for any other label."""
    m = _GREYED.match(label)
    if m is None:
        return []
    where, space, effect, why = m.groups()
    short = next((s for p, s in _SHORT_WHY if p.search(why)), why)
    spot = f"{where[:3]}{space}"
    return [f"{effect} {where} {space} — {why}", f"{effect} {spot} — {why}",
            f"{effect} {where} {space} — {short}", f"{effect} {spot} — {short}",
            f"{effect} — {short}"]


_GREYED = re.compile(r"^Activate your Scheme in (\w+) \(space (\d)\) for \d+ Feuds?: "
                     r"(.+?) — (.+)$")
# The key words of why an effect cannot act (scheme.impossible), for one row.
_SHORT_WHY = tuple((re.compile(p), s) for p, s in (
    (r"has only 1 Glory$", "1 Glory"),
    (r"Pantheon is complete$", "complete"),
    (r"(no Pantheon piece|its top has no piece) yet$", "no piece"),
    (r"no Legion in a region$", "no Legion"),
    (r"no Vote on the Column$", "no Vote"),
    (r"no Vote left on your board$", "no Vote left"),
    (r"holds no Trade card", "no card"),
    (r"your hand is full", "hand full"),
))
_ACTIVATE = re.compile(r"^Activate your Scheme in (\w+) \(space (\d)\) for (\d+ Feuds?): "
                       r"([^,]+?)(?:, (.+))?$")
_GAINS = _steps(
    (r"^(.+) loses 1 Glory$", r"\1 -1 Glory"),
    (r"^(.+) loses a Pantheon piece$", r"\1 -1 Pantheon"),
    (r"^(.+) loses a Legion in a region(, or yours replaces it)?$",
     lambda m: f"{m.group(1)} -1 Legion" + (", or yours" if m.group(2) else "")),
    (r"^you move (\d) of (.+)'s Legions?$", r"move \1 of \2's"),
    (r"^a Vote of (.+)'s becomes yours$", r"\1's Vote yours"),
    (r"^(.+) loses a Vote, you gain (\d+) Glory$", r"\1 -1 Vote, +\2 Glory"),
    (r"^(.+) discards a random card, you gain (\d+) (Denarii|Denarius)$",
     r"\1 -1 card, +\2 \3"),
    (r"^you take a random card from (.+)$", r"a card from \1"),
)


def tight_label(action: tuple, label: str, width: int) -> str:
    """The first shorter form of ``label`` that fits ``width`` columns,
    else the shortest (the menu squeezes it). A kind in ``ALWAYS`` takes
    its form whatever its length, so its lines read alike."""
    kind = action[0] if action else ""
    if kind == "activate":
        forms = _greyed_activation(label) if " — " in label else _activation(label)
        if forms:
            return next((f for f in forms if len(f) <= width), forms[-1])
    for pattern, repl in ALWAYS.get(kind, ()):
        label = pattern.sub(repl, label)
    for pattern, repl in STEPS:
        if len(label) <= width:
            break
        label = pattern.sub(repl, label)
    return label
