"""The seat's hand: each card with cost and prestige, marked playable, not
now or never with the reason (``reasons``), and the full text of the card in
focus. At small heights, while the draft or the battle takes the side panel,
the hand shrinks to one wrapped line of names so it stays in sight."""

from __future__ import annotations

import re
from collections.abc import Callable

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.css.scalar import Scalar
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.core import HIDDEN
from engine.provincia.actions import Activate, Destroy, Discard, Order, Play, Take
from engine.provincia.data import AEDIFICIA, CARDS, Aedificium
from engine.provincia.state import FINAL, PLAY
from tui.widgets import redraw
from tui.widgets.scene import Scene
from tui.widgets.untrusted import markup

from . import look
from .reasons import NEVER, NOT_NOW, PLAYABLE, Verdict, hand_note, verdict

# At most this many lines for the compact hand (the table may give it fewer).
COMPACT_LINES = 3
MARK_STYLE = {PLAYABLE: "b $success", NEVER: "b $error"}
LEGEND_MARKUP = (f"[b $success]{PLAYABLE}[/] playable [dim]{NOT_NOW}[/] not now "
                 f"[b $error]{NEVER}[/] never")
# Outside Play Cards nothing can be played: the same mark then says the
# card could be paid for (the draft row marks its cards so too).
AFFORD_MARKUP = (f"[b $success]{PLAYABLE}[/] can pay [dim]{NOT_NOW}[/] not now "
                 f"[b $error]{NEVER}[/] never")


def playable(scene: Scene, card: int) -> bool:
    """Could the seat play this card on a Play Cards turn with what it has?"""
    return scene.own is not None and verdict(scene.state, scene.own, card).mark == PLAYABLE


def marked(v: Verdict) -> str:
    """The verdict's mark in its colour (dim when the card waits)."""
    return f"[{MARK_STYLE.get(v.mark, 'dim')}]{v.mark}[/]"


_NEED = re.compile(r"(\d+) (?:more )?(Clay|Wood|Stone|Gold)\b")


def short_why(why: str) -> str:
    """A reason in the hand's row, in the letters of the costs beside it:
    "needs 1C 2W" for "needs 1 more Clay, 2 Wood", "needs 1 res." for
    Clay/Wood/Stone (the card text, browsed, says it whole). The long form
    wrapped to a second row that 80×24 cut."""
    why = why.replace("Clay/Wood/Stone", "res.").replace(": gains nothing now", ": no gain")
    why = why.replace(": gains nothing", ": no gain")
    if why.startswith("adds nothing: "):  # a lower Gloria ("your +6 PP Gloria counts")
        why = "no gain: " + why.removeprefix("adds nothing: your ").removesuffix(" counts")
    return _NEED.sub(lambda m: f"{m.group(1)}{m.group(2)[0]}", why).replace(", ", " ")


def card_option(c: int, v: Verdict, width: int = 0) -> str:
    """One list line: mark, name, cost, prestige and, unless playable, why.
    Where it is longer than ``width`` (the row, if known), the name loses
    letters ("· Amphithe… 3C 6S 8pp needs 3S"), then a card that cannot be
    played now its cost, which its text gives ("· Carchesium 2pp needs 1C
    2G", "· Corruptio needs 2 more res."): the reason is what the row is for."""
    line = look.card_line(c)
    if v.mark == PLAYABLE:
        return _fit(c, f"{marked(v)} {line}", width)
    why = f"[i]{look.escape(short_why(v.why))}[/]"
    # single spaces, so name, cost and reason fit one line at 80 columns
    whole_ = f"{marked(v)} [dim]{line.replace('  ', ' ')}[/] {why}"
    card = CARDS[c]
    if not isinstance(card, Aedificium):
        # a Senate card's name is short and says what it is: its cost goes
        # first ("· Corruptio 3 res. needs 2 mor…" at 80×24)
        if width and len(markup(whole_).plain) > width:
            return _fit(c, f"{marked(v)} [dim]{look.escape(card.name)}[/] {why}", width)
        return whole_
    out = _fit(c, whole_, width)
    if not width or len(markup(out).plain) <= width:
        return out
    bare = f"{look.escape(card.name)} [b]{card.award}pp[/]"
    return _fit(c, f"{marked(v)} [dim]{bare}[/] {why}", width)


