"""The end of a game: the outcome, ranks, the score by category, the
tie-break used and everyone's score over the game's chapters.

Every kind of ending reads from ``Result``: one winner, a shared victory,
nobody (everyone lost to the game), and opponents that are not seats (The
Enemy) as rows of their own. The game words the outcome and names the
score's unit and categories; this screen only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.core import Result, ScoreHistory
from engine.match import Match
from saves.plain import plain
from tui.widgets.chart import ScoreChart, crowd
from tui.widgets.keybar import KeyBar
from tui.widgets.seats import SEAT_COLOURS, SeatLook
from tui.widgets.untrusted import markup

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


class Ending(NamedTuple):
    """What the game-over screen shows: the result, the scores over the
    game's chapters and the chapters' word ("round", "era"). A local game
    reads it from its ``Match`` (``ending_of``); a shared table from the
    hall's "result" message, which carries the same."""

    result: Result
    history: ScoreHistory
    chapter: str


def ending_of(match: Match, result: Result | None = None) -> Ending:
    """``match``'s ending (``result``: another one, as tests hand in)."""
    game, state = match.game, match.state
    return Ending(result if result is not None else game.result(state),
                  game.score_history(state), str(game.chapter(state).kind))
CELL = 6  # of a category column
SCROLLBAR = 2  # the results box's vertical scrollbar (game_over.tcss)
TABLE_ROOM = 74  # columns the score table may take at 80 (less the dialog's frame)


def ordinal(n: int) -> str:
    return ORDINAL.get(n, f"{n}th")


def fallback_outcome(res: Result, looks: Sequence[SeatLook]) -> str:
    """The ending in words, for a game that gives no ``outcome``."""
    if res.winners:
        names = " and ".join(looks[w].label for w in res.winners)
        verb = " share the victory" if len(res.winners) > 1 else " wins"
        text = f"{names}{verb} with {res.scores[res.winners[0]]} {res.unit}"
        if res.tiebreak == "shared":
            text += " — tied on every tie-break"
        elif res.tiebreak:
            text += f" — tie on score broken by {res.tiebreak}"
        return text + "."
    if res.others:
        name, score = max(res.others, key=lambda o: o[1])
        return f"{name} wins with {score} {res.unit}."
    return "Nobody wins."


def verdict(res: Result, looks: Sequence[SeatLook]) -> Content:
    """Each winning seat's badge and player, then the outcome sentence.
    Names and the game's words go in as plain text, never as markup."""
    sentence = res.outcome or fallback_outcome(res, looks)
    winners = [markup(f"[reverse b $seat-{looks[w].colour}] $letter [/] $name",
                      letter=looks[w].letter, name=looks[w].name) for w in res.winners]
    if not winners:
        return markup("$sentence", sentence=plain(sentence))
    return Content(", ").join(winners) + markup(" — $sentence", sentence=plain(sentence))


def row_order(res: Result) -> list[tuple[str, int]]:
    """The table's rows, best first: ("seat", i) in rank order, with each
    ("other", j) opponent placed above the first seat it outscored."""
    seats = sorted(range(len(res.scores)), key=lambda i: (res.ranks[i], i))
    rows: list[tuple[str, int]] = [("seat", i) for i in seats]
    for j, (_, score) in sorted(enumerate(res.others), key=lambda o: -o[1][1]):
        at = next((k for k, (kind, i) in enumerate(rows)
                   if kind == "seat" and res.scores[i] < score), len(rows))
        rows.insert(at, ("other", j))
    return rows


def places(res: Result) -> dict[tuple[str, int], int]:
    """Each row's place: the seats' ranks, or, where the game has other
    scores (the solo's Enemy), 1 + the scores above it, theirs included (a
    player beaten by The Enemy is not "1st")."""
    if not res.others:
        return {("seat", i): r for i, r in enumerate(res.ranks)}
    every = [*res.scores, *(score for _, score in res.others)]
    rows = {("seat", i): s for i, s in enumerate(res.scores)}
    rows.update({("other", j): s for j, (_, s) in enumerate(res.others)})
    return {row: 1 + sum(x > s for x in every) for row, s in rows.items()}


def cell_widths(labels: list[str], used: int, room: int = TABLE_ROOM) -> list[int]:
    """Each category column as wide as its label ("Christ.", "Triumph")
    where the table still fits ``room`` columns beside the ``used`` ones;
    else ``CELL`` each, the labels cut."""
    whole = [max(CELL, len(label)) for label in labels]
    fits = used + sum(w + 1 for w in whole) <= room
    return whole if fits else [CELL] * len(labels)


