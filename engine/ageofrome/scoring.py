"""Measures, final scoring (L276-334), ties (L278, A19), achievements
(L387-401) and the Emperor Solo's tasks and title (L361-384).

``measure(s, seat, name)`` is the one place a ``data.MEASURES`` name is
counted: Events, Quests, achievements and solo tasks all read it, so a
card's condition means the same thing wherever it appears.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from engine.core import Result, kinded, rank_scores

from . import board, data, forces
from .state import RELIGION, TRADE, TYPES, State, in_front, seat_name

LABELS = (("track", "Track"), ("military", "Military"), ("politics", "Politics"),
          ("trade", "Trade"), ("religion", "Religion"), ("quests", "Quests"),
          ("denarii", "Denarii"))
assert tuple(label for _, label in LABELS[1:6]) == data.SCORING_SHEET[1:6]
MEDAL_TYPES = {t: i for i, t in enumerate(TYPES)}
SET_TYPE_NAMES = data.SET_TYPES


@kinded("game_over")
class GameOver(NamedTuple):
    """Final scoring is done: each seat's total (L277)."""

    kind: str
    scores: tuple[int, ...]


@kinded("achievement")
class AchievementEarned(NamedTuple):
    """An Achievement token (L388): cosmetic, reported at the end."""

    kind: str
    seat: int
    text: str


# ---------------------------------------------------------------- battle regions
def defeated(s: State, region: int) -> bool:
    """A1: a Battle Region is defeated when it holds at least its shield in Legions."""
    return sum(s.regions[region]) >= board.BATTLE_REGIONS[region].shield


def placings(s: State, region: int) -> tuple[tuple[int, int], ...]:
    """(seat, place) of everyone with a Legion in ``region`` (forces.placings)."""
    return forces.placings(s, region)


def first_in(s: State, seat: int, region: int) -> bool:
    """Whether ``seat`` stands first in ``region``, tied first included (a
    Quest's tie goes to its holder, L105)."""
    return (seat, 1) in placings(s, region)


# ---------------------------------------------------------------- trade sets
def set_type(cards: tuple[int, ...], trade_medal: bool) -> str | None:
    """The type a formed set scores as (Chests wild; with the Trade Medal,
    Jewels too, L170), None if it is no set."""
    names = tuple(data.TRADE_CARDS[c].name for c in cards)
    if data.set_points(names, trade_medal) is None:
        return None
    types = [data.TRADE_CARDS[c].type for c in cards if data.TRADE_CARDS[c].type != data.WILD]
    if trade_medal and any(t != data.JEWELS for t in types):
        types = [t for t in types if t != data.JEWELS]
    return types[0]


