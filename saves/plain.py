"""Untrusted text made safe to show: no control characters, bounded length.

Every string that came from a person or a file (seat names, save titles,
progress lines, file names, user names) passes through ``plain`` before it
reaches a screen, a terminal or a log: an escape sequence in a save must not
retitle the player's terminal or clear it, and a bidi override must not make
one name look like another. Markup is a separate matter: the TUI renders
these strings as plain ``Text``/``Content``, never as markup.
"""

from __future__ import annotations

import unicodedata

MAX_SHOWN = 200  # characters of one untrusted string that are ever shown

# Cc: C0/C1 controls, DEL, ESC. Cf: format characters, which include the
# bidi overrides and isolates (U+202A-U+202E, U+2066-U+2069). Zl/Zp: line and
# paragraph separators, which would break a one-line field.
_DROPPED = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"))


def is_unsafe(ch: str) -> bool:
    """True for a character that must never reach a terminal from untrusted text."""
    return unicodedata.category(ch) in _DROPPED


def has_control(text: str) -> bool:
    """Does ``text`` hold a character ``plain`` would remove?"""
    return any(is_unsafe(c) for c in text)


def plain(text: object, limit: int = MAX_SHOWN, mark: str = "") -> str:
    """``text`` as a single safe line: controls removed (tabs and newlines become
    spaces), at most ``limit`` characters (cut with "…").

    With ``mark`` (e.g. "?"), every unsafe character, tabs and newlines
    included, becomes ``mark`` instead: for a file name, so that the cleaned
    name of a hostile file can never equal the name of another, real one.
    """
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    if len(text) > 4 * limit:  # never walk a huge string character by character
        text = text[: 4 * limit]
    if mark:
        out = "".join(mark if is_unsafe(c) else c for c in text)
    else:
        out = "".join(" " if c in "\t\n\r" else c for c in text
                      if c in "\t\n\r" or not is_unsafe(c))
    if len(out) > limit:
        out = out[: max(limit - 1, 0)] + "…"
    return out
