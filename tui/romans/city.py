"""The City of Rome in text: score and turn tracks, the buildings with their
boxes and senators, the Citadel, the gods, the Glory chart and the Era card."""

from __future__ import annotations

from textual.markup import escape

from engine.core import HIDDEN
from engine.romans.data import (
    BUILDINGS,
    CHOICE,
    ERA_CARDS,
    GLORY_CHART,
    GODS,
    RESOURCE_NAMES,
)
from engine.romans.state import BLOCKED, OCCUPIED, PROVINCES, occupant
from engine.romans.text import ROMAN
from tui.widgets.scene import Scene

from . import look, reasons

SHORT_NAMES = {
    "Basilica Aemilia": "Basilica", "Castra Peregrina": "Castra Per", "Forum": "Forum",
    "Servian Wall": "Serv. Wall", "Temple of Jupiter": "Temple", "Amphitheatrum Castrense":
    "Amphithea.", "Baths of Agrippa": "Baths", "Castra Praetoria": "Castra Pra",
    "Colosseum": "Colosseum", "Ludus Magnus": "Ludus Mag.", "Theatre of Balbus": "Theatre",
}


def cost_text(cost: tuple[int, ...]) -> str:
    return "".join(f"{n if n > 1 else ''}{look.RES_LETTER[i]}" for i, n in enumerate(cost) if n)


def box_text(scene: Scene, code: int) -> str:
    who = occupant(code)
    if who is not None:
        seat, rank = who
        lk = scene.looks[seat]
        return f"[b $seat-{lk.colour}]{lk.letter}{rank}[/]"
    if code >= BLOCKED:
        return f"[dim]#{code - BLOCKED}[/]"
    return "[dim]··[/]"


def in_play(s) -> list[int]:
    """The buildings standing: the Original ones and the Later ones turned over."""
    out = [i for i, b in enumerate(BUILDINGS) if b.original]
    for held in s.later[:s.era]:
        if held.card != HIDDEN:
            out.append(held.card)
    return out


def tracks(scene: Scene, wide: bool = True) -> list[str]:
    s = scene.state
    by_score = sorted(range(s.n), key=lambda i: -s.players[i].score)
    score = " ".join(f"{look.letter(scene.looks[i])}{s.players[i].score}" for i in by_score)
    if s.n == 1:
        score += f" [b $romans-enemy]Enemy {s.enemy_score}[/]"
    order = ("" if wide else "").join(look.letter(scene.looks[i]) + (" " if wide else "")
                                      for i in s.order).strip()
    if not wide:
        return [f"[b]Era {s.era}[/] Score {score} · Order {order}"]
    return [f"[b]Era {s.era}/5[/] · Score {score} · Turn order {order}"]


def building_lines(scene: Scene, wide: bool, focus: str) -> list[str]:
    s = scene.state
    width = 24 if wide else 10
    head = " " * (width + 4) + "[dim] I  II III IV[/]"
    out = [head]
    gods_of = {g.building: g for g in GODS}
    mover = reasons.placing(s, scene.own)  # say why a building is not offered
    for i in in_play(s):
        b = BUILDINGS[i]
        name = b.name if wide else SHORT_NAMES.get(b.name, b.name[:10])
        cost = cost_text(b.boxes[0].cost)
        boxes = " ".join(box_text(scene, code) for code in s.boxes[i])
        god = gods_of.get(b.name)
        extra = ""
        if god is not None:
            holder = s.gods[GODS.index(god)]
            who = look.letter(scene.looks[holder]) if holder >= 0 else "[dim]·[/]"
            extra = f" {god.name[:3] if not wide else god.name} {who}"
        if b.new_senator and wide:
            extra += " [dim]+senator[/]"
        style = "reverse" if b.name == focus else "b"
        line = f"[{style}]{escape(name):<{width}}[/] {cost:<3}{boxes}{extra}"
        out.append(line)
        why = reasons.building_reason(s, scene.own, i) if mover else ""
        if why:  # under the building: a line's end has no room at 120 columns
            out.append(f"  [dim]✗ {escape(why)}[/]")
    return out


