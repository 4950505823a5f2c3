"""The Romans' action labels in a one-row list (80×24, ``-tight``): a
senator placement reads "IV→Basilica Aemilia III: 2 gold" rather than
"IV to Basilica Aemilia, box III (2 gold)", which the row cut to "IV to
Basilica Aemilia, box I…" so the box and its price were lost (issue 28).

``tight_label`` is ``RomansUI.tight_label``: the action menu asks it for
every label of a one-row list, and squeezes what it returns if that is
still too long (``tui.widgets.actions.squeeze``). Every placement takes
the short form, those that would fit too, so the list reads alike. Each
form keeps what tells the 60-80 placements apart (rank, building, box,
god) and the price.
"""

from __future__ import annotations

import re

from engine.romans.actions import (
    Benefits,
    Build,
    CitadelUse,
    Invade,
    Keep,
    Leader,
    Nation,
    PlacePiece,
    Senator,
)
from engine.romans.data import BUILDING, RESOURCE_NAMES, amount
from engine.romans.text import ROMAN, plural

from .city import SHORT_NAMES
from .look import RES_LETTER, TAGS

BRIEF = ("manp.", "vict.", "mat.", "gold")  # the resources, where the words do not fit
SEP = " — "  # a greyed line's reason follows it (``table.building_places``)


def tight_label(action: tuple, label: str, width: int) -> str:
    """The first of the action's shorter forms that fits ``width``, else
    the shortest (no forms: the label as it is). A placement takes at
    least the form in which its building's longest placement fits (rank
    and box III), so a building's lines read alike down the list; one with
    a god shorter still if it must."""
    forms = _forms(action, label)
    if not forms:
        return label
    if isinstance(action, Senator) and SEP in label:  # a greyed line: its reason's start
        short = next((f for f in forms if len(f) <= width), forms[-1])
        return short if len(short) <= width else short[:width - 1] + "…"
    if isinstance(action, Senator):
        widest = _placement(Senator(3, action.building, 3, ""))
        k = next((i for i, f in enumerate(widest) if len(f) <= width), len(forms) - 1)
        return next((f for f in forms[k:] if len(f) <= width), forms[-1])
    if isinstance(action, Leader | Nation):
        return _entry(action, label, width)
    if isinstance(action, Build):  # the tightest form, so the list reads alike
        return next((f for f in forms[-1:] + [bare(forms[-1])] if len(f) <= width),
                    bare(forms[-1]))
    forms += [bare(forms[-1])] if forms and BARE.search(forms[-1]) else []
    return next((f for f in forms if len(f) <= width), forms[-1] if forms else label)


def _forms(action: tuple, label: str) -> list[str]:
    if isinstance(action, Leader | Nation):
        return [label]
    if isinstance(action, Senator):
        if SEP in label:
            return _closed(label)
        return _placement(action)
    if isinstance(action, Keep):
        return _keep_forms(label)
    if isinstance(action, Build):
        if SEP in label:  # greyed: the reason where the price was ("Fleet Tyr: needs 3g, 2 left")
            what, why = label.split(SEP, 1)
            return _build_forms(action, f"{what} ({why})")[1:]
        return _build_forms(action, label)
    if isinstance(action, CitadelUse | PlacePiece):
        return _gain_forms(action, label)
    if isinstance(action, Benefits):
        return _benefit_forms(label)
    if isinstance(action, Invade) and SEP not in label:
        seas = f" by sea ({', '.join(action.seas)})" if action.seas else ""
        return [f"{ROMAN[action.rank]}→{action.province}: "
                f"{plural(action.legions, 'legion')}{seas}"]
    return []


def _placement(a: Senator) -> list[str]:
    """"IV→Basilica Aemilia III: pay 2 gold +Mercury", then with the building's
    short name, then the god by its first letters ("+Mer"), and only then
    the Docks' letters ("g2"): "II→Basilica II: g2 +Mercury" read unlike
    every other label's "2 gold" where "+Mer" made room for it."""
    cost = BUILDING[a.building].boxes[a.box - 1].cost
    words = ", ".join(amount(n, w) for n, w in zip(cost, RESOURCE_NAMES, strict=True) if n)
    brief = ", ".join(f"{n} {w}" for n, w in zip(cost, BRIEF, strict=True) if n)
    letters = " ".join(f"{RES_LETTER[i]}{n}" for i, n in enumerate(cost) if n)
    god = f" +{a.god}" if a.god else ""
    mark = f" +{a.god[:3]}" if a.god else ""
    short = SHORT_NAMES.get(a.building, a.building)
    rank, box = ROMAN[a.rank], ROMAN[a.box]
    pay = "pay " if words else ""  # a price, not a gain ("1 manpower" at the recruiting box)
    return [f"{rank}→{a.building} {box}: {pay}{words}{god}",
            f"{rank}→{short} {box}: {pay}{words}{god}",
            f"{rank}→{short} {box}: {pay}{brief}{god}",
            f"{rank}→{short} {box}: {pay}{brief}{mark}",
            f"{rank}→{short} {box}: {pay}{letters}{god}",
            f"{rank}→{short} {box}: {pay}{letters}{mark}"]


