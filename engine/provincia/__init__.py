"""Provincia Romana: 2-6 players build cities in Gaul and fight the Gauls."""

from .game import Provincia

__all__ = ["Provincia"]
