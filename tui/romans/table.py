"""The Romans' table: a player's Empire map or the City of Rome on the
left (``board.RomansBoard``), the era, your holdings and the battles beside
the actions (``side.SidePanel``). The generic game screen drives it.

Picking a place on the map (Enter, a click) keeps only the actions that
name it in the action list; highlighting an action marks on the map the
places it names (and draws an Enemy route it would choose)."""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

from ai.romans.preview import LOSS_WORDS
from engine.match import Seat
from engine.romans.actions import Leader, Nation, Route, Senator, Target
from engine.romans.closed import (
    box_closed,
    building_closed,
    builds_closed,
    god_closed,
    trades_text,
    trades_to_open,
)
from engine.romans.data import BUILDINGS
from engine.romans.prep import entries
from engine.romans.senate import open_buildings
from engine.romans.state import EXPANSION, INDEX, LEADERS, NATIONS, Horde
from engine.romans.text import ROMAN
from tui.widgets import redraw
from tui.widgets.place_grid import PlaceGridBox
from tui.widgets.scene import Scene
from tui.widgets.seats import SeatLook

from . import look
from .about import about
from .board import RomansBoard
from .labels import SEP, tight_label
from .side import SidePanel

PLACE_FIELDS = ("province", "place")
SWITCH_KEYS = {"right_square_bracket": 1, "left_square_bracket": -1}


def places_of(action: tuple | None) -> tuple[list[int], tuple[int, ...] | None]:
    """The places an action names (its province or place, then its seas)
    and, for a Route, the route itself."""
    if action is None:
        return [], None
    if isinstance(action, Route):
        route = tuple(INDEX[p] for p in action.places if p in INDEX)
        return list(route), route
    out = []
    fields = getattr(action, "_fields", ())
    for name in PLACE_FIELDS:
        if name in fields:
            value = getattr(action, name)
            if value in INDEX:
                out.append(INDEX[value])
    if "seas" in fields:
        out += [INDEX[x] for x in action.seas if x in INDEX]  # type: ignore[attr-defined]
    return out, None


class RomansUI:
    """Builds and updates the Romans widgets for one game screen (their
    styles, romans.tcss, are nested under the screen's ``game-romans``)."""

    variables = look.VARIABLES
    notes = ("Map: " + look.LEGEND + ". The flag beside a tag: * your Glory province, "
             "◆ The Enemy's Glory province (solo), 1-3 a remote province's attack "
             "strength, ① ② ③… the Enemy's route (while an Enemy nation, target or route is "
             "highlighted, the one it would take), ◎ its target. Tab reaches the map: "
             "arrows move the cursor (its neighbours are underlined), Enter or a click "
             "keeps only the actions naming the place "
             "(esc clears), [ ] (from any panel) or PgUp/PgDn (on the map) show the "
             "other players' maps and the City of Rome (boxes I-IV: letter and rank of "
             "the senator; #: blocking senator). Docks and prices: m manpower, v victuals, "
             "t materials, g gold (m1 v2: 1 manpower, 2 victuals). Under the board: what "
             "the highlighted action does (a box's effect and what it gives now, an army's "
             "odds and the Glory a conquest earns, an Enemy nation's route and expected "
             "loss, what a Triumph's arts are worth); " + LOSS_WORDS + "; ✗ says why a "
             "building, god or army is not offered. Beside the actions: your seat, then "
             "each other seat's player, the senators left in its Villa and the legions "
             "in its Barracks; a battle reads Rome's strength + the white die vs the "
             "Enemy's + the purple die. The campaign, the storm, the remote attacks and "
             "the Enemy phase play out at the bots' pace, a battle or an Enemy move at a "
             "time (the side panel says where the Enemy army is); space skips to the "
             "end.")

    def __init__(self) -> None:
        self._board = RomansBoard(id="romans-board")
        self._box = PlaceGridBox(self._board, id="romans-map", classes="panel")
        self._side = SidePanel(id="romans-side", classes="panel")
        self._greyed: tuple[Any, dict[tuple, str]] = (None, {})  # (state, ``greyed``)

    def board(self) -> Widget:
        return self._box

    def side(self) -> Widget:
        return self._side

    def looks(self, state: Any, seats: tuple[Seat, ...]) -> tuple[SeatLook, ...]:
        return look.looks(state, seats)

    def show(self, scene: Scene) -> None:
        self._box.border_subtitle = ""
        self._board.marked = frozenset()
        self._board.preview = None
        self._board.army = None
        self._board.about = ""
        self._board.show(scene)
        self._side.show(scene)
        before = scene.earlier(1)
        own = scene.own
        changed = before is not None and own is not None and \
            before.players[own] != scene.state.players[own]
        redraw.changed(self._box, changed, 0.10)

    def focus_action(self, scene: Scene, action: tuple | None) -> None:
        places, route = places_of(action)
        army = enemy_army(scene, action)
        if army is not None:
            h = army[1]
            places = [h.place, *h.route] + ([h.target] if h.target not in (-1, *h.route) else [])
        self._board.preview = route
        self._board.army = army
        self._board.building = action.building if isinstance(action, Senator) else ""
        text = about(scene, action)
        why = self.greyed(scene).get(action, "") if action is not None else ""
        if why:  # whole, where a one-row list keeps its key words only
            text = f"✗ {why}" + (f" · {text}" if text else "")
        self._board.about = text
        self._board.point_at(places)

    def greyed(self, scene: Scene) -> dict[tuple, str]:
        """The greyed lines of the list ``scene`` shows (``choice_places``):
        action → its whole line and reason, worked out once a position."""
        state = scene.state
        if self._greyed[0] is not state:
            held = choice_places(scene.game, state, scene.own)
            self._greyed = (state, {a: why for a, why in held if why})
        return self._greyed[1]

    @staticmethod
    def tight_label(action: tuple, label: str, width: int) -> str:
        """A shorter label for a one-row list (``labels.tight_label``)."""
        return tight_label(action, label, width)

    def table_key(self, key: str) -> bool:
        """[ and ] show the next or previous map from any panel, as the tab
        line says (PgUp and PgDn page the panel that has the focus)."""
        step = SWITCH_KEYS.get(key)
        if step is None:
            return False
        self._board.action_switch(step)
        return True


