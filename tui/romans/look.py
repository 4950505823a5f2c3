"""How The Romans looks in text: seat colours and letters, place tags, the
markers of a province or sea on one player's map.

Everything here is the game's own text (names from engine data); players'
names only ever join it as template values (``tui.widgets.untrusted``).
Every colour comes with a letter, so 16 colours (or none) still read.
"""

from __future__ import annotations

from engine.core import HIDDEN
from engine.match import Seat
from engine.romans.data import NATIVE_FORCES, RESOURCE_NAMES, TRIUMPHS, amount
from engine.romans.state import NP, PLACES, REGION_MASK, REMOTE, Horde, State, bits, board
from engine.romans.text import COLOURS, ROMAN, native_text, plural, seat_name
from tui.widgets.seats import SeatLook

# The table's own colours (theme variables start with the game id).
VARIABLES = {
    "romans-sea": "#5f87d7",
    "romans-native": "#af875f",
    "romans-enemy": "#ff5f5f",
    "romans-unrest": "#ffaf00",
}

TAGS = {
    "Latium": "Lat", "Etruria": "Etr", "Venetia": "Ven", "Campania": "Cam",
    "Apulia": "Apu", "Hispania": "His", "Gallia": "Gal", "Mauritania": "Mau",
    "Aegyptus": "Aeg", "Illyricum": "Ill", "Macedonia": "Mac", "Asia": "Asi",
    "Syria": "Syr", "Britannia": "Bri", "Germania": "Ger", "Mesopotamia": "Mes",
    "Oceanus Atlanticus": "Atl", "Mediterraneum Occidentis": "Occ",
    "Mare Adriaticum": "Adr", "Mediterraneum Orientis": "Ori", "Pontus Euxinus": "Pon",
}
TAG: tuple[str, ...] = tuple(TAGS[p] for p in PLACES)
RES_LETTER = ("m", "v", "t", "g")  # manpower, victuals, materials (timber), gold

LEGEND = ("L legion garrison · c city (C Christian) · F fort, W wall · ! unrest · "
          "N? face-down native force (N4: its strength) · T triumph · w warband · "
          "A5 your army (legions) · E3 the Enemy army (warbands; E3× fighting) · * Glory · "
          "seas: f1 fleet 1 ready, f1^ used · e Enemy fleet · ─ border, <> ↕ arrow link")


ENEMY_GLORY_LEGEND = " (◆ The Enemy's)"  # solo only
SHORT_LEGEND = ("L legion · c/C city/Christian · F/W fort/wall · ! unrest · N? native · "
                "T triumph · w warband · A army · E Enemy army (× fighting), ① ② its route, ◎ its "
                "target · * Glory" + ENEMY_GLORY_LEGEND + " · Bri3 remote, attacks with 3 · "
                "f1 fleet (^ used) · e Enemy fleet · "
                "Tab, arrows, Enter: pick a place · ? all keys")


def colour_of(seat: int) -> str:
    """The SEAT_COLOURS key of a seat (the rulebook's colours; solo Rome is red)."""
    return COLOURS[seat].lower()


def looks(state: State, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]:
    return tuple(SeatLook(seat=i, name=seat.name, label=seat_name(state, i),
                          colour=colour_of(i), letter=COLOURS[i][0], kind=seat.kind,
                          strength=seat.strength)
                 for i, seat in enumerate(seats))


def badge(look: SeatLook) -> str:
    """The seat's letter, reversed in its colour."""
    return f"[reverse b $seat-{look.colour}] {look.letter} [/]"


def letter(look: SeatLook) -> str:
    return f"[b $seat-{look.colour}]{look.letter}[/]"


def native_short(card: int) -> str:
    return "N?" if card == HIDDEN else f"N{NATIVE_FORCES[card].strength}"


def triumph_short(card: int) -> str:
    if card == HIDDEN:
        return "?"
    t = TRIUMPHS[card]
    return f"{t.points}" + "".join(a[0].upper() for a in t.arts)


