"""Words for players: actions for menus, prompts, and events for the log.

Each phase module words its own decisions (``PROMPTS``) and events
(``LOG``); this module assembles them (on first use: ``OWN_LOG`` is
defined below) and words the actions, the phases' own prompts and the
Glory track's events.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import LogLine

from . import (
    action_phase,
    benefits,
    board,
    build,
    data,
    diplomacy,
    effects,
    events_phase,
    forces,
    glory,
    income,
    scheme,
    scoring,
    setup,
    trade,
)
from .state import (
    ACTIONS,
    BUILD,
    DIPLOMACY,
    EVENT,
    INCOME,
    OVER,
    PHASE_NAMES,
    PROVINCES,
    QUESTS,
    SCHEMES,
    TYPE_INDEX,
    State,
    coins,
    in_front,
    option,
    seat_facing,
    seat_name,
)

# Every module that may word decisions or events, spine first.
MODULES = (setup, events_phase, income, scoring, diplomacy, scheme, build, action_phase,
           forces, benefits, trade, effects, glory)
_PROMPTS: dict[str, Callable] = {}
_LOG: dict[str, Callable] = {}


def _tables() -> tuple[dict[str, Callable], dict[str, Callable]]:
    if not _LOG:
        for m in MODULES:
            _PROMPTS.update(getattr(m, "PROMPTS", {}))
            _LOG.update(getattr(m, "LOG", {}))
        _LOG.update(OWN_LOG)
    return _PROMPTS, _LOG


# ---------------------------------------------------------------- actions
def _where(a: tuple) -> str:
    where = {"Colosseum": "the Colosseum", "Scheme": "a Scheme space"}.get(
        a[1], f"the {a[1]} building")
    return f"Place a Follower on {where}" + (" with the Bonus" if a[2] else "")


def _offer(a: tuple) -> str:
    token = "an Alliance" if a[1] == data.ALLIANCE else "a Spy"
    return f"Offer {token} on the {a[3]} building of {a[2]} with {coins(a[4])}"


# One entry per action kind: its menu text (data, not a chain of ifs).
DESCRIBE: dict[str, Callable[[tuple], str]] = {
    "return_quest": lambda a: f"Return the Quest {a[1]}",
    "region": lambda a: a[1],
    "income": lambda a: "Double Income" if a[1] else "Single Income",
    "build": lambda a: f"Build {a[1]}",
    "place": _where,
    "legion": lambda a: f"Move a Legion from {'your board' if a[1] == 'board' else a[1]} "
                        f"to {a[2]}",
    "play": lambda a: f"Play {a[1]}",
    "sell": lambda a: f"Sell {a[1]} for 1 Denarius",
    "discard": lambda a: f"Discard {a[1]}",
    "set": lambda a: f"Form a set: {', '.join(a[1])}",
    "buy_glory": lambda a: f"Buy 1 Glory for {data.RELIGION_MEDAL_PRICE} Denarii",
    "done": lambda a: "Done",
    "apostasy": lambda a: f"{'Replace' if a[2] else 'Remove'} the Legion in {a[1]}",
    "vote": lambda a: f"The Vote at position {a[1] + 1} of the Column",
    "offer": _offer,
    "counter": lambda a: f"Counter-offer {coins(a[1])}",
    "accept": lambda a: "Accept",
    "refuse": lambda a: "Refuse",
    "spy_glory": lambda a: "Take the Glory",
    "spy_action": lambda a: "Take the building's action",
}


def _build(s: State, a: tuple) -> str:
    """"Build Politics II: 8 Denarii, +4 Glory": the level of the tile the
    seat to move would place on the province in front of it, its price and
    its Glory (L161-164), the Medal when it takes one (L167) and the
    Follower a milestone it reaches recruits (L99); the tile's
    name is in the action's detail (the menu line fits 80×24 with it out)."""
    seat = s.queue[0] if s.queue else -1
    t = TYPE_INDEX.get(a[1], -1)
    if seat < 0 or t < 0:
        return f"Build {a[1]}"
    level = s.provinces[in_front(s, seat)].levels[t] + 1
    if level > build.TOP_LEVEL:
        return f"Build {a[1]}"
    cost, gained = build.COST[t][level]
    medal = (level == build.TOP_LEVEL and bool(s.medals >> t & 1)
             and not option(s, "heroes"))
    recruits = sum(e.follower for e in glory.forecast_gain(s, seat, gained))
    follower = {0: "", 1: ", recruits a Follower"}.get(recruits,
                                                        f", recruits {recruits} Followers")
    return (f"Build {a[1]} {'I' * level}: {cost} Denarii, +{gained} Glory"
            + (f", takes the {a[1]} Medal" if medal else "") + follower)


