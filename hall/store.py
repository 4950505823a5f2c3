"""Tables on disk, so a restart of the server keeps them.

Layout of ``data_dir/tables`` (a private folder, 0700)::

    CODE.tabula     the table's Match (a save file: checked, atomic, with .bak)
    CODE.json       the sidecar: code, host, private, started, ended, created,
                    seat owners {key, name, home} (null for bots and free seats),
                    seats a bot plays for an absent owner, and the moves
                    bots made for people (their log says so)

Both are written after every change (tmp + os.replace, through
``saves.atomic``): encoded in the hall's loop, written in a thread.
``load_all`` reads back every table not ended and not finished; a file
that cannot be read is logged and skipped, never fatal. The sidecar is the
hall's own file, but its values are still checked on read (types, seat
count) and names cleaned: a damaged file must not break the hall.

Finished tables are also saved into every human owner's own save folder
(``save_to_homes``), where they list and replay like any finished game.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any

from saves import SaveError, Store, codec, load_match
from saves.atomic import write_atomic
from saves.errors import FormatError
from saves.files import is_sound, stamp
from saves.plain import plain
from saves.schema import MAX_FILE_BYTES
from saves.store import make_private_folder

from .messages import CODE_LEN, CODE_LETTERS, MAX_NAME, PRIVATE_CODE_LEN
from .table import Table, Who

log = logging.getLogger("tabula.hall")
_CODE = re.compile(f"[{CODE_LETTERS}]{{{CODE_LEN}}}|[{CODE_LETTERS}]{{{PRIVATE_CODE_LEN}}}")
MAX_SIDECAR = 64 * 1024


class TableStore:
    """The tables folder of one hall."""

    def __init__(self, data_dir: Path) -> None:
        self.folder = Path(data_dir) / "tables"

    def _paths(self, code: str) -> tuple[Path, Path]:
        return self.folder / f"{code}.tabula", self.folder / f"{code}.json"

    def save(self, table: Table) -> None:
        """Write the table's match and sidecar now (SaveError/OSError are the caller's)."""
        self.write(table.code, self.encode(table))

    def encode(self, table: Table) -> tuple[bytes, bytes]:
        """The bytes of the table's save and sidecar, as they are now: the
        hall encodes in its loop (the match may change right after) and
        writes them in a thread (``write``), so a slow disk never holds a
        table up. SaveError if the match cannot be saved."""
        stamp(table.match)
        try:
            data = codec.encode(table.match)
        except FormatError as e:
            raise SaveError(f"table {table.code} cannot be saved: {e}") from None
        return data, json.dumps(sidecar(table), separators=(",", ":")).encode()

    def write(self, code: str, data: tuple[bytes, bytes]) -> None:
        """Write what ``encode`` gave, atomically (any thread; OSError is the caller's)."""
        make_private_folder(self.folder)
        match_path, side_path = self._paths(code)
        write_atomic(match_path, data[0], keep=is_sound, read_limit=MAX_FILE_BYTES + 1)
        write_atomic(side_path, data[1])

    def kept(self, code: str) -> bool:
        """Is table ``code`` on disk and not ended? Read from its sidecar
        only (no replay), so a finished game's says yes too: the hall then
        does not restore it and says there is no such table."""
        if not _CODE.fullmatch(code):
            return False
        try:
            raw = self._paths(code)[1].read_bytes()[:MAX_SIDECAR + 1]
            doc = json.loads(raw) if len(raw) <= MAX_SIDECAR else None
        except (OSError, ValueError):
            return False
        return isinstance(doc, dict) and doc.get("code") == code and not doc.get("ended")

    def load_all(self) -> list[Table]:
        """Every table to carry on: not ended, not finished, readable."""
        if not self.folder.is_dir():
            return []
        out = []
        for side in sorted(self.folder.glob("*.json")):
            code = side.stem
            if not _CODE.fullmatch(code):
                continue
            try:
                table = self._load(code)
            except (SaveError, OSError, ValueError, KeyError, TypeError) as e:
                log.warning("table %s not restored: %s", code, plain(str(e), 200))
                continue
            if table is not None:
                out.append(table)
        return out

    def _load(self, code: str) -> Table | None:
        match_path, side_path = self._paths(code)
        raw = side_path.read_bytes()[:MAX_SIDECAR + 1]
        if len(raw) > MAX_SIDECAR:
            raise ValueError("sidecar too large")
        doc = json.loads(raw)
        if not isinstance(doc, dict) or doc.get("code") != code:
            raise ValueError("sidecar does not name its table")
        if doc.get("ended"):
            return None
        match = load_match(match_path)
        if match.is_over():
            return None
        owners = doc["owners"]
        if not isinstance(owners, list) or len(owners) != match.players:
            raise ValueError("sidecar's seats do not match the game")
        playing = {int(s) for s in doc.get("bot_playing", [])
                   if isinstance(s, int) and 0 <= s < match.players}
        moved = {i: s for i, s in (p for p in doc.get("bot_moved", [])
                                   if isinstance(p, list) and len(p) == 2)
                 if isinstance(i, int) and isinstance(s, int) and 0 <= s < match.players
                 and 0 <= i < len(match.actions)}
        return Table(code=code, match=match, host=_who(doc["host"]),
                     private=bool(doc.get("private")), started=bool(doc.get("started")),
                     created=float(doc.get("created", 0.0)),
                     owners=[None if o is None else _who(o) for o in owners],
                     bot_playing=playing, bot_moved=moved)


def sidecar(table: Table) -> dict[str, Any]:
    return {"code": table.code, "host": _doc(table.host), "private": table.private,
            "started": table.started, "ended": table.ended, "created": table.created,
            "owners": [None if o is None else _doc(o) for o in table.owners],
            "bot_playing": sorted(table.bot_playing),
            "bot_moved": sorted(table.bot_moved.items())}


def _doc(who: Who) -> dict[str, Any]:
    """A seat owner on disk (a guest's come-back code never is: only its hash, the key)."""
    return {"key": who.key, "name": who.name, "home": None if who.home is None else str(who.home),
            "address": who.address}


def _who(doc: Any) -> Who:
    if not isinstance(doc, dict) or not isinstance(doc.get("key"), str):
        raise ValueError("a seat owner needs a key")
    home, address = doc.get("home"), doc.get("address")
    return Who(key=doc["key"][:200], name=plain(doc.get("name", ""), MAX_NAME),
               home=Path(home) if isinstance(home, str) and home else None,
               address=address[:64] if isinstance(address, str) else None)


def save_to_homes(table: Table) -> list[Path]:
    """Save the table's game into each human owner's own save folder (a
    guest's home goes with them when they leave: its save folder, inside
    it, is not made again)."""
    done = []
    homes = {o.home for o in table.owners if o is not None and o.home is not None
             and (not o.guest or o.home.parent.is_dir())}
    for home in sorted(homes):
        try:
            done.append(Store(root=home).save(table.match,
                                              f"table {table.code} {table.game.id}"))
        except (SaveError, OSError) as e:
            log.warning("table %s: could not save into %s: %s", table.code,
                        plain(str(home), 100), plain(str(e), 200))
    return done
