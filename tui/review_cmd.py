"""``tabula review FILE [--json] [--iterations N]``: a finished game's review
(``ai.review``) printed: each seat's win chance over the game, and the three
costliest decisions of each human seat (of every seat when none was human)
with the move the search preferred.

FILE is what ``tabula replay`` takes. A missing or bad file, or a game not
finished, exits 2 with one line. Every string from the file or the game
passes through ``saves.plain.plain``; the JSON holds the same cleaned
strings as the text.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ai.review import ITERATIONS, Choice, Costly, NotFinished, Review, review
from engine.match import Match
from saves.plain import plain

from .errors import UsageError
from .replay_cmd import load_save

TEXT_POINTS = 11
"""Columns of the text's table of chances (the JSON has ``ai.review.POINTS``)."""
MAX_ITERATIONS = 100_000


def run_review(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    iterations = args.iterations if args.iterations is not None else ITERATIONS
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise UsageError(f"--iterations must be between 1 and {MAX_ITERATIONS}")
    match = load_save(args)
    try:
        done = review(match, iterations)
    except NotFinished as e:
        raise UsageError(f"Cannot review {plain(args.file)}: {e}.") from None
    if args.json:
        print(json.dumps(document(match, done)), file=out)
    else:
        print(text(match, done), file=out)
    return 0


def who(match: Match, seat: int) -> str:
    """A seat as the text names it: "Ann (Massilia)"."""
    name = plain(match.seats[seat].name)
    label = plain(match.game.seat_label(match.state, seat))
    return f"{name} ({label})" if label and label != name else name


def reviewed_words(done: Review) -> str:
    return ("every seat (the game had no human seat)" if done.every_seat
            else "the human seats")


def decision_doc(match: Match, c: Costly) -> dict[str, Any]:
    """One costly decision: where, its one-step cost, and the two moves
    (the search's chance of each; None where it never tried the move)."""
    def choice(ch: Choice) -> dict[str, Any]:
        return {"action": match.game.encode_action(ch.action), "text": plain(ch.text),
                "chance": rounded(ch.chance)}

    return {"step": c.step, "progress": plain(c.progress), "cost": rounded(c.cost),
            "best_one_step": rounded(c.best), "after_one_step": rounded(c.after),
            "agreed": c.agreed,
            "played": choice(c.played), "preferred": choice(c.preferred)}


def document(match: Match, done: Review) -> dict[str, Any]:
    """The JSON review: the steps charted, then per seat its chance at each
    of them and its costliest decisions (chances are 0..1)."""
    steps = done.sampled()
    seats = []
    for sr in done.seats:
        seat = match.seats[sr.seat]
        seats.append({
            "seat": sr.seat, "name": plain(seat.name), "kind": plain(seat.kind),
            "label": plain(match.game.seat_label(match.state, sr.seat)),
            "chances": [rounded(sr.chances[i]) for i in steps], "reviewed": sr.reviewed,
            "decisions": sr.decisions,
            "costliest": [decision_doc(match, c) for c in sr.costliest] if sr.reviewed else [],
        })
    return {"game": match.game_id, "seed": match.seed, "actions": done.steps,
            "evaluation": done.evaluation, "iterations": done.iterations,
            "reviewed": "every seat" if done.every_seat else "human seats",
            "steps": steps, "seats": seats}


def rounded(x: float | None) -> float | None:
    """A chance to 4 places: the JSON's figures, readable and stable."""
    return None if x is None else round(x, 4)


def percent(x: float | None) -> str:
    return "—" if x is None else f"{round(100 * x)}%"


def text(match: Match, done: Review) -> str:
    """The review as text: a table of chances, then each seat's decisions."""
    lines = [f"Review of {match.game.title} (seed {match.seed}), {done.steps} actions: "
             f"win chances from the {done.evaluation} evaluation; the search's "
             f"{done.iterations} iterations name the moves it preferred.",
             f"Reviewed: {reviewed_words(done)}.",
             "A decision's cost is hindsight: one move on with nothing hidden, the best "
             "chance a move could reach, less the move played's. The deeper search's "
             "chances (search:) are on what the seat knew then, so it may choose the "
             "move played even where hindsight gives it a cost.", "",
             "Win chance by step"]
    steps = done.sampled(TEXT_POINTS)
    names = [who(match, sr.seat) for sr in done.seats]
    name_w = max(len(n) for n in names)
    width = max(5, len(str(done.steps)) + 1)  # " 100%"
    lines.append(f"{'step':<{name_w}} " + "".join(f"{i:>{width}}" for i in steps))
    for name, sr in zip(names, done.seats, strict=True):
        lines.append(f"{name:<{name_w}} "
                     + "".join(f"{percent(sr.chances[i]):>{width}}" for i in steps))
    for name, sr in zip(names, done.seats, strict=True):
        if sr.reviewed:
            lines += ["", *seat_text(name, sr.costliest, sr.decisions)]
    return "\n".join(lines)


def seat_text(name: str, costliest: tuple[Costly, ...], decisions: int) -> list[str]:
    """One seat's costliest decisions, each with the search's preference."""
    many = "decision" if decisions == 1 else "decisions"
    if not costliest:
        return [f"{name}: {decisions} {many}, none to review."]
    lines = [f"{name}: the {len(costliest)} costliest of {decisions} {many}"]
    for k, c in enumerate(costliest, 1):
        lines.append(f" {k}. step {c.step}, {plain(c.progress)} — hindsight cost "
                     f"{percent(c.cost)} (best {percent(c.best)}, played {percent(c.after)})")
        lines.append(f"    search: played     {percent(c.played.chance):>4}  "
                     f"{plain(c.played.text)}")
        if c.agreed:
            lines.append("            chose this move too (on what was known; the cost is "
                         "hindsight)")
        else:
            lines.append(f"            preferred  {percent(c.preferred.chance):>4}  "
                         f"{plain(c.preferred.text)}")
    return lines