def _income(s: State, a: tuple) -> str:
    """"Double Income: +12 Denarii, -4 Glory": what each Income gives the
    seat to move (L268-270; the penalty is the Population disc's red number);
    in the last round what the Denarii it leaves score at the end too (L307:
    "(end: 28 Denarii = 7 Glory)")."""
    word = "Double Income" if a[1] else "Single Income"
    if not s.queue:
        return word
    seat = s.queue[0]
    now = income.offer_of(s, seat)
    gained = now.double if a[1] else now.single
    said = f"{word}: +{coins(gained)}" + (f", -{now.penalty} Glory" if a[1] else "")
    if a[1] and s.n == 1:
        said += undone_task(s, seat, now.penalty)
    if s.round < data.ROUNDS:
        return said
    left = s.players[seat].denarii + gained  # L307: the last round's Denarii score at the end
    return f"{said} (end: {coins(left)} = {left // scoring.denarii_rate(s, seat)} Glory)"


def undone_task(s: State, seat: int, lost: int) -> str:
    """", undoes the 51-Glory task": the Emperor Solo task ``lost`` Glory
    would take back (L364; walk-through: Double Income did so unwarned)."""
    task = data.SOLO_TASKS[0]
    have = s.players[seat].glory
    if task.measure == "glory" and have >= task.threshold > have - lost:
        return f" (undoes the {task.threshold}-Glory task)"
    return ""


def _votes(s: State, seat: int, times: int) -> str:
    """"2 Votes on the Column, a Majority, +2 Glory"; "nothing: no Vote left
    on your board" (the Follower still goes, L195)."""
    n = forces.forecast_votes(s, seat, times).placed  # L201: a Vote pushed home may go again
    if not n:
        held = trade.recruiters(s, seat, "recruit vote")
        if held:  # a card played in the window before it recruits one (L210)
            return f"no Vote on your board yet ({held[0]} recruits one)"
        return "nothing: no Vote left on your board"
    said = f"{n} Vote{'s' if n > 1 else ''} on the Column"
    if n < times:
        said += f" (only {n} left)"
    won = majority_glory(s, seat, times)
    if won:
        count = "a Majority" if len(won) == 1 else f"{len(won)} Majorities"
        said += f", {count}, +{sum(won)} Glory"
    return said


def majority_glory(s: State, seat: int, times: int) -> list[int]:
    """The Glory of each Majority ``times`` Votes placed by ``seat`` now
    score (L197-198, 3 with the Politics Medal, L169), as
    ``forces.place_vote`` awards it: run on a copy, so a second Vote on a
    run of two scores a second Majority (walk-through: "2 Votes on the
    Column, a Majority" scored two, +4 Glory, and said no number)."""
    w = s.thaw()
    w.events = []
    for _ in range(times):
        if not forces.place_vote(w, seat, "forecast"):
            break
    return [e.glory for e in w.events if e.kind == "majority"]


