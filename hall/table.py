"""One shared table: a Match, who owns each seat, who is connected, the chat
and an undo request. Pure logic: no asyncio, no sockets, no clock of its own
(the hall passes ``now``). Every method that changes something returns the
messages to send as ``[(client id, message), ...]``; a refusal raises
``Refused`` with the one line to show the asker.

What a client may learn is decided here and only here: ``state`` messages
carry ``game.view(state, seat)`` for a seat's connection and
``game.view(state, SPECTATOR)`` for a spectator, with the log as that
viewer saw it. Nothing else about the state leaves the table.
"""

from __future__ import annotations

import pickle
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core import SPECTATOR
from engine.match import HUMAN, Match, Seat
from saves.plain import plain

from .messages import MAX_CHAT, MAX_NAME

Out = list[tuple[int, dict[str, Any]]]
CHAT_KEPT = 50  # chat lines re-sent to whoever joins
MOVE_CHARS = 160  # of the move an undo question names


class Refused(Exception):
    """A request the table turns down; the text goes back to the asker."""


GUEST = "guest:"  # a guest's seat key: "guest:" + the hash of their come-back code


@dataclass(frozen=True)
class Who:
    """Who is on the other end of a connection.

    ``key`` owns seats: a key's fingerprint, a guest's secret (hashed), or
    "local:<name>" on one machine (every local player is the same user).
    ``account`` is what fair shares count (tables hosted, wrong codes): the
    key, or for a guest the address they came from, since a guest can come
    back as often as they like with a fresh secret and a fresh name.
    """

    key: str  # owner identity: "SHA256:..." (ssh key), "guest:<hash>", "local:<name>"
    name: str  # display name, already plain, <= MAX_NAME characters
    home: Path | None = None  # this player's save folder (finished tables are saved there)
    address: str | None = None  # where they came from (IPv4, IPv6 /64); None: this machine
    comeback: str | None = None  # a guest's secret, told only to them (never stored)

    @property
    def guest(self) -> bool:
        return self.key.startswith(GUEST)

    @property
    def account(self) -> str:
        if self.guest and self.address is not None:
            return f"address:{self.address}"
        return self.key


@dataclass
class Member:
    """A connection at this table: a seat's player or a spectator."""

    who: Who
    seat: int | None
    logged: int = 0  # states whose log lines this client has been sent


@dataclass
class Undo:
    """An undo asked by ``seat`` at ``step``, waiting for ``waiting`` seats'
    yes; ``move`` is the index of the asker's action it takes back."""

    seat: int
    step: int
    waiting: set[int]
    move: int = -1


