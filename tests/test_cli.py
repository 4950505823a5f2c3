"""The command line read from the registry and the games: ``--option K=V``
checked against the game's declared options (one-line errors, exit 2), the
options listed in ``--help``, and headless output for every kind of ending.

The game is the registry's default and its options are read from it, so
these tests name no game and keep working when the default changes."""

from __future__ import annotations

import json

import pytest

from engine import get_game
from engine.core import Option, Result
from engine.games import DEFAULT_GAME, GAMES
from tui.cli import EXIT_USAGE, build_parser, main
from tui.headless import result_fields, scores_table
from tui.match_args import match_from_args

GAME = get_game(DEFAULT_GAME)
BOTS = ",".join(["random"] * GAME.players.start)


def run(capsys: pytest.CaptureFixture, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def play(capsys: pytest.CaptureFixture, *options: str) -> tuple[int, str, str]:
    argv = ["play", DEFAULT_GAME, "--headless", "--json", "--seats", BOTS, "--seed", "1"]
    for pair in options:
        argv += ["--option", pair]
    return run(capsys, *argv)


def bad_value(option: Option) -> str:
    """A value ``option`` refuses, whatever its kind."""
    if option.kind == "bool":
        return "maybe"
    if option.kind == "int":
        return "many"
    return "Nowhere-at-all"


def test_an_unknown_option_is_one_line_naming_the_known_keys(
        capsys: pytest.CaptureFixture) -> None:
    code, out, err = play(capsys, "no_such_option=1")
    assert (code, out) == (EXIT_USAGE, "")
    assert err.count("\n") == 1 and err.startswith("tabula: error: --option: ")
    assert "'no_such_option'" in err
    for option in GAME.options:
        assert option.key in err


def test_an_option_without_a_value_is_refused(capsys: pytest.CaptureFixture) -> None:
    code, out, err = play(capsys, "just-a-word")
    assert (code, out) == (EXIT_USAGE, "")
    assert err.count("\n") == 1 and "KEY=VALUE" in err


@pytest.mark.parametrize("option", GAME.options, ids=lambda o: o.key)
def test_a_bad_value_is_one_line_naming_the_option(capsys: pytest.CaptureFixture,
                                                   option: Option) -> None:
    code, out, err = play(capsys, f"{option.key}={bad_value(option)}")
    assert (code, out) == (EXIT_USAGE, "")
    assert err.count("\n") == 1 and err.startswith("tabula: error: --option: ")
    assert repr(option.key) in err


def test_a_bad_option_is_refused_by_tabula_new_before_any_ui(
        capsys: pytest.CaptureFixture) -> None:
    code, out, err = run(capsys, "new", DEFAULT_GAME, "--option", "no_such_option=1")
    assert (code, out) == (EXIT_USAGE, "")
    assert "unknown option 'no_such_option'" in err


@pytest.mark.parametrize("option", [o for o in GAME.options if o.kind == "bool"],
                         ids=lambda o: o.key)
def test_a_good_option_reaches_the_match(option: Option) -> None:
    value = not option.default
    args = build_parser().parse_args(["play", DEFAULT_GAME, "--headless", "--seats", BOTS,
                                      "--option", f"{option.key}={str(value).lower()}"])
    match = match_from_args(args, default_kind="rules")
    assert match.options.get(option.key) is value


def test_seats_from_the_command_line_are_named_in_the_seat_lists_words() -> None:
    """``--seats human,rules,mcts:hard`` named the search bot "Mcts 3", and
    the table said "Mcts 3 is thinking…" (an Age of Rome walk-through)."""
    args = build_parser().parse_args(["new", DEFAULT_GAME, "--seats", "human,rules,mcts:hard"])
    match = match_from_args(args, default_kind="rules")
    assert [s.name for s in match.seats] == ["You", "Rules 2", "Search 3"]


@pytest.mark.parametrize("command", ["new", "play"])
def test_help_lists_every_games_options(capsys: pytest.CaptureFixture, command: str) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert "game options (--option KEY=VALUE" in out
    for entry in GAMES:
        assert f"{entry.id} ({entry.title})" in out
        for option in get_game(entry.id).options:
            assert f"{option.key}=" in out
            assert option.help.split()[0] in out


def test_an_unknown_game_is_a_usage_error_listing_the_registry(
        capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", "no-such-game", "--headless"])
    err = capsys.readouterr().err
    assert done.value.code == EXIT_USAGE and err.count("\n") == 1
    assert all(repr(entry.id) in err for entry in GAMES)


# ---------------------------------------------------------------- endings

SEATS = [{"seat": 0, "name": "Ann", "kind": "rules", "label": "Legio I"},
         {"seat": 1, "name": "Bob with a name far longer than any column", "kind": "random",
          "label": ""}]

LOST = Result(
    scores=(12, 7), ranks=(1, 2),
    breakdown=({"forts": 10, "gold": 2}, {"forts": 7, "gold": 0}),
    winners=(), outcome="The Enemy wins with 20 glory.", unit="glory",
    labels=(("gold", "Gold"), ("forts", "Forts")), others=(("The \x1b[31mEnemy", 20),))


def document(res: Result) -> dict:
    """What ``tabula play --headless --json`` prints for ``res``, read back."""
    seats = [dict(s) for s in SEATS]
    return json.loads(json.dumps({"players": seats, **result_fields(res, seats)}))


def test_json_of_a_game_nobody_won() -> None:
    doc = document(LOST)
    assert doc["winners"] == []
    assert doc["others"] == [{"name": "The [31mEnemy", "score": 20}]  # no escape survives
    assert doc["outcome"] == "The Enemy wins with 20 glory."
    assert doc["unit"] == "glory"
    assert doc["labels"] == [["gold", "Gold"], ["forts", "Forts"]]
    ann = doc["players"][0]
    assert (ann["label"], ann["score"], ann["rank"]) == ("Legio I", 12, 1)
    assert ann["breakdown"] == {"forts": 10, "gold": 2} and "city" not in ann


def test_text_of_a_game_nobody_won() -> None:
    lines = scores_table(document(LOST)).splitlines()
    assert lines[0] == "Final scores"
    assert lines[1].split() == ["rank", "seat", "glory", "Gold", "Forts"]
    assert lines[2].split()[:4] == ["1", "Ann", "(Legio", "I)"]
    assert lines[2].split()[-3:] == ["12", "2", "10"]  # score, then the game's column order
    assert SEATS[1]["name"] in lines[3] and "()" not in lines[3]  # not cut, no empty label
    assert lines[4].split() == ["The", "[31mEnemy", "20"]
    assert lines[-1] == "The Enemy wins with 20 glory."
    assert "Winner" not in "\n".join(lines)


def test_an_ending_the_game_did_not_word_still_says_who_won() -> None:
    nobody = Result(scores=(1, 2), ranks=(2, 1), breakdown=({}, {}), winners=())
    assert document(nobody)["outcome"] == "Nobody wins."
    shared = Result(scores=(2, 2), ranks=(1, 1), breakdown=({}, {}), winners=(0, 1))
    assert document(shared)["outcome"] == f"Ann and {SEATS[1]['name']} share the victory."
    assert scores_table(document(shared)).splitlines()[1].split() == ["rank", "seat", "points"]


def test_a_played_game_writes_the_seat_label_under_a_generic_key(
        capsys: pytest.CaptureFixture) -> None:
    code, out, _ = play(capsys)
    doc = json.loads(out)
    assert code == 0 and doc["finished"] is True
    assert doc["outcome"] and doc["unit"] and doc["labels"]
    assert all("label" in p and "city" not in p for p in doc["players"])
    assert isinstance(doc["winners"], list) and isinstance(doc["others"], list)


WON = Result(scores=(12, 9), ranks=(1, 2), breakdown=({"forts": 10, "gold": 2}, {}),
             winners=(1,), outcome="Legio II wins with 9 glory.", unit="glory",
             labels=(("gold", "Gold"), ("forts", "Forts")))


def test_the_table_names_the_winner_in_full_before_the_outcome() -> None:
    lines = scores_table(document(WON)).splitlines()
    bob = SEATS[1]["name"]  # no label: no empty brackets
    assert lines[-2] == f"Winner: {bob}"
    assert lines[-1] == "Legio II wins with 9 glory."
    shared = Result(scores=(2, 2), ranks=(1, 1), breakdown=({}, {}), winners=(0, 1))
    assert scores_table(document(shared)).splitlines()[-2] == f"Winners: Ann (Legio I) and {bob}"


def test_a_played_game_prints_long_names_and_labels_whole(
        capsys: pytest.CaptureFixture) -> None:
    """The text table of a real game: every seat's name and label whole (a
    long name once cut the label's bracket), the winner named with both,
    and the game's own outcome sentence last."""
    names = [f"Player number {i + 1} with a long name" for i in range(GAME.players.start)]
    argv = ["play", DEFAULT_GAME, "--headless", "--seats", BOTS, "--seed", "1",
            "--names", ",".join(names)]
    code, out, _ = run(capsys, *argv, "--json")
    doc = json.loads(out)
    code2, out, _ = run(capsys, *argv)
    assert code == code2 == 0
    lines = out.splitlines()
    table = lines[lines.index("Final scores"):]
    rows = table[2:2 + len(names)]  # under the heading and the column names
    for p in doc["players"]:
        assert p["label"] and sum(f"{p['name']} ({p['label']})" in row for row in rows) == 1
    winners = " and ".join(f"{doc['players'][w]['name']} ({doc['players'][w]['label']})"
                           for w in doc["winners"])
    if winners:
        assert table[-2].split(": ", 1)[1] == winners
    assert table[-1] == doc["outcome"]


def test_an_option_set_at_a_player_count_it_is_not_for_is_one_line(
        capsys: pytest.CaptureFixture) -> None:
    """Spies & Allies is for 2-4 players (L337): a solo game refuses it."""
    game = get_game("ageofrome")
    (spies,) = [o for o in game.options if o.key == "spies_allies"]
    assert spies.players == (2, 3, 4)
    code, out, err = run(capsys, "play", "ageofrome", "--headless", "--seats", "random",
                         "--option", "spies_allies=true")
    assert (code, out) == (EXIT_USAGE, "")
    assert err.count("\n") == 1 and "'spies_allies' is for 2, 3, 4 players, not 1" in err
    assert spies.check(False, 1) is False  # its default is allowed anywhere
    assert spies.check(True, 2) is True
