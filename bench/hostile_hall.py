"""Shared tables tried as a hostile player would (issue 26): one figure per point.

Each point attacks a real ``tabula serve`` in this process (``GameHost`` in
guest mode, or with authorized keys where the point is about a key), whose
games are a stand-in (tests/test_ssh_hall.py's RELAY: every hall message is
printed as ``MSG {json}``, a typed JSON line goes to the hall) reached by
asyncssh clients on loopback, each from its own address (127.0.1.N); or a
real ``hall.hall.Hall`` in this process where SSH adds nothing; or the real
terminal app (Textual's ``run_test``) where the point is what a screen shows.

    1  seat by user name: a guest drops out of a started table; does a second
       client logging in with her user name get her seat or its view? Can she
       (and a guest who came by ``ssh CODE@host``) come back, and how? Does
       her come-back code reach anyone else, or the server's files?
    2  seed: may a client name a new table's seed; does the New table form
       show one; is it in any message or view before the end?
    3  fair share: tables one guest address (and one /24) hosts with fresh
       names; games at once for one key from 4 addresses, and does a friend
       still get in; a table of bots its guest left (or watches): does it
       play on?
    4  undo: an unanswered request, with a turn limit and without; how many
       requests a refused player makes in 20 s
    6  codes: wrong codes one address may try over fresh connections, and
       the right code after them; the length of a private table's code
    7  ``tabula host`` quits while another player sits at its table: is that
       player still served? The host leaves an unstarted table: can the next
       player start it?
    8  small holes: a served player's "Saved" notice; a spectator's key bar;
       a bot's move for an absent player in the log
    9  Age of Rome: Denarii from 400 legal actions of the Trade-card loop

Points 5 (logins under churn), 8b (log lines) and 11 are ``bench/ssh.py
--churn`` and ``bench/ssh.py``; the bots' fair share under load is
``bench/hall_fair.py``. It runs against older code too (it names only what
the tree has, else says "n/a"), so a before/after pair is two checkouts of
the same command. About two minutes on this 2-core machine (2026-12-01:
1 m 55 s at main, 2 m 31 s at fc80992), most of it point 4 waiting for an
undo to time out (``--quick`` shortens the wait where the tree has
``HallConfig.undo_seconds``). Before/after on that day (fc80992 → main):
a seat taken by user name yes → no; seed named by the client yes → cut
off; tables from one guest address 50 → 3; one key's games 32 → 4; a left
table's steps in 5 s 274 → 0; an unanswered undo freezes the table for
ever → 30 s (8 s with a 4 s turn limit); undo requests in 20 s 277 → 1;
wrong codes from one address over 5 connections 100 → 20; private code
5 → 10 letters; the host's quitting drops the others yes → no; Age of
Rome's loop +200 → +1 Denarii.

    nice .venv/bin/python bench/hostile_hall.py [--only 1,4] [--quick] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import os
import pickle
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

import engine  # noqa: E402
from hall.client import HallClient  # noqa: E402
from hall.hall import Hall, HallConfig, Who  # noqa: E402
from tests.test_ssh_hall import RELAY  # noqa: E402
from tui.ssh.config import ServeConfig  # noqa: E402
from tui.ssh.probe import GameClient  # noqa: E402
from tui.ssh.server import GameHost  # noqa: E402

WAIT = 20.0  # s any one awaited message may take
MSG_LINE = re.compile(rb"MSG (.*?)\r\n")
HALL_LINE = re.compile(rb"HALL fd=\d+ ino=\d+ start=(\S+) sockets=\d+\r\n")
HUMAN = {"name": "", "kind": "human", "strength": "normal"}
RULES = {"name": "", "kind": "rules", "strength": "normal"}
TWO_HUMANS = {"t": "create", "game": "provincia", "private": True, "options": {},
              "seats": [HUMAN, HUMAN, RULES]}


def has_field(cls: type, name: str) -> bool:
    return name in {f.name for f in dataclasses.fields(cls)}


def address(n: int) -> str:
    """A client's own loopback address (Linux routes all of 127/8 to lo)."""
    return f"127.0.1.{n}"


@dataclasses.dataclass
class Row:
    point: str
    what: str
    value: Any
    unit: str = ""


# ---------------------------------------------------------------- SSH plumbing
def serve_config(tmp: Path, keys: Path | None = None, **changes: Any) -> ServeConfig:
    """A guest server (or one for ``keys``) on a free port, the RELAY game."""
    tmp.mkdir(parents=True, exist_ok=True)
    relay = tmp / "relay_game.py"
    relay.write_text(RELAY)
    base = ServeConfig(data_dir=tmp / "data", host_key=tmp / "host_key", authorized_keys=keys,
                       guest=keys is None, port=0, child_command=(sys.executable, str(relay)))
    return dataclasses.replace(base, **changes)