def _pantheon(s: State, seat: int) -> str:
    """Which piece a Religion Follower adds (L236-240): an own-colour piece
    while the level needs one, else the common piece that finishes it, by
    its colour and its end-game Glory (L318-324: "the gold piece, 4 Glory
    at the end");
    "nothing" once the Pantheon is complete."""
    p = s.players[seat]
    if p.top_common:
        return "nothing: your Pantheon is complete"
    level, own, need = ("base", p.base_own, forces.BASE_OWN) if not p.base_common \
        else ("top", p.top_own, forces.TOP_OWN)
    if own < need:
        return (f"Pantheon {level}: own piece {own + 1} of {need}, "
                f"{data.PANTHEON_POINTS[data.OWN]} Glory at the end")  # L324
    colour = forces.next_common_piece(s, 0 if level == "base" else 1)
    if not colour:
        return f"Pantheon {level}: the common piece"
    return (f"Pantheon {level}: the {colour} piece, {data.PANTHEON_POINTS[colour]} Glory "
            "at the end")


def _gain(s: State, seat: int, target: str, bonus: bool) -> str:
    """What a Follower placed on ``target`` gives ``seat`` now (L179-252;
    the Bonus doubles Military, Politics and Trade, L261-264)."""
    times = 2 if bonus else 1
    if target == "Colosseum":
        return f"+{board.COLOSSEUM_GLORY} Glory"
    if target == "Scheme":
        late = s.round >= data.ROUNDS  # L119: activated in a later round's Scheme phase
        feuds = data.SCHEME_ACTIVATION_FEUDS  # L122: what its activation will cost
        price = f"; {feuds} Feud{'s' if feuds != 1 else ''} to activate it later"
        return "a Scheme marker, face down" + (" (the last round: never activated)"
                                                if late else price)
    if target == data.MILITARY:
        return f"move {times} Legion{'s' if times > 1 else ''}"
    if target == data.POLITICS:
        return _votes(s, seat, times)
    if target == data.TRADE:
        return f"draw {times} Trade card{'s' if times > 1 else ''}"
    if target == data.RELIGION:
        return _pantheon(s, seat)
    return f"+{coins(forces.farming_denarii(s, seat))}"


def _place(s: State, a: tuple) -> str:
    """"Trade with the Bonus: draw 2 Trade cards": where the Follower goes
    (the prompt says "place a Follower") and what it gives the seat to move,
    short enough for one line of the action list at 120×40."""
    if not s.queue or s.phase != ACTIONS:
        return _where(a)
    target = {"Scheme": "Scheme space"}.get(a[1], a[1])
    bonus = " with the Bonus" if a[2] else ""
    return f"{target}{bonus}: {_gain(s, s.queue[0], a[1], bool(a[2]))}"


def _done(s: State, a: tuple) -> str:
    """In a Trade window "Done" closes the window, not the turn: say so."""
    if s.pending and s.pending[-1].kind == trade.WINDOW:
        return "Go on: play no Trade card now"
    return "Done"


# Action kinds whose menu text reads the state (the numbers of the seat to move).
def _activate(s: State, a: tuple) -> str:
    """"Activate your Scheme in Gaule (space 1) for 1 Feud: Mudslinging,
    Crassus loses 1 Glory": the price (L122) and what the effect does to
    the target, whoever faces the province now (L121), and gives you."""
    target = seat_facing(s, PROVINCES.index(a[1]))
    feuds = data.SCHEME_ACTIVATION_FEUDS
    price = f"{feuds} Feud{'s' if feuds != 1 else ''}"
    head = f"Activate your Scheme in {a[1]} (space {a[2] + 1}) for {price}: {a[3]}"
    if target is None:
        return head
    gain = SCHEME_GAINS.get(a[3])
    return f"{head}, {gain(s, target)}" if gain is not None \
        else f"{head} on {seat_name(s, target)}"


def _legions_moved(s: State, target: int) -> str:
    """Deception moves up to the Scheme's two Legions, as many as are out."""
    n = min(data.SCHEME[data.DECEPTION].legions, sum(r[target] for r in s.regions))
    return f"you move {n} of {seat_name(s, target)}'s Legion{'s' if n != 1 else ''}"