def _closed(label: str) -> list[str]:
    """A greyed line, "Basilica Aemilia, box II — taken by Blue": "Basilica
    Aemilia II: taken by Blue", then with the short name, then with the
    reason's key words (``brief_reasons``: "no god: needs Etr Cam", "no
    god: needs Italy"), the god by its first letters where even that does
    not fit, and a row naming its god with "✗" for "no god:" ("Basilica
    +Mer ✗ unrest Ven": where the unrest is says more). The line under the map gives
    the whole reason (``RomansUI.focus_action``); the row was cut at
    "no god: It…", which said nothing of Italy (issue 28)."""
    what, why = label.split(SEP, 1)
    what = what.replace(", box ", " ").replace(" with ", " +")
    name = next((n for n in SHORT_NAMES if what.startswith(n)), "")
    short = f"{SHORT_NAMES[name]}{what[len(name):]}" if name else what
    god = re.sub(r" \+(\w{3})\w+$", r" +\1", short)
    forms = [f"{what}: {why}", f"{short}: {why}"]
    for brief in brief_reasons(why):
        forms.append(f"{short}: {brief}")
        if god != short and brief.startswith("no god: "):  # the row names the god: "✗"
            forms.append(f"{god} ✗ {brief.removeprefix('no god: ')}")  # before "+Min: no god"
        forms.append(f"{god}: {brief}")  # so the god rows read alike down the list
    return list(dict.fromkeys(forms))


# A reason's key words, ever shorter (the engine's words: ``closed``).
BRIEF_WHY: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (re.compile(pattern), forms) for pattern, forms in (
        (r"^no god: Italy not all yours \((.+)\)$",
         ("no god: needs {tags}", "no god: needs Italy", "no god: Italy")),
        (r"^no god: unrest in (.+)$", ("no god: unrest {tags}", "no god: unrest")),
        (r"^no god: you took one this Era$", ("no god: took one", "no god")),
        (r"^no god: all held \((.+)\)$", ("no god: all held", "no god")),
        (r"^yours already", ("yours already",)),
        (r"^free box (\w+) needs a \w+ senator$", ("needs a {0} senator", "needs {0}")),
        (r"^needs a (\w+) senator$", ("needs {0}",)),
        (r"^your god was called on at the Temple", ("god used this Era", "god used")),
        (r"^a blocking senator holds it$", ("blocked",)),
        (r"^you hold (\w+) this Era$", ("you hold {0}", "held")),
        (r"^\w+ is held by (\w+)$", ("held by {0}", "held")),
        (r"^(\w+) was called on at a building this Era$", ("{0} used this Era", "used")),
        (r"^not open to you now$", ("not open",)),
    ))


def brief_reasons(why: str) -> list[str]:
    """``why`` (a reason from ``engine.romans.closed``) in fewer words, the
    key ones first kept: "no god: Italy not all yours (Campania, Apulia)" as
    "no god: needs Cam Apu", then "no god: needs Italy", "no god: Italy";
    "needs 2 manpower (have 1)" as "needs 2 manp. (have 1)", "needs m2
    (have 1)" (``_needs``)."""
    if NEEDS.match(why):
        return _needs(why)
    for pattern, forms in BRIEF_WHY:
        m = pattern.match(why)
        if m is None:
            continue
        names = m.group(1).split(", ") if m.groups() else []
        tags = " ".join(TAGS.get(n, n) for n in names)
        return [f.format(*m.groups(), tags=tags) for f in forms]
    return []


# A price the Docks cannot pay ("needs 2 gold (have 0)"), and the Market
# trades that would pay it ("…: sell 1 victuals, 1 material below").
NEEDS = re.compile(r"^needs (\d+ \w+ \(have \d+\)(?:, \d+ \w+ \(have \d+\))*)"
                   r"(?:: (.+) below)?$")