@contextlib.asynccontextmanager
async def serving(config: ServeConfig) -> Any:
    host = await GameHost(config).start()
    try:
        yield host
    finally:
        await asyncio.wait_for(host.stop(), 60)


async def until(check: Callable[[], bool], timeout: float = WAIT) -> bool:
    """Poll ``check`` (state of the server in this process) until it holds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.02)
    return True


class Relay:
    """One SSH login whose game is the RELAY stand-in: hall messages in order."""

    def __init__(self, client: GameClient) -> None:
        self.client = client
        self.used = 0  # messages already taken by ``next``
        self.ended = False  # the session ended (the game quit, or the hall cut it off)

    @classmethod
    async def login(cls, port: int, user: str, n: int, keys: tuple = ()) -> Relay:
        client = await GameClient.connect(port, username=user, client_keys=keys,
                                          local_addr=(address(n), 0))
        relay = cls(client)
        await relay.wait(lambda: HALL_LINE.search(bytes(client.raw)) is not None)
        return relay

    @property
    def start(self) -> str:
        found = HALL_LINE.search(bytes(self.client.raw))
        return found.group(1).decode() if found else ""

    def messages(self) -> list[dict]:
        return [json.loads(m) for m in MSG_LINE.findall(bytes(self.client.raw))]

    @property
    def gone(self) -> bool:
        """The hall closed this game's channel (the relay then ends)."""
        return self.ended or b"HALL EOF" in self.client.raw

    async def wait(self, check: Callable[[], bool], timeout: float = WAIT) -> bool:
        try:
            await self.client.wait_for(check, "a message", timeout)
        except EOFError:
            self.ended = True
            return check()
        except TimeoutError:
            return check()
        return True

    async def next(self, *kinds: str, timeout: float = WAIT) -> dict | None:
        """The next message of one of ``kinds`` (None: the channel closed, or none in time)."""
        got: list[dict] = []

        def found() -> bool:
            msgs = self.messages()
            for i in range(self.used, len(msgs)):
                if msgs[i].get("t") in kinds:
                    self.used = i + 1
                    got.append(msgs[i])
                    return True
            return self.gone
        await self.wait(lambda: bool(got) or found(), timeout)
        return got[0] if got else None

    def say(self, msg: dict) -> None:
        self.client.send(json.dumps(msg) + "\r")

    async def quit(self) -> None:
        with contextlib.suppress(Exception):
            self.client.send("q\r")
            await asyncio.wait_for(self.client.read_to_end(), 10)
        self.client.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.client.wait_closed(), 10)


class Tap:
    """Every message the hall sent: (client id, who, message)."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, Any, dict]] = []

    def __call__(self, cid: int, code: str | None, who: Any, msg: dict) -> None:
        self.sent.append((cid, who, msg))


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


# ---------------------------------------------------------------- 1. seat by name
async def seat_by_name(tmp: Path) -> list[Row]:
    game = engine.get_game("provincia")
    async with serving(serve_config(tmp)) as host:
        tap = Tap()
        host.hall.tap = tap
        anna = await Relay.login(host.port, "anna", 1)
        comeback = (await anna.next("hello") or {}).get("comeback")
        anna.say(TWO_HUMANS)
        code = (await anna.next("joined"))["table"]["code"]
        bob = await Relay.login(host.port, code, 2)  # ssh CODE@host: a guest name
        bob_hello = await bob.next("hello") or {}
        bob.say({"t": "join", "code": code})
        await bob.next("joined")
        table = host.hall.tables[code]
        await until(lambda: table.started)
        anna.client.close()
        await until(lambda: not table.connected(0) and "anna" not in host.guest_names)

        first = host.hall._ids  # the clients from here on are strangers
        mallory = await Relay.login(host.port, "anna", 3)
        hello = await mallory.next("hello") or {}
        offered = any(s.get("code") == code for s in hello.get("seats", []))
        mallory.say({"t": "join", "code": code})
        got = await mallory.next("joined", "error") or {}
        seated = got.get("t") == "joined" and got.get("seat") == 0
        if seated:
            await mallory.next("state", timeout=5)
        views = [pickle.loads(m["view"]) for cid, _, m in tap.sent  # noqa: S301 - our hall
                 if cid > first and m["t"] == "state"]
        leaked = sum(game.viewer(v) == 0 for v in views)
        await mallory.quit()
        await until(lambda: "anna" not in host.guest_names)

        how = f"ssh {code}-<come-back code>@host" if comeback else "ssh anna@host (her name)"
        back = await Relay.login(host.port, f"{code}-{comeback}" if comeback else "anna", 1)
        await back.next("hello")
        back.say({"t": "join", "code": code, "seat": 0})
        got = await back.next("joined", "error") or {}
        again = got.get("t") == "joined" and got.get("seat") == 0

        bob_name, bob_back = bob_hello.get("you", ""), bob_hello.get("comeback")
        bob.client.close()
        await until(lambda: not table.connected(1) and bob_name not in host.guest_names)
        user = f"{code}-{bob_back}" if bob_back else bob_name
        bob_how = f"ssh {code}-<come-back code>@host" if bob_back else \
            f"ssh {bob_name}@host (his guest name, shown to all at the table)"
        bob = await Relay.login(host.port, user, 2)
        await bob.next("hello")
        bob.say({"t": "join", "code": code, "seat": 1})
        got = await bob.next("joined", "error") or {}
        bob_again = got.get("t") == "joined" and got.get("seat") == 1
        for client in (bob, back):
            await client.quit()
        told = told_elsewhere(tap, comeback) if comeback else "n/a"
        kept = sum(comeback.encode() in f.read_bytes() for f in (tmp / "data").rglob("*")
                   if f.is_file()) if comeback else "n/a"
    return [Row("1", "a 2nd client as 'anna' is offered her seat (hello)", yes(offered)),
            Row("1", "... and seated in it by a join", yes(seated)),
            Row("1", "... and sent views of her seat", leaked, "states"),
            Row("1", "anna gets her seat back", yes(again), how),
            Row("1", "bob (came by ssh CODE@host) gets his seat back", yes(bob_again), bob_how),
            Row("1", "messages to others holding anna's come-back code", told, "messages"),
            Row("1", "server files holding anna's come-back code", kept, "files")]


def told_elsewhere(tap: Tap, secret: str) -> int:
    """Messages holding ``secret`` sent to anyone but its owner (the key of
    the client whose hello carried it)."""
    owners = {w.key for _, w, m in tap.sent if m.get("comeback") == secret}
    return sum(secret in json.dumps(m, default=str) for _, w, m in tap.sent
               if w.key not in owners)


# ---------------------------------------------------------------- 2. seeds
def holds(value: Any, seed: int) -> bool:
    """Does a message hold the key "seed" or the seed's number anywhere?"""
    if isinstance(value, dict):
        return "seed" in value or any(holds(v, seed) for v in value.values())
    if isinstance(value, list):
        return any(holds(v, seed) for v in value)
    return value == seed and not isinstance(value, bool)


