"""The shared part of the table: round track, phase, decks, supply, Caesar."""

from __future__ import annotations

from textual.widgets import Static

from engine.core import HIDDEN
from engine.provincia.data import (
    BATTLE_ROUNDS,
    BELLA,
    GOLD,
    MARKERS_PER_DECK,
    RESOURCE_NAMES,
    ROUNDS,
)
from engine.provincia.economy import finite_gold
from engine.provincia.state import BATTLE, FINAL, OVER, PHASE_NAMES, State
from tui.widgets import redraw
from tui.widgets.scene import Scene
from tui.widgets.untrusted import markup

from . import look
from .battle import shown_battle

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
DECK_LABELS = (("Opes", "Opes"), ("SPQR", "SPQR"), ("Aedif", "Aedificium"))
BATTLE_MARK = "⚔"
LEGEND = ("Round track: ⚔ marks the battle rounds. Decks: ● action markers left, "
          "cards in the deck, (cards in the discard pile). Last battle: each city's "
          "total, ✓ held, ✗ fell.")


def round_track(round_: int, over: bool, wide: bool) -> str:
    """Rounds 1–6; battle rounds carry a crossed-swords mark; now is reversed."""
    cells = []
    for r in range(1, ROUNDS + 1):
        mark = BATTLE_MARK if r in BATTLE_ROUNDS else " "
        cell = f" {r}{mark}" if wide else f"{r}{mark}"
        if r == round_ and not over:
            cells.append(f"[reverse b]{cell}[/]")
        elif r < round_ or over:
            cells.append(f"[dim]{cell}[/]")
        else:
            cells.append(cell)
    return "".join(cells)


def gauls(state: State) -> str:
    """The four Bellum cards by round: strength once turned, ``?`` while
    face down (``II:4 III:? V:? VI:?``)."""
    parts = []
    for r, held in zip(BATTLE_ROUNDS, state.bellum, strict=True):
        card = look.turned(held)  # a whole game's replay knows them all from step 0
        value = "?" if card == HIDDEN else str(BELLA[card].attack)
        text = f"{ROMAN[r]}:{value}"
        now = state.round == r
        parts.append(f"[b $error]{text}[/]" if now and value != "?" else text)
    return " ".join(parts)


def last_battle(state: State) -> int | None:
    """The round of the last battle fought, once it is over, until the next
    one starts (its tokens are being placed) and on to the end of the game:
    its result stays on the board (at the bots' pace the battle panel went by
    within a second or two). None while a battle is under way (the panel
    shows it) and before the first."""
    s = state
    if not s.battle or (s.round in BATTLE_ROUNDS and s.phase == BATTLE):
        return None
    fought = s.round if s.phase > BATTLE else s.round - 1
    return max((r for r in BATTLE_ROUNDS if r <= fought), default=None)


def battle_line(scene: Scene, width: int, short: bool) -> str | None:
    """The last battle in a line of ``width`` once the battle panel has
    left (``short``: at a small height, as it does there): each city's total
    and verdict in the order they fought, in words where they fit
    (``Last battle III: N 5 holds, F 3 falls, …``), else marked
    (``Last battle III: N5✓ F3✗ …``, ``Battle III: …``)."""
    s = scene.state
    r = last_battle(s)
    if r is None or shown_battle(s, keep_last=not short) is not None:
        return None
    badges = [look.tight_badge(scene.looks[f.seat]) for f in s.battle]
    words = ", ".join(f"{b} {f.total} " + ("[$success]holds[/]" if f.won else "[$error]falls[/]")
                      for b, f in zip(badges, s.battle, strict=True))
    marks = " ".join(f"{b}{f.total}" + ("[$success]✓[/]" if f.won else "[$error]✗[/]")
                     for b, f in zip(badges, s.battle, strict=True))
    forms = (f"[dim]Last battle {ROMAN[r]}:[/] {words}", f"[dim]Last battle {ROMAN[r]}:[/] {marks}")
    return next((line for line in forms if markup(line).cell_length <= width),
                f"[dim]Battle {ROMAN[r]}:[/] {marks}")


class Board(Static):
    """Round track and everything on the central game board."""

    _scene: Scene | None = None
    _laid: tuple[int, bool] | None = None

    def on_resize(self) -> None:
        """Widths decide between the short and the long wording, and the
        screen's height whether the battle panel or the last line shows the
        last battle: shown again once laid out at a new size."""
        if self._scene is not None and (self.content_size.width, self.short) != self._laid:
            self.call_after_refresh(self._again)

    def _again(self) -> None:
        """The latest scene (not the one of the resize)."""
        if self._scene is not None:
            self.show(self._scene)

    @property
    def short(self) -> bool:
        return self.screen.has_class("-short") if self.is_attached else False

    def show(self, scene: Scene) -> None:
        self._scene = scene
        s = scene.state
        self._laid = (self.content_size.width, self.short)
        wide = self.size.width >= 60
        over = s.phase == OVER
        if over:
            phase = "[b]Game over[/]"
        elif s.phase == FINAL:
            phase = "[b]Final Play Cards[/]"
        else:
            phase = (f"Phase {s.phase} " if wide else "") + f"[b]{PHASE_NAMES[s.phase]}[/]"
        caesar = scene.looks[s.caesar]
        decks = []
        for d in range(3):
            marks = "●" * s.markers[d] + "[dim]" + "○" * (MARKERS_PER_DECK - s.markers[d]) + "[/]"
            label = DECK_LABELS[d][1 if wide else 0]
            decks.append(f"{label}{' ' if wide else ''}{marks} {len(s.decks[d])}"
                         f"[dim]({len(s.discards[d])})[/]")
        # Unlimited gold (the default) has no count worth reading: it never runs out.
        unlimited = not finite_gold(s)
        supply = " ".join(f"[{look.RES_VAR[i]}]{RESOURCE_NAMES[i]}[/] ∞" if i == GOLD and unlimited
                          else look.resource(i, n) for i, n in enumerate(s.supply))
        seed = f"  [dim]seed {scene.seed}[/]" if wide and scene.seed is not None else ""
        lines = [
            f"Round {round_track(s.round, over, wide)} {phase}",
            (f"Caesar {look.city(caesar)} · [dim]Gauls[/] {gauls(s)}" if wide
             else f"[dim]Gauls[/] {gauls(s)} · Caesar {look.badge(caesar)}"),
            ("  " if wide else " ").join(decks),
            f"[dim]Supply[/] {supply}",
        ]
        if seed:
            lines = with_seed(lines, seed, self.content_size.width)
        battle = battle_line(scene, self.content_size.width, self.short)
        redraw.show(self, "\n".join(lines if battle is None else [*lines, battle]))

    def on_mount(self) -> None:
        self.tooltip = LEGEND


def with_seed(lines: list[str], seed: str, width: int) -> list[str]:
    """The seed at the end of the first line it fits on, Caesar's first
    (at 120×40 "Caesar N·Narbo Martius · Gauls …  seed" wrapped its number
    onto a row of its own), then the supply's, then the round's; left out
    where none has room."""
    for i in (1, 3, 0):
        if not width or markup(lines[i] + seed).cell_length <= width:
            return [*lines[:i], lines[i] + seed, *lines[i + 1:]]
    return lines
