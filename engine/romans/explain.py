"""What a City of Rome box, the Citadel and a general do, in words, from the
rules' own data (``data.BUILDINGS``, ``CITADEL_CHART``, ``GENERAL_BONUS``,
``PIECE_COST``), so the table can say it before a senator is placed (issue
28: a player wasted a IV senator on Castra Praetoria, not knowing its
boxes). Values the rulebook does not print are the stand-ins of data.py;
each text says "(stand-in)" where its numbers are."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from engine.games import STAND_IN

from .data import (
    BUILDING,
    BUILDINGS,
    CITADEL_CHART,
    GENERAL_BONUS,
    GOD,
    GODS,
    PIECE_COST,
    RESOURCE_NAMES,
    TEMPLE_CHART,
    Box,
    Building,
    amount,
)
from .empire import legion_supply, revenue_provinces
from .state import ITALY, Player
from .text import ROMAN, benefit_text, plural

DIE = 6


def _upto(amount: int | None, word: str) -> str:
    return f"every {word}" if amount is None else f"up to {plural(amount, word)}"


def _pieces(fleets: bool) -> str:
    kinds = ("city", "fort", "wall") + (("fleet",) if fleets else ())
    return ", ".join(f"{k} {PIECE_COST[k]}" for k in kinds)


def _count(box: Box, word: str) -> str:
    return plural(box.amount or 0, word)


def _raise(box: Box) -> str:
    gold = f", and take {box.plus} gold" if box.plus else ""
    return f"raise senators by {_count(box, 'rank')} in all{gold}"


def _build(box: Box) -> str:
    no = "" if box.fleets else "; no fleets"
    return f"buy pieces with up to {box.amount} of your gold ({_pieces(box.fleets)}){no}"


def _score_provinces(box: Box) -> str:
    where = " outside Italy" if box.outside_italy else ""
    plus = f", +{box.plus}" if box.plus else ""
    return f"{_count(box, 'point')} per occupied province{where} not in unrest{plus}"


def _score_cities(box: Box) -> str:
    forts = f" and {box.per_fort} per fortification" if box.per_fort else ""
    return f"{_count(box, 'point')} per city{forts} not in unrest"


# What each kind of box does (Box.effect), in the rulebook's terms.
BOX_EFFECTS: dict[str, Callable[[Box], str]] = {
    "revenue": lambda box: (f"revenue from {_upto(box.amount, 'province')} (not in unrest; "
                            f"outside Italy, with a fleet beside), then 1 unrest in one of them"),
    "recruit": lambda box: f"recruit {_count(box, 'legion')} to the Barracks",
    "raise": _raise,
    "build": _build,
    "temple": lambda box: (f"roll the die + {box.amount}: one or two benefits of the god "
                           f"taken (one is needed)"),
    "revenue types": lambda box: (f"revenue of {_count(box, 'type')} (gold, manpower, "
                                  f"victuals, materials) as at the Basilica, no unrest placed"),
    "praetorian army": lambda box: (f"an army of up to {_count(box, 'legion')} (beyond your "
                                    f"army size), no general, attacks one province; after a "
                                    f"win spare legions remove unrest"),
    "score sets": lambda box: (f"{_count(box, 'point')} per set of manpower + victuals + "
                               f"materials (spent)"),
    "score provinces": _score_provinces,
    "score cities": _score_cities,
}


def box_effect(b: Building, box: Box) -> str:
    """What box ``box`` of building ``b`` does, in the rulebook's terms."""
    effect = BOX_EFFECTS.get(box.effect)
    return effect(box) if effect else box.effect


def box_text(building: str, number: int, god: str = "", p: Player | None = None) -> str:
    """Box ``number`` of ``building``: its effect (with its linked god, the
    IV box's, rule 7B), and what it would give player ``p`` now."""
    b = BUILDING[building]
    box = b.boxes[number - 1]
    if god and b.god == god and number != 4:
        box = b.boxes[3]
        text = f"{building} {ROMAN[number]} with {god}: box IV's {box_effect(b, box)}"
    else:
        text = f"{building} {ROMAN[number]}: {box_effect(b, box)}"
    text += " (stand-in)" if box.inferred else ""
    now = box_now(p, box) if p is not None else ""
    return text + (f"; now {now}" if now else "")


def god_chart(god: str, bonus: int | None = None) -> str:
    """A god's Temple of Jupiter chart in one line ("Mars's chart — 1:
    recruit 3 legions · 2: recruit 5 legions · …"), stand-ins marked; with
    the box's ``bonus``, the score's range and each benefit's chance of
    being reached ("5: recruit 10 legions (5 in 6)"): a benefit needs a
    score of at least its number, a pair their sum (a walker saw the chart
    and no odds; "Vesta: 1 build pieces…" read as one benefit of 1)."""
    stand_in = {b.number for b in TEMPLE_CHART if b.god == god and b.inferred}
    head = f"{god}'s chart — "
    if bonus is not None:
        head = (f"{god}'s chart, score {bonus + 1}-{bonus + DIE} (1 in {DIE} each; a "
                f"benefit needs at least its number, two their sum) — ")

    def notes(n: int) -> str:  # "(stand-in; 5 in 6)", one pair of brackets
        said = (["stand-in"] if n in stand_in else []) + \
            ([_reach(n - bonus)] if bonus is not None else [])
        return f" ({'; '.join(said)})" if said else ""

    return head + " · ".join(f"{n}: {benefit_text(god, n)}{notes(n)}" for n in range(1, 7))


