"""The side panel: the round, phase and Event; the Glory track with its
milestones; each seat's Glory, Denarii, Followers, Legions and Votes on
its board, Feud track, Pantheon, Medals and Trade sets; your own Trade
hand and Quests (the others' only as counts: they are hidden)."""

from __future__ import annotations

import textwrap
from typing import Any

from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from engine.ageofrome import board as geo
from engine.ageofrome import data, scoring
from engine.ageofrome.state import coins
from engine.core import HIDDEN
from tui.widgets.scene import Scene
from tui.widgets.seats import SeatLook
from tui.widgets.untrusted import markup

from . import detail, look
from .labels import SHORT_NAMES

PHASE_NAMES = {
    "quests": "Quest selection", "event": "Event", "diplomacy": "Diplomacy",
    "schemes": "Scheme activation", "build": "Building phase", "actions": "Action phase",
    "income": "Income phase", "rotate": "Board rotation", "over": "Game over",
}


def track(s: Any, width: int) -> str:
    """The Glory track's 30 spaces as one line: a seat's letter on its space
    (``+`` for several), ``◆`` a milestone, ``·`` an empty space."""
    if width < geo.TRACK_SPACES:
        return ""
    spaces: dict[int, list[int]] = {}
    for seat, p in enumerate(s.players):
        spaces.setdefault(geo.track_space(p.glory), []).append(seat)
    stones = {geo.MILESTONES[0].start, *s.milestones}
    out = []
    for k in range(1, geo.TRACK_SPACES + 1):
        here = spaces.get(k, [])
        if len(here) == 1:
            out.append(look.letter(here[0]))
        elif here:
            out.append("[b]+[/]")
        elif k in stones:
            out.append("[$ageofrome-gold]◆[/]")
        else:
            out.append("[dim]·[/]")
    return "".join(out)


def glory_text(g: int, wide: bool = False) -> str:
    """A Glory total; past 30 the marker is flipped (L96) and stands on
    space total - 30, which the wide panel says."""
    if g <= geo.TRACK_SPACES or not wide:
        return str(g)
    return f"{g} (space {geo.track_space(g)})"


TASK_WORDS = ("Glory", "Medals", "Regions", "Votes", "sets", "Pantheon", "Quests")


def solo_line(s: Any, width: int = 0) -> str:
    """The Emperor Solo's seven tasks (L364-371): ✓ done so far, · not yet,
    each with how far it is ("Votes 3/4", "sets 1/2"), from the engine's
    measures; the Votes task says when the character owns fewer Votes than
    it needs, so one must be recruited ("Votes 2/4, own 3"). With a
    ``width``, broken between tasks so none is split ("Medals" / "0/3")."""
    done = scoring.solo_tasks(s)
    marks = []
    for ok, word, (have, need) in zip(done, TASK_WORDS, scoring.solo_progress(s),
                                      strict=True):
        mark = f"{'✓' if ok else '·'}{word} {min(have, need) if ok else have}/{need}"
        if word == "Votes" and not ok:
            own = scoring.measure(s, 0, "votes recruited")
            if own < need:
                mark += f", own {own}"
        marks.append(mark)
    rows = [f"Tasks {sum(done)}/{len(done)}"]
    for mark in marks:
        if width and len(rows[-1]) + 1 + len(mark) > width:
            rows.append(mark)
        else:
            rows[-1] += " " + mark
    return "[b]Tasks[/]" + "\n".join(rows)[len("Tasks"):]


def mover(scene: Scene) -> int | None:
    """The seat to move (None when the game is over or nobody is)."""
    try:
        return scene.game.to_move(scene.state)
    except (AttributeError, IndexError, KeyError):
        return None


