"""The card table in the browser tests (tests/e2e): how long a step waits for the robots and
what « South may act » means on the page (docs/play.md)."""

TIMEOUT_MS = 180_000
"""How long a step may wait for the robots: generous, since the robots think on the machine's
cores with the rest of the suite (a wait, not a measure: docs/performance.md has those)."""

TABLE = "#card-table"

READY = """(number) => {
  const root = document.querySelector('#card-table');
  if (!root.hasAttribute('data-live')) { return false; }
  if (root.getAttribute('data-number') === number) { return false; }
  if (root.getAttribute('data-status') === 'finished') { return true; }
  const box = root.querySelector('[data-region=box]');
  return (!box.hidden && box.querySelector('button.bid'))
    || root.querySelector('button.hand-card:not(:disabled)');
}"""
"""South can act (a box of calls or a playable card), or the deal is over, on a page whose script
runs (``data-live``): the page's action number must differ from ``number``, the one seen
before."""