async def seeds(tmp: Path) -> list[Row]:
    async with serving(serve_config(tmp)) as host:
        tap = Tap()
        host.hall.tap = tap
        sid = await Relay.login(host.port, "sid", 4)
        await sid.next("hello")
        sid.say({**TWO_HUMANS, "seed": 12345})
        got = await sid.next("joined", "error")
        named = got is not None and got["t"] == "joined" \
            and host.hall.tables[got["table"]["code"]].match.seed == 12345
        what = "its table has that seed" if named else (
            "cut off (protocol error)" if sid.gone else f"refused: {(got or {}).get('text')}")
        await sid.quit()

        ann = await Relay.login(host.port, "ann", 5)
        await ann.next("hello")
        ann.say(TWO_HUMANS)
        code = (await ann.next("joined"))["table"]["code"]
        ben = await Relay.login(host.port, code, 6)
        ben.say({"t": "join", "code": code})
        await ben.next("joined")
        await ben.next("state")
        seed = host.hall.tables[code].match.seed
        told = sum(holds(m, seed) for _, _, m in tap.sent)
        views = [pickle.loads(m["view"]) for _, _, m in tap.sent  # noqa: S301 - our hall
                 if m["t"] == "state"]
        in_views = sum(getattr(getattr(v, "rng", None), "seed", None) == seed for v in views)
        for client in (ann, ben):
            await client.quit()
    form = await form_seed(tmp / "form")
    return [Row("2", "a create naming seed 12345", what),
            Row("2", "the New table form shows a seed", yes(form[0])),
            Row("2", "the form's create message carries it", yes(form[1])),
            Row("2", "hall messages holding the seed before the end", told, "messages"),
            Row("2", "views sent holding the table's seed (their Rng)", in_views,
                f"of {len(views)} views")]


