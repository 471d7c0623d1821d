"""Robot players: the auction as a model, and players that bid and play from what their seat
knows (docs/robots.md). Plain Python, no Django."""
