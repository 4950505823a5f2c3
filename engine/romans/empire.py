"""What is on a player's Empire map, and the small changes every rule makes
to it: points on the Score track, unrest, pieces built, Glory earned, the
gods' condition and revenue. Everything here works on a writable state."""

from __future__ import annotations

from engine.core import ALL_SEATS, Held

from .data import (
    CITADEL_CONVERT_ERAS,
    GLORY_CHART,
    GLORY_CITY_BONUS,
    GOD,
    GODS,
    LEGIONS_PER_PLAYER,
    NATIVE_FORCES,
    REVENUE_GOLD,
    REVENUE_RESOURCE,
    SCORE_FLOOR,
    SUPPLY,
)
from .events import (
    CityConverted,
    FightBegins,
    GloryDenied,
    GodReturned,
    GodTaken,
    PieceBuilt,
    RevenueCollected,
    ScoreMoved,
    UnrestPlaced,
    UnrestRemoved,
)
from .state import (
    INDEX,
    ITALY,
    NO_FLEET,
    NP,
    PLACES,
    REGION_MASK,
    Player,
    State,
    bits,
    board,
    mine,
)

CITY_SUPPLY = SUPPLY["cities"].count
FORT_SUPPLY = SUPPLY["fortifications"].count
UNREST_SUPPLY = SUPPLY["unrest"].count
PIECES = ("city", "fort", "wall", "fleet")


# ---------------------------------------------------------------- the score track
def score(w: State, seat: int, points: int, why: str) -> None:
    """Move ``seat``'s marker by ``points`` (never below 1: R19); the marker
    arrives last on its space, so it is uppermost there (4C)."""
    if points == 0:
        return
    p = mine(w, seat)
    new = max(SCORE_FLOOR, p.score + points)
    if new == p.score:
        return
    w.events.append(ScoreMoved(seat, new - p.score, why))
    p.score = new
    p.stamp = w.clock
    w.clock += 1


def turn_order(w: State) -> tuple[int, ...]:
    """Fewest points first; on a tie the uppermost marker (latest arrival) first."""
    return tuple(sorted(range(w.n), key=lambda i: (w.players[i].score, -w.players[i].stamp)))


# ---------------------------------------------------------------- supplies
def cities_out(s: State) -> int:
    return sum(p.cities.bit_count() + p.waiting.count("city") for p in s.players)


def forts_out(s: State) -> int:
    return sum((p.forts | p.walls).bit_count() + p.waiting.count("fort") + p.waiting.count("wall")
               for p in s.players)


def unrest_out(s: State) -> int:
    return sum(p.unrest.bit_count() for p in s.players)


def legion_supply(p: Player) -> int:
    return LEGIONS_PER_PLAYER - p.legions_out


# ---------------------------------------------------------------- unrest and gods
def add_unrest(w: State, seat: int, province: int) -> None:
    """Unrest in ``province`` (if the supply has any). Unrest in Italy sends
    the seat's god back (7B)."""
    p = w.players[seat]
    if p.unrest >> province & 1 or unrest_out(w) >= UNREST_SUPPLY:
        return
    p = mine(w, seat)
    p.unrest |= 1 << province
    w.events.append(UnrestPlaced(seat, province))
    if ITALY >> province & 1 and seat in w.gods:
        g = w.gods.index(seat)
        w.gods = tuple(-1 if holder == seat else holder for holder in w.gods)
        w.god_uses = w.god_uses[:g] + (0,) + w.god_uses[g + 1:]
        w.events.append(GodReturned(seat, GODS[g].name))


def remove_unrest(w: State, seat: int, province: int) -> None:
    p = mine(w, seat)
    if p.unrest >> province & 1:
        p.unrest &= ~(1 << province)
        w.events.append(UnrestRemoved(seat, province))


def god_allowed(p: Player) -> bool:
    """7B: all five Italian provinces occupied and none in unrest."""
    return p.garrison & ITALY == ITALY and not p.unrest & ITALY