# What each Scheme effect does (L143-150), naming the target: the numbers
# are the data's (the Glory and Denarii you gain, the Legions it moves).
SCHEME_GAINS: dict[str, Callable[[State, int], str]] = {
    data.MUDSLINGING: lambda s, t: f"{seat_name(s, t)} loses 1 Glory",
    data.DEGRADATION: lambda s, t: f"{seat_name(s, t)} loses a Pantheon piece",
    data.APOSTASY: lambda s, t: f"{seat_name(s, t)} loses a Legion in a region" + (
        ", or yours replaces it" if s.queue and s.players[s.queue[0]].legions > 0 else ""),
    data.DECEPTION: _legions_moved,
    data.REVOTE: lambda s, t: f"a Vote of {seat_name(s, t)}'s becomes yours",
    data.VOID_VOTE: lambda s, t: (f"{seat_name(s, t)} loses a Vote, you gain "
                                  f"{data.SCHEME[data.VOID_VOTE].glory} Glory"),
    data.SOLD: lambda s, t: (f"{seat_name(s, t)} discards a random card, you gain "
                             f"{coins(data.SCHEME[data.SOLD].denarii)}"),
    data.CUSTOM_FEES: lambda s, t: f"you take a random card from {seat_name(s, t)}",
}


def _legion(s: State, a: tuple) -> str:
    """Your own Legion's move; in a Deception, the target's: "Move Crassus's
    Legion from Epirus to Thrace"."""
    if s.pending and s.pending[-1].kind == scheme.DECEPTION_MOVE:
        whose = f"{seat_name(s, s.pending[-1].data[0])}'s"
        return f"Move {whose} Legion from {a[1]} to {a[2]}"
    return DESCRIBE["legion"](a)


def _play(s: State, a: tuple) -> str:
    """"Play Gladius: no effect, no Legion on your board": a card
    played for nothing is still discarded (L209), so the label says so.
    Else what it gives where that is a number or a card ("Play Anulus: +1
    Glory", "Play Snake Bracelets: take Pugio"), and the cards of this
    window it shuts out ("; then not Snake Bracelets": ``shut_out``)."""
    seat = s.pending[-1].seat if s.pending else (s.queue[0] if s.queue else -1)
    if not 0 <= seat < s.n:
        return f"Play {a[1]}"
    why = trade.idle_reason(s, seat, a[1])
    if why:
        return f"Play {a[1]}: no effect, {why}"
    gain = play_gain(s, a[1])
    lost = shut_out(s, seat, a[1])
    return (f"Play {a[1]}" + (f": {gain}" if gain else "")
            + (f"; then not {' or '.join(lost)}" if lost else ""))


def play_gain(s: State, name: str) -> str:
    """What the card ``name`` gives, where a number or a public card says
    it: "+1 Glory", "+2 Denarii", "draw 2 Trade cards", "take Pugio" (the
    discard pile's top is public, L233); "" for the others (the card's
    text under the board says them)."""
    c = data.TRADE_CARD.get(name)
    if c is None:
        return ""
    n, kind = c.effect.amount, c.effect.kind
    if kind == "glory":
        return f"{n:+d} Glory"
    if kind == "denarii":
        return f"{'+' if n > 0 else '-'}{coins(abs(n))}"
    if kind == "draw":
        return f"draw {n} Trade card{'s' if n != 1 else ''}"
    if kind == "take discard" and s.discard:
        return f"take {trade.NAMES[s.discard[-1]]}"
    return ""


def shut_out(s: State, seat: int, name: str) -> list[str]:
    """The other cards of ``seat``'s hand this Trade window would let it
    play that it cannot once ``name`` is played: the chain goes on for the
    played card's condition only (``trade.window_resolve``), so after a
    Farming card an Anywhere card waits (walk-through: Snake Bracelets was
    then only for sale, and nothing said so)."""
    if not s.pending or s.pending[-1].kind != trade.WINDOW or s.pending[-1].seat != seat:
        return []
    (conditions,) = s.pending[-1].data
    c = data.TRADE_CARD.get(name)
    if c is None:
        return []
    lost: list[str] = []
    for card in trade.known_cards(s.players[seat].hand):
        other = trade.NAMES[card]
        if other != name and other not in lost and trade.CONDITION[card] in conditions \
                and trade.CONDITION[card] != c.condition:
            lost.append(other)
    return lost


