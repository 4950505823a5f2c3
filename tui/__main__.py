"""``python -m tui``: the same as the ``tabula`` console script.

The SSH server starts each player's game as ``[sys.executable, "-m", "tui"]``
so that it runs with exactly the interpreter (and virtual environment) of the
server, whether or not the console script is on PATH.
"""

import sys

from tui.cli import main

if __name__ == "__main__":
    sys.exit(main())