def god_of(w: State, seat: int) -> str:
    """The god ``seat`` holds this Era ("" none)."""
    for g, holder in zip(GODS, w.gods, strict=True):
        if holder == seat:
            return g.name
    return ""


def gods_open(w: State, seat: int) -> list[str]:
    """The gods ``seat`` may use now: the one it holds, else any free one it
    may take (one per Era, never from another player)."""
    held = god_of(w, seat)
    if held:
        return [held]
    if w.gods_taken >> seat & 1 or not god_allowed(w.players[seat]):
        return []
    return [g.name for g, holder in zip(GODS, w.gods, strict=True) if holder < 0]


def take_god(w: State, seat: int, god: str) -> None:
    g = next(i for i, x in enumerate(GODS) if x.name == god)
    if w.gods[g] != seat:
        w.gods = w.gods[:g] + (seat,) + w.gods[g + 1:]
        w.gods_taken |= 1 << seat
        w.events.append(GodTaken(seat, god))


def linked_god(building: str) -> str:
    for g in GOD.values():
        if g.building == building:
            return g.name
    return ""


# ---------------------------------------------------------------- glory
def glory_points(w: State) -> int:
    return GLORY_CHART[w.era - 1].points


def earn_glory(w: State, seat: int, province: int) -> None:
    """7A: conquering, building a city in or converting a city in the
    province of your Glory marker scores the chart (less 1 per marker
    already off it; solo: in full), then the city bonus. Solo: doing it in
    The Enemy's province takes The Enemy's marker off."""
    p = w.players[seat]
    if w.solo and w.enemy_glory == province:
        w.enemy_glory = -1
        w.events.append(GloryDenied(seat, province))
    if p.glory != province:
        return
    remove_unrest(w, seat, province)
    mine(w, seat).glory = -1
    value = glory_points(w) - (0 if w.solo else w.glory_off)
    w.glory_off += 1
    score(w, seat, value, "glory")
    p = w.players[seat]
    score(w, seat, GLORY_CITY_BONUS * (p.cities & ~p.unrest).bit_count(), "city bonus")


def glory_gain(s: State, seat: int, province: int, city: bool = False) -> int:
    """The points ``earn_glory`` would give ``seat`` for conquering,
    converting a city in, or (``city``) building a city in ``province`` now:
    the Glory and the city bonus together (``glory_parts``)."""
    return sum(glory_parts(s, seat, province, city))


def glory_parts(s: State, seat: int, province: int, city: bool = False) -> tuple[int, int]:
    """The two scores ``earn_glory`` would give ``seat`` for conquering,
    converting a city in, or (``city``) building a city in ``province`` now,
    as the log gives them: the Glory (the chart's points, less 1 per marker
    off it, solo in full) and the city bonus, counted after the province's
    unrest goes and with the city built (taking up any other of its
    region); (0, 0) unless it is the seat's Glory province. So the table
    can show both before the choice (issue 28: "Glory +8" read as one,
    the log gave +6 and +2)."""
    p = s.players[seat]
    if p.glory != province:
        return 0, 0
    bit = 1 << province
    cities = (p.cities & ~REGION_MASK[province]) | bit if city else p.cities
    unrest = p.unrest & ~bit
    chart = glory_points(s) - (0 if s.solo else s.glory_off)
    return chart, GLORY_CITY_BONUS * (cities & ~unrest).bit_count()


def glory_denied(s: State, province: int) -> int:
    """Solo: the points The Enemy would score for its Glory province at the
    end of expansion, which conquering, building a city in or converting a
    city in ``province`` now denies it (0 elsewhere)."""
    return glory_points(s) if s.solo and s.enemy_glory == province else 0


