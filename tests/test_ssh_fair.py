"""A fair share of ``tabula serve`` for each person (issue 26, points 3, 5 and 8).

Games at once are capped per key, and for guests per address, so one person
cannot take every game slot. When the table of connections that have not
logged in yet is full, room is made by fair shares across networks, so many
addresses churning silent sockets cannot lock real logins out. Connections
that never log in are logged about once per address per minute, however
many there are. The gate and the log are driven here by a clock the test
controls; the games and the wiring over real SSH on loopback.
"""

from __future__ import annotations

import asyncio
import heapq
import logging
from dataclasses import dataclass, field, replace
from pathlib import Path

import asyncssh

from tests.test_ssh_support import (
    eventually,
    fake_game,
    make_config,
    run,
    serving,
    sessions_done,
)
from tui.ssh.config import ServeConfig
from tui.ssh.limits import (
    FULL,
    OWN_LIMIT,
    ConnectionGate,
    GateLimits,
    SessionSlots,
    network_key,
)
from tui.ssh.log import EVICTED, OTHERWISE, TIMED_OUT, PreauthLog
from tui.ssh.probe import GameClient


def lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "tabula.ssh"]


# -- games at once per player ---------------------------------------------------------

def test_one_owner_holds_at_most_its_share_of_the_games():
    slots = SessionSlots(limit=5, per_owner=2)
    assert slots.acquire("key A") is None and slots.acquire("key A") is None
    assert slots.acquire("key A") == OWN_LIMIT  # said before "full": theirs to fix
    assert slots.acquire("key B") is None and slots.acquire("key B") is None
    assert slots.acquire("guest@10.0.0.1") is None
    assert slots.acquire("key C") == FULL and slots.used == 5
    slots.release("key A")
    assert slots.held_by("key A") == 1 and slots.acquire("key C") is None
    slots.release("nobody")  # never held one: nothing changes
    assert slots.used == 5


def authorize(tmp_path: Path, count: int) -> tuple[list[asyncssh.SSHKey], Path]:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]
    authorized = tmp_path / "authorized_keys"
    authorized.write_bytes(b"".join(k.export_public_key() for k in keys))
    return keys, authorized


def replace_keys(config: ServeConfig, authorized: Path) -> ServeConfig:
    """A guest server's settings made a keys server's: only ``authorized`` get in."""
    return replace(config, authorized_keys=authorized, guest=False)


async def refused(client: GameClient) -> bytes:
    """The session ends at once with status 1; what it said on stderr."""
    result = await client.process.wait()
    assert result.exit_status == 1
    return result.stderr


def test_a_key_at_its_cap_is_refused_a_game_while_another_key_gets_one(tmp_path, caplog):
    (anna, bea), authorized = authorize(tmp_path, 2)
    config = replace_keys(make_config(tmp_path, None, child_command=fake_game(tmp_path),
                                      games_per_player=2), authorized)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def game(key: asyncssh.SSHKey, source: str) -> GameClient:
        return await GameClient.connect(port, username="anna", client_keys=[key],
                                        local_addr=(source, 0))

    async def body():
        nonlocal port
        async with serving(config) as host:
            port = host.port
            first, second = await game(anna, "127.0.0.2"), await game(anna, "127.0.0.3")
            for client in (first, second):
                await client.read_until("SIZE")
            third = await game(anna, "127.0.0.4")  # a third address does not help
            said = await refused(third)
            assert said.count(b"\n") == 1 and b"You have 2 games in progress already" in said
            other = await game(bea, "127.0.0.4")  # same address, another key: a game
            await other.read_until("SIZE")
            assert host.slots.used == 3
            first.send("q")  # one of anna's games ends: she may start another
            await first.read_to_end()
            await eventually(lambda: host.slots.held_by(anna.get_fingerprint("sha256")) == 1)
            again = await game(anna, "127.0.0.4")
            await again.read_until("SIZE")
            for client in (second, other, again):
                client.send("q")
                await client.read_to_end()
            await sessions_done(host)
            assert host.slots.used == 0
    port = 0
    run(body())
    assert any("refused: 2 games of this player already" in x for x in lines(caplog))


