"""The Romans' terminal table: each player's Empire map as a schematic, the
City of Rome, and the side panel (era, Villa, Barracks, Docks, battles, the
Enemy's campaign). ``table.RomansUI`` is the game screen's ``GameUI``."""
