"""One city's panel: prestige, resources against storage, tracks, buildings."""

from __future__ import annotations

from collections import Counter
from typing import Any

from textual.content import Content
from textual.widgets import Static

from engine.provincia.data import CARDS, GOLD, RESOURCE_NAMES
from engine.provincia.state import Player
from tui.widgets.scene import Scene
from tui.widgets.untrusted import markup

from . import look

COLOURS = ("orange", "blue", "red", "yellow", "green", "purple")


def holdings(pl: Player, wide: bool) -> str:
    """Gold, then Clay/Wood/Stone against the storage cap."""
    cap = pl.storage
    res = pl.res
    if wide:
        return " ".join([look.resource(GOLD, res[GOLD])]
                        + [look.resource(i, res[i], cap) for i in range(3)])
    parts = [f"[{look.RES_VAR[GOLD]}]G[/]{res[GOLD]}"]
    for i in range(3):
        n = f"[b]{res[i]}[/]" if res[i] >= cap else str(res[i])
        parts.append(f"[{look.RES_VAR[i]}]{RESOURCE_NAMES[i][0]}[/]{n}[dim]/{cap}[/]")
    return " ".join(parts)


class CityPanel(Static):
    """Everything public about one seat's city (and its owner's hand size)."""

    def __init__(self, seat: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.seat = seat

    _shown: tuple[Scene, int | None] | None = None
    _width = -1

    def on_resize(self) -> None:
        """Widths decide the wording (and what fits on the first line)."""
        if self._shown is not None and self.size.width != self._width:
            self.show(*self._shown)

    def show(self, scene: Scene, to_move: int | None) -> None:
        self._shown = (scene, to_move)
        s = scene.state
        pl = s.players[self.seat]
        lk = scene.looks[self.seat]
        self.set_class(self.seat == to_move, "-to-move")
        self.set_class(self.seat == scene.seat, "-mine")
        for colour in COLOURS:
            self.set_class(colour == lk.colour, f"seat-{colour}")
        self._width = self.size.width
        wide = self.size.width >= 58
        flags = []
        if self.seat == s.caesar:
            flags.append("[b]Caesar[/]" if wide else "[b]C[/]")
        if self.seat == to_move:
            flags.append("[b reverse] to move [/]" if wide else "[b reverse]▶[/]")
        cards = f"{len(pl.hand)} card{'s' if len(pl.hand) != 1 else ''}"
        head = markup(f"{look.city(lk)} [dim]$name[/]  [b]{pl.pp} PP[/]  " + " ".join(flags),
                      name=lk.name)
        if wide:
            # Optional details, while they fit on the line.
            width = self.content_size.width
            for extra in (Content.from_markup(f"  [dim]{cards}, {len(pl.tokens)} tokens[/]"),
                          markup("  [dim]$kind[/]", kind=lk.who[len(lk.name):].strip())):
                if (head + extra).cell_length <= width:
                    head += extra
            tracks = f"│ Mor {pl.morale} Def {pl.defense:+d} Mil {pl.military}"
        else:
            tracks = f"Mor{pl.morale} Def{pl.defense:+d} Mil{pl.military} [dim]{cards}[/]"
        counts = Counter(pl.built)
        built = []
        for (c, active), n in counts.items():
            name = look.building_name(c, active)
            built.append(f"{name}×{n}" if n > 1 else name)
        extra = [look.escape(CARDS[c].name) for c in pl.spqr]
        if pl.concussio:
            extra.append("[b]Concussio[/]")
        if pl.praetor:
            extra.append("Praetor")
        city_line = ", ".join(built) or "[dim]no buildings[/]"
        if extra:
            city_line += " [dim]│[/] " + ", ".join(extra)
        self.update(Content("\n").join([
            head, Content.from_markup(f"{holdings(pl, wide)} {tracks}"),
            Content.from_markup(city_line)]))