def test_guests_are_capped_per_address_not_per_name(tmp_path):
    config = make_config(tmp_path, None, child_command=fake_game(tmp_path), games_per_player=2)

    async def guest(name: str, source: str) -> GameClient:
        return await GameClient.connect(port, username=name, local_addr=(source, 0))

    async def body():
        nonlocal port
        async with serving(config) as host:
            port = host.port
            mine = [await guest("ann", "127.0.0.5"), await guest("bob", "127.0.0.5")]
            for client in mine:
                await client.read_until("SIZE")
            said = await refused(await guest("cid", "127.0.0.5"))  # a fresh name: no help
            assert b"Your address has 2 guest games in progress already" in said
            neighbour = await guest("ann", "127.0.0.6")
            await neighbour.read_until("SIZE")
            for client in (*mine, neighbour):
                client.send("q")
                await client.read_to_end()
            await sessions_done(host)
    port = 0
    run(body())


# -- the pre-auth table: fair shares -------------------------------------------------

@dataclass
class Churn:
    """What happened to the real logins while the churn ran."""

    logged_in: list[int] = field(default_factory=list)
    refused: dict[int, str] = field(default_factory=dict)
    evicted: list[int] = field(default_factory=list)
    full_on_arrival: int = 0  # logins that found the pre-auth table full
    churn_evicted: int = 0


def churn(login_sources: list[str], churners: list[str], begin_auth: float = 0.3,
          logged_in_after: float = 0.6) -> Churn:
    """Each churner opens one silent socket every 3 s (each stays until it is
    evicted or its 10 s login deadline), from t=0 to 40 s; from t=5 s one real
    login every 0.5 s, from ``login_sources`` in turn: it begins authenticating
    ``begin_auth`` s after connecting and is logged in at ``logged_in_after`` s.
    The gate runs on the server's default limits, on the simulated clock."""
    now = 0.0
    evicted: set[object] = set()
    gate = ConnectionGate(GateLimits(), evicted.add, clock=lambda: now)
    events: list[tuple[float, int, str, object]] = []
    seq = 0

    def at(when: float, what: str, who: object) -> None:
        nonlocal seq
        seq += 1
        heapq.heappush(events, (when, seq, what, who))

    for i in range(len(churners)):
        at(i * 3.0 / len(churners), "silent", (i, 0))
    for j in range(30):
        at(5.0 + 0.5 * j, "login", j)
    out = Churn()
    while events:
        now, _, what, who = heapq.heappop(events)
        if what == "silent":
            i, k = who
            if gate.admit(("silent", i, k), churners[i]) is None:
                at(now + 10.0, "deadline", ("silent", i, k))
            if now + 3.0 < 40.0:
                at(now + 3.0, "silent", (i, k + 1))
        elif what == "deadline":
            if who not in evicted:
                gate.release(who)
        elif what == "login":
            out.full_on_arrival += gate.preauth == gate.limits.preauth_total
            reason = gate.admit(("login", who), login_sources[who % len(login_sources)])
            if reason is None:
                at(now + begin_auth, "auth", who)
                at(now + logged_in_after, "in", who)
            else:
                out.refused[who] = reason
        elif what == "auth" and ("login", who) not in evicted:
            gate.authenticating(("login", who))
        elif what == "in" and ("login", who) not in evicted:
            gate.logged_in_now(("login", who))
            out.logged_in.append(who)
            at(now + 1.0, "leave", ("login", who))
        elif what == "leave":
            gate.release(who)
    out.evicted = sorted(j for kind, j, *_ in evicted if kind == "login")
    out.churn_evicted = sum(1 for kind, *_ in evicted if kind == "silent")
    return out


CHURN_NET = [f"10.0.0.{n}" for n in range(1, 126)] + [f"10.0.1.{n}" for n in range(1, 126)]


def test_real_logins_get_in_while_250_addresses_churn_silent_sockets():
    """The issue's attack: 250 addresses, each under its own limits, keep the
    pre-auth table full of sockets younger than a second. Every real login,
    from a network of its own or from one the churners share, gets in."""
    sources = [f"10.0.0.{n}" for n in range(200, 210)] + \
              [f"198.51.100.{n}" for n in range(1, 21)]
    out = churn(sources, CHURN_NET)
    assert out.full_on_arrival == 30 and out.churn_evicted > 2000  # the churn is real
    assert out.refused == {} and out.evicted == []
    assert out.logged_in == list(range(30))


