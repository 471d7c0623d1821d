"""Games played online: one account as South against three robots, on a tournament's board
(docs/play.md)."""
