"""Shared tables under load: 20 tables of four on one ``tabula serve``.

Starts ``python -m tui serve`` on a free loopback port (fresh data dir, a
key per player), then seats ``--tables`` tables at once. At each, two
people play as scripted SSH clients that only read their screens (the
``tests.test_ssh_tables_support`` terminals): the host opens the lobby
(``ssh -t host lobby``), creates a Provincia table for four with two rules
bots, reads its code off the screen; the guest joins with ``ssh CODE@host``.
Both then play by digit keys whenever their screen says it is their turn,
after a pause for thought (``--think``, 3 s on average: a person does not
answer in a millisecond, and twenty tables of instant players would measure
a machine flat out, not a hall), until each has pressed ``--moves`` keys
(10; 0 plays every game to its end, some 230 steps).

The figure is the time from a person's key to the *other* person's screen
showing the step it made (the table's "move N" on their screen reaches
N+1): the hall checking and applying the action, autosaving the table,
sending each seat its own view, the other game process drawing it, and SSH
on both legs. Prints the median, p90 and max per run and over all runs,
and the same over the keys pressed once every table was seated ("steady":
while tables sit down, forty game processes start within ``--ramp``
seconds and the first keys wait behind them). Each run says
how late the clients' own loop woke (``bench_loop_late_ms``: median, p90):
the part of a lag that is the bench's own (its clients share the machine).
``--json`` prints {"tables", "failures", "median_ms", "p90_ms", ...}. Each run
also says where the CPU went: this bench's clients, the serve process (SSH
and the hall) and its game processes and bots.

    nice .venv/bin/python bench/tables.py [--tables 20] [--runs 3] [--think 3]
                                          [--moves 10] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncssh  # noqa: E402

from tests.test_ssh_tables_support import (  # noqa: E402
    YOUR_TURN,
    AsyncsshTerminal,
    Terminal,
    authorize,
    close_all,
    create_table,
    game_over,
    offered_count,
    step_shown,
)

SIZE = (100, 32)


async def start_server(tmp: Path, tables: int) -> tuple[subprocess.Popen[bytes], int,
                                                       dict[str, asyncssh.SSHKey]]:
    """A real ``tabula serve`` in its own process, its zygote ready; its port and the
    players' keys (two per table)."""
    names = [f"{role}{n}" for n in range(tables) for role in ("host", "guest")]
    keys, authorized = authorize(tmp, names)
    people = 2 * tables
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "serve", "--port", "0", "--data-dir", str(tmp / "data"),
         "--authorized-keys", str(authorized), "--max-sessions", str(people + 4),
         "--max-connections-per-minute", str(people * 4),
         "--max-connections-per-address", str(people + 4),
         "--max-tables", str(tables + 4), "--tables-per-key", "3"],
        stderr=subprocess.PIPE, cwd=Path(__file__).resolve().parent.parent)
    assert proc.stderr is not None
    loop = asyncio.get_running_loop()
    port = None
    while True:
        line = (await loop.run_in_executor(None, proc.stderr.readline)).decode()
        if not line:
            raise RuntimeError("the server exited before it was ready")
        found = re.search(r"port (\d+)", line)
        if found and port is None:
            port = int(found.group(1))
        if port is not None and "zygote ready" in line:
            loop.run_in_executor(None, proc.stderr.read)  # never block it on a full pipe
            return proc, port, keys


@dataclass
class Watch:
    """When each person's screen first showed each step (fed by their terminal)."""

    seen: dict[int, float] = field(default_factory=dict)  # step -> perf_counter
    shown: int = -1
    moved: asyncio.Event = field(default_factory=asyncio.Event)

    def look(self, term: Terminal) -> None:
        step = step_shown(term.text())
        if step is not None and step > self.shown:
            now = time.perf_counter()
            for s in range(self.shown + 1, step + 1):
                self.seen.setdefault(s, now)
            self.shown = step
            self.moved.set()

    async def reaches(self, step: int, timeout: float) -> float:
        """When the screen first showed ``step`` or later."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.shown < step:
            left = deadline - loop.time()
            if left <= 0:
                raise TimeoutError(f"the other screen never showed move {step}")
            self.moved.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.moved.wait(), left)
        return self.seen[step]


def watched(term: Terminal) -> Watch:
    """A Watch kept up to date by every chunk the terminal receives."""
    watch = Watch()
    feed = term.feed

    def feed_and_look(data: bytes) -> None:
        feed(data)
        watch.look(term)
    term.feed = feed_and_look  # type: ignore[method-assign]
    watch.look(term)
    return watch


@dataclass
class Pace:
    """Keys each person at a table has pressed; done once both pressed ``moves``."""

    moves: int | None
    pressed: list[int] = field(default_factory=lambda: [0, 0])
    terms: list[Terminal] = field(default_factory=list)

    def done(self) -> bool:
        return self.moves is not None and min(self.pressed) >= self.moves

    def press(self, me: int) -> None:
        self.pressed[me] += 1
        if self.done():
            for term in self.terms:
                term.poke()


async def person(me: Terminal, who: int, pace: Pace, other: Watch, rng: random.Random,
                 think: float, timeout: float, lags: list[tuple[float, float]]) -> None:
    """Play by keys whenever my screen says it is my turn, until the game is over
    (or both have pressed their keys); for each key, how long until the other
    person's screen shows its step."""
    last = -1

    def ready() -> bool:
        text = me.text()
        step = step_shown(text)
        return (pace.done() or game_over(text)
                or (YOUR_TURN in text and step is not None and step > last))
    while True:
        await me.until(ready, "my turn or the end", timeout)
        text = me.text()
        if pace.done() or game_over(text):
            return
        step = step_shown(text)
        assert step is not None
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))  # a person reads and thinks
        count = offered_count(me.text())
        pressed_at = time.perf_counter()
        me.send(str(rng.randrange(max(min(count, 9), 1)) + 1))
        last = step
        lags.append((pressed_at, await other.reaches(step + 1, timeout) - pressed_at))
        pace.press(who)


