"""Games without a terminal UI: bots play every seat, the log and the final
scores go to stdout (as text, or as one JSON document).

Every kind of ending prints: one winner, a shared victory, nobody winning
(everyone lost to the game), and opponents that are not seats but score
(``Result.others``). The words come from the game: the outcome sentence,
the score's unit, the column label of each breakdown category, and each
seat's label (``Game.seat_label``, e.g. the city a seat plays).

Seat names may come from a save file or the command line: every string
printed (names, labels, log lines, the outcome) passes through
``saves.plain.plain``, so no escape sequence reaches the terminal, and the
JSON holds the same cleaned strings as the text."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from ai.base import Budget
from ai.players import make_bot, play_bots
from engine.core import SPECTATOR, Result
from engine.match import Match
from saves.plain import plain

LOG_LINE = 1000  # characters of one log line that are shown (real ones are far shorter)


def run_headless(match: Match, iterations: int | None = None, seconds: float | None = None,
                 explain: bool = False, out: TextIO | None = None) -> Match:
    """Play every remaining turn with the seats' bots."""
    out = out or sys.stdout
    bots = {i: make_bot(s.kind, s.strength) for i, s in enumerate(match.seats)}

    def after(m: Match, a: tuple) -> None:
        if explain:
            seat = m.game.to_move(m.states[-2])
            alts = bots[seat].explain()
            if alts:
                chose = plain(m.game.describe(m.states[-2], a), LOG_LINE)
                print(f"  [{plain(m.seats[seat].name)}] chose: {chose}", file=out)
                for alt in alts:
                    print(f"      {alt.visits:5.0%} visits  {alt.win_rate:5.0%} win  "
                          f"{plain(alt.text, LOG_LINE)}", file=out)

    play_bots(match, bots, lambda: Budget(iterations=iterations, seconds=seconds), after)
    return match


def summary(match: Match) -> dict[str, Any]:
    """The JSON document of a game: the seats, and the result once it is over
    (a game in progress has ``"finished": false`` and its ``progress``, and
    no seed: the seed is the order of the decks still to come)."""
    seats = [{"seat": i, "name": plain(seat.name), "kind": plain(seat.kind),
              "label": plain(match.game.seat_label(match.state, i))}
             for i, seat in enumerate(match.seats)]
    doc: dict[str, Any] = {"game": match.game_id}
    if match.is_over():
        doc["seed"] = match.seed
    doc["players"] = seats
    if match.is_over():
        doc.update(result_fields(match.game.result(match.state), seats))
        doc["finished"] = True
    else:
        doc.update(finished=False, progress=plain(match.game.progress(match.state)))
    doc["actions"] = len(match.actions)
    return doc


def result_fields(res: Result, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """What a Result adds to the document: each seat's score, rank and
    breakdown (into ``seats``, in place), then the ending as a whole."""
    for i, seat in enumerate(seats):
        seat.update(score=res.scores[i], rank=res.ranks[i], breakdown=dict(res.breakdown[i]))
    return {
        "winners": list(res.winners),
        "others": [other_fields(res, j) for j in range(len(res.others))],
        "tiebreak": res.tiebreak,
        "outcome": plain(outcome(res, seats), LOG_LINE),
        "unit": plain(res.unit),
        "labels": [[key, plain(label)] for key, label in res.categories()],
    }


def other_fields(res: Result, j: int) -> dict[str, Any]:
    """An opponent that is not a seat: its name, score and, where the game
    gives one, its breakdown (a solo game's opponent)."""
    name, score = res.others[j]
    doc: dict[str, Any] = {"name": plain(name), "score": score}
    if j < len(res.others_breakdown):
        doc["breakdown"] = dict(res.others_breakdown[j])
    return doc


def outcome(res: Result, seats: list[dict[str, Any]]) -> str:
    """The game's sentence for the ending; a plain one if it gave none."""
    if res.outcome:
        return res.outcome
    if not res.winners:
        return "Nobody wins."
    names = " and ".join(seats[w]["name"] for w in res.winners)
    return f"{names} {'wins' if len(res.winners) == 1 else 'share the victory'}."


def print_game(match: Match, as_json: bool, out: TextIO | None = None) -> None:
    out = out or sys.stdout
    if as_json:
        print(json.dumps(summary(match)), file=out)
        return
    print_log(match, out)
    print(file=out)
    print(scores_table(summary(match)), file=out)


def print_log(match: Match, out: TextIO) -> None:
    """The log of ``match``, one cleaned line per event: in full once it is
    over (or when no person plays it); an unfinished game's as its one human
    seat saw it, or as a spectator sees it when several people play it."""
    seat: int | None = None
    humans = match.human_seats()
    if not match.is_over() and humans:
        seat = humans[0] if len(humans) == 1 else SPECTATOR
    for _step, line in match.log_lines(seat):
        print(plain(line.text, LOG_LINE), file=out)


def scores_table(doc: dict[str, Any]) -> str:
    """The final scores of a finished game's ``summary``: a row per seat, best
    first, then any opponent that is not a seat, then who won (name and label)
    and the game's outcome sentence. Columns are as wide as their longest
    cell: no name is cut."""
    cats = doc["labels"]
    head = ["rank", "seat", doc["unit"], *(label for _key, label in cats)]
    rows = [head]
    for p in sorted(doc["players"], key=lambda p: (p["rank"], p["seat"])):
        rows.append([str(p["rank"]), who(p), str(p["score"]),
                     *(str(p["breakdown"].get(key, "")) for key, _label in cats)])
    for other in doc["others"]:
        parts = other.get("breakdown", {})
        rows.append(["", other["name"], str(other["score"]),
                     *(str(parts.get(key, "")) for key, _label in cats)])
    widths = [max(len(r[c]) for r in rows) for c in range(len(head))]
    lines = ["Final scores"]
    for r in rows:
        left = f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}"
        right = "  ".join(f"{cell:>{w}}" for cell, w in zip(r[2:], widths[2:], strict=True))
        lines.append(f"{left}  {right}".rstrip())
    players = {p["seat"]: p for p in doc["players"]}
    if doc["winners"]:  # the person as well as what they played, in full
        label = "Winner" if len(doc["winners"]) == 1 else "Winners"
        lines.append(f"{label}: " + " and ".join(who(players[w]) for w in doc["winners"]))
    lines.append(doc["outcome"])
    return "\n".join(lines)


def who(player: dict[str, Any]) -> str:
    """A seat in full: the player's name and, if the game gives one, what
    the seat plays as (``Search 3 (Narbo Martius)``)."""
    return f"{player['name']} ({player['label']})" if player["label"] else player["name"]
