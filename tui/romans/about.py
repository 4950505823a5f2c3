"""What the highlighted action does, for the line under the board (issue
28: every box, the Citadel and a general explained where an action names
them; each Enemy nation previewed before it is chosen).

Worked out from the seat's own view: the engine's words for a box
(``engine.romans.explain``), the rules bot's odds and Enemy walk
(``ai.romans``) — nothing the seat could not know."""

from __future__ import annotations

from engine.core import HIDDEN
from engine.romans.actions import (
    Benefits,
    Build,
    Citadel,
    CitadelUse,
    GloryPick,
    Invade,
    Keep,
    Leader,
    March,
    Nation,
    PlacePiece,
    PlaceUnrest,
    PraetorianArmy,
    Route,
    Senator,
    Target,
)
from engine.romans.data import (
    ARTS,
    BUILDING,
    FALL_OF_ROME_PER_WARBAND,
    GENERAL_BONUS,
    GLORY_CITY_BONUS,
    NATIVE_FORCES,
    TRIUMPHS,
)
from engine.romans.empire import (
    glory_denied,
    glory_parts,
    glory_points,
    god_of,
    no_place,
    revenue_provinces,
)
from engine.romans.explain import box_text, citadel_text, god_chart
from engine.romans.prep import entries
from engine.romans.state import INDEX, ITALY, PLACES
from engine.romans.text import ROMAN, glory_words, plural, unrest_cost
from tui.widgets.scene import Scene

TEMPLE = "Temple of Jupiter"


def about(scene: Scene, action: tuple | None) -> str:
    """One line on what ``action`` does ("" when the label says it all)."""
    s = scene.state
    seat = _chooser(scene)
    if seat is None:
        return ""
    if isinstance(action, Senator):
        return placement(scene, seat, action)
    if isinstance(action, PlaceUnrest):
        return unrest_words(s, action.province)
    if isinstance(action, GloryPick):
        return glory_pick(s, seat, INDEX[action.province])
    if isinstance(action, Citadel):
        return citadel_text(action.rank)
    if isinstance(action, Invade):
        return army_odds(s, seat, action.province, action.legions, action.rank)
    if isinstance(action, PraetorianArmy):
        return army_odds(s, seat, action.province, action.legions, 0)
    if isinstance(action, March):
        return march_odds(s, seat, action.province)
    if isinstance(action, Keep):
        return arts_now(s, seat)
    if isinstance(action, Leader):
        return bonus_waits(s, action)
    if isinstance(action, Nation):
        from ai.romans.preview import nation_preview
        return nation_preview(s, action.face, action.user)
    if isinstance(action, Route):
        from ai.romans.preview import route_preview
        return route_preview(s, seat, tuple(INDEX[p] for p in action.places))
    if isinstance(action, Target) and s.players[seat].horde is not None:
        from ai.romans.preview import target_preview
        return target_preview(s, seat, INDEX[action.province])
    if isinstance(action, Benefits):  # whole, where a one-row list gives its short form
        return scene.game.describe(s, action)
    if isinstance(action, Build | PlacePiece | CitadelUse):
        text = scene.game.describe(s, action)  # whole, where a one-row list cuts it
        return text if "Glory +" in text or "(no place: " in text else ""
    return ""


def placement(scene: Scene, seat: int, action: Senator) -> str:
    """A senator placement: which senator goes where ("Your IV senator to
    Castra Peregrina III: …", a walker placed a IV where a III would do,
    the two lines reading alike), the box's effect and what it gives now;
    at the Temple the god's chart with each benefit's odds; where the box
    places unrest and the seat holds (or takes) a god, what unrest in Italy
    costs. A greyed line (no such senator may go there) names none."""
    s = scene.state
    p = s.players[seat]
    text = box_text(action.building, action.box, action.god, p)
    if action in scene.game.legal(s):
        text = f"Your {ROMAN[action.rank]} senator to {text}"
    god = action.god or god_of(s, seat)
    b = BUILDING[action.building]
    box = b.boxes[3] if action.god and action.god == b.god else b.boxes[action.box - 1]
    if action.building == TEMPLE and god:
        text += f"; {god_chart(god, box.amount or 0)}"
    if box.effect == "revenue" and god:
        places = revenue_provinces(p)
        away = [PLACES[i] for i in places if not ITALY >> i & 1]
        text += (f"; its unrest goes in a province you collect from: in Italy it costs you "
                 f"your god {god}" + ("" if away or not places else
                                      " (all you can collect from are in Italy)"))
    return text


def unrest_words(s, province: str) -> str:
    """What unrest in ``province`` costs, before the choice (a walker's god
    went back with no word of it): no revenue or points from it until it
    is removed, an Enemy army or attack takes it without a battle, and in
    Italy the seat's god (``unrest_cost``)."""
    god = unrest_cost(s, province).removeprefix(": ")
    lose = f"{god[:1].upper()}{god[1:]} (unrest in Italy). " if god else ""
    fall = (f" (Latium taken is the Fall of Rome: -{FALL_OF_ROME_PER_WARBAND} points a "
            "warband left)") if province == "Latium" else ""
    return (f"{lose}Unrest in {province}: no revenue from it and it counts for no points "
            f"until the unrest is removed; an Enemy army or attack takes it without a "
            f"battle{fall}")