def staggered(unit: str, labels: list[str], start: int, unit_w: int, widths: list[int]
              ) -> tuple[str, str]:
    """The table's head on two rows where its labels are wider than their
    columns (80 columns: "Military", "Religion" were cut to "Milita",
    "Religi"): every other label on the upper row, each ending where its
    column ends and reaching over the column before it, which the other
    row labels; the unit on the lower row, over the scores. ``start``: where
    the unit's column begins."""
    rows = [[" "] * (start + unit_w + 2 + sum(widths) + len(widths)) for _ in range(2)]
    rows[1][start:start + unit_w] = f"{unit[:unit_w]:>{unit_w}}"
    edges, x = [], start + unit_w + 2
    for w in widths:
        edges.append((x, x + w))
        x += w + 1
    for k, (label, (_begin, end)) in enumerate(zip(labels, edges, strict=True)):
        room = end - (edges[k - 1][0] if k else start)
        text = label[:room]
        rows[k % 2][end - len(text):end] = text
    return "".join(rows[0]).rstrip(), "".join(rows[1]).rstrip()


def score_table(res: Result, looks: Sequence[SeatLook], room: int = TABLE_ROOM) -> Content:
    """Ranks, scores and the per-category breakdown as aligned text, its
    labels whole where ``room`` columns hold them."""
    cats = res.categories()
    names = [lk.name for lk in looks] + [plain(n) for n, _ in res.others]
    name_w = max(6, *(Content(n).cell_length for n in names)) + 4  # narrow: fits 80 columns
    unit_w = max(4, len(res.unit))
    names_ = [plain(label) for _, label in cats]
    widths = cell_widths(names_, 4 + name_w + unit_w + 3, room)
    if all(len(n) <= w for n, w in zip(names_, widths, strict=True)):
        labels = " ".join(f"{n:>{w}}" for n, w in zip(names_, widths, strict=True))
        lines = [markup(f"[dim]{'':4} {'':{name_w}} $unit  $labels[/]",
                        unit=f"{plain(res.unit):>{unit_w}}", labels=labels)]
    else:  # too narrow for them in a row: on two, each whole over its column
        lines = [Content.styled(row, "dim")
                 for row in staggered(plain(res.unit), names_, name_w + 6, unit_w, widths)]
    top_other = max((s for _, s in res.others), default=None)
    place = places(res)
    for kind, i in row_order(res):
        if kind == "other":
            name, score = res.others[i]
            name = plain(name)
            pad = " " * (name_w - Content(name).cell_length - 4)
            style = "b $warning" if not res.winners and score == top_other else "b"
            rank = f"{ordinal(place[kind, i]):>4}"
            parts = res.others_breakdown[i] if i < len(res.others_breakdown) else None
            cells = "  " + " ".join(f"{parts.get(key, 0):>{w}}" for (key, _), w
                                    in zip(cats, widths, strict=True)) if parts else ""
            lines.append(markup(f"[{style}]{rank}[/]     [{style}]$name[/]{pad} "
                                f"[b]{score:>{unit_w}}[/]{cells}", name=name))
            continue
        lk = looks[i]
        pad = " " * (name_w - Content(lk.name).cell_length - 4)
        cells = " ".join(f"{res.breakdown[i].get(key, 0):>{w}}"
                         for (key, _), w in zip(cats, widths, strict=True))
        rank = f"{ordinal(place[kind, i]):>4}"
        rank = f"[b $warning]{rank}[/]" if i in res.winners else rank
        lines.append(markup(f"{rank} [reverse b $seat-{lk.colour}] $letter [/] $name{pad} "
                            f"[b]{res.scores[i]:>{unit_w}}[/]  {cells}",
                            letter=lk.letter, name=lk.name))
    return Content("\n").join(lines)


def chart_series(history: ScoreHistory, res: Result) -> tuple[list[str], list[list[int]]]:
    """The chart's columns (each chapter's label, then "end") and each
    seat's score in them (the end is the final score)."""
    columns = [*history.labels, "end"]
    series = [[row[p] for row in history.rows] + [res.scores[p]]
              for p in range(len(res.scores))]
    if history.others and len(history.others) == len(history.rows):  # the solo's Enemy
        series += [[row[j] for row in history.others] + [score]
                   for j, (_, score) in enumerate(res.others)
                   if all(len(row) > j for row in history.others)]
    return columns, series


def chart_looks(looks: Sequence[SeatLook], res: Result, lines: int) -> list[SeatLook]:
    """The seats' looks, then one for each of ``res.others`` the chart has
    a line for (``lines`` in all): its name's last word's initial, in a
    colour no seat has ("E" for The Enemy)."""
    out = list(looks)
    free = [c for c in SEAT_COLOURS if c not in {lk.colour for lk in looks}]
    for j, (name, _) in enumerate(res.others[:max(0, lines - len(looks))]):
        word = (plain(name).split() or ["?"])[-1]
        out.append(SeatLook(-1 - j, plain(name), plain(name), free[j % len(free)] if free
                            else "purple", word[0].upper(), "other"))
    return out


def number_widths(series: list[list[int]], columns: list[str], tight: bool) -> list[int]:
    """Each column of the chart's numbers: 4 wide, or (``tight``) as wide
    as its label or its widest number and a space."""
    if not tight:
        return [4] * len(columns)
    return [1 + max([len(plain(c)), *(len(str(s[x])) for s in series if x < len(s))])
            for x, c in enumerate(columns)]


