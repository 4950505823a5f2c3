"""Provincia Romana's table: the board and cities on the left, the draft,
battle and hand beside the actions. The generic game screen drives it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget

from engine.match import Seat
from engine.provincia.actions import Pick
from engine.provincia.data import CARDS_PER_DRAW, DECK_NAMES
from tui.widgets.scene import Scene
from tui.widgets.seats import SeatLook

from . import look
from .battle import BattlePanel, mid_step
from .board import Board
from .city import FULL, SUMMARY, SUMMED, WRAPPED, CityPanel
from .draft import SHORT_DETAIL_MAX, DraftRow, picks
from .hand import COMPACT_LINES, Hand, card_of
from .labels import tight_label

# At small heights: the action box's border and filter (ACTION_FRAME), the
# actions always in sight in it (a row each), its rows while the seat
# chooses a deck (game.tcss: ".-short #actions", min-height), and the draft
# row's border and slots, without its detail lines.
ACTION_FRAME, ACTIONS_IN_SIGHT, SHORT_ACTION_ROWS = 3, 6, 9
ROW_FRAME = 2 + CARDS_PER_DRAW


class Cities(VerticalScroll):
    """The cities' panel: tells the table when its size or focus changes
    (whether the cities fit in full depends on both)."""

    on_change: Callable[[], None] | None = None

    def _changed(self) -> None:
        if self.on_change is not None:
            self.call_after_refresh(self.on_change)

    def on_resize(self) -> None:
        self._changed()

    def on_focus(self) -> None:
        self._changed()

    def on_blur(self) -> None:
        self._changed()


class ProvinciaUI:
    """Builds and updates the Provincia widgets for one game screen (their
    styles, provincia.tcss, are loaded by the app under the screen's
    ``game-provincia`` class)."""

    variables = look.RES_COLOURS
    notes = ("Board: ● action markers left on a deck, its size and (discard pile). "
             "⚔ marks the battle rounds; the board's last line keeps the last battle "
             "until the next (each city's total: ✓ held, ✗ fell). "
             "○ marks inactive buildings; ▲ marks the "
             "cities the last move changed. "
             "Each city has a colour and a letter, its board (Pons or Portus: "
             "which of those two it may build) and ★ its special building "
             "(bold once built), the first tie-break. Hand: ● playable now "
             "(outside Play Cards: can pay now), · not now (the reason "
             "follows: what is missing, or that it would gain nothing now, as a "
             "Commercium without Clay), ✗ never for this city. "
             "Tab reaches the cities (arrows scroll them); where they do not all "
             "fit in full, the other cities are shorter until then. "
             "Opes (Production): the resource cards, played at once when taken; "
             "whoever chose the deck (the Quaestor) receives the top part, the others "
             "the bottom. SPQR: Senate cards; Aedificium: buildings. "
             "Bellum (Battles): each battle round's card, face down until its battle: "
             "the Gauls' attack strength and the penalty if you cannot defeat them "
             "(the battle panel lists what each card the round may draw would cost "
             "you). Tax: 1 Gold in Phase 4 each round, else -2 PP. "
             "Every card and Bellum card: the rulebook's reference (esc, then Rules).")

    @staticmethod
    def tight_label(action: tuple, label: str, width: int) -> str:
        """A shorter label for a one-row list (``labels.tight_label``)."""
        return tight_label(action, label, width)

    def __init__(self) -> None:
        self._board = Board(id="board")
        self._cities = Cities(id="cities")
        self._cities.border_title = "Cities · ↑↓ scroll"
        self._cities.on_change = self._cities_resized
        self._draft = DraftRow(id="draft", classes="panel")
        self._battle = BattlePanel(id="battle", classes="panel")
        self._hand = Hand(id="hand", classes="panel")
        self._hand.on_open = self._hand_opened
        self._panels: list[CityPanel] = []
        self._side = Vertical(self._draft, self._battle, self._hand, id="side")
        self._scene: Scene | None = None
        self._focused: tuple | None = None  # the action highlighted in the menu

    def board(self) -> Widget:
        return Vertical(self._board, self._cities, id="table")

    def side(self) -> Widget:
        return self._side

    def looks(self, state: Any, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]:
        return look.looks(state, seats)

    def show(self, scene: Scene) -> None:
        self._scene = scene
        s = scene.state
        # A stage of a step being played out (the battles one at a time) is
        # nobody's turn: its fights may have emptied the queue to_move reads.
        to_move = None if mid_step(s) else scene.game.to_move(s)
        self._board.show(scene)
        if len(self._panels) != s.n:
            self._panels = [CityPanel(p, classes="city") for p in range(s.n)]
            self._cities.remove_children()
            self._cities.mount_all(self._panels)
        # What the last move changed stands out until the next one.
        before = scene.earlier(1)
        changed = [before is not None and p < len(before.players)
                   and before.players[p] != s.players[p] for p in range(s.n)]
        form = self._summary_form(scene, to_move)  # first: the heights depend on it
        for panel in self._panels:
            panel.form = form
        compact = self._fitting(scene, to_move, changed)
        for panel in self._panels:
            panel.compact = compact
            panel.show(scene, to_move, changed[panel.seat])
        slot = scene.focus.slot if isinstance(scene.focus, Pick) else None
        # not while the seat chooses a deck between two rows: the box kept
        # for the next row numbers nothing, the actions list the decks
        choosing = s.draft is None and to_move is not None and to_move == scene.own
        self._hand.show(scene)  # first: the row's room depends on the hand's rows
        self._fit_draft(scene, to_move, choosing)
        self._draft.show(scene, slot)
        self._battle.show(scene)
        busy = self._draft.display or self._battle.display or self._draft.make_way
        self._side.set_class(busy, "-busy")
        self._side.set_class(self._battle.display, "-battle")
        if self._side.is_attached:  # the row numbers the choices: the actions may shrink
            self._side.screen.set_class(bool(self._draft.display) and not choosing,
                                        "-drafting")

    def _fit_draft(self, scene: Scene, to_move: int | None, choosing: bool) -> None:
        """At a small height, the lines of the draft row's detail and of the
        compact hand: the column's rows less the actions' (a row each, up to
        six, as the seat will be offered them: the row's picks, on the other
        seats' turns too, so the boxes keep their size when the turn comes)
        and the row's border and slots. The detail has the lines its longest
        card text needs first (the hand's card text gives way to it there),
        the hand what remains (a line at least; its names in fewer lines). Sized so, the side
        panel leaves every draft action in sight (80×24 showed 2 or 3 of a
        draft's 3 or 4: the row's card text and a wrapped hand took them)."""
        column = self._side.parent
        height = column.size.height if isinstance(column, Widget) else 0
        if height <= 0 or not self._draft.short:
            self._draft.room = SHORT_DETAIL_MAX
            self._hand.fit_compact(COMPACT_LINES)
            return
        if choosing:  # the actions keep their rows for six (game.tcss)
            actions = SHORT_ACTION_ROWS
        else:
            offered = (len(scene.game.legal(scene.state)) if to_move == scene.own
                       else picks(scene) or len(DECK_NAMES))
            actions = ACTION_FRAME + min(offered, ACTIONS_IN_SIGHT)
        left = height - actions - ROW_FRAME
        # between two rows the box holds one line (who chooses): the hand
        # may take the lines of the row's slots and detail
        detail = (min(self._draft.needed(scene), SHORT_DETAIL_MAX)
                  if scene.state.draft is not None else 1 - CARDS_PER_DRAW)
        self._hand.fit_compact(min(COMPACT_LINES, left - detail - 2 - self._hand.note_rows()))
        self._draft.room = left - self._hand.busy_rows()

    def _fitting(self, scene: Scene, to_move: int | None, changed: list[bool]) -> int:
        """The fullest form (city.FULL, SUMMED, WRAPPED, SUMMARY) in which every city
        fits the panel's lines, so each city's PP and holdings are in sight
        without scrolling. FULL while the panel has the focus (Tab): there
        every city is in full, and the arrows scroll."""
        room = self._cities.size.height
        if room <= 0 or self._cities.has_focus:
            return FULL
        # the panels' text width when the scroll bar shows (border and padding: 2)
        width = self._cities.size.width - self._cities.styles.scrollbar_size_vertical - 2
        for level in (FULL, SUMMED, WRAPPED):
            if sum(p.height(level, scene, to_move, width, changed[p.seat])
                   for p in self._panels) <= room:
                return level
        return SUMMARY

    def _summary_form(self, scene: Scene, to_move: int | None) -> int:
        """The fullest one-line form every other city fits (the rows read alike)."""
        width = self._cities.size.width - 2
        return max((p.fitting_form(scene, to_move, width) for p in self._panels
                    if p.seat != scene.seat), default=0)

    def _cities_resized(self) -> None:
        """A new size, or the focus came or went: full or compact anew (and
        the highlighted action's card pointed at again, as it was). Called
        after a refresh, so the screen may be gone by then (esc from a replay)."""
        if self._scene is not None and self._hand.is_attached:
            self.show(self._scene)
            self.focus_action(self._scene, self._focused)

    def _hand_opened(self, on: bool) -> None:
        """The hand opened (Tab) or closed: show the table again around it
        (at a small height the row or the battle makes way while it is open)."""
        way = on and self._side.screen.has_class("-short")
        self._draft.make_way = self._battle.make_way = way
        if self._scene is not None:
            self.show(self._scene)
            self.focus_action(self._scene, self._focused)

    def focus_action(self, scene: Scene, action: tuple | None) -> None:
        """Point the draft row or the card text at what ``action`` is about."""
        self._focused = action
        if isinstance(action, Pick) and scene.state.draft is not None:
            self._draft.show(scene, action.slot)
            held = scene.state.draft.slots[action.slot]
            if held is not None and held.card >= 0:
                self._hand.show_card(held.card)
            return
        card = card_of(action)
        if card is not None:
            self._hand.show_card(card)

    def table_key(self, key: str) -> bool:
        """No keys beyond its panels', which work while they have the focus."""
        return False
