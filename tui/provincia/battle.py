"""Phase 3: the Gauls' strength, each city's sum by part, the revealed
tokens, who held and what was lost."""

from __future__ import annotations

from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from engine.core import HIDDEN
from engine.provincia.battle import stack
from engine.provincia.data import BATTLE_ROUNDS, BELLA, MARKERS_PER_DECK
from engine.provincia.events import (
    Destroyed,
    Lost,
    MoraleLost,
    Overflowed,
    PrestigeChanged,
    Saved,
    TokensRevealed,
)
from engine.provincia.state import BATTLE, FINAL, SELECT, State
from engine.provincia.text import amount, bellum_text, card_name, foreseen_text, gauls_range
from tui.widgets import redraw
from tui.widgets.scene import Scene
from tui.widgets.untrusted import markup

from . import look

LOSS_EVENTS = (Lost, MoraleLost, Destroyed, PrestigeChanged, Saved, Overflowed)
MAX_LOOKBACK = 200
# At small heights the panel has this many lines (the side panel's share of
# 80×24, the hand making way): every seat's row stays, the player's own loss
# line too, and the others' losses as far as they fit (the log has them all).
SHORT_LINES = 12
NARROW = 40


def mid_step(state: State) -> bool:
    """Whether ``state`` is a stage of a step being played out (``Game.stages``:
    the battles one at a time) rather than a position: in the middle of the
    fights with no decision open. A position there always waits on a loser's
    choice (else the fights go on in the same step)."""
    return state.phase == BATTLE and state.step == "fight" and not state.pending


def battle_losses(scene: Scene) -> dict[int, list[str]]:
    """What each seat lost in this round's battle, read from the events since
    the tokens were revealed (oldest first). A stage holds the events of its
    step so far, so the stages before it (``earlier`` while a step is played
    out) are passed over: their events are in it already."""
    found: list[Lost | MoraleLost | Destroyed | PrestigeChanged | Saved | Overflowed] = []
    k = 0
    st = scene.state
    while st is not None and k < MAX_LOOKBACK:
        if k and mid_step(st):
            k += 1
            st = scene.earlier(k)
            continue
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
        elif isinstance(e, MoraleLost):  # the panel said "lost: …" while the log said it
            text = f"−{e.amount} Morale"
        elif isinstance(e, Destroyed) and e.cause == "gauls":
            text = f"{card_name(e.card)} destroyed"
        elif isinstance(e, PrestigeChanged) and e.reason == "battle":
            text = f"{e.delta:+d} PP".replace("-", "−")  # one minus sign, as "−3 Stone"
        elif isinstance(e, Saved):
            text = "Aediles saved a building"
        elif isinstance(e, Overflowed):
            text = f"−{amount(e.lost)} (no storage)"
        else:
            continue
        out.setdefault(e.seat, []).append(text)
    return out


def stakes(s: State, battle_round: int, own: int | None, grouped: bool = False) -> list[str]:
    """Before the Bellum is turned: each card it may be, its Gauls and what
    losing to it would cost the seat as things stand (its own buildings
    named), or for a spectator the penalty as printed. So the token is
    chosen knowing the price of falling (issue 28). ``grouped``: cards that
    would cost the same share a line ("4 III-a, 5 III-c lose 2 PP")."""
    head = "If you fall, by the card drawn:" if own is not None else "The card drawn may be:"
    found: dict[str, list[int]] = {}
    for c in stack(s, battle_round):
        what = foreseen_text(s, own, c) if own is not None else bellum_text(c)
        found.setdefault(what if grouped else str(c), []).append(c)
    out = [f"[dim]{head}[/]"]
    for cards in found.values():
        what = foreseen_text(s, own, cards[0]) if own is not None else bellum_text(cards[0])
        which = ", ".join(f"[b $error]{BELLA[c].attack}[/] [dim]{BELLA[c].name}[/]"
                          for c in cards)
        out.append(f" {which} {escape(what)}")
    return out


def packed(head: str, items: list[str], width: int) -> list[str]:
    """``head`` then ``items`` on as few lines of ``width`` as they fit,
    an item never split (a seat's badge stays with its sum); the lines
    after the first start under the first item."""
    indent = " " * (markup(head).cell_length + 1)
    out: list[str] = []
    line = head
    for item in items:
        wider = f"{line} {item}"
        if width > 0 and markup(wider).cell_length > width and line.strip() != head.strip() \
                and line != indent:
            out.append(line)
            wider = f"{indent}{item}"
        line = wider
    out.append(line)
    return out


