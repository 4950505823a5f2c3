"""This user's hall on this machine, for the title's Tables and for
``tabula host``/``join`` (``tui.local_cmd``): where its finished games are
saved, and starting it. Apart from the commands, which run the app, so the
app can open the hall without importing itself back."""

from __future__ import annotations

from pathlib import Path


def save_root(save_dir: str | None) -> Path:
    """Where this user's finished shared games are saved (their own save folder)."""
    from saves.store import default_folder

    return Path(save_dir).expanduser() if save_dir else default_folder()


def no_room(folder: Path, error: OSError) -> str:
    """Why the hall cannot live in ``folder``, in one line."""
    return f"cannot host tables in {folder}: {error.strerror or error}"


def open_local_hall(save_dir: str | None) -> tuple[Path | None, str]:
    """For Tables on the title: what ``tabula host`` does before its lobby
    opens. (The socket of this user's hall, started now if none runs, "");
    or (None, one line saying why not and what to run instead). Blocks
    while the hall process starts: call it from a thread."""
    from hall.local import HallFailed, hall_dir, hall_for

    folder = hall_dir()
    try:
        return hall_for(folder, local_home=save_root(save_dir)), ""
    except HallFailed as e:
        why = str(e)
    except OSError as e:
        why = no_room(folder, e)
    return None, f"No tables: {why}. Try `tabula host` in a terminal."
