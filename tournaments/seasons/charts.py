"""A player's percentages over time as an SVG drawn on the server: no script, no style
attribute (the site's Content-Security-Policy), presentation attributes only, a title and a
description for screen readers, and each point's own title (its tooltip)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext

from tournaments.vocabulary import colon, elides

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 16, 36


@dataclass(frozen=True)
class Point:
    day: date
    label: str
    percentage: float


def _x(index: int, count: int) -> float:
    inner = WIDTH - LEFT - RIGHT
    return LEFT + (inner / 2 if count == 1 else inner * index / (count - 1))


def _y(percentage: float) -> float:
    inner = HEIGHT - TOP - BOTTOM
    return TOP + inner * (1 - max(0.0, min(100.0, percentage)) / 100)


def _n(value: float) -> str:
    return f"{value:.1f}"


def percentage_chart(points: Sequence[Point], *, title: str) -> SafeString:
    """The SVG of the points in date order (an empty string without points)."""
    if not points:
        return SafeString("")
    count = len(points)
    coords = [(_x(i, count), _y(p.percentage)) for i, p in enumerate(points)]
    grid = format_html_join(
        "",
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="1"/>'
        '<text x="{}" y="{}" font-size="12" text-anchor="end" fill="#444">{} %</text>',
        (
            (
                LEFT,
                _n(_y(value)),
                WIDTH - RIGHT,
                _n(_y(value)),
                "#888" if value == 50 else "#ddd",
                LEFT - 6,
                _n(_y(value) + 4),
                value,
            )
            for value in (0, 25, 50, 75, 100)
        ),
    )
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
    dots = format_html_join(
        "",
        '<circle cx="{}" cy="{}" r="5" fill="#1f5fa8"><title>{}</title></circle>',
        (
            (
                _n(x),
                _n(y),
                f"{date_format(p.day, 'SHORT_DATE_FORMAT')} — {p.label}{colon()} "
                f"{p.percentage:.2f} %",
            )
            for (x, y), p in zip(coords, points, strict=True)
        ),
    )
    ends = format_html_join(
        "",
        '<text x="{}" y="{}" font-size="12" text-anchor="{}" fill="#444">{}</text>',
        (
            (_n(coords[i][0]), HEIGHT - 12, anchor, date_format(points[i].day, "SHORT_DATE_FORMAT"))
            for i, anchor in ((0, "start"), (count - 1, "end"))
            if count > 1 or i == 0
        ),
    )
    description = ngettext(
        "%(count)s tournoi, de %(low).2f %% à %(high).2f %%.",
        "%(count)s tournois, de %(low).2f %% à %(high).2f %%.",
        count,
    ) % {
        "count": count,
        "low": min(p.percentage for p in points),
        "high": max(p.percentage for p in points),
    }
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" width="100%" role="img" '
        'aria-labelledby="chart-title chart-desc" xmlns="http://www.w3.org/2000/svg">'
        '<title id="chart-title">{}</title><desc id="chart-desc">{}</desc>{}'
        '<polyline points="{}" fill="none" stroke="#1f5fa8" stroke-width="2"/>{}{}</svg>',
        WIDTH,
        HEIGHT,
        title,
        description,
        grid,
        line,
        dots,
        ends,
    )


def player_chart_title(name: str) -> str:
    """« Pourcentage par tournoi de Marc Durand », « … d'Iris Joueur » (elided before a
    vowel)."""
    if elides(name):
        return gettext("Pourcentage par tournoi d'%(name)s") % {"name": name}
    return gettext("Pourcentage par tournoi de %(name)s") % {"name": name}
