"""Provincia's invariants for the tests and bench/soak.py (which looks for
``tests/<game id>_invariants.py``); they live in the engine, where the
scenario builder checks every position it makes with them."""

from engine.provincia.invariants import (
    check_all,
    check_cards,
    check_hand_limit,
    check_limits,
    check_prestige,
    check_supply,
    check_unique,
)

__all__ = ["check_all", "check_cards", "check_hand_limit", "check_limits", "check_prestige",
           "check_supply", "check_unique"]
