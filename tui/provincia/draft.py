"""Phase 1: the six cards laid out (face-down ones as backs) and who took what."""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widgets import Static

from engine.core import HIDDEN
from engine.provincia.actions import Pick
from engine.provincia.data import CARDS, CARDS_PER_DRAW, DECK_NAMES, OPES
from engine.provincia.events import OpesTaken, Picked
from engine.provincia.state import SELECT
from tui.widgets import redraw
from tui.widgets.scene import Scene
from tui.widgets.seats import SeatLook
from tui.widgets.untrusted import markup

from . import look
from .hand import marked
from .reasons import PLAYABLE, verdict

BACK = "[dim]▒▒▒▒ face down[/]"
WAS_FACE_DOWN = " [dim](was face down)[/]"
# a taken card that was face down, where the words do not fit (80×24: "Silva
# Q:3W / 1W (was fa… ← L"): the row's own face-down mark
WAS_FACE_DOWN_TIGHT = " [dim]▒[/]"
# Lines under the row for the highlighted card: why it cannot be played now
# (the hand's marks and words) and, at small heights where the hand's card
# text gives way to the row, what it does, in full: as many lines as the
# row's longest text wraps to (the actions make way, the row numbering every
# choice itself), at most SHORT_DETAIL_MAX. Always as many lines while the
# row lasts, so moving the highlight lays nothing out.
DETAIL_LINES, SHORT_DETAIL_MAX = 1, 6


def card_detail(scene: Scene, card: int, short: bool, brief: bool = False) -> str:
    """The verdict on a card of the row for the seat whose screen this is
    and, when ``short``, the card's text after its name line (``brief``:
    in its fewest words, where the whole is cut)."""
    if CARDS[card].deck == OPES:  # played at once: who receives what is all
        return look.card_brief(card) if brief else look.card_text(card).split("\n", 1)[1]
    if scene.own is None:
        said = ""
    else:
        v = verdict(scene.state, scene.own, card)
        said = (f"{marked(v)} can pay now" if v.mark == PLAYABLE
                else f"{marked(v)} [i]{look.escape(v.why)}[/]")
    if short and brief:
        text = ["", look.card_brief(card)]
        said += f" [dim]— {text[1]}[/]" if said else text[1]
    elif short:
        text = look.card_text(card).split("\n", 1)
        if len(text) > 1:
            # a dash between: "needs 5 more Stone Phase 5: …" read as one sentence
            said += f" [dim]— {text[1]}[/]" if said else text[1]
    return said


def fixed_lines(text: str, width: int, count: int) -> Content:
    """``text`` wrapped to ``width`` in exactly ``count`` lines: cut with an
    ellipsis, or padded."""
    lines = markup(text).wrap(width) if width > 0 and text else []
    if len(lines) > count:
        lines = lines[:count]
        lines[-1] = (lines[-1] + Content(" …")).truncate(width, ellipsis=True)
    lines += [Content("")] * (count - len(lines))
    return Content("\n").join(lines)


def draft_history(scene: Scene) -> tuple[tuple, dict[int, int]]:
    """The row as first laid out (as this seat saw it) and, per taken slot,
    the card the seat saw being taken (HIDDEN if it never saw it)."""
    s = scene.state
    d = s.draft
    seen: list[int] = []  # cards of the pick events, newest first
    k = 0
    st = s
    while st is not None and st.draft is not None and st.draft.taken:
        for e in st.events:
            if isinstance(e, Picked):
                seen.append(e.held.card)
            elif isinstance(e, OpesTaken):
                seen.append(e.card)
        k += 1
        st = scene.earlier(k)
    first = st.draft.slots if st is not None and st.draft is not None else d.slots
    seen.reverse()
    took = {slot: seen[i] if i < len(seen) else HIDDEN for i, (_, slot) in enumerate(d.taken)}
    return first, took


def slot_numbers(scene: Scene) -> dict[int, int]:
    """Each untaken slot's action number in the menu (1-based), while the
    seat whose screen this is picks: the row and the actions then name a
    card by one number. Copies the engine offers as one pick (face-up
    copies, or face-down cards the picker has not seen) share its number."""
    s = scene.state
    d = s.draft
    own = scene.own
    if d is None or own is None or not d.pickers or d.pickers[0] != own \
            or scene.game.to_move(s) != own:
        return {}

    def alike(i: int) -> tuple:
        return kind(d, i, own)

    number = {alike(a.slot): k + 1 for k, a in enumerate(scene.game.legal(s))
              if isinstance(a, Pick)}
    return {i: number[alike(i)] for i, h in enumerate(d.slots)
            if h is not None and alike(i) in number}


