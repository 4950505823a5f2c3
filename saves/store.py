"""The save folder: named saves, one autosave slot per game, listing, deleting.

Layout of the folder::

    <folder>/<name>.tabula              a named save
    <folder>/<name>.tabula.bak          its previous version
    <folder>/autosave/<id>.tabula       the autosave of the match with that id
    <folder>/autosave/<id>.tabula.bak

The folder is ``Store(root)`` when given (``--save-dir``, or the SSH
server's per-player folder); otherwise ``$TABULA_HOME/saves``, otherwise
``saves`` in the platform's user data folder for "tabula". It is created
on the first save. Autosaves are named ``auto:<id>`` in listings and may be
loaded or deleted by that name (':' can never occur in a save name).

Branches: a game is written to its autosave slot after every move, so two
games with one id would overwrite each other's slot. A named save carries
the id of the game it was saved from, and that game may have gone on (even
to its end) in its own autosave. So ``Store.load`` gives every save that is
not this folder's autosave of its own game (a named save, a file from
elsewhere) a fresh id, noting the save's id as ``meta["branch_of"]``:
playing on from it starts a new branch with its own autosave, and nothing
the player did not delete ever disappears. Loading an unfinished autosave
from its own slot (Continue, or an autosave picked in Load) keeps its id: it
is the same branch, played on in the same slot. A finished game's autosave
branches too: an undo played on from it must not replace the finished game.

The folders Tabula creates (the save folder, any missing parents, autosave/)
are private to the player: mode 0o700, whatever the umask. Saves are only
ever written into real folders: an ``autosave`` that is a symbolic link is
refused rather than followed out of the save folder.

Everything a listing hands out that came from a file (names, title,
players, progress, error text) is passed through ``plain``: a listing of a
hostile folder prints no escape sequence, and one bad file is one bad row.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from engine.match import Match

from .atomic import backup_path, fsync_dir, sweep_temp
from .errors import MAX_MESSAGE, SaveError
from .files import load_header, load_match, new_id, save_match, stamp
from .names import check_name
from .plain import has_control, plain
from .schema import MAX_TIME

log = logging.getLogger("tabula.saves")

SUFFIX = ".tabula"
AUTOSAVE_DIR = "autosave"
AUTO_PREFIX = "auto:"
BRANCH_OF = "branch_of"  # match.meta key: the id of the save a branch was loaded from
FOLDER_MODE = 0o700


def folder_in(home: Path) -> Path:
    """The save folder of a Tabula home (``$TABULA_HOME``): what Load lists.
    A served player's home is theirs; the hall saves a finished table here."""
    return home / "saves"


def default_folder() -> Path:
    """``$TABULA_HOME/saves``, else the platform's user data folder's ``saves``."""
    home = os.environ.get("TABULA_HOME")
    if home:
        return folder_in(Path(home).expanduser())
    import platformdirs  # only when needed: it is not free to import

    return Path(platformdirs.user_data_dir("tabula", appauthor=False)) / "saves"


@dataclass(frozen=True)
class SaveInfo:
    """One line of a listing, read from a file's header (no replay)."""

    name: str  # what to pass to Store.load / Store.delete
    path: Path
    game: str
    title: str
    players: list[str]
    progress: str
    updated: float  # epoch seconds
    finished: bool
    autosave: bool
    id: str = ""
    created: float = 0.0
    from_backup: bool = False  # the file is damaged; its backup was read
    error: str | None = None  # neither file nor backup is readable: why
    seat_kinds: list[str] = field(default_factory=list)


