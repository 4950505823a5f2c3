"""Everything that happens in The Romans, one named record each.

An event is a tuple whose first item is its kind (``engine.core.kinded``):
``Conquered(0, 7)`` equals ``("conquer", 0, 7)``. Places are numbers
(engine/romans/state.py ``PLACES``); the log words them (text.py). Events
never name a hidden thing (a Triumph kept, a counter drawn).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Kinds, kinded


@kinded("score")
class ScoreMoved(NamedTuple):
    """A seat's marker moved on the Score track (``why`` names the source)."""

    kind: str
    seat: int
    points: int
    why: str


@kinded("unrest")
class UnrestPlaced(NamedTuple):
    """Unrest placed in a province."""

    kind: str
    seat: int
    province: int


@kinded("calm")
class UnrestRemoved(NamedTuple):
    """Unrest removed from a province."""

    kind: str
    seat: int
    province: int


@kinded("god back")
class GodReturned(NamedTuple):
    """Unrest in Italy sent a player's god back (7B)."""

    kind: str
    seat: int
    god: str


@kinded("god")
class GodTaken(NamedTuple):
    """A player took a god."""

    kind: str
    seat: int
    god: str


@kinded("deny glory")
class GloryDenied(NamedTuple):
    """Solo: Rome took The Enemy's Glory marker off the chart."""

    kind: str
    seat: int
    province: int


@kinded("built")
class PieceBuilt(NamedTuple):
    """A city, fort, wall or fleet placed on a map. ``replaced``: the
    province whose piece was taken up for it (a city or fortification moved
    within its region, or the fort flipped to this wall); -1 none."""

    kind: str
    seat: int
    piece: str
    place: int
    replaced: int


@kinded("revenue")
class RevenueCollected(NamedTuple):
    """Revenue collected: (manpower, victuals, materials, gold)."""

    kind: str
    seat: int
    gained: tuple[int, int, int, int]


@kinded("convert")
class CityConverted(NamedTuple):
    """A city turned Christian."""

    kind: str
    seat: int
    province: int


@kinded("glory roll")
class GloryRolled(NamedTuple):
    """4A: a player's Glory die and the province it names (-1: the player
    chooses, see GloryChosen)."""

    kind: str
    seat: int
    face: int
    province: int


@kinded("glory chosen")
class GloryChosen(NamedTuple):
    """4A: the province a player chose for the chart's free face."""

    kind: str
    seat: int
    province: int


@kinded("enemy glory roll")
class EnemyGloryRolled(NamedTuple):
    """Solo 4A: The Enemy's Glory die."""

    kind: str
    face: int
    province: int


@kinded("later")
class LaterRevealed(NamedTuple):
    """4B: the Era's Later building turned over."""

    kind: str
    building: str


@kinded("enemy score")
class EnemyScored(NamedTuple):
    """Solo: The Enemy scored."""

    kind: str
    points: int
    why: str


@kinded("card")
class CardTurned(NamedTuple):
    """4D/6D: an Era card turned over."""

    kind: str
    number: int


@kinded("block")
class EntryBlocked(NamedTuple):
    """Fewer than 4 players: the black die blocks an entry (its name given)."""

    kind: str
    face: int
    name: str


@kinded("leader")
class LeaderChosen(NamedTuple):
    """4D: a leader claimed."""

    kind: str
    seat: int
    name: str


@kinded("nation")
class NationChosen(NamedTuple):
    """6D: an enemy nation to face."""

    kind: str
    seat: int
    name: str


@kinded("fleets sunk")
class FleetsSunk(NamedTuple):
    """6D: an Enemy bonus fleet and a Roman fleet sink each other."""

    kind: str
    seat: int
    sea: int


@kinded("waiting")
class PieceWaiting(NamedTuple):
    """A piece that cannot be placed waits in the Villa."""

    kind: str
    seat: int
    piece: str


@kinded("placed")
class SenatorPlaced(NamedTuple):
    """5A: a senator in a building box."""

    kind: str
    seat: int
    rank: int
    building: str
    box: int


@kinded("citadel")
class CitadelEntered(NamedTuple):
    """5A: a senator in the Citadel, the black die and his bonus actions
    (the die's chart, ``data.CITADEL_CHART``)."""

    kind: str
    seat: int
    rank: int
    bonus: int
    die: int


@kinded("buy")
class Bought(NamedTuple):
    """7D: a resource bought for 3 gold."""

    kind: str
    seat: int
    resource: str


@kinded("sell")
class Sold(NamedTuple):
    """7D: a resource sold for 1 gold."""

    kind: str
    seat: int
    resource: str


@kinded("temple")
class TempleRolled(NamedTuple):
    """The Temple of Jupiter: the die plus the box's bonus (``score`` is
    their sum; the die is kept so the table can show both)."""

    kind: str
    seat: int
    god: str
    score: int
    die: int


@kinded("benefit")
class BenefitTaken(NamedTuple):
    """A benefit of a god's chart."""

    kind: str
    seat: int
    god: str
    number: int


@kinded("take")
class ResourcesTaken(NamedTuple):
    """Mercury: resources gained (manpower, victuals, materials)."""

    kind: str
    seat: int
    counts: tuple[int, int, int]


@kinded("gold")
class GoldTaken(NamedTuple):
    """Citadel actions taken as gold."""

    kind: str
    seat: int
    count: int


@kinded("recruit")
class Recruited(NamedTuple):
    """Legions recruited to the Barracks."""

    kind: str
    seat: int
    count: int


@kinded("raised")
class SenatorRaised(NamedTuple):
    """A senator raised by one rank."""

    kind: str
    seat: int
    rank: int
    where: str


