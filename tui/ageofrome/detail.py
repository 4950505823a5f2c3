"""What the table says about one action before it is taken, and about the
actions the seat cannot take now: the full text of a card an action names
(most cards are stand-ins, so knowing the boxed game does not help), a
Scheme's effect, a set's points; and, for a build the engine refuses, its
own reason (``build.why``), so a build you cannot afford is still listed
with what it needs."""

from __future__ import annotations

from typing import Any

from engine.ageofrome import (
    action_phase,
    board,
    build,
    data,
    forces,
    glory,
    income,
    reference,
    scheme,
    scoring,
    text,
)
from engine.ageofrome.actions import DONE, Activate, Apostasy, Build
from engine.ageofrome.forces import FROM_BOARD, FROM_REGION, LEGION, LegionMoved
from engine.ageofrome.scheme import APOSTASY_CHOICE, DECEPTION_MOVE, LegionRelocated
from engine.ageofrome.state import (
    BOARD,
    CARD_INDEX,
    REGIONS,
    TYPES,
    coins,
    in_front,
    option,
    seat_facing,
    seat_name,
    tile_index,
)

TRADE_INDEX = {c.name: i for i, c in enumerate(data.TRADE_CARDS)}
QUEST_INDEX = {q.name: i for i, q in enumerate(data.QUESTS)}


def _card(name: str) -> str:
    i = TRADE_INDEX.get(name)
    return reference.card_text(i) if i is not None else name


def _shut_out(s: Any, seat: int | None, name: str) -> str:
    """"Then Snake Bracelets cannot be played: this window goes on only for
    cards played when you place a Follower on a Farming building · " (the
    played card's condition, ``text.shut_out``), or nothing: first, so the
    80×24 board's line keeps it."""
    if seat is None or not 0 <= seat < s.n:
        return ""
    lost = text.shut_out(s, seat, name)
    card = data.TRADE_CARD.get(name)
    if not lost or card is None:
        return ""
    which = " and ".join(lost)
    return (f"Then {which} cannot be played: cards chain only with their own condition, "
            f"so this window goes on only for cards played "
            f"{reference.CONDITION_WORDS[card.condition]} · ")


def _taken(s: Any, name: str) -> str:
    """" · You take Pugio (Weapons): …": the discard pile's top, public
    (L233), that a card taking it brings into the hand."""
    card = data.TRADE_CARD.get(name)
    if card is None or card.effect.kind != "take discard" or not s.discard:
        return ""
    return f" · You take {_card(data.TRADE_CARDS[s.discard[-1]].name)}"


def _set(cards: tuple[str, ...], s: Any, seat: int | None) -> str:
    """What forming a set gives and costs, first, so it reads whole at
    80×24 (walk-through: the card texts cut it): "Clothes set: 5 Glory at
    the end (set 1 of 3). Tunica, Stola and Arca III leave your hand for
    good: no play, no sale (3 Denarii)" (L213-214, L309-316); then each
    card's text, after " · " (the narrow board drops what does not fit:
    the side panel has your hand's texts)."""
    texts = " · ".join(_card(c) for c in cards)
    mine = seat is not None and 0 <= seat < s.n
    medal = mine and bool(s.players[seat].medals >> TYPES.index(data.TRADE) & 1)
    points = data.set_points(tuple(cards), medal)
    if points is None:
        return f"no set · {texts}"
    kind = scoring.set_type(tuple(CARD_INDEX[c] for c in cards), medal)
    count = f" (set {len(s.players[seat].sets) + 1} of {data.MAX_TRADE_SETS})" if mine else ""
    names = f"{', '.join(cards[:-1])} and {cards[-1]}"
    sale = coins(len(cards) * data.SELL_DENARII)
    return (f"{kind} set: {points} Glory at the end{count}. {names} leave your hand for "
            f"good: no play, no sale ({sale}) · {texts}")


