"""Age of Rome's terminal table: the Provinces board with the Column, the
Colosseum and the Battle Regions, and the side panel (round, Event, Glory
track, every seat's holdings, your hand and Quests). ``table.AgeOfRomeUI``
is the game screen's ``GameUI``."""
