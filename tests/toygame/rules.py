"""Toy Legion's rules: the deal, and the one phase of its flow (what a seat
may do, what it does, the end of each era). Pure: chance comes only from
the state's Rng."""

from __future__ import annotations

from engine.core import Held, IllegalAction, Option, Options, Rng, check_options

from .state import BANNERS, CARDS, HAND, PLAY, RAID_DICE, TURNS, Camp, State, mover, value

OPTIONS = (
    Option("eras", "Eras", "int", 2, "how many eras the game lasts", bounds=(1, 3)),
    Option("die", "Die", "choice", "d6", "the die a seat rolls", choices=("d4", "d6", "d8")),
    Option("raiders", "Raiders", "bool", False,
           "The Raiders also fight games of two or three (always in a solo game)"),
    Option("banners", "Banner", "seats", None, "each seat's banner (default: in order)",
           choices=BANNERS),
)


def deal(n: int, options: Options, seed: int) -> State:
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
        rng=rng, viewer=-1, unseen=(), events=(("era", 1),), phase=PLAY, pending=(),
    )


def legal(s: State) -> list[tuple]:
    cards = sorted({h.card for h in s.camps[mover(s)].hand})
    return [("roll",), *(("play", c) for c in cards), ("rest",)]


def why(s: State, a: tuple) -> str:
    return "roll the die, play a card from your hand or rest"


def act(w: State, a: tuple) -> None:
    """The mover rolls, plays a card (and draws one) or rests."""
    seat = mover(w)
    camp = w.camps[seat]
    if a[0] == "roll":
        x, w.rng = w.rng.below(w.sides)
        camp = camp.replace(score=camp.score + x + 1, dice=camp.dice + x + 1)
        w.events.append(("roll", seat, x + 1))
    elif a[0] == "play":
        i = [h.card for h in camp.hand].index(a[1])
        hand = camp.hand[:i] + camp.hand[i + 1:]
        w.events.append(("play", seat, a[1]))
        if w.deck:
            hand, w.deck = (*hand, Held(w.deck[0].card, 1 << seat, 0)), w.deck[1:]
            w.events.append(("draw", seat))
        points = value(a[1])
        camp = camp.replace(score=camp.score + points, cards=camp.cards + points, hand=hand)
        w.played = (*w.played, a[1])
    else:
        camp = camp.replace(score=camp.score + 1, rest=camp.rest + 1)
        w.events.append(("rest", seat))
    w.camps = w.camps[:seat] + (camp,) + w.camps[seat + 1:]
    w.turn += 1


def end_era(w: State) -> bool:
    """Once every seat has had its turns, The Raiders strike (if they
    fight), the scores go into the history, and the next era starts (True:
    a seat decides) or the phase, and with it the game, is over (False)."""
    if w.turn < TURNS * w.n:
        return True
    if w.raiders:
        rolls = []
        for _ in range(RAID_DICE):
            x, w.rng = w.rng.below(w.sides)
            rolls.append(x + 1)
        w.raid += sum(rolls)
        w.events.append(("raid", tuple(rolls), w.raid))
    w.history = (*w.history, tuple(c.score for c in w.camps))
    if w.era == w.eras:
        return False
    w.era, w.turn = w.era + 1, 0
    w.events.append(("era", w.era))
    return True


def finish(w: State) -> None:
    w.events.append(("over",))
