"""Provincia Romana's action labels in a one-row list (80×24, ``-tight``):
"Build Portus 1C 4W +5PP" rather than "Build Portus for 1 Clay, 4 Wood
(+5 PP)", which a cut in the middle turned into "Build Portus… 4 Wood
(+5 PP)" so a price was lost.

``tight_label`` is ``ProvinciaUI.tight_label``: the action menu asks it for
every label of a one-row list and squeezes what it returns if that is still
too long (``tui.widgets.actions.squeeze``). The letters are the hand's
(``9W`` for 9 Wood) and the tracks the cities' (``Mor``), so a label reads
like the panels beside it.
"""

from __future__ import annotations

import re

from engine.provincia.data import RESOURCE_NAMES

# Shorter forms, tried in order until the label fits: each keeps every
# number of the label (costs, gains, shares) and drops only words.
_STEPS: tuple[tuple[re.Pattern[str], str], ...] = (
    # Commercium's exchange, as its play reads ("Play Commercium: 1C→1W, 1S"):
    # cut as a name, it lost its verb and read "1C 1W and 1S (Commercium)"
    (re.compile(r"^Exchange 1 Clay for 1 Wood and 1 Stone \(Commercium\)$"),
     "Commercium: exchange 1C→1W, 1S"),
    # cards that answer a loss or spare a tax: what they do, whole
    (re.compile(r"^Play Aediles to save the building \((\d+) Gold\)$"),
     r"Aediles \1G: save the building"),
    (re.compile(r"^Play Aediles to save the building$"), "Play Aediles: save the building"),
    (re.compile(r" \(spares nothing: you pay no tax this round\)$"), ": no tax due anyway"),
    # what a Senate card, a Consuetudo pick or an activation gains
    (re.compile(r" \((\+\d+) PP at game end[^)]*\)"), r" \1PP at end"),
    (re.compile(r" \(adds nothing: your Gloria with (\+\d+) PP counts\)"),
     r": nothing, your \1PP counts"),
    (re.compile(r" \(gains nothing now: no Clay to exchange\)"), ": nothing, no Clay"),
    (re.compile(r" \(gains nothing: already in effect this turn\)"), ": nothing, already on"),
    # a second Corruptio, or one under a Concussio: the hand says why
    (re.compile(r" \(gains nothing: (?:Corruptio already in play|Concussio taxes you all "
                r"the same)\)"), ": nothing"),
    (re.compile(r" \(then exchange (.+) for (.+)\)$"),
     lambda m: f": {m.group(1)}→{m.group(2).replace(' and ', ', ')}"),  # type: ignore[list-item]
    (re.compile(r" \(every building 1 Clay, Wood or Stone cheaper\)"), ": builds 1 cheaper"),
    (re.compile(r" \(an opponent pays 1 Gold tax every round\)"), ": a rival taxed"),
    (re.compile(r" \(an opponent loses a building\)"), ": a rival's building"),
    (re.compile(r" \(take 1 of the top 10 Aedificium cards\)"), ": 1 of top 10"),
    (re.compile(r" \(you never pay taxes again\)"), ": no tax ever"),
    (re.compile(r" of the deck$"), ""),  # Consuetudo's put-back: "Put X 2nd from the top"
    (re.compile(r" from the top$"), " from top"),
    (re.compile(r"^Put the rest back as listed, top first$"), "Rest back as listed, top first"),
    (re.compile(r" \(face down, you saw it\)$"), " (seen)"),  # the row says face down
    (re.compile(r"^Play Corruptio paying "), "Play Corruptio "),
    (re.compile(r" into your hand"), ""),
    (re.compile(r"; ([+-]\d+) PP\)"), r") \1PP"),
    (re.compile(r" — unique, already built$"), ", built"),
    (re.compile(r" — no battle left(: gains nothing)?$"),
     lambda m: ", no battle" + (": nothing" if m.group(1) else "")),  # type: ignore[list-item]
    (re.compile(r" — leaves no Gold for the tax \((-\d+) PP\)"), r", tax \1PP"),
    (re.compile(r"^End your turn — then discard (\d+) cards? \(hand limit (\d+)\)$"),
     r"End turn, discard \1 (keep \2)"),
    # the final turn: Gold left over is PP at the end; no battle follows
    (re.compile(r" — (\d+) PP less at the end \(\d+ Gold = 1 PP\)"), r", end -\1PP"),
    (re.compile(r" \(\+\d+ Defense — no battle left: gains nothing\)(?=, end -)"),
     ": nothing"),  # and it costs a PP of Gold: that stays
    (re.compile(r" \((\+\d+) Defense — no battle left: gains nothing\)"), r" \1Def, no battle"),
    (re.compile(r" \(no tax this round: (.+)\)$"), r", no tax: \1"),
    (re.compile(r"\(([+-]\d+) PP\)"), r"\1PP"),
    (re.compile(r"(\d+) (" + "|".join(RESOURCE_NAMES) + r")\b"),
     lambda m: f"{m.group(1)}{m.group(2)[0]}"),  # type: ignore[list-item]
    (re.compile(r" for (?=\d)"), " "),
    (re.compile(r"(\d\w), (?=\d)"), r"\1 "),
    (re.compile(r"\((\d+) PP\):"), r"\1PP:"),
    (re.compile(r"\b(Mor|Def|Mil)(?:ale|ense|itary)\b"), r"\1"),  # the cities' words
    # the chooser's Opes pick: its own share, then what another taker would
    # get, dropped last ("Take Lapicidina 3S"); the detail says it whole.
    # "3W; others 1W" and "1C; Quaestor 2C" read as a transfer (fix 36b walk)
    (re.compile(r"\((.+?); another taker would get (.+?)\)"), r"\1 (another taker: \2)"),
    (re.compile(r" \(another taker: "), " (another: "),
    (re.compile(r" \(another: [^)]*\)"), ""),
    (re.compile(r"^Take (\w+) \((\d[^;)]*)\)"), r"Take \1 \2"),  # another taker's pick
    # a battle token, every one alike: its value, whose strength it moves
    # and the Gauls' ("-2: Narbo Martius 5→3 vs 3-4"; the city says the colour)
    (re.compile(r"^Play battle token ([+-]\d) \w+(?: \(start token\))?: (.+), Gauls (\S+)$"),
     r"\1: \2 vs \3"),
    # a Commercium that gains nothing: the verb goes before the reason
    (re.compile(r"^Play Commercium: nothing, "), "Commercium: nothing, "),
)


