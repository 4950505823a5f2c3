"""Phase 3: the Gauls' strength, each city's sum by part, the revealed
tokens, who held and what was lost."""

from __future__ import annotations

from textual.widgets import Static

from engine.core import HIDDEN
from engine.provincia.data import BATTLE_ROUNDS, BELLA
from engine.provincia.events import (
    Destroyed,
    Lost,
    Overflowed,
    PrestigeChanged,
    Saved,
    TokensRevealed,
)
from engine.provincia.state import BATTLE, FINAL, State
from engine.provincia.text import amount, card_name
from tui.widgets import redraw
from tui.widgets.scene import Scene

from . import look

LOSS_EVENTS = (Lost, Destroyed, PrestigeChanged, Saved, Overflowed)
MAX_LOOKBACK = 200


def battle_losses(scene: Scene) -> dict[int, list[str]]:
    """What each seat lost in this round's battle, read from the events since
    the tokens were revealed (oldest first)."""
    found: list[Lost | Destroyed | PrestigeChanged | Saved | Overflowed] = []
    k = 0
    st = scene.state
    while st is not None and k < MAX_LOOKBACK:
        stop = False
        for e in reversed(st.events):
            if isinstance(e, TokensRevealed):
                stop = True
                break
            if isinstance(e, LOSS_EVENTS):
                found.append(e)
        if stop:
            break
        k += 1
        st = scene.earlier(k)
    else:
        return {}
    out: dict[int, list[str]] = {}
    for e in reversed(found):
        if isinstance(e, Lost):
            text = f"−{amount(e.amount)}"
        elif isinstance(e, Destroyed) and e.cause == "gauls":
            text = f"{card_name(e.card)} destroyed"
        elif isinstance(e, PrestigeChanged) and e.reason == "battle":
            text = f"{e.delta:+d} PP"
        elif isinstance(e, Saved):
            text = "Aediles saved a building"
        elif isinstance(e, Overflowed):
            text = f"−{amount(e.lost)} (no storage)"
        else:
            continue
        out.setdefault(e.seat, []).append(text)
    return out


def this_rounds_battle(state: State) -> bool:
    """Is there a battle to show: during Phase 3 and after it in its round
    (not in the final Play Cards turn, which is about the hand)."""
    s = state
    return s.round in BATTLE_ROUNDS and BATTLE <= s.phase < FINAL


class BattlePanel(Static):
    """The battle of the current round."""

    def show(self, scene: Scene) -> None:
        s = scene.state
        self.display = this_rounds_battle(s)
        if not self.display:
            return
        bellum = s.bellum[BATTLE_ROUNDS.index(s.round)].card
        redraw.title(self, f"Battle · round {s.round}")
        header = "[dim]     Def Mor Mil Tok  Sum[/]"
        if bellum == HIDDEN:
            placed = sum(h is not None for h in s.committed)
            lines = [f"Gauls [b]?[/] [dim](Bellum face down)[/] · tokens {placed}/{s.n} placed"]
            own = scene.own
            if own is not None and s.committed[own] is not None:
                mine = s.committed[own].card
                if mine != HIDDEN:
                    lines.append(f"You placed {look.token(mine)} face down.")
            lines.append(header)
            for p in s.order_from(s.caesar):
                pl = s.players[p]
                base = pl.defense + pl.morale + pl.military
                lines.append(f"{look.badge(scene.looks[p])} {pl.defense:>3} {pl.morale:>3}"
                             f" {pl.military:>3}   ? {base:>3}+?")
            redraw.show(self, "\n".join(lines))
            return
        b = BELLA[bellum]
        tokens = " ".join(look.token(t) for t in s.revealed) or "none"
        lines = [f"Gauls attack with [b $error]{b.attack}[/] [dim](Bellum {b.name})[/]",
                 f"Tokens {tokens}", header]
        losses = battle_losses(scene)
        fought = {line.seat: line for line in s.battle}
        for p in s.order_from(s.caesar):
            lk = scene.looks[p]
            if p not in fought:
                lines.append(f"{look.badge(lk)} [dim]still to fight[/]")
                continue
            f = fought[p]
            verdict = "[b $success]holds[/]" if f.won else "[b $error]falls[/]"
            lines.append(f"{look.badge(lk)} {f.defense:>3} {f.morale:>3} {f.military:>3}"
                         f" {f.tokens:>+3} {f.total:>4} {verdict}")
            if not f.won:
                lost = "; ".join(losses.get(p, [])) or "…"
                lines.append(f"    [dim]lost:[/] {lost}")
        redraw.show(self, "\n".join(lines))