async def one_table(port: int, keys: dict[str, asyncssh.SSHKey], n: int, args: argparse.Namespace,
                    lags: list[tuple[float, float]], seated: list[float]) -> dict[str, object]:
    """Seat a table (host by the lobby, guest by its code) and play it."""
    rng = random.Random(args.seed * 1000 + n)
    await asyncio.sleep(args.ramp * n / max(args.tables, 1))
    terms: list[Terminal] = []
    try:
        host = await AsyncsshTerminal.connect(port, f"host{n}", keys[f"host{n}"], SIZE,
                                              command="lobby", name=f"host{n}")
        terms.append(host)
        code = await create_table(host, seed=args.seed * 1000 + n, timeout=args.timeout)
        guest = await AsyncsshTerminal.connect(port, code, keys[f"guest{n}"], SIZE,
                                               name=f"guest{n}")
        terms.append(guest)
        host_sees, guest_sees = watched(host), watched(guest)
        pace = Pace(args.moves, terms=[host, guest])
        started = time.perf_counter()
        seated.append(started)
        await asyncio.gather(
            person(host, 0, pace, guest_sees, rng, args.think, args.timeout, lags),
            person(guest, 1, pace, host_sees, random.Random(rng.random()), args.think,
                   args.timeout, lags))
        return {"code": code, "keys": sum(pace.pressed), "steps": max(host_sees.shown, 0),
                "seconds": time.perf_counter() - started}
    except Exception as e:  # say where each person was: their screen's last lines
        screens = " | ".join(f"{t.name}{' (ended)' if t.ended else ''}: "
                             + " / ".join(x.strip() for x in t.text().split("\n")[-3:] if x.strip())
                             for t in terms)
        raise RuntimeError(f"{type(e).__name__}: {str(e)[:200]} [{screens[:600]}]") from e
    finally:
        await close_all(terms)


def tree_cpu(pid: int) -> tuple[float, float]:
    """CPU seconds of process ``pid`` itself, and of all its descendants (those
    still running, and those it or they have reaped): the serve process is the
    SSH server and the hall; its descendants are the game processes and bots."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                text = (entry / "stat").read_text()
                stats[int(entry.name)] = text[text.rindex(")") + 2:].split()
    kids: dict[int, list[int]] = {}
    for p, f in stats.items():
        kids.setdefault(int(f[1]), []).append(p)  # f[1]: the parent's pid
    # after the command: utime stime cutime cstime are fields 11-14 (0-based)
    own = sum(int(x) for x in stats[pid][11:13]) / tick if pid in stats else 0.0
    below = sum(int(x) for x in stats[pid][13:15]) / tick if pid in stats else 0.0
    todo = list(kids.get(pid, []))
    while todo:
        p = todo.pop()
        below += sum(int(x) for x in stats[p][11:15]) / tick  # its own and its reaped
        todo += kids.get(p, [])
    return own, below


async def loop_lag(lags: list[float], every: float = 0.05) -> None:
    """How late this process's event loop wakes (its clients read every
    screen here: a late loop would add its own delay to each lag measured)."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + every
        await asyncio.sleep(every)
        lags.append(loop.time() - due)


