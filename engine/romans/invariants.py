"""What must hold in every position of The Romans (a full state, not a view).

``check`` raises AssertionError naming the first broken rule; the scenario
builder calls it on every position it builds. ``check_all`` adds what must
hold from one state to the next: the registry names it
(``GameEntry.invariants``), and random-game tests and bench/soak.py run it
after every action.
"""

from __future__ import annotations

from collections import Counter

from engine.core import HIDDEN

from .data import BUILDINGS, LEGIONS_PER_PLAYER, NATIVE_FORCES, SCORE_FLOOR, TRIUMPHS
from .empire import CITY_SUPPLY, FORT_SUPPLY, UNREST_SUPPLY, cities_out, forts_out, unrest_out
from .state import LATIUM, NO_FLEET, NP, REGION_MASK, SEAS, State, bits, occupant


def check_all(nxt: State, prev: State | None = None) -> None:
    """``check``, and nothing taken back since ``prev`` (None: a new game)."""
    check(nxt)
    if prev is None:
        return
    assert nxt.era >= prev.era, "the Era went back"
    for seat, (a, b) in enumerate(zip(prev.players, nxt.players, strict=True)):
        assert b.triumphs[:len(a.triumphs)] == a.triumphs, f"seat {seat} lost a Triumph"
        assert len(b.villa) + len(b.used) >= len(a.villa) + len(a.used), (
            f"seat {seat} lost a senator")


def check(s: State) -> None:
    assert s.viewer == -1, "invariants are checked on full states"
    _supplies(s)
    for seat, p in enumerate(s.players):
        _player(s, seat)
        assert p.score >= SCORE_FLOOR, f"seat {seat}: score {p.score} below {SCORE_FLOOR}"
    _boxes(s)


def _supplies(s: State) -> None:
    assert cities_out(s) <= CITY_SUPPLY, "more cities than the supply holds"
    assert forts_out(s) <= FORT_SUPPLY, "more fortifications than the supply holds"
    assert unrest_out(s) <= UNREST_SUPPLY, "more unrest than the supply holds"
    natives = Counter(h.card for p in s.players for h in p.natives if h is not None)
    natives += Counter(h.card for h in s.pot)
    if s.pending and s.pending[-1].kind == "natives":
        natives += Counter(h.card for pd in s.pending if pd.kind == "natives"
                           for h in pd.data[1])
    total = s.n * len(NATIVE_FORCES)
    assert sum(natives.values()) == total, f"native forces: {sum(natives.values())} != {total}"
    for card, count in natives.items():
        assert card != HIDDEN and count <= s.n, f"native force {card} appears {count} times"
    triumphs = Counter(h.card for p in s.players for z in p.remote_triumphs for h in z)
    triumphs += Counter(h.card for p in s.players for h in p.triumphs)
    triumphs += Counter(h.card for h in s.triumph_box)
    assert sorted(triumphs.elements()) == list(range(len(TRIUMPHS))), "triumphs not conserved"


def _player(s: State, seat: int) -> None:
    p = s.players[seat]
    who = f"seat {seat}"
    assert 0 <= p.legions_out <= LEGIONS_PER_PLAYER, f"{who}: {p.legions_out} legions in play"
    assert p.barracks >= 0, f"{who}: negative Barracks"
    assert all(x >= 0 for x in p.docks), f"{who}: negative Docks {p.docks}"
    # no piece in two places: a province is Roman, an Enemy garrison, or native
    natives = sum(1 << i for i, h in enumerate(p.natives) if h is not None)
    assert not p.garrison & p.warbands, f"{who}: a legion and a warband share a province"
    assert not p.garrison & natives, f"{who}: a legion shares a province with a Native force"
    assert not natives & p.warbands, f"{who}: a warband shares a province with a Native force"
    assert p.natives[LATIUM] is None, f"{who}: a Native force in Latium"
    roman = p.garrison
    for name, mask in (("city", p.cities), ("fort", p.forts), ("wall", p.walls),
                       ("unrest", p.unrest)):
        assert not mask & ~roman, f"{who}: a {name} where no legion garrisons"
    assert not p.christian & ~p.cities, f"{who}: a Christian city that is not a city"
    assert not p.forts & p.walls, f"{who}: a fort and a wall in one province"
    for i in bits(p.cities):
        assert (p.cities & REGION_MASK[i]).bit_count() == 1, f"{who}: two cities in a region"
    fortified = p.forts | p.walls
    for i in bits(fortified):
        assert (fortified & REGION_MASK[i]).bit_count() == 1, f"{who}: two forts in a region"
    seas = [x for x in p.fleets if x != NO_FLEET]
    assert all(NP <= x < NP + len(SEAS) for x in seas), f"{who}: a fleet off the seas"
    assert len(seas) == len(set(seas)), f"{who}: two fleets in one sea"
    assert p.fleets.count(NO_FLEET) >= p.waiting.count("fleet"), f"{who}: too many fleets"
    assert p.enemy_fleet < 0 or p.enemy_fleet not in seas, f"{who}: two fleets share a sea"
    senators = len(p.villa) + len(p.used)
    assert 4 <= senators <= 4 + sum(b.new_senator for b in BUILDINGS), f"{who}: {senators} senators"
    assert all(1 <= r <= 4 for r in p.villa + p.used), f"{who}: a senator's rank off I-IV"
    if p.army is not None:
        assert p.army.legions >= 1, f"{who}: an army without legions"
        here = p.army.place
        assert p.natives[here] is not None or p.garrison >> here & 1, (
            f"{who}: an army neither fighting a Native force nor where it just won")
    if p.horde is not None:
        assert p.horde.warbands >= 1, f"{who}: an Enemy army without warbands"


def _boxes(s: State) -> None:
    for b, boxes in enumerate(s.boxes):
        seats = [occupant(c)[0] for c in boxes if occupant(c)]
        assert len(seats) == len(set(seats)), f"{BUILDINGS[b].name}: two senators of one player"
        for number, code in enumerate(boxes, start=1):
            who = occupant(code)
            if who:
                assert who[1] >= number, f"{BUILDINGS[b].name}: rank {who[1]} in box {number}"
