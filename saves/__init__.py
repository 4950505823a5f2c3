"""Saves that never lose a game: msgpack snapshots, checked on load, written
atomically, kept in a save folder with one autosave slot per game.

The public API (docs/DEVELOPING.md, "Saves API")::

    store = Store(root=None)          # explicit > $TABULA_HOME/saves > user data dir
    store.autosave(match) / store.save(match, name) / store.load(name_or_path)
    # load: a named save, a file, or a finished game comes back as a new
    # branch (fresh id, meta["branch_of"]); an unfinished autosave keeps its slot
    store.list() / store.latest_autosave() / store.delete(name)
    save_match(match, path) ; load_match(path) -> Match

Modules: ``schema`` (what a save holds, field checks), ``codec`` (file
layout, bounded unpacking, replay and digest check), ``digest`` (stable
state hash), ``migrate`` (older versions), ``atomic`` (crash-safe writes),
``regular`` (reading only regular files, never blocking), ``files`` (one
file and its backup), ``names`` and ``store`` (the folder), ``plain``
(untrusted text made safe to show).

Save files and folders are untrusted: every string handed out from a file
is cleaned by ``plain``, every error message too (``SaveError``), and no
file is read unbounded, through a symbolic link, or if it is not a regular
file (a named pipe would block).
"""

from .errors import SaveError
from .files import load_match, save_match
from .store import SaveInfo, Store

__all__ = ["SaveError", "SaveInfo", "Store", "load_match", "save_match"]