NEED = re.compile(r"(\d+) (\w+) \(have (\d+)\)")
TRADES = re.compile(r"(sell|buy) ((?:\d+ \w+(?:, (?=\d))?)+)")


def _needs(why: str) -> list[str]:
    """"needs 1 manpower (have 0): sell 2 victuals, 1 material, buy 1
    manpower below", then "needs 1 manp. (have 0): sell v2 t1, buy m1",
    then "needs m1 (have 0): sell v2 t1, buy m1", "m1 (have 0): sell v2
    t1, buy m1" (the price in letters, as a placement's "g2"), "needs m1
    (have 0): trades below", then without the trades (the line under the map gives
    them), then "needs m1, have 0" ("needs m2 t1 (have m1 t0)"): the
    price and what the Docks hold stay, so "needs 1 gold" never reads as
    one more than the seat holds when it is the price (issue 28)."""
    m = NEEDS.match(why)
    if m is None:
        return []
    needs, trades = m.groups()
    found = [(int(n), _resource(w), int(h)) for n, w, h in NEED.findall(needs)]
    brief = ", ".join(f"{n} {BRIEF[i]} (have {h})" for n, i, h in found)
    if len(found) == 1:
        (n, i, h), = found
        letters, least = f"{RES_LETTER[i]}{n} (have {h})", f"{RES_LETTER[i]}{n}, have {h}"
    else:
        letters = least = (" ".join(f"{RES_LETTER[i]}{n}" for n, i, _ in found) + " (have "
                           + " ".join(f"{RES_LETTER[i]}{h}" for _, i, h in found) + ")")
    forms = []
    if trades:
        short = ", ".join(
            f"{kind} " + " ".join(f"{RES_LETTER[_resource(w)]}{n}"
                                  for n, w in re.findall(r"(\d+) (\w+)", what))
            for kind, what in TRADES.findall(trades))
        forms += [f"needs {brief}: {short}", f"needs {letters}: {short}",
                  f"{letters}: {short}", f"needs {letters}: trades below"]
    return list(dict.fromkeys(forms + [f"needs {brief}", f"needs {letters}", f"needs {least}"]))


def _resource(word: str) -> int:
    """The index of a resource named in the singular or the plural."""
    return next(k for k, w in enumerate(RESOURCE_NAMES) if word.rstrip("s") == w.rstrip("s"))


# The names players know the longer leaders and nations by, for a narrow row.
SHORT_ENTRY = {
    "Numa Pompilius": "Numa", "Tullus Hostilius": "Tullus", "Ancus Marcius": "Ancus",
    "Tarquinius Priscus": "Tarquinius", "Servius Tullius": "Servius",
    "Appius Claudius": "Appius", "Fabius Maximus": "Fabius", "Scipio Africanus": "Scipio",
    "Julius Caesar": "Caesar", "Septimius Severus": "Severus", "Cimbri and Teutones": "Cimbri",
}
LEADER = re.compile(r"army (\d+), (\d+) gold(?:, bonus (\w+)( \(no place yet\))?)?"
                    r"(?:, for (\w+))?$")
NATION = re.compile(r"(\d+) warbands? from (.+?)(, a fleet)?(?:, general \+(\d+))?"
                    r"(?:, for (\w+))?$")
SHORT_WHY = {"blocked by the black die": "blocked"}


def _entry(action: tuple, label: str, width: int) -> str:
    """A leader's or a nation's label in ``width``: the first of its
    forms, most words first, that fits (see ``_entry_forms``), else the
    shortest."""
    forms = _entry_forms(action, label, width)
    return next((f for f in forms if len(f) <= width), forms[-1])


