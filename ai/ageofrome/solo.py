"""The rule-based player's planner for the Emperor Solo (L361-384).

Alone, Glory only matters through the seven tasks (L364-371): the title
counts the tasks fulfilled at the end (L381-384). The multi-player scores
of strategy.py weigh Glory; here every action that moves an unfulfilled
task forward gets a bonus large enough (``STEP``) to override them, and
an action that throws a task's progress away a penalty as large. Once a
task is done it adds nothing, so the multi-player scores pick again.

The plan, task by task (there is no opponent to watch: the view is the
whole game but the decks). Figures: /tmp/aor/h8_try.py, 200 games.

- Medals (3): a level III is 3 + 8 + 13 Denarii of one type on one
  province (piles: 4, 2, 1 tiles a type), the province in front changes
  every round, and most Denarii come late (Farming pays 4-5 a Follower in
  rounds 7-9). So the planner builds every level up to a III at once
  whenever the Denarii cover it (selling cards to make up the rest), keeps
  3/4 of what the missing Medals cost from any other tile but a first
  building for an open task, farms while Medals are missing and takes the
  double Income while the track stays above 51. (Planning columns ahead,
  PROJECT_ROUND, and saving harder, SAFETY 1, both measured worse: tiles
  bring Population, hence Income, and the actions the other tasks need.)
- Battle Regions (2): Legions go to the regions nearest their shield
  (Epirus 2, Macedonia 3 first), never past it, never out of one; Spatha
  is played when the board lacks a Legion for them (Toga for the Votes).
- Votes (4), Pantheon (both levels), Trade sets (2): the building's action
  while the task is open; a full hand sells its loosest card to draw, and
  from round 7 Trade comes first while a set is missing.
- Quests (2): the one returned at setup is the least likely for a player
  alone (QUEST_FIT, measured); the two kept pull toward what they count.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.ageofrome import board, data
from engine.ageofrome.build import COST
from engine.ageofrome.scoring import measure, quest_points
from engine.ageofrome.state import (
    BOARD,
    COLOSSEUM,
    FARMING,
    MILITARY,
    POLITICS,
    REGION_INDEX,
    RELIGION,
    SCHEME_SPACE,
    TRADE,
    TYPE_INDEX,
    TYPES,
    Player,
    State,
    in_front,
    tile_index,
)
from engine.core import HIDDEN

STEP = 20.0  # a task's step: above anything the multi-player scores give
MEDALS, REGIONS, VOTES, SETS, PANTHEON = 3, 2, 4, 2, 2  # the thresholds (L365-370)
GLORY_GOAL = 51  # L365: the track must reach 51
GLORY_PER_ROUND = 4  # what the track gains in a round without trying (measured)
TOP = board.LEVELS[-1]
NEVER = 10**6  # the cost of a level III that cannot be built
MEDAL_DENARIUS = 0.2  # a Denarius toward a level III, in STEPs
GLORY_MARGIN = 4  # the Glory kept above 51 when paying for a double Income
TRADE_W = 0.55  # a Trade action toward the sets, in STEPs
TRADE_LATE, TRADE_LATE_ROUND = 1.2, 7  # ... and when the sets are late
SHORT_ROUND = 10  # from this round digging for Spatha/Toga comes first too (measured: no better)
TREASURER_KEEP = 10  # Denarii kept in the last Building phase for Treasurer (20 at the end)
SALE_KEEP = 1.0  # how much a card kept for a set weighs against a sale finishing a level III
DRAW_GAIN = 0.5  # a card drawn toward a set, in STEPs
SET_QUESTS = frozenset({"trade sets", "sets:Jewels", "sets:Weapons"})
SLACK_EXTRA = 3.0  # Farming and Trade cards, per round
SAFETY = 0.75  # how much of the Medal cost the plan keeps in hand
PROJECT = 1.0  # a level on a planned column, in STEPs
SPREAD = 4  # planned columns: one per province
PROJECT_ROUND = 10  # from this round on, the planned columns come first
PREFER = (RELIGION, POLITICS, TRADE, MILITARY, FARMING)  # project types, ties: actions needed
EARLY = 9  # rounds in which a first building for an open task is always worth it

# How likely a Quest is completed by a player alone, 0-1 (the returned
# card is the least likely). Feuds are only paid off by activating a
# Scheme, and there are no Schemes alone (L375), so the two Feud Quests
# cannot be done; MOST/LEAST compare with nobody (L105: ties to the holder).
QUEST_FIT = {  # measured over 200 solo games of this planner (/tmp/aor/h8_quests.py)
    "feuds": 0.0, "schemes activated": 0.0,
    "medals": 1.0, "regions first": 1.0, "regions with legions": 0.5,
    "legions in regions": 1.0, "votes on column": 1.0, "top vote": 1.0,
    "majorities": 0.8, "trade sets": 0.87, "pantheon levels": 1.0,
    "gold pantheon pieces": 1.0, "level 3 tiles placed": 0.8, "tiles placed": 1.0,
    "colosseum followers": 0.8, "followers": 1.0, "legions recruited": 0.3,
    "votes recruited": 0.25, "sets:Jewels": 0.45, "sets:Weapons": 0.65,
    "medal:Military": 0.9, "medal:Politics": 0.85, "medal:Trade": 1.0,
    "medal:Religion": 1.0, "medal:Farming": 0.9,
}


def quest_fit(q: data.Quest, p: Player) -> float:
    """How likely Quest ``q`` is done alone by ``p`` (QUEST_FIT, by its
    measure; a board with every Legion or Vote recruited has its Full
    Legion or Full Senate already)."""
    m = q.measure
    if m == "legions recruited" and not p.legions_unrecruited:
        return 1.0
    if m == "votes recruited" and not p.votes_unrecruited:
        return 1.0
    if m == "denarii":  # Treasurer: 20 left at the end; most and least: nobody to compare
        return 1.0 if q.compare in (data.LEAST, data.MOST) else 0.35
    return QUEST_FIT.get(m, 0.5)


class Plan:
    """How far each task is, read once per decision."""

    def __init__(self, v: State) -> None:
        self.v = v
        self.p = p = v.players[0]
        self.left = data.ROUNDS - v.round  # rounds after this one
        self.front = in_front(v, 0)
        self.levels = v.provinces[self.front].levels
        self.medals = p.medals.bit_count()
        self.regions = measure(v, 0, "regions defeated")
        self.votes = measure(v, 0, "votes on column")
        self.sets = len(p.sets)
        self.pantheon = (p.base_common != "") + (p.top_common != "")
        # the Quests held and not yet done: their measures pull the choices
        self.quests = {data.QUESTS[h.card].measure: data.QUESTS[h.card] for h in p.quests
                       if h.card != HIDDEN and len(p.quests) <= 2
                       and not quest_points(v, 0, h.card)}

    # ------------------------------------------------------------ Medals
    def medal_open(self, t: int) -> bool:
        return self.medals < MEDALS and bool(self.v.medals >> t & 1)

    def to_top(self, t: int, levels: tuple[int, ...] | None = None) -> int:
        """Denarii still needed for a level III of type ``t`` here."""
        lv = (self.levels if levels is None else levels)[t]
        if any(self.v.tiles[tile_index(t, k)] <= 0 for k in range(lv + 1, TOP + 1)):
            return NEVER  # a pile is empty (2 players' tiles: 4, 2, 1 a type)
        return sum(COST[t][k][0] for k in range(lv + 1, TOP + 1))

    def projects(self, spread: int = 0) -> list[tuple[int, int]]:
        """The (province, type) columns to take to level III, one per
        province and per open Medal type, the most advanced first, as many
        as Medals are still needed: the plan changes little from round to
        round since levels only grow."""
        if self.medals >= MEDALS:
            return []
        open_ = [t for t in range(len(self.levels)) if self.medal_open(t)]
        columns = sorted(((pr.levels[t], -PREFER.index(t), i, t)
                          for i, pr in enumerate(self.v.provinces) for t in open_
                          if self.to_top(t, pr.levels) < NEVER), reverse=True)
        out: list[tuple[int, int]] = []
        for _, _, i, t in columns:
            if all(i != j and t != u for j, u in out):
                out.append((i, t))
            if len(out) == (spread or MEDALS - self.medals):
                break
        return out

    def wanted(self) -> list[int]:
        return [t for _, t in self.projects()]

    def medal_cost(self) -> int:
        """Denarii the Medals still missing cost: each project to level III."""
        return sum(self.to_top(t, self.v.provinces[i].levels) for i, t in self.projects())

    def income_ahead(self) -> float:
        """Denarii the rounds after this one should bring: the provinces'
        mean Population, the solo Event's Denarius per Follower (L376)."""
        pop = sum(pr.population for pr in self.v.provinces) / len(self.v.provinces)
        return self.left * (pop + self.p.followers + SLACK_EXTRA)

    def slack(self) -> float:
        """Denarii free for tiles that win no Medal."""
        if self.medals >= MEDALS or not self.left:
            return float(self.p.denarii)
        return self.p.denarii + self.income_ahead() - self.medal_cost() * SAFETY

    def build(self, t: int) -> float:
        lv = self.levels[t] + 1
        cost = COST[t][lv][0]
        d = self.p.denarii
        if self.medal_open(t) and d >= self.to_top(t):
            # a level III now: every level up to it in this turn
            value = 2.5 * STEP + lv
            if "medal:" + TYPES[t] in self.quests:
                value += 2.0
            return value
        finishing = [u for u in range(len(self.levels))
                     if self.medal_open(u) and d >= self.to_top(u)]
        if finishing:
            return -STEP  # keep the Denarii for the level III
        value = 0.0
        if (self.v.round >= PROJECT_ROUND and self.left and lv < TOP and d >= cost
                and (self.front, t) in self.projects(SPREAD)):
            return PROJECT * STEP + lv  # on the way to a Medal: never spent for nothing
        if cost > self.slack() and not (lv == 1 and self.needs_building(t)
                                          and self.v.round <= EARLY):
            return -STEP
        if not self.left and "denarii" in self.quests and d - cost < TREASURER_KEEP:
            return -STEP  # Treasurer: 20 Denarii at the end, the last Income still to come
        if lv == 1 and self.needs_building(t):
            value += 0.5 * STEP
        if lv == 3 and self.medals < MEDALS:
            value -= STEP  # a level III without a Medal: the Denarii go further elsewhere
        if "tiles placed" in self.quests or ("level 3 tiles placed" in self.quests and lv == 3):
            value += 2.0
        return value

    def needs_building(self, t: int) -> bool:
        """Whether a tile of type ``t`` opens an action an unfinished task needs."""
        if t == MILITARY:
            return self.regions < REGIONS
        if t == POLITICS:
            return self.votes < VOTES
        if t == TRADE:
            return self.sets < SETS
        if t == RELIGION:
            return self.pantheon < PANTHEON
        return t == FARMING and self.medals < MEDALS

    def income(self, double: bool) -> float:
        if not double or self.medals >= MEDALS or not self.left:
            return 0.0
        pop = self.v.provinces[self.front].population
        penalty = board.PENALTY[pop]
        projected = self.p.glory + GLORY_PER_ROUND * self.left - penalty
        if projected < GLORY_GOAL + GLORY_MARGIN:
            return -STEP
        return MEDAL_DENARIUS * STEP * pop - penalty

    # ------------------------------------------------------------ Followers
    def place(self, target: str, bonus: bool) -> float:
        """A Follower on ``target``: what it does for the tasks."""
        if target == SCHEME_SPACE:
            return 0.0
        if target == COLOSSEUM:
            return 0.2 * STEP if "colosseum followers" in self.quests else 0.0
        t = TYPE_INDEX[target]
        k = 2 if bonus else 1
        p = self.p
        if t == MILITARY:
            moves = self.legion_moves()
            if self.regions < REGIONS and moves:
                return STEP * 0.8 * min(k, moves)
            return 0.1 * STEP * k if self.quest_wants_legions() and p.legions else 0.0
        if t == POLITICS:
            if p.votes and (self.votes < VOTES or {"votes on column", "majorities", "top vote"}
                            & set(self.quests)):
                return STEP * 0.7 * min(k, p.votes)
            return 0.0
        if t == RELIGION:
            return STEP * 0.75 if self.pantheon < PANTHEON else 0.0
        if t == TRADE:
            room = data.HAND_LIMIT - p.hand_size
            if self.sets < SETS or SET_QUESTS & set(self.quests) or self.short():
                late = (self.sets < SETS and self.v.round >= TRADE_LATE_ROUND) or (
                    self.short_votes() and self.v.round >= SHORT_ROUND)
                return STEP * (TRADE_LATE if late else TRADE_W) * (k if room >= k else 1)
            return 0.0
        if t == FARMING:
            if self.medals >= MEDALS or not self.left:
                return 0.0  # Denarii after the last Building phase build nothing
            medal = data.FARMING_MEDAL_DENARII if p.medals >> FARMING & 1 else 0
            return MEDAL_DENARIUS * STEP * (data.FARMING_DENARII[self.v.round] + medal)
        return 0.0

    def short(self) -> bool:
        """Whether a task needs a Legion or a Vote not yet recruited: only
        a Trade card recruits one (Spatha, Toga), so the deck is searched."""
        p = self.p
        legions = p.legions + sum(r[0] for r in self.v.regions)
        shields = sorted(b.shield for b in board.BATTLE_REGIONS)
        if self.regions < REGIONS and legions < sum(shields[:REGIONS]) and p.legions_unrecruited:
            return True
        return self.short_votes()

    def short_votes(self) -> bool:
        """Whether the Votes task lacks a Vote still to recruit (Toga)."""
        p = self.p
        return self.votes < VOTES and p.votes + self.votes < VOTES and bool(p.votes_unrecruited)

    def quest_wants_legions(self) -> bool:
        return bool({"regions with legions", "legions in regions", "regions first"}
                    & set(self.quests))

    # ------------------------------------------------------------ Legions
    def targets(self) -> list[int]:
        """The regions to defeat: the ones needing fewest Legions still."""
        v = self.v
        need = [max(0, board.BATTLE_REGIONS[r].shield - sum(v.regions[r]))
                for r in range(len(v.regions))]
        open_ = sorted((r for r in range(len(need)) if need[r] > 0), key=lambda r: (need[r], r))
        return open_[:max(0, REGIONS - self.regions)]

    def legion_moves(self) -> int:
        """Legions that could still go to a target region (from the board
        or from a region they do nothing in)."""
        spare = self.p.legions
        for r, counts in enumerate(self.v.regions):
            if r not in self.targets():
                shield = board.BATTLE_REGIONS[r].shield
                spare += counts[0] if sum(counts) < shield else max(0, sum(counts) - shield)
        return spare

    def legion(self, source: str, to: str) -> float:
        v = self.v
        r = REGION_INDEX[to]
        shield = board.BATTLE_REGIONS[r].shield
        value = 0.0
        if source != BOARD:
            s = REGION_INDEX[source]
            if sum(v.regions[s]) <= board.BATTLE_REGIONS[s].shield and (
                    sum(v.regions[s]) >= board.BATTLE_REGIONS[s].shield or s in self.targets()):
                value -= 2 * STEP  # never undo (or unbuild) a region
        if self.regions < REGIONS:
            if r in self.targets():
                return value + STEP * (1.0 + 0.1 * (shield - sum(v.regions[r])))
            return value - STEP * 0.5
        if "regions with legions" in self.quests and v.regions[r][0] == 0:
            value += 0.3 * STEP
        return value

    # ------------------------------------------------------------ Trade cards
    def hand_types(self) -> Counter:
        return Counter(data.TRADE_CARDS[h.card].type for h in self.p.hand if h.card != HIDDEN)

    def card_keep(self, name: str) -> float:
        """What a card is worth kept for a set still to form: a Chest
        (wild) most, then a card whose type the hand already pairs."""
        c = data.TRADE_CARD[name]
        if c.effect.kind in ("recruit legion", "recruit vote") and self.needed(c.effect.kind):
            return 2 * STEP  # the one card that saves a task: played, never sold
        if self.sets >= SETS and not SET_QUESTS & set(self.quests):
            return 0.0
        if c.type == data.WILD:
            return 0.6 * STEP
        n = self.hand_types()[c.type] + (1 if "sets:" + c.type in self.quests else 0)
        return STEP * (0.1 if n <= 1 else 0.4 if n == 2 else 0.8)

    def sale_finishes(self) -> bool:
        """Whether selling cards (1 Denarius each, L217) in the Building
        phase makes up what a level III here still lacks."""
        if self.v.phase != "build" or self.medals >= MEDALS:
            return False
        gaps = [self.to_top(t) - self.p.denarii for t in range(len(self.levels))
                if self.medal_open(t)]
        gap = min(gaps, default=NEVER)
        return 0 < gap <= len(self.p.hand) * data.SELL_DENARII

    def room(self) -> bool:
        """Whether the decision is making room for a card to draw (A15)."""
        pd = self.v.pending[-1] if self.v.pending else None
        return pd is not None and pd.kind == "room"

    def part_with(self, name: str) -> float:
        """Selling or discarding ``name``: a draw after it when making room
        for a set still to form, the card's part in a set lost."""
        gain = DRAW_GAIN * STEP if self.room() and (
            self.sets < SETS or SET_QUESTS & set(self.quests) or self.short()) else 0.0
        return gain - self.card_keep(name)

    def needed(self, effect: str) -> bool:
        """Whether a card's effect moves an open task forward."""
        p = self.p
        if effect == "recruit legion":
            return self.regions < REGIONS and p.legions_unrecruited > 0
        if effect == "recruit vote":
            return self.votes < VOTES and p.votes_unrecruited > 0
        if effect == "place vote":
            return self.votes < VOTES and p.votes > 0
        if effect == "place legion":
            return self.regions < REGIONS and self.legion_moves() > 0
        return False

    def play(self, name: str) -> float:
        """A card played: a Legion or Vote recruited when a task lacks one
        (a board with 4 Legions cannot defeat 2 regions, 2 + 3, without)."""
        if self.needed(data.TRADE_CARD[name].effect.kind):
            return STEP
        return -self.card_keep(name)


def tilt(v: State, a: Any) -> float:
    """The Emperor Solo's bonus for action ``a`` (0 for other games)."""
    if v.n != 1:
        return 0.0
    kind = a[0]
    if kind == "return_quest":
        return -STEP * quest_fit(data.QUEST[a.quest], v.players[0])  # return the least fitting
    plan = Plan(v)
    if kind == "place":
        return plan.place(a.target, a.bonus)
    if kind == "build":
        return plan.build(TYPE_INDEX[a.type])
    if kind == "legion":
        return plan.legion(a.source, a.to)
    if kind == "set":
        return 2 * STEP if plan.sets < SETS else 0.0
    if kind == "play":
        return plan.play(a.card)
    if kind == "sell" and plan.sale_finishes():
        return STEP - SALE_KEEP * plan.card_keep(a.card)
    if kind in ("sell", "discard"):
        return plan.part_with(a.card)
    if kind == "income":
        return plan.income(a.double)
    return 0.0