def docks(res: tuple[int, ...]) -> str:
    return " ".join(f"{RES_LETTER[i]}{n}" for i, n in enumerate(res))


def docks_long(res: tuple[int, ...]) -> str:
    """The Docks in words, what is held only ("2 manpower, 12 gold"), so it
    fits the wide panel's line; "empty" with nothing."""
    return ", ".join(amount(n, RESOURCE_NAMES[i]) for i, n in enumerate(res) if n) or "empty"


def ranks(rs: tuple[int, ...]) -> str:
    return " ".join(ROMAN[r] for r in rs) or "none"


def remote_slot(i: int) -> int:
    """The index of province ``i`` among the remote provinces (-1: not remote)."""
    return REMOTE.index(i) if i in REMOTE else -1


def province_markers(s: State, seat: int, i: int) -> list[tuple[str, str]]:
    """(text, style) pieces of province ``i`` on ``seat``'s map, most
    important first: armies, then what holds the province."""
    p = s.players[seat]
    bit = 1 << i
    own = f"$seat-{colour_of(seat)}"
    out: list[tuple[str, str]] = []
    if p.army is not None and p.army.place == i:
        out.append((f"A{p.army.legions}", f"b reverse {own}"))
    if p.horde is not None and p.horde.place == i:
        out.append(horde_marker(p.horde))
    if p.garrison & bit:
        out.append(("L", f"b {own}"))
        if p.cities & bit:
            out.append(("C" if p.christian & bit else "c", f"b {own}"))
        if p.walls & bit:
            out.append(("W", f"b {own}"))
        elif p.forts & bit:
            out.append(("F", f"b {own}"))
    elif p.warbands & bit:
        out.append(("w", "b $romans-enemy"))
    held = p.natives[i]
    if held is not None:
        out.append((native_short(held.card), "$romans-native"))
    if p.unrest & bit:
        out.append(("!", "b reverse $romans-unrest"))
    r = remote_slot(i)
    if r >= 0 and p.remote_triumphs[r]:
        n = len(p.remote_triumphs[r])
        out.append(("T" if n == 1 else f"T{n}", "b $warning"))
    if not out:
        out.append(("·", "dim"))
    return out


def sea_markers(s: State, seat: int, sea: int) -> list[tuple[str, str]]:
    p = s.players[seat]
    own = f"$seat-{colour_of(seat)}"
    out: list[tuple[str, str]] = []
    if p.horde is not None and p.horde.place == sea:  # crossing with its fleet
        out.append(horde_marker(p.horde))
    for k, where in enumerate(p.fleets):
        if where == sea:
            up = bool(p.fleets_up >> k & 1)
            out.append((f"f{k + 1}^" if up else f"f{k + 1}", f"{own}" if up else f"b {own}"))
    if p.enemy_fleet == sea or (p.horde is not None and p.horde.fleet == sea):
        out.append(("e", "b $romans-enemy"))
    if not out:
        out.append(("≈", "$romans-sea"))
    return out