def enemy_army(scene: Scene, action: tuple | None) -> tuple[int, Horde] | None:
    """(the map, the army) an Enemy nation would set there, or the army
    marching on a target the player may choose, with the route and target
    the previews work out (``ai.romans.preview``), so the map draws them
    while the option is highlighted; None for any other action."""
    from ai.romans.preview import nation_army, target_army

    s = scene.state
    if isinstance(action, Nation):
        return action.user, nation_army(s, action.face, action.user)
    if isinstance(action, Target) and s.pending and s.pending[-1].kind == "target":
        seat = s.pending[-1].seat
        if s.players[seat].horde is not None:
            return seat, target_army(s, seat, INDEX[action.province])
    return None


def choice_places(game: Any, s: Any, seat: int | None) -> list[tuple[tuple, str]]:
    """Every leader or nation of the Era card, in its order, for ``seat``
    choosing now, every building's placements (``building_places``), or
    every purchase of a building's budget (``build_places``): ``(action,
    why)``, ``why`` the greyed line of one it cannot take ("Illyrians: 2
    warbands from Illyricum — taken"); none outside those choices."""
    if seat is not None and s.pending and s.pending[-1].seat == seat:
        return build_places(game, s)
    if seat is None or s.pending or not s.queue or s.queue[0] != seat:
        return []
    legal = list(game.legal(s))
    if s.phase == EXPANSION:
        return building_places(s, seat, legal)
    if s.phase not in (LEADERS, NATIONS):
        return []
    users = sorted({a.user for a in legal}) or [seat]
    make = Leader if s.phase == LEADERS else Nation
    out = []
    for e in entries(s):
        for user in users:
            a = make(e.face, user)
            taken = game.describe(s, a).replace(" (no place yet)", "")  # not its to place
            why = "" if a in legal else (f"{taken} — "
                                          + ("blocked by the black die" if e.face == s.block
                                             else "taken"))
            out.append((a, why))
    return out


def build_places(game: Any, s: Any) -> list[tuple[tuple, str]]:
    """While a building's budget is spent, every piece the mover could buy
    were the price no object, at its place, those it cannot afford now
    greyed with the engine's reason (``closed.builds_closed``): "Buy a
    fleet in Mare Tyrrhenum — needs 3 gold, 2 left". A purchase the
    spending left out of reach stays where it was, so the list keeps its
    numbers between two purchases and says why (issue 28)."""
    out = []
    for a, why in builds_closed(s):
        what = game.describe(s, a).rpartition(" (")[0] if why else ""
        out.append((a, f"{what}{SEP}{why}" if why else ""))
    return out


def closed_why(s: Any, seat: int, b: int) -> str:
    """Why building ``b`` is closed to ``seat``, and where its price alone
    closes it, the Market trades listed below that open it: "needs 2 gold
    (have 0): sell 1 victuals, 1 material below" (``closed.trades_to_open``)."""
    why = building_closed(s, seat, b)
    plan = trades_to_open(s, seat, b)
    return f"{why}: {trades_text(plan)} below" if plan else why


def building_places(s: Any, seat: int, legal: list) -> list[tuple[tuple, str]]:
    """The senator placements in every open building, in the engine's
    order, with a greyed line where one is missing and the engine's reason
    (``closed.building_closed``, ``box_closed``, ``god_closed``): so a
    player sees a box taken ("Basilica Aemilia, box II — taken by Blue"),
    not a hole in the list.

    One greyed line per thing closed, never per senator rank, so the 60-80
    placements grow by a dozen lines at most, each saying something the
    list could not: in a building open to the seat, one line per box none
    of its senators may take (taken, blocked, a rank it lacks), at the
    box's place, and one for the building's god when the god cannot come
    with the senator; a building closed as a whole (its cost, your senator
    already there, no god for the Temple) is one line, after every
    placement, so closed buildings never push the playable ones past the
    digits. With no placement at all, those lines follow the list's last
    action (the group takes the place of its first legal member,
    ``with_places``). A greyed line holds a ``Senator`` that is not legal
    (rank = box, the box it names), so highlighting it still explains the
    box under the map."""
    mine = [a for a in legal if isinstance(a, Senator)]
    out: list[tuple[tuple, str]] = []
    closed: list[tuple[tuple, str]] = []
    for b in open_buildings(s):
        name = BUILDINGS[b].name
        here = [a for a in mine if a.building == name]
        if not here:
            closed.append((Senator(1, name, 1, ""), f"{name} — {closed_why(s, seat, b)}"))
            continue
        for number in range(1, 5):
            box = [a for a in here if a.box == number]
            why = "" if box else box_closed(s, seat, b, number)
            out += [(a, "") for a in box]
            if why:
                out.append((Senator(number, name, number, ""),
                            f"{name}, box {ROMAN[number]} — {why}"))
        god = god_closed(s, seat, b)
        if god:
            linked = BUILDINGS[b].god
            out.append((Senator(4, name, 4, linked), f"{name} with {linked} — {god}"))
    if not mine and legal:
        out = [(legal[-1], "")]  # the anchor: the closed buildings end the list
    return out + closed
