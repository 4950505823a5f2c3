"""How quick the terminal table feels.

    .venv/bin/python bench/tui.py [--json] [--runs N] [--rounds N]

``startup_s``: from launching a fresh Python process to the first frame of
the title screen (median of ``--runs`` launches; headless, empty save folder).
``key_ms_while_bot_thinks``: while an ISMCTS bot thinks in its worker thread,
how long a key press takes from arriving to its result being drawn: the
median over opening and closing the help, moving through the hand and
scrolling the log, ten rounds of each (the text output gives each kind).
Targets (issue 5): startup ≤ 1 s, key ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHILD = """
import sys, time
t0 = float(sys.argv[1])
import tui.cli  # what the `tabula` script imports first
from pathlib import Path
from tui import app as tui_app
from tui.app import TabulaApp

class FirstFrame(TabulaApp):
    CSS_PATH = [str(Path(tui_app.__file__).parent / p) for p in TabulaApp.CSS_PATH]

    def on_ready(self):  # sent once the first frame is on screen
        print(time.time() - t0, flush=True)
        self.exit()

FirstFrame().run(headless=True, size=(80, 24))
"""


def startup(runs: int) -> float:
    times = []
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, TABULA_HOME=home)
        for _ in range(runs):
            t0 = time.time()
            out = subprocess.run([sys.executable, "-c", CHILD, repr(t0)], env=env, cwd=ROOT,
                                 capture_output=True, text=True, check=True).stdout
            times.append(float(out.strip().splitlines()[-1]))
    return statistics.median(times)


async def keys_while_thinking(rounds: int) -> tuple[dict[str, float], str]:
    """Median milliseconds per kind of key, pressed while a bot thinks:
    opening and closing the help (a screen switch), browsing the hand, and
    scrolling the log."""
    from textual import events
    from textual.worker import WorkerCancelled

    from ai.players import kinds
    from engine.match import Match, Seat
    from tui.app import Settings, Start, TabulaApp
    from tui.screens.dialogs import HelpScreen
    from tui.screens.game import GameScreen
    from tui.widgets.game_log import GameLog

    kind = "mcts" if "mcts" in kinds() else "rules"
    # A mid-game position (seeded random moves) with the bot to move and a
    # few cards in the human's hand; the bot's long budget outlasts the keys.
    match = Match("provincia", (Seat("You"), Seat("Bot", kind, "hard")), 1)
    rng = random.Random(1)
    while not (match.to_move() == 1 and match.state.round >= 2
               and len(match.state.players[0].hand) >= 3):
        match.play(rng.choice(match.game.legal(match.view(match.to_move()))))
    settings = Settings(bot_seconds=120.0, cursor_blink=False)
    app = TabulaApp(Start("game", match), settings)
    samples: dict[str, list[float]] = {"help": [], "hand": [], "log": []}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen)
        hand = game.query_one("#hand-cards")
        log = game.query_one(GameLog)

        async def press(what: str, key: str, char: str | None, done) -> None:
            assert not game.settled.is_set(), "the bot stopped thinking"
            t = time.perf_counter()
            app._driver.send_message(events.Key(key, char))  # as from the terminal
            while not done():
                await asyncio.sleep(0.0005)
                if time.perf_counter() - t > 5:
                    raise RuntimeError(f"{key} had no visible effect")
            await pilot._wait_for_screen()  # and everything it caused is drawn
            samples[what].append((time.perf_counter() - t) * 1000)

        for _ in range(rounds):
            await press("help", "question_mark", "?", lambda: isinstance(app.screen, HelpScreen))
            await press("help", "escape", None, lambda: app.screen is game)
            hand.focus()
            await pilot.pause()
            for key in ("down", "up"):
                before = hand.highlighted
                await press("hand", key, None, lambda b=before: hand.highlighted != b)
            log.focus()
            await pilot.pause()
            for key in ("pageup", "pagedown"):
                before = log.scroll_target_y
                await press("log", key, None, lambda b=before: log.scroll_target_y != b)
            game.query_one("#action-filter").focus()
            await pilot.pause()
        game.stop_thinking()
        with contextlib.suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
    medians = {k: statistics.median(v) for k, v in samples.items()}
    medians["all"] = statistics.median([x for v in samples.values() for x in v])
    return medians, kind


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--runs", type=int, default=7, help="launches for startup_s")
    ap.add_argument("--rounds", type=int, default=10,
                    help="rounds of six keys (help open/close, hand, log)")
    args = ap.parse_args()
    os.environ.setdefault("TABULA_HOME", tempfile.mkdtemp(prefix="tabula-bench-"))
    start = startup(args.runs)
    keys, kind = asyncio.run(keys_while_thinking(args.rounds))
    doc = {"startup_s": round(start, 3), "key_ms_while_bot_thinks": round(keys["all"], 1)}
    if args.json:
        print(json.dumps(doc))
    else:
        print(f"startup to first frame: {start:.3f} s (median of {args.runs}; target <= 1 s)")
        print(f"key press while a {kind} bot thinks: {keys['all']:.1f} ms "
              f"(median of {6 * args.rounds}; target <= 50 ms)")
        print("  by kind: " + ", ".join(f"{k} {v:.1f} ms" for k, v in keys.items()
                                         if k != "all"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
