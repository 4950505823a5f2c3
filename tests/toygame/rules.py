"""Toy Legion's rules: setup, legal actions and play. Pure: a state and an
action in, a new state out; chance comes only from the state's Rng."""

from __future__ import annotations

from engine.core import Held, IllegalAction, Option, Options, Rng, check_options

from .state import BANNERS, CARDS, HAND, RAID_DICE, TURNS, Camp, State, mover, value

OPTIONS = (
    Option("eras", "Eras", "int", 2, "how many eras the game lasts", bounds=(1, 3)),
    Option("die", "Die", "choice", "d6", "the die a seat rolls", choices=("d4", "d6", "d8")),
    Option("raiders", "Raiders", "bool", False,
           "The Raiders also fight games of two or three (always in a solo game)"),
    Option("banners", "Banner", "seats", None, "each seat's banner (default: in order)",
           choices=BANNERS),
)


def setup(n: int, options: Options, seed: int) -> State:
    try:
        check_options(OPTIONS, options, n)
    except ValueError as e:
        raise IllegalAction(str(e)) from None
    order, rng = Rng(seed).shuffle(range(CARDS))
    camps = tuple(Camp(0, 0, 0, 0, tuple(Held(c, 1 << p, 0) for c in order[p * HAND:][:HAND]))
                  for p in range(n))
    return State(
        n=n, eras=options.get("eras", 2), sides=int(options.get("die", "d6")[1:]),
        raiders=bool(options.get("raiders", False)) or n == 1,
        banners=tuple(options.get("banners") or BANNERS[:n]), era=1, turn=0, camps=camps,
        deck=tuple(Held(c, 0, 0) for c in order[n * HAND:]), played=(), raid=0, history=(),
        rng=rng, viewer=-1, unseen=(), events=(("era", 1),), over=False,
    )


def legal(s: State) -> list[tuple]:
    if s.over:
        return []
    cards = sorted({h.card for h in s.camps[mover(s)].hand})
    return [("roll",), *(("play", c) for c in cards), ("rest",)]


def play(s: State, a: tuple, trusted: bool = False) -> State:
    if s.viewer != -1:
        raise IllegalAction("a view cannot be played on; sample a full state first")
    if not trusted and a not in legal(s):
        raise IllegalAction("the game is over" if s.over
                            else "roll the die, play a card from your hand or rest")
    seat = mover(s)
    camps = list(s.camps)
    camp, events, rng, deck, played = camps[seat], [], s.rng, s.deck, s.played
    if a[0] == "roll":
        x, rng = rng.below(s.sides)
        camp = camp.replace(score=camp.score + x + 1, dice=camp.dice + x + 1)
        events.append(("roll", seat, x + 1))
    elif a[0] == "play":
        i = [h.card for h in camp.hand].index(a[1])
        hand = camp.hand[:i] + camp.hand[i + 1:]
        events.append(("play", seat, a[1]))
        if deck:
            hand, deck = (*hand, Held(deck[0].card, 1 << seat, 0)), deck[1:]
            events.append(("draw", seat))
        points = value(a[1])
        camp = camp.replace(score=camp.score + points, cards=camp.cards + points, hand=hand)
        played = (*played, a[1])
    else:
        camp = camp.replace(score=camp.score + 1, rest=camp.rest + 1)
        events.append(("rest", seat))
    camps[seat] = camp
    w = s.thaw()
    w.camps, w.deck, w.played, w.rng, w.turn = tuple(camps), deck, played, rng, s.turn + 1
    if w.turn == TURNS * s.n:
        _end_era(w, events)
    w.events = tuple(events)
    return w.freeze()


def _end_era(w: State, events: list[tuple]) -> None:
    """The Raiders strike (if they fight), the scores go into the history,
    and the next era starts, or the game ends."""
    if w.raiders:
        rolls = []
        for _ in range(RAID_DICE):
            x, w.rng = w.rng.below(w.sides)
            rolls.append(x + 1)
        w.raid += sum(rolls)
        events.append(("raid", tuple(rolls), w.raid))
    w.history = (*w.history, tuple(c.score for c in w.camps))
    if w.era == w.eras:
        w.over = True
        events.append(("over",))
    else:
        w.era, w.turn = w.era + 1, 0
        events.append(("era", w.era))


def described(s: State, a: tuple) -> str:
    if a[0] == "roll":
        return f"Roll the d{s.sides}"
    if a[0] == "play":
        return f"Play a {value(a[1])} (card {a[1]})"
    return "Rest (1 point)"
