"""Every card's text in words, built from the data (``data.QUESTS``,
``data.TRADE_CARDS``, ``data.EVENTS``): the rulebook prints most cards only
as pictures, and most of ours are stand-ins, so a player cannot look them
up anywhere else. The side panel and the action detail show one card's
text (``quest_text``, ``card_text``); ``text`` is the reference section the
in-app rulebook appends (``GameEntry.reference``), one line per card,
marked "stand-in" where the record is ``inferred``.
"""

from __future__ import annotations

from engine.games import STAND_IN

from . import data

# Each measure a Quest or an Event counts: (one, many), the noun phrase.
MEASURE_WORDS: dict[str, tuple[str, str]] = {
    "legions in regions": ("Legion in the Battle Regions", "Legions in the Battle Regions"),
    "regions with legions": ("Battle Region holding one of your Legions",
                             "Battle Regions holding one of your Legions"),
    "regions first": ("defeated Battle Region where you stand first",
                      "defeated Battle Regions where you stand first"),
    "regions defeated": ("defeated Battle Region", "defeated Battle Regions"),
    "votes on column": ("Vote on the Senate's Column", "Votes on the Senate's Column"),
    "top vote": ("the top Vote of the Column", "the top Vote of the Column"),
    "column points": ("Politics point from the Column", "Politics points from the Column"),
    "majorities": ("Majority achieved", "Majorities achieved"),
    "trade cards in hand": ("Trade card in hand", "Trade cards in hand"),
    "trade sets": ("Trade set formed", "Trade sets formed"),
    "sets of one type": ("Trade set of one type", "Trade sets of one type"),
    "denarii": ("Denarius", "Denarii"),
    "glory": ("Glory", "Glory"),
    "final glory": ("Glory at the final scoring", "Glory at the final scoring"),
    "pantheon pieces": ("Pantheon piece", "Pantheon pieces"),
    "pantheon levels": ("finished Pantheon level", "finished Pantheon levels"),
    "gold pantheon pieces": ("gold Pantheon piece", "gold Pantheon pieces"),
    "population": ("Population of the province in front of you",
                   "Population of the province in front of you"),
    "medals": ("Medal", "Medals"),
    "followers": ("Follower recruited", "Followers recruited"),
    "legions recruited": ("Legion recruited", "Legions recruited"),
    "votes recruited": ("Vote recruited", "Votes recruited"),
    "feuds": ("Feud on your Feud track", "Feuds on your Feud track"),
    "schemes activated": ("Scheme activated", "Schemes activated"),
    "tiles placed": ("building tile placed", "building tiles placed"),
    "level 3 tiles placed": ("level III building tile placed", "level III building tiles placed"),
    "colosseum followers": ("Follower placed on the Colosseum",
                            "Followers placed on the Colosseum"),
    "quests completed": ("Quest completed", "Quests completed"),
    **{f"medal:{t}": (f"the {t} Medal", f"the {t} Medal") for t in data.BUILDING_TYPES},
    **{f"sets:{t}": (f"{t} set formed", f"{t} sets formed") for t in data.SET_TYPES},
}

# When each Trade card condition (``data.CONDITIONS``) lets its card be played.
CONDITION_WORDS: dict[str, str] = {
    "S": "when you activate a Scheme",
    "V": "when a Scheme is activated on your Province",
    "B": "when you build",
    "A": "when you place a Follower anywhere",
    "C": "when you place a Follower on the Colosseum",
    "F": "when you place a Follower on a Farming building",
    "D": "when you receive double Income",
}


def counted(n: int, measure: str) -> str:
    """``n`` of a measure: "1 Jewels set formed", "3 Votes on the Senate's Column"."""
    one, many = MEASURE_WORDS[measure]
    return f"{n} {one if n == 1 else many}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 Legion``, ``2 Legions`` (``many`` where the plural is not +s)."""
    return f"{n} {word if abs(n) == 1 else many or word + 's'}"


def effect_text(e: data.Effect) -> str:
    """What an effect does, as a rulebook would word it: "gain 2 Denarii"."""
    n = e.amount
    words = {
        "glory": f"{'gain' if n > 0 else 'lose'} {abs(n)} Glory",
        "denarii": f"{'gain' if n > 0 else 'lose'} {plural(abs(n), 'Denarius', 'Denarii')}",
        "draw": f"draw {plural(n, 'Trade card')}",
        "take discard": "take the top card of the Trade discard pile",
        "remove anchor": "remove the Anchor card from your hand",
        "recruit legion": f"recruit {plural(n, 'Legion')}",
        "recruit vote": f"recruit {plural(n, 'Vote')}",
        "place legion": f"place {plural(n, 'Legion')} from your board in a Battle Region",
        "move legions": f"move {plural(n, 'Legion')} from one Battle Region to another",
        "return legion": f"return {plural(n, 'Legion')} from a Battle Region to your board",
        "place vote": f"place {plural(n, 'Vote')} on top of the Column",
        "remove lowest vote": "your lowest Vote on the Column returns to your board",
        "discard random": f"discard {plural(n, 'random Trade card')} (never the Anchor)",
    }
    return words[e.kind]