def _fit(c: int, out: str, width: int) -> str:
    """``out`` with the card's name cut to fit ``width``, four letters at
    least (as it is if it fits, or cannot be made to)."""
    over = len(markup(out).plain) - width if width else 0
    name = CARDS[c].name
    if over > 0 and len(name) - over - 1 >= 4:
        out = out.replace(look.escape(name), look.escape(name[:len(name) - over - 1]) + "…", 1)
    return out


def compact(cards: list[int], verdicts: list[Verdict], width: int = 0,
            lines: int = 1) -> Content:
    """The whole hand in at most ``lines`` lines of ``width``: marks, names
    and costs; where that is too long, marks and names; where those are
    too, their first lines cut with "…" (the title counts the cards, Tab
    opens them all). At 80×24 a hand wrapped to two or three lines took
    the rows of the draft's actions: the table gives it the lines there are."""
    pairs = list(zip(cards, verdicts, strict=True))
    if not pairs:
        return markup("[dim]no cards[/]")
    full = [markup(f"{marked(v)}{look.card_line(c).replace('  ', ' ')}") for c, v in pairs]
    if width <= 0:
        return Content("  ").join(full)
    wrapped = whole(full, width)
    if len(wrapped) <= lines:
        return Content("\n").join(wrapped)
    names = [markup(f"{marked(v)}{look.escape(CARDS[c].name)}") for c, v in pairs]
    shown = whole(names, width)
    if len(shown) > lines:  # the last line runs on to its end, then "…"
        shown = whole(names, width)[:lines - 1]
        used = sum(len(line.plain.split("  ")) for line in shown)
        rest = Content("  ").join(names[used:])
        shown.append(rest.truncate(width, ellipsis=True))
    return Content("\n").join(shown)


def whole(items: list[Content], width: int) -> list[Content]:
    """``items`` two spaces apart on lines of ``width``, each kept whole on
    one line ("●Fodina" above "2W 2pp" read as two cards); one wider than
    a line alone wraps."""
    lines: list[Content] = []
    line: Content | None = None
    for item in items:
        if line is not None and (line + "  " + item).cell_length <= width:
            line = line + "  " + item
            continue
        if line is not None:
            lines.append(line)
        line = None
        parts = item.wrap(width)
        lines += parts[:-1]
        line = parts[-1]
    if line is not None:
        lines.append(line)
    return lines


CARD_ACTIONS = (Play, Take, Order, Discard, Activate, Destroy)


def card_of(action: tuple | None) -> int | None:
    """The card an action is about, if any (for the card text)."""
    return action.card if isinstance(action, CARD_ACTIONS) else None


class Compact(Static, can_focus=True):
    """The hand as one wrapped line of names (small heights, while the draft
    or the battle takes the side panel). A Tab stop all the same: reached,
    the hand opens into its browsable list (``Hand``)."""


