"""Bot kinds by name, and running a Match's bot seats."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.match import Match

from .base import STRENGTHS, Bot, Budget
from .random_bot import RandomBot

BOT_KINDS: dict[str, Callable[[str], Bot]] = {
    "random": lambda strength: RandomBot(),
}


def register(kind: str, factory: Callable[[str], Bot]) -> None:
    BOT_KINDS[kind] = factory


def _load_all() -> None:
    """Import the bot modules that register themselves (optional ones may
    be absent while they are written)."""
    for mod in ("ai.rules_bot", "ai.mcts"):
        try:
            __import__(mod)
        except ModuleNotFoundError as e:
            if e.name != mod:
                raise


def kinds() -> list[str]:
    _load_all()
    return sorted(BOT_KINDS)


def make_bot(kind: str, strength: str = "normal") -> Bot:
    _load_all()
    if kind not in BOT_KINDS:
        raise KeyError(f"unknown bot kind {kind!r} (known: {', '.join(sorted(BOT_KINDS))})")
    if strength not in STRENGTHS:
        raise KeyError(f"unknown strength {strength!r} (known: {', '.join(STRENGTHS)})")
    return BOT_KINDS[kind](strength)


def check_seats(game_id: str, specs: list[str], humans: bool = False) -> Any:
    """Check a game id and seat specs ("rules", "mcts:hard", …); return the
    game. Raises ValueError with a one-line reason a player can act on."""
    import engine

    if game_id not in engine.REGISTRY.ids():
        raise ValueError(f"unknown game {game_id!r} (known: {', '.join(engine.REGISTRY.ids())})")
    game = engine.get_game(game_id)
    if len(specs) not in game.players:
        lo, hi = game.players.start, game.players.stop - 1
        raise ValueError(f"{game.title} is for {lo} to {hi} players, not {len(specs)}")
    known = kinds() + (["human"] if humans else [])
    for spec in specs:
        kind, _, strength = spec.partition(":")
        if kind not in known:
            raise ValueError(f"unknown seat kind {kind!r} (known: {', '.join(known)})")
        if strength and strength not in STRENGTHS:
            raise ValueError(f"unknown strength {strength!r} (known: {', '.join(STRENGTHS)})")
    return game


def bot_turn(match: Match, bots: dict[int, Bot], budget: Budget | None = None) -> tuple:
    """Let the bot to move decide on its view and return its action (not played)."""
    seat = match.to_move()
    assert seat is not None and seat in bots
    view = match.view(seat)
    rng = random.Random(match.bot_seed(seat))
    return bots[seat].decide(match.game, view, seat, budget or Budget(), rng)


def play_bots(match: Match, bots: dict[int, Bot], budget: Callable[[], Budget] | None = None,
              on_action: Callable[[Match, tuple], Any] | None = None) -> None:
    """Play bot turns until a human is to move or the game ends."""
    while match.bot_to_move():
        a = bot_turn(match, bots, budget() if budget else None)
        match.play(a)
        if on_action:
            on_action(match, a)