def _reach(face: int) -> str:
    """The chance the die shows ``face`` or more: "sure", "5 in 6", "never"."""
    ways = min(DIE, max(0, DIE + 1 - face))
    return "sure" if ways == DIE else "never" if ways == 0 else f"{ways} in {DIE}"


def box_now(p: Player, box: Box) -> str:
    """What ``box`` gives ``p`` as the map stands: the points it scores, the
    legions it recruits, the provinces it may collect from."""
    e, n = box.effect, box.amount or 0
    good = ~p.unrest
    if e == "score provinces":
        held = p.garrison & good & (~ITALY if box.outside_italy else -1)
        return plural(n * held.bit_count() + box.plus, "point")
    if e == "score cities":
        forts = (p.forts | p.walls) & good
        return plural(n * (p.cities & good).bit_count() + box.per_fort * forts.bit_count(),
                      "point")
    if e == "score sets":
        sets = min(p.docks[:3])
        return f"up to {plural(sets, 'set')}, {plural(n * sets, 'point')}"
    if e == "recruit":
        return plural(min(n, legion_supply(p)), "legion")
    if e == "revenue":
        return f"{plural(len(revenue_provinces(p)), 'province')} to collect from"
    if e == "praetorian army":
        return f"{plural(p.barracks, 'legion')} in the Barracks"
    if e == "build":  # "up to 6 of your gold" with 2 held: what it buys is the 2
        left = max(0, p.docks[3] - box.cost[3])
        return f"{min(n, left)} gold to spend" + (", all you hold" if left < n else "")
    return ""


def citadel_chart() -> str:
    """The black die's bonus actions, face by face."""
    return ", ".join(f"{c.roll}: +{c.bonus}" for c in CITADEL_CHART)


def citadel_text(rank: int) -> str:
    """A senator of ``rank`` in the Citadel: his actions and the die's."""
    return (f"Citadel: {plural(rank, 'action')} for the rank + the black die "
            f"({citadel_chart()}; stand-in but 6); each removes 1 unrest, takes 1 gold "
            f"or (Eras 4-5) converts a city")


def win_chance(rome: int, enemy: int) -> Fraction:
    """The chance Rome's strength plus the white die is at least the
    Enemy's plus the purple die (the attacker wins ties, 5B)."""
    wins = sum(1 for w in range(1, DIE + 1) for p in range(1, DIE + 1) if rome + w >= enemy + p)
    return Fraction(wins, DIE * DIE)


def general_text(rank: int, legions: int, enemy: int | None) -> str:
    """An army's strength: legions plus the general's bonus, against the
    Native force's (``None``: face down), with the chance to win the first
    battle when both are known."""
    bonus = GENERAL_BONUS[rank]
    rome = legions + bonus
    text = (f"Rome {plural(legions, 'legion')} + general {ROMAN[rank]}'s bonus {bonus} "
            f"(rank - 1, stand-in) = {rome}")
    if enemy is None:
        return text + " against a face-down Native force (+ the dice)"
    chance = win_chance(rome, enemy)
    return f"{text} against {enemy} (+ the dice): wins the first battle {round(100 * chance)}%"


def reference() -> str:
    """The City of Rome's boxes, the Citadel and the generals in words: the
    reference section at the end of the in-app rulebook (so searching it
    finds what a box does: the registry names it, GameEntry.reference)."""
    lines = ["", "", "Tabula reference: the City of Rome (from the game's data)", "",
             "What each box does, as the table says when an action names it. "
             f"{STAND_IN} A senator placed with the building's own god "
             "(a free god taken, or the one held) may use box IV's effect from any box "
             "(7B).", ""]
    for b in BUILDINGS:
        cost = ", ".join(amount(n, RESOURCE_NAMES[i]) for i, n in enumerate(b.boxes[0].cost) if n)
        god = f"god {b.god}" + (" (stand-in)" if GOD[b.god].inferred else "") if b.god else ""
        extra = [god, "Original" if b.original else "Later",
                 "new senator" if b.new_senator else ""]
        lines.append(f"{b.name} (each box costs {cost}; {', '.join(x for x in extra if x)})")
        lines += [f"  {box_text(b.name, box.number)}" for box in b.boxes]
        lines.append("")
    lines.append("Temple of Jupiter: each god's chart (the die + the box picks the benefits):")
    lines += [f"  {god_chart(g.name)}" for g in GODS]
    lines.append("")
    lines.append(citadel_text(1).replace("1 action for the rank", "one action per rank"))
    lines.append("")
    lines.append("Generals: " + ", ".join(f"a {ROMAN[r]} general adds {GENERAL_BONUS[r]}"
                                          for r in sorted(GENERAL_BONUS))
                 + " to his army's strength (rank - 1, stand-in).")
    return "\n".join(lines) + "\n"
