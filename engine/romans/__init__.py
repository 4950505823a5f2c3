"""The Romans (game id ``romans``): rules engine, data and maps.

Only data modules so far: ``maps.py`` holds the four Empire maps.
"""