async def form_seed(tmp: Path) -> tuple[bool, bool]:
    from tests.test_tui_shared import app_at, shows
    from tui.screens.lobby import LobbyScreen, NewTableScreen

    async with own_hall(tmp) as hall:
        app = app_at(hall, "anna", start="lobby")
        async with app.run_test(size=(100, 30)) as pilot:
            await shows(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await shows(pilot, lambda: isinstance(app.screen, NewTableScreen))
            form = app.screen
            found = list(form.query("#seed"))
            shown = bool(found) and all(w.display for w in found[0].ancestors_with_self
                                        if w is not app)
            return shown, "seed" in form.create_message()


@contextlib.asynccontextmanager
async def own_hall(tmp: Path, **config: Any) -> Any:
    """A started Hall in this process (its own bot pool), with a tap."""
    tmp.mkdir(parents=True, exist_ok=True)
    config = {k: v for k, v in config.items() if has_field(HallConfig, k)}
    hall = Hall(HallConfig(data_dir=tmp, **config))
    hall.tap = Tap()
    await hall.start()
    try:
        yield hall
    finally:
        await hall.stop()


def attach(hall: Hall, name: str, where: str | None = None, key: str | None = None
           ) -> HallClient:
    """A client of ``hall`` as guest ``name`` from ``where`` (where the tree has addresses)."""
    ours, theirs = socket.socketpair()
    who = Who(key or f"guest:{name}", name, None)
    if where is not None and has_field(Who, "address"):
        who = dataclasses.replace(who, address=where)
    hall.attach(ours, who)
    return HallClient.from_socket(theirs)


async def expect(client: HallClient, *kinds: str, timeout: float = WAIT) -> dict:
    return await asyncio.wait_for(client.recv_until(*kinds), timeout)


# ---------------------------------------------------------------- 3. fair share
async def tables_per_address(tmp: Path) -> list[Row]:
    """Fresh user names from one address, each hosting tables until refused;
    then fresh names from fresh addresses of one /24."""
    one = await fill_hall(tmp / "one", lambda n: 7)
    net = await fill_hall(tmp / "net", lambda n: 100 + n)
    return [Row("3a", "tables one guest address hosts with fresh names", one[0], "tables"),
            Row("3a", "... logins used; the refusal", one[1], f"logins; {one[2]}"),
            Row("3a", "tables one /24 hosts, a fresh address per login", net[0], "tables"),
            Row("3a", "... logins (addresses) used; the refusal", net[1], f"logins; {net[2]}")]


async def fill_hall(tmp: Path, where: Callable[[int], int]) -> tuple[int, int, str]:
    """Logins ``fresh1``, ``fresh2``… from ``address(where(n))``, each hosting
    tables (not started) until refused; stops at a login refused at once.
    (tables made, logins, the last refusal)."""
    made, why, logins = 0, "", 0
    async with serving(serve_config(tmp)) as host:
        while logins < 25:
            logins += 1
            guest = await Relay.login(host.port, f"fresh{logins}", where(logins))
            await guest.next("hello")
            refused_first = False
            for i in range(4):
                guest.say({**TWO_HUMANS, "seats": [HUMAN, HUMAN]})
                got = await guest.next("joined", "error") or {}
                if got.get("t") != "joined":
                    why = got.get("text", "cut off")
                    refused_first = i == 0
                    break
                made += 1
            await guest.quit()
            await until(lambda: not host.sessions)
            if refused_first:
                break
    return made, logins, why


TINY_GAME = "import os\nos.write(1, b'READY\\r\\n')\nos.read(0, 1)\n"


async def games_per_key(tmp: Path) -> list[Row]:
    """One key from 4 addresses, 8 connections each; then a friend's key."""
    mallory, friend = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    tmp.mkdir(parents=True, exist_ok=True)
    keys = tmp / "authorized_keys"
    keys.write_bytes(mallory.export_public_key() + friend.export_public_key())
    game = tmp / "tiny_game.py"
    game.write_text(TINY_GAME)
    config = serve_config(tmp, keys, child_command=(sys.executable, str(game)))

    async def one(n: int, key: asyncssh.SSHKey, user: str) -> tuple[bool, str, Any]:
        conn = await asyncssh.connect("127.0.0.1", host.port, username=user,
                                      client_keys=[key], known_hosts=None, agent_path=None,
                                      password=None, local_addr=(address(n), 0))
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24))
        out = await asyncio.wait_for(proc.stdout.read(100), WAIT)
        if "READY" in out:
            return True, "", conn
        err = await asyncio.wait_for(proc.stderr.read(400), WAIT)
        conn.close()
        return False, (out + err).strip().splitlines()[0] if (out + err).strip() else "", None

    held, refusal, conns = 0, "", []
    async with serving(config) as host:
        for n in range(1, 5):
            for _ in range(8):
                try:
                    ok, said, conn = await one(10 + n, mallory, "mallory")
                except (OSError, asyncssh.Error) as e:
                    ok, said, conn = False, f"connection refused ({type(e).__name__})", None
                held += ok
                refusal = refusal or said
                if conn is not None:
                    conns.append(conn)
        try:
            ok, said, conn = await one(20, friend, "friend")
        except (OSError, asyncssh.Error) as e:
            ok, said, conn = False, type(e).__name__, None
        if conn is not None:
            conns.append(conn)
        for c in conns:
            c.close()
        await until(lambda: not host.sessions, 30)
    return [Row("3b", "games at once for one key from 4 addresses (32 tries)", held, "games"),
            Row("3b", "... first refusal", "", refusal[:70] or "-"),
            Row("3b", "then a friend's key gets a game", yes(ok), said[:60])]


