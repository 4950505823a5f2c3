"""Games without a terminal UI: bots play every seat, the log and the final
scores go to stdout (as text, or as one JSON document).

Seat names may come from a save file or the command line: every string
printed (names, cities, log lines) passes through ``saves.plain.plain``, so
no escape sequence reaches the terminal, and the JSON holds the same
cleaned names as the text."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from ai.base import Budget
from ai.players import make_bot, play_bots
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
    """The JSON document of a finished game."""
    res = match.game.result(match.state)
    players = []
    for i, seat in enumerate(match.seats):
        players.append({
            "seat": i,
            "name": plain(seat.name),
            "kind": plain(seat.kind),
            "city": plain(match.game.seat_label(match.state, i)),
            "score": res.scores[i],
            "rank": res.ranks[i],
            "breakdown": res.breakdown[i],
        })
    return {
        "game": match.game_id,
        "seed": match.seed,
        "players": players,
        "winners": list(res.winners),
        "tiebreak": res.tiebreak,
        "actions": len(match.actions),
    }


def print_game(match: Match, as_json: bool, out: TextIO | None = None) -> None:
    out = out or sys.stdout
    if as_json:
        print(json.dumps(summary(match)), file=out)
        return
    print_log(match, out)
    print(file=out)
    print(scores_table(match), file=out)


def print_log(match: Match, out: TextIO) -> None:
    """The full log of ``match``, one cleaned line per event."""
    for _step, line in match.log():
        print(plain(line, LOG_LINE), file=out)


def scores_table(match: Match) -> str:
    doc = summary(match)
    cats = list(doc["players"][0]["breakdown"])
    head = f"{'rank':<5}{'seat':<22}{'score':>6}  " + " ".join(f"{c[:10]:>10}" for c in cats)
    lines = ["Final scores", head]
    for p in sorted(doc["players"], key=lambda p: (p["rank"], p["seat"])):
        who = f"{p['name']} ({p['city']})"
        cells = " ".join(f"{p['breakdown'][c]:>10}" for c in cats)
        lines.append(f"{p['rank']:<5}{who[:21]:<22}{p['score']:>6}  {cells}")
    winners = ", ".join(doc["players"][w]["name"] for w in doc["winners"])
    decided = f" (tie broken by {doc['tiebreak']})" if doc["tiebreak"] else ""
    lines.append(f"Winner: {winners}{decided}")
    return "\n".join(lines)
