"""The four Empire maps of The Romans as data, and the distances on them.

The rulebook names 15 provinces and 3 seas but prints no map; every link,
symbol and remote strength here is the INFERRED stand-in of
shared/rules/INVENTORY.md (TR-C, ``tr_map_inferred``), so every record carries
``inferred=True``. Map A is the base; B swaps the symbols inside each region
pair; C is B with the remote strengths rotated; D is A plus a land link
Mauritania-Aegyptus, with its own remote strengths.

Movement (rulebook 6E): each province or sea entered is one move. Land links
join provinces; a sea joins the provinces on its coast and the seas next to
it. An army may enter a sea only where a fleet lets it, so every distance
takes the set of seas it may pass through (none by default: land only).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

GOLD, MANPOWER, VICTUALS, MATERIALS = "gold", "manpower", "victuals", "materials"
SYMBOLS = (GOLD, MANPOWER, VICTUALS, MATERIALS)

LATIUM = "Latium"
ITALIAN_PROVINCES = ("Venetia", "Etruria", "Latium", "Campania", "Apulia")  # TEXT
REMOTE_PROVINCES = ("Britannia", "Germania", "Mesopotamia")  # TEXT, in attack order
ATLANTICUS = "Oceanus Atlanticus"
MED_OCCIDENTIS = "Mediterraneum Occidentis"
MED_ORIENTIS = "Mediterraneum Orientis"
ADRIATICUM = "Mare Adriaticum"
PONTUS = "Pontus Euxinus"
NO_ENEMY_FLEET_SEAS = (ATLANTICUS,)  # TEXT (L352)
MAP_NAMES = ("A", "B", "C", "D")


@dataclass(frozen=True)
class Province:
    """A province: its region (cities and fortifications are limited per
    region), its revenue symbol, and for a remote province the printed enemy
    strength (1-3) of its attack in 6B."""

    name: str
    region: str
    symbol: str
    italy: bool = False
    remote: bool = False
    remote_strength: int = 0
    inferred: bool = True


@dataclass(frozen=True)
class Sea:
    """A sea and the provinces on its coast."""

    name: str
    coasts: tuple[str, ...]
    inferred: bool = True


@dataclass(frozen=True)
class Link:
    """A link between two provinces (``land``) or two seas; ``arrow`` marks a
    double-headed arrow on the map rather than a shared border."""

    a: str
    b: str
    arrow: bool = False
    inferred: bool = True


@dataclass(frozen=True)
class EmpireMap:
    """One player's Empire map. ``enemy_fleet_sea`` is the sea where a bonus
    Enemy fleet goes for each Start province (None: no fleet there)."""

    name: str
    provinces: tuple[Province, ...]
    seas: tuple[Sea, ...]
    land: tuple[Link, ...]
    sea_links: tuple[Link, ...]
    enemy_fleet_sea: tuple[tuple[str, str | None], ...]
    inferred: bool = True
    _adj: dict[str, frozenset[str]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        adj: dict[str, set[str]] = {p.name: set() for p in self.provinces}
        adj.update({s.name: set() for s in self.seas})
        for link in self.land + self.sea_links:
            adj[link.a].add(link.b)
            adj[link.b].add(link.a)
        for sea in self.seas:
            for coast in sea.coasts:
                adj[sea.name].add(coast)
                adj[coast].add(sea.name)
        object.__setattr__(self, "_adj", {k: frozenset(v) for k, v in adj.items()})

    # ------------------------------------------------------------ lookups
    def province(self, name: str) -> Province:
        for p in self.provinces:
            if p.name == name:
                return p
        raise KeyError(name)

    def sea(self, name: str) -> Sea:
        for s in self.seas:
            if s.name == name:
                return s
        raise KeyError(name)

    @property
    def province_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.provinces)

    @property
    def sea_names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seas)

    def is_sea(self, name: str) -> bool:
        return any(s.name == name for s in self.seas)

    def regions(self) -> dict[str, tuple[str, ...]]:
        """Region name -> its provinces, in map order."""
        out: dict[str, tuple[str, ...]] = {}
        for p in self.provinces:
            out[p.region] = out.get(p.region, ()) + (p.name,)
        return out

    def fleet_sea_for(self, start: str) -> str | None:
        return dict(self.enemy_fleet_sea)[start]

    # ------------------------------------------------------------ adjacency
    def neighbours(self, place: str) -> frozenset[str]:
        """Every province and sea next to ``place`` (a province or a sea)."""
        return self._adj[place]

    def land_neighbours(self, province: str) -> frozenset[str]:
        return frozenset(n for n in self._adj[province] if not self.is_sea(n))

    def seas_of(self, province: str) -> frozenset[str]:
        return frozenset(n for n in self._adj[province] if self.is_sea(n))

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._adj[a]

    # ------------------------------------------------------------ distance
    def _step(self, place: str, passable: frozenset[str]) -> Iterable[str]:
        for n in self._adj[place]:
            if not self.is_sea(n) or n in passable:
                yield n

    def distances(self, start: str, seas: Iterable[str] = ()) -> dict[str, int]:
        """Moves from ``start`` to every place reachable, entering only the
        given seas (a province or sea entered = one move)."""
        passable = frozenset(seas)
        dist = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in self._step(here, passable):
                if n not in dist:
                    dist[n] = dist[here] + 1
                    queue.append(n)
        return dist

    def distance(self, start: str, goal: str, seas: Iterable[str] = ()) -> int | None:
        """Fewest moves from ``start`` to ``goal``; None when unreachable."""
        return self.distances(start, seas).get(goal)

    def shortest_paths(self, start: str, goal: str,
                       seas: Iterable[str] = ()) -> tuple[tuple[str, ...], ...]:
        """Every route of fewest moves, each from ``start`` to ``goal``
        inclusive, sorted (the player chooses between them)."""
        passable = frozenset(seas)
        back = self.distances(goal, passable)
        if start not in back:
            return ()
        paths: list[tuple[str, ...]] = []

        def walk(path: tuple[str, ...]) -> None:
            here = path[-1]
            if here == goal:
                paths.append(path)
                return
            for n in self._step(here, passable):
                if back.get(n) == back[here] - 1:
                    walk(path + (n,))

        walk((start,))
        return tuple(sorted(paths))


# ---------------------------------------------------------------- map A (INFERRED)
def _p(name: str, region: str, symbol: str, **kw: object) -> Province:
    return Province(name, region, symbol, **kw)  # type: ignore[arg-type]


_PROVINCES_A = (
    _p("Latium", "Latium", GOLD, italy=True),
    _p("Etruria", "Italia Superior", MATERIALS, italy=True),
    _p("Venetia", "Italia Superior", VICTUALS, italy=True),
    _p("Campania", "Italia Inferior", VICTUALS, italy=True),
    _p("Apulia", "Italia Inferior", MANPOWER, italy=True),
    _p("Hispania", "Hispania-Gallia", GOLD),
    _p("Gallia", "Hispania-Gallia", MANPOWER),
    _p("Mauritania", "Africa", VICTUALS),
    _p("Aegyptus", "Africa", VICTUALS),
    _p("Illyricum", "Illyricum-Macedonia", MANPOWER),
    _p("Macedonia", "Illyricum-Macedonia", MATERIALS),
    _p("Asia", "Asia-Syria", GOLD),
    _p("Syria", "Asia-Syria", MATERIALS),
    _p("Britannia", "Britannia", MATERIALS, remote=True, remote_strength=1),
    _p("Germania", "Germania", MANPOWER, remote=True, remote_strength=3),
    _p("Mesopotamia", "Mesopotamia", GOLD, remote=True, remote_strength=2),
)

_LAND_A = (
    Link("Latium", "Etruria"),
    Link("Latium", "Campania"),
    Link("Etruria", "Venetia"),
    Link("Campania", "Apulia"),
    Link("Venetia", "Gallia"),
    Link("Venetia", "Illyricum"),
    Link("Venetia", "Germania"),
    Link("Hispania", "Gallia"),
    Link("Hispania", "Mauritania", arrow=True),
    Link("Gallia", "Germania"),
    Link("Gallia", "Britannia", arrow=True),
    Link("Germania", "Illyricum"),
    Link("Illyricum", "Macedonia"),
    Link("Macedonia", "Asia", arrow=True),  # the Hellespont
    Link("Asia", "Syria"),
    Link("Syria", "Aegyptus"),
    Link("Syria", "Mesopotamia"),
)
_LAND_D_EXTRA = (Link("Mauritania", "Aegyptus"),)

_SEAS = (
    Sea(ATLANTICUS, ("Hispania", "Gallia", "Britannia", "Mauritania")),
    Sea(MED_OCCIDENTIS,
        ("Hispania", "Gallia", "Mauritania", "Latium", "Etruria", "Campania", "Apulia")),
    Sea(ADRIATICUM, ("Venetia", "Apulia", "Illyricum", "Macedonia")),
    Sea(MED_ORIENTIS, ("Macedonia", "Asia", "Syria", "Aegyptus")),
    Sea(PONTUS, ("Macedonia", "Asia")),
)

_SEA_LINKS = (
    Link(ATLANTICUS, MED_OCCIDENTIS),
    Link(MED_OCCIDENTIS, MED_ORIENTIS),
    Link(MED_ORIENTIS, ADRIATICUM),
    Link(MED_ORIENTIS, PONTUS),
)

_ENEMY_FLEET_SEA: tuple[tuple[str, str | None], ...] = (
    ("Mauritania", MED_OCCIDENTIS),
    ("Hispania", MED_OCCIDENTIS),
    ("Gallia", MED_OCCIDENTIS),
    ("Etruria", MED_OCCIDENTIS),
    ("Campania", MED_OCCIDENTIS),
    ("Apulia", ADRIATICUM),
    ("Venetia", ADRIATICUM),
    ("Illyricum", ADRIATICUM),
    ("Macedonia", MED_ORIENTIS),
    ("Asia", MED_ORIENTIS),
    ("Syria", MED_ORIENTIS),
    ("Aegyptus", MED_ORIENTIS),
    ("Britannia", None),
    ("Germania", None),
    ("Mesopotamia", None),
)


def _swap_pair_symbols(provinces: tuple[Province, ...]) -> tuple[Province, ...]:
    """Each province of a two-province region takes its partner's symbol."""
    by_region: dict[str, list[Province]] = {}
    for p in provinces:
        by_region.setdefault(p.region, []).append(p)
    out = []
    for p in provinces:
        pair = by_region[p.region]
        if len(pair) == 2:
            other = pair[1] if pair[0] is p else pair[0]
            p = replace(p, symbol=other.symbol)
        out.append(p)
    return tuple(out)


def _with_remote(provinces: tuple[Province, ...],
                 strengths: dict[str, int]) -> tuple[Province, ...]:
    return tuple(replace(p, remote_strength=strengths[p.name]) if p.remote else p
                 for p in provinces)


def _map(name: str, provinces: tuple[Province, ...], land: tuple[Link, ...]) -> EmpireMap:
    return EmpireMap(name, provinces, _SEAS, land, _SEA_LINKS, _ENEMY_FLEET_SEA)


_PROVINCES_B = _swap_pair_symbols(_PROVINCES_A)
MAPS: dict[str, EmpireMap] = {
    "A": _map("A", _PROVINCES_A, _LAND_A),
    "B": _map("B", _PROVINCES_B, _LAND_A),
    "C": _map("C", _with_remote(_PROVINCES_B,
                                {"Britannia": 2, "Germania": 1, "Mesopotamia": 3}), _LAND_A),
    "D": _map("D", _with_remote(_PROVINCES_A,
                                {"Britannia": 3, "Germania": 2, "Mesopotamia": 1}),
              _LAND_A + _LAND_D_EXTRA),
}
