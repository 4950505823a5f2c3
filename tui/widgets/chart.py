"""A small chart of every seat's score over the game's chapters."""

from __future__ import annotations

from collections.abc import Sequence

from textual.markup import escape
from textual.widgets import Static

from .seats import SeatLook


def chart_markup(series: Sequence[Sequence[int]], looks: Sequence[SeatLook],
                 columns: Sequence[str], height: int = 8, step: int = 4,
                 bounds: tuple[int, int] | None = None) -> str:
    """Rows of text: each seat's value in each column as its letter, in its
    colour; where seats share a cell the later one shows and a ``+`` marks it.
    ``bounds``: the values at the bottom and top (else the series' own)."""
    values = [v for s in series for v in s]
    if not values:
        return ""
    lo, hi = bounds if bounds is not None else (min(values), max(values))
    span = max(1, hi - lo)
    rows = max(2, min(height, span + 1))
    width = step * len(columns)
    grid: list[list[str]] = [[" "] * width for _ in range(rows)]
    for seat, points in enumerate(series):
        lk = looks[seat]
        for x, v in enumerate(points):
            y = rows - 1 - round((v - lo) * (rows - 1) / span)
            col = x * step + step // 2
            cell = f"[b $seat-{lk.colour}]{escape(lk.letter)}[/]"
            if grid[y][col] != " ":
                grid[y][col - 1] = "+"
            grid[y][col] = cell
    label_w = max(len(str(lo)), len(str(hi)))
    lines = []
    for i, row in enumerate(grid):
        value = round(hi - i * span / (rows - 1))
        label = str(value) if i in (0, rows - 1, (rows - 1) // 2) or rows <= 4 else ""
        lines.append(f"[dim]{label:>{label_w}} │[/]" + "".join(row))
    lines.append(f"[dim]{'':>{label_w}} └{'─' * width}[/]")
    lines.append(" " * (label_w + 2) + axis(columns, step))
    return "\n".join(lines)


def axis(columns: Sequence[str], step: int) -> str:
    """The columns' labels under the chart: centred in their columns where
    each fits with a space to spare; else each from its column, left out
    where it would touch the one before (a review's chart names only where
    each round begins)."""
    if all(len(c) < step for c in columns):
        return "".join(escape(f"{c:^{step}}") for c in columns)
    line = ""
    for x, c in enumerate(columns):
        at = x * step + step // 2
        if c and (not line or at > len(line)):
            line += " " * (at - len(line)) + c
    return escape(line)


class ScoreChart(Static):
    """Scores over the chapters (rounds, eras), one letter per seat."""

    def plot(self, series: Sequence[Sequence[int]], looks: Sequence[SeatLook],
             columns: Sequence[str], height: int = 8, step: int = 4,
             bounds: tuple[int, int] | None = None) -> None:
        self.update(chart_markup(series, looks, columns, height, step, bounds))
