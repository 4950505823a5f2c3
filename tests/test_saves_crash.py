"""Crash safety: a writer process saving after every action is killed with
SIGKILL at random moments, many times; afterwards the save always loads,
at the last version the writer finished or the one it was writing, and its
backup is the version before."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from saves import Store, load_match
from saves.atomic import backup_path
from saves.files import RECOVERED

KILLS = 40
ROOT = Path(__file__).resolve().parent.parent

# Resumes the game in the folder (as a player would after a crash) and plays
# on, saving the named save and the autosave after every action and printing
# the version number once both are written.
WRITER = """
import random, sys
from engine.match import Match, Seat
from saves import SaveError, Store

store, rng = Store(sys.argv[1]), random.Random(int(sys.argv[2]))

def fresh(version):
    seats = (Seat("Ann"), Seat("Bot", "random"), Seat("Cat", "random"))
    match = Match("provincia", seats, rng.randrange(1 << 30))
    match.meta["version"] = version
    return match

try:
    match = store.load("crash")
except SaveError:
    match = fresh(0)
while True:
    if match.is_over():
        match = fresh(match.meta["version"])
    match.play(rng.choice(match.game.legal(match.state)))
    match.meta["version"] += 1
    store.save(match, "crash")
    store.autosave(match)
    print(match.meta["version"], flush=True)
"""


def test_killed_writers_never_lose_the_save(tmp_path: Path) -> None:
    rng = random.Random(7)
    store = Store(tmp_path)
    main = store.path_of("crash")
    for k in range(KILLS):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(k)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
        try:
            for _ in range(rng.randint(1, 6)):
                line = proc.stdout.readline()
                assert line, proc.stderr.read().decode()
            # The kill lands at a random point of the next save (each save
            # takes a few milliseconds): this is the moment of the crash,
            # not a wait for anything.
            time.sleep(rng.uniform(0, 0.012))
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        assert proc.returncode == -signal.SIGKILL
        printed = (line + proc.stdout.read()).split()
        proc.stdout.close()
        proc.stderr.close()
        last = int(printed[-1])

        match = load_match(main)
        assert RECOVERED not in match.meta  # the main file itself was whole
        version = match.meta["version"]
        assert version in (last, last + 1)
        if version > 1:
            before = load_match(backup_path(main)).meta["version"]
            assert before in (version - 1, version)  # killed between the two renames: same
        auto = store.root / "autosave" / f"{match.meta['id']}.tabula"
        if auto.exists():
            assert load_match(auto).meta["version"] in (version - 1, version)
        else:  # killed between the first named save of a new game and its autosave
            assert len(match.actions) == 1
    assert all(info.error is None for info in store.list())
    # Evidence that kills landed inside writes: their temporary files remain.
    interrupted = list(tmp_path.glob(".*.tmp")) + list(tmp_path.glob("autosave/.*.tmp"))
    assert len(interrupted) >= KILLS // 4
