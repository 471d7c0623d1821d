"""Where the project lives on disk, for the tests that start processes or read its files."""

from pathlib import Path

# The repository's root: manage.py, config/, templates/, tests/.
ROOT = Path(__file__).resolve().parents[2]