# ---------------------------------------------------------------- building pieces
def piece_places(w: State, seat: int, piece: str, moving: bool = False,
                 waiting: bool = False) -> list[int]:
    """Where ``seat`` may put ``piece`` now: cities and fortifications in an
    occupied province, one of each per region (``moving``: a region's piece
    elsewhere may be taken up and re-built here, Servian Wall rule 3; a
    fort may be flipped to a wall); fleets in an empty sea next to an
    occupied province. ``waiting``: the piece waits in the Villa (the
    supply counted it already)."""
    p = w.players[seat]
    if piece == "fleet":
        spare = p.fleets.count(NO_FLEET) - p.waiting.count("fleet") + waiting
        if spare <= 0:
            return []
        b = board(p)
        taken = 0
        for sea in p.fleets:
            if sea >= 0:
                taken |= 1 << sea
        if p.enemy_fleet >= 0:
            taken |= 1 << p.enemy_fleet
        near = 0
        for i in bits(p.garrison):
            near |= b.seas_of[i]
        return bits(near & ~taken)
    if piece == "city":
        have = p.cities
        supply_ok = cities_out(w) < CITY_SUPPLY + waiting
        flips = 0
    else:
        have = p.forts | p.walls
        supply_ok = forts_out(w) < FORT_SUPPLY + waiting
        flips = p.forts if piece == "wall" else 0
    here = p.garrison & ~have
    full = 0
    for i in bits(have):
        full |= REGION_MASK[i]
    new = here & ~full if supply_ok else 0
    moves = here & full if moving else 0
    return bits(new | moves | flips)


def no_place(s: State, seat: int, piece: str) -> str:
    """Why ``seat`` has nowhere to put ``piece`` now ("" when it has): a
    bonus piece offered only to wait in the Villa says why (issue 28
    walk-through: "Keep the fort in the Villa" and nothing more). The
    checks of ``piece_places``, in words: "one fortification a region, and
    the fort in Latium fills yours"."""
    if piece_places(s, seat, piece):
        return ""
    p = s.players[seat]
    if piece == "fleet":
        if p.fleets.count(NO_FLEET) <= p.waiting.count("fleet"):
            return "no fleet left in your supply"
        return "no empty sea beside your provinces"
    city = piece == "city"
    if (cities_out(s) >= CITY_SUPPLY) if city else (forts_out(s) >= FORT_SUPPLY):
        return f"no {'city' if city else 'fortification'} left in the supply"
    have = p.cities if city else p.forts | p.walls
    regions = 0
    for i in bits(p.garrison):
        regions |= REGION_MASK[i]
    held = [f"the {'city' if city else 'wall' if p.walls >> i & 1 else 'fort'} in {PLACES[i]}"
            for i in bits(have & regions)]
    if not held:
        return "you hold no province to put it in"
    word = "city" if city else "fortification"
    fill = "fills" if len(held) == 1 else "fill"
    return f"one {word} a region, and {' and '.join(held)} {fill} yours"


def replaced_by(p: Player, piece: str, place: int) -> int:
    """The province whose piece building ``piece`` at ``place`` takes up: the
    region's city or fortification elsewhere (re-built here, Servian Wall
    rule 3), or ``place`` itself for a fort flipped to a wall (rule 4); -1."""
    if piece == "fleet":
        return -1
    have = p.cities if piece == "city" else p.forts | p.walls
    if piece == "wall" and p.forts >> place & 1:
        return place
    others = have & REGION_MASK[place] & ~(1 << place)
    return others.bit_length() - 1 if others else -1


def place_piece(w: State, seat: int, piece: str, place: int) -> None:
    """Put ``piece`` at ``place`` (taking up the region's other city or
    fortification if there is one: it was re-built here)."""
    replaced = replaced_by(w.players[seat], piece, place)
    p = mine(w, seat)
    bit = 1 << place
    if piece == "fleet":
        k = p.fleets.index(NO_FLEET)
        p.fleets = p.fleets[:k] + (place,) + p.fleets[k + 1:]
        p.fleets_up &= ~(1 << k)
    elif piece == "city":
        p.cities &= ~(REGION_MASK[place] & ~bit)
        p.christian &= p.cities
        p.cities |= bit
    elif piece == "fort":
        moved = (p.forts | p.walls) & REGION_MASK[place] & ~bit
        p.forts = (p.forts & ~moved) | bit
        p.walls &= ~moved
    else:
        moved = (p.forts | p.walls) & REGION_MASK[place] & ~bit
        p.forts &= ~(moved | bit)
        p.walls = (p.walls & ~moved) | bit
    w.events.append(PieceBuilt(seat, piece, place, replaced))
    if piece == "city":
        earn_glory(w, seat, place)


