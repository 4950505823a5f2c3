"""How Age of Rome looks in text: seat colours and letters, the building
types' letters, levels, the Feud track, the Pantheon, cards and Quests.

Everything here is the game's own text (names from engine data); players'
names only ever join it as template values (``tui.widgets.untrusted``).
Every colour comes with a letter, so 16 colours (or none) still read: the
seats are O B Y G (orange, blue, yellow, green: no seat letter is also a
building type's letter M P T R F).
"""

from __future__ import annotations

from typing import Any

from engine.ageofrome import board, data, reference
from engine.ageofrome.state import coins
from engine.core import HIDDEN
from engine.match import Seat
from tui.widgets.seats import SeatLook

# The table's own colours (theme variables start with the game id).
VARIABLES = {
    "ageofrome-gold": "#ffd75f",
    "ageofrome-defeated": "#ff5f5f",
    "ageofrome-turn": "#c0c0c0",  # grey: never a seat's colour beside a seat letter
}

COLOURS = ("orange", "blue", "yellow", "green")  # seat order; the letters below
LETTERS = ("O", "B", "Y", "G")
TYPE_LETTER = ("M", "P", "T", "R", "F")  # Military Politics Trade Religion Farming
ROMAN = ("·", "I", "II", "III")
TRADE_LETTER = {data.TOOLS: "T", data.WEAPONS: "W", data.CLOTHES: "C", data.JEWELS: "J",
                data.CHEST: "*"}
COMMON_LETTER = {data.GOLD: "g", data.SILVER: "s", data.BRONZE: "b", "": ""}
SHORT_PROVINCE = {"Italia": "Ita", "Gaule": "Gau", "Hispania": "His", "Africa": "Afr"}
SHORT_REGION = {"Epirus": "Epi", "Macedonia": "Mac", "Thrace": "Thr"}

LEGEND = ("Provinces: M P T R F building types with level I-III; under each its "
          "Followers (seat letters; lower case: placed with the Bonus marker; · a free "
          "place); S: the three Scheme spaces (owner letter, * activated); ▸ the seat "
          "facing the province now, → the one facing it after this round's turn; "
          "★ the First Player marker. Column: Votes bottom → top. Regions: Legions per "
          "seat against the shield; ✓ defeated. Feud track: M P T bonus, · none, x covered "
          "by a Feud, lower case: used this round. Pantheon b2/2g: base 2 of 2 own pieces "
          "and a gold one (s silver, b bronze).")

CONDITION_CODES = ("S you activate a Scheme, V one is activated on your province, B you "
                   "build, A you place a Follower anywhere, C on the Colosseum, F on a "
                   "Farming building, D you take double Income")


def colour_of(seat: int) -> str:
    return COLOURS[seat % len(COLOURS)]


def letter_of(seat: int) -> str:
    return LETTERS[seat % len(LETTERS)]


def seat_name(s: Any, seat: int) -> str:
    """The character a seat plays (L51)."""
    return data.CHARACTERS[s.players[seat].character].name


def looks(state: Any, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]:
    return tuple(SeatLook(seat=i, name=seat.name, label=seat_name(state, i),
                          colour=colour_of(i), letter=letter_of(i), kind=seat.kind,
                          strength=seat.strength)
                 for i, seat in enumerate(seats))


def badge(seat: int) -> str:
    """The seat's letter, reversed in its colour."""
    return f"[reverse b $seat-{colour_of(seat)}] {letter_of(seat)} [/]"


def letter(seat: int | None, text: str | None = None) -> str:
    """The seat's letter (or ``text``: our own, never a player's) in its colour;
    a dim dash for nobody."""
    if seat is None:
        return "[dim]-[/]"
    return f"[b $seat-{colour_of(seat)}]{text if text is not None else letter_of(seat)}[/]"