@dataclass
class Table:
    """A Match shared by several connections; see the module docstring."""

    code: str
    match: Match
    host: Who
    private: bool = False
    owners: list[Who | None] = field(default_factory=list)  # per seat: who took a human seat
    bot_playing: set[int] = field(default_factory=set)  # human seats a bot plays for now
    started: bool = False
    ended: bool = False
    created: float = 0.0
    over_at: float | None = None
    members: dict[int, Member] = field(default_factory=dict)
    chat_lines: deque = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    undo_request: Undo | None = None
    version: int = 0  # changes whenever the game or the seats change (stale timers)
    moves: int = 0  # changes whenever the game changes (a move or an undo: stale bots)
    decided: dict[int, int] = field(default_factory=dict)  # per seat: moves made (never undone)
    asked: dict[int, int] = field(default_factory=dict)  # per seat: decided[seat] at its last undo
    bot_moved: dict[int, int] = field(default_factory=dict)  # action index -> human seat a bot
    #                                                          moved for (absent, or out of time)
    _logs: dict[int, list[list]] = field(default_factory=dict, repr=False)
    _stages: tuple[int, dict] = field(default_factory=lambda: (-1, {}),
                                      repr=False)  # (step, {viewer: its stages})

    def __post_init__(self) -> None:
        if not self.owners:
            self.owners = [None] * self.match.players

    # ------------------------------------------------------------ reading
    @property
    def game(self) -> Any:
        return self.match.game

    @property
    def over(self) -> bool:
        return self.match.is_over()

    @property
    def step(self) -> int:
        return len(self.match.actions)

    def is_human(self, seat: int) -> bool:
        return self.match.seats[seat].kind == HUMAN

    def free_seats(self) -> list[int]:
        """Human seats nobody has taken."""
        return [i for i in self.match.human_seats() if self.owners[i] is None]

    def _humans_all_taken(self) -> bool:
        return all(self.owners[i] is not None for i in self.match.human_seats())

    def seat_of(self, key: str) -> int | None:
        """The seat ``key`` owns here, if any."""
        for i, owner in enumerate(self.owners):
            if owner is not None and owner.key == key:
                return i
        return None

    def client_of(self, seat: int) -> int | None:
        """The connection playing ``seat`` now, if any."""
        for cid, m in self.members.items():
            if m.seat == seat:
                return cid
        return None

    def connected(self, seat: int) -> bool:
        return self.client_of(seat) is not None

    def bot_kind(self) -> str:
        """The kind of bot that plays for absent humans: the first bot seat's kind."""
        for s in self.match.seats:
            if s.kind != HUMAN:
                return s.kind
        return "rules"

    def strength(self) -> str:
        """The table's bot strength: the first bot seat's, else the first seat's."""
        for s in self.match.seats:
            if s.kind != HUMAN:
                return s.strength
        return self.match.seats[0].strength

    def mover(self) -> tuple[str, int] | None:
        """Who must act now: ("bot", seat) for a bot seat or a human seat a
        bot plays, ("human", seat) for a connected human, ("wait", seat)
        for a human seat within its grace; None before start, at the end and
        while an undo is being asked."""
        seat = self.match.to_move()
        if seat is None or not self.started or self.ended or self.undo_request is not None:
            return None  # (while an undo is asked, bots and timers wait for the answers)
        if not self.is_human(seat) or seat in self.bot_playing:
            return ("bot", seat)
        return ("human", seat) if self.connected(seat) else ("wait", seat)

    def bot_of(self, seat: int) -> tuple[str, str]:
        """(kind, strength) of the bot that plays ``seat`` now: a bot seat's
        own, or for an absent human the table's kind at the seat's strength."""
        s = self.match.seats[seat]
        return (s.kind if s.kind != HUMAN else self.bot_kind()), s.strength

    def info(self, key: str | None = None) -> dict[str, Any]:
        """The TABLE map of the protocol, with ``you`` marking ``key``'s seat."""
        seats = []
        for i, s in enumerate(self.match.seats):
            owner = self.owners[i]
            seats.append({
                "name": s.name, "kind": s.kind, "strength": s.strength,
                "taken": owner is not None, "connected": self.connected(i),
                "bot_playing": i in self.bot_playing,
                "you": owner is not None and owner.key == key,
            })
        return {
            "code": self.code, "game": self.game.id, "title": self.game.title,
            "players": self.match.players, "started": self.started, "over": self.over,
            "private": self.private, "host": self.host.name,
            "progress": plain(self.game.progress(self.match.state), 60), "seats": seats,
            "spectators": sum(1 for m in self.members.values() if m.seat is None),
        }

    def result(self) -> dict[str, Any] | None:
        if not self.over:
            return None
        state = self.match.state
        r = self.game.result(state)
        history = self.game.score_history(state)
        # The breakdown and the scores over the chapters too: the game-over
        # screen shows them at a shared table as after a local game.
        return {"outcome": r.outcome, "unit": r.unit, "scores": list(r.scores),
                "ranks": list(r.ranks), "winners": list(r.winners),
                "others": [[n, s] for n, s in r.others],
                "others_breakdown": [dict(b) for b in r.others_breakdown],
                "breakdown": [dict(b) for b in r.breakdown], "tiebreak": r.tiebreak,
                "labels": [list(pair) for pair in r.labels],
                "history": {"labels": list(history.labels),
                            "rows": [list(row) for row in history.rows],
                            "others": [list(row) for row in history.others]},
                "chapter": str(self.game.chapter(state).kind)}

    # ------------------------------------------------------------ the log
    def _log(self, viewer: int, start: int, latest: Any = None) -> list[list]:
        """Log entries [step, parts, heading] from state ``start`` on, as
        ``viewer`` saw them (cached per viewer and step; ``latest``: the
        viewer's view of the current state, if already made)."""
        cache = self._logs.setdefault(viewer, [])
        states = self.match.states
        del cache[len(states):]
        for i in range(len(cache), len(states)):
            last = i == len(states) - 1 and latest is not None
            shown = latest if last else self.game.view(states[i], viewer)
            lines = (self.game.log_line(shown, e) for e in self.game.events(shown))
            entries = [[i, [[t, s] for t, s in line.parts], line.heading]
                       for line in lines if line is not None]
            if i - 1 in self.bot_moved:  # the move that led here was a bot's, for a person
                seat = self.bot_moved[i - 1]
                label = self.game.seat_label(states[i], seat)  # the log adds the name
                entries.insert(0, [i, [["A bot moves for ", None], [label, seat], [":", None]],
                                   False])
            cache.append(entries)
        return [entry for per_step in cache[start:] for entry in per_step]

    def _forget_log(self, step: int) -> None:
        """Drop cached log lines of states from ``step`` on (after an undo)."""
        for cache in self._logs.values():
            del cache[step + 1:]

    # ------------------------------------------------------------ messages
    def state_for(self, cid: int, reset: bool = False,
                  shared: dict[str, Any] | None = None) -> dict[str, Any]:
        """The state message for one connection: its own view only.
        ``shared``: what every connection's message has alike, made once."""
        m = self.members[cid]
        viewer = SPECTATOR if m.seat is None else m.seat
        shared = shared or self._shared()
        states = len(self.match.states)
        reset = reset or m.logged > states or m.logged == 0
        one_step = not reset and m.logged == states - 1
        view = self.game.view(self.match.state, viewer)
        log = self._log(viewer, 0 if reset else m.logged, view)
        m.logged = states
        table = dict(shared["table"])
        if m.who.key:
            table["seats"] = [dict(seat, you=self.owners[i] is not None
                                   and self.owners[i].key == m.who.key)
                              for i, seat in enumerate(table["seats"])]
        msg = {"t": "state", "step": self.step,
               "view": pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL),
               "to_move": shared["to_move"], "log": log, "reset": reset,
               "table": table, "result": shared["result"]}
        if one_step:  # the step can be played out at the player's pace
            stages = self.stages(viewer)
            if stages:
                msg["stages"] = [pickle.dumps(self.game.view(s, viewer),
                                              protocol=pickle.HIGHEST_PROTOCOL) for s in stages]
        return msg

    def stages(self, viewer: int) -> tuple:
        """The last step's stages ``viewer`` watches (``Game.stages``: an
        automated phase's moments), found once per step and viewer."""
        step, found = self._stages
        if step != self.step:
            found = {}
            self._stages = (self.step, found)
        if viewer not in found:
            m = self.match
            found[viewer] = (m.game.stages(m.states[-2], m.actions[-1], viewer)
                             if m.actions else ())
        return found[viewer]

    def _shared(self) -> dict[str, Any]:
        return {"table": self.info(), "to_move": self.match.to_move(), "result": self.result()}

    def states(self, reset: Iterable[int] = ()) -> Out:
        """A state message for every connection at the table."""
        again = set(reset)
        shared = self._shared()
        return [(cid, self.state_for(cid, cid in again, shared)) for cid in list(self.members)]

    def to_all(self, msg: dict[str, Any], but: int | None = None) -> Out:
        return [(cid, msg) for cid in self.members if cid != but]

    def notice(self, text: str, but: int | None = None) -> Out:
        return self.to_all({"t": "notice", "text": text}, but)

    def _changed(self) -> None:
        self.version += 1

    # ------------------------------------------------------------ arriving
    def join(self, cid: int, who: Who, seat: int | None = None) -> tuple[Out, int | None]:
        """Seat ``who`` (their own seat, the one asked, or the first free one).
        Returns the messages and the connection it replaced, if any (the same
        key from another terminal: that one goes back to the lobby)."""
        own = self.seat_of(who.key)
        seat = self.seat_for(who, seat)
        if own is None:
            self.owners[seat] = who
            old = self.match.seats[seat]
            self.match.seats = tuple(Seat(who.name, HUMAN, old.strength) if i == seat else s
                                     for i, s in enumerate(self.match.seats))
        replaced = self.client_of(seat)
        if replaced is not None:
            del self.members[replaced]
        back = seat in self.bot_playing
        self.bot_playing.discard(seat)
        self.members[cid] = Member(who, seat)
        self._changed()
        out: Out = []
        if replaced is not None:
            out.append((replaced, {"t": "ended", "text": "you joined this table from another "
                                   "connection"}))
        begins = self.begin_if_full()  # before the welcome, so "joined" says started
        out += self._welcome(cid, seat) + begins
        verb = "is back" if own is not None else "joined"
        out += self.notice(f"{who.name} {verb}" + ("; the bot steps aside" if back else ""),
                           but=cid)
        out += self.states(reset=[cid])
        return out, replaced

    def seat_for(self, who: Who, seat: int | None) -> int:
        """The seat ``who`` would get by joining (their own first), or Refused."""
        own = self.seat_of(who.key)
        if own is not None:
            return own
        if seat is None:
            free = self.free_seats() if not self.started else []
            if not free:
                raise Refused(f"table {self.code} has no free seat; you may watch it")
            return free[0]
        if not 0 <= seat < self.match.players:
            raise Refused(f"table {self.code} has no seat {seat + 1}")
        if not self.is_human(seat) or self.owners[seat] is not None or self.started:
            raise Refused(f"seat {seat + 1} at table {self.code} is not free")
        return seat

    def begin_if_full(self) -> Out:
        """Start by itself once every human seat is taken."""
        if self.started or not self._humans_all_taken():
            return []
        self.started = True
        self._changed()
        return self.notice("every seat is taken: the game begins")

    def watch(self, cid: int, who: Who) -> Out:
        self.members[cid] = Member(who, None)
        return self._welcome(cid, None) + [(cid, self.state_for(cid, reset=True))]

    def _welcome(self, cid: int, seat: int | None) -> Out:
        m = self.members[cid]
        out: Out = [(cid, {"t": "joined", "table": self.info(m.who.key), "seat": seat,
                           "host": m.who.key == self.host.key})]
        out += [(cid, line) for line in self.chat_lines]
        if self.undo_request and seat in self.undo_request.waiting:
            out.append((cid, self._undo_asked(self.undo_request, seat)))
        return out

    def leave(self, cid: int, grace: float | None) -> tuple[Out, int | None]:
        """``cid`` is gone (left, disconnected or cut off). Returns the
        messages and the seat that now waits for its player, if any."""
        m = self.members.pop(cid, None)
        if m is None:
            return [], None
        if m.seat is None:
            return [], None
        self._changed()
        out = self._drop_from_undo(m.seat)
        waits = None
        if not self.over and not self.ended and m.seat not in self.bot_playing:
            waits = m.seat
            later = f"; a bot plays in {grace:g} s" if grace is not None and self.started \
                else ""
            out += self.notice(f"{m.who.name} left{later}")
        out += self._hand_on(m.who)
        return out + self.states(), waits

    def _hand_on(self, gone: Who) -> Out:
        """The host left a table that has not started: the next human seated
        here (the lowest seat whose player is connected) hosts it now, so the
        others can start it. Nobody left: the table waits as it is (and
        closes when abandoned). The role stays with the new host when the
        old one comes back: the others were told who hosts, and it is the
        one who stayed."""
        if self.started or self.ended or gone.key != self.host.key \
                or any(m.who.key == gone.key for m in self.members.values()):
            return []
        seated = sorted((m.seat, cid) for cid, m in self.members.items()
                        if m.seat is not None and self.is_human(m.seat))
        if not seated:
            return []
        cid = seated[0][1]
        self.host = self.members[cid].who
        self._changed()
        return [(cid, {"t": "host", "code": self.code,
                       "text": "you host this table now: s starts it"})] \
            + self.notice(f"{self.host.name} hosts this table now", but=cid)

    def bot_takes(self, seat: int) -> Out:
        """A waiting seat's grace ran out (or the host asked): a bot plays it."""
        if (not self.is_human(seat) or self.connected(seat) or seat in self.bot_playing
                or self.owners[seat] is None):
            return []
        self.bot_playing.add(seat)
        self._changed()
        return self.notice(f"a bot plays for {self.match.seats[seat].name} until they are back") \
            + self.states()

    # ------------------------------------------------------------ playing
    def act(self, cid: int, step: int, encoded: list) -> Out:
        """A human's action: only the seat to move, at the current step, legal."""
        m = self.members.get(cid)
        if m is None or m.seat is None:
            raise Refused("you have no seat at this table")
        if not self.started:
            raise Refused("the game has not started yet")
        if self.over or self.ended:
            raise Refused("the game is over")
        if step != self.step:
            raise Refused("the game has moved on; your move was not played")
        if self.match.to_move() != m.seat or m.seat in self.bot_playing:
            raise Refused("it is not your turn")
        try:
            action = self.game.decode_action(encoded)
        except Exception:  # noqa: BLE001 - any failure to decode is the sender's
            raise Refused("that move is not one the game knows") from None
        if action not in self.game.legal(self.match.state):
            raise Refused("that move is not allowed now")
        return self.play(action)

    def play(self, action: tuple, by_bot: bool = False) -> Out:
        """Play a checked action (a human's or a bot's) and tell everyone; a
        bot's move for a person's seat is logged as the bot's."""
        seat = self.match.to_move()
        if by_bot and seat is not None and self.is_human(seat):
            self.bot_moved[self.step] = seat
        self.match.play(action)
        if seat is not None:
            self.decided[seat] = self.decided.get(seat, 0) + 1
        self.moves += 1
        self._changed()
        out: Out = []
        if self.undo_request is not None:
            out += self._end_undo(False, "the game moved on")
        return out + self.states()

    # ------------------------------------------------------------ chat
    def chat(self, cid: int, text: str) -> Out:
        m = self.members.get(cid)
        if m is None:
            raise Refused("you are not at a table")
        line = plain(text, MAX_CHAT).strip()
        if not line:
            return []
        msg = {"t": "chat", "name": m.who.name, "seat": m.seat, "text": line}
        self.chat_lines.append(msg)
        return self.to_all(msg)

    # ------------------------------------------------------------ undo
    def ask_undo(self, cid: int) -> Out:
        m = self.members.get(cid)
        if m is None or m.seat is None:
            raise Refused("only a player may ask to undo")
        if self.undo_request is not None:
            raise Refused("an undo is already being asked")
        if self.asked.get(m.seat) == self.decided.get(m.seat, 0):
            raise Refused("you may ask once a turn: move again, then you may ask")
        if not self.match.can_undo(m.seat):
            raise Refused("there is nothing you may undo now (you have not moved since, "
                          "or what came after showed hidden cards)")
        if self._human_moved_since(m.seat):
            raise Refused("another player has moved since; undo is not possible")
        waiting = {o.seat for c, o in self.members.items()
                   if o.seat is not None and o.seat != m.seat and o.seat not in self.bot_playing}
        req = self.undo_request = Undo(m.seat, self.step, waiting, self._last_move_of(m.seat))
        self.asked[m.seat] = self.decided.get(m.seat, 0)
        if not waiting:
            return self._end_undo(True, "")
        names = sorted({o.who.name for o in self.members.values() if o.seat in waiting})
        # the asker learns the question is out, and to whom
        asked = {**self._undo_asked(req, m.seat), "waiting": names}
        return [(cid, asked)] + [(c, self._undo_asked(req, o.seat))
                                 for c, o in self.members.items() if o.seat in waiting]

    def _last_move_of(self, seat: int) -> int:
        """The index of ``seat``'s last action (what its undo takes back)."""
        states = self.match.states
        for i in range(len(self.match.actions) - 1, -1, -1):
            if self.game.to_move(states[i]) == seat:
                return i
        return -1

    def _undo_asked(self, req: Undo, viewer: int) -> dict[str, Any]:
        """The question to ``viewer`` (or the asker's copy): who asks, and
        which move, in the log's words as ``viewer`` read them (so it names
        nothing they may not know), with how many moves came after it."""
        lines = [entry for entry in self._log(viewer, req.move + 1)
                 if entry[0] == req.move + 1 and not entry[2]] if req.move >= 0 else []
        texts = ["".join(str(t) for t, _ in entry[1]) for entry in lines]
        if len(texts) > 1 and texts[0].endswith(":"):  # "A bot moves for Massilia:" + its move
            texts[:2] = [f"{texts[0]} {texts[1]}"]
        return {"t": "undo_asked", "seat": req.seat, "name": self.match.seats[req.seat].name,
                "move": plain(texts[0], MOVE_CHARS) if texts else "",
                "after": max(0, self.step - req.move - 1) if req.move >= 0 else 0}

    def _human_moved_since(self, seat: int) -> bool:
        """Did another human seat decide after ``seat``'s last decision?"""
        states = self.match.states
        for i in range(len(self.match.actions) - 1, -1, -1):
            mover = self.game.to_move(states[i])
            if mover == seat:
                return False
            if mover is not None and self.is_human(mover) and mover not in self.bot_playing:
                return True
        return False

    def answer_undo(self, cid: int, yes: bool) -> Out:
        m = self.members.get(cid)
        req = self.undo_request
        if m is None or req is None or m.seat not in req.waiting:
            raise Refused("no undo is waiting for your answer")
        if not yes:
            return self._end_undo(False, f"{m.who.name} said no")
        req.waiting.discard(m.seat)
        return [] if req.waiting else self._end_undo(True, "")

    def expire_undo(self) -> Out:
        """Nobody answered in time: the request is refused."""
        if self.undo_request is None:
            return []
        names = ", ".join(self.match.seats[s].name for s in sorted(self.undo_request.waiting))
        return self._end_undo(False, f"no answer from {names} in time")

    def _drop_from_undo(self, seat: int) -> Out:
        req = self.undo_request
        if req is None:
            return []
        if req.seat == seat:
            return self._end_undo(False, "the player who asked left")
        req.waiting.discard(seat)
        return [] if req.waiting else self._end_undo(True, "")

    def _end_undo(self, ok: bool, why: str) -> Out:
        req, self.undo_request = self.undo_request, None
        assert req is not None
        name = self.match.seats[req.seat].name
        if ok and req.step == self.step and self.match.undo(req.seat):
            self.match.redo_stack.clear()  # no redo at a shared table
            self.bot_moved = {i: s for i, s in self.bot_moved.items() if i < self.step}
            self.moves += 1
            self._changed()
            self._forget_log(self.step)
            msg = {"t": "undo_result", "ok": True, "text": f"{name}'s move was taken back",
                   "seat": req.seat, "why": ""}
            return self.to_all(msg) + self.states()
        text = f"{name}'s undo was refused" + (f": {why}" if why else "")
        return self.to_all({"t": "undo_result", "ok": False, "text": text, "seat": req.seat,
                            "why": why})

    # ------------------------------------------------------------ host
    def _host(self, cid: int) -> Member:
        m = self.members.get(cid)
        if m is None or m.who.key != self.host.key:
            raise Refused("only the host may do that")
        return m

    def start(self, cid: int) -> Out:
        """The host begins now: empty human seats become bots."""
        self._host(cid)
        if self.started:
            raise Refused("the game has already started")
        kind, strength = self.bot_kind(), self.strength()
        free = set(self.free_seats())
        self.match.seats = tuple(
            Seat(f"{kind.capitalize()} {i + 1}", kind, strength) if i in free else s
            for i, s in enumerate(self.match.seats))
        self.started = True
        self._changed()
        return self.notice("the host started the game") + self.states()

    def host_bot(self, cid: int, seat: int) -> Out:
        """The host lets a bot play a waiting (disconnected) seat now."""
        self._host(cid)
        if not 0 <= seat < self.match.players or self.owners[seat] is None \
                or self.connected(seat) or seat in self.bot_playing:
            raise Refused(f"seat {seat + 1} is not waiting for its player")
        return self.bot_takes(seat)

    def end(self, cid: int) -> Out:
        self._host(cid)
        self.ended = True
        self._changed()
        out = self.to_all({"t": "ended", "text": f"The host ended table {self.code}."})
        self.members.clear()
        return out


def new_match(game_id: str, seats: list[dict[str, Any]], options: Any, seed: int,
              creator: Who) -> Match:
    """The Match a create request asks for; the creator takes the first human seat.
    Seat specs must already be checked (kinds, strengths, count)."""
    out = []
    for i, spec in enumerate(seats):
        kind = spec["kind"]
        name = plain(spec.get("name", ""), MAX_NAME).strip()
        fallback = f"Seat {i + 1}" if kind == HUMAN else f"{kind.capitalize()} {i + 1}"
        name = name or fallback
        out.append(Seat(name, kind, spec.get("strength", "normal")))
    first = next((i for i, s in enumerate(out) if s.kind == HUMAN), None)
    if first is not None:
        out[first] = Seat(creator.name, HUMAN, out[first].strength)
    return Match(game_id, tuple(out), seed, options)
