"""The hall: one asyncio service holding every shared table.

Each game process is one connection (a socket pair made at fork, or a Unix
socket for local play). The hall reads its messages through
``messages.check``, hands them to the table (``hall.table``: the rules of
who may do what), sends what the table answers, and runs what needs a clock
or a process: the seat grace and turn limit timers, bot moves in the
``BotPool``, the autosave after every change, saving a finished table into
each player's own folder. One log line per event on "tabula.hall".

A connection that breaks the protocol is logged and closed; only that
connection: its seat waits as after a disconnect and the table goes on.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import secrets
import socket
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import IllegalAction, Options, check_options, decode_plain, named_options
from saves import SaveError
from saves.plain import plain

from . import messages, wire
from .bots import BotPool
from .guesses import Guesses, identities
from .messages import CODE_LEN, CODE_LETTERS, MAX_NAME, PRIVATE_CODE_LEN
from .store import TableStore, save_to_homes
from .table import Out, Refused, Table, Who, new_match

__all__ = ["Hall", "HallConfig", "Who"]

log = logging.getLogger("tabula.hall")
MAX_BUFFERED = 32 * 1024 * 1024  # bytes waiting for a slow reader before it is cut off
HELLO_SECONDS = 10.0  # a Unix socket client must say who it is within this
STOP_SECONDS = 5.0  # stop() waits this long for connections to wind down
MESSAGE_BURST, MESSAGE_RATE = 200, 50  # messages one connection may send at once, then per s
UNDO_SECONDS = 30.0  # an undo request nobody answers is refused after this (or the turn limit)


@dataclass(frozen=True)
class HallConfig:
    """What a host may tune (``tabula serve`` flags, ``tabula host``)."""

    data_dir: Path  # tables persisted in data_dir/"tables"
    seat_grace: float = 120.0  # s a disconnected human's seat waits before a bot plays it
    turn_limit: float | None = None  # s a connected human may take per move; then a bot moves
    max_tables: int = 50
    tables_per_key: int = 3  # open (unfinished) tables one key may host
    chat_burst: int = 5  # chat token bucket: burst, then one line per chat_every s
    chat_every: float = 2.0
    bot_workers: int = 2
    bot_seconds: float | None = None  # override bots' time per decision (tests/bench)
    bot_iterations: int | None = None
    local_home: Path | None = None  # save folder for Unix socket players (local play)
    finished_keep: float = 600.0  # s a finished table stays listed
    idle_close: float = 1800.0  # s a started table with nobody at it waits, then is closed
    undo_seconds: float = UNDO_SECONDS  # an unanswered undo is refused (the turn limit if set)


class Bucket:
    """``burst`` chat lines at once, then one per ``every`` seconds."""

    def __init__(self, burst: int, every: float) -> None:
        self.burst, self.rate = float(burst), 1.0 / every if every > 0 else float("inf")
        self.tokens, self.when = self.burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(eq=False)
class Client:
    """One connection."""

    id: int
    who: Who
    writer: asyncio.StreamWriter
    chat: Bucket
    pace: Bucket  # every message: a flood closes the connection
    table: str | None = None
    closed: bool = False


@dataclass(eq=False)
class _Timers:
    grace: dict[tuple[str, int], asyncio.TimerHandle] = field(default_factory=dict)
    turn: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    gone: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    idle: dict[str, asyncio.TimerHandle] = field(default_factory=dict)  # nobody at the table
    undo: dict[str, asyncio.TimerHandle] = field(default_factory=dict)  # an unanswered undo

    def cancel(self, code: str) -> None:
        for key in [k for k in self.grace if k[0] == code]:
            self.grace.pop(key).cancel()
        for d in (self.turn, self.gone, self.idle, self.undo):
            self.stop(d, code)

    @staticmethod
    def stop(timers: dict[str, asyncio.TimerHandle], code: str) -> None:
        h = timers.pop(code, None)
        if h is not None:
            h.cancel()

    def cancel_all(self) -> None:
        every = (self.grace, self.turn, self.gone, self.idle, self.undo)
        for timers in every:
            for h in timers.values():
                h.cancel()
            timers.clear()


class Hall:
    """The table service; see the module docstring and docs/DEVELOPING.md."""

    def __init__(self, config: HallConfig, pool: BotPool | None = None) -> None:
        """``pool``: a bot pool to share (tests); by default the hall makes its own."""
        self.config = config
        self.tables: dict[str, Table] = {}
        self.tap: Callable[[int, str | None, Who, dict], None] | None = None
        # told the number of connections whenever one comes or goes (the
        # local hall stops by itself once nobody has been connected a while)
        self.on_clients: Callable[[int], None] | None = None
        self.clients: dict[int, Client] = {}
        self.store = TableStore(config.data_dir)
        self._own_pool = pool is None
        self.pool = pool or BotPool(config.bot_workers, config.bot_seconds, config.bot_iterations)
        self._ids = 0
        self._tasks: set[asyncio.Task] = set()
        self._thinking: dict[str, asyncio.Task] = {}
        self._saved: dict[str, int] = {}  # table code -> version last encoded
        self._pending: dict[str, tuple[bytes, bytes]] = {}  # encoded, not yet written
        self._writing: dict[str, asyncio.Task] = {}
        self._dirty: set[str] = set()  # changed while its last autosave was being written
        self._timers = _Timers()
        self._server: asyncio.AbstractServer | None = None
        self._stopping = False
        self._greeting: set[asyncio.StreamWriter] = set()  # Unix clients before their hello
        self.guesses = Guesses()  # wrong table codes, per address and key, from every client
        self.seeds: Callable[[], int] = secure_seed  # new tables' seeds (tests fix them)

    # ------------------------------------------------------------ life
    async def start(self) -> None:
        """Restore every unfinished table (all humans start disconnected) and
        start the bot pool."""
        self.pool.start()
        for table in self.store.load_all():
            self.tables[table.code] = table
            self._saved[table.code] = table.version
            log.info("table %s restored: %s %dp, step %d", table.code, table.game.id,
                     table.match.players, table.step)
            for seat, owner in enumerate(table.owners):
                if owner is not None and seat not in table.bot_playing:
                    self._wait_for(table, seat)
            if not table.started:
                self._timers.gone[table.code] = asyncio.get_running_loop().call_later(
                    max(self.config.seat_grace, 1.0), self._abandoned, table.code)
            else:
                self._unattended(table)
            self._drive(table)

    async def stop(self) -> None:
        """Close every connection and stop; the tables are on disk already."""
        self._stopping = True
        if self._server is not None:
            self._server.close()
        for c in list(self.clients.values()):
            self._close(c)
        for w in list(self._greeting):
            w.close()
        self._timers.cancel_all()
        for t in self._thinking.values():
            t.cancel()
        # closed transports end their readers: the tasks finish by themselves
        # (a cancelled Unix server task would make asyncio print a traceback)
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=STOP_SECONDS)
        tasks = [*self._tasks, *self._thinking.values()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._server is not None:
            await self._server.wait_closed()
        for table in self.tables.values():
            self._save_now(table)
        await self.flush()
        if self._own_pool:
            self.pool.close()

    def attach(self, sock: socket.socket, who: Who) -> None:
        """Serve one connected stream socket for ``who`` (returns at once)."""
        name = plain(who.name, MAX_NAME).strip() or "player"
        self._spawn(self._serve_socket(sock, dataclasses.replace(who, name=name)))

    # ------------------------------------------------------------ codes from logins
    def code_for(self, code: str, who: Who) -> str | None:
        """The open table ``code`` names (``ssh CODE@host``), else None.

        A code that names no table counts as a wrong guess against who
        tried it, as a wrong code typed in the lobby does; while they have
        used up their guesses, every code is None, right or wrong.
        """
        ids = identities(who.key, who.address, who.guest)
        if self.guesses.blocked(ids):
            return None
        table = self.tables.get(code.upper())
        if table is None or table.ended or table.over:
            self.guesses.miss(ids)
            return None
        return table.code

    def seat_owner(self, code: str, key: str) -> str | None:
        """The name of the seat ``key`` owns at open table ``code`` (a guest
        coming back), else None."""
        table = self.tables.get(code)
        seat = None if table is None or table.ended else table.seat_of(key)
        return None if seat is None or table is None else table.match.seats[seat].name

    def miss(self, who: Who) -> None:
        """A wrong code that did not go through ``code_for`` (a wrong come-back code)."""
        self.guesses.miss(identities(who.key, who.address, who.guest))

    async def serve_unix(self, path: str | os.PathLike) -> None:
        """Listen on a Unix socket for players of this machine's user."""
        self._server = await asyncio.start_unix_server(self._on_unix, str(path))
        os.chmod(path, 0o600)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------------ connections
    async def _serve_socket(self, sock: socket.socket, who: Who) -> None:
        sock.setblocking(False)
        reader, writer = await asyncio.open_connection(sock=sock, limit=2**16)
        await self._serve(reader, writer, who)

    async def _on_unix(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        if self._stopping:
            writer.close()
            return
        sock = writer.get_extra_info("socket")
        self._greeting.add(writer)
        try:
            uid = _peer_uid(sock)
            if uid is not None and uid != os.getuid():
                log.warning("unix socket: refused a connection from uid %d", uid)
                writer.close()
                return
            msg = await asyncio.wait_for(wire.read(reader, wire.MAX_IN), HELLO_SECONDS)
            name = plain(messages.check(msg, hello=True)["name"], MAX_NAME).strip() or "player"
        except (wire.ProtocolError, ConnectionError, OSError, TimeoutError) as e:
            if not self._stopping:
                log.warning("unix socket: no hello (%s); closed", plain(str(e), 100))
            writer.close()
            return
        finally:
            self._greeting.discard(writer)
        if self._stopping:
            writer.close()
            return
        await self._serve(reader, writer, Who(f"local:{name}", name, self.config.local_home))

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                     who: Who) -> None:
        self._ids += 1
        c = Client(self._ids, who, writer, Bucket(self.config.chat_burst, self.config.chat_every),
                   Bucket(MESSAGE_BURST, 1.0 / MESSAGE_RATE))
        self.clients[c.id] = c
        self._counted()
        log.info("client %d connected: %r (%s)", c.id, who.name, _shown_key(who))
        hello = {"t": "hello", "you": who.name, "seats": self._own_seats(who.key)}
        if who.comeback is not None:
            hello["comeback"] = who.comeback  # a guest's own secret, to them alone
        self._send(c, hello)
        reason = "left"
        try:
            while not c.closed:
                msg = messages.check(await wire.read(reader, wire.MAX_IN))
                if not c.pace.take():
                    raise wire.ProtocolError(f"more than {MESSAGE_RATE} messages a second")
                self._handle(c, msg)
        except wire.ProtocolError as e:
            reason = "cut off"
            log.warning("protocol error from client %d %r (%s): %s; closed", c.id, who.name,
                        _shown_key(who), plain(str(e), 120))
        except (ConnectionError, OSError):
            pass
        finally:
            self._close(c)
            if not self._stopping:
                self._depart(c, reason)

    def _close(self, c: Client, abort: bool = False) -> None:
        """Close a connection; ``abort`` drops what it has not read yet."""
        if not c.closed:
            c.closed = True
            if abort:
                c.writer.transport.abort()
            else:
                c.writer.close()

    def _send(self, c: Client, msg: dict[str, Any]) -> None:
        if c.closed:
            return
        if self.tap is not None:
            self.tap(c.id, c.table, c.who, msg)
        try:
            data = wire.pack(msg, wire.MAX_OUT)
        except wire.ProtocolError as e:
            log.error("client %d: could not send %s: %s", c.id, msg.get("t"), e)
            return
        transport = c.writer.transport
        if transport.is_closing():
            return
        if transport.get_write_buffer_size() + len(data) > MAX_BUFFERED:
            log.warning("client %d %r reads too slowly; closed", c.id, c.who.name)
            self._close(c, abort=True)
            return
        c.writer.write(data)

    def _emit(self, out: Out) -> None:
        for cid, msg in out:
            c = self.clients.get(cid)
            if c is not None:
                self._send(c, msg)

    def _own_seats(self, key: str) -> list[dict[str, Any]]:
        return [{"code": t.code, "seat": t.seat_of(key)} for t in self.tables.values()
                if not t.over and not t.ended and t.seat_of(key) is not None]

    # ------------------------------------------------------------ requests
    def _handle(self, c: Client, msg: dict[str, Any]) -> None:
        handler = getattr(self, "_on_" + msg["t"])
        try:
            handler(c, msg)
        except Refused as e:
            self._send(c, messages.error(str(e)))
        except wire.ProtocolError:
            raise
        except Exception:  # a bug here must not take the hall down: that client goes
            log.exception("client %d %r: %s failed; closed", c.id, c.who.name, msg["t"])
            self._close(c)

    def _table_of(self, c: Client) -> Table:
        table = self.tables.get(c.table or "")
        if table is None:
            raise Refused("you are not at a table")
        return table

    def _find(self, c: Client, code: str) -> Table:
        """The table ``code`` names; a wrong code counts against the asker's
        address and key (``hall.guesses``), and once they are used up any
        code closes the connection, right or wrong."""
        ids = identities(c.who.key, c.who.address, c.who.guest)
        if self.guesses.blocked(ids):
            raise wire.ProtocolError("too many wrong table codes")
        table = self.tables.get(code.upper())
        if table is None or table.ended:
            self.guesses.miss(ids)
            raise Refused(f"there is no table {plain(code.upper(), 12)}")
        return table

    def _on_list(self, c: Client, msg: dict[str, Any]) -> None:
        key = c.who.key
        shown = [t.info(key) for t in self.tables.values() if not t.ended and (
            not t.private or t.host.key == key or t.seat_of(key) is not None)]
        self._send(c, {"t": "tables", "tables": shown})

    def _on_create(self, c: Client, msg: dict[str, Any]) -> None:
        open_tables = [t for t in self.tables.values() if not t.over and not t.ended]
        if len(open_tables) >= self.config.max_tables:
            raise Refused(f"the hall is full ({self.config.max_tables} tables); try later")
        if sum(t.host.account == c.who.account for t in open_tables) \
                >= self.config.tables_per_key:
            raise Refused(f"you already host {self.config.tables_per_key} open tables")
        match = self._new_match(c.who, msg)
        code = self._new_code(PRIVATE_CODE_LEN if msg.get("private") else CODE_LEN)
        table = Table(code=code, match=match, host=c.who, private=bool(msg.get("private")),
                      created=time.time())
        self.tables[code] = table
        log.info("table %s created by %r %s %dp", code, c.who.name, match.game_id,
                 match.players)
        self._leave_table(c, "left")
        humans = match.human_seats()
        if humans:
            self._join(c, table, humans[0])
        else:
            c.table = code
            self._emit(table.watch(c.id, c.who) + table.begin_if_full())
            self._after(table)

    def _new_match(self, who: Who, msg: dict[str, Any]) -> Any:
        """The Match a create asks for, or Refused with the engine's one-line reason."""
        from ai.players import check_seats

        specs = msg["seats"]
        kinds = [f"{s['kind']}:{s.get('strength', 'normal')}" for s in specs]
        try:
            game = check_seats(msg["game"], kinds, humans=True)
            given = {k: decode_plain(v) for k, v in (msg.get("options") or {}).items()}
            options = Options.of(given)
            check_options(game.options, options, len(specs))
            options = named_options(game.options, options)
            return new_match(game.id, specs, options, self.seeds(), who)
        except (ValueError, KeyError, IllegalAction) as e:
            raise Refused(plain(str(e).strip("'\""), 200)) from None

    def _new_code(self, length: int) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(length))
            if code not in self.tables and not (self.store.folder / f"{code}.json").exists():
                return code

    def _on_join(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._find(c, msg["code"])
        if c.table == table.code and table.members.get(c.id) is not None \
                and table.members[c.id].seat is not None:
            raise Refused(f"you are at table {table.code} already")
        if table.over:
            raise Refused(f"the game at table {table.code} is over")
        self._join(c, table, msg.get("seat"))

    def _join(self, c: Client, table: Table, seat: int | None) -> None:
        table.seat_for(c.who, seat)  # refuse before leaving the table the client is at
        if c.table != table.code:
            self._leave_table(c, "left")
        else:
            table.members.pop(c.id, None)  # a spectator taking a seat
        out, replaced = table.join(c.id, c.who, seat)
        c.table = table.code
        gone = self._timers.gone.pop(table.code, None)
        if gone is not None and not table.over:
            gone.cancel()
        elif gone is not None:
            self._timers.gone[table.code] = gone
        if replaced is not None and replaced in self.clients:
            self.clients[replaced].table = None
        seat_now = table.members[c.id].seat
        assert seat_now is not None
        h = self._timers.grace.pop((table.code, seat_now), None)
        if h is not None:
            h.cancel()
        self._timers.stop(self._timers.idle, table.code)
        log.info("table %s: %r joined seat %d", table.code, c.who.name, seat_now + 1)
        self._emit(out)
        self._after(table)

    def _on_watch(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._find(c, msg["code"])
        self._leave_table(c, "left")
        c.table = table.code
        self._timers.stop(self._timers.idle, table.code)
        log.info("table %s: %r watches", table.code, c.who.name)
        self._emit(table.watch(c.id, c.who))
        self._drive(table)  # bots that waited for someone to be here go on

    def _on_act(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._table_of(c)
        self._emit(table.act(c.id, msg["step"], msg["action"]))
        self._after(table)

    def _on_chat(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._table_of(c)
        if not c.chat.take():
            every = self.config.chat_every
            raise Refused(f"slow down: at most one chat line every {every:g} s")
        self._emit(table.chat(c.id, msg["text"]))

    def _on_undo(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._table_of(c)
        self._emit(table.ask_undo(c.id))
        request = table.undo_request
        if request is not None:  # one silent player must not stop the table
            seconds = self.config.turn_limit or self.config.undo_seconds
            self._timers.stop(self._timers.undo, table.code)
            self._timers.undo[table.code] = asyncio.get_running_loop().call_later(
                seconds, self._undo_over, table.code, request)
        self._after(table)

    def _undo_over(self, code: str, request: Any) -> None:
        """Nobody answered an undo in time: it is refused, and the game goes on."""
        self._timers.undo.pop(code, None)
        table = self.tables.get(code)
        if table is None or table.undo_request is not request:
            return
        log.info("table %s: an undo went unanswered; refused", code)
        self._emit(table.expire_undo())
        self._after(table)

    def _on_undo_answer(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._table_of(c)
        self._emit(table.answer_undo(c.id, msg["yes"]))
        self._after(table)

    def _on_start(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._table_of(c)
        self._emit(table.start(c.id))
        log.info("table %s started by the host", table.code)
        self._after(table)

    def _on_bot(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._table_of(c)
        self._emit(table.host_bot(c.id, msg["seat"]))
        log.info("table %s: bot takes seat %d (the host asked)", table.code, msg["seat"] + 1)
        self._after(table)

    def _on_end(self, c: Client, msg: dict[str, Any]) -> None:
        table = self._table_of(c)
        members = list(table.members)
        self._emit(table.end(c.id))
        for cid in members:
            if cid in self.clients:
                self.clients[cid].table = None
        log.info("table %s ended by the host", table.code)
        self._remove(table)

    def _on_leave(self, c: Client, msg: dict[str, Any]) -> None:
        self._leave_table(c, "left")

    # ------------------------------------------------------------ leaving
    def _depart(self, c: Client, reason: str) -> None:
        self.clients.pop(c.id, None)
        self._leave_table(c, reason)
        log.info("client %d %s: %r", c.id, "disconnected" if reason == "left" else reason,
                 c.who.name)
        self._counted()

    def _counted(self) -> None:
        if self.on_clients is not None:
            self.on_clients(len(self.clients))

    def _leave_table(self, c: Client, reason: str) -> None:
        table = self.tables.get(c.table or "")
        c.table = None
        if table is None or c.id not in table.members:
            return
        host = table.host
        out, waits = table.leave(c.id, self.config.seat_grace)
        self._emit(out)
        if table.host is not host:
            log.info("table %s: %r left it unstarted; %r hosts it now", table.code,
                     c.who.name, table.host.name)
        if waits is not None:
            log.info("table %s: %r %s seat %d", table.code, c.who.name, reason, waits + 1)
            self._wait_for(table, waits)
        self._after(table)
        if not table.started and not table.members and table.code not in self._timers.gone:
            loop = asyncio.get_running_loop()
            self._timers.gone[table.code] = loop.call_later(
                max(self.config.seat_grace, 1.0), self._abandoned, table.code)
        elif table.started and not table.members:
            self._unattended(table)

    def _unattended(self, table: Table) -> None:
        """Nobody sits at or watches a started table: its bots wait (``_drive``),
        and after ``idle_close`` it is saved and closed."""
        if table.over or table.ended or table.code in self._timers.idle:
            return
        log.info("table %s: nobody is here; its bots wait", table.code)
        self._timers.idle[table.code] = asyncio.get_running_loop().call_later(
            self.config.idle_close, self._idle_over, table.code)

    def _idle_over(self, code: str) -> None:
        """Close a table nobody came back to: its game goes into each human
        owner's save folder, to load and play on, and the hall forgets it."""
        self._timers.idle.pop(code, None)
        table = self.tables.get(code)
        if table is None or table.members or table.over or table.ended:
            return
        saved = save_to_homes(table)
        table.ended = True
        table.version += 1
        log.info("table %s closed: nobody was at it for %gs (saved for %d players)", code,
                 self.config.idle_close, len(saved))
        self._remove(table)

    def _abandoned(self, code: str) -> None:
        """Nobody came back to a table that never started: close it."""
        self._timers.gone.pop(code, None)
        table = self.tables.get(code)
        if table is None or table.started or table.members:
            return
        table.ended = True
        table.version += 1
        log.info("table %s closed: it never started and everyone left", code)
        self._remove(table)

    def _wait_for(self, table: Table, seat: int) -> None:
        """Start the grace timer of a seat whose player is away."""
        key = (table.code, seat)
        old = self._timers.grace.pop(key, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        self._timers.grace[key] = loop.call_later(self.config.seat_grace, self._grace_over,
                                                  table.code, seat)

    def _grace_over(self, code: str, seat: int) -> None:
        self._timers.grace.pop((code, seat), None)
        table = self.tables.get(code)
        if table is None or table.ended or table.over:
            return
        out = table.bot_takes(seat)
        if out:
            log.info("table %s: bot takes seat %d", code, seat + 1)
        self._emit(out)
        self._after(table)

    def _remove(self, table: Table) -> None:
        """Drop a table from the hall (ended, abandoned, or finished a while ago);
        whoever is still at a finished one is told it closed."""
        self._timers.cancel(table.code)
        task = self._thinking.pop(table.code, None)
        if task is not None:
            task.cancel()
        self.tables.pop(table.code, None)
        if table.over and not table.ended:
            self._emit(table.to_all({"t": "ended", "text": f"table {table.code} closed"}))
            log.info("table %s closed", table.code)
        for c in self.clients.values():
            if c.table == table.code:
                c.table = None
        self._dirty.discard(table.code)
        if table.ended or table.over:
            self._save_now(table)  # ended: kept on disk, never restored

    # ------------------------------------------------------------ after a change
    def _after(self, table: Table) -> None:
        """Autosave, notice the end, and let bots and timers take their turn."""
        if self._stopping or table.ended:
            return
        if table.undo_request is None:
            self._timers.stop(self._timers.undo, table.code)
        if table.over:
            self._save_now(table)
            if table.over_at is None:
                self._finished(table)
            return
        self._save(table)
        self._drive(table)

    def _save(self, table: Table) -> None:
        """Autosave after every change: at once when no write of this table
        is on its way to disk, else as soon as that write ends (with the
        newest position). No timer stands between a move and its save, and
        a burst of moves (bots answering a human) costs one encoding per
        write, not one per move."""
        if self._saved.get(table.code) == table.version:
            return
        if table.code in self._writing:
            self._dirty.add(table.code)
            return
        self._save_now(table)

    def _save_now(self, table: Table) -> None:
        """Encode now, write in a thread, one write per table at a time (a
        newer one waiting replaces an older one still waiting)."""
        self._dirty.discard(table.code)
        if self._saved.get(table.code) == table.version:
            return
        try:
            data = self.store.encode(table)
        except SaveError as e:
            log.error("table %s: autosave failed: %s", table.code, plain(str(e), 200))
            return
        self._saved[table.code] = table.version
        self._pending[table.code] = data
        if table.code not in self._writing:
            self._writing[table.code] = asyncio.get_running_loop().create_task(
                self._write(table.code))

    async def _write(self, code: str) -> None:
        try:
            while code in self._pending:
                data = self._pending.pop(code)
                try:
                    await asyncio.to_thread(self.store.write, code, data)
                except OSError as e:
                    log.error("table %s: autosave failed: %s", code, plain(str(e), 200))
                table = self.tables.get(code)
                if code in self._dirty and table is not None:
                    self._save_now(table)  # what changed while this write was made
        finally:
            self._writing.pop(code, None)

    async def flush(self) -> None:
        """Wait until every change is on disk."""
        for code in list(self._dirty):
            table = self.tables.get(code)
            if table is not None:
                self._save_now(table)
        while self._writing:
            await asyncio.gather(*self._writing.values(), return_exceptions=True)

    def _finished(self, table: Table) -> None:
        table.over_at = time.time()
        saved = save_to_homes(table)
        r = table.game.result(table.match.state)
        log.info("table %s finished: %s (saved for %d players)", table.code,
                 plain(r.outcome, 120), len(saved))
        self._timers.cancel(table.code)
        loop = asyncio.get_running_loop()
        self._timers.gone[table.code] = loop.call_later(self.config.finished_keep,
                                                        self._remove, table)

    def _drive(self, table: Table) -> None:
        """Start a bot move, or the turn timer, for whoever is to move."""
        h = self._timers.turn.pop(table.code, None)
        if h is not None:
            h.cancel()
        mover = table.mover()
        if mover is None or table.code in self._thinking or not table.members:
            return  # (nobody here: no one to play for, nothing to spend the bots on)
        kind, seat = mover
        if kind == "bot":
            self._think(table, seat)
        elif kind == "human" and self.config.turn_limit is not None:
            loop = asyncio.get_running_loop()
            self._timers.turn[table.code] = loop.call_later(
                self.config.turn_limit, self._turn_over, table.code, table.version)

    def _turn_over(self, code: str, version: int) -> None:
        self._timers.turn.pop(code, None)
        table = self.tables.get(code)
        if table is None or table.version != version or code in self._thinking:
            return
        mover = table.mover()
        if mover is None or mover[0] != "human":
            return
        seat = mover[1]
        log.info("table %s: turn limit; a bot moves for seat %d", code, seat + 1)
        self._emit(table.notice(f"time is up: a bot moves for {table.match.seats[seat].name}"))
        self._think(table, seat)

    def _think(self, table: Table, seat: int) -> None:
        task = asyncio.get_running_loop().create_task(self._bot_move(table, seat, table.moves))
        task.add_done_callback(_log_failure)
        self._thinking[table.code] = task

    async def _bot_move(self, table: Table, seat: int, moves: int) -> None:
        try:
            kind, strength = table.bot_of(seat)
            action = await self.pool.decide(table.game.id, kind, strength,
                                            table.match.view(seat), seat,
                                            table.match.bot_seed(seat), table.host.account)
        finally:
            if self._thinking.get(table.code) is asyncio.current_task():
                del self._thinking[table.code]
        if self._stopping or self.tables.get(table.code) is not table:
            return
        if (table.moves == moves and table.match.to_move() == seat and not table.ended
                and table.undo_request is None):
            try:
                self._emit(table.play(action, by_bot=True))
            except IllegalAction as e:
                log.error("table %s: bot %s chose an illegal move: %s", table.code, kind,
                          plain(str(e), 200))
                return
        self._after(table)


def secure_seed() -> int:
    """A new table's seed, from the system's secure source: nobody can
    derive the hidden cards from it, and the hall tells it to nobody
    before the game ends (the finished game's save holds it)."""
    return secrets.randbits(63)


def _shown_key(who: Who) -> str:
    """A player's key as the log shows it: a guest's key hashes their
    come-back code, so the log names only that they are a guest."""
    return "guest" if who.guest else plain(who.key, 60)


def _log_failure(task: asyncio.Task) -> None:
    """A bot move's task ended by a bug: one log line (with its traceback)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a bot move failed", exc_info=task.exception())


def _peer_uid(sock: socket.socket) -> int | None:
    """The user id at the other end of a Unix socket (Linux: SO_PEERCRED);
    None where the system cannot say (the socket's 0600 mode still holds)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None
    creds = sock.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    return struct.unpack("3i", creds)[1]
