"""What screens ask the app to do: posted to the app, never called on it."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from engine.match import Match


@dataclass
class OpenGame(Message):
    """Show the game screen for ``match`` (new, loaded or continued)."""

    match: Match


@dataclass
class OpenReplay(Message):
    """Step through ``match`` (a finished save, or the game just ended)."""

    match: Match


@dataclass
class OpenTables(Message):
    """Show the lobby of shared tables: the hall this app reaches, or this
    user's local hall, started now as ``tabula host`` starts it."""
