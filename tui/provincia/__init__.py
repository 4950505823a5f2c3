"""Provincia Romana's widgets: board, cities, hand, draft and battle."""
