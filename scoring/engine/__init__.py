"""The coinche rules engine: cards, legal play, belote, annonces and deal scoring (FFB rules)."""
