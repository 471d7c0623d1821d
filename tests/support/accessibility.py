"""The accessibility audit of the browser tests: axe-core, vendored under
``tests/assets/axe-core/`` (never from a CDN), run in the page Playwright shows, and its
critical and serious violations as readable lines.

The site's Content-Security-Policy (``script-src 'self'``) refuses an inline ``<script>``, so
``page.add_script_tag`` cannot bring axe in. Its source is evaluated through ``page.evaluate``
instead, which goes through the DevTools protocol that the policy does not govern: the pages
keep their policy during the audit, and axe itself needs no ``eval``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache

from tests.support.paths import ROOT

AXE = ROOT / "tests" / "assets" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.14.1"
# sha256 of axe.min.js as npm's axe-core-4.14.1.tgz holds it (tests/assets/axe-core/README.md).
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"

# The impacts the site must not have; "moderate" and "minor" are advice.
BLOCKING_IMPACTS = ("critical", "serious")

# How many elements of one violation a message names.
SHOWN_TARGETS = 3

# A thumb's target on a phone page, in CSS px (Apple's and WCAG 2.5.5's 44 × 44): axe's
# ``target-size`` rule (off by default, 24 px) is turned on at this size, a target smaller
# than that passing only when no other target is within that distance of it.
TAP_TARGET = 44


@dataclass(frozen=True)
class Violation:
    """One axe rule broken in a page: its id, impact, help text and the elements at fault."""

    rule: str
    impact: str
    help: str
    help_url: str
    targets: tuple[str, ...]
    summary: str

    def __str__(self) -> str:
        shown = ", ".join(self.targets[:SHOWN_TARGETS])
        more = len(self.targets) - SHOWN_TARGETS
        extra = f" (+{more} more)" if more > 0 else ""
        why = f"\n      {self.summary}" if self.summary else ""
        return f"[{self.impact}] {self.rule}: {self.help} — {shown}{extra}{why}"


@cache
def axe_source() -> str:
    """axe.min.js, refused if it is not the vendored file (a partial copy, a changed file)."""
    data = AXE.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != AXE_SHA256:
        raise RuntimeError(
            f"{AXE} has sha256 {digest}, not the vendored axe-core {AXE_VERSION}'s {AXE_SHA256}"
        )
    return data.decode("utf-8")


def inject_axe(page) -> None:
    """Define ``window.axe`` in the current document (again after each navigation)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())


# A phone's tournament menu opens over the page (an overlay): opened, it would hide what lies
# under it from the target-size rule. It is audited on its own, opened, after the page.
OVERLAY_MENU = ".subnav-menu"

# Only the violations come back: passes and incomplete checks would make a large answer.
_RUN = """async ([tapTarget, scope]) => {
  const options = {resultTypes: ["violations"]};
  if (tapTarget) {
    window.axe.configure({checks: [
      {id: "target-size", options: {minSize: tapTarget}},
      {id: "target-offset", options: {minOffset: tapTarget}},
    ]});
    options.rules = {"target-size": {enabled: true}};
  }
  const results = await window.axe.run(scope ? {include: [[scope]]} : document, options);
  return results.violations.map(v => ({
    rule: v.id,
    impact: v.impact || "",
    help: v.help,
    helpUrl: v.helpUrl,
    targets: v.nodes.map(n => n.target.map(t => Array.isArray(t) ? t.join(" >> ") : t).join(" ")),
    summary: (v.nodes[0] && v.nodes[0].failureSummary) || "",
  }));
}"""


def violations(
    page, impacts=BLOCKING_IMPACTS, *, open_details: bool = True, tap_targets: bool = False
) -> list[Violation]:
    """The violations of the page as it is now whose impact is in ``impacts``.

    axe leaves hidden content alone: ``open_details`` first opens every ``<details>`` (a
    dispute form, a help text) so that what they hide is audited too. ``tap_targets`` (the
    phone's pages) adds the ``target-size`` rule at ``TAP_TARGET`` px."""
    size = TAP_TARGET if tap_targets else 0
    if open_details and tap_targets:
        page.evaluate(
            "(menu) => document.querySelectorAll('details').forEach(d => {"
            " d.open = !d.matches(menu); })",
            OVERLAY_MENU,
        )
    elif open_details:
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    inject_axe(page)
    found = page.evaluate(_RUN, [size, None])
    if open_details and tap_targets and page.query_selector(OVERLAY_MENU) is not None:
        page.evaluate("(menu) => { document.querySelector(menu).open = true; }", OVERLAY_MENU)
        found += page.evaluate(_RUN, [size, OVERLAY_MENU])
    return [
        Violation(
            rule=item["rule"],
            impact=item["impact"],
            help=item["help"],
            help_url=item["helpUrl"],
            targets=tuple(item["targets"]),
            summary=" ".join(item["summary"].split()),
        )
        for item in found
        if item["impact"] in impacts
    ]


def report(found: dict[str, list[Violation]]) -> str:
    """``{page: violations}`` as one message, a block per page that has any."""
    blocks = []
    for page, items in found.items():
        if items:
            lines = "\n".join(f"  - {item}" for item in items)
            blocks.append(f"{page}:\n{lines}")
    return "\n".join(blocks)