def later_line(s, wide: bool) -> str:
    parts = []
    for era, held in enumerate(s.later, start=1):
        if held.card == HIDDEN:
            parts.append(f"{era}:?")
        else:
            name = BUILDINGS[held.card].name
            parts.append(f"{era}:{name if wide else SHORT_NAMES.get(name, name)}")
    return "[dim]Later[/] " + " ".join(parts)


def gods_line(scene: Scene) -> str:
    s = scene.state
    parts = []
    for g, holder in zip(GODS, s.gods, strict=True):
        who = look.letter(scene.looks[holder]) if holder >= 0 else "[dim]free[/]"
        parts.append(f"{g.name} {who}")
    return "[dim]Gods[/] " + " · ".join(parts)


def glory_line(scene: Scene, wide: bool) -> list[str]:
    s = scene.state
    chart = GLORY_CHART[s.era - 1]
    faces = " ".join(f"{k}{look.TAG[PROVINCES.index(f)] if f != CHOICE else 'any'}"
                     for k, f in enumerate(chart.faces, start=1))
    markers = []
    for i, p in enumerate(s.players):
        if p.glory >= 0:
            markers.append(f"{look.letter(scene.looks[i])}:{look.TAG[p.glory]}")
    if s.n == 1 and s.enemy_glory >= 0:
        markers.append(f"[b $romans-enemy]E[/]:{look.TAG[s.enemy_glory]}")
    off = f" off {s.glory_off}" if s.glory_off else ""
    head = f"[dim]Glory[/] {chart.points} pts{off} · " + (" ".join(markers) or "[dim]no markers[/]")
    return [head, f"[dim]  die[/] {faces}"] if not wide else [f"{head} · [dim]die[/] {faces}"]


def card_lines(scene: Scene, wide: bool) -> list[str]:
    s = scene.state
    if s.card < 0:
        return ["[dim]No Era card face up[/]"]
    card = ERA_CARDS[s.card]
    leaders = hasattr(card, "leaders")
    entries = card.leaders if leaders else card.nations  # type: ignore[union-attr]
    chosen = {}
    for i, p in enumerate(s.players):
        face = p.leader if leaders else p.nation
        if face:
            chosen[face] = look.letter(scene.looks[i])
    out = [f"[b]Era card {card.number}[/] ({'leaders' if leaders else 'Enemy nations'})"
           + (f" · [dim]die blocks {s.block}[/]" if s.block else "")]
    items = []
    for e in entries:
        if leaders:
            bonus = f" +{e.bonus}" if e.bonus else ""
            what = f"{e.name} army {e.max_army}, {e.gold}g{bonus}"
        else:
            extras = (" fleet" if e.fleet else "") + (f" +{e.general}" if e.general else "")
            what = f"{e.name} {e.warbands}w {look.TAG[PROVINCES.index(e.start)]}{extras}"
        who = chosen.get(e.face, "")
        items.append(f"{e.face} {escape(what)}{' ← ' + who if who else ''}")
    out += ["  " + it for it in items]
    return out


def city_lines(scene: Scene, wide: bool, focus: str = "", about: str = "") -> list[str]:
    """The City of Rome; ``about`` (what the highlighted action does, plain
    text) goes under the buildings, where the box it explains is; narrow
    (80×24), where the City scrolls in its box, it goes first, so it is
    read whole."""
    s = scene.state
    lines = [f"[b]{escape(about)}[/]"] if about and not wide else []
    lines += tracks(scene, wide)
    lines += building_lines(scene, wide, focus)
    if not wide:  # the prices' letters, as the wide view's last line says them
        lines.append("[dim]m manpower v victuals t materials g gold[/]")
    if about and wide:
        lines.append(f"[b]{escape(about)}[/]")
    if wide:
        lines.append("[dim]Citadel: any senators, no cost; actions = rank + die bonus[/]")
    lines.append(later_line(s, wide))
    lines.append(gods_line(scene))
    lines += glory_line(scene, wide)
    lines += card_lines(scene, wide)
    if wide:
        lines.append("[dim]Box costs: m manpower, v victuals, t materials, 2g two gold; "
                     "R3 a III senator of Red; #2 a blocking senator[/]")
    return lines


__all__ = ["RESOURCE_NAMES", "OCCUPIED", "ROMAN", "city_lines"]