_DECK = re.compile(r"^Draw from the (\w+) deck \(([^);]+)[^)]*\)(?: — (.+))?$")


def tight_deck(label: str, width: int) -> str | None:
    """A deck's label in a row: "Opes deck (resources at once)", and a
    greyed one its reason instead of what it holds ("SPQR deck — no
    markers left"); None for any other label."""
    m = _DECK.match(label)
    if m is None or len(label) <= width:
        return None
    name, gloss, why = m.groups()
    if why is None:
        return f"{name} deck ({gloss})"
    why = why.replace('no action markers left this round', 'no markers left')
    short = f"{name} deck — {why}"
    # "Aedificium deck — no markers left" is 2 columns too many at 80×24
    return short if len(short) <= width else f"{name} — {why}"


_TAKE = re.compile(r"^Take (.+) into your hand \((.+); ([+-]\d+) PP\)"
                   r"( — unique, already built| — \w+ city: never built)?$")
_RES = re.compile(r"(\d+) (" + "|".join(RESOURCE_NAMES) + r")\b")


def tight_take(label: str, width: int) -> str | None:
    """A Consuetudo pick in one form for every card of the list: "Take
    Portus 1C 4W +5PP" (", built" for a unique building built, "✗ never"
    for one of the other kind of city); None for any other label. Within
    ``width``: a card that cannot be built now loses its price first (the
    detail gives it; "Take Circus 2C 2W 9S 1G +12PP, built" was 37 columns
    and the menu's cut lost ", built"), then letters of its name; another
    loses letters of its name, never a number."""
    m = _TAKE.match(label)
    if m is None:
        return None
    name, cost, pp, built = m.groups()
    price = _RES.sub(lambda r: f"{r.group(1)}{r.group(2)[0]}", cost).replace(", ", " ")
    mark = ""
    if built:
        mark = " ✗ never" if built.endswith("never built") else ", built"
    full = f"Take {name} {price} {pp}PP{mark}"
    if len(full) <= width or not mark:
        return _cut_name(full, width)
    tail = f" {pp}PP{mark}"
    room = width - len("Take ") - len(tail)
    if len(name) <= room:
        return f"Take {name}{tail}"
    return f"Take {name[:max(room - 1, 4)].rstrip()}…{tail}"