async def left_tables(tmp: Path) -> list[Row]:
    """A guest makes a table of bots and leaves (or stays watching): its steps in 5 s."""
    rows = []
    bots = [{"name": "", "kind": "mcts", "strength": "easy"}] * 3
    for stay in (False, True):
        async with own_hall(tmp / f"left{stay}", bot_iterations=30, idle_close=3.0) as hall:
            guest = attach(hall, "mallory", "203.0.113.66")
            await guest.send({"t": "create", "game": "provincia", "seats": bots})
            code = (await expect(guest, "joined"))["table"]["code"]
            table = hall.tables[code]
            await until(lambda t=table: t.step >= 2)
            if not stay:
                guest.close()
                await until(lambda: not hall.clients)
            step = table.step
            await asyncio.sleep(5)
            what = "watching it" if stay else "left it"
            rows.append(Row("3c", f"steps a bots' table makes in 5 s, its guest {what}",
                            table.step - step, "steps"))
            if not stay and has_field(HallConfig, "idle_close"):
                await asyncio.sleep(3)
                rows.append(Row("3c", "... closed after idle_close (set to 3 s)",
                                yes(code not in hall.tables)))
            if stay:
                guest.close()
    return rows


# ---------------------------------------------------------------- 4. undo
async def to_undo(hall: Hall, anna: HallClient, bob: HallClient, code: str,
                  next_seat: int) -> bool:
    """Play random moves (anna seat 0, bob seat 1, a bot seat 2) until anna
    has just moved, seat ``next_seat`` is to move, and her undo is pending."""
    table = hall.tables[code]
    rng = random.Random(11)
    clients = {0: anna, 1: bob}
    for _ in range(300):
        if not await until(lambda: table.match.to_move() in clients or table.over, 30):
            return False
        mover = table.match.to_move()
        if mover is None:
            return False
        step = table.step
        action = rng.choice(list(table.game.legal(table.match.view(mover))))
        after = table.game.play(table.match.state, action, trusted=True)
        aim = mover == 0 and table.game.to_move(after) == next_seat
        await clients[mover].send({"t": "act", "step": step,
                                   "action": table.game.encode_action(action)})
        if aim:
            await anna.send({"t": "undo"})  # at once: before the next mover's bot answers
        await until(lambda s=step: table.step > s)
        if aim and await until(lambda: table.undo_request is not None, 2):
            return True
    return False


async def frozen(tmp: Path, turn_limit: float | None, next_seat: int, cap: float,
                 quick: bool) -> list[Row]:
    """Seconds from an unanswered undo until the table moves again (cap: never)."""
    settings: dict[str, Any] = {"turn_limit": turn_limit, "bot_iterations": 20}
    if quick:
        settings["undo_seconds"] = 3.0
    async with own_hall(tmp, **settings) as hall:
        anna, bob = attach(hall, "anna"), attach(hall, "bob")
        await anna.send({**TWO_HUMANS, "private": False, "seats": [HUMAN, HUMAN, RULES]})
        code = (await expect(anna, "joined"))["table"]["code"]
        await bob.send({"t": "join", "code": code})
        await expect(bob, "joined")
        table = hall.tables[code]
        if not await to_undo(hall, anna, bob, code, next_seat):
            return [Row("4a", "could not reach an undo", "n/a")]
        asked, step = time.monotonic(), table.step
        moved = await until(lambda: table.step != step, cap)
        waited = time.monotonic() - asked
    who = "a bot" if next_seat == 2 else "the silent player (turn limit)"
    limit = f"turn limit {turn_limit:g} s" if turn_limit else "no turn limit"
    timeout = getattr(hall.config, "undo_seconds", None)
    note = f"{limit}; undo_seconds {timeout:g}" if timeout is not None and not turn_limit \
        else limit
    value = round(waited, 1) if moved else f"never (>{cap:g})"
    return [Row("4a", f"s until the table moves after an unanswered undo, {who} next",
                value, f"s; {note}")]


async def undo_spam(tmp: Path) -> Row:
    """anna asks, bob says no at once, anna asks again: asks answered in 20 s."""
    async with own_hall(tmp, bot_iterations=20) as hall:
        anna, bob = attach(hall, "anna"), attach(hall, "bob")
        await anna.send({**TWO_HUMANS, "private": False, "seats": [HUMAN, HUMAN, RULES]})
        code = (await expect(anna, "joined"))["table"]["code"]
        await bob.send({"t": "join", "code": code})
        await expect(bob, "joined")
        if not await to_undo(hall, anna, bob, code, 1):
            return Row("4b", "could not reach an undo", "n/a")
        await expect(bob, "undo_asked")
        asks, end = 1, time.monotonic() + 20
        await bob.send({"t": "undo_answer", "yes": False})
        await expect(anna, "undo_result")
        table = hall.tables[code]

        def refusals() -> int:
            return sum(w.name == "anna" and m["t"] == "error" for _, w, m in hall.tap.sent)
        while time.monotonic() < end:
            await asyncio.sleep(0.05)  # 20 asks a second: under the hall's flood limit
            seen = refusals()
            await anna.send({"t": "undo"})
            await until(lambda n=seen: table.undo_request is not None or refusals() > n)
            if table.undo_request is None:
                await expect(anna, "error")
                continue
            await expect(bob, "undo_asked")
            asks += 1
            await bob.send({"t": "undo_answer", "yes": False})
            await expect(anna, "undo_result")
    return Row("4b", "undo requests a refused player makes in 20 s", asks, "requests")


