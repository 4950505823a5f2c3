"""Words for players: actions for menus, prompts, and events for the log."""

from __future__ import annotations

import contextlib
import string

from engine.core import HIDDEN, LogLine

from .data import (
    BUILDING,
    CHRISTIAN_CITY_POINTS,
    NATIVE_FORCES,
    PIECE_COST,
    RESOURCE_NAMES,
    TRIUMPHS,
    amount,
    temple_benefit,
)
from .empire import glory_denied, glory_parts, no_place, replaced_by, revenue, revenue_provinces
from .prep import entries
from .state import (
    EXPANSION,
    LEADERS,
    NATIONS,
    OVER,
    PHASE_NAMES,
    PLACES,
    State,
)

COLOURS = ("Red", "Blue", "Yellow", "Green")  # the rulebook's player colours
ROMAN = ("", "I", "II", "III", "IV")



SINGLE_FOES = frozenset({"Pontus", "Spartacus"})  # a kingdom and a man: no "the"


def nation_name(name: str) -> str:
    """"the Gauls", "the Cimbri and Teutones", but "Pontus" and "Spartacus"."""
    return name if name in SINGLE_FOES else f"the {name}"

def plural(n: int, word: str) -> str:
    """``1 legion``, ``2 legions``: every count in The Romans' texts."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def dice_sum(die: int, total: int) -> str:
    """``7+5=12``: what a die adds to a strength or a box's bonus, so a
    total never reads without its face (the face is the die, the rest the
    strength or bonus it was added to)."""
    return f"{total - die}+{die}={total}"


SCORE_WORDS = {"glory": "Glory", "christian": "Christian cities", "triumphs": "Triumph tokens",
               "arts": "arts icons"}
"""The log's words for why points were scored, as the rulebook names them
("3 points per Christian city", "Triumph tokens, including points for
arts icons"): "+3 points (Christian cities)", not the breakdown's key
"(christian)". Other reasons are words already ("city bonus", "items")."""


def score_why(why: str) -> str:
    return SCORE_WORDS.get(why, why)


def seat_name(s: State, seat: int) -> str:
    return "Rome" if s.n == 1 else COLOURS[seat]


def native_text(card: int) -> str:
    if card == HIDDEN:
        return "a face-down Native force"
    n = NATIVE_FORCES[card]
    parts = [plural(n.warbands, "warband")]
    if n.city:
        parts.append("a city")
    if n.fortification:
        parts.append(f"a {n.fortification}")
    extra = []
    if n.gold:
        extra.append(f"{n.gold} gold")
    if n.unrest:
        extra.append("unrest")
    tail = f" ({', '.join(extra)})" if extra else ""
    return f"{' + '.join(parts)}, strength {n.strength}{tail}"


def triumph_text(card: int) -> str:
    if card == HIDDEN:
        return "a face-down Triumph"
    t = TRIUMPHS[card]
    arts = f" + {', '.join(t.arts)}" if t.arts else ""
    return f"Triumph {t.points}{arts}"


def _seas(seas: tuple[str, ...]) -> str:
    return f" by sea ({', '.join(seas)})" if seas else ""


def describe(s: State, a: tuple) -> str:
    kind = a[0]
    if kind == "glory":
        return f"Glory in {a[1]}"
    if kind in ("leader", "nation"):
        e = entries(s)[a[1] - 1]
        if kind == "leader":  # a bonus piece with nowhere to go now waits in the Villa
            waits = " (no place yet)" if e.bonus and no_place(s, a[2], e.bonus) else ""
            bonus = f", bonus {e.bonus}{waits}" if e.bonus else ""
            what = f"{e.name}: army {e.max_army}, {e.gold} gold{bonus}"
        else:
            extras = (", a fleet" if e.fleet else "") + (f", general +{e.general}"
                                                          if e.general else "")
            what = f"{e.name}: {plural(e.warbands, 'warband')} from {e.start}{extras}"
        user = s.queue[0] if s.queue else a[2]
        return what if a[2] == user else f"{what}, for {seat_name(s, a[2])}"
    if kind == "piece":
        if a[2] == "Villa":
            why = no_place(s, _mover(s), a[1])
            return f"Keep the {a[1]} in the Villa" + (f" (no place: {why})" if why else "")
        glory = _glory(s, a[2], " (", ")") if a[1] == "city" else ""
        return f"Place the {a[1]} in {a[2]}{glory}"
    if kind == "senator":
        god = f" with {a[4]}" if a[4] else ""
        cost = BUILDING[a[2]].boxes[a[3] - 1].cost
        paid = ", ".join(amount(n, RESOURCE_NAMES[i]) for i, n in enumerate(cost) if n)
        return f"{ROMAN[a[1]]} to {a[2]}, box {ROMAN[a[3]]} ({paid}){god}"
    if kind == "citadel":
        return f"{ROMAN[a[1]]} to the Citadel"
    if kind == "invade":
        return (f"{ROMAN[a[1]]} senator leads {plural(a[3], 'legion')} "
                f"into {a[2]}{_seas(a[4])}")
    if kind == "buy":
        return f"Buy {amount(1, a[1])} for 3 gold"
    if kind == "sell":
        return f"Sell {amount(1, a[1])} for 1 gold"
    if kind == "use":
        if a[1] == "gold":
            return f"Take {a[3]} gold"
        if a[1] == "calm":
            return f"Remove the unrest in {a[2]}"
        return (f"Convert the city in {a[2]} (+{CHRISTIAN_CITY_POINTS} points at the end"
                f"{_glory(s, a[2], '; ', '', city=False)})")
    if kind == "collect":
        return f"Collect the revenue of {a[1]}{_yield(s, [PLACES.index(a[1])])}"
    if kind == "done":
        return "Done"
    if kind == "unrest":
        return f"Unrest in {a[1]}{unrest_cost(s, a[1])}"
    if kind == "types":
        return f"Collect {', '.join(a[1])}{_yield(s, None, a[1])}"
    if kind == "raise":
        return f"Raise the {ROMAN[a[1]]} senator in {a[2]} to {ROMAN[a[1] + 1]}"
    if kind == "build":
        return _build(s, a)
    if kind == "sets":
        per = s.pending[-1].data[0] if s.pending and s.pending[-1].kind == "sets" else 0
        return f"Score {plural(a[1], 'set')} ({plural(a[1] * per, 'point')})"
    if kind == "benefits":
        return _benefits(s, a)
    if kind == "take":
        return "Take " + ", ".join(amount(n, RESOURCE_NAMES[i]) for i, n in enumerate(a[1]) if n)
    if kind == "calm":
        return f"Remove the unrest in {a[1]}"
    if kind == "army":
        verb = "attacks" if a[2] == 1 else "attack"
        return f"{plural(a[2], 'legion')} {verb} {a[1]}{_seas(a[3])}"
    if kind == "march":
        return f"March into {a[1]}{_seas(a[2])}"
    if kind == "halt":
        return "End the campaign"
    if kind == "keep":
        r = s.pending[-1].data[0] if s.pending else 0
        zone = s.players[a[1]].remote_triumphs[r]
        card = zone[a[2]].card if a[2] < len(zone) else HIDDEN
        own = s.pending and a[1] == s.pending[-1].seat
        where = "your map" if own else f"{seat_name(s, a[1])}'s map"
        return f"Keep {triumph_text(card)} (from {where}){_triumph_gain(s, card)}"
    if kind == "target":
        return f"The Enemy marches on {a[1]}"
    if kind == "route":
        return "Route: " + " → ".join(a[1])
    if kind == "native":
        pd = s.pending[-1] if s.pending and s.pending[-1].kind == "natives" else None
        counters = pd.data[1] if pd else ()
        card = counters[a[2]].card if a[2] < len(counters) else HIDDEN
        alike = card != HIDDEN and any(c.card == card for c in counters[:a[2]])
        return f"{native_text(card)} in {a[1]}" + (" (another one alike)" if alike else "")
    return str(a)


def _mover(s: State) -> int:
    """The seat choosing now: the pending decision's, else the turn's."""
    if s.pending:
        return s.pending[-1].seat
    return s.queue[0] if s.queue else 0


def _glory(s: State, place: str, before: str, after: str, city: bool = True) -> str:
    """"; Glory +6 points, city bonus +2 points" where a city built (``city``) or converted in
    ``place`` earns the mover its Glory now (7A, ``empire.glory_gain``);
    solo, "; denies The Enemy 5 points" where it takes The Enemy's Glory
    marker off; "" elsewhere."""
    if place not in PLACES:
        return ""
    i = PLACES.index(place)
    chart, bonus = glory_parts(s, _mover(s), i, city)
    words = glory_words(chart, bonus, glory_denied(s, i))
    return f"{before}{'; '.join(words)}{after}" if words else ""


def glory_words(chart: int, bonus: int, denied: int = 0) -> list[str]:
    """What earning Glory scores, in the log's two parts: ["Glory +6
    points, city bonus +2 points"] ("Glory +6 points" with no city bonus),
    then, solo, "denies The Enemy 5 points"; [] when it scores nothing."""
    words = []
    if chart + bonus > 0:
        extra = f", city bonus +{plural(bonus, 'point')}" if bonus else ""
        words.append(f"Glory +{plural(chart, 'point')}{extra}")
    if denied > 0:
        words.append(f"denies The Enemy {plural(denied, 'point')}")
    return words


def _triumph_gain(s: State, card: int) -> str:
    """What keeping Triumph ``card`` scores the keeper at the end, as the
    arts stand (7C): ": 4 points + 3 for the arts now" (each icon scores
    as many points as such icons are held in all; with others' Triumphs
    unseen, "at least"). "" for a face-down one."""
    if card == HIDDEN:
        return ""
    keeper = s.players[_mover(s)]
    t = TRIUMPHS[card]
    held = [h.card for p in s.players for h in p.triumphs]
    known = [c for c in held if c != HIDDEN]
    mine = [h.card for h in keeper.triumphs if h.card != HIDDEN]
    arts = 0
    for icon in set(t.arts):
        n = t.arts.count(icon)
        total = sum(TRIUMPHS[c].arts.count(icon) for c in known)
        own = sum(TRIUMPHS[c].arts.count(icon) for c in mine)
        arts += (own + n) * (total + n) - own * total
    if not t.arts:
        return f": {plural(t.points, 'point')}"
    least = "at least " if len(known) < len(held) else ""
    return f": {plural(t.points, 'point')} + {least}{arts} for the arts now"


def _build(s: State, a: tuple) -> str:
    pd = s.pending[-1] if s.pending and s.pending[-1].kind == "build" else None
    free = bool(pd and pd.data[2])
    cost = PIECE_COST[a[1]]
    price = f"free, {cost} of the {pd.data[0]} gold left" if free and pd else f"{cost} gold"
    if a[2] == "Villa":
        return f"Buy a {a[1]} to wait in the Villa ({price})"
    if a[1] == "city":
        price += _glory(s, a[2], "; ", "")
    seat = pd.seat if pd else (s.queue[0] if s.queue else 0)
    place = PLACES.index(a[2])
    old = replaced_by(s.players[seat], a[1], place)
    if old == place:
        return f"Flip the fort in {a[2]} to a wall ({price})"
    if old >= 0:
        there = _piece_at(s.players[seat], a[1], old)
        if there != a[1]:  # one fortification per region: the other kind is taken up
            return f"Build a {a[1]} in {a[2]}, taking up the {there} in {PLACES[old]} ({price})"
        return f"Move the {a[1]} from {PLACES[old]} to {a[2]} ({price})"
    return f"Buy a {a[1]} in {a[2]} ({price})"


def _piece_at(p, piece: str, place: int) -> str:
    """What stands at ``place`` of the kind ``piece`` would take up: the
    city, or the fort or wall (a region holds one fortification of either
    kind, so a wall built may take up a fort and the other way round)."""
    if piece == "city":
        return "city"
    return "wall" if p.walls >> place & 1 else "fort"


def benefit_text(god: str, number: int) -> str:
    """What benefit ``number`` of ``god``'s chart gives, in words."""
    b = temple_benefit(god, number)
    n = b.amount
    per = f"{b.per} point{'s' if b.per != 1 else ''} per"
    words = {
        "recruit": f"recruit {plural(n, 'legion')}",
        "build": f"build pieces worth up to {n} gold, free",
        "gain resources": f"gain {plural(n, 'resource')} of your choice",
        "gain gold": f"gain {n} gold",
        "remove unrest": f"remove {n} unrest",
        "raise": f"raise {n} rank{'s' if n != 1 else ''}",
        "remove all unrest and raise": "remove all unrest, raise 1 rank",
        "score legions outside Italy": f"{per} legion outside Italy",
        "score cities": f"{per} city",
        "score cities and fortifications": f"{per} city and per fortification",
        "score resources": f"{per} {n} resources (kept)" if n != 1 else f"{per} resource (kept)",
        "score provinces": f"{per} occupied province not in unrest",
        "score ranks": f"{per} senator rank",
    }
    return words.get(b.effect, b.effect)


def _yield(s: State, provinces: list[int] | None, names: tuple[str, ...] = RESOURCE_NAMES
           ) -> str:
    """What a revenue choice yields now, " (2 gold)", " (1 manpower, 2
    gold)", " (nothing now)": ``provinces`` (None: every one the mover
    collects from, the Baths of Agrippa) of the resources ``names``."""
    pd = s.pending[-1] if s.pending and s.pending[-1].kind in ("collect", "types") else None
    if pd is None:
        return ""
    p = s.players[pd.seat]
    places = revenue_provinces(p) if provinces is None else provinces
    gained = revenue(p, places, tuple(RESOURCE_NAMES.index(n) for n in names))
    words = [amount(n, w) for n, w in zip(gained, RESOURCE_NAMES, strict=True) if n]
    return f" ({', '.join(words) or 'nothing now'})"


def _benefits(s: State, a: tuple) -> str:
    pd = s.pending[-1] if s.pending and s.pending[-1].kind == "benefits" else None
    if pd is None:
        return f"Benefits {a[1]} and {a[2]}" if a[2] else f"Benefit {a[1]}"
    god = pd.data[0]
    parts = []
    recruited = 0  # a pair's second recruit draws on what the first left
    for n in (a[1], a[2]):
        if n:
            parts.append(f"{n}: {benefit_text(god, n)}"
                         f"{_benefit_now(s, pd.seat, god, n, recruited)}")
            b = temple_benefit(god, n)
            recruited += (b.amount or 0) if b.effect == "recruit" else 0
    return ("Benefit " if len(parts) == 1 else "Benefits ") + "; then ".join(parts)


def _benefit_now(s: State, seat: int, god: str, number: int, recruited: int = 0) -> str:
    """What a benefit gives ``seat`` as the map stands: " (now 6 points)";
    " (7 left in the supply)" where a recruit asks for more legions; a
    pair's second recruit after the first's ``recruited`` legions: " (only
    2 left in the supply by then)" (a walker chose "10 legions, 7 legions"
    and recruited 12: nothing had said the supply ran short)."""
    from .empire import legion_supply
    from .senate import _benefit_points

    b = temple_benefit(god, number)
    if b.effect.startswith("score"):
        points = _benefit_points(s, seat, b.effect, b.amount or 0, b.per)
        return f" (now {plural(points, 'point')})"
    left = legion_supply(s.players[seat])
    if recruited and b.effect == "recruit" and b.amount is not None \
            and left - recruited < b.amount:
        return f" (only {max(0, left - recruited)} left in the supply by then)"
    if b.effect == "recruit" and b.amount is not None and left < b.amount:
        return f" ({left} left in the supply)"
    return ""


def unrest_cost(s: State, province: str) -> str:
    """What unrest in ``province`` costs the seat placing it, where it is
    more than the province's revenue: in Italy, its god (7B): ": you lose
    Mercury" (a walker lost Mercury to a Basilica's unrest with no word of
    it before the choice)."""
    from .data import GODS
    from .empire import UNREST_SUPPLY, unrest_out
    from .state import ITALY

    seat = _mover(s)
    if not ITALY >> PLACES.index(province) & 1 or seat not in s.gods \
            or unrest_out(s) >= UNREST_SUPPLY:
        return ""
    return f": you lose {GODS[s.gods.index(seat)].name}"


# Each fits one status row at 80 columns after "Your turn — Yellow: " (54
# characters at most with its figures): a longer one wrapped and pushed the
# table down (tests/test_romans_at_80.py).
PROMPTS = {
    "glory": "choose the province of your Glory marker",
    "piece": "place your bonus {0}",
    "collect": "choose a province to collect from",
    "unrest": "Basilica: place 1 unrest where you collected",
    "types": "choose {0:type} of revenue",
    "raise": "raise a senator by one rank ({0} left)",
    "build": "buy pieces (up to {0} gold)",
    "citadel": "use your Citadel actions ({0} left)",
    "benefits": "{0}: split Temple score {1} into 1 or 2 benefits",
    "take": "choose the {0:resource} you gain",
    "sets": "Colosseum: resource sets to score ({0:point} each)",
    "calm": "choose where to remove unrest ({0} left)",
    "army": "Castra Praetoria: army target and size (up to {0})",
    "march": "your army won: march on, or end the campaign",
    "triumph": "choose the Triumph to keep",
    "target": "choose which equally near city the Enemy marches on",
    "route": "choose the Enemy army's route",
    "natives": "place the Native forces drawn from the pot",
}


class Counts(string.Formatter):
    """Formats ``{0:legion}`` as ``1 legion`` or ``2 legions``, so a
    prompt's count never reads "1 points"."""

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec.isalpha() and isinstance(value, int):
            return plural(value, format_spec)
        return super().format_field(value, format_spec)


COUNTS = Counts()


def prompt(s: State) -> str:
    if s.phase == OVER:
        return "The game is over"
    if s.pending:
        pd = s.pending[-1]
        text = PROMPTS[pd.kind]
        with contextlib.suppress(IndexError, KeyError, ValueError):
            text = COUNTS.format(text, *pd.data)
        if pd.kind == "collect":
            left = pd.data[0] - pd.data[1].bit_count()
            text += f" ({left} more at most)"
        return f"{seat_name(s, pd.seat)}: {text}"
    if not s.queue:
        return PHASE_NAMES[s.phase]
    who = seat_name(s, s.queue[0])
    if s.phase == LEADERS:
        return f"{who}: choose a leader for Era {s.era}"
    if s.phase == NATIONS:
        return f"{who}: choose the enemy nation to face"
    if s.phase == EXPANSION:
        return f"{who}: place a senator"
    return f"{who}: {PHASE_NAMES[s.phase]}"


Part = tuple[str, "int | None"]


def _line(s: State, e: tuple) -> tuple[Part, ...] | None:  # noqa: C901
    k = e[0]

    def who(seat: int) -> Part:
        return (seat_name(s, seat), seat)

    def place(i: int) -> str:
        return PLACES[i]

    if k == "score":
        sign = "+" if e[2] > 0 else ""
        unit = "point" if abs(e[2]) == 1 else "points"
        return (who(e[1]), f" {sign}{e[2]} {unit} ({score_why(e[3])})")
    if k == "unrest":
        return (who(e[1]), f": unrest in {place(e[2])}")
    if k == "calm":
        return (who(e[1]), f": unrest removed in {place(e[2])}")
    if k == "god back":
        return (who(e[1]), f" loses {e[2]} (unrest in Italy)")
    if k == "god":
        return (who(e[1]), f" takes {e[2]}")
    if k == "deny glory":
        return (who(e[1]), f" takes The Enemy's Glory in {place(e[2])}")
    if k == "built":
        if e[4] == e[3]:
            return (who(e[1]), f" flips the fort in {place(e[3])} to a wall")
        moved = f" (taken up from {place(e[4])})" if e[4] >= 0 else ""
        return (who(e[1]), f" builds a {e[2]} in {place(e[3])}{moved}")
    if k == "revenue":
        got = ", ".join(amount(n, RESOURCE_NAMES[i]) for i, n in enumerate(e[2]) if n)
        return (who(e[1]), f" collects {got or 'nothing'}")
    if k == "convert":
        return (who(e[1]), f" converts the city in {place(e[2])}")
    if k == "glory roll":
        where = place(e[3]) if e[3] >= 0 else "a province of their choice"
        return (who(e[1]), f" rolls {e[2]} for Glory: {where}")
    if k == "glory chosen":
        return (who(e[1]), f" chooses {place(e[2])} for Glory")
    if k == "enemy glory roll":
        return (f"The Enemy rolls {e[1]} for Glory: {place(e[2])}",)
    if k == "later":
        return (f"Later building turned over: {e[1]}",)
    if k == "enemy score":
        return (f"The Enemy scores {e[1]} ({score_why(e[2])})",)
    if k == "card":
        return (f"Era card {e[1]} is turned over",)
    if k == "block":
        return (f"The black die blocks entry {e[1]}, {e[2]}",)
    if k == "leader":
        return (who(e[1]), f" follows {e[2]}")
    if k == "nation":
        return (who(e[1]), f" faces {nation_name(e[2])}")
    if k == "fleets sunk":
        return (who(e[1]), f": the Roman and Enemy fleets in {place(e[2])} sink each other")
    if k == "waiting":
        return (who(e[1]), f": a {e[2]} waits in the Villa")
    if k == "placed":
        return (who(e[1]), f" places a {ROMAN[e[2]]} senator in {e[3]} box {ROMAN[e[4]]}")
    if k == "citadel":
        return (who(e[1]), f" places a {ROMAN[e[2]]} senator in the Citadel: the black die "
                           f"rolls {e[4]}, {plural(e[2] + e[3], 'action')} ({e[2]} for the "
                           f"rank + {e[3]} for the die)")
    if k in ("buy", "sell"):
        return (who(e[1]), f" {'buys' if k == 'buy' else 'sells'} {amount(1, e[2])}")
    if k == "temple":
        return (who(e[1]), f" calls on {e[2]}: die {e[4]} + {e[3] - e[4]} for the box = {e[3]}")
    if k == "benefit":
        return (who(e[1]), f" takes benefit {e[3]}: {benefit_text(e[2], e[3])}")
    if k == "take":
        return (who(e[1]), " takes " + ", ".join(amount(n, RESOURCE_NAMES[i])
                                                 for i, n in enumerate(e[2]) if n))
    if k == "gold":
        return (who(e[1]), f" takes {e[2]} gold")
    if k == "recruit":
        return (who(e[1]), f" recruits {plural(e[2], 'legion')}")
    if k == "raised":
        return (who(e[1]), f" raises a {ROMAN[e[2]]} senator ({e[3]})")
    if k == "army":
        general = f"a {ROMAN[e[4]]} general and " if e[4] else ""
        return (who(e[1]), f" sends {general}{plural(e[3], 'legion')} into {place(e[2])}")
    if k == "fight":
        return (who(e[1]), f" attacks {place(e[2])}: Rome {e[3]} against {e[4]}")
    if k == "battle roll":
        return (f"Battle dice: white {e[1]}, purple {e[2]}",)
    if k == "battle":
        result = "wins" if e[5] else "loses"
        return (who(e[1]), f" {result} in {place(e[2])}, {dice_sum(e[6], e[3])} to "
                           f"{dice_sum(e[7], e[4])}")
    if k == "army lost":
        return ("The army of ", who(e[1]), f" is destroyed in {place(e[2])}")
    if k == "conquer":
        return (who(e[1]), f" conquers {place(e[2])}")
    if k == "halt":
        return (who(e[1]), f" ends the campaign in {place(e[2])}")
    if k == "march":
        return (who(e[1]), f" marches into {place(e[2])}")
    if k == "triumph":
        return (who(e[1]), f" keeps a Triumph from {place(e[2])}")
    if k == "reset":
        return ("Roman re-set",)
    if k == "storm":
        return (f"Storm at sea: the black die rolls {e[1]}; every fleet showing {e[1]} sinks",)
    if k == "sunk":
        return (who(e[1]), f" loses the fleet in {place(e[2])} to the storm")
    if k == "remote roll":
        return (f"{place(e[1])} is attacked: white {e[2]}, purple {e[3]}",)
    if k == "remote battle":  # "remote lost" follows a battle lost, so this one says "fails"
        tie = " (ties go to the Enemy)" if not e[5] and e[3] == e[4] else ""
        return (who(e[1]), f" {'holds' if e[5] else 'fails to hold'} {place(e[2])}, "
                           f"{dice_sum(e[6], e[3])} to {dice_sum(e[7], e[4])}{tie}")
    if k == "remote lost":
        return (who(e[1]), f" loses {place(e[2])}: its legion, cities and fortifications go "
                           "back to the supply, and a Native force holds it again")
    if k == "enemy moves":
        return (who(e[1]), f": the Enemy enters {place(e[2])}")
    if k == "overrun":
        return (who(e[1]), f": the Enemy overruns {place(e[2])}")
    if k == "enemy fight":
        return (who(e[1]), f": the Enemy attacks {place(e[2])}, {e[3]} against {e[4]}")
    if k == "enemy roll":
        return (f"Enemy battle dice: white {e[1]}, purple {e[2]}",)
    if k == "enemy battle":
        return (who(e[1]), f" {'holds' if e[5] else 'loses'} {place(e[2])}, "
                           f"{dice_sum(e[6], e[3])} to {dice_sum(e[7], e[4])}")
    if k == "enemy conquers":
        return (who(e[1]), f": the Enemy conquers {place(e[2])}")
    if k == "enemy spent":
        return (who(e[1]), ": the Enemy army is spent")
    if k == "fall of rome":
        return (who(e[1]), f": Latium falls to {plural(e[2], 'warband')} — the Fall of Rome!")
    if k == "era":
        return (f"Era {e[1]}",)
    if k == "game over":
        return ("The game is over",)
    return None


def log_line(s: State, e: tuple) -> LogLine | None:
    parts = _line(s, e)
    if parts is None:
        return None
    out = tuple(p if isinstance(p, tuple) else (p, None) for p in parts)
    return LogLine(out, heading=e[0] == "era")


