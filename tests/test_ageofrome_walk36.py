"""Age of Rome after the walk-through of issue 28 at stop 36: the gaps a
player who knows the game still found, each shown fixed here."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine import get_game
from engine.ageofrome import action_phase, data, text, trade
from engine.ageofrome.actions import PlayCard
from tests.test_tui_support import numbered
from tui.ageofrome import detail
from tui.ageofrome.detail import place_places

GAME = get_game("ageofrome")


def first(pred: Callable[[Any, int], bool], n: int = 2, seeds: int = 40) -> tuple[Any, int]:
    """The first position of random games (from seed 0) where ``pred(state,
    seat to move)`` holds."""
    for seed in range(seeds):
        rng, s = random.Random(seed), GAME.setup(n, None, seed)
        for _ in range(3000):
            seat = GAME.to_move(s)
            if seat is None:
                break
            if pred(s, seat):
                return s, seat
            s = GAME.play(s, rng.choice(GAME.legal(s)))
    raise AssertionError("no such position")


def covered_bonus(s: Any, seat: int) -> bool:
    """An Action turn where a Feud covers a Bonus of a building in front."""
    if s.phase != "actions" or s.pending or not s.queue or s.queue[0] != seat:
        return False
    p = s.players[seat]
    covered = action_phase.ACTIVE[p.character][0] & ~action_phase.ACTIVE[p.character][p.feuds]
    front = s.provinces[action_phase.in_front(s, seat)].levels
    return any(covered >> t & 1 and front[t] for t in range(len(front)))


def test_a_bonus_covered_by_a_feud_stays_in_the_list_greyed_with_why():
    """Round 3: the list ran 1-7 with no "Trade with the Bonus" line; only
    the side panel's "feud" said why. It stays, greyed, as a used one does."""
    s, seat = first(covered_bonus)
    view = GAME.view(s, seat)
    covered = [(a, why) for a, why in place_places(GAME, view, seat)
               if a[2] and "covered by a Feud" in why]
    assert covered, "the covered Bonus is listed"
    shown, greyed = numbered(GAME, view, seat)
    assert {a for a, _ in covered} <= greyed and all(a in shown for a, _ in covered)


def majority_ahead(s: Any, seat: int) -> bool:
    """An Action turn where the seat's own two Votes top the Column."""
    return (s.phase == "actions" and not s.pending and bool(s.queue) and s.queue[0] == seat
            and s.column[-2:] == (seat, seat) and s.players[seat].votes >= 2
            and action_phase.WITH_BONUS[1] in GAME.legal(s))


def test_a_politics_label_gives_the_glory_of_every_majority_it_scores():
    """"Politics with the Bonus: 2 Votes on the Column, a Majority" scored
    two Majorities (Glory 14 → 18) and said no number."""
    s, seat = first(majority_ahead)
    label = GAME.describe(s, action_phase.WITH_BONUS[1])
    assert label.endswith("2 Votes on the Column, 2 Majorities, +4 Glory"), label
    single = GAME.describe(s, action_phase.PLAIN[1])
    assert single.endswith("1 Vote on the Column, a Majority, +2 Glory"), single
    assert text.majority_glory(s, seat, 2) == [2, 2] and s.column[-2:] == (seat, seat)


def two_conditions(s: Any, seat: int) -> bool:
    """A Trade window of two conditions where the seat holds cards of both."""
    if not s.pending or s.pending[-1].kind != "trade" or s.pending[-1].seat != seat:
        return False
    (conditions,) = s.pending[-1].data
    held = {trade.CONDITION[c] for c in trade.hand_cards(s, seat)} & set(conditions)
    return len(held) > 1


