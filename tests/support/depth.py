"""How hard the randomized tests try: the property tests' examples, the random deals compared
with another solver.

``bin/test`` and ``.ci/run`` run them at the everyday depth: a quarter of the full count, never
fewer than ten examples (nor more than the full count), so that the suite stays within its
minutes on a 2-core machine. ``TEST_DEPTH=deep`` runs the full counts, the depth each test was
written with (``TEST_DEPTH=deep bin/test tests/scoring``: docs/testing.md, « Depth »). Every test
runs and checks the same things at both depths; only the number of random cases changes.
"""

import math
import os

DEEP = os.environ.get("TEST_DEPTH", "") == "deep"


def examples(full: int) -> int:
    """The number of random cases to try, ``full`` at the deep depth."""
    if DEEP:
        return full
    return min(full, max(10, math.ceil(full / 4)))
