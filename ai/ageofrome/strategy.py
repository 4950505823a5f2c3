"""The rule-based player's strategy for Age of Rome (the ``policy`` the
generic rules bot, ``ai/rules_bot.py``, asks).

It decides from its own view only. Every legal action gets a value in
Glory (what it should add to the seat's final total) and a short reason;
the best is played. The main lines:

- build whatever the Denarii pay for, the highest level first (a tile's
  Glory beats what its Denarii would be worth at the end), a level III
  while its Medal is still there above all;
- place Followers where the building's benefit is worth most now: a Legion
  where it wins or keeps a place in a Region that will be defeated, a Vote
  that makes a Majority or lands high on the Column, a Pantheon piece that
  finishes a level while gold is left, Farming by the round's Denarii,
  Trade cards while the hand has room; a Bonus marker whenever it doubles
  the action; Quests held tilt every choice toward what they count;
- activate every Scheme that pays (paying a Feud also uncovers a Bonus,
  and covers the target's), hitting the leader hardest;
- form every Trade set at once, play cards whose effect beats keeping them
  for a set, sell only to make room;
- double Income only when the Denarii are worth more than the Glory lost;
- Spies & Allies: offer Alliances on high buildings for little, accept an
  offer when the Denarii cover the risk of a Spy.
"""

from __future__ import annotations

from typing import Any

from engine.ageofrome import board, data, scoring
from engine.ageofrome.state import (
    BOARD,
    COLOSSEUM,
    FARMING,
    MILITARY,
    POLITICS,
    QUEST_INDEX,
    REGION_INDEX,
    REGIONS,
    RELIGION,
    SCHEME_SPACE,
    TRADE,
    TYPE_INDEX,
    Player,
    State,
    in_front,
    seat_facing,
)
from engine.core import HIDDEN

from ..knowledge import Ranked, ranked_policy
from . import solo

CARD_KEEP = 0.8  # a Trade card in hand: a third of a set, or an effect later
DRAW = 0.9  # a card drawn into a hand with room
HARM = 0.5  # Glory taken from an opponent, as worth to us (several rivals)
SCHEME_MARKER = 1.3  # a Scheme marker placed: a later activation
QUEST_TILT = 0.7  # an action that advances a Quest held


def rank(v: State, seat: int, actions: list[tuple]) -> Ranked:
    """Every action scored for ``seat``."""
    ctx = Ctx(v, seat)
    return [ctx.score(a) for a in actions]


decide = ranked_policy(rank)
"""The rule-based choice for a seat on its view: ``rank``'s best (legal) action."""


