"""Every action a seat can take in The Romans, one named record each.

An action is a tuple whose first item is its kind (``engine.core.kinded``):
``Citadel(2)`` equals ``("citadel", 2)`` and is saved as ``["citadel", 2]``.
Places are named as the rulebook names them ("Mauritania", "Mare
Adriaticum"); ranks are 1-4; resources are named as in data.RESOURCE_NAMES.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Kinds, kinded


@kinded("glory")
class GloryPick(NamedTuple):
    """4A: the Glory die showed the chart's free face: the province chosen."""

    kind: str
    province: str


@kinded("leader")
class Leader(NamedTuple):
    """4D: claim the leader on die face ``face`` for seat ``user`` (yourself,
    or with 2 players the other player)."""

    kind: str
    face: int
    user: int


@kinded("nation")
class Nation(NamedTuple):
    """6D: face the enemy nation on die face ``face`` (for ``user``, as 4D)."""

    kind: str
    face: int
    user: int


@kinded("piece")
class PlacePiece(NamedTuple):
    """Place a bonus piece, or one waiting in the Villa, at ``place`` (a
    province or sea; "Villa" stores a piece that cannot be placed yet)."""

    kind: str
    piece: str
    place: str


@kinded("senator")
class Senator(NamedTuple):
    """5A: a senator of ``rank`` into ``box`` (1-4) of ``building``, taking or
    using ``god`` ("" for none)."""

    kind: str
    rank: int
    building: str
    box: int
    god: str


@kinded("citadel")
class Citadel(NamedTuple):
    """5A: a senator of ``rank`` into the Citadel."""

    kind: str
    rank: int


@kinded("invade")
class Invade(NamedTuple):
    """5A: a senator of ``rank`` becomes a general and leads ``legions`` from
    the Barracks into ``province``; ``seas`` are the fleets a sea invasion
    flips (empty over land)."""

    kind: str
    rank: int
    province: str
    legions: int
    seas: tuple[str, ...]


@kinded("buy")
class Buy(NamedTuple):
    """7D: one resource for 3 Gold."""

    kind: str
    resource: str


@kinded("sell")
class Sell(NamedTuple):
    """7D: one resource for 1 Gold."""

    kind: str
    resource: str


@kinded("use")
class CitadelUse(NamedTuple):
    """A Citadel action: "gold" (``count`` of them), "calm" (remove unrest in
    ``place``) or "convert" (the city in ``place``)."""

    kind: str
    what: str
    place: str
    count: int


@kinded("collect")
class Collect(NamedTuple):
    """Basilica Aemilia: collect the revenue of ``province``."""

    kind: str
    province: str


@kinded("done")
class Done(NamedTuple):
    """Stop: collect, build or spend no more."""

    kind: str


@kinded("unrest")
class PlaceUnrest(NamedTuple):
    """Basilica Aemilia: the unrest goes in ``province`` (one just collected from)."""

    kind: str
    province: str


@kinded("types")
class Types(NamedTuple):
    """Baths of Agrippa: the revenue types collected."""

    kind: str
    types: tuple[str, ...]


@kinded("raise")
class Raise(NamedTuple):
    """Forum / Minerva: raise a senator of ``rank`` in ``where`` (the Villa
    or the building he was placed in) by one rank."""

    kind: str
    rank: int
    where: str


@kinded("build")
class Build(NamedTuple):
    """Servian Wall, Amphitheatrum Castrense, Vesta: buy ``piece`` ("city",
    "fort", "wall", "fleet") for ``place``."""

    kind: str
    piece: str
    place: str


@kinded("benefits")
class Benefits(NamedTuple):
    """Temple of Jupiter: the benefits taken, in order (``second`` 0: one)."""

    kind: str
    first: int
    second: int


@kinded("sets")
class Sets(NamedTuple):
    """Colosseum: how many resource sets to score (they go to the supply)."""

    kind: str
    count: int


@kinded("take")
class Take(NamedTuple):
    """Mercury: the resources gained (manpower, victuals, materials)."""

    kind: str
    counts: tuple[int, int, int]


@kinded("calm")
class Calm(NamedTuple):
    """Remove the unrest in ``province`` (Minerva, Castra Praetoria)."""

    kind: str
    province: str


@kinded("army")
class PraetorianArmy(NamedTuple):
    """Castra Praetoria: ``legions`` from the Barracks attack ``province``."""

    kind: str
    province: str
    legions: int
    seas: tuple[str, ...]


@kinded("march")
class March(NamedTuple):
    """5B, after a victory: move the army into ``province`` (by ``seas``)."""

    kind: str
    province: str
    seas: tuple[str, ...]


@kinded("halt")
class Halt(NamedTuple):
    """5B, after a victory: end the campaign (general and legions to the Barracks)."""

    kind: str


@kinded("keep")
class Keep(NamedTuple):
    """7C: keep the Triumph in place ``slot`` of this province on the map of
    seat ``map`` (the tokens examined are named by where they lie)."""

    kind: str
    map: int
    slot: int


@kinded("target")
class Target(NamedTuple):
    """6E: the city the Enemy army marches on, among equally near ones."""

    kind: str
    province: str


@kinded("route")
class Route(NamedTuple):
    """6E: the Enemy army's way, among routes of fewest moves (the places
    entered, up to the first it must stop in)."""

    kind: str
    places: tuple[str, ...]


@kinded("native")
class PlaceNative(NamedTuple):
    """6F: the drawn Native force counter number ``counter`` (its place among
    those drawn, which only their player has seen) goes to ``province``."""

    kind: str
    province: str
    counter: int


ACTIONS = Kinds(GloryPick, Leader, Nation, PlacePiece, Senator, Citadel, Invade, Buy, Sell,
                CitadelUse, Collect, Done, PlaceUnrest, Types, Raise, Build, Benefits, Sets, Take,
                Calm, PraetorianArmy, March, Halt, Keep, Target, Route, PlaceNative)
DONE = Done()
HALT = Halt()