def place_text(s: State, seat: int, i: int) -> str:
    """Everything on place ``i`` of ``seat``'s map, in words (plain text)."""
    p = s.players[seat]
    b = board(p)
    name = PLACES[i]
    bit = 1 << i
    if i >= NP:
        fleets = [f"fleet {k + 1} ({'used, dice icon up' if p.fleets_up >> k & 1 else 'ready'})"
                  for k, where in enumerate(p.fleets) if where == i]
        if p.enemy_fleet == i:
            fleets.append("an Enemy fleet")
        if p.horde is not None and p.horde.place == i:
            fleets.append("the Enemy army: " + horde_text(p.horde, where=False))
        coasts = [TAG[j] for j in range(NP) if b.adj[i] >> j & 1]
        seas = [TAG[j] for j in range(NP, len(PLACES)) if b.adj[i] >> j & 1]
        what = ", ".join(fleets) or "empty"
        return f"{name}: {what} · coasts {' '.join(coasts)} · seas {' '.join(seas)}"
    parts = []
    if p.army is not None and p.army.place == i:
        a = p.army
        general = f"general {ROMAN[a.rank]}" if a.rank else "no general"
        parts.append(f"your army: {plural(a.legions, 'legion')}, {general}"
                     + (f", Rome {a.rome} vs {a.enemy}" if a.enemy else ""))
    if p.horde is not None and p.horde.place == i:
        parts.append("the Enemy army: " + horde_text(p.horde, where=False))
    if p.garrison & bit:
        held = ["legion"]
        if p.cities & bit:
            held.append("Christian city" if p.christian & bit else "city")
        if p.walls & bit:
            held.append("wall")
        elif p.forts & bit:
            held.append("fort")
        parts.append("Roman: " + ", ".join(held))
    if p.warbands & bit:
        parts.append("Enemy warband")
    if p.natives[i] is not None:
        parts.append(native_text(p.natives[i].card))
    if p.unrest & bit:
        parts.append("in unrest")
    r = remote_slot(i)
    if r >= 0:
        tri = p.remote_triumphs[r]
        shown = " ".join(triumph_short(h.card) for h in tri)
        parts.append(f"remote (attack {b.remote[i]})" + (f", triumphs {shown}" if tri else ""))
    symbol = RESOURCE_NAMES[b.symbol[i]]
    links = [TAG[j] for j in range(len(PLACES)) if b.adj[i] >> j & 1]
    region = region_text(p, i)
    return (f"{name} ({symbol}): {'; '.join(parts) or 'empty'} · next to {' '.join(links)}"
            + (f" · {region}" if region else ""))


def region_text(p, i: int) -> str:
    """Province ``i``'s region partner and what the pair holds (7E: one city
    and one fortification a region); "" for a region of one province."""
    others = bits(REGION_MASK[i] & ~(1 << i))
    if not others:
        return ""
    region = REGION_MASK[i]
    held = []
    for mask, word in ((p.cities, "city"), (p.forts | p.walls, "fortification")):
        where = [PLACES[j] for j in bits(mask & region)]
        if where:
            held.append(f"{word} in {where[0]}")
    return (f"region with {' '.join(PLACES[j] for j in others)}: one Roman city and one "
            f"fortification between them ({', '.join(held) or 'none yet'})")


def horde_marker(h: Horde) -> tuple[str, str]:
    """The Enemy army on its place: ``E4`` (its warbands), ``E4×`` while it
    fights there."""
    return f"E{h.warbands}{'×' if h.fighting else ''}", "b reverse $romans-enemy"


def horde_text(h: Horde, where: bool = True) -> str:
    """The Enemy army in words, as `?` describes it: "4 warbands and a
    general (+1) in Gallia, marching on Etruria via Venetia", or what it
    fights ("attacking Venetia, 5 against Rome's 3 before the dice").
    Everything in it is public (the horde is on the table)."""
    general = f" and a general (+{h.general})" if h.general else ""
    text = f"{plural(h.warbands, 'warband')}{general}"
    if h.fighting:
        return (f"{text} attacking {PLACES[h.place]}: {h.enemy} against Rome's {h.rome} "
                "before the dice")
    text += f" in {PLACES[h.place]}" if where else ""
    if h.target < 0:
        return f"{text}, target not chosen yet"
    text += f", marching on {PLACES[h.target]}"
    if not h.route:
        return text  # its route is being chosen (the actions say so)
    if h.route[-1] == h.target:
        via = h.route[:-1]
        return text + (f" via {', '.join(PLACES[j] for j in via)}" if via else "")
    way = ", ".join(PLACES[j] for j in h.route)
    return f"{text}, first to {way}, where it must stop and attack"