def _build(s: Any, seat: int | None, type_: str) -> str:
    """What a build changes (this round's Income), then the tile it places:
    its name, where, its room; after " · ", so the narrow board drops the
    tile's words, not the numbers, when the text does not fit (walk-through:
    "(now 3,…" at 80×24)."""
    if seat is None or not 0 <= seat < s.n or type_ not in TYPES:
        return ""
    where = in_front(s, seat)
    t = TYPES.index(type_)
    level = s.provinces[where].levels[t] + 1
    if level > build.TOP_LEVEL:
        return ""
    tile = data.tile(type_, level)
    room = f"{tile.capacity} Follower{'s' if tile.capacity != 1 else ''}"
    left = s.tiles[tile_index(t, level)]
    return (f"{_milestones(s, seat, build.COST[t][level][1])}"
            f"{_population(s, seat, _medal(s, type_, level))} · {tile.name} "
            f"({type_} {'I' * level}): room for {room}, {left} left in its pile")


def _medal(s: Any, type_: str, level: int) -> str:
    """What the Medal a level III build takes does (L166-172), first, as the
    label only names it: "The Trade Medal: Jewel cards are wild cards for
    sets (a Jewel so used scores nothing)", after the Income (a part of its
    own, " · "); "" when none is taken."""
    t = TYPES.index(type_)
    if level != build.TOP_LEVEL or not s.medals >> t & 1 or option(s, "heroes"):
        return ""
    return f"The {type_} Medal: {data.MEDAL[type_].ability}"


def _milestones(s: Any, seat: int, gained: int) -> str:
    """The milestones a build's Glory reaches (``glory.forecast_gain``,
    L99), first: "Glory 9 → 13: the milestone on space 12 recruits a
    Follower. " (walk-through: only the log said so, afterwards)."""
    met = glory.forecast_gain(s, seat, gained)
    if not met:
        return ""
    now = s.players[seat].glory
    said = "; ".join(f"the milestone on space {e.space} "
                     + ("recruits a Follower" if e.follower else "(all five Followers out)")
                     for e in met)
    return f"Glory {now} → {now + gained}: {said}. "


def _population(s: Any, seat: int, medal: str = "") -> str:
    """What one more tile does to this round's Income (the engine's
    ``build.income_after``: the province in front gives it, L156, L268):
    "Income this round 4 Denarii, or double 8 for 3 Glory (now 3, or 6 for
    2) · Population 3 → 4", the numbers first and short, so the 80×24 board's
    line keeps them in fewer rows (walk-through: it took five, and cut)."""
    now, then = build.income_after(s, seat)
    return (f"Income this round {coins(then.single)}, or double {then.double} for "
            f"{then.penalty} Glory (now {now.single}, or {now.double} for {now.penalty}) · "
            + (f"{medal} · " if medal else "")
            + f"Population {now.population} → {then.population}")


def _income(s: Any, seat: int | None) -> str:
    """Where the Income comes from: the province in front and its
    Population disc (L268-269), the numbers the two labels give; in the
    last round first what the Denarii left score at the end (L307)."""
    if seat is None or not 0 <= seat < s.n:
        return ""
    now = income.offer_of(s, seat)
    where = board.PROVINCE_NAMES[in_front(s, seat)]
    undone = text.undone_task(s, seat, now.penalty) if s.n == 1 else ""
    warn = (f"Double Income's {now.penalty} Glory take you from {s.players[seat].glory} below "
            f"{data.SOLO_TASKS[0].threshold}: that task would no longer be met · "
            if undone else "")
    said = warn + (f"{where}, Population {now.population}: 1 Denarius each, or 2 each for the "
            f"red penalty of {now.penalty} Glory")
    if s.round < data.ROUNDS:
        return said
    rate, have = scoring.denarii_rate(s, seat), s.players[seat].denarii
    one, two = have + now.single, have + now.double
    return (f"The last round: every {rate} Denarii you end with score 1 Glory. Single "
            f"leaves you {one} Denarii ({one // rate} Glory), double {two} ({two // rate} "
            f"Glory) for {now.penalty} Glory now · {said}")


