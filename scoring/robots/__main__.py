"""Command line: ``python -m scoring.robots serve`` answers the robots' protocol on standard
input and output, one JSON object a line, until its input closes (docs/robots.md)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from scoring.robots.protocol import serve


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scoring.robots",
        description="Robot belote players: one JSON request a line in, one answer a line out.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("serve", help="answer requests from standard input until it closes")
    parser.parse_args(argv)
    for line in serve(sys.stdin):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
