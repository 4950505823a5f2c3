"""One table's bots while another person's tables search hard.

A Hall in this process with its real bot pool (two niced worker processes,
each strength's own budget). The victim: a Provincia table of one scripted
human (random legal moves, answered at once) and three ``mcts`` (normal)
bots; the figure is how long each of its bot moves takes, from the state
where a bot is to move to the next state. Three runs:

- ``quiet``: the victim alone;
- ``left``: a guest made three tables of six ``mcts:hard`` bots first and
  went away (issue 26: the tables kept searching);
- ``watching``: the same guest stays, watching them (three connections).

Prints the median and the p90 of the victim's bot moves per run, and how many
moves the attacker's tables made meanwhile (``--json``: one object). Runs
against older code too (it names only what the hall had before), so a
before/after pair is two checkouts of the same command.

    nice .venv/bin/python bench/hall_fair.py [--moves 12] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hall.client import HallClient  # noqa: E402
from hall.hall import Hall, HallConfig, Who  # noqa: E402
from tests.hall_helpers import Player  # noqa: E402

HARD = {"kind": "mcts", "strength": "hard"}


def who(name: str, address: str) -> Who:
    """A guest from ``address`` (older halls had no address: then by name)."""
    try:
        return Who(f"guest:{name}", name, None, address=address)  # type: ignore[call-arg]
    except TypeError:
        return Who(f"guest:{name}", name, None)


def connect(hall: Hall, name: str, address: str) -> HallClient:
    ours, theirs = socket.socketpair()
    hall.attach(ours, who(name, address))
    return HallClient.from_socket(theirs)


async def joined(client: HallClient) -> dict:
    return await client.recv_until("joined")


async def attack(hall: Hall, stay: bool) -> tuple[list[str], list[HallClient]]:
    """Three tables of six hard bots, made by one guest from three
    connections (one per table, each watching its own), who leave unless
    ``stay``; the codes, and the connections still open."""
    codes, open_ = [], []
    for i in range(3):
        guest = connect(hall, f"mallory{i}", "203.0.113.66")
        await guest.send({"t": "create", "game": "provincia", "seats": [HARD] * 6})
        codes.append((await joined(guest))["table"]["code"])  # (a table of bots: watching)
        if stay:
            open_.append(guest)
        else:
            guest.close()
    return codes, open_


async def victim(hall: Hall, moves: int) -> list[float]:
    """Seconds each of the victim's bot moves took, ``moves`` of them."""
    anna = connect(hall, "anna", "198.51.100.7")
    await anna.send({"t": "create", "game": "provincia",
                     "seats": [{"kind": "human"}] + [{"kind": "mcts"}] * 3})
    await joined(anna)
    player = Player(anna, seed=1)
    task = asyncio.ensure_future(player.play())
    took: list[float] = []
    since: tuple[int, float] | None = None
    try:
        while len(took) < moves:
            msg = await asyncio.wait_for(player.inbox.get(), 300)
            if msg["t"] != "state" or msg["result"] is not None:
                if msg["t"] == "state":
                    break
                continue
            now = time.perf_counter()
            if since is not None and msg["step"] > since[0]:
                took.append(now - since[1])
                since = None
            if since is None and msg["to_move"] not in (None, 0):
                since = (msg["step"], now)
    finally:
        task.cancel()
        anna.close()
    return took


async def one_run(kind: str, moves: int) -> dict:
    with tempfile.TemporaryDirectory() as data:
        hall = Hall(HallConfig(data_dir=Path(data), seat_grace=600))
        await hall.start()
        try:
            codes, _open = ([], []) if kind == "quiet" else \
                await attack(hall, stay=kind == "watching")
            steps = {c: hall.tables[c].step for c in codes}
            took = await victim(hall, moves)
            theirs = sum(hall.tables[c].step - steps[c] for c in codes if c in hall.tables)
        finally:
            await hall.stop()
    took.sort()
    return {"run": kind, "moves": len(took), "median_s": round(statistics.median(took), 2),
            "p90_s": round(took[int(0.9 * (len(took) - 1))], 2),
            "attacker_moves_meanwhile": theirs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=12, help="victim bot moves per run")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [asyncio.run(one_run(kind, args.moves)) for kind in ("quiet", "left", "watching")]
    if args.json:
        print(json.dumps(rows))
    else:
        for r in rows:
            print(f"{r['run']:9} {r['moves']:3} bot moves: median {r['median_s']:.2f} s, "
                  f"p90 {r['p90_s']:.2f} s; attacker's tables moved "
                  f"{r['attacker_moves_meanwhile']} times")
    return 0


if __name__ == "__main__":
    sys.exit(main())
