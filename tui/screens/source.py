"""What a table screen (``tui.screens.table.TableScreen``) plays through:
a ``Source`` says what the position is and does what the screen asks (play,
undo, the hint's seed, the ending); the screen draws and decides everything
a player sees. Two sources: ``LocalSource`` (a ``Match`` and its bots) and
``HallSource`` (a seat at a hall's table). Also the keys every table has,
which each source lists among its own (``Source.bindings``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget

from engine.core import LogLine
from engine.match import Match, Seat
from tui.bots import Job
from tui.settings import Settings

from .dialogs import KeyHelp, MenuScreen
from .game_over import Ending

# The keys every table has; a source lists them among its own (``bindings``).
# Letters have priority: the action filter would take them otherwise; each
# first asks the filter whether the letter is text (``/`` filters).
HINT_KEY = Binding("h", "key('h', 'hint')", "Hint", priority=True,
                   tooltip="What would the search play?")
HELP_KEY = Binding("question_mark", "key('?', 'help')", "Keys", key_display="?", priority=True)
RESULTS_KEY = Binding("g", "key('g', 'results')", "Results", show=False, priority=True)
MENU_KEY = Binding("escape", "escape", "Menu", tooltip="Back to the actions, or the menu")
LOG_KEY = Binding("ctrl+l", "focus_log", "Log", show=False)


def undo_key(words: str, tooltip: str) -> Binding:
    """The undo key, in the source's words (take back, or ask to)."""
    return Binding("z", "key('z', 'undo')", words, priority=True, tooltip=tooltip)



class Source(ABC):
    """Where a table screen's game comes from and its actions go: a local
    ``Match`` (``LocalSource``) or a seat at a hall's table (``HallSource``).

    A source says what the position is and does what the screen asks; the
    screen draws and decides everything a player sees. ``step`` counts the
    actions so far; a seat "played here" is one a person at this terminal
    plays. The defaults below are a table where every seat is played here
    and nothing closes it; a source overrides what differs."""

    game_id: str
    game: Any
    seats: tuple[Seat, ...]
    seed: int | None = None  # the game's seed, if the table may know it (``Scene.seed``)
    menu: type[MenuScreen] = MenuScreen  # the pause menu (its items)
    help_title = "Keys"
    marks_turn = False  # a bell and a tinted status line when your turn comes
    can_replay = False
    paced = False  # bot moves decided here stay on screen ``Settings.pacing``'s seconds
    pace_words = "Bot pacing"  # what ctrl+p paces, in the player's words
    leave_words = "Title screen"  # the game-over screen's Enter
    screen: Any = None  # the TableScreen showing it (``attach``; not imported: it imports this)

    # -- what every source says
    @abstractmethod
    def bindings(self) -> list[Binding]:
        """The screen's keys, in the key bar's order (``undo_key``, ``HINT_KEY``…)."""

    @property
    @abstractmethod
    def step(self) -> int:
        """Actions played so far."""

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to move, or None once the game is over."""

    @abstractmethod
    def over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def here(self) -> list[int]:
        """The seats played at this terminal."""

    @abstractmethod
    def first_viewer(self) -> int:
        """Whose view to show when none of ``here`` is to move."""

    @abstractmethod
    def view(self, seat: int) -> Any:
        """What ``seat`` may see of the position now."""

    @abstractmethod
    def looks_from(self) -> Any:
        """The state the seats' looks are made from (``GameUI.looks``)."""

    @abstractmethod
    def earlier(self, seat: int, k: int) -> Any:
        """``seat``'s view ``k`` steps back, or None (``Scene.earlier``)."""

    @abstractmethod
    def log(self, viewer: int) -> tuple[bool, list[LogLine]]:
        """(reset, lines): every line (reset) or those since the last call."""

    @abstractmethod
    def play(self, action: tuple) -> bool:
        """Play ``action`` (True: played here, the screen goes on) or send it
        (False: the next position comes back); IllegalAction if refused here."""

    @abstractmethod
    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last action (True) or ask for it (False)."""

    @abstractmethod
    def hint_seed(self, seat: int) -> int:
        """The same for the same position in every process (never ``hash()``)."""

    @abstractmethod
    def ending(self) -> Ending | None:
        """What the game-over screen shows, once the game is over."""

    # -- defaults: every seat here, nothing closes the table
    def attach(self, screen: Any) -> None:
        self.screen = screen

    def detach(self) -> None:
        """The screen is gone."""
        return None  # a hook: nothing to do by default

    def widgets(self) -> list[Widget]:
        """Widgets of the source's own, after the table's."""
        return []

    def mounted(self) -> None:
        """The screen has opened."""
        return None  # a hook: nothing to do by default

    def drawn(self) -> None:
        """The screen has drawn the position (the source draws its own widgets)."""
        return None  # a hook: nothing to do by default

    def looks_changed(self) -> None:
        """The seats' looks were made again."""
        return None  # a hook: nothing to do by default

    def ready(self) -> bool:
        """Is there a position to show yet?"""
        return True

    def started(self) -> bool:
        return True

    def closed(self) -> str | None:
        """Why nothing more can be played (the table was ended), or None."""
        return None

    def bot_here(self, seat: int) -> bool:
        """Does a bot decide for ``seat`` on this machine (in the screen's worker)?"""
        return False

    def bot_job(self, seat: int, settings: Settings) -> Job:
        raise RuntimeError("no bot decides at this source (bot_here is False)")

    def bot_failed(self, seat: int) -> None:
        """``seat``'s bot failed: it plays at random from now on."""
        return None  # a hook: nothing to do by default

    def catch_up(self) -> bool:
        """Space: show at once the moves that wait for their pace here (a
        shared table's); True if there were any."""
        return False

    def stages(self, seat: int, since: int) -> tuple:
        """``seat``'s views of the stages of the latest step after step
        ``since`` that passed through any (``Game.stages``), to play out at
        the bots' pace; () if none."""
        return ()

    def replay(self) -> None:
        """Open the replay (where ``can_replay``)."""
        return None  # a hook: nothing to do by default

    def reviewable(self) -> Match | None:
        """The finished game with every action, to review (``ai.review``);
        None where the table holds only views (a shared table)."""
        return None

    def waiting(self) -> tuple[str | None, Content | None] | None:
        """The actions panel's note and the status line while no seat here
        is to move (None: the screen's line of who is to move)."""
        return None

    def status_lead(self) -> Content | None:
        """What the status line starts with (a shared table's move number)."""
        return None

    def command_letters(self) -> str:
        """Letters the action filter lets through to the screen's keys."""
        return ""

    def allows(self, action: str) -> bool:
        """May this viewer use the key of ``action`` now (the host's)?"""
        return True

    def shows_key(self, binding: Binding) -> bool:
        """Does the key bar offer ``binding`` to this viewer?"""
        return True

    def in_help(self, binding: Binding) -> bool:
        return True

    def help_lines(self) -> list[KeyHelp]:
        """The help's lines after the keys (how the actions are chosen)."""
        return []

    def menu_instead(self) -> bool:
        """True if Esc did something else than open the menu."""
        return False

    def menu_chosen(self, item: str) -> None:
        """A menu item of the source's own (save, chat)."""
        return None  # a hook: nothing to do by default

    def leave(self) -> None:
        """The player leaves the table (the screen closes)."""
        return None  # a hook: nothing to do by default