def _entry_forms(action: tuple, label: str, width: int) -> list[str]:
    """"Numa Pompilius: army 3, 5 gold, bonus city" (the label), then the
    entry's words ever tighter ("+city"; "5g"; a nation's start by its map
    tag, "3w Ven gen+1"), each with the full name, then the short one;
    then the name cut so the rest fits (every number stays). With 2
    players an entry for the other reads "→Blue" (not "for Blue") on every
    row, its own full label never, so the rows read alike. A greyed
    line's reason follows (" — taken", "blocked" for the black die at the
    tightest); where even that does not fit, its name and reason alone:
    it cannot be chosen, and why says more than its numbers."""
    what, _, why = label.partition(SEP)
    name, _, rest = what.partition(": ")
    tails = _leader_tails(rest) if isinstance(action, Leader) else _nation_tails(rest)
    if not tails:
        return [label]
    short = SHORT_ENTRY.get(name, name)
    if why:
        tails = [f"{tail}{SEP}{why}" for tail in tails[:-1]] + \
            [f"{tails[-1]}{SEP}{SHORT_WHY.get(why, why)}"]
    if ", for " in what:  # "→Blue" on every row alike, none "for Blue"
        label, tails = "", tails[1:]
    forms = [label] if label else []
    forms += [f"{n}: {tail}" for tail in tails for n in dict.fromkeys((name, short))]
    for tail in tails:  # the name cut, only where no whole name fits
        room = width - len(tail) - 2
        if (5 if why else 3) <= room < len(short):
            forms.append(f"{short[:room - 1]}…: {tail}")
    if why:
        forms.append(f"{short}{SEP}{SHORT_WHY.get(why, why)}")
    return forms


def _leader_tails(rest: str) -> list[str]:
    """A leader's army, gold, bonus piece and (2 players) user, ever
    tighter: a bonus piece with no place yet "+city→Villa" (it waits), at
    the tightest "+city✗"."""
    m = LEADER.match(rest)
    if m is None:
        return []
    army, gold, bonus, waits, user = m.groups()
    plus = f", +{bonus}{'→Villa' if waits else ''}" if bonus else ""
    least = plus.replace(",", "").replace("→Villa", "✗")  # the line under the map says why
    who = f" →{user}" if user else ""  # "for Blue" (2 players), alike on every row
    return [rest, f"army {army}, {gold} gold{plus}{who}", f"army {army}, {gold}g{plus}{who}",
            f"army {army}, {gold}g{plus.replace(',', '')}{who}",
            f"army {army}, {gold}g{least}{who}"]


def _nation_tails(rest: str) -> list[str]:
    """A nation's warbands, start, fleet, general and (2 players) user,
    ever tighter: the start by its map tag ("Ven")."""
    m = NATION.match(rest)
    if m is None:
        return []
    warbands, start, fleet, general, user = m.groups()
    tag = TAGS.get(start, start)
    who = f" →{user}" if user else ""  # "for Blue" (2 players), alike on every row
    sea = ", fleet" if fleet else ""
    gen = f", general +{general}" if general else ""
    bands = plural(int(warbands), "warband")
    return [rest, f"{bands} from {tag}{sea}{gen}{who}",
            f"{bands}, {tag}{sea}{gen.replace('general', 'gen.')}{who}",
            f"{warbands}w {tag}{'+fleet' if fleet else ''}"
            f"{f' gen+{general}' if general else ''}{who}"]


KEEP = re.compile(r"Keep Triumph (\d+)(?: \+ ([a-z, ]+))? \(from (?:your map|(\w+)'s map)\)"
                  r": (\d+) points?(?: \+ (at least )?(\d+) for the arts now)?$")
ART = {"statue": "sta", "mosaic": "mos", "poetry": "poe"}


def _keep_forms(label: str) -> list[str]:
    """"Keep Triumph 5 + statue, mosaic (from Yellow's map): 5 points + 2
    for the arts now", then "Triumph 5 + statue, mosaic, Yellow: 5 + 2
    arts now", then "T5+sta,mos, Yellow: 5+2 arts" ("≥2" where others'
    Triumphs are unseen). A face-down one has nothing to squeeze."""
    m = KEEP.match(label)
    if m is None:
        return []
    points, arts, whose, gain, least, extra = m.groups()
    whose = whose or "yours"
    icons = f" + {arts}" if arts else ""
    brief = "+" + ",".join(ART.get(a, a) for a in arts.split(", ")) if arts else ""
    unit = " point" if gain == "1" else " points"
    more = f" + {least or ''}{extra} arts now" if extra else unit
    tight = f"+{'≥' if least else ''}{extra} arts" if extra else unit
    return [label, f"Triumph {points}{icons}, {whose}: {gain}{more}",
            f"T{points}{brief}, {whose}: {gain}{tight}"]


TAKEN_UP = re.compile(r", taking up the (\w+) in (.+)$")
MOVED = re.compile(r"^Move the \w+ from (.+) to ")


