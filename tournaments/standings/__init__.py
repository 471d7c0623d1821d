"""Standings (classements): per-board scores and versioned ranking snapshots, computed by Celery."""
