"""The side panel: the era and phase, the scores, your leader, Villa,
Barracks and Docks, why no god or army is offered, every other seat in a
line, every roll of the last step with its faces and what they add
(battles with both dice, strengths and result), and the Enemy's campaign
on your map."""

from __future__ import annotations

from textual.widgets import Static

from engine.romans.data import ERA_CARDS, GODS
from engine.romans.state import ENEMY, NATIONS, PHASE_NAMES
from engine.romans.text import ROMAN, dice_sum, plural
from tui.widgets.scene import Scene
from tui.widgets.untrusted import markup

from . import look, reasons

SHORT_PHASE = {NATIONS: "Nation selection"}  # "Enemy nation selecti…" at 80×24


def era_title(era: int, phase: str, width: int) -> str:
    """The panel's title, "Era 2 · Enemy nation selection"; where the border
    cuts it (a panel at 80×24), the phase in fewer words."""
    title = f"Era {era} · {PHASE_NAMES[phase]}"
    if width and len(title) + 6 > width and phase in SHORT_PHASE:
        return f"Era {era} · {SHORT_PHASE[phase]}"
    return title

BATTLES = ("battle", "enemy battle", "remote battle")
WIDE = 44  # the panel's width from which other seats and dice read in full


def battles(s, viewer: int | None) -> list[tuple[int | None, str]]:
    """Each roll in the last step's events: (seat, line). A Roman attack
    reads "Etr: 5+3=8 vs 4+5=9 won" (Rome first, each strength plus its
    die); the dice are white (Rome) then purple (the Enemy), and each battle
    carries its own, so one that resumes an earlier step's roll reads right.
    The Citadel's black die, the Temple's die, the Glory dice and the storm
    die read with what they give."""
    out: list[tuple[int | None, str]] = []
    for e in s.events:
        k = e[0]
        if k in BATTLES:
            out.append((e.seat, _battle(e)))
        elif k == "overrun":
            out.append((e[1], f"{look.TAG[e[2]]} overrun by the Enemy (unrest)"))
        elif k == "fall of rome":
            out.append((e[1], f"[b $error]Rome falls[/] to {plural(e[2], 'warband')}"))
        elif k == "citadel":
            out.append((e.seat, f"Citadel: black die {e.die}, "
                                f"{e.rank}+{e.bonus}={plural(e.rank + e.bonus, 'action')}"))
        elif k == "glory roll":
            where = look.TAG[e.province] if e.province >= 0 else "free choice"
            out.append((e.seat, f"Glory: die {e.face}, {where}"))
        elif k == "enemy glory roll":
            out.append((None, f"Enemy Glory: die {e.face}, {look.TAG[e.province]}"))
        elif k == "storm":
            out.append((None, f"Storm: die {e.face}, every fleet showing {e.face} sinks"))
        elif k == "temple":
            out.append((e.seat, f"Temple, {e.god}: die {e.die} + box {e.score - e.die} "
                                f"= {e.score}"))
    return out


def _battle(e) -> str:
    """One battle: each side's strength plus its die, and the result."""
    if e.kind == "battle":
        who = ""
        result = "[b $success]won[/]" if e.won else "[b $error]lost[/]"
    else:
        who = "Enemy attacks " if e.kind == "enemy battle" else "remote "
        result = "[b $success]held[/]" if e.held else "[b $error]lost[/]"
    return (f"{who}{look.TAG[e.province]}: {dice_sum(e.white, e.rome)} vs "
            f"{dice_sum(e.purple, e.enemy)} {result}")


def scores_line(scene: Scene) -> str:
    """Every seat's score, in turn order ("scores B1 Y2 G9 R9": the letters
    are the seats, the numbers their points; the solo Enemy's last). It read
    "order B1 Y2" once, and players took the numbers for places in the order."""
    s = scene.state
    scores = " ".join(f"{look.letter(scene.looks[i])}{s.players[i].score}" for i in s.order)
    if s.n == 1:
        return f"score {scores} · [b $romans-enemy]Enemy {s.enemy_score}[/]"
    return f"scores {scores}"


def other_line(scene: Scene, seat: int, width: int) -> str:
    """Another seat in one line: its player, the senators left in its Villa
    and the legions in its Barracks (wide: their ranks, its leader and its
    Docks too), so a narrow table shows every seat beside yours; there a
    name too long for the line ends in "…" (the log names it whole)."""
    s = scene.state
    lk = scene.looks[seat]
    p = s.players[seat]
    if width < WIDE:
        figures = f" · Villa {len(p.villa)} · Barr. {p.barracks}"
        room = max(4, width - len(figures) - 4)
        name = lk.name if len(lk.name) <= room else lk.name[:room - 1] + "…"
        return f"{look.badge(lk)} {markup('$name', name=name).markup}{figures}"
    who = f"{look.badge(lk)} {markup('$name', name=lk.name).markup}"
    leader = SidePanel._leader(s, p)
    lead = f" · {leader}" if leader else ""
    return (f"{who}{lead} · Villa {look.ranks(p.villa)} · Barracks {p.barracks}"
            f" · Docks {look.docks(p.docks)}")