class Hand(Vertical):
    """Cards in hand. Browsable with the cursor; follows the action menu.

    Where the hand is shown compact, Tab reaching it opens it (class
    ``-open``: the list and the card text, the draft and battle making way)
    until the focus leaves the hand."""

    def compose(self) -> ComposeResult:
        yield Static(id="hand-trade")
        yield Static(id="hand-tokens")
        yield Compact(id="hand-compact")
        yield OptionList(id="hand-cards")
        yield Static(id="card-text")

    def on_mount(self) -> None:
        redraw.title(self, "Hand")
        self._title = markup("Hand")
        self._marks: list[Verdict] = []
        self._cards: list[int] = []
        self._listed: tuple[list[int], list[Verdict]] | None = None

    def show(self, scene: Scene) -> None:
        cards = self.query_one("#hand-cards", OptionList)
        seat = scene.own  # None: a replay of full states, or a spectator
        self.set_class(seat is None, "-hidden")
        if seat is None:
            return
        pl = scene.state.players[seat]
        hand = pl.hand
        playing = scene.state.phase in (PLAY, FINAL)
        redraw.subtitle(self, LEGEND_MARKUP if playing else AFFORD_MARKUP)
        self._tokens = " ".join(look.token(h.card) for h in pl.tokens if h.card != HIDDEN)
        self._show_tokens()
        # an action the menu does not offer says why; at small heights it
        # takes the tokens' row (they matter in the battle, which lists them)
        note = self._note = hand_note(scene.state, seat)
        redraw.show(self.query_one("#hand-trade", Static), f"[i]{look.escape(note)}[/]")
        self.set_class(bool(note), "-trade")
        ids = sorted((h.card for h in hand if h.card != HIDDEN),
                     key=lambda c: (c >= len(AEDIFICIA), CARDS[c].name))
        if scene.state.viewer == seat:
            self._title = markup("Your hand ($count)", count=len(hand))
        else:  # a replay shows any seat's hand; "You's hand" would be wrong
            self._title = markup("Hand · $name ($count)",
                                 name=scene.looks[seat].name, count=len(hand))
        self._retitle()
        marks = [verdict(scene.state, seat, c) for c in ids]
        self._marks = marks
        self._compact = (ids, marks)
        self._show_compact()
        if (ids, marks) != self._listed:  # rebuilding the list is the costly part
            self._relist(cards, ids, marks)
        self._cards = ids
        self._hold_text_height()
        self.show_card(card_of(scene.focus) if scene.focus else (ids[0] if ids else None))

    _held: tuple = ()  # the cards and width the card text's height was set for
    _tokens = ""  # the seat's battle tokens, in markup

    _compact: tuple[list[int], list[Verdict]] = ([], [])  # the compact line's cards
    _note = ""  # the note row's text, if any

    compact_lines = COMPACT_LINES
    """The lines the compact hand may take (the table sets them at 80×24:
    the draft's actions keep their rows)."""

    def _show_compact(self) -> None:
        """The compact lines, to the width they have (whole before the first layout)."""
        line = self.query_one("#hand-compact", Static)
        redraw.show(line, compact(*self._compact, line.content_size.width, self.compact_lines))

    def fit_compact(self, lines: int) -> None:
        """Keep the compact hand to ``lines`` lines (at least one)."""
        lines = max(1, lines)
        if lines != self.compact_lines:
            self.compact_lines = lines
            self._show_compact()

    def note_rows(self) -> int:
        """The note's rows, if it has one (at the width last laid out)."""
        width = self.content_size.width
        note = markup(look.escape(self._note)) if self._note else None
        return 0 if note is None else len(note.wrap(width)) if width > 0 else 1

    def busy_rows(self) -> int:
        """The rows the hand takes while the draft has the side panel at a
        small height: its border, its compact lines and the note's rows
        (the draft row gives its detail lines to fit the rest)."""
        if self.has_class("-hidden"):
            return 0
        width = self.query_one("#hand-compact", Static).content_size.width
        shown = compact(*self._compact, width, self.compact_lines).plain
        return 2 + (shown.count("\n") + 1 if width > 0 else 1) + self.note_rows()

    def on_resize(self) -> None:
        self._hold_text_height()  # the width the text wraps to is known now
        self._show_tokens()
        self._show_compact()
        if self._listed is not None and self._listed_width != self._row_width():
            self._relist(self.query_one("#hand-cards", OptionList), *self._listed)

    _listed_width = 0  # the row width the card list's lines were cut to

    def _row_width(self) -> int:
        """The card list's row, less a column for its scroll bar (0 before
        the first layout: lines whole)."""
        width = self.query_one("#hand-cards", OptionList).scrollable_content_region.width
        return max(0, width - 1)

    def _show_tokens(self) -> None:
        """The tokens' row, "Tokens" where "Battle tokens" would wrap it to
        a second row (five tokens at 80 columns): a row the card text lost."""
        row = self.query_one("#hand-tokens", Static)
        tokens = self._tokens
        if not tokens:
            redraw.show(row, "")
            return
        width = row.content_size.width
        long = f"Battle tokens {markup(tokens).plain}"
        word = "Battle tokens" if not width or len(long) <= width else "Tokens"
        redraw.show(row, f"[dim]{word}[/] {tokens}")

    def _hold_text_height(self) -> None:
        """The card text is at least as tall as the tallest text of the hand:
        going from card to card (the cursor, or the first card after a move)
        then changes no box size. Each change of an auto height was a layout
        pass of the whole screen, at most moves. A card of the draft row
        (whose cards come and go at every pick) may still grow it."""
        cards = self._cards
        text = self.query_one("#card-text", Static)
        width = text.content_size.width
        if not width or (cards, width) == self._held:
            return
        self._held = (cards, width)
        height = max((markup(look.card_text(c)).get_height(text.styles, width) for c in cards),
                     default=0)
        if text.styles.min_height != Scalar.from_number(height):
            text.styles.min_height = height

    def _relist(self, cards: OptionList, ids: list[int], marks: list[Verdict]) -> None:
        """The card list: as many cards as before are rewritten in place (a
        turn changes the marks, not the count), which lays out nothing;
        another count rebuilds the list, which lays out the side panel."""
        same_count = self._listed is not None and len(self._listed[0]) == len(ids) > 0
        self._listed = (ids, marks)
        self._listed_width = self._row_width()
        width = self._row_width()
        prompts = [card_option(c, v, width) for c, v in zip(ids, marks, strict=True)]
        if same_count:
            for i, prompt in enumerate(prompts):
                cards.replace_option_prompt_at_index(i, prompt)
            return
        keep = cards.highlighted
        cards.clear_options()
        options = [Option(p) for p in prompts] or [Option("[dim]no cards[/]", disabled=True)]
        cards.add_options(options)
        if ids:
            cards.highlighted = min(keep or 0, len(ids) - 1)

    def show_card(self, card: int | None) -> None:
        text = self.query_one("#card-text", Static)
        redraw.show(text, look.card_text(card) if card is not None else "")
        if card is not None and card in self._cards:
            self.query_one("#hand-cards", OptionList).highlighted = self._cards.index(card)

    BROWSE = " · ↑↓ browse"
    """Added to the title while the card list has the focus: the hand says
    in words that it is the panel the arrows move (as the log and the
    actions do), seen without colour too."""

    def _retitle(self) -> None:
        browsing = self.query_one("#hand-cards", OptionList).has_focus
        redraw.title(self, self._title + self.BROWSE if browsing else self._title)

    def _browsed_text(self, index: int) -> str:
        """The text of the card at ``index`` of the list, after the reason it
        cannot be played now (the list line may be too narrow to hold it)."""
        card = self._cards[index]
        v = self._marks[index] if index < len(self._marks) else None
        if v is None or v.mark == PLAYABLE or not v.why:
            return look.card_text(card)
        word = "never" if v.mark == NEVER else "not now"
        return f"{marked(v)} [i]{word}: {look.escape(v.why)}[/]\n{look.card_text(card)}"

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The compact line took the focus (Tab): open the list and hand
        the focus on to it. The list took it: the title says so, and the
        text is of its highlighted card."""
        if event.widget.id == "hand-cards":
            self._retitle()
            self._browse_here()
        if isinstance(event.widget, Compact):
            self._open(True)
            self.call_after_refresh(self._browse_here)

    def _browse_here(self) -> None:
        """The list takes the focus, and the text is of its highlighted card
        (not of the draft's card the actions point at)."""
        cards = self.query_one("#hand-cards", OptionList)
        if not cards.has_focus:
            cards.focus()
        if self._cards and cards.highlighted is not None:
            redraw.show(self.query_one("#card-text", Static),
                        self._browsed_text(cards.highlighted))

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self.call_after_refresh(self._close_if_left)
        if event.widget.id == "hand-cards":
            self.call_after_refresh(self._retitle)

    def _close_if_left(self) -> None:
        focused = self.app.focused
        if focused is None or self not in focused.ancestors_with_self:
            self._open(False)

    on_open: Callable[[bool], None] | None = None
    """Told when the hand opens or closes (the table makes way for it)."""

    def _open(self, on: bool) -> None:
        if self.has_class("-open") == on:
            return
        self.set_class(on, "-open")
        if self.on_open is not None:
            self.on_open(on)

    @on(OptionList.OptionHighlighted, "#hand-cards")
    def _browse(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if self.query_one("#hand-cards", OptionList).has_focus and self._cards:
            redraw.show(self.query_one("#card-text", Static),
                        self._browsed_text(event.option_index))