_DESTROY = re.compile(r"^Destroy (.+?)( \((?:active|inactive)\))? \(-(\d+) PP\)(?:: (.+))?$")
_LOSS_STEPS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r", nothing held above it"), ""),
    (re.compile(r"no more \+(\d+) Morale a round"), r"-\1 Mor/round"),
    (re.compile(r"(\d+) (" + "|".join(RESOURCE_NAMES) + r")\b"),
     lambda m: f"{m.group(1)}{m.group(2)[0]}"),  # type: ignore[list-item]
    (re.compile(r"(\d\w), (?=\d)"), r"\1 "),
    (re.compile(r"no more (\d\w(?: \d\w)*) a round"), r"-\1/round"),
    (re.compile(r"Military -(\d+)"), r"Mil -\1"),
    (re.compile(r"no more discount"), "no discount"),
)


def tight_destroy(label: str, width: int) -> str | None:
    """A building to lose (a battle lost, a Coniuratio) in a row: its name,
    the PP it takes and what else goes, shortened ("Destroy Fodina -2PP:
    -1S/round"); then without the verb (every row of that list destroys),
    the Horreum's storage as its new size, then letters of the name. The
    menu's cut had made "Destroy Horreum -… 9→5, 4S lost" and "Destroy
    Fodina -2PP… 1S a round"; None for any other label."""
    m = _DESTROY.match(label)
    if m is None or len(label) <= width:
        return None
    name, state, pp, lost = m.groups()
    state = state or ""
    lost = lost or ""
    for pattern, repl in _LOSS_STEPS:
        lost = pattern.sub(repl, lost)
    price = f" -{pp}PP" if pp != "0" else ""
    forms = []
    for loss in dict.fromkeys((lost, lost.replace("storage 9→5", "storage 5"))):
        tail = f"{state}{price}" + (f": {loss}" if loss else "")
        forms += [(f"Destroy {name}", tail), (name, tail)]
    for head, tail in forms:
        if len(head) + len(tail) <= width:
            return head + tail
    head, tail = forms[-1]
    room = width - len(tail) - 1
    return f"{head[:room].rstrip()}…{tail}" if room >= 4 else head + tail


def tight_label(action: tuple, label: str, width: int) -> str:
    """The first shorter form of ``label`` that fits ``width`` columns, else
    the shortest (the menu squeezes it)."""
    deck = tight_deck(label, width)
    if deck is not None:
        return deck
    take = tight_take(label, width)
    if take is not None:
        return take
    destroy = tight_destroy(label, width)
    if destroy is not None:
        return destroy
    for pattern, repl in _STEPS:
        if len(label) <= width:
            break
        label = pattern.sub(repl, label)
    return _cut_name(_short_pp(label), width)


_NAMED = re.compile(r"^(\w+ )(.+?)( \d.*)$")
_WARNINGS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r", tax -\d+PP$"), ", tax!"),  # the detail gives the -2 PP whole
    (re.compile(r": no tax ever$"), ": no tax"),
)
_GAIN = re.compile(r"(?:: [^:]*|, [^\d,][^,]*)$")


def _cut_name(label: str, width: int) -> str:
    """A label still too long after every step loses letters of the card's
    name, never a number: "Build Fornax Lat… 1W 1S 1G +2PP" (the menu's
    squeeze, finding no break left, cut the end: "… 1W 1S 1G …", the PP
    gone; "Play Consul Pompeo… (+2 Def)", the price gone). Where no four
    letters of the name are left, the verb goes ("Corruptio 1C 1W 1S: no
    tax ever"), then the tax warning shortens ("tax!": the detail says it
    whole), then the gain: the price stays ("Build Fornax Lateris… tax
    -2PP" had none)."""
    m = _NAMED.match(label)
    if len(label) <= width or m is None:
        return label
    verb, name, rest = m.groups()
    warned = rest
    for pattern, repl in _WARNINGS:
        warned = pattern.sub(repl, warned)
    for tail in dict.fromkeys((rest, warned, _GAIN.sub("", warned))):
        for head in (verb, ""):
            if len(head) + len(name) + len(tail) <= width:
                return head + name + tail
            room = width - len(head) - len(tail) - 1
            if room >= 4:
                return f"{head}{name[:room].rstrip()}…{tail}"
    return label


_PP = re.compile(r"(\d) PP\b")
_PP_PAREN = re.compile(r"\(([+-]\d+PP)\)")


def _short_pp(label: str) -> str:
    """Prestige in the row's one form, "+2PP", also in a label that fit
    before its turn came: a list mixing "(+2 PP)" and "+2PP" read as two
    kinds of number (issue 28 walk-through)."""
    return _PP_PAREN.sub(r"\1", _PP.sub(r"\1PP", label))