def _build_forms(a: Build, label: str) -> list[str]:
    """"Buy a city in Latium (4 gold; Glory +10 points)", then "City in
    Latium: 4 gold, Glory +10", then "City Lat: 4g, Glory +10" (the one a
    one-row list takes for every piece, so it reads alike); a piece
    moved "Fort Cam→Apu: 2g", taken up "Wall Apu, fort Cam goes: 4g", a fort
    flipped "Fort→wall Cam: 4g", one to wait "City to the Villa: 4g"."""
    what, sep, price = label.rpartition(" (")
    if not sep or not price.endswith(")"):
        return []
    price = price[:-1].replace("; ", ", ").replace(" points", "").replace(" point", "")
    brief = re.sub(r"(\d+) gold", r"\1g", price).replace(" of the ", " of ")
    brief = brief.replace(", you hold ", ", have ")  # greyed: "needs 4g, have 3" fits a row
    brief = both(brief.replace("denies The Enemy", "Enemy -"))
    brief = brief.replace("Enemy - ", "Enemy -")
    piece, tag = a.piece.capitalize(), TAGS.get(a.place, a.place)
    if a.place == "Villa":
        return [label, f"{piece} to the Villa: {price}", f"{piece} to the Villa: {brief}"]
    if what.startswith("Flip "):
        return [label, f"Fort→wall in {a.place}: {price}", f"Fort→wall {tag}: {brief}"]
    moved, up = MOVED.match(what), TAKEN_UP.search(what)
    if moved:
        old = moved.group(1)
        return [label, f"{piece} {old}→{a.place}: {price}",
                f"{piece} {TAGS.get(old, old)}→{tag}: {brief}"]
    if up:
        there, old = up.groups()
        return [label, f"{piece} in {a.place}, {there} in {old} goes: {price}",
                f"{piece} {tag}, {there} {TAGS.get(old, old)} goes: {brief}"]
    return [label, f"{piece} in {a.place}: {price}", f"{piece} {tag}: {brief}"]


def _gain_forms(a: CitadelUse | PlacePiece, label: str) -> list[str]:
    """A conversion or a bonus piece placed, with what it gains: "Convert
    the city in Etruria (+3 points at the end; Glory +9 points)", then
    "Convert Etruria: +3 at the end, Glory +9", then "Convert Etr: +3 at
    end, Glory +9"; "Place the city in Latium (Glory +10 points)", then
    "City Lat: Glory +10"."""
    place = a.place
    if isinstance(a, PlacePiece) and place == "Villa":
        return _villa_forms(a, label)
    if place not in TAGS or not (isinstance(a, PlacePiece) or a.what == "convert"):
        return []
    _, sep, gain = label.partition(" (")
    gain = gain[:-1] if sep else ""
    gain = gain.replace("; ", ", ").replace(" points", "").replace(" point", "")
    gain = gain.replace("denies The Enemy ", "Enemy -")
    if isinstance(a, PlacePiece):
        piece = a.piece.capitalize()
        return [label, f"{piece} in {place}{': ' if gain else ''}{gain}",
                f"{piece} {TAGS[place]}{': ' if gain else ''}{both(gain)}"]
    return [label, f"Convert {place}: {gain}",
            f"Convert {TAGS[place]}: {both(gain.replace(' at the end', ' at end'))}"]


BARE = re.compile(r"(Glory \+\d+\+\d+) bonus")


def bare(form: str) -> str:
    """The tightest row: "Glory +6+2" without its word (the line under
    the map gives the whole label), where "bonus" would cut the price."""
    return BARE.sub(r"\1", form)


BOTH = re.compile(r"Glory \+(\d+), city bonus \+(\d+)")


def both(gain: str) -> str:
    """The Glory and the city bonus in a one-row form: "Glory +6, city bonus
    +2" as "Glory +6+2 bonus" (both figures, as the log gives them)."""
    return BOTH.sub(r"Glory +\1+\2 bonus", gain)


NO_PLACE = re.compile(r" \(no place: (.+)\)$")


def _villa_forms(a: PlacePiece, label: str) -> list[str]:
    """A bonus piece with nowhere to go, and why: "Keep the fort in the
    Villa (no place: one fortification a region, and the fort in Latium
    fills yours)", then "Fort waits in the Villa: region full (Lat)",
    then "Fort→Villa: region full (Lat)"."""
    m = NO_PLACE.search(label)
    if m is None:
        return []
    why = m.group(1)
    if " fill" in why:
        tags = [tag for name, tag in TAGS.items() if f" in {name} " in why + " "
                or f" in {name}," in why]
        why = f"region full ({' '.join(tags)})"
    why = why.replace(" left in the supply", " in the supply").replace(" beside your provinces", "")
    piece = a.piece.capitalize()
    return [label, f"{piece} waits in the Villa: {why}", f"{piece}→Villa: {why}"]