# ---------------------------------------------------------------- 6. codes
async def guessing(tmp: Path) -> list[Row]:
    async with serving(serve_config(tmp)) as host:
        owner = await Relay.login(host.port, "owner", 8)
        await owner.next("hello")
        owner.say(TWO_HUMANS)
        code = (await owner.next("joined"))["table"]["code"]
        rng = random.Random(5)
        answered = cut = 0
        for n in range(5):  # five fresh connections, 25 wrong codes each, one address
            guess = await Relay.login(host.port, f"guesser{n}", 9)
            await guess.next("hello")
            for _ in range(25):
                wrong = "".join(rng.choice("BCDFGHJKLMNPQRSTVWXZ") for _ in range(len(code)))
                guess.say({"t": "join", "code": wrong})
            while (got := await guess.next("error", timeout=5)) is not None:
                answered += "there is no table" in got.get("text", "")
            cut += guess.gone
            await guess.quit()
            await until(lambda: len(host.sessions) <= 1)  # the owner's
        # the right code now, from that address: over ssh CODE@host, then in the hall
        late = await Relay.login(host.port, code, 9)
        by_login = late.start == f"join:{code}"
        late.say({"t": "join", "code": code})
        got = await late.next("joined", "error") or {}
        in_hall = got.get("t") == "joined"
        await late.quit()
        await owner.quit()
    letters = len(code)
    return [Row("6a", "wrong codes answered, 5 fresh connections x 25, one address",
                answered, "codes"),
            Row("6a", "... connections cut off for guessing", cut, "of 5"),
            Row("6a", "then the right code from that address: ssh CODE@host joins",
                yes(by_login)),
            Row("6a", "... and a join in the hall is answered", yes(in_hall)),
            Row("6b", "a private table's code", letters, f"letters (20^{letters} = "
                f"{20 ** letters:.2g})")]


# ---------------------------------------------------------------- 7. the host goes
HOST_CHILD = r"""
import asyncio, sys, argparse
import tui.entry as entry
from tui import local_cmd
from hall.client import HallClient

def fake_ui(link, settings):
    async def go():
        c = await HallClient.connect_unix(link.path, link.name)
        await c.recv_until("hello")
        seats = [{"name": "", "kind": k, "strength": "easy"} for k in ("human", "human", "rules")]
        await c.send({"t": "create", "game": "provincia", "seats": seats})
        joined = await c.recv_until("joined")
        print("CODE", joined["table"]["code"], flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        c.close()
    asyncio.run(go())
    return 0

entry.run_shared = fake_ui  # the host's screen: makes a table, quits when told
sys.exit(local_cmd.run_host(argparse.Namespace(name="hostess", save_dir=None)))
"""