DESCRIBE_NOW: dict[str, Callable[[State, tuple], str]] = {
    "play": _play,
    "activate": _activate,
    "legion": _legion,
    "build": _build,
    "income": _income,
    "place": _place,
    "done": _done,
}


def describe(s: State, a: tuple) -> str:
    now = DESCRIBE_NOW.get(a[0])
    if now is not None:
        return now(s, a)
    text = DESCRIBE.get(a[0])
    return text(a) if text is not None else " ".join(str(x) for x in a)


# ---------------------------------------------------------------- prompts
PHASE_PROMPTS = {
    QUESTS: "choose your Quests",
    EVENT: "the Event",
    DIPLOMACY: "place a Diplomacy token, or pass",
    SCHEMES: "activate your Schemes, or Done",  # the action that ends them ("or end" read as cut)
    BUILD: "build on the province in front of you, or Done",
    ACTIONS: "place a Follower",
    INCOME: "single or double Income?",
}


def prompt(s: State) -> str:
    if s.phase == OVER:
        return "The game is over"
    if s.pending:
        pd = s.pending[-1]
        prompts, _ = _tables()
        f = prompts.get(pd.kind)
        if f is not None:
            return f(s, pd)
        return f"{seat_name(s, pd.seat)}: {pd.kind}"
    if s.queue:
        return f"{seat_name(s, s.queue[0])}: {PHASE_PROMPTS.get(s.phase, PHASE_NAMES[s.phase])}"
    return PHASE_NAMES.get(s.phase, str(s.phase))


# ---------------------------------------------------------------- log
def _glory(s: State, e: tuple) -> str:
    n = abs(e.amount)
    verb = "gains" if e.amount > 0 else "loses"
    return f"{seat_name(s, e.seat)} {verb} {n} Glory ({e.why})"


def _milestone(s: State, e: tuple) -> str:
    what = "recruits a Follower" if e.follower else "has all five Followers already"
    return f"{seat_name(s, e.seat)} reaches the milestone on space {e.space} and {what}"


def _achievement(s: State, e: tuple) -> str:
    return f"Achievement for {seat_name(s, e.seat)}: {e.text}"


def _over(s: State, e: tuple) -> str:
    scores = ", ".join(f"{seat_name(s, i)} {x}" for i, x in enumerate(e.scores))
    return f"Final scoring: {scores}"


OWN_LOG: dict[str, Callable] = {
    "glory": _glory,
    "milestone": _milestone,
    "achievement": _achievement,
    "game_over": _over,
}


def log_line(s: State, e: tuple) -> LogLine | None:
    _, log = _tables()
    f = log.get(e[0])
    if f is None:
        return None
    text = f(s, e)
    if text is None:
        return None
    seat = getattr(e, "seat", None)
    heading = e[0] == "event"
    if not isinstance(seat, int):
        return LogLine(((text, None),), heading)
    return LogLine(_split_at_name(text, seat_name(s, seat), seat), heading)


def _split_at_name(text: str, name: str, seat: int) -> tuple[tuple[str, int], ...]:
    """The line in two parts of ``seat``'s, the first ending with its name
    ("…Pompeius's"), so the table's log puts the player's name after it:
    "Pompeius (Livia) loses a piece…", not "… (Livia)" at the end of a line
    another seat's Scheme caused (walk-through: it read as Livia's doing)."""
    at = text.find(name)
    if at < 0:
        return ((text, seat),)
    end = at + len(name)
    if text.startswith("'s", end):
        end += 2
    return tuple((part, seat) for part in (text[:end], text[end:]) if part)


def province_name(index: int) -> str:
    return board.PROVINCE_NAMES[index]
