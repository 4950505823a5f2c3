"""Widgets every game's table shares: actions, log, status line, chart."""