def bots_line(scene: Scene) -> str:
    """What plays each bot seat, seats of one kind together ("bots B rules ·
    YG search, hard": the rules bot or the search), so it fits one line of
    the narrow panel; "" when people play every seat."""
    kinds: dict[str, str] = {}
    for lk in scene.looks:
        if lk.kind_word:
            kinds[lk.kind_word] = kinds.get(lk.kind_word, "") + look.letter(lk)
    said = [f"{letters} {markup('$kind', kind=kind).markup}" for kind, letters in kinds.items()]
    return "[dim]bots[/] " + " · ".join(said) if said else ""


class SidePanel(Static):
    """Where the game is and what you hold; the battles just fought."""

    _scene: Scene | None = None

    def on_resize(self) -> None:
        """The width decides the wording (the first scene comes before it is known)."""
        if self._scene is not None:
            self.show(self._scene)

    def show(self, scene: Scene) -> None:
        self._scene = scene
        s = scene.state
        seat = scene.own
        if seat is None:  # a replay shows seat 1; a spectator, whoever is to move
            mover = scene.game.to_move(s) if scene.seat is not None else None
            seat = mover if mover is not None and 0 <= mover < len(s.players) else 0
        me = scene.looks[seat]
        p = s.players[seat]
        self.border_title = era_title(s.era, s.phase, self.size.width)
        lines = []
        lines.append(f"{look.badge(me)} {markup('$label', label=me.label).markup} · "
                     + scores_line(scene))
        bots = bots_line(scene)
        if bots:
            lines.append(bots)
        leader = self._leader(s, p)
        if leader:
            lines.append(f"Leader {leader} · army {p.max_army}")
        lines.append(f"Villa {look.ranks(p.villa)}"
                     + (f" · placed {look.ranks(p.used)}" if p.used else ""))
        waiting = f" · waiting: {', '.join(p.waiting)}" if p.waiting else ""
        if self.size.width >= WIDE:  # words where they fit: "t2" read as nothing
            lines.append(f"Barracks {p.barracks}{waiting}")
            lines.append(f"Docks {look.docks_long(p.docks)}")
        else:
            lines.append(f"Barracks {p.barracks} · Docks {look.docks(p.docks)}{waiting}")
        held = [g.name for g, h in zip(GODS, s.gods, strict=True) if h == seat]
        tri = [look.triumph_short(t.card) for t in p.triumphs]
        extra = []
        if held:
            extra.append("God " + ", ".join(held))
        if tri:
            extra.append("Triumphs " + " ".join(tri))
        if extra:
            lines.append(" · ".join(extra))
        if reasons.placing(s, scene.own):  # why no god or army is offered, in one line
            why = [w for w in (reasons.god_reason(s, seat, short=True),
                               reasons.army_reason(s, seat, short=True)) if w]
            if why:
                lines.append(f"[dim]✗ {markup('$why', why=' · '.join(why)).markup}[/]")
        if p.army is not None:
            a = p.army
            general = f"gen. {ROMAN[a.rank]}" if a.rank else "no general"
            fight = f", {a.rome} vs {a.enemy}" if a.enemy else f", strength {a.rome}"
            lines.append(f"[b]Army[/] {look.TAG[a.place]}: {plural(a.legions, 'legion')}, "
                         f"{general}{fight}")
        width = self.content_size.width
        wide = width >= WIDE
        lines += [other_line(scene, i, width) for i in s.order if i != seat]
        enemy = self._enemy(s, p)
        if enemy:
            lines.append(f"[b $romans-enemy]Enemy army[/]: {enemy}")
        fights = battles(s, scene.own)
        mine = [line for who, line in fights if who == seat]
        others = [(who, line) for who, line in fights if who != seat]
        if fights and wide:  # narrow, the other seats take its row (the help says it)
            fought = any(e[0] in BATTLES for e in s.events)
            lines.append("[dim]Dice: white Rome, purple Enemy[/]" if fought else "[dim]Dice[/]")
        if fights:
            lines += [f"{look.letter(me)} {line}" for line in mine[-3:]]
            for who, line in others[-2:]:
                tag = look.letter(scene.looks[who]) if who is not None else ""
                lines.append(f"{tag} {line}")
        elif s.roll and any(s.roll):
            lines.append(f"[dim]Last dice: white {s.roll[0]}, purple {s.roll[-1]}[/]")
        self.update("\n".join(lines))

    @staticmethod
    def _enemy(s, p) -> str:
        """The Enemy army on this map in words; "none left" once it is spent
        or fallen in the Enemy phase (its nation is still on the map)."""
        if p.horde is not None:
            return look.horde_text(p.horde)
        if p.nation and s.phase == ENEMY:
            return "none left"
        return ""

    @staticmethod
    def _leader(s, p) -> str:
        """This Era's leader, while its card is face up."""
        if not p.leader or s.card < 0:
            return ""
        card = ERA_CARDS[s.card]
        return card.leaders[p.leader - 1].name if hasattr(card, "leaders") else ""