def test_a_login_slower_than_the_churn_is_pushed_out_only_by_its_own_network():
    """A login whose key exchange takes 2 s, from the churners' own /24, is one
    of many silent sockets there and may be pushed out; from a network of its
    own it never is."""
    slow = {"begin_auth": 2.0, "logged_in_after": 2.1}
    assert churn([f"10.0.0.{n}" for n in range(200, 230)], CHURN_NET, **slow).evicted
    out = churn([f"198.51.100.{n}" for n in range(1, 31)], CHURN_NET, **slow)
    assert out.evicted == [] and out.logged_in == list(range(30))


def test_one_network_with_many_addresses_only_churns_its_own_share():
    now = 0.0
    evicted: list[object] = []
    gate = ConnectionGate(GateLimits(preauth_total=64), evicted.append, clock=lambda: now)
    for n in range(60):  # sixty people, each from a network of their own, logging in
        assert gate.admit(("person", n), f"10.{n}.0.1") is None
    for t in range(1000):  # 250 addresses of one /24: 100 new sockets a second for 10 s
        now = t / 100
        assert gate.admit(("flood", t), f"192.0.2.{t % 250}") is None
    assert gate.preauth == 64
    assert not [v for v in evicted if v[0] == "person"]  # it only ever pushed out its own
    assert len(evicted) == 1000 - 4


def test_a_network_stalling_in_authentication_gives_up_its_own_first():
    """Sockets that finish key exchange and then stall count as authenticating;
    a network holding many of them still only takes from itself."""
    now = 0.0
    evicted: list[object] = []
    gate = ConnectionGate(GateLimits(preauth_total=16), evicted.append, clock=lambda: now)
    for n in range(16):
        gate.admit(("stall", n), f"10.0.0.{n}")
        gate.authenticating(("stall", n))
    assert gate.admit("real", "198.51.100.7") is None  # from the biggest network, its oldest
    assert evicted == [("stall", 0)]
    for n in range(16, 200):
        now = n / 10
        assert gate.admit(("stall", n), f"10.0.0.{n % 250}") is None
        gate.authenticating(("stall", n))
    assert "real" not in evicted
    gate.logged_in_now("real")
    assert gate.logged_in == 1


def test_in_a_network_silent_sockets_go_before_an_authenticating_one():
    evicted: list[object] = []
    gate = ConnectionGate(GateLimits(preauth_total=3), evicted.append)
    gate.admit("real", "10.0.0.1")
    gate.authenticating("real")
    gate.admit("s1", "10.0.0.2")
    gate.admit("s2", "10.0.0.3")
    gate.admit("s3", "10.0.0.4")  # the table is full: the oldest silent one goes
    gate.admit("s4", "10.0.0.4")  # its own address is among the biggest: its own goes
    assert evicted == ["s1", "s3"]
    gate.admit("s5", "10.0.0.9")
    gate.admit("s6", "10.0.0.9")
    assert "real" not in evicted


def test_networks_are_ipv4_slash_24_and_ipv6_slash_48():
    assert network_key("192.0.2.7") == network_key("192.0.2.250") == "192.0.2.0/24"
    assert network_key("192.0.3.7") != network_key("192.0.2.7")
    assert network_key("2001:db8:1:2::1") == network_key("2001:db8:1:ffff::9") \
        == "2001:db8:1::/48"
    assert network_key("::ffff:192.0.2.9") == "192.0.2.0/24"
    assert network_key("?") == "?"


# -- the log: one line per address per minute ------------------------------------------

def test_connections_that_never_log_in_take_a_line_per_address_per_minute(caplog):
    """The issue's 45 s: 250 addresses, a connection each every 3 s, evicted or
    timed out: 2,120 lines before. Now the first of each address's minute is
    logged in full (``note`` says so), the rest once the minute is over."""
    now = 0.0
    plog = PreauthLog(clock=lambda: now)
    caplog.set_level(logging.INFO, logger="tabula.ssh")
    full = 0
    for tick in range(15 * 250):  # 45 s
        now = tick * 3.0 / 250
        kind = TIMED_OUT if tick // 250 % 5 == 0 else EVICTED
        full += plog.note(f"10.0.{tick % 250 // 125}.{tick % 125}", kind)
        if tick % 400 == 0:
            plog.flush()  # the server looks every 5 s; no minute is over yet
    assert full == 250 and lines(caplog) == []
    now = 63.0  # every address's minute is over (their first came within 3 s)
    plog.flush()
    summary = lines(caplog)
    assert len(summary) == 250
    assert "14 more connections from 10.0.0.0 did not log in (evicted 12, timed out 2)" \
        in summary
    now = 64.0
    assert plog.note("10.0.0.0", OTHERWISE) is False  # within the minute of that line
    now = 130.0
    plog.flush()
    assert lines(caplog)[-1] == ("1 more connection from 10.0.0.0 did not log in "
                                 "(otherwise 1)")
    now = 200.0
    plog.flush()  # a quiet minute is forgotten: the next one is in full again
    assert plog.note("10.0.0.0", EVICTED) is True
    assert plog.note("10.0.0.0", EVICTED) is False
    plog.flush(everything=True)  # the server stops: what was counted is said
    assert lines(caplog)[-1] == ("1 more connection from 10.0.0.0 did not log in "
                                 "(evicted 1)")