class Ctx:
    """One decision: the seat's view and what it keeps looking up."""

    def __init__(self, v: State, seat: int) -> None:
        self.v = v
        self.seat = seat
        self.p: Player = v.players[seat]
        self.left = data.ROUNDS - v.round  # rounds after this one
        self.pd = v.pending[-1] if v.pending else None
        self.quests = {data.QUESTS[h.card].measure for h in self.p.quests if h.card != HIDDEN}
        leader = max(range(v.n), key=lambda s: v.players[s].glory)
        self.leader = leader
        self._best_legion: float | None = None

    # ------------------------------------------------------------ values
    @property
    def denarius(self) -> float:
        """A Denarius in Glory: what it builds while there is time, then
        what it converts to at the end (1 per 4, L307)."""
        end = 1 / (data.DENARII_PER_GLORY_END_RELIGION_MEDAL if self.medal(RELIGION)
                   else data.DENARII_PER_GLORY_END)
        return end + (0.55 - end) * min(1.0, self.left / 6)

    def medal(self, type_: int, seat: int | None = None) -> bool:
        p = self.p if seat is None else self.v.players[seat]
        return bool(p.medals >> type_ & 1)

    def tilt(self, *measures: str) -> float:
        return QUEST_TILT * sum(m in self.quests for m in measures)

    def harm(self, target: int) -> float:
        """How much Glory taken from ``target`` is worth: more from the leader."""
        return HARM * (1.5 if target == self.leader else 1.0)

    # ------------------------------------------------------------ Military
    def region_points(self, counts: tuple[int, ...], region: int, seat: int) -> float:
        """``seat``'s expected end-game Glory from ``region`` with these counts."""
        r = board.BATTLE_REGIONS[region]
        banners = board.banners(r.name, max(2, self.v.n))
        mine = counts[seat]
        if mine == 0:
            return 0.0
        total = sum(counts)
        chance = 1.0 if total >= r.shield else max(0.0, 0.75 - 0.25 * (r.shield - total)
                                                   + 0.05 * self.left)
        medal = self.medal(MILITARY, seat)
        above = sum(1 for c in counts if c > mine)
        tied = sum(1 for c in counts if c == mine) - 1
        if tied and not medal:
            return 0.0
        place = above
        return chance * (banners[place] if place < len(banners) else 0.0)

    def legion_gain(self, region: int, seat: int | None = None, delta: int = 1) -> float:
        seat = self.seat if seat is None else seat
        counts = self.v.regions[region]
        after = counts[:seat] + (counts[seat] + delta,) + counts[seat + 1:]
        return self.region_points(after, region, seat) - self.region_points(counts, region, seat)

    def best_legion(self) -> float:
        """The most a Legion from the board adds (once per decision: every
        Military placement and card asks)."""
        if self._best_legion is None:
            self._best_legion = 0.0 if self.p.legions == 0 else max(
                0.3, max(self.legion_gain(r) for r in range(len(REGIONS))))
        return self._best_legion

    # ------------------------------------------------------------ Politics
    def vote_value(self) -> float:
        if self.p.votes == 0:
            return 0.0
        col = self.v.column
        majority = len(col) >= 2 and col[-1] == col[-2] == self.seat
        glory = (board.MAJORITY_GLORY_POLITICS_MEDAL if self.medal(POLITICS)
                 else board.MAJORITY_GLORY) if majority else 0
        return glory + 1.5 + 0.15 * min(self.left, 4) + self.tilt(
            "votes on column", "top vote", "majorities", "column points")

    # ------------------------------------------------------------ Religion
    def pantheon_value(self) -> float:
        p = self.p
        base = data.PANTHEON_LEVEL["base"].own
        top = data.PANTHEON_LEVEL["top"].own
        if not p.base_common:
            own, pile, need = p.base_own, self.v.pantheon[0], base
        elif not p.top_common:
            own, pile, need = p.top_own, self.v.pantheon[1], top
        else:
            return 0.0
        best = data.PANTHEON_POINTS[pile[0]] if pile else 0
        value = data.PANTHEON_POINTS[data.OWN] if own < need else best
        value += 0.4 * best if own < need else 0.0
        return value + self.tilt("pantheon pieces", "pantheon levels", "gold pantheon pieces")

    # ------------------------------------------------------------ buildings
    def building_value(self, type_: int, bonus: bool) -> float:
        k = 2 if bonus else 1
        if type_ == MILITARY:
            return k * self.best_legion() + self.tilt("legions in regions", "regions first",
                                                      "regions with legions")
        if type_ == POLITICS:
            return self.vote_value() * min(k, max(1, self.p.votes))
        if type_ == TRADE:
            room = data.HAND_LIMIT - self.p.hand_size
            tilt = self.tilt("trade sets", "trade cards in hand")
            return DRAW * min(k, max(room, 0)) + 0.3 + tilt
        if type_ == RELIGION:
            return self.pantheon_value()
        denarii = data.FARMING_DENARII[self.v.round] + (
            data.FARMING_MEDAL_DENARII if self.medal(FARMING) else 0)
        return denarii * self.denarius + self.tilt("denarii")

    # ------------------------------------------------------------ dispatch
    def score(self, a: tuple) -> tuple[tuple, float, str]:
        handler = getattr(self, "_" + a[0], None)
        if handler is None:
            return a, 0.0, ""
        value, why = handler(a)
        if self.v.n == 1:
            value += solo.tilt(self.v, a)
        return a, value, why

    def _done(self, a: tuple) -> tuple[float, str]:
        return 0.0, "nothing better"

    def _return_quest(self, a: tuple) -> tuple[float, str]:
        """Return the Quest least worth keeping: one already met now (Full
        Legion with every Legion recruited) is worth most of its Glory."""
        q = data.QUEST[a.quest]
        met = scoring.quest_points(self.v, self.seat, QUEST_INDEX[a.quest])
        worth = quest_value(q)
        if 0.8 * met > worth:  # each option its own reason (walk-through: all said "least likely")
            return -0.8 * met, f"gives up {met} Glory: it is met now"
        return -worth, f"gives up about {worth:.1f} of its {q.glory} Glory"

    def _build(self, a: tuple) -> tuple[float, str]:
        t = TYPE_INDEX[a.type]
        level = self.v.provinces[in_front(self.v, self.seat)].levels[t] + 1
        tile = data.tile(a.type, level)
        value = tile.glory - tile.cost * self.denarius + 0.15 * self.left + 1.0
        if level == 3 and self.v.medals >> t & 1:
            value += 4.0 + self.tilt(f"medal:{a.type}", "medals")
        value += self.tilt("tiles placed")
        if level == 3:
            value += self.tilt("level 3 tiles placed")
        return value, f"level {level} for {tile.glory} Glory"

    def _place(self, a: tuple) -> tuple[float, str]:
        if a.target == COLOSSEUM:
            return 1.0 + self.tilt("colosseum followers"), "1 Glory at the Colosseum"
        if a.target == SCHEME_SPACE:
            worth = SCHEME_MARKER if self.p.feuds and self.left else 0.2
            return worth, "a Scheme for later"
        t = TYPE_INDEX[a.target]
        value = self.building_value(t, a.bonus) + (0.2 if a.bonus else 0.0)
        return value, f"{a.target}" + (" with the bonus" if a.bonus else "")

    def _legion(self, a: tuple) -> tuple[float, str]:
        to = REGION_INDEX[a.to]
        owner = self.legion_owner()
        sign = 1.0 if owner == self.seat else -self.harm(owner) / HARM * 0.5
        gain = self.legion_gain(to, owner)
        if a.source != BOARD:
            gain += self.legion_gain(REGION_INDEX[a.source], owner, -1)
        else:
            gain += 0.2  # a Legion out of the board counts for Quests and Events
        return sign * gain, f"Legion to {a.to}"

    def legion_owner(self) -> int:
        """Whose Legion a "legion" decision moves: the decision's data names
        a seat other than the mover for Deception."""
        pd = self.pd
        if pd is not None and pd.data and isinstance(pd.data[0], int) and pd.kind in (
                "deception",):
            return pd.data[0]
        return self.seat

    def _region(self, a: tuple) -> tuple[float, str]:
        r = REGION_INDEX[a.region]
        placing = self.legion_gain(r)
        removing = self.legion_gain(r, delta=-1)
        return max(placing, removing), f"{a.region}"

    def _play(self, a: tuple) -> tuple[float, str]:
        card = data.TRADE_CARD[a.card]
        return self.effect_value(card.effect) - CARD_KEEP, f"play {a.card}"

    def effect_value(self, e: data.Effect) -> float:
        kind, n = e.kind, e.amount
        if kind == "glory":
            return n
        if kind == "denarii":
            return n * self.denarius
        if kind == "draw":
            # only from the deck: with the deck empty the discard pile comes
            # back, maybe the very card played, and a bot that liked that
            # played Sundial for ever (seed 1196, round 9)
            return DRAW * min(n, len(self.v.trade_deck))
        if kind == "take discard":
            top = data.TRADE_CARDS[self.v.discard[-1]].effect if self.v.discard else None
            if top is None or top.kind == "take discard" or (
                    top.kind == "draw" and not self.v.trade_deck):
                return 0.0  # nothing, or a card that would only start a loop
            return DRAW
        if kind == "remove anchor":
            return 1.2 if self.p.anchor else 0.0
        if kind == "recruit legion":
            return 1.0 if self.p.legions_unrecruited else 0.0
        if kind == "recruit vote":
            return 1.0 if self.p.votes_unrecruited else 0.0
        if kind == "place legion":
            return n * self.best_legion()
        if kind == "move legions":
            return 0.4 * n
        if kind == "place vote":
            return self.vote_value()
        return 0.0

    def _sell(self, a: tuple) -> tuple[float, str]:
        return self.denarius - CARD_KEEP - 0.1, f"sell {a.card}"

    def _discard(self, a: tuple) -> tuple[float, str]:
        return -CARD_KEEP - set_share(a.card), f"discard {a.card}"

    def _set(self, a: tuple) -> tuple[float, str]:
        points = data.set_points(a.cards, self.medal(TRADE)) or 0
        return points + 1.0, f"a set for {points}"

    def _buy_glory(self, a: tuple) -> tuple[float, str]:
        p = self.p
        space = next((s for k, s in enumerate(milestone_spaces(self.v))
                      if not p.milestones >> k & 1), 999)
        follower = 2.0 if p.glory + 1 >= space and self.left >= 1 else 0.0
        return 1.0 + follower - data.RELIGION_MEDAL_PRICE * self.denarius, "Glory for Denarii"

    def _income(self, a: tuple) -> tuple[float, str]:
        if not a.double:
            return 0.0, "single Income"
        pop = self.v.provinces[in_front(self.v, self.seat)].population
        return pop * self.denarius - board.PENALTY[pop], "double Income"

    def _activate(self, a: tuple) -> tuple[float, str]:
        target = seat_facing(self.v, _province_index(a.province))
        if target is None:
            return -1.0, "nobody there"
        value = SCHEME_EFFECT_VALUE.get(a.effect, 1.0) + self.harm(target)
        p = self.p
        track = data.CHARACTERS[p.character].track
        uncovered = track[data.FEUD_TRACK_SPACES - p.feuds]
        if uncovered in (board.MILITARY, board.POLITICS, board.TRADE):
            value += 0.6 * min(self.left + 1, 4)
        return value - 0.5, f"{a.effect} on seat {target}"

    def _apostasy(self, a: tuple) -> tuple[float, str]:
        r = REGION_INDEX[a.region]
        value = 1.0 + (self.legion_gain(r) if a.replace else 0.0)
        return value, f"Apostasy in {a.region}"

    def _vote(self, a: tuple) -> tuple[float, str]:
        return 0.1 * a.index, "their highest Vote"

    # ------------------------------------------------------------ Spies & Allies
    def _offer(self, a: tuple) -> tuple[float, str]:
        level = self.v.provinces[_province_index(a.province)].levels[TYPE_INDEX[a.type]]
        cost = a.denarii * self.denarius
        if a.token == data.ALLIANCE:
            return 0.6 * level * (0.5 + 0.2 * a.denarii) - cost * 0.6, "an Alliance"
        return 0.5 * level * (0.4 + 0.2 * a.denarii) - cost, "a Spy"

    def _counter(self, a: tuple) -> tuple[float, str]:
        return -0.2, "bargain"

    def _accept(self, a: tuple) -> tuple[float, str]:
        token = self.token()
        if token is None:
            return 0.0, "accept"
        level = self.v.provinces[token.province].levels[token.type]
        if token.seat == self.seat:  # the placer, answering a counter-offer
            return 0.6 * level - token.denarii * self.denarius, "accept the counter-offer"
        return token.denarii * self.denarius + 0.5 * level - 0.5 * level * HARM, "take the Denarii"

    def _refuse(self, a: tuple) -> tuple[float, str]:
        return 0.0, "refuse"

    def token(self) -> Any:
        return self.v.diplomacy[-1] if self.v.diplomacy else None

    def _spy_glory(self, a: tuple) -> tuple[float, str]:
        token = self.token()
        level = self.v.provinces[token.province].levels[token.type] if token else 1
        return float(level), "Glory from the Spy"

    def _spy_action(self, a: tuple) -> tuple[float, str]:
        token = self.token()
        if token is None:
            return 0.0, "a free action"
        return self.building_value(token.type, False), "a free action"


SCHEME_EFFECT_VALUE = {
    data.MUDSLINGING: 0.6,
    data.DEGRADATION: 0.6,
    data.APOSTASY: 1.0,
    data.DECEPTION: 0.8,
    data.REVOTE: 2.2,
    data.VOID_VOTE: 1.6,
    data.SOLD: 1.3,
    data.CUSTOM_FEES: 1.4,
}


def quest_value(q: data.Quest) -> float:
    """A rough chance-weighted worth of a Quest at the start."""
    if q.compare == data.PER:
        return q.glory * 1.0
    if q.measure.startswith("medal:"):
        return q.glory * 0.3
    if q.compare in (data.MOST, data.LEAST):
        return q.glory * 0.4
    if q.compare == data.AT_MOST:
        return q.glory * 0.3
    return q.glory * (0.6 if q.threshold <= 2 else 0.45)


def set_share(card: str) -> float:
    c = data.TRADE_CARD[card]
    return 0.0 if c.type == data.WILD else data.SET_POINTS[c.type] / 10


def milestone_spaces(v: State) -> tuple[int, ...]:
    return (board.MILESTONES[0].start,) + tuple(v.milestones)


def _province_index(name: str) -> int:
    return board.PROVINCE_NAMES.index(name)