async def run(args: argparse.Namespace) -> dict[str, object]:
    """One run: a fresh server, ``--tables`` tables at once, the figures."""
    load_before = os.getloadavg()[0]
    lags: list[tuple[float, float]] = []  # (when the key was pressed, its lag)
    seated: list[float] = []  # when each table's two people were both at it
    with tempfile.TemporaryDirectory() as tmp_name:
        server, port, keys = await start_server(Path(tmp_name), args.tables)
        try:
            cpu0, wall0 = time.process_time(), time.perf_counter()
            late: list[float] = []
            monitor = asyncio.create_task(loop_lag(late))
            results = await asyncio.gather(
                *(one_table(port, keys, n, args, lags, seated) for n in range(args.tables)),
                return_exceptions=True)
            monitor.cancel()
            clients_cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
            server_cpu, games_cpu = tree_cpu(server.pid)
        finally:
            server.terminate()
            server.wait(30)
        crashes = [f"{p.name}: {p.read_text()[-300:]}"
                   for p in sorted((Path(tmp_name) / "data" / "crashes").glob("*.txt"))]
    done = [r for r in results if isinstance(r, dict)]
    errors = [f"{type(r).__name__}: {str(r)[:300]}" for r in results if not isinstance(r, dict)]
    ms = sorted(lag * 1000 for _, lag in lags)
    # Once every table is seated: no game process is starting any more.
    everyone = max(seated) if len(seated) == args.tables else float("inf")
    steady = sorted(lag * 1000 for at, lag in lags if at >= everyone)
    return {
        "tables": args.tables,
        "failures": len(errors),
        "median_ms": round(statistics.median(ms), 1) if ms else None,
        "p90_ms": round(ms[int(0.9 * (len(ms) - 1))], 1) if ms else None,
        "max_ms": round(ms[-1], 1) if ms else None,
        "keys": len(ms),
        "steady_median_ms": round(statistics.median(steady), 1) if steady else None,
        "steady_p90_ms": round(steady[int(0.9 * (len(steady) - 1))], 1) if steady else None,
        "steady_keys": len(steady),
        "steps_per_table": round(statistics.mean(int(r["steps"]) for r in done), 1)
        if done else None,
        "table_seconds": round(statistics.median(float(r["seconds"]) for r in done), 1)
        if done else None,
        "think_s": args.think,
        "clients_cpu_s": round(clients_cpu, 1),  # this bench: the SSH clients and terminals
        "server_cpu_s": round(server_cpu, 1),  # tabula serve itself: SSH and the hall
        "games_cpu_s": round(games_cpu, 1),  # its game processes and bots
        "wall_s": round(wall, 1),
        "bench_loop_late_ms": [round(1000 * statistics.median(late), 1),
                               round(1000 * sorted(late)[int(0.9 * (len(late) - 1))], 1)]
        if late else None,  # median, p90
        "errors": errors[:3],
        "crashes": crashes[:3],  # games that failed: the end of their crash reports
        "cpus": os.cpu_count(),
        "load_before": round(load_before, 2),
        "load_after": round(os.getloadavg()[0], 2),
        "lags_ms": ms,
        "steady_lags_ms": steady,
    }


def summary(runs: list[dict[str, object]]) -> dict[str, object]:
    """All runs together: every lag pooled, failures summed, each run's median kept."""
    pooled = sorted(x for r in runs for x in r["lags_ms"])  # type: ignore[attr-defined]
    steady = sorted(x for r in runs for x in r["steady_lags_ms"])  # type: ignore[attr-defined]
    return {
        "tables": runs[0]["tables"],
        "runs": len(runs),
        "failures": sum(int(r["failures"]) for r in runs),  # type: ignore[call-overload]
        "median_ms": round(statistics.median(pooled), 1) if pooled else None,
        "p90_ms": round(pooled[int(0.9 * (len(pooled) - 1))], 1) if pooled else None,
        "max_ms": round(pooled[-1], 1) if pooled else None,
        "run_medians_ms": [r["median_ms"] for r in runs],
        "steady_median_ms": round(statistics.median(steady), 1) if steady else None,
        "steady_p90_ms": round(steady[int(0.9 * (len(steady) - 1))], 1) if steady else None,
        "steady_keys": len(steady),
        "run_p90s_ms": [r["p90_ms"] for r in runs],
        "keys": len(pooled),
        "think_s": runs[0]["think_s"],
        "errors": [e for r in runs for e in r["errors"]][:3],  # type: ignore[attr-defined]
        "cpus": os.cpu_count(),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--runs", type=int, default=3, help="fresh servers, one after another")
    ap.add_argument("--think", type=float, default=3.0, metavar="SECONDS",
                    help="a person's mean pause before a key (0.5x-1.5x of it; default 3)")
    ap.add_argument("--moves", type=int, default=10,
                    help="keys per person (default 10; 0: play each game to its end)")
    ap.add_argument("--ramp", type=float, default=5.0, metavar="SECONDS",
                    help="tables sit down over this long (default 5)")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds for any one wait")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    args.moves = args.moves or None
    runs = []
    for i in range(args.runs):
        result = asyncio.run(run(args))
        runs.append(result)
        if not args.json:
            shown = {k: v for k, v in result.items() if not k.endswith("lags_ms")}
            print(f"run {i + 1}: " + ", ".join(f"{k} {v}" for k, v in shown.items()),
                  flush=True)
    total = summary(runs)
    if args.json:
        print(json.dumps(total))
    else:
        for k, v in total.items():
            print(f"{k:>16}: {v}")
    return 0 if total["failures"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