def _origin(record: object) -> str:
    """" (stand-in)", or what of a stand-in the rulebook gives; "" when
    the rulebook gives the whole card."""
    if not getattr(record, "inferred", False):
        return ""
    given = [f for f in getattr(record, "from_text", ()) if f != "name"]
    if "name" in getattr(record, "from_text", ()) and not given:
        return " (stand-in; the name is the rulebook's)"
    if given:
        return f" (stand-in; the rulebook gives its {', '.join(given)})"
    return " (stand-in)"


def quest_rule(q: data.Quest) -> str:
    """What a Quest asks and pays at the end of the game."""
    what = MEASURE_WORDS[q.measure][1]
    glory = f"{q.glory} Glory"
    if q.compare == data.PER:
        return f"{glory} for each of your {what}"
    if q.measure.startswith("medal:"):
        return f"{glory} if you hold {what}"
    if q.compare == data.AT_LEAST:
        if q.measure == "top vote":
            return f"{glory} if you hold {what}"
        return f"{glory} if you have at least {counted(q.threshold, q.measure)}"
    if q.compare == data.AT_MOST:
        return (f"{glory} if you have no {what}" if q.threshold == 0
                else f"{glory} if you have at most {counted(q.threshold, q.measure)}")
    if q.compare == data.MOST:
        need = f" (at least {q.threshold})" if q.threshold > 1 else ""
        return f"{glory} if you have the most {what}{need}; a tie counts for you"
    return f"{glory} if you have the fewest {what}; a tie counts for you"


def quest_text(index: int) -> str:
    """A Quest card in one line: "Ascetic: 3 Glory if you have the fewest
    Denarii; …"."""
    q = data.QUESTS[index]
    out = f"{q.name}: {quest_rule(q)}"
    if q.asterisk:
        out += "; not in a 2-player game"
    return out


def card_rule(c: data.TradeCard) -> str:
    """When a Trade card is played and what it does."""
    return f"{CONDITION_WORDS[c.condition]}: {effect_text(c.effect)}"


def card_text(index: int) -> str:
    """A Trade card in one line: "Pugio (Weapons): when you activate a
    Scheme: gain 2 Denarii"."""
    c = data.TRADE_CARDS[index]
    kind = "Chest, wild in sets" if c.type == data.CHEST else c.type
    out = f"{c.name} ({kind}): {card_rule(c)}"
    if c.asterisk:
        out += "; not in a 2-player game"
    return out


def event_rule(e: data.Event) -> str:
    """Who an Event rewards and with what, and how the board turns."""
    who = "most" if e.most else "fewest"
    what = MEASURE_WORDS[e.measure][1].replace(" in front of you", " in front of them")
    need = f" (at least {e.minimum})" if e.minimum else ""
    gets = " and ".join(effect_text(r) for r in e.reward)
    turn = "clockwise" if e.direction == data.CW else "counter-clockwise"
    return (f"the {who} {what}{need}, every tied player: {gets}; then the board "
            f"turns {turn}, {plural(e.arrows, 'quarter turn')}")


def text() -> str:
    """The reference section appended to the rulebook: every Quest, Trade
    and Event card, one line each, searchable by name."""
    lines = ["", "", "CARD REFERENCE (Tabula)", "",
             "Most cards are printed in the rulebook only as pictures. Tabula's texts "
             f"below are built from its card data. {STAND_IN}", "",
             f"Quest cards ({len(data.QUESTS)}; the Emperor Solo deals none that needs "
             "Schemes)", ""]
    for i, q in enumerate(data.QUESTS):
        lines.append(f"- {quest_text(i)}{_origin(q)}.")
    lines += ["", f"Trade cards ({len(data.TRADE_CARDS)}, plus "
              f"{data.ANCHOR_CARDS} Anchor cards that do nothing and are never sold)", ""]
    for i, c in enumerate(data.TRADE_CARDS):
        lines.append(f"- {card_text(i)}{_origin(c)}.")
    lines += ["", f"Event cards ({len(data.EVENTS)}; Hard Times adds the last "
              f"{len(data.NEGATIVE_EVENTS)})", ""]
    for e in data.EVENTS:
        lines.append(f"- {e.name}: {event_rule(e)}{_origin(e)}.")
    return "\n".join(lines) + "\n"