@kinded("army")
class ArmyCreated(NamedTuple):
    """5A: an army created (rank 0: Castra Praetoria's)."""

    kind: str
    seat: int
    province: int
    legions: int
    rank: int
    seas: tuple[int, ...]


@kinded("fight")
class FightBegins(NamedTuple):
    """5B: an army attacks a Native force; the initial strengths."""

    kind: str
    seat: int
    province: int
    rome: int
    enemy: int


@kinded("battle roll")
class BattleRoll(NamedTuple):
    """5B: the shared battle dice of an attack step."""

    kind: str
    white: int
    purple: int


@kinded("battle")
class BattleFought(NamedTuple):
    """5B: one army's attack with the shared roll. The white (Rome) and purple
    (Enemy) dice are those of the roll, so every battle reads with its
    faces, even when it resumes a roll made in an earlier step."""

    kind: str
    seat: int
    province: int
    rome: int
    enemy: int
    won: bool
    white: int
    purple: int


@kinded("army lost")
class ArmyLost(NamedTuple):
    """5B: an army's last legion eliminated."""

    kind: str
    seat: int
    province: int


@kinded("conquer")
class Conquered(NamedTuple):
    """5B: Rome conquered a province."""

    kind: str
    seat: int
    province: int


@kinded("halt")
class CampaignEnded(NamedTuple):
    """5B: the army went to the Barracks."""

    kind: str
    seat: int
    province: int


@kinded("march")
class Marched(NamedTuple):
    """5B: the army marched on."""

    kind: str
    seat: int
    province: int
    seas: tuple[int, ...]


@kinded("triumph")
class TriumphKept(NamedTuple):
    """7C: a Triumph kept (which one stays private)."""

    kind: str
    seat: int
    province: int


@kinded("reset")
class RomanReset(NamedTuple):
    """5C: the Roman re-set."""

    kind: str


@kinded("storm")
class Storm(NamedTuple):
    """6A: the storm die."""

    kind: str
    face: int


@kinded("sunk")
class FleetLost(NamedTuple):
    """6A: a fleet sunk by the storm."""

    kind: str
    seat: int
    sea: int


@kinded("remote roll")
class RemoteRoll(NamedTuple):
    """6B: the shared roll of a remote province's attack."""

    kind: str
    province: int
    white: int
    purple: int


@kinded("remote battle")
class RemoteBattle(NamedTuple):
    """6B: one map's defence. The white (Rome) and purple
    (Enemy) dice are those of the roll, so every battle reads with its
    faces, even when it resumes a roll made in an earlier step."""

    kind: str
    seat: int
    province: int
    rome: int
    enemy: int
    held: bool
    white: int
    purple: int


@kinded("remote lost")
class RemoteLost(NamedTuple):
    """6B: a remote province lost."""

    kind: str
    seat: int
    province: int


@kinded("enemy moves")
class EnemyMoved(NamedTuple):
    """6E: the Enemy army entered a province or sea."""

    kind: str
    seat: int
    place: int


@kinded("overrun")
class Overrun(NamedTuple):
    """6E: a province in unrest overrun."""

    kind: str
    seat: int
    province: int


@kinded("enemy fight")
class EnemyFightBegins(NamedTuple):
    """6E: the Enemy attacks a Roman province; the initial strengths."""

    kind: str
    seat: int
    province: int
    enemy: int
    rome: int


@kinded("enemy roll")
class EnemyRoll(NamedTuple):
    """6E: the shared battle dice of an Enemy attack step."""

    kind: str
    white: int
    purple: int


@kinded("enemy battle")
class EnemyBattle(NamedTuple):
    """6E: one map's defence against its Enemy army. The white (Rome) and purple
    (Enemy) dice are those of the roll, so every battle reads with its
    faces, even when it resumes a roll made in an earlier step."""

    kind: str
    seat: int
    province: int
    rome: int
    enemy: int
    held: bool
    white: int
    purple: int


@kinded("enemy conquers")
class EnemyConquered(NamedTuple):
    """6E: the Enemy conquered a Roman province."""

    kind: str
    seat: int
    province: int


@kinded("enemy spent")
class EnemySpent(NamedTuple):
    """6E: an Enemy army has no warbands left."""

    kind: str
    seat: int


@kinded("fall of rome")
class FallOfRome(NamedTuple):
    """7H: the Enemy conquered Latium."""

    kind: str
    seat: int
    warbands: int


@kinded("era")
class EraBegins(NamedTuple):
    """An Era begins."""

    kind: str
    era: int


@kinded("game over")
class GameOver(NamedTuple):
    """The game is over (after final scoring)."""

    kind: str


EVENTS = Kinds(ScoreMoved, UnrestPlaced, UnrestRemoved, GodReturned, GodTaken, GloryDenied,
               PieceBuilt, RevenueCollected, CityConverted, GloryRolled, GloryChosen,
               EnemyGloryRolled, LaterRevealed, EnemyScored, CardTurned, EntryBlocked,
               LeaderChosen, NationChosen, FleetsSunk, PieceWaiting, SenatorPlaced,
               CitadelEntered, Bought, Sold, TempleRolled, BenefitTaken, ResourcesTaken,
               GoldTaken, Recruited, SenatorRaised, ArmyCreated, FightBegins, BattleRoll,
               BattleFought, ArmyLost, Conquered, CampaignEnded, Marched, TriumphKept,
               RomanReset, Storm, FleetLost, RemoteRoll, RemoteBattle, RemoteLost, EnemyMoved,
               Overrun, EnemyFightBegins, EnemyRoll, EnemyBattle, EnemyConquered, EnemySpent,
               FallOfRome, EraBegins, GameOver)