# A Temple benefit's words (``engine.romans.text.benefit_text``) and two
# shorter forms, each keeping what the benefit does and its figures.
BENEFIT_WORDS: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(f"^{pattern}$"), medium, tight) for pattern, medium, tight in (
        (r"recruit (\d+ legions?)", "recruit {0}", "{0}"),
        (r"build pieces worth up to (\d+) gold, free", "build up to {0} gold", "build {0}g"),
        (r"gain (\d+ resources?) of your choice", "gain {0}", "{0}"),
        (r"gain (\d+) gold", "gain {0} gold", "{0} gold"),
        (r"remove (\d+) unrest", "remove {0} unrest", "-{0} unrest"),
        (r"raise (\d+ ranks?)", "raise {0}", "raise {0}"),
        (r"remove all unrest, raise 1 rank", "remove all unrest, raise 1", "no unrest, raise 1"),
        (r"(\d+) points? per (.+)", "", ""),  # ``_benefit_words`` words these
    ))
# what a scoring benefit counts: (each, in all)
COUNTED = {
    "legion outside Italy": ("legion out of Italy", "legions"),
    "city": ("city", "cities"),
    "city and per fortification": ("city, fort", "cities+forts"),
    "2 resources (kept)": ("2 resources", "resources"),
    "resource (kept)": ("resource", "resources"),
    "occupied province not in unrest": ("province", "provinces"),
    "senator rank": ("rank", "ranks"),
}
BENEFIT = re.compile(r"^Benefits? (.+)$")
NOW = re.compile(r" \((now \d+) points?\)$| \(((?:only )?\d+) left in the supply(?: by then)?\)$")


def _benefit_forms(label: str) -> list[str]:
    """"Benefit 4: 1 point per occupied province not in unrest (now 10
    points)", then "Benefit 4: 1 pt/province, now 10", then "B4: 10 pts for
    provinces"; "Benefits 1: remove 1 unrest; then 2: raise 1 rank", then
    "B1+2: remove 1 unrest, then raise 1 rank" (a pair takes "B" in every
    cut form, so a list of them reads alike), then "B1+2: -1 unrest, raise
    1 rank". A row cut them to "Benefit 4: 1… (now 10
    points)", which said nothing of what scores (issue 28); the line under
    the map gives the label whole (``about``)."""
    m = BENEFIT.match(label)
    if m is None:
        return []
    parts = [part.split(": ", 1) for part in m.group(1).split("; then ")]
    if any(len(part) != 2 for part in parts):
        return []
    shorts = [_benefit_words(words) for _, words in parts]
    if any(short is None for short in shorts):
        return []
    numbers = "+".join(n for n, _ in parts)
    medium = ", then ".join(short[0] for short in shorts if short)
    tight = ", ".join(short[1] for short in shorts if short)
    if len(parts) > 1:  # "B1+2" whenever cut, so a list of pairs reads alike
        return [label, f"B{numbers}: {medium}", f"B{numbers}: {tight}"]
    return [label, f"Benefit {numbers}: {medium}", f"B{numbers}: {medium}", f"B{numbers}: {tight}"]


def _benefit_words(words: str) -> tuple[str, str] | None:
    """One benefit's words in a medium and a tight form, with what it gives
    now ("1 pt/province, now 10" and "10 pts for provinces"; "(2 left)" for
    a recruit the supply cuts short, "(only 2 left)" for a pair's second
    recruit after the first); None: words not known."""
    now = NOW.search(words)
    points, left = now.groups() if now is not None else (None, None)
    words = words[:now.start()] if now is not None else words
    tail = f" ({left} left)" if left else ""
    for pattern, medium, tight in BENEFIT_WORDS:
        m = pattern.match(words)
        if m is None:
            continue
        groups = m.groups()
        if len(groups) == 2:  # a scoring benefit: points per thing counted
            each, counted = COUNTED.get(groups[1], (groups[1], groups[1]))
            unit = "pt" if groups[0] == "1" else "pts"
            figure = points.removeprefix("now ") if points else ""
            return (f"{groups[0]} {unit}/{each}" + (f", {points}" if points else ""),
                    (f"{figure} pt{'' if figure == '1' else 's'} for " if figure else "pts for ")
                    + counted)
        return medium.format(*groups) + tail, tight.format(*groups) + tail
    return None