def action_detail(s: Any, seat: int | None, action: tuple | None) -> str:
    """The text behind ``action`` (empty when its menu line says it all)."""
    if not action:
        return ""
    kind = action[0]
    if kind == "play":
        return _shut_out(s, seat, action[1]) + _card(action[1]) + _taken(s, action[1])
    if kind in ("sell", "discard"):
        return _card(action[1])
    if kind == "set":
        return _set(action[1], s, seat)
    if kind == "return_quest":
        i = QUEST_INDEX.get(action[1])
        return reference.quest_text(i) if i is not None else ""
    if kind == "build":
        return _build(s, seat, action[1])
    if kind == "income":
        return _income(s, seat)
    if kind == "legion":
        return _legion(s, seat, action)
    if kind == "apostasy":
        return _apostasy(s, seat, action)
    if kind == "place" and action[1] == data.POLITICS:
        return _column(s, seat, 2 if action[2] else 1)
    if kind == "activate":
        scheme = data.SCHEME.get(action[3])
        if scheme is None:
            return ""
        return f"{scheme.name}: {scheme.text}. {_feud(s, seat, action[1])}".rstrip()
    return ""


def _column(s: Any, seat: int | None, times: int) -> str:
    """Where a Politics placement's Votes go on the Column (L195-196, L302)
    and what it pushes off, as ``forces.place_vote`` will: "Your Vote:
    position 5 of the Column (6 Glory at the end while it stays there). It
    pushes Crassus's Vote at the bottom (position 1) off the Column, back
    to their board; the others drop one place" (walk-through: only the log
    said whose, afterwards)."""
    if seat is None or not 0 <= seat < s.n:
        return ""
    n, spots, pushed = forces.forecast_votes(s, seat, times)
    if not n:
        return ""
    points = [board.COLUMN_POINTS[i - 1] for i in spots]
    if n == 1:
        where = (f"Your Vote: position {spots[0]} of the Column ({points[0]} Glory at the "
                 "end while it stays there)")
    else:
        where = (f"Your Votes: positions {spots[0]} and {spots[1]} of the Column "
                 f"({points[0]} and {points[1]} Glory at the end while they stay there)")
    if not pushed:
        return f"{where}. Nothing is pushed off (room for {board.COLUMN_MAX} Votes)"
    gone = [("yours" if owner == seat else f"{seat_name(s, owner)}'s") + f" (position {at})"
            for owner, at in pushed]
    again = "; yours goes back to your board and can be cast again" \
        if any(owner == seat for owner, _ in pushed) else ""
    if len(gone) == 1:
        return (f"{where}. It pushes the bottom Vote, {gone[0]}, off the Column; "
                f"the others drop one place{again}")
    return (f"{where}. They push the two bottom Votes, {gone[0]} and {gone[1]}, off the "
            f"Column; the others drop two places{again}")


def _legion(s: Any, seat: int | None, action: tuple) -> str:
    """What a Legion move does to the regions it leaves and reaches, from
    the engine (``forces.legion_consequence``): a "defeated" region is not
    for good, moving out can drop it below its shield. In a Deception the
    Legion moved is the target's."""
    if seat is None or not 0 <= seat < s.n:
        return ""
    owner = seat
    if s.pending and s.pending[-1].kind == DECEPTION_MOVE:
        owner = s.pending[-1].data[0]
    said = forces.legion_consequence(s, owner, action[1], action[2], seat)
    counts = _legion_counts(s, owner, action[1], action[2], seat)
    if said:  # what changes first; the numbers give way at 80×24
        return f"{said} · {counts}"
    return f"{counts}; no first place or defeat changes" if s.n > 1 else counts


def _legion_counts(s: Any, owner: int, source: str, to: str, viewer: int) -> str:
    """Both regions a move touches, in numbers: "Macedonia: your Legions 2
    → 1, 4 in all (shield 3); Thrace: 0 → 1, 2 in all (shield 4)"
    (walk-through: a move between regions showed only the one region's
    state, not what it did to both)."""
    whose = "your" if owner == viewer else f"{seat_name(s, owner)}'s"
    parts = []
    for name, step in ((source, -1), (to, 1)):
        if name not in REGIONS:
            continue
        r = REGIONS.index(name)
        have, total = s.regions[r][owner], sum(s.regions[r])
        parts.append(f"{name}: {whose} Legions {have} → {have + step}, {total + step} in all "
                     f"(shield {forces.SHIELD[r]})")
    return "; ".join(parts)