async def host_quits(tmp: Path) -> list[Row]:
    """``tabula host`` (its screen a stand-in) makes a table; anna joins it by
    the Unix socket; the host quits: is anna still connected, still served?"""
    import hall.local as local

    env = {**os.environ, "TABULA_HOME": str(tmp / "home"), "TABULA_HALL_IDLE": "5"}
    os.environ["TABULA_HOME"] = env["TABULA_HOME"]
    folder = local.hall_dir()
    child = subprocess.Popen([sys.executable, "-c", HOST_CHILD], cwd=ROOT, env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdin is not None
        line = await asyncio.to_thread(child.stdout.readline)
        if not line.startswith("CODE "):
            err = child.stderr.read() if child.stderr else ""
            return [Row("7", f"the host did not start: {line!r} {err[-200:]!r}", "n/a")]
        code = line.split()[1]
        anna = await HallClient.connect_unix(local.socket_path(folder), "anna")
        await expect(anna, "hello")
        await anna.send({"t": "join", "code": code})
        await expect(anna, "joined")
        await expect(anna, "state")
        child.stdin.write("quit\n")
        child.stdin.flush()
        await asyncio.to_thread(child.wait, 30)
        stays = True
        try:
            await anna.send({"t": "chat", "text": "still here?"})
            await expect(anna, "chat", timeout=10)
        except (ConnectionError, OSError, EOFError, TimeoutError, Exception):
            stays = False
        anna.close()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        pid = local.hall_pid(folder) if hasattr(local, "hall_pid") else None
        if pid is not None and pid != os.getpid():
            os.kill(pid, signal.SIGTERM)
            await until(lambda: not Path(f"/proc/{pid}").exists(), 30)
    how = "a process of its own" if hasattr(local, "start_hall") else "a thread of the host's"
    return [Row("7", "a joined player is still served after the host quits", yes(stays),
                f"hall: {how}"), await host_leaves(tmp / "leaves")]


async def host_leaves(tmp: Path) -> Row:
    """anna hosts a table of three people; bob sits; anna leaves before the
    start: can bob start it?"""
    async with own_hall(tmp) as hall:
        anna, bob = attach(hall, "anna"), attach(hall, "bob")
        await anna.send({**TWO_HUMANS, "private": False, "seats": [HUMAN] * 3})
        code = (await expect(anna, "joined"))["table"]["code"]
        await bob.send({"t": "join", "code": code})
        await expect(bob, "joined")
        await anna.send({"t": "leave"})
        await until(lambda: hall.tables[code].host.name != "anna", 3)
        await bob.send({"t": "start"})
        started = await until(lambda: hall.tables[code].started, 3)
        said = "" if started else (await expect(bob, "error")).get("text", "")
    return Row("7", "the host leaves before the start: the next player may start it",
               yes(started), said)


# ---------------------------------------------------------------- 8. small holes
async def saved_notice(tmp: Path) -> Row:
    from saves import Store
    from tests.test_tui_support import app_for, position, settle

    os.environ["TABULA_CRASH_DIR"] = str(tmp / "crashes")
    try:
        app = app_for(position("play"))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+s")
            await settle(pilot)
            app.screen.query_one("#save-name").value = ""
            await pilot.press(*"mine", "enter")
            await pilot.pause()
            await settle(pilot)
            said = next((n.message for n in app._notifications if n.title == "Saved"), "")
    finally:
        del os.environ["TABULA_CRASH_DIR"]
    folder = str(Store().root)
    return Row("8a", "a served player's Saved notice names the server's folder",
               yes(folder in said), repr(said[:70]))


async def spectator_keys(tmp: Path) -> Row:
    from tests.test_tui_shared import app_at, shows
    from tui.screens.table import TableScreen
    from tui.widgets.keybar import KeyBar

    async with own_hall(tmp) as hall:
        bob = attach(hall, "bob")
        await bob.send({**TWO_HUMANS, "private": False, "seats": [HUMAN, HUMAN]})
        code = (await expect(bob, "joined"))["table"]["code"]
        app = app_at(hall, "anna", start=f"watch:{code}")
        async with app.run_test(size=(120, 30)) as pilot:
            await shows(pilot, lambda: isinstance(app.screen, TableScreen)
                        and app.screen.step >= 0)
            await pilot.pause()
            bar = str(app.screen.query_one(KeyBar).render())
    offered = [w for w in ("Undo?", "Hint") if w in bar]
    return Row("8c", "a spectator's key bar offers undo or hint", yes(bool(offered)),
               " ".join(offered))


async def bot_for_absent(tmp: Path) -> Row:
    """bob leaves a started table; after the grace a bot plays for him: is it
    in anna's log as the bot's move?"""
    async with own_hall(tmp, seat_grace=0.2, bot_iterations=20) as hall:
        anna, bob = attach(hall, "anna"), attach(hall, "bob")
        await anna.send({**TWO_HUMANS, "private": False, "seats": [HUMAN, HUMAN]})
        code = (await expect(anna, "joined"))["table"]["code"]
        await bob.send({"t": "join", "code": code})
        await expect(bob, "joined")
        table = hall.tables[code]
        bob.close()
        await until(lambda: 1 in table.bot_playing)
        rng = random.Random(3)
        start = table.step
        for _ in range(200):  # anna plays; the bot plays bob's seat
            moved_for_bob = any(table.game.to_move(s) == 1
                                for s in table.match.states[start:table.step])
            if moved_for_bob and table.step > start + 2 or table.over:
                break
            if table.match.to_move() == 0:
                step = table.step
                action = rng.choice(list(table.game.legal(table.match.view(0))))
                await anna.send({"t": "act", "step": step,
                                 "action": table.game.encode_action(action)})
                await until(lambda s=step: table.step > s)
            else:
                step = table.step
                await until(lambda s=step: table.step > s, 10)
        await asyncio.sleep(0.2)
        text = json.dumps([m.get("log") for _, w, m in hall.tap.sent
                           if w.name == "anna" and m["t"] == "state"])
    return Row("8d", "a bot's move for an absent player is logged 'A bot moves for NAME:'",
               yes("A bot moves for " in text))


# ---------------------------------------------------------------- 9. Age of Rome
def trade_loop() -> list[Row]:
    """The issue's loop, in the position tests/test_ageofrome_loops.py builds:
    Jack sells Groma and plays Bulla with the deck and discard pile empty."""
    from engine.ageofrome import data
    from engine.ageofrome.actions import Place, PlayCard, Sell
    from tests.ageofrome_helpers import GAME, table

    everyone = [c.name for c in data.TRADE_CARDS]
    mine = ("Bulla", "Groma")
    s = table().characters("Marcus Antonius", "Julius Caesar", "Octavianus", "Pompeius") \
        .at("actions", round=3).first("Jack").hand("Jack", *mine)
    cards = [c for c in everyone if c not in mine]
    in_sets = 3 * -(-(len(cards) - 3 * data.HAND_LIMIT) // 3)
    triples = [tuple(cards[i:i + 3]) for i in range(0, max(in_sets, 0), 3)]
    cards = cards[max(in_sets, 0):]
    for i, who in enumerate(("Henry", "Mary", "Ross")):
        hand, cards = cards[:data.HAND_LIMIT], cards[data.HAND_LIMIT:]
        s = s.hand(who, *hand).sets(who, *triples[3 * i:3 * i + 3])
    state = GAME.play(s.build(), Place("Colosseum", False))
    before, played, cycle = state.players[0].denarii, 0, (Sell("Groma"), PlayCard("Bulla"))
    while played < 400 and cycle[played % 2] in GAME.legal(state):
        state = GAME.play(state, cycle[played % 2])
        played += 1
    return [Row("9", "Denarii from repeating Sell Groma + play Bulla (at most 400 actions)",
                f"+{state.players[0].denarii - before}", f"in {played} legal actions")]


# ---------------------------------------------------------------- running
POINTS: dict[str, Callable[[Path, bool], Awaitable[list[Row]]]] = {}


def point(key: str) -> Callable:
    def register(fn: Callable) -> Callable:
        POINTS[key] = fn
        return fn
    return register


@point("1")
async def _p1(tmp: Path, quick: bool) -> list[Row]:
    return await seat_by_name(tmp)


@point("2")
async def _p2(tmp: Path, quick: bool) -> list[Row]:
    return await seeds(tmp)


@point("3")
async def _p3(tmp: Path, quick: bool) -> list[Row]:
    return [*await tables_per_address(tmp / "a"), *await games_per_key(tmp / "b"),
            *await left_tables(tmp / "c")]


@point("4")
async def _p4(tmp: Path, quick: bool) -> list[Row]:
    return [*await frozen(tmp / "turn", 4.0, 1, 20.0, quick),
            *await frozen(tmp / "bot", None, 2, 15.0 if quick else 40.0, quick),
            await undo_spam(tmp / "spam")]


@point("6")
async def _p6(tmp: Path, quick: bool) -> list[Row]:
    return await guessing(tmp)


@point("7")
async def _p7(tmp: Path, quick: bool) -> list[Row]:
    return await host_quits(tmp)


@point("8")
async def _p8(tmp: Path, quick: bool) -> list[Row]:
    return [await saved_notice(tmp / "a"), await spectator_keys(tmp / "c"),
            await bot_for_absent(tmp / "d")]


@point("9")
async def _p9(tmp: Path, quick: bool) -> list[Row]:
    return trade_loop()


@contextlib.contextmanager
def quiet_home() -> Iterator[Path]:
    """A fresh TABULA_HOME for the apps and halls of this run."""
    with tempfile.TemporaryDirectory() as tmp:
        old = os.environ.get("TABULA_HOME")
        os.environ["TABULA_HOME"] = str(Path(tmp) / "home")
        try:
            yield Path(tmp)
        finally:
            if old is None:
                os.environ.pop("TABULA_HOME", None)
            else:
                os.environ["TABULA_HOME"] = old


async def run_points(keys: list[str], quick: bool) -> list[Row]:
    rows: list[Row] = []
    for key in keys:
        with quiet_home() as tmp:
            began = time.monotonic()
            try:
                got = await POINTS[key](tmp, quick)
            except Exception as e:  # one point failing still reports the others
                traceback.print_exc()
                got = [Row(key, f"failed: {type(e).__name__}: {str(e)[:150]}", "n/a")]
            rows += got
            print(f"point {key}: {time.monotonic() - began:.0f} s", file=sys.stderr)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default=",".join(POINTS), help="points, e.g. 1,4")
    parser.add_argument("--quick", action="store_true",
                        help="a short undo timeout where the tree has one")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    keys = [k.strip() for k in args.only.split(",") if k.strip()]
    unknown = [k for k in keys if k not in POINTS]
    if unknown:
        parser.error(f"no point {', '.join(unknown)}; there are {', '.join(POINTS)}")
    rows = asyncio.run(run_points(keys, args.quick))
    if args.json:
        print(json.dumps([dataclasses.asdict(r) for r in rows]))
    else:
        for r in rows:
            print(f"{r.point:3} {r.what:70} {r.value!s:>10} {r.unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