def seat_lines(s: Any, seat: int, scene: Scene, wide: bool, width: int = 60,
               joined: bool = False) -> list[str]:
    """A seat's public holdings in three short lines (G Glory, D Denarii, F
    Followers left of recruited, L Legions and V Votes on its board: narrow,
    these two on the first line, as the others' one-row seats have them); a
    bot's kind ("(search bot, hard)", shorter where that does not fit)
    follows its name. ``joined``: the second and third in one line where it
    fits ``width`` (another seat at 120×40, so four seats show at once)."""
    p = s.players[seat]
    lk = scene.looks[seat] if seat < len(scene.looks) else None
    label = lk.label if lk is not None else look.seat_name(s, seat)
    to_move = " ◂" if mover(scene) == seat else ""
    forces = f"L{p.legions} V{p.votes}"
    if wide:
        rest = f"{to_move} · Glory [b]{glory_text(p.glory, True)}[/] · {coins(p.denarii)}"
    else:  # the Legions and Votes too, as the others' one-row seats say them,
        rest = f"{to_move} G[b]{glory_text(p.glory)}[/] D{p.denarii} {forces}"
        room = width - Content.from_markup(look.badge(seat) + rest).cell_length - 1
        label = fitted(label, room)  # on one row ("Antonius", not "V4" wrapped)
    who = f"{look.badge(seat)} [b]{markup('$label', label=label).markup}[/]"
    lines = [who + rest]
    left = p.followers - p.placed
    feud = "".join(f"[{st}]{t}[/]" for t, st in look.feud_track(p))
    lines.append(f"  F{left}/{p.followers}{' ' + forces if wide else ''} feud {feud}")
    third = [f"Pan {look.pantheon(p)}"]
    if p.medals:
        third.append(f"Medal {look.medals(p.medals)}")
    if p.sets:
        third.append("sets " + " ".join(look.set_letter(c) for c in p.sets))
    if seat != scene.seat:
        third.append(f"hand {len(p.hand)}" + ("+⚓" if p.anchor else ""))
    lines.append("  " + " ".join(third))
    one = [lines[0], lines[1] + " " + lines[2].lstrip()]
    if joined and Content.from_markup(one[1]).cell_length <= width:
        said = with_kind(one, who, rest, lk, width, fullest=True)
        if len(said) == len(one):  # the kind, in full, found room in the two lines
            return said
    return with_kind(lines, who, rest, lk, width)


def fitted(name: str, room: int) -> str:
    """``name`` whole if it fits ``room`` cells, else its short form
    ("Antonius"), else cut ("Octavia…") but never below five letters."""
    short = SHORT_NAMES.get(name, name)  # as players call him
    for said in (name, short):
        if len(said) <= room:
            return said
    return short[:max(room, MIN_NAME) - 1].rstrip() + "…"


def with_kind(lines: list[str], who: str, rest: str, lk: SeatLook | None,
              width: int, fullest: bool = False) -> list[str]:
    """A bot seat's lines saying what plays it as fully as fits ``width``:
    after its name ("Crassus (rules bot)"), else at the end of its second
    or third line, else on a line of its own (a long name at 80×24).
    ``fullest``: only its fullest form ("(search bot, hard)") is tried."""
    if lk is None or not lk.kind_forms:
        return lines
    cells = [Content.from_markup(line).cell_length for line in lines]
    for form in lk.kind_forms[:1] if fullest else lk.kind_forms:
        said = markup("[dim]$kind[/]", kind=form).markup
        if cells[0] + 1 + len(form) <= width:
            return [f"{who} {said}{rest}", *lines[1:]]
        for i in range(1, len(lines)):
            if cells[i] + 3 + len(form) <= width:
                return [*lines[:i], f"{lines[i]} · {said}", *lines[i + 1:]]
    return [*lines, "  " + markup("[dim]$kind[/]", kind=lk.kind_word).markup]