def _apostasy(s: Any, seat: int | None, action: tuple) -> str:
    """What taking the target's Legion out of a region does, from the
    engine (``forces.apostasy_consequence``): a defeated region can fall
    below its shield (walk-through: Apostasy undid one without a word), and
    1st place can change, as a Legion move's detail says."""
    if seat is None or not 0 <= seat < s.n or not s.pending \
            or s.pending[-1].kind != APOSTASY_CHOICE:
        return ""
    (target,) = s.pending[-1].data
    return forces.apostasy_consequence(s, seat, target, action[1], bool(action[2]), seat)


def _feud(s: Any, seat: int | None, province: str) -> str:
    """What the Feud an activation pays does to both Feud tracks (L122-125):
    "You pay 1 Feud to Crassus: yours 2 → 1, uncovering your Trade Bonus;
    Crassus's 2 → 3, covering their Politics Bonus"."""
    if seat is None or not 0 <= seat < s.n or province not in board.PROVINCE_NAMES:
        return ""
    target = seat_facing(s, board.PROVINCE_NAMES.index(province))
    if target is None:
        return ""
    paid = data.SCHEME_ACTIVATION_FEUDS
    me, them = s.players[seat], s.players[target]
    name = seat_name(s, target)
    mine = _bonuses(me.character, me.feuds, me.feuds - paid, "uncovering your")
    theirs = _bonuses(them.character, them.feuds, them.feuds + paid, "covering their")
    feud = f"{paid} Feud{'s' if paid != 1 else ''}"
    return (f"You pay {feud} to {name}: your Feuds {me.feuds} → {me.feuds - paid}{mine}; "
            f"{name}'s {them.feuds} → {them.feuds + paid}{theirs}.")


def _bonuses(character: int, before: int, after: int, verb: str) -> str:
    """", uncovering your Trade Bonus": the Bonuses a Feud track's change
    shows or hides (``action_phase.ACTIVE``), or nothing."""
    was, now = action_phase.ACTIVE[character][before], action_phase.ACTIVE[character][after]
    changed = [TYPES[t] for t in range(len(TYPES)) if (was ^ now) >> t & 1]
    if not changed:
        return ""
    plural = "es" if len(changed) > 1 else ""
    return f", {verb} {' and '.join(changed)} Bonus{plural}"


def build_places(game: Any, s: Any, seat: int | None) -> list[tuple[tuple, str]]:
    """The five builds in their order, for the action list to keep at their
    places on the seat's own Building turn: ``(Build(t), why)``, ``why``
    the line of one it cannot take now ("Build Politics II: 8 Denarii (you
    have 5)"), "" for one it can. So a
    build no longer affordable after another stays listed, greyed, and the
    actions below it keep their numbers. None outside that turn."""
    if seat is None or s.pending or not s.queue or s.queue[0] != seat or s.phase != "build":
        return []
    try:
        legal = set(game.legal(s))
    except (AttributeError, IndexError, KeyError, ValueError):
        return []
    return [(Build(t), "" if Build(t) in legal else _cannot_build(game, s, seat, t))
            for t in TYPES]


def place_places(game: Any, s: Any, seat: int | None) -> list[tuple[tuple, str]]:
    """Every placement of the seat's Action turn in its order, for the
    action list to keep at its place: each building of the province in
    front (and with its Bonus where the seat's track shows one), the
    Colosseum, a Scheme space. One no longer open (a Bonus used or covered
    by a Feud, a building full) stays greyed with the engine's reason, so a
    "Sell …" line below never slides under a number the player has just
    read, and a Bonus a Feud covers is not silently gone. None outside it."""
    if seat is None or s.pending or not s.queue or s.queue[0] != seat \
            or s.phase != "actions":
        return []
    try:
        legal = set(game.legal(s))
    except (AttributeError, IndexError, KeyError, ValueError):
        return []
    p = s.players[seat]
    active = action_phase.ACTIVE[p.character][0]  # every Bonus on the track, covered or not
    out: list[tuple] = []
    for t, level in enumerate(s.provinces[in_front(s, seat)].levels):
        if level:
            out.append(action_phase.PLAIN[t])
            if active >> t & 1:
                out.append(action_phase.WITH_BONUS[t])
    out.append(action_phase.TO_COLOSSEUM)
    if action_phase.schemes_allowed(s):
        out.append(action_phase.TO_SCHEME)
    return [(a, "" if a in legal else f"{game.describe(s, a)} — {action_phase.why(s, a)}")
            for a in out]


