"""Toy Legion in words: prompts, log lines and the outcome."""

from __future__ import annotations

from engine.core import LogLine

from .state import OVER, RAIDERS, ROMAN, TURNS, State, mover, value


def era_label(era: int) -> str:
    return f"Era {ROMAN[era]}"


def describe(s: State, a: tuple) -> str:
    if a[0] == "roll":
        return f"Roll the d{s.sides}"
    if a[0] == "play":
        return f"Play a {value(a[1])} (card {a[1]})"
    return "Rest (1 point)"


def prompt(s: State) -> str:
    if s.phase == OVER:
        return "The game is over"
    turn = s.turn // s.n + 1
    return f"{era_label(s.era)}, turn {turn} of {TURNS}: roll, play a card or rest"


def log_line(s: State, e: tuple) -> LogLine | None:
    kind = e[0]
    if kind == "era":
        return LogLine.plain(era_label(e[1]), heading=True)
    if kind == "raid":
        rolls = " and ".join(str(x) for x in e[1])
        return LogLine.plain(f"{RAIDERS} roll {rolls} ({e[2]} points in all)")
    if kind == "over":
        return None
    seat = e[1]
    said = {
        "roll": lambda: f" rolls {e[2]}",
        "play": lambda: f" plays a {value(e[2])}",
        "draw": lambda: " draws a card",
        "rest": lambda: " rests",
    }[kind]()
    return LogLine(((s.banners[seat], seat), (said, None)))


def outcome(s: State, winners: tuple[int, ...], best: int) -> str:
    if not winners:
        return f"{RAIDERS} win with {s.raid} points"
    names = [s.banners[w] for w in winners]
    if len(names) == 1:
        return f"{names[0]} wins with {best} points"
    return f"{' and '.join(names)} share the victory with {best} points"


def seat_label(s: State, seat: int) -> str:
    return s.banners[seat]


def progress(s: State) -> str:
    if s.phase == OVER:
        return "finished"
    return f"era {s.era}, seat {mover(s) + 1} to move"
