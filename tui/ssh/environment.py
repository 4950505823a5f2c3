"""The environment a game runs in, and the zygote's (the part every game shares).

Nothing of the server's own environment leaks into a game but PATH: secrets
in the host's environment stay there. The zygote gets exactly the shared
part (``base_env``), so whatever it read at import time is what a fresh
``python -m tui`` with the game's environment would have read; the
per-player part (terminal, save folder) is applied in each forked game.
"""

from __future__ import annotations

import os
import re
import site
from pathlib import Path

CRASHES = "crashes"
_TERM_OK = re.compile(r"[A-Za-z0-9._+-]{1,64}")


def client_term(term_type: str) -> str:
    """The client's TERM if it is a plausible terminal name; else plain xterm."""
    return term_type if _TERM_OK.fullmatch(term_type) else "xterm"


def base_env() -> dict[str, str]:
    """What every game's environment holds, whoever plays: the zygote's environment."""
    env = {
        "PATH": os.environ.get("PATH", os.defpath),
        "LANG": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
    }
    root = _package_root()
    if root is not None:
        env["PYTHONPATH"] = root
    return env


def crash_dir(data_dir: Path) -> Path:
    """Where a served game that fails writes its traceback (never to the player)."""
    return data_dir / CRASHES


def crash_report(data_dir: Path, pid: int) -> Path | None:
    """The crash report a game with ``pid`` wrote, if any (the newest)."""
    try:
        found = sorted(crash_dir(data_dir).glob(f"crash-*-{int(pid)}.txt"))
    except OSError:
        return None
    return found[-1] if found else None


def child_env(term: str, home: Path, client_env: dict[str, str],
              crashes: Path | None = None) -> dict[str, str]:
    """A small, clean environment for one player's game.

    TERM is the client's; COLORTERM is passed on only if the client itself
    says it has true colour, so a 256-colour terminal is never sent 24-bit
    colours. ``TABULA_CRASH_DIR`` tells the game to write a traceback there
    and show the player one line instead.
    """
    env = base_env()
    env.update({"TERM": term, "HOME": str(home), "TABULA_HOME": str(home)})
    if crashes is not None:
        env["TABULA_CRASH_DIR"] = str(crashes)
    colorterm = client_env.get("COLORTERM", "")
    if colorterm in ("truecolor", "24bit"):
        env["COLORTERM"] = colorterm
    return env


def _package_root() -> str | None:
    """The folder holding ``tui`` if it is not installed in site-packages.

    Running from a checkout (``python -m tui serve``) must still let the
    game (and the zygote), started from another folder, find the package.
    """
    root = Path(__file__).resolve().parents[2]
    installed = {Path(p).resolve() for p in site.getsitepackages()}
    return None if root in installed else str(root)