def set_types(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    medal = bool(p.medals >> TRADE & 1)
    return [t for t in (set_type(cs, medal) for cs in p.sets) if t is not None]


# ---------------------------------------------------------------- measures
def pantheon_pieces(s: State, seat: int) -> int:
    p = s.players[seat]
    return p.base_own + p.top_own + (p.base_common != "") + (p.top_common != "")


def measure(s: State, seat: int, name: str) -> int:  # noqa: C901 - one branch per name
    """How much of ``name`` (data.MEASURES) ``seat`` has now."""
    p = s.players[seat]
    if name == "legions in regions":
        return sum(r[seat] for r in s.regions)
    if name == "regions with legions":
        return sum(1 for r in s.regions if r[seat] > 0)
    if name == "regions first":
        return sum(1 for i in range(len(s.regions)) if defeated(s, i) and first_in(s, seat, i))
    if name == "regions defeated":
        return sum(1 for i in range(len(s.regions)) if defeated(s, i))
    if name == "votes on column":
        return s.column.count(seat)
    if name == "top vote":
        return int(bool(s.column) and s.column[-1] == seat)
    if name == "column points":
        return sum(board.COLUMN_POINTS[i] for i, v in enumerate(s.column) if v == seat)
    if name == "majorities":
        return p.majorities
    if name == "trade cards in hand":
        return p.hand_size
    if name == "trade sets":
        return len(p.sets)
    if name == "sets of one type":
        counts = Counter(set_types(s, seat))
        return max(counts.values(), default=0)
    if name == "denarii":
        return p.denarii
    if name == "glory":
        return p.glory
    if name == "final glory":
        return sum(final_parts(s, seat).values())
    if name == "pantheon pieces":
        return pantheon_pieces(s, seat)
    if name == "pantheon levels":
        return (p.base_common != "") + (p.top_common != "")
    if name == "gold pantheon pieces":
        return (p.base_common == data.GOLD) + (p.top_common == data.GOLD)
    if name == "population":
        return s.provinces[in_front(s, seat)].population
    if name == "medals":
        return p.medals.bit_count()
    if name == "followers":
        return p.followers
    if name == "legions recruited":
        return data.LEGIONS_PER_PLAYER - p.legions_unrecruited
    if name == "votes recruited":
        return data.VOTES_PER_PLAYER - p.votes_unrecruited
    if name == "feuds":
        return p.feuds
    if name == "schemes activated":
        return p.schemes_activated
    if name == "tiles placed":
        return p.tiles_placed
    if name == "level 3 tiles placed":
        return p.level3_placed
    if name == "colosseum followers":
        return p.colosseum
    if name == "quests completed":
        return sum(1 for h in p.quests if quest_points(s, seat, h.card) > 0)
    if name.startswith("medal:"):
        return p.medals >> MEDAL_TYPES[name[6:]] & 1
    if name.startswith("sets:"):
        return set_types(s, seat).count(name[5:])
    raise KeyError(f"no measure is called {name!r}")


# ---------------------------------------------------------------- final scoring
def military(s: State, seat: int) -> int:
    """L293-300: the banners of each defeated region by place."""
    total = 0
    players = data.SOLO_SETUP_PLAYERS if s.n == 1 else s.n
    for i, name in enumerate(board.REGION_NAMES):
        if not defeated(s, i):
            continue
        values = board.banners(name, players)
        places = placings(s, i)
        held = [place for _, place in places]
        for who, place in places:
            if who == seat and place <= len(values) and held.count(place) == 1:
                total += values[place - 1]
    return total


def religion(s: State, seat: int) -> int:
    """L318-324: 1 per own piece, 4/3/2 per gold/silver/bronze."""
    p = s.players[seat]
    own = data.PANTHEON_POINTS[data.OWN] * (p.base_own + p.top_own)
    return own + sum(data.PANTHEON_POINTS[c] for c in (p.base_common, p.top_common) if c)


def trade(s: State, seat: int) -> int:
    """L309-316: each formed set by its type (the Trade Medal: Jewels wild, L170)."""
    p = s.players[seat]
    medal = bool(p.medals >> TRADE & 1)
    total = 0
    for cs in p.sets:
        pts = data.set_points(tuple(data.TRADE_CARDS[c].name for c in cs), medal)
        total += pts or 0
    return total


COMPARED = (data.MOST, data.LEAST)


def quest_points(s: State, seat: int, quest: int) -> int:
    """L305: a Quest's end-game Glory for its holder (ties to the holder, L105)."""
    q = data.QUESTS[quest]
    mine = measure(s, seat, q.measure)
    others = tuple(measure(s, o, q.measure) for o in range(s.n) if o != seat) \
        if q.compare in COMPARED else ()  # only "most"/"least" look at the others
    return data.quest_met(q, mine, others)


def denarii_rate(s: State, seat: int) -> int:
    """L307: how many Denarii left make 1 Glory at the end: 4, or 3 with
    the Religion Medal."""
    return (data.DENARII_PER_GLORY_END_RELIGION_MEDAL if s.players[seat].medals >> RELIGION & 1
            else data.DENARII_PER_GLORY_END)


def denarii_glory(s: State, seat: int) -> int:
    """L307: 1 Glory per 4 Denarii, per 3 with the Religion Medal."""
    return s.players[seat].denarii // denarii_rate(s, seat)


def final_parts(s: State, seat: int) -> dict[str, int]:
    """One seat's final scoring, in the Scoring Sheet's order (L279-286).
    The track scores the Glory total (its space, +30 once flipped: L289-291)."""
    p = s.players[seat]
    return {
        "track": p.glory,
        "military": military(s, seat),
        "politics": measure(s, seat, "column points"),
        "trade": trade(s, seat),
        "religion": religion(s, seat),
        "quests": sum(quest_points(s, seat, h.card) for h in p.quests),
        "denarii": denarii_glory(s, seat),
    }


def totals(s: State) -> tuple[int, ...]:
    return tuple(sum(final_parts(s, seat).values()) for seat in range(s.n))


def winners(s: State, scores: tuple[int, ...]) -> tuple[tuple[int, ...], str | None]:
    """L278: most Glory; a tie goes to the most Denarii held before the
    exchange (A19); still tied: co-Emperors."""
    best = max(scores)
    top = [i for i, x in enumerate(scores) if x == best]
    if len(top) == 1:
        return tuple(top), None
    most = max(s.players[i].denarii for i in top)
    rich = tuple(i for i in top if s.players[i].denarii == most)
    return rich, ("Denarii" if len(rich) == 1 else "co-Emperors")


def achievements(s: State) -> tuple[tuple[int, str], ...]:
    """(seat, text) of every Achievement reached (L389-401); those this
    engine cannot grant (Cassius' solo, four Quests: A25) never are."""
    out = []
    for seat in range(s.n):
        final = sum(final_parts(s, seat).values())
        for a in data.ACHIEVEMENTS:
            if not a.reachable:
                continue
            v = final if a.measure == "final glory" else measure(s, seat, a.measure)
            if (v <= a.threshold) if a.compare == data.AT_MOST else (v >= a.threshold):
                out.append((seat, a.text))
    return tuple(out)


def article(word: str) -> str:
    """"a" or "an" before ``word`` ("an Imperator", "a Praetor")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def solo_tasks(s: State) -> tuple[bool, ...]:
    """L364-371: each task of the Emperor Solo, fulfilled or not (A22)."""
    return tuple(measure(s, 0, t.measure) >= t.threshold for t in data.SOLO_TASKS)


def solo_progress(s: State) -> tuple[tuple[int, int], ...]:
    """Each Emperor Solo task's (have, need) now (L364-371, A22): the
    measure ``solo_tasks`` compares, so the table can say "Votes 3/4"."""
    return tuple((measure(s, 0, t.measure), t.threshold) for t in data.SOLO_TASKS)


def finish(w: State) -> None:
    """OVER: score the game and report the achievements."""
    w.queue = ()
    w.pending = ()
    for seat, text in achievements(w):
        w.events.append(AchievementEarned(seat, text))
    w.events.append(GameOver(totals(w)))


# The seven tasks in a word each (L364-371), for the one-line result.
SOLO_TASK_WORDS = ("Glory", "Medals", "Regions", "Votes", "sets", "Pantheon", "Quests")


def solo_summary(s: State) -> str:
    """Which Emperor Solo tasks were met and which not, and the titles'
    tiers (L364-384): "Met: Glory, Votes; missed: Medals 1/3, …. Titles:
    Praetor 4-5, Imperator 6, Son of Jupiter 7" (walk-through: the result
    named only a count and a title). Short: a result line shows 200
    characters at most (``saves.plain``)."""
    met, missed = [], []
    for words, (have, need) in zip(SOLO_TASK_WORDS, solo_progress(s), strict=True):
        if have >= need:
            met.append(words)
        else:
            missed.append(f"{words} {have}/{need}")
    tiers = ", ".join(f"{t.name} {t.tasks[0]}" + (f"-{t.tasks[-1]}" if len(t.tasks) > 1 else "")
                      for t in data.SOLO_TITLES)
    said = f"Met: {', '.join(met) or 'none'}" + (f"; missed: {', '.join(missed)}"
                                                 if missed else "")
    return f"{said}. Titles: {tiers}"


def result(s: State) -> Result:
    scores = totals(s)
    breakdown = tuple(final_parts(s, seat) for seat in range(s.n))
    if s.n == 1:
        done = sum(solo_tasks(s))
        title = data.solo_title(done)
        said = f"you are {article(title)} {title} emperor" if title else "no title this time"
        outcome = (f"{done} of {len(data.SOLO_TASKS)} tasks: {said} ({scores[0]} Glory). "
                   f"{solo_summary(s)}")
        return Result(scores=scores, ranks=(1,), breakdown=breakdown,
                      winners=(0,) if title else (), outcome=outcome, unit="Glory",
                      labels=LABELS)
    won, tiebreak = winners(s, scores)
    names = [seat_name(s, i) for i in won]
    best = scores[won[0]]
    if len(won) == 1:
        outcome = f"{names[0]} is the new Emperor with {best} Glory"
        if tiebreak:
            outcome += " (most Denarii among the tied)"
    else:
        outcome = f"{', '.join(names[:-1])} and {names[-1]} are co-Emperors with {best} Glory"
    keys = [(x, s.players[i].denarii if x == best else 0) for i, x in enumerate(scores)]
    return Result(scores=scores, ranks=rank_scores(keys), breakdown=breakdown, winners=won,
                  tiebreak=tiebreak, outcome=outcome, unit="Glory", labels=LABELS)

