"""The error every ``tabula`` subcommand raises for bad input.

It lives apart from ``tui.cli`` (the parser and ``main``) so that the
modules the command line dispatches to can raise it without importing the
command line back.
"""

from __future__ import annotations

EXIT_USAGE = 2  # the exit status of bad arguments, as argparse uses


class UsageError(Exception):
    """Bad arguments or an unusable file: printed as one line, exit status 2."""
