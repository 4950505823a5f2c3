"""A small chart of every seat's score over the game's chapters."""

from __future__ import annotations

from collections.abc import Sequence

from textual.markup import escape
from textual.widgets import Static

from .seats import SeatLook


def placed(series: Sequence[Sequence[int]], height: int = 8,
           bounds: tuple[int, int] | None = None
           ) -> tuple[int, int, int, dict[tuple[int, int], list[int]]]:
    """Where the chart puts each value: (its rows, bottom value, top value,
    (row, column) → the seats marked there, in order)."""
    values = [v for s in series for v in s] or [0]
    lo, hi = bounds if bounds is not None else (min(values), max(values))
    span = max(1, hi - lo)
    rows = max(2, min(height, span + 1))
    cells: dict[tuple[int, int], list[int]] = {}
    for seat, points in enumerate(series):
        for x, v in enumerate(points):
            y = rows - 1 - round((v - lo) * (rows - 1) / span)
            cells.setdefault((y, x), []).append(seat)
    return rows, lo, hi, cells


def crowd(series: Sequence[Sequence[int]], height: int = 8) -> int:
    """The most seats the chart marks in one cell (a step of one more shows
    them side by side)."""
    return max((len(seats) for seats in placed(series, height)[3].values()), default=0)


def chart_markup(series: Sequence[Sequence[int]], looks: Sequence[SeatLook],
                 columns: Sequence[str], height: int = 8, step: int = 4,
                 bounds: tuple[int, int] | None = None) -> str:
    """Rows of text: each seat's value in each column as its letter, in its
    colour. Seats sharing a cell stand side by side, centred on their
    column, where its ``step`` leaves a blank between columns (a chart had
    hidden two seats of three under "+Y"); else a ``+`` and the last one.
    ``bounds``: the values at the bottom and top (else the series' own)."""
    if not any(series):
        return ""
    rows, lo, hi, cells = placed(series, height, bounds)
    span = max(1, hi - lo)
    width = step * len(columns)
    grid: list[list[str]] = [[" "] * width for _ in range(rows)]
    for (y, x), seats in cells.items():
        marks = [f"[b $seat-{looks[i].colour}]{escape(looks[i].letter)}[/]" for i in seats]
        start = x * step + step // 2 - (len(marks) - 1) // 2
        if len(marks) > max(1, step - 1):
            marks, start = ["+", marks[-1]], max(0, x * step + step // 2 - 1)
        grid[y][start:start + len(marks)] = marks
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