def test_playing_a_card_says_which_cards_of_the_window_it_shuts_out():
    """After Funda (a Farming card) the window offered only "Sell Snake
    Bracelets": cards chain only with their own condition (L208), and
    nothing said the Anywhere card was lost before the choice."""
    s, seat = first(two_conditions, n=4)
    plays = [a for a in GAME.legal(s) if a[0] == "play"]
    kinds = {trade.CONDITION[trade.CARD_INDEX[a[1]]] for a in plays}
    assert len(kinds) > 1
    for a in plays:
        mine = trade.CONDITION[trade.CARD_INDEX[a[1]]]
        lost = sorted({b[1] for b in plays if trade.CONDITION[trade.CARD_INDEX[b[1]]] != mine})
        label = GAME.describe(s, a)
        assert all(name in label.split("; then not ", 1)[1] for name in lost), label
        about = detail.action_detail(GAME.view(s, seat), seat, a)
        assert about.startswith(f"Then {lost[0]}") and "cannot be played" in about, about


def snake_to_play(s: Any, seat: int) -> bool:
    return bool(s.pending) and s.pending[-1].kind == "trade" and bool(s.discard) \
        and PlayCard("Snake Bracelets") in GAME.legal(s)


def test_snake_bracelets_names_the_card_it_takes_and_a_card_its_gain():
    """"Take the top card of the Trade discard pile": the pile is public,
    so the label names the card; "Play Anulus" showed no gain."""
    s, seat = first(snake_to_play, n=4)
    top = data.TRADE_CARDS[s.discard[-1]].name
    assert f"Play Snake Bracelets: take {top}" in GAME.describe(s, PlayCard("Snake Bracelets"))
    about = detail.action_detail(GAME.view(s, seat), seat, PlayCard("Snake Bracelets"))
    assert f"You take {top} (" in about
    assert text.play_gain(s, "Anulus") == "+1 Glory"
    assert text.play_gain(s, "Fibula") == "+2 Denarii"


def medal_build(s: Any, seat: int) -> bool:
    """The seat's Building turn, a level III it may build taking a Medal."""
    if s.phase != "build" or s.pending or not s.queue or s.queue[0] != seat:
        return False
    levels = s.provinces[action_phase.in_front(s, seat)].levels
    return any(lv == 2 and s.medals >> t & 1 for t, lv in enumerate(levels))


def test_a_build_taking_a_medal_says_what_the_medal_does():
    """"Build Trade III: …, takes the Trade Medal": the detail never said
    what the Medal does (L166-172)."""
    s, seat = first(medal_build, n=4)
    levels = s.provinces[action_phase.in_front(s, seat)].levels
    t = next(t for t, lv in enumerate(levels) if lv == 2 and s.medals >> t & 1)
    kind = data.BUILDING_TYPES[t]
    about = detail.action_detail(GAME.view(s, seat), seat, ("build", kind))
    assert f" · The {kind} Medal: {data.MEDAL[kind].ability} · " in about, about


def test_the_help_says_what_d_and_g_stand_for_in_a_narrow_list():
    """"Rel. III 13D +6G +Medal have 0" at 80×24, with no key for D and G."""
    from tui.ageofrome.table import AgeOfRomeUI

    assert "as D and G" in AgeOfRomeUI.notes


def test_solo_double_income_warns_when_it_undoes_the_glory_task():
    """In the Solo, Double Income's Glory could take back the 51-Glory task
    unwarned."""
    from engine.ageofrome import income

    s, seat = first(lambda s, seat: s.phase == "income" and not s.pending, n=1)
    penalty = income.offer_of(s, seat).penalty
    assert penalty > 0
    w = s.thaw()
    w.players = (w.players[0].thaw(),)
    w.players[0].glory = 51
    w.players = (w.players[0].freeze(),)
    label = GAME.describe(w, ("income", True))
    assert "(undoes the 51-Glory task)" in label, label
    assert "that task would no longer be met" in detail.action_detail(w, seat, ("income", True))
    w.players = (w.players[0].thaw(),)
    w.players[0].glory = 51 + penalty
    w.players = (w.players[0].freeze(),)
    assert "undoes" not in GAME.describe(w, ("income", True))


