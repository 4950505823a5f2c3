"""Saves written by earlier Tabulas still load, and loading checks a save's
options against the game's declared ones (``engine.core.check_options``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ageofrome.data import QUESTS
from engine.core import IllegalAction, Options, named_options
from engine.match import Match
from engine.provincia.data import BELLA
from saves import SaveError, codec, load_match, save_match
from saves.files import load_header
from tests.test_saves_support import G, make_match, pack_doc, save_doc, write

FIXTURES = Path(__file__).parent / "saves_fixtures"


def fixture(name: str) -> Path:
    return FIXTURES / f"{name}.tabula"


def test_a_finished_game_saved_by_f4ddd8b_loads():
    m = load_match(fixture("finished-4p"))
    assert m.is_over() and len(m.actions) == 240 and m.redo_stack == []
    assert m.options == Options.of({"cities": ("Tolosa", "Arelate", "Massilia", "Narbo Martius"),
                                    "finite_gold": False})
    assert [s.name for s in m.seats] == ["Ada", "Bot 2", "Bot 3", "Bot 4"]
    assert [(s.kind, s.strength) for s in m.seats[1:]] == [("rules", "normal"),
                                                          ("rules", "easy"),
                                                          ("random", "normal")]
    assert m.meta["created"] == 1_700_000_000.0
    res = G.result(m.state)
    assert res.winners and len(res.scores) == 4
    assert codec.options_problem(G, m.options, 4) is None  # as the game declares them


def test_a_game_in_progress_saved_by_f4ddd8b_loads_and_plays_on(tmp_path: Path):
    m = load_match(fixture("progress-3p"))
    assert not m.is_over() and len(m.actions) == 48
    assert m.redo_stack == [("pick", 0)] and m.meta["note"] == "kept as a fixture"
    assert m.redo()  # the redo stack still replays
    while not m.is_over():
        m.play(G.legal(m.state)[0])
    again = load_match(save_match(m, tmp_path / "on.tabula"))
    assert again.state == m.state


def test_options_from_that_days_command_line_still_load():
    """Lower-case cities, ``finite_gold=0`` and an undeclared key fail the
    declared options, but the game set up and replayed with them all the
    same: the digest proves it, and a save is not lost for a spelling."""
    path = fixture("cli-options-2p")
    m = load_match(path)
    assert m.options == Options.of({"cities": ("massilia", "tolosa"), "finite_gold": 0,
                                    "house_rule": "x"})
    assert len(m.actions) == 20
    assert "not one of" in codec.options_problem(G, m.options, 2)
    header, _ = load_header(path)
    assert header.game == "provincia" and len(header.seats) == 2


@pytest.mark.parametrize("options, words", [
    ([["cities", ["Tolosa", "Roma", "Massilia"]]], "option 'cities': 'Roma' is not one of"),
    ([["cities", ["Tolosa", "Tolosa", "Massilia"]]], "each seat needs a different value"),
    ([["cities", ["Tolosa"]]], r"needs one value per seat \(3\), not 1"),
])
def test_options_the_game_refuses_are_explained_by_their_declaration(tmp_path: Path, options,
                                                                     words):
    doc = save_doc(make_match(players=3, limit=10))
    doc["options"] = options
    path = write(tmp_path / "bad.tabula", pack_doc(doc))
    with pytest.raises(SaveError, match=f"options do not set up a game .*{words}"):
        load_match(path)


def test_declared_options_pass_the_check():
    assert codec.options_problem(G, Options(), 3) is None
    good = Options.of({"cities": ("Tolosa", "Massilia", "Arelate"), "finite_gold": True})
    assert codec.options_problem(G, good, 3) is None
    assert "unknown option 'gold'" in codec.options_problem(G, Options.of({"gold": 1}), 3)


@pytest.mark.parametrize("players", [5, 6])
def test_games_of_the_first_stand_ins_still_load_after_the_tuning(players: int):
    """Finished 5- and 6-player games with Bellum II-c and V-d dealt, saved by
    f4ddd8b before the stand-in data was tuned: they name no ``edition``
    and no ``finite_gold``, so they replay with the first cards and rows and
    the limited gold they were played with, to their digests."""
    m = load_match(fixture(f"first-stand-ins-{players}p"))
    assert m.is_over() and m.options == Options()
    first = m.states[0]
    assert [p.pp for p in first.players[:2]] == [-2, -2]  # the first rows
    assert BELLA[first.bellum[2].card].attack == 7  # the first V-d
    # Played with today's defaults named, the same actions are another game.
    try:
        tuned = Match("provincia", m.seats, m.seed, named_options(G.options, Options()),
                      actions=m.actions)
    except IllegalAction:
        return
    assert tuned.state != m.state


def test_an_age_of_rome_game_saved_before_the_trade_refill_reading_replays():
    """260 actions of a 4-player Age of Rome, seed 0, saved by fc80992, when
    any draw refilled an empty Trade deck. At action 251 Bulla is played
    with one card left in the deck and 15 on the discard pile: its second
    draw reshuffled the pile. The save names no ``trade_refill``, so it
    replays by that first reading, to its digest; with today's default named
    the same actions are another game."""
    m = load_match(fixture("first-trade-refill-4p"))
    assert not m.is_over() and m.options == Options() and len(m.actions) == 260
    aor = m.game
    assert aor.id == "ageofrome"
    before = m.states[250]
    assert m.actions[250] == ("play", "Bulla") and len(before.trade_deck) == 1
    assert any(e[0] == "deck_reshuffled" for e in m.states[251].events)
    today = Match("ageofrome", m.seats, m.seed, named_options(aor.options, Options()),
                  actions=m.actions[:251])
    assert not any(e[0] == "deck_reshuffled" for e in today.state.events)
    assert today.state.trade_deck == () and len(today.state.discard) == 16


def test_an_emperor_solo_saved_before_the_playable_quest_deal_replays():
    """An Emperor Solo, seed 0, saved by 289ab00, when the solo was dealt
    every Quest: it holds Feud for Fuel, which it cannot meet without
    Schemes. The save names no ``solo_quests``, so it replays with that
    deal; a new game of the same seed is dealt no Feud Quest."""
    m = load_match(fixture("first-solo-quests-1p"))
    assert m.options == Options() and len(m.actions) == 41
    assert m.actions[0] == ("return_quest", "Pontifex")
    names = {QUESTS[h.card].name for h in m.state.players[0].quests}
    assert names == {"Feud for Fuel", "Merchant"}
    today = Match("ageofrome", m.seats, m.seed, named_options(m.game.options, Options()))
    dealt = {QUESTS[h.card].name for h in today.state.players[0].quests}
    assert not dealt & {"Feud for Fuel", "Feud Never Fades"}