def legion_places(game: Any, s: Any, seat: int | None) -> list[tuple[tuple, str]]:
    """The Legion moves of a decision of two (a Military Bonus, Hasta), for
    the action list to keep at their places through both: the moves open
    at its start, "Done", then every move the first one may open (from the
    region it reaches), greyed until it does. After the first move the list
    is the same, what is spent greyed ("no Legion left on your board"), so
    a digit read on the first list plays what it numbered there (a 4 meant
    for "Macedonia to Epirus" played "Epirus to Macedonia"). A decision of
    one move keeps nothing: no list follows it within the decision."""
    if seat is None or not s.pending or s.pending[-1].kind != LEGION \
            or s.pending[-1].seat != seat:
        return []
    count, board_ok, regions_ok = s.pending[-1].data
    start = _at_start(s, seat, count)
    if start is None:
        return []
    try:
        legal = set(game.legal(s))
    except (AttributeError, IndexError, KeyError, ValueError):
        return []
    first, later = _legion_slots(*start, board_ok, regions_ok)
    return [(a, "" if a in legal else _no_legion(game, s, a))
            for a in (*first, DONE, *later)]


def _at_start(s: Any, seat: int, count: int) -> tuple[int, list[int]] | None:
    """``seat``'s Legions on its board and in each region when its decision
    began: now, with two moves to make; else before the last step's own
    move, taken back. None when the last step made no move of the seat's:
    then the decision began with one move."""
    board_now = s.players[seat].legions
    regions = [c[seat] for c in s.regions]
    if count >= 2:
        return board_now, regions
    moved = [e for e in s.events if isinstance(e, LegionMoved) and e.seat == seat]
    if not moved:
        return None
    e = moved[-1]
    regions[e.to] -= 1
    if e.source < 0:
        return board_now + 1, regions
    regions[e.source] += 1
    return board_now, regions


def _legion_slots(board_: int, regions: list[int], board_ok: bool, regions_ok: bool
                  ) -> tuple[list[tuple], list[tuple]]:
    """The moves open at the decision's start (``board_`` Legions on the
    board, ``regions`` in each region), in the engine's order, and those
    only a first move can open (from the other regions)."""
    first: list[tuple] = []
    later: list[tuple] = []
    if board_ok and board_ > 0:
        first.extend(FROM_BOARD)
    if regions_ok:
        for r, n in enumerate(regions):
            (first if n else later).extend(FROM_REGION[r])
    return first, later


def _no_legion(game: Any, s: Any, a: tuple) -> str:
    """A Legion move held at its place that cannot be made now, and why."""
    why = "no Legion left on your board" if a.source == BOARD \
        else f"no Legion of yours in {a.source}"
    return f"{game.describe(s, a)} — {why}"


def deception_places(game: Any, s: Any, seat: int | None) -> list[tuple[tuple, str]]:
    """Deception's two relocations (L146), for the action list to keep at
    their places through both: the second list is the first, a move from a
    region left without the target's Legions (or only the one just moved,
    which cannot move again) greyed. None outside it."""
    if seat is None or not s.pending or s.pending[-1].kind != DECEPTION_MOVE \
            or s.pending[-1].seat != seat:
        return []
    target, _left, moved_to = s.pending[-1].data
    counts = [c[target] for c in s.regions]
    if moved_to >= 0:  # the second move: the first list's regions, as they were
        counts[moved_to] -= 1
        moved = [e for e in s.events if isinstance(e, LegionRelocated) and e.seat == seat]
        if moved:
            counts[moved[-1].source] += 1
    try:
        legal = set(game.legal(s))
    except (AttributeError, IndexError, KeyError, ValueError):
        return []
    name = seat_name(s, target)
    return [(a, "" if a in legal else f"{game.describe(s, a)} — no Legion of {name}'s "
             f"there to move")
            for r, n in enumerate(counts) if n > 0 for a in FROM_REGION[r]]