def compact_line(s: Any, seat: int, scene: Scene, width: int) -> tuple[str, str]:
    """Another seat in one line, for a narrow panel where every seat must
    show beside yours: G Glory, D Denarii, L Legions and V Votes on its
    board (the space after the badge goes where a long name needs it) and
    what plays a bot seat with its strength ("search, hard"). A name too
    long for the rest takes its short form ("Caesar"), else is cut
    ("Octavia…"): the kind stays on the seat's row (it had wrapped onto a
    row of its own, "B rules", under another seat). (the line, the kind
    if even a name cut to five letters left it no room)."""
    p = s.players[seat]
    lk = scene.looks[seat] if seat < len(scene.looks) else None
    label = lk.label if lk is not None else look.seat_name(s, seat)
    to_move = " ◂" if mover(scene) == seat else ""
    figures = f"G{glory_text(p.glory)} D{p.denarii} L{p.legions} V{p.votes}"
    badge = look.badge(seat)
    forms = lk.kind_forms[1:] if lk is not None else ()  # "rules, hard", "rules"
    room = width - Content.from_markup(badge).cell_length - len(to_move) - 1 - len(figures)

    def line(name: str, kind: str) -> str:
        gap = " " if len(name) + (1 + len(kind) if kind else 0) < room else ""
        said = f" {markup('[dim]$kind[/]', kind=kind).markup}" if kind else ""
        return f"{badge}{gap}{markup('$label', label=name).markup}{to_move} {figures}{said}"

    if not forms:
        return line(label, ""), ""
    short = SHORT_NAMES.get(label, label)  # "Caesar", as players call him
    kind = forms[0]  # with its strength: "search, hard" tells two search seats apart
    left = room - 1 - len(kind)  # the name whole, short or cut to five letters
    for name in (label, short):
        if len(name) <= left:
            return line(name, kind), ""
    if left >= MIN_NAME:
        return line(short[:left - 1].rstrip() + "…", kind), ""
    # A name that short says little, and "search" alone hid the strength
    # (walk-through, stop 36): the name and the kind on the row below it.
    kind = markup("[dim]$kind[/]", kind=kind).markup
    return line(fitted(label, room), ""), f"{' ' * Content.from_markup(badge).cell_length} {kind}"


MIN_NAME = 6  # a name cut shorter says little: the kind goes below it instead


def compact_seats(s: Any, seats: list[int], scene: Scene, width: int) -> list[str]:
    """The other seats one line each; a bot's kind its line had no room
    for on the row under it, indented under its name (at the foot of the
    seats it read as a seat of its own)."""
    out: list[str] = []
    for i in seats:
        line, kind = compact_line(s, i, scene, width)
        out += [line, kind] if kind else [line]
    return out


def playable(scene: Scene) -> frozenset[str]:
    """The Trade cards the seat may play now (its legal list's PlayCard)."""
    if scene.seat is None or mover(scene) != scene.seat:
        return frozenset()
    try:
        legal = scene.game.legal(scene.state)
    except (AttributeError, IndexError, KeyError, ValueError):
        return frozenset()
    return frozenset(a[1] for a in legal if a and a[0] == "play")


def hand_lines(s: Any, seat: int, now: frozenset[str] = frozenset(),
               whose: str = "") -> list[str]:
    """The seat's own Trade hand and Quests (its view shows them), one card
    a line with its full text: when it is played and what it does, what a
    Quest pays. ● marks a card it may play now. ``whose`` ("Your ") heads
    them where they follow the other seats' lines."""
    p = s.players[seat]
    hidden = sum(1 for h in p.hand if h.card == HIDDEN)
    size = f"[b]{whose}{'hand' if whose else 'Hand'}[/] {len(p.hand) + p.anchor}/{data.HAND_LIMIT}"
    if hidden:
        n = len(p.hand) + p.anchor
        out = [f"{size}: {n} card{'s' if n != 1 else ''}"]
    else:
        out = [f"{size}:" if p.hand or p.anchor else f"{size}: none"]
        out += [("● " if look.card_name(h.card) in now else "· ") + look.card_line(h.card)
                for h in p.hand]
        if p.anchor:
            out.append("· Anchor (never sold)")
    out.append(f"[b]{whose}Quests[/]" + (":" if p.quests else " none"))
    out += ["· " + look.quest_line(h.card) for h in p.quests]
    return out


def hung(lines: list[str], width: int) -> list[str]:
    """A card's or Quest's line ("  · Merchant: 4 Glory if …", plain text
    after its mark) wrapped under its text rather than at the panel's edge,
    so the next card's mark stands out; other lines as they are."""
    out: list[str] = []
    for line in lines:
        mark = line[:4]
        if mark in ("  · ", "  ● ") and len(line) > width:
            out += textwrap.wrap(line, width, initial_indent="", subsequent_indent="    ",
                                 drop_whitespace=True) if width > 8 else [line]
        else:
            out.append(line)
    return out


class SideBox(VerticalScroll):
    """Holds the side panel: at 80×24 it is taller than its room, so Tab
    reaches it and the arrows (PgUp/PgDn, Home/End) scroll it."""


