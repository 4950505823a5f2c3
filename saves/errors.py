"""The one error the saves layer raises.

Every way a save can fail to load or be written (a damaged, foreign,
hostile or too-new file, a rules change, a bad name, a full disk) ends as a
``SaveError`` whose message is one sentence naming the file and the fault,
so the TUI, the SSH server and the command line can show it as it is.

The sentence often quotes the file (its path, its name, a field): the
message is passed through ``plain`` when the error is made, so an escape
sequence in a file name never reaches a terminal through an error.
"""

from __future__ import annotations

from .plain import plain

MAX_MESSAGE = 2000  # characters of an error sentence (it may quote two long paths)


class SaveError(Exception):
    """A save could not be read, checked, written, named or deleted."""

    def __init__(self, message: object = "") -> None:
        super().__init__(plain(message, MAX_MESSAGE))


class FormatError(ValueError):
    """Inside the codec: what is wrong with the content, without the file name.

    The codec raises it deep in validation, where the file is unknown; the
    caller turns it into a ``SaveError`` that names the file.
    """
