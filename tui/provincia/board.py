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
from engine.provincia.state import FINAL, OVER, PHASE_NAMES, State
from tui.widgets import redraw
from tui.widgets.scene import Scene

from . import look

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI"}
DECK_LABELS = (("Opes", "Opes"), ("SPQR", "SPQR"), ("Aedif", "Aedificium"))
BATTLE_MARK = "⚔"
LEGEND = ("Round track: ⚔ marks the battle rounds. Decks: ● action markers left, "
          "cards in the deck, (cards in the discard pile).")


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
        value = "?" if held.card == HIDDEN else str(BELLA[held.card].attack)
        text = f"{ROMAN[r]}:{value}"
        now = state.round == r
        parts.append(f"[b $error]{text}[/]" if now and value != "?" else text)
    return " ".join(parts)


class Board(Static):
    """Round track and everything on the central game board."""

    _scene: Scene | None = None
    _wide: bool | None = None

    def on_resize(self) -> None:
        """Widths decide between the short and the long wording."""
        if self._scene is not None and (self.size.width >= 60) != self._wide:
            self.show(self._scene)

    def show(self, scene: Scene) -> None:
        self._scene = scene
        s = scene.state
        wide = self._wide = self.size.width >= 60
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
        redraw.show(self, "\n".join([
            f"Round {round_track(s.round, over, wide)} {phase}",
            (f"Caesar {look.city(caesar)} · [dim]Gauls[/] {gauls(s)}{seed}" if wide
             else f"[dim]Gauls[/] {gauls(s)} · Caesar {look.badge(caesar)}"),
            ("  " if wide else " ").join(decks),
            f"[dim]Supply[/] {supply}",
        ]))

    def on_mount(self) -> None:
        self.tooltip = LEGEND