def test_evicted_sockets_from_one_address_are_summed_up_over_ssh(tmp_path, caplog):
    config = make_config(tmp_path, None, max_unauthenticated=1)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            held = []
            for _ in range(10):  # each pushes the one before out
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", host.port, local_addr=("127.0.0.8", 0))
                assert (await reader.readline()).startswith(b"SSH-2.0")
                held.append((reader, writer))
            for reader, _ in held[:-1]:
                assert await asyncio.wait_for(reader.read(), 10) == b""
            held[-1][1].close()
            await eventually(lambda: host.gate.preauth == 0)
            await eventually(lambda: len(preauth_lines(caplog)) >= 1)
    run(body())
    said = preauth_lines(caplog)
    assert len(said) == 2, said
    assert "did not log in while others waited" in said[0]
    assert said[1] == ("9 more connections from 127.0.0.8 did not log in "
                       "(evicted 8, otherwise 1)")


def test_timed_out_sockets_are_summed_up_as_timed_out(tmp_path, caplog):
    config = make_config(tmp_path, None, login_timeout=0.5)
    caplog.set_level(logging.INFO, logger="tabula.ssh")

    async def body():
        async with serving(config) as host:
            held = [await asyncio.open_connection("127.0.0.1", host.port,
                                                  local_addr=("127.0.0.8", 0))
                    for _ in range(3)]
            for reader, writer in held:  # closed by the server at the deadline
                assert await asyncio.wait_for(reader.read(), 10) == b"SSH-2.0-Tabula\r\n"
                writer.close()
            await eventually(lambda: len(preauth_lines(caplog)) >= 1)
    run(body())
    said = preauth_lines(caplog)
    assert len(said) == 2 and "Login timeout expired" in said[0]
    assert said[1] == "2 more connections from 127.0.0.8 did not log in (timed out 2)"


def preauth_lines(caplog) -> list[str]:
    return [x for x in lines(caplog) if "127.0.0.8" in x]


class Stalling(asyncssh.SSHClient):
    """A real client that stops after key exchange, in the middle of logging in,
    until ``go`` is set."""

    def __init__(self, key: asyncssh.SSHKey, asked: asyncio.Event,
                 go: asyncio.Event) -> None:
        self.key, self.asked, self.go = key, asked, go

    async def public_key_auth_requested(self) -> asyncssh.SSHKey | None:
        self.asked.set()
        await self.go.wait()
        return self.key


def test_a_login_past_key_exchange_keeps_its_place_while_silent_sockets_churn(tmp_path):
    (key,), authorized = authorize(tmp_path, 1)
    config = replace_keys(make_config(tmp_path, None, max_unauthenticated=3), authorized)

    async def body():
        async with serving(config) as host:
            asked, go = asyncio.Event(), asyncio.Event()
            login = asyncio.ensure_future(asyncssh.connect(
                "127.0.0.1", host.port, username="anna", known_hosts=None, agent_path=None,
                client_keys=None, local_addr=("127.0.0.9", 0),
                client_factory=lambda: Stalling(key, asked, go)))
            await asked.wait()  # the server has begun its authentication
            held = []
            for n in range(10):  # the same /24: silent sockets push each other out
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", host.port, local_addr=(f"127.0.0.{20 + n}", 0))
                assert (await reader.readline()).startswith(b"SSH-2.0")
                held.append(writer)
            assert host.gate.preauth == 3
            go.set()
            conn = await asyncio.wait_for(login, 10)
            assert host.gate.logged_in == 1
            conn.close()
            for writer in held:
                writer.close()
    run(body())