def clear_province(w: State, seat: int, province: int) -> None:
    """Every Roman piece in ``province`` eliminated (to the supplies)."""
    p = mine(w, seat)
    keep = ~(1 << province)
    p.garrison &= keep
    p.cities &= keep
    p.christian &= keep
    p.forts &= keep
    p.walls &= keep
    p.unrest &= keep


def roman_strength(p: Player, province: int) -> int:
    """A Roman province's defence: legion, city and fort 1 each, wall 2."""
    bit = 1 << province
    return ((p.garrison & bit > 0) + (p.cities & bit > 0) + (p.forts & bit > 0)
            + 2 * (p.walls & bit > 0))


# ---------------------------------------------------------------- revenue
def revenue_provinces(p: Player) -> list[int]:
    """Basilica Aemilia: occupied provinces not in unrest; outside Italy only
    with a fleet (either face) in a sea next to them."""
    b = board(p)
    fleet_seas = 0
    for sea in p.fleets:
        if sea >= 0:
            fleet_seas |= 1 << sea
    out = []
    for i in bits(p.garrison & ~p.unrest):
        if ITALY >> i & 1 or b.seas_of[i] & fleet_seas:
            out.append(i)
    return out


def collect(w: State, seat: int, provinces: list[int],
            types: tuple[int, ...] = (0, 1, 2, 3)) -> None:
    """The revenue of ``provinces``, of the given types only."""
    p = mine(w, seat)
    gained = revenue(p, provinces, types)
    p.docks = tuple(a + g for a, g in zip(p.docks, gained, strict=True))  # type: ignore[assignment]
    w.events.append(RevenueCollected(seat, gained))


def revenue(p: Player, provinces: list[int],
            types: tuple[int, ...] = (0, 1, 2, 3)) -> tuple[int, ...]:
    """What ``provinces`` yield of the given types: each province's symbol
    gives 1 of its resource, or 2 gold (the labels say it before the choice)."""
    b = board(p)
    gained = [0, 0, 0, 0]
    for i in provinces:
        sym = b.symbol[i]
        if sym in types:
            gained[sym] += REVENUE_GOLD if sym == 3 else REVENUE_RESOURCE
    return tuple(gained)


def convertible(w: State, seat: int) -> list[int]:
    if w.era not in CITADEL_CONVERT_ERAS:
        return []
    p = w.players[seat]
    return bits(p.cities & ~p.christian)


def convert(w: State, seat: int, province: int) -> None:
    p = mine(w, seat)
    p.christian |= 1 << province
    w.events.append(CityConverted(seat, province))
    earn_glory(w, seat, province)


def reveal(h: Held) -> Held:
    return h if h.seen == ALL_SEATS else Held(h.card, ALL_SEATS, h.pool)


def show_to(h: Held, seat: int) -> Held:
    bit = 1 << seat
    return h if h.seen & bit else Held(h.card, h.seen | bit, h.pool)



def province_index(name: str) -> int:
    i = INDEX.get(name, -1)
    if not 0 <= i < NP:
        raise KeyError(name)
    return i



def start_fight(w: State, seat: int) -> None:
    """The army attacks the Native force where it stands: the counter is
    turned face up and both initial strengths are fixed."""
    p = mine(w, seat)
    army = p.army
    h = reveal(p.natives[army.place])  # type: ignore[arg-type,union-attr]
    p.natives = p.natives[:army.place] + (h,) + p.natives[army.place + 1:]  # type: ignore[union-attr]
    enemy = NATIVE_FORCES[h.card].strength
    p.army = army._replace(enemy=enemy)  # type: ignore[union-attr]
    w.events.append(FightBegins(seat, army.place, army.rome, enemy))  # type: ignore[union-attr]