class SidePanel(Static):
    """Where the game is and what everyone holds."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.scene: Scene | None = None
        self._shown = ""
        self._turn: tuple | None = None

    def show(self, scene: Scene) -> None:
        self.scene = scene
        self.redraw()
        self.home_on_your_turn(scene)

    def home_on_your_turn(self, scene: Scene) -> None:
        """Scroll the panel back to its top (the Event, every seat's
        figures) when your turn begins or a new phase reaches you: at 80×24
        a panel scrolled down to read your hand had kept the figures out of
        sight turn after turn. Within a turn (a Trade window after a build)
        it stays where you scrolled it."""
        s = scene.state
        turn = (s.round, s.phase, mover(scene))
        if turn == self._turn:
            return
        self._turn = turn
        if scene.seat is not None and turn[2] == scene.seat and self.parent is not None:
            self.parent.scroll_home(animate=False, immediate=True)

    def on_resize(self) -> None:
        self.redraw()


    def redraw(self) -> None:
        scene = self.scene
        if scene is None:
            return
        s = scene.state
        width = self.size.width or 31
        wide = width >= 44
        phase = PHASE_NAMES.get(s.phase, s.phase)
        box = self.parent if self.parent is not None else self
        title = f"Round {s.round}/{data.ROUNDS} · {phase}"
        if box.border_title != title:
            box.border_title = title
        lines = [f"[b]Event[/] {look.event_text(s.event, s.n == 1, not wide)}"]
        glory = []
        row = track(s, width)
        stones = " ".join(str(x) for x in (geo.MILESTONES[0].start, *s.milestones))
        glory.append(f"[b]Glory[/] milestones ◆ {stones}")
        if row:
            glory.append(row)
        medals = look.medals(s.medals)
        piles = "/".join("".join(look.COMMON_LETTER[c] for c in pile) or "-"
                         for pile in s.pantheon)
        if wide:
            glory.append(f"Medals left {medals or '-'} · Pantheon piles {piles}")
        else:
            glory.append(f"Medals {medals or '-'} · piles {piles}")
        seat = scene.seat
        order = [seat] if seat is not None and 0 <= seat < s.n else []
        order += [i for i in range(s.n) if i not in order]
        tasks = [solo_line(s, width)] if s.n == 1 else []
        if not wide and seat in order:
            # Narrow (80×24), the actions keep their rows and this panel
            # scrolls: every seat in sight first (yours, then one line each;
            # the Solo's tasks, four rows under a one-row Event), then the
            # Glory track, then your board, hand and Quests.
            lines += seat_lines(s, seat, scene, wide, width)[:1]
            lines += tasks or compact_seats(s, [i for i in order if i != seat], scene, width)
            lines += glory
            lines += seat_lines(s, seat, scene, wide, width)[1:]
            order = [seat]
        else:
            lines += glory + tasks
        # Wide (120×40), every seat shows before your hand and Quests, the
        # others in two lines each, so four seats fit without scrolling.
        for i in order:
            if wide or i != seat:
                lines += seat_lines(s, i, scene, wide, width, joined=wide and i != seat)
        if seat in order:
            whose = "Your " if wide and s.n > 1 else ""
            lines += hung(["  " + x for x in hand_lines(s, seat, playable(scene), whose)],
                          width)
            lines += ["  [dim]Not now: " + x + "[/]"
                      for x in detail.unavailable(scene.game, s, seat)]
        others = [i for i in range(s.n) if i != seat]
        hidden = [i for i in others if any(h.card == HIDDEN for h in s.players[i].quests)]
        if hidden:
            quests = " ".join(f"{look.letter(i)}{len(s.players[i].quests)}" for i in hidden)
            lines.append(f"[dim]Quests (hidden):[/] {quests}")
        for i in others:
            if i not in hidden and s.players[i].quests:
                lines.append(f"{look.letter(i)} Quests:")
                lines += ["  · " + look.quest_line(h.card) for h in s.players[i].quests]
        if s.discard:
            lines.append(f"Discard {look.card_name(s.discard[-1])} · deck {len(s.trade_deck)}")
        text = "\n".join(lines)
        if text != self._shown:
            self._shown = text
            self.update(text)
