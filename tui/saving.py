"""``tabula play --headless --save FILE``: write the finished game to FILE."""

from __future__ import annotations

import os

from engine.match import Match
from saves import SaveError, save_match

from .errors import UsageError


def save_finished(match: Match, path: str | os.PathLike) -> int:
    """Save ``match`` to ``path`` (a file path, not a store name); a failure
    (missing folder, no permission) exits 2 with the SaveError sentence."""
    try:
        save_match(match, path)
    except SaveError as e:
        raise UsageError(str(e)) from None
    return 0
