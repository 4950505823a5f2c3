"""Save names a player types, checked so that a name is always one plain
file inside the save folder on every platform (Linux, macOS, Windows)."""

from __future__ import annotations

from .errors import SaveError
from .plain import has_control

MAX_NAME_LEN = 64
_FORBIDDEN = set('/\\:*?"<>|')  # separators, and what Windows refuses (':' marks autosaves)
_WINDOWS_DEVICES = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                    *(f"lpt{i}" for i in range(10))}


def check_name(name: object) -> str:
    """``name`` if it is a valid save name, else SaveError with the reason."""
    if not isinstance(name, str):
        raise SaveError(f"A save name is text, not {type(name).__name__}.")
    reason = _problem(name)
    if reason:
        shown = repr(name) if len(name) <= 80 else repr(name[:77]) + "..."
        raise SaveError(f"The save name {shown} is not allowed: {reason}.")
    return name


def _problem(name: str) -> str | None:
    if not name:
        return "it is empty"
    if len(name) > MAX_NAME_LEN:
        return f"it is {len(name)} characters long; the most is {MAX_NAME_LEN}"
    if has_control(name):  # what a listing could not show as it is
        return "it contains a control character, or one that cannot be shown"
    bad = sorted({c for c in name if c in _FORBIDDEN})
    if bad:
        return "it contains " + " and ".join(repr(c) for c in bad) + ", which a file name cannot"
    if name.startswith("."):
        return "it starts with '.'"
    if name != name.strip() or name.endswith("."):
        return "it starts or ends with a space, or ends with '.'"
    if name.split(".")[0].lower() in _WINDOWS_DEVICES:
        return "it is a device name on Windows"
    return None
