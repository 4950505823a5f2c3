"""Shared helpers for the saves tests (no tests here): random games, matches
with a redo stack, and resealing hand-edited save documents."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgpack

from engine import get_game
from engine.core import Options
from engine.match import Match, Seat
from saves import codec
from saves.files import stamp

G = get_game("provincia")
CITY_NAMES = ("Forum Julii", "Massilia", "Narbo Martius", "Arelate", "Tolosa", "Loupian")
FIXED_TIME = 1_700_000_000.25


def random_actions(players: int, seed: int, options: Options | None = None,
                   limit: int | None = None) -> list[tuple]:
    """The actions of a random game (to the end, or ``limit`` actions)."""
    rng = random.Random(seed)
    s = G.setup(players, options or Options(), seed)
    actions: list[tuple] = []
    while G.to_move(s) is not None and (limit is None or len(actions) < limit):
        a = rng.choice(G.legal(s))
        s = G.play(s, a, trusted=True)
        actions.append(a)
    return actions


def seats(players: int, humans: int = 1) -> tuple[Seat, ...]:
    return tuple(Seat(f"Human {i + 1}") if i < humans else Seat(f"Bot {i + 1}", "random", "hard")
                 for i in range(players))


def make_match(players: int = 3, seed: int = 1, limit: int | None = 40,
               options: Options | None = None, undo: bool = True) -> Match:
    """A match ``limit`` actions in, with seat 0 human and, if it can, one
    undo taken so that its redo stack is not empty."""
    options = options or Options()
    m = Match("provincia", seats(players), seed, options,
              actions=random_actions(players, seed, options, limit))
    if undo and m.can_undo(0):
        m.undo(0)
    m.meta["note"] = {"screen": "board", "zoom": [1, 2]}
    stamp(m, FIXED_TIME)
    return m


def save_doc(match: Match) -> dict[str, Any]:
    """The document ``match`` would be saved as (a fresh, editable dict)."""
    return codec.match_to_doc(match)


def pack_doc(doc: dict[str, Any]) -> bytes:
    """Bytes of an arbitrary (possibly invalid) document, sealed with a
    correct checksum, so loading gets past the seal to the checks behind it."""
    packed = msgpack.packb({**doc, "check": bytes(16)}, use_bin_type=True)
    return codec.seal(packed)


def reseal(data: bytes) -> bytes:
    """``data`` with its trailing checksum recomputed (see ``codec``)."""
    return codec.seal(data[:-16] + bytes(16)) if len(data) >= 16 else data


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path