def apostasy_places(game: Any, s: Any, seat: int | None) -> list[tuple[tuple, str]]:
    """Apostasy's choices (L145), each region with a Legion of the target's
    read "Remove …" then "Replace …": with no Legion on your board the
    "Replace" line stays, greyed with why (walk-through: it just was not
    there, and nothing said why). None outside it."""
    if seat is None or not s.pending or s.pending[-1].kind != APOSTASY_CHOICE \
            or s.pending[-1].seat != seat:
        return []
    (target,) = s.pending[-1].data
    try:
        legal = set(game.legal(s))
    except (AttributeError, IndexError, KeyError, ValueError):
        return []
    out: list[tuple[tuple, str]] = []
    for r, counts in enumerate(s.regions):
        if counts[target]:
            for a in (Apostasy(REGIONS[r], False), Apostasy(REGIONS[r], True)):
                out.append((a, "" if a in legal
                            else f"{game.describe(s, a)} — no Legion left on your board"))
    return out


def scheme_places(game: Any, s: Any, seat: int | None) -> list[tuple[tuple, str]]:
    """The seat's Scheme turn (L118-150): every effect of its board on every
    marker it may flip, one that cannot act on the target now greyed with
    why ("… Degradation — Crassus's Pantheon is complete"; walk-through:
    it was just missing). None outside it."""
    if seat is None or s.pending or not s.queue or s.queue[0] != seat \
            or s.phase != "schemes":
        return []
    try:
        legal = set(game.legal(s))
    except (AttributeError, IndexError, KeyError, ValueError):
        return []
    feuds = data.SCHEME_ACTIVATION_FEUDS
    price = f"{feuds} Feud{'s' if feuds != 1 else ''}"
    out: list[tuple[tuple, str]] = []
    for pi, space, target in scheme.markers(s, seat):
        where = board.PROVINCE_NAMES[pi]
        for effect in scheme.effects_of(s, seat):
            a = Activate(where, space, effect)
            why = "" if a in legal else scheme.impossible(s, seat, target, effect)
            out.append((a, why and f"Activate your Scheme in {where} (space {space + 1}) "
                           f"for {price}: {effect} — {why}"))
    return out


def held_places(game: Any, s: Any, seat: int | None) -> list[tuple[tuple, str]]:
    """What the action list keeps at its place now: the builds on the
    seat's Building turn, every placement on its Action turn, the Legion
    moves of a decision of two (yours, or Deception's), Apostasy's
    choices, the Scheme turn's effects, else none."""
    return (build_places(game, s, seat) or place_places(game, s, seat)
            or legion_places(game, s, seat) or deception_places(game, s, seat)
            or apostasy_places(game, s, seat) or scheme_places(game, s, seat))


def _cannot_build(game: Any, s: Any, seat: int, type_: str) -> str:
    """Why ``seat`` cannot build ``type_``, as the list's other lines say a
    build (its price, Glory and Medal): "Build Religion III: 13 Denarii, +6
    Glory, takes the Religion Medal (you have 12)"; else the engine's reason."""
    t = TYPES.index(type_)
    level = s.provinces[in_front(s, seat)].levels[t] + 1
    if level <= build.TOP_LEVEL and s.tiles[tile_index(t, level)] > 0:
        return f"{game.describe(s, Build(type_))} (you have {s.players[seat].denarii})"
    return f"Build {type_} — {build.why(s, Build(type_))}"


def unavailable(game: Any, s: Any, seat: int | None) -> list[str]:
    """The builds ``seat`` cannot take now, each with
    the engine's reason ("Build Politics: the level 2 Politics tile costs 8
    Denarii; you have 5"); none unless it is the seat's own choice."""
    if seat is None or s.pending or not s.queue or s.queue[0] != seat:
        return []
    try:
        legal = set(game.legal(s))
    except (AttributeError, IndexError, KeyError, ValueError):
        return []
    if s.phase != "build":
        return []  # a seat that cannot double its Income is not asked (income.auto)
    return [f"Build {t}: {build.why(s, Build(t))}" for t in TYPES if Build(t) not in legal]