def score_rows(series: list[list[int]], looks: Sequence[SeatLook],
               columns: list[str], widths: list[int] | None = None) -> Content:
    """The chart's numbers, one row per seat (``widths``: each column's,
    else 4)."""
    widths = widths or [4] * len(columns)
    head = Content.from_markup("[dim]   $cols[/]", cols="".join(
        f"{c:>{w}}" for c, w in zip(map(plain, columns), widths, strict=True)))
    rows = [head]
    for lk, values in zip(looks, series, strict=False):
        # each row's letter as the table's badge: a bare letter beside the
        # chart read as one more of its points
        rows.append(markup(f"[reverse b $seat-{lk.colour}] $letter [/]$values",
                           letter=lk.letter,
                           values="".join(f"{v:>{w}}" for v, w in zip(values, widths,
                                                                        strict=False))))
    return Content("\n").join(rows)


MAX_STEP = 8  # a chapter's columns at most: wider, the marks drift apart


def chart_layout(series: list[list[int]], columns: list[str], room: int,
                 height: int = 8) -> tuple[int, list[int] | None, bool]:
    """How the chart and its numbers share ``room`` columns: (the chart's
    step, the numbers' widths, whether the numbers go under the chart). The
    chapters spread over the room the numbers leave, each wide enough for
    every seat sharing a cell to stand side by side (a chart squeezed to the
    left had hidden seats under "+Y"); the numbers beside it, narrower at
    80 columns (they were cut at "R5 R"), else under it, whole."""
    values = [v for s in series for v in s] or [0]
    label_w = max(len(str(min(values))), len(str(max(values)))) + 2  # "84 │"
    need = crowd(series, height) + 1
    for least, tight, margin in ((4, False, 4), (3, True, 2)):
        widths = number_widths(series, columns, tight)
        free = room - label_w - margin - 3 - sum(widths)
        step = min(MAX_STEP, free // max(1, len(columns)))
        if step >= max(least, need):
            return step, widths, False
    return max(3, min(MAX_STEP, (room - label_w) // max(1, len(columns)))), None, True


class GameOverScreen(ModalScreen[str | None]):
    """Shown when the game ends. Returns "title", "replay", "review" or None
    (the board).

    ``replay``: whether r replays the game (a local one); ``review``:
    whether v opens its review (a game whose every action is here); ``leave``: what
    t is called (back to the title, or leaving a shared table), None where
    there is nothing to leave (the replay's results). Enter and esc go back
    to the board, where g opens these results again: a key pressed to see
    the board never throws them away."""

    CSS_PATH = "game_over.tcss"
    BINDINGS = [
        Binding("enter,escape,b", "choose('board')", "Back to the board · g: results again",
                key_display="Enter"),
        Binding("t", "choose('title')", "Title screen"),
        Binding("r", "choose('replay')", "Replay"),
        Binding("v", "choose('review')", "Review"),
    ]

    def __init__(self, ending: Ending, looks: tuple[SeatLook, ...], replay: bool = True,
                 leave: str | None = "Title screen", review: bool = False) -> None:
        super().__init__()
        self.ending = ending
        self.looks = looks
        self.result = ending.result
        self.replay = replay
        self.review = review
        self.leave = leave

    def shows_key(self, binding: Binding) -> bool:
        """The key bar offers the replay, the review and leaving only where
        there is one."""
        if binding.action == "choose('replay')":
            return self.replay
        if binding.action == "choose('review')":
            return self.review
        return self.leave is not None or binding.action != "choose('title')"

    def compose(self) -> ComposeResult:
        kind = self.ending.chapter
        with VerticalScroll(id="over-box"):
            yield Static("Game over", classes="title")
            yield Static(verdict(self.result, self.looks), id="verdict")
            room = max(TABLE_ROOM, self.app.size.width - 6)  # the box's border and padding
            yield Static(score_table(self.result, self.looks, room), id="scores")
            yield Static(markup("[dim]Scores over the ${kind}s[/]", kind=plain(kind)),
                         id="chart-title")
            with Horizontal(id="chart-box"):
                yield ScoreChart(id="chart")
                yield Static(id="chart-numbers")
        yield KeyBar({"choose('title')": self.leave or ""})

    def on_mount(self) -> None:
        history = self.ending.history
        columns, series = chart_series(history, self.result)
        height = 8 if self.app.size.height < 34 else 14
        # the box's border and padding, and its scrollbar where the results
        # are taller than the screen (80×24): unreserved, it cut the numbers'
        # last column ("R6 e", no end scores, 6 players)
        room = max(TABLE_ROOM, self.app.size.width - 6) - SCROLLBAR
        step, widths, under = chart_layout(series, columns, room, height)
        self.query_one("#chart-box").set_class(under, "-under")
        self.query_one("#chart-box").set_class(step < 4, "-tight")
        looks = chart_looks(self.looks, self.result, len(series))
        self.query_one(ScoreChart).plot(series, looks, columns, height, step)
        self.query_one("#chart-numbers", Static).update(
            score_rows(series, looks, columns, widths))

    def action_choose(self, what: str) -> None:
        if ((what == "replay" and not self.replay) or (what == "review" and not self.review)
                or (what == "title" and self.leave is None)):
            return
        self.dismiss(None if what == "board" else what)