def shown_battle(state: State, keep_last: bool = True) -> int | None:
    """The round whose battle the panel shows: during Phase 3 and after it
    in its round (not in the final Play Cards turn, which is about the
    hand), and, ``keep_last``, on into the next round until a deck is
    chosen there (the result went by with the bots' pace in Phases 4 and 5;
    the first row of cards needs the room; at small heights the hand needs
    it at once)."""
    s = state
    if s.round in BATTLE_ROUNDS and BATTLE <= s.phase < FINAL:
        return s.round
    before = s.round - 1
    if (keep_last and before in BATTLE_ROUNDS and s.battle and s.phase == SELECT
            and s.draft is None and s.markers == (MARKERS_PER_DECK,) * 3):
        return before
    return None


class BattlePanel(Static):
    """The battle of the current round."""

    _scene: Scene | None = None
    _laid: tuple = ()
    make_way = False
    """Set while the hand, opened by Tab at a small height, takes the room."""

    def on_resize(self) -> None:
        """The width and the screen's height decide the wording and which
        loss lines fit: shown again once laid out at a new size."""
        if self._scene is not None and (self.content_size.width, self.short) != self._laid:
            self.call_after_refresh(self._again)

    def _again(self) -> None:
        """The latest scene (not the one of the resize)."""
        if self._scene is not None:
            self.show(self._scene)

    def show(self, scene: Scene) -> None:
        self._scene = scene
        self._laid = (self.content_size.width, self.short)
        s = scene.state
        battle_round = shown_battle(s, keep_last=not self.short)
        self.display = battle_round is not None and not self.make_way
        if battle_round is None:
            return
        bellum = look.turned(s.bellum[BATTLE_ROUNDS.index(battle_round)])
        # the order they fought in (Caesar has moved on by the next round)
        self._order = (tuple(s.order_from(s.caesar)) if battle_round == s.round
                       else tuple(line.seat for line in s.battle))
        redraw.title(self, f"Battle · round {battle_round}" if battle_round == s.round
                     else f"Last battle · round {battle_round}")
        header = "[dim]     Def Mor Mil Tok  Sum[/]"
        redraw.subtitle(self, "")
        if bellum == HIDDEN:
            placed = sum(h is not None for h in s.committed)
            stack_name = BELLA[stack(s, battle_round)[0]].name.split("-")[0]
            gauls = f"Gauls [b]{gauls_range(s, battle_round)}[/]"
            tokens = f"tokens {placed}/{s.n} placed"
            if self.short:  # a line for the rows: the count on the border, the line whole
                redraw.subtitle(self, tokens)
                lines = [self.fitting(f"{gauls} [dim](Bellum {stack_name} face down)[/]",
                                      f"{gauls} [dim]({stack_name} face down)[/]")]
            else:
                lines = [f"{gauls} [dim](Bellum {stack_name} face down)[/] · {tokens}"]
            own = scene.own
            if own is not None and s.committed[own] is not None:
                mine = s.committed[own].card
                if mine != HIDDEN:
                    lines.append(f"You placed {look.token(mine)} face down.")
            rows, sums = {}, {}
            for p in s.order_from(s.caesar):
                pl = s.players[p]
                base = pl.defense + pl.morale + pl.military
                rows[p] = (f"{look.badge(scene.looks[p])} {pl.defense:>3} {pl.morale:>3}"
                           f" {pl.military:>3}   ? {base:>3}+?")
                sums[p] = f"{look.badge(scene.looks[p])} {base}+?"
            redraw.show(self, "\n".join(self.before_turn(lines, header, rows, sums, s,
                                                          battle_round, own)))
            return
        b = BELLA[bellum]
        tokens = " ".join(look.token(t) for t in s.revealed) or "none"
        width = self.content_size.width
        bellum_name = f"Bellum {b.name}" if width >= NARROW or not width else b.name
        lines = [f"Gauls attack with [b $error]{b.attack}[/] [dim]({bellum_name})[/]"]
        if not self.short:  # the card's penalty, as printed (at 80×24 the rows need the room)
            lines.append(f"[dim]A city that falls:[/] {escape(bellum_text(bellum))}")
        lines += [f"Tokens {tokens}", header]
        losses = battle_losses(scene)
        fought = {line.seat: line for line in s.battle}
        rows: list[tuple[str, str | None]] = []  # (seat row, its loss line)
        for p in self._order:
            lk = scene.looks[p]
            if p not in fought:
                rows.append((f"{look.badge(lk)} [dim]still to fight[/]", None))
                continue
            f = fought[p]
            verdict = "[b $success]holds[/]" if f.won else "[b $error]falls[/]"
            row = (f"{look.badge(lk)} {f.defense:>3} {f.morale:>3} {f.military:>3}"
                   f" {f.tokens:>+3} {f.total:>4} {verdict}")
            lost = None if f.won else "; ".join(losses.get(p, [])) or "…"
            rows.append((row, lost))
        redraw.show(self, "\n".join(lines + self.fit(rows, scene.own, len(lines))))

    def before_turn(self, lines: list[str], header: str, rows: dict[int, str],
                    sums: dict[int, str], s: State, battle_round: int,
                    own: int | None) -> list[str]:
        """The panel while the Bellum is face down: the Gauls, every seat's
        strength so far, then the stakes. At small heights (80×24), where
        all would not fit in ``SHORT_LINES``, cards that cost the same share
        a line, then your own row stays whole and the others' sums
        (``sums``) share a line or two: every side is in sight before the
        reveal (only your own row had stayed, four players' too)."""
        width = self.content_size.width

        def total(parts: list[str]) -> int:
            return sum(len(markup(p).wrap(width)) if width > 0 else 1 for p in parts)

        out = [*lines, header, *rows.values(), *stakes(s, battle_round, own)]
        if not self.short or total(out) <= SHORT_LINES:
            return out
        grouped = stakes(s, battle_round, own, grouped=True)
        out = [*lines, header, *rows.values(), *grouped]
        if total(out) <= SHORT_LINES or own not in rows:
            return out
        others = [text for p, text in sums.items() if p != own]
        out = [*lines, header, rows[own], *packed("[dim]Others[/]", others, width), *grouped]
        if total(out) <= SHORT_LINES:
            return out
        out.remove(grouped[0])  # the stakes' head goes first, then a long stake's end
        kept = out[:len(out) - len(grouped) + 1]
        for stake in grouped[1:]:
            room = SHORT_LINES - total(kept)
            if room <= 0:
                break
            if total([stake]) > room and width > 0:  # its first lines, then "…"
                cut = markup(stake).wrap(width)[:room]
                cut[-1] = (cut[-1] + Content(" …")).truncate(width, ellipsis=True)
                stake = "\n".join(line.markup for line in cut)
            kept.append(stake)
        return kept

    def fit(self, rows: list[tuple[str, str | None]], own: int | None,
            used: int) -> list[str]:
        """Every seat's row with its loss line; at small heights, where all
        would not fit, the player's own loss line first and the others' as
        far as they fit, then a line saying the rest are in the log (a
        panel that lost rows at its foot lost the player's own among them)."""
        def loss(text: str) -> str:
            return f"    [dim]lost:[/] {text}"

        width = self.content_size.width
        limit = SHORT_LINES if self.short else None

        def height(text: str) -> int:
            return len(markup(text).wrap(width)) if width > 0 else 1

        need = used + sum(1 + (height(loss(lost)) if lost else 0) for _, lost in rows)
        if limit is None or need <= limit:
            return [line for row, lost in rows for line in (row, lost and loss(lost)) if line]
        seats = self._order
        budget = limit - used - len(rows) - 1  # the closing note's line
        keep = set()
        for p in sorted(range(len(rows)), key=lambda i: seats[i] != own):
            lost = rows[p][1]
            if lost and height(loss(lost)) <= budget:
                keep.add(p)
                budget -= height(loss(lost))
        out = []
        for i, (row, lost) in enumerate(rows):
            out.append(row)
            if lost and i in keep:
                out.append(loss(lost))
        out.append("[dim]Other losses: in the log.[/]")
        return out

    _order: tuple[int, ...] = ()

    def fitting(self, *texts: str) -> str:
        """The first of ``texts`` one line of the panel holds (the last if
        none does; the first before the first layout)."""
        width = self.content_size.width
        for text in texts:
            if width <= 0 or markup(text).cell_length <= width:
                return text
        return texts[-1]

    @property
    def short(self) -> bool:
        return self.screen.has_class("-short") if self.is_attached else False