def picks(scene: Scene) -> int:
    """How many actions the row offers the seat whose screen this is: one a
    different card it can tell apart (face-up copies, or face-down cards
    it has not seen, are one pick). Known on the other seats' turns too, so
    the room the row leaves the actions does not change when the turn comes."""
    d = scene.state.draft
    own = scene.own
    if d is None or own is None:
        return 0
    return len({kind(d, i, own) for i, h in enumerate(d.slots) if h is not None})


def kind(d: Any, slot: int, own: int) -> tuple:
    """What a slot's card is to ``own``: a face-up card, a face-down card
    it has seen, or one it has not (any of those is the same pick)."""
    h = d.slots[slot]
    if d.face_up[slot]:
        return ("up", h.card)
    if h.card != HIDDEN and h.seen >> own & 1:
        return ("seen", h.card)
    return ("blind",)


class DraftRow(Static):
    """The draft row of the current Select Cards turn.

    Between two turns of a round's Select Cards phase the box stays, empty
    but for who chooses the next deck: a row that came and went at every
    turn would resize the side panel, restyle the hand and lay out the
    screen twice a turn, at every seat's screen. Before the round's first
    row (and in a replay stepping back past it) there is no box.
    """

    _row_turn: tuple[int, int] = (-1, -1)  # (round, turns left) of the last row drawn
    make_way = False
    """Set while the hand, opened by Tab at a small height, takes the room."""
    room = SHORT_DETAIL_MAX
    """At small heights, the detail lines the side panel has room for once
    the actions have a row each and the hand its line (set by the table:
    the row gives way to the actions, never the actions to the row)."""

    def show(self, scene: Scene, focus_slot: int | None = None) -> None:
        self._shown = (scene, focus_slot)
        self._width = self.size.width
        s = scene.state
        d = s.draft
        if d is not None:
            self._row_turn = (s.round, len(s.queue))
        between = (d is None and s.phase == SELECT and s.round == self._row_turn[0]
                   and len(s.queue) < self._row_turn[1])
        self.display = (d is not None or between) and not self.make_way
        if between:
            self._between(scene)
        if d is None:
            return
        first, took = draft_history(scene)
        takers = {slot: seat for seat, slot in d.taken}
        chooser = scene.looks[d.chooser]
        # the chooser and the seats still to pick go on the border: at 80×24
        # the hand must fit below the row (shorter words where the long cut)
        redraw.title(self, self.fitting(
            f"{DECK_NAMES[d.deck]} row · chosen by {look.badge(chooser)}",
            f"{DECK_NAMES[d.deck]} · chosen by {look.badge(chooser)}",
            f"{DECK_NAMES[d.deck]} · by {look.badge(chooser)}"))
        lines = []
        numbers = slot_numbers(scene)
        for i, held in enumerate(d.slots):
            if held is None:
                card = took.get(i, HIDDEN)
                if card == HIDDEN and first[i] is not None:
                    card = first[i].card
            else:
                card = held.card
            face_down = not d.face_up[i]
            mark = "" if held is None or card == HIDDEN or d.deck == OPES or scene.own is None \
                else marked(verdict(s, scene.own, card))
            if card == HIDDEN:
                name = BACK
            else:
                name = look.card_line(card)
                if d.deck == OPES:
                    opes = CARDS[card]
                    name = (f"{look.escape(opes.name)} Q:{look.res_short(opes.quaestor)}"
                            f" / {look.res_short(opes.others)}")
                if face_down:
                    name += WAS_FACE_DOWN
            cursor = "[reverse]▶[/]" if focus_slot == i else " "
            key = str(numbers[i]) if i in numbers else " "
            taker = scene.looks[takers[i]] if i in takers else None
            lines.append(self.slot_line(f"{cursor}{key} {mark}", name, taker,
                                        card != HIDDEN))
        order = " ".join(look.badge(scene.looks[p]) for p in d.pickers)
        tight = " ".join(look.tight_badge(scene.looks[p]) for p in d.pickers)
        redraw.subtitle(self, self.fitting(f"to pick {order}", f"to pick {tight}")
                        if d.pickers else "")
        held = d.slots[focus_slot] if focus_slot is not None else None
        detail = card_detail(scene, held.card, self.short) \
            if held is not None and held.card != HIDDEN else ""
        width = self.content_size.width
        if detail and width and len(markup(detail).wrap(width)) > self.detail_lines:
            detail = card_detail(scene, held.card, self.short, brief=True)
        self._need = self.tallest(scene, d.slots)
        redraw.show(self, markup("\n".join(lines)) + Content("\n")
                    + fixed_lines(detail, self.content_size.width, self.detail_lines))

    def slot_line(self, start: str, name: str, taker: SeatLook | None, struck: bool) -> str:
        """One slot of the row: cursor, key, mark, card and who took it.
        Where that is wider than the row (a dear card taken, at 80
        columns), single spaces and the taker's letter alone keep it to one
        line: "Colosseum 1C 7S 2G 9pp ← M" had wrapped, the taker below."""
        def line(gap: str, who: str) -> str:
            shown = name.replace("  ", gap)
            if taker is not None and struck:
                shown = f"[strike dim]{shown}[/]"
            return f"{start}{shown}{who}"

        width = self.content_size.width
        if taker is None:  # "3 ●Fornax Lateris  1W 1S 1G  2pp" wrapped at 80×24 too
            wide = line("  ", "")
            return wide if not width or markup(wide).cell_length <= width \
                else line(" ", "")
        wide = line("  ", f"  ← {look.badge(taker)}")
        # the badge's last column is padding: the border may take it
        if not width or markup(wide).cell_length <= width + 1:
            return wide
        tight = line(" ", f" ← {look.tight_badge(taker)}")
        if markup(tight).cell_length <= width:
            return tight
        if WAS_FACE_DOWN in name:
            return self.slot_line(start, name.replace(WAS_FACE_DOWN, WAS_FACE_DOWN_TIGHT),
                                  taker, struck)
        # still wider ("Fornax Lateris 1W 1S 1G 2pp ← A" wrapped, a seventh
        # line the side panel had not counted): the taken card's costs end in "…"
        who = markup(f" ← {look.tight_badge(taker)}")
        head = markup(line(" ", "")).truncate(width - who.cell_length, ellipsis=True)
        return (head + who).markup

    def fitting(self, *texts: str) -> str:
        """The first of ``texts`` that fits on the border (the last if none
        does; the first before the first layout, which shows it again)."""
        room = self.outer_size.width - 6  # corners, and a rule and a space each side
        for text in texts:
            if room <= 0 or markup(text).cell_length <= room:
                return text
        return texts[-1]

    _shown: tuple | None = None
    _width = 0

    def on_resize(self) -> None:
        """A new width may take other words on the border, and other detail
        lines: shown again once laid out."""
        if self._shown is not None and self.size.width != self._width:
            self.call_after_refresh(self._again)

    def _again(self) -> None:
        """The latest row and highlight (not those of the resize: the
        highlight may have moved since)."""
        if self._shown is not None:
            self.show(*self._shown)

    @property
    def short(self) -> bool:
        """At small heights the hand's card text gives way to the row."""
        return self.screen.has_class("-short") if self.is_attached else False

    _need = 1  # the lines the row's longest detail wraps to

    def tallest(self, scene: Scene, slots: tuple) -> int:
        """The lines the longest detail of the row's cards wraps to (the
        width known once laid out; one before)."""
        width = self.content_size.width
        if width <= 0:
            return 1
        texts = [card_detail(scene, h.card, self.short) for h in slots
                 if h is not None and h.card != HIDDEN]
        return max((len(markup(t).wrap(width)) for t in texts if t), default=1)

    def needed(self, scene: Scene) -> int:
        """The detail lines the row about to be shown would like (the last
        row's between two rows)."""
        d = scene.state.draft
        return self._need if d is None else self.tallest(scene, d.slots)

    @property
    def detail_lines(self) -> int:
        if not self.short:
            return DETAIL_LINES
        return max(1, min(self._need, SHORT_DETAIL_MAX, self.room))

    def _between(self, scene: Scene) -> None:
        """The box between two rows: the next chooser, as many lines as a row."""
        s = scene.state
        chooser = scene.looks[s.queue[0]]
        redraw.title(self, self.fitting(f"Next row · chosen by {look.badge(chooser)}",
                                        f"Next row · by {look.badge(chooser)}"))
        redraw.subtitle(self, "")
        if s.queue[0] == scene.own:  # the seat whose screen it is: never "You chooses"
            note = markup("[dim]You choose a deck…[/]")
        else:
            note = markup("[dim]$name chooses a deck…[/]", name=chooser.name)  # a seat's name
        # as many lines as a row, or (at small heights) as the hand leaves
        blank = max(0, CARDS_PER_DRAW - 1 + self.room) if self.short \
            else CARDS_PER_DRAW - 1 + self.detail_lines
        redraw.show(self, note + Content("\n" * blank))