def glory_pick(s, seat: int, province: int) -> str:
    """The Glory marker's worth in ``province`` (7A), before it is placed:
    the chart's points this Era (1 less per marker already off, and per
    player who earns Glory first; solo in full) and the city bonus."""
    chart = glory_points(s) - (0 if s.solo else s.glory_off)
    less = "" if s.solo else ", 1 less per player who earns Glory before you"
    return (f"Glory in {PLACES[province]}: conquering it, or building or converting a city "
            f"there, scores Glory +{chart} this Era{less}; then +{GLORY_CITY_BONUS} per city "
            "of yours not in unrest")


def bonus_waits(s, action: Leader) -> str:
    """A leader's bonus piece with nowhere to go now, and why, before the
    choice: it waits in the Villa, to be placed when a province takes it
    (a walker learned only after choosing Numa Pompilius that his city had
    no place). "" when it has a place, or the leader brings none."""
    piece = entries(s)[action.face - 1].bonus
    why = no_place(s, action.user, piece) if piece else ""
    if not why:
        return ""
    return (f"Bonus {piece}: no place for it now ({why}); it waits in the Villa, "
            "to be placed when a province can take it")


def _chooser(scene: Scene) -> int | None:
    """The seat whose choice this is: the viewer, or (a replay, a
    spectator) the seat to move."""
    if scene.own is not None:
        return scene.own
    mover = scene.game.to_move(scene.state)
    return mover if mover is not None and 0 <= mover < scene.state.n else None


def march_odds(s, seat: int, province: str) -> str:
    """Marching on after a victory (5B): the army as it stands now, against
    what holds ``province`` ("" where no Native force holds it)."""
    army = s.players[seat].army
    if army is None or s.players[seat].natives[INDEX[province]] is None:
        return ""
    return army_odds(s, seat, province, army.legions, 0 if army.praetorian else army.rank)


def glory_terms(s, seat: int, province: int) -> list[str]:
    """What a conquest of ``province`` would earn (7A), as the words of
    ``glory_words`` without "points": ["Glory +9 if first, 1 less per
    player before you; city bonus +2"]. An army fights in the campaign,
    in turn order with every other army (R6), so another player earning
    Glory first takes a point off: "Glory +9" paid +8 and nothing had said
    so (issue 28). The solo's Rome always scores in full."""
    chart, cities = glory_parts(s, seat, province)
    words = [w.replace(" points", "").replace(" point", "") if w.startswith("Glory") else w
             for w in glory_words(chart, cities, glory_denied(s, province))]
    rivals = [k for k, p in enumerate(s.players) if k != seat and p.glory >= 0]
    if chart > 0 and rivals and not s.solo and words and words[0].startswith("Glory +"):
        first = "first" if not s.glory_off else "next"
        words[0] = words[0].replace(f"Glory +{chart}", f"Glory +{chart} if {first}, "
                                    "1 less per player before you", 1) \
            .replace(", city bonus", "; city bonus")  # not part of the condition
    return words


def army_odds(s, seat: int, province: str, legions: int, rank: int) -> str:
    """An army's chance to conquer, each defeat costing a legion (the odds
    of ``ai.romans.value``; a face-down force is the average of the
    counters this seat has not seen) and the Glory a conquest earns (7A),
    first, since at 80×24 only the start shows; then its strength (legions
    + the general's bonus, rank - 1) against the Native force there."""
    from ai.romans.value import attack_win, native_odds, unseen_natives

    bonus = GENERAL_BONUS[rank] if rank else 0
    rome = legions + bonus
    held = s.players[seat].natives[INDEX[province]]
    card = HIDDEN if held is None else held.card
    win, lost, _ = native_odds(s, card, rome, legions, unseen_natives(s))
    words = glory_terms(s, seat, INDEX[province])
    earns = f" ({'; '.join(words)})" if words else ""
    odds = f"conquers {round(100 * win)}%{earns}, losing {lost:.1f} legions on average"
    general = (f" + general {ROMAN[rank]}'s bonus {bonus} (rank - 1, stand-in)" if rank
               else " (no general)")
    text = f"{odds} · Rome {plural(legions, 'legion')}{general} = {rome}"
    if card == HIDDEN:
        return text + " against a face-down Native force"
    enemy = NATIVE_FORCES[card].strength
    return (f"{text} against {enemy}, + the dice; first battle "
            f"{round(100 * attack_win(rome, enemy))}%")


def arts_now(s, seat: int) -> str:
    """7C in numbers: what a Triumph kept scores at the end, and the arts
    icons held so far (all players', yours), which set each icon's worth."""
    held = [h.card for p in s.players for h in p.triumphs]
    known = [c for c in held if c != HIDDEN]
    mine = [h.card for h in s.players[seat].triumphs if h.card != HIDDEN]
    counts = ", ".join(f"{icon} {sum(TRIUMPHS[c].arts.count(icon) for c in known)} "
                       f"(yours {sum(TRIUMPHS[c].arts.count(icon) for c in mine)})"
                       for icon in ARTS)
    unseen = len(held) - len(known)
    more = f"; {plural(unseen, 'Triumph')} kept unseen may add" if unseen else ""
    return (f"At the end a Triumph scores its points, and each arts icon as many points "
            f"as such icons all players hold: now {counts}{more}")