class Store:
    """A save folder. All methods raise SaveError with a sentence on failure."""

    def __init__(self, root: str | os.PathLike | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.root = Path(root).expanduser() if root else default_folder()
        self.clock = clock

    # ------------------------------------------------------------ writing
    def save(self, match: Match, name: str) -> Path:
        """Save ``match`` under ``name`` (replacing a save of that name)."""
        return self._write(match, self.path_of(name))

    def autosave(self, match: Match) -> Path:
        """Save ``match`` into its own autosave slot (by ``match.meta["id"]``)."""
        stamp(match, self.clock())
        return self._write(match, self.root / AUTOSAVE_DIR / f"{match.meta['id']}{SUFFIX}")

    def autosave_listener(self, on_error: Callable[[SaveError], object] | None = None
                          ) -> Callable[[Match], None]:
        """A ``Match.listeners`` callback autosaving after every change; a
        failure goes to ``on_error`` (raised if None) so a full disk need not
        end the game."""
        def listener(match: Match) -> None:
            try:
                self.autosave(match)
            except SaveError as e:
                if on_error is None:
                    raise
                on_error(e)
        return listener

    def _write(self, match: Match, path: Path) -> Path:
        try:
            make_private_folder(path.parent)
        except OSError as e:
            raise SaveError(f"Cannot create the save folder {path.parent}: "
                            f"{e.strerror or e}.") from None
        if path.parent != self.root and path.parent.is_symlink():
            raise SaveError(f"Cannot save to {path}: the folder {path.parent} is a symbolic "
                            "link, and Tabula writes saves only into a real folder.")
        return save_match(match, path, now=self.clock())

    # ------------------------------------------------------------ reading
    def load(self, name_or_path: str | os.PathLike) -> Match:
        """A save by name (``auto:<id>`` for an autosave) or by file path.

        Anything but this folder's autosave of its own unfinished game comes
        back as a new branch (a fresh id, ``meta["branch_of"]`` = the save's
        id), so its autosaves never overwrite another save (module docstring)."""
        path = self._resolve(name_or_path)
        match = load_match(path)
        if match.is_over() or not self.is_own_slot(path, match):
            self.branch(match)
        return match

    def is_own_slot(self, path: Path, match: Match) -> bool:
        """Whether ``path`` is the autosave slot in this folder that ``match``
        (loaded from it) autosaves to: playing on keeps writing there."""
        slot = self.root / AUTOSAVE_DIR / f"{match.meta.get('id')}{SUFFIX}"
        if path == slot:
            return True
        try:
            return path.resolve() == slot.resolve()
        except (OSError, RuntimeError):  # a name the system refuses, a link loop
            return False

    def has_autosave(self, match: Match) -> bool:
        """Is ``match`` in its autosave slot (Continue would find it)?"""
        return self._slot_taken(str(match.meta.get("id")))

    def branch(self, match: Match) -> None:
        """Give a loaded ``match`` an id of its own, one whose autosave slot
        is free, remembering the id it had as ``meta["branch_of"]``."""
        parent = match.meta.get("id")
        ident = new_id()
        while self._slot_taken(ident):
            ident = new_id()
        match.meta["id"] = ident
        if parent:
            match.meta[BRANCH_OF] = parent

    def list(self) -> list[SaveInfo]:
        """Every save in the folder, most recently played first; a file that
        cannot be read is a row with its ``error``, never a failed listing."""
        out = [self._info(p, auto=False) for p in self._files(self.root)]
        out += [self._info(p, auto=True) for p in self._files(self.root / AUTOSAVE_DIR)]
        out.sort(key=lambda i: (-i.updated, i.name))
        return out

    def latest_autosave(self) -> SaveInfo | None:
        """The most recently played unfinished game (for "Continue")."""
        for info in self.list():
            if info.autosave and not info.finished and info.error is None:
                return info
        return None

    def delete(self, name: str) -> None:
        """Remove a save (by name, or ``auto:<id>``) and its backup."""
        path = self._named(name)
        removed = False
        for p in (path, backup_path(path)):
            try:
                p.unlink()
                removed = True
            except FileNotFoundError:
                pass
            except OSError as e:
                raise SaveError(f"Cannot delete {p}: {e.strerror or e}.") from None
        if not removed:
            raise SaveError(f"There is no save named {name!r} in {self.root}.")
        fsync_dir(path.parent)

    # ------------------------------------------------------------ paths
    def _slot_taken(self, ident: str) -> bool:
        slot = self.root / AUTOSAVE_DIR / f"{ident}{SUFFIX}"
        return _exists(slot) or _exists(backup_path(slot))

    def path_of(self, name: str) -> Path:
        """The file of a named save; SaveError for a name that is not allowed."""
        if isinstance(name, str) and name.endswith(SUFFIX) and len(name) > len(SUFFIX):
            name = name[: -len(SUFFIX)]
        return self.root / f"{check_name(name)}{SUFFIX}"

    def _named(self, name: str) -> Path:
        if isinstance(name, str) and name.startswith(AUTO_PREFIX):
            ident = name[len(AUTO_PREFIX):]
            if not ident or not all(c.isalnum() or c in "-_" for c in ident) \
                    or not ident.isascii():
                raise SaveError(f"{name!r} is not an autosave name (auto: and an id).")
            return self.root / AUTOSAVE_DIR / f"{ident}{SUFFIX}"
        return self.path_of(name)

    def _resolve(self, name_or_path: str | os.PathLike) -> Path:
        """A path as given; a bare name is a save in the folder first, else a
        file of that name in the current folder (``tabula load game.tabula``)."""
        if isinstance(name_or_path, os.PathLike):
            return Path(name_or_path)
        text = str(name_or_path)
        if os.sep in text or "/" in text or (os.altsep and os.altsep in text):
            return Path(text)
        try:
            path = self._named(text)
        except SaveError:
            if _is_file(Path(text)):
                return Path(text)
            raise
        if _exists(path) or _exists(backup_path(path)):
            return path
        if _is_file(Path(text)):
            return Path(text)
        if text.endswith(SUFFIX):
            raise SaveError(f"Cannot load {text}: there is no such file, nor a save named "
                            f"{text[: -len(SUFFIX)]!r} in {self.root}.")
        raise SaveError(f"There is no save named {text!r} in {self.root}.")

    @staticmethod
    def _files(folder: Path) -> list[Path]:
        """Save files in ``folder``, including those of which only a backup is left."""
        try:
            if not folder.is_dir():
                return []
            with contextlib.suppress(OSError):
                sweep_temp(folder)
            mains = set(folder.glob(f"*{SUFFIX}"))
            orphans = {p.with_name(p.name[: -len(".bak")])
                       for p in folder.glob(f"*{SUFFIX}.bak")}
        except OSError as e:
            raise SaveError(f"Cannot list the save folder {folder}: {e.strerror or e}.") from None
        return sorted(p for p in mains | orphans if not p.name.startswith("."))

    def _info(self, path: Path, auto: bool) -> SaveInfo:
        """The listing row of one file, every string in it cleaned."""
        name = self._shown_name(path, auto)
        try:
            h, from_backup = load_header(path)
        except SaveError as e:
            return _bad_row(name, path, auto, str(e))
        except Exception as e:  # a bug met by a hostile file: one bad row, not a failed listing
            log.warning("Listing %s failed", plain(path, 1000), exc_info=True)
            return _bad_row(name, path, auto, f"Cannot read {path}: it cannot be listed "
                                              f"({type(e).__name__}).")
        return SaveInfo(
            name=name, path=path, game=plain(h.game), title=plain(h.title),
            players=[plain(s.name) for s in h.seats], progress=plain(h.progress),
            updated=sane_time(h.updated), finished=h.finished, autosave=auto,
            id=plain(h.id), created=sane_time(h.created), from_backup=from_backup,
            seat_kinds=[plain(s.kind) for s in h.seats])

    def _shown_name(self, path: Path, auto: bool) -> str:
        """The name that loads and deletes this file; for a file whose name
        is not a save name (control characters, "auto:x" in the main folder),
        its file name with every unsafe character as "?": shown safely, and
        never a name that ``load`` or ``delete`` would take for another file."""
        stem = path.name[: -len(SUFFIX)]
        prefix = AUTO_PREFIX if auto else ""
        name = prefix + stem
        with contextlib.suppress(SaveError):
            if not has_control(name) and self._named(name) == path:
                return name
        return plain(prefix + path.name, mark="?")


def make_private_folder(folder: Path) -> None:
    """Create ``folder`` and its missing parents with mode 0o700: a save
    folder is the player's alone, whatever the umask (``mkdir``'s mode only
    applies to the last folder and is masked, hence the chmod of each one
    created here). Folders that already exist are left as they are."""
    missing: list[Path] = []
    p = folder
    while not os.path.lexists(p) and p.parent != p:
        missing.append(p)
        p = p.parent
    for d in reversed(missing):
        try:
            d.mkdir(mode=FOLDER_MODE)
        except FileExistsError:  # another process made it meanwhile
            continue
        os.chmod(d, FOLDER_MODE)
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))


def sane_time(t: float) -> float:
    """``t`` if it is a time a listing can show (epoch seconds up to the year
    9999), else 0.0, which listings show as unknown."""
    if isinstance(t, int | float) and math.isfinite(t) and 0 <= t <= MAX_TIME:
        return float(t)
    return 0.0


def _bad_row(name: str, path: Path, auto: bool, error: str) -> SaveInfo:
    """The row of a file that cannot be read: its name, when it last changed, why."""
    return SaveInfo(name=name, path=path, game="", title="(unreadable)", players=[],
                    progress="unreadable", updated=_mtime(path), finished=False,
                    autosave=auto, error=plain(error, MAX_MESSAGE))


def _mtime(path: Path) -> float:
    for p in (path, backup_path(path)):
        with contextlib.suppress(OSError):
            return sane_time(p.lstat().st_mtime)
    return 0.0


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False for a name the system refuses (too long, say)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:
        return False