def feud_track(p: Any) -> list[tuple[str, str]]:
    """The Feud track's five spaces as (text, style): the bonus letter (M P T),
    ``·`` a plain space, ``x`` a space a Feud covers (the rightmost ones, L56,
    L122); a bonus used this round is lower case."""
    track = data.CHARACTERS[p.character].track
    open_ = data.FEUD_TRACK_SPACES - p.feuds
    out = []
    for k, bonus in enumerate(track):
        if k >= open_:
            out.append(("x", "dim"))
        elif bonus == data.PLAIN:
            out.append(("·", "dim"))
        else:
            t = board.BUILDING_TYPES.index(bonus)
            used = bool(p.bonus_used >> t & 1)
            out.append((TYPE_LETTER[t].lower() if used else TYPE_LETTER[t],
                        "dim" if used else "b"))
    return out


def feud_plain(p: Any) -> str:
    return "".join(t for t, _ in feud_track(p))


def pantheon(p: Any) -> str:
    """``b2/2g t1/3``: own pieces on the base and the top, and the common piece
    finishing each (g s b)."""
    base = data.PANTHEON_LEVEL["base"].own
    top = data.PANTHEON_LEVEL["top"].own
    return (f"b{p.base_own}/{base}{COMMON_LETTER.get(p.base_common, '')} "
            f"t{p.top_own}/{top}{COMMON_LETTER.get(p.top_common, '')}")


def medals(bits: int) -> str:
    """The types whose Medal ``bits`` holds, as letters ("" none)."""
    return "".join(TYPE_LETTER[t] for t in range(len(TYPE_LETTER)) if bits >> t & 1)


def card_name(card: int) -> str:
    return "?" if card == HIDDEN else data.TRADE_CARDS[card].name


def card_short(card: int) -> str:
    """A Trade card with its type letter and condition code: ``Sundial T/A``."""
    if card == HIDDEN:
        return "?"
    c = data.TRADE_CARDS[card]
    return f"{c.name} {TRADE_LETTER[c.type]}/{c.condition}"


def card_line(card: int) -> str:
    """A Trade card with its type letter and its full text: ``Pugio W/S:
    when you activate a Scheme: gain 2 Denarii``."""
    if card == HIDDEN:
        return "?"
    return f"{card_short(card)}: {reference.card_rule(data.TRADE_CARDS[card])}"


def quest_line(card: int) -> str:
    """A Quest with what it pays: ``Ascetic: 3 Glory if you have the fewest Denarii…``."""
    return "?" if card == HIDDEN else reference.quest_text(card)


def quest_name(card: int) -> str:
    return "?" if card == HIDDEN else data.QUESTS[card].name


def set_letter(cards: tuple[int, ...]) -> str:
    """The type a formed set scores as (the first card that is not a Chest)."""
    for c in cards:
        if c != HIDDEN and data.TRADE_CARDS[c].type != data.CHEST:
            return TRADE_LETTER[data.TRADE_CARDS[c].type]
    return "*"


def direction_arrow(direction: str) -> str:
    return "↻" if direction == board.CW else "↺"


def event_text(event: int, solo: bool = False, short: bool = False) -> str:
    """The face-up Event in a few words: who gains what, and the turn. In
    the Emperor Solo no one is measured: the Event gives one Denarius per
    Follower (L376), so its card's reward is not the Solo's; ``short``
    (80×24, where the seven tasks need four rows under it) the Solo's Event
    keeps one row, its name and turn: the reward, the same every round, is
    paid and logged when the Event is revealed."""
    if event < 0:
        return "no Event yet"
    e = data.EVENTS[event]
    turn = f"{direction_arrow(e.direction)}×{e.arrows}"
    if solo and short:
        return f"{e.name}: {turn}"
    if solo:
        each = data.SOLO_EVENT_DENARII_PER_FOLLOWER
        return f"{e.name}: +{coins(each)} per Follower (Solo); {turn}"
    who = "most" if e.most else "least"
    reward = ", ".join(f"{'+' if r.amount > 0 else ''}{r.amount} {r.kind}" for r in e.reward)
    return f"{e.name}: {who} {e.measure} → {reward}; {turn}"