def test_the_solo_result_lists_the_tasks_met_and_the_titles():
    """"4 of 7 tasks: you are a Praetor emperor" named neither the tasks
    nor the title tiers."""
    from engine.ageofrome import scoring

    s, _ = first(lambda s, seat: s.round >= 3, n=1)
    outcome = scoring.result(s).outcome
    assert "Met: " in outcome and "; missed: " in outcome, outcome
    assert outcome.endswith("Titles: Praetor 4-5, Imperator 6, Son of Jupiter 7")
    w = s.thaw()  # the longest: nothing met, every number shown (a line shows 200)
    w.players = (w.players[0].thaw(),)
    w.players[0].glory = 10
    w.players = (w.players[0].freeze(),)
    worst = scoring.result(w).outcome
    assert len(worst) <= 200 and "Met: none; missed: Glory 10/51, Medals " in worst, worst


def test_truce_is_for_two_to_four_players_as_spies_and_allies():
    """Truce was offered with 1 player (the Solo has no Schemes anyway)."""
    truce = next(o for o in GAME.options if o.key == "truce")
    assert truce.players == (2, 3, 4)


def test_the_solo_event_line_says_who_takes_what():
    """"The Event gives 1 Denarius, one per Follower (You)" read oddly."""
    from engine.ageofrome.events_phase import LOG, SoloEventIncome

    s, _ = first(lambda s, seat: True, n=1)
    line = LOG[SoloEventIncome.KIND](s, SoloEventIncome(0, 2))
    assert line.endswith("takes 2 Denarii from the Event: 1 per recruited Follower"), line


def test_the_legion_prompt_says_which_moves_it_offers():
    """Malleus's prompt said "(from your board or between Battle Regions)"
    but offered only region-to-region moves."""
    from engine.ageofrome.benefits import PROMPTS
    from engine.ageofrome.forces import LEGION
    from engine.ageofrome.state import Pending

    s, seat = first(lambda s, seat: s.players[seat].legions > 0
                    and any(r[seat] for r in s.regions), n=2)
    only_regions = PROMPTS[LEGION](s, Pending(LEGION, seat, (1, False, True)))
    assert only_regions.endswith("move a Legion (from one Battle Region to another)."), \
        only_regions
    both = PROMPTS[LEGION](s, Pending(LEGION, seat, (2, True, True)))
    assert both.endswith("(from your board or between Battle Regions).")


def build_turn(s: Any, seat: int) -> bool:
    return s.phase == "build" and not s.pending and bool(s.queue) and s.queue[0] == seat \
        and any(a[0] == "build" for a in GAME.legal(s)) and s.round == 1


def test_a_build_detail_takes_at_most_four_rows_of_the_narrow_board():
    """80×24: a level I build's detail took five rows, leaving the log two,
    and a longer one was cut at "this round's Income 9 Denarii, or…": the
    Income's numbers come first and whole, the tile's words give way."""
    from tui.ageofrome.board import NARROW_ABOUT, AgeOfRomeBoard

    s, seat = first(build_turn, n=3)
    a = next(a for a in GAME.legal(s) if a[0] == "build")
    board = AgeOfRomeBoard()
    board._width = 42
    board.about = detail.action_detail(GAME.view(s, seat), seat, a)
    board.room = lambda: 12  # type: ignore[method-assign]  # the room at 80×24, laid out
    lines = [text for text, _ in board.detail(None, -1)]
    assert NARROW_ABOUT == 4 and len(lines) <= 4, lines
    assert "…" not in lines[-1] and "Income this round" in " ".join(lines)


def region_move(s: Any, seat: int) -> bool:
    return bool(s.pending) and s.pending[-1].kind == "legion" and s.pending[-1].seat == seat \
        and any(a[0] == "legion" and a[1] != "board" for a in GAME.legal(s))


def test_a_move_between_regions_says_what_it_does_to_both():
    """"Move a Legion from Macedonia to Thrace" previewed only the region's
    state, not the move's numbers in both regions."""
    s, seat = first(region_move, n=3)
    a = next(a for a in GAME.legal(s) if a[0] == "legion" and a[1] != "board")
    about = detail.action_detail(GAME.view(s, seat), seat, a)
    assert f"{a[1]}: your Legions " in about and f"{a[2]}: your Legions " in about, about
    assert "shield" in about
