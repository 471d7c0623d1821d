"""The robots' line protocol for outside harnesses (docs/robots.md, « Le protocole »).

One JSON object a request: the rules (a preset's name or a settings object), the dealer, the
seat, its eight cards, the phase, every call and card so far, the seed and optionally the
number of worlds. One JSON object an answer: the call or the card, or ``{"error": …}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from scoring.engine.rules import PRESETS, RuleSettings
from scoring.robots.auction import Call
from scoring.robots.robot import DEFAULT_WORLDS, Robot
from scoring.robots.view import BadRequest, SeatView, read_request

PHASES = ("auction", "play")


def read_rules(raw: Any) -> RuleSettings:
    """A preset's name or a settings object (as ``python -m scoring.engine rules`` prints)."""
    if isinstance(raw, str):
        if raw not in PRESETS:
            raise BadRequest(f"unknown rules {raw!r}: one of {', '.join(PRESETS)}")
        return PRESETS[raw]
    if isinstance(raw, Mapping):
        try:
            return RuleSettings.from_dict(raw)
        except (TypeError, ValueError) as problem:
            raise BadRequest(f"rules: {problem}") from None
    raise BadRequest("rules must be a preset's name or a settings object")


def _whole_number(data: Mapping[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{key} must be a whole number")
    return value


def answer(data: Any, robots: dict[tuple[Any, ...], Robot] | None = None) -> dict[str, Any]:
    """The answer to one request (``robots`` keeps robots, and their solvers, between lines)."""
    try:
        if not isinstance(data, Mapping):
            raise BadRequest("a request is a JSON object")
        rules = read_rules(data.get("rules"))
        view = read_request(data, rules)
        phase = data.get("phase")
        if phase not in PHASES:
            raise BadRequest("phase must be 'auction' or 'play'")
        if (phase == "auction") != view.in_auction:
            raise BadRequest(f"the position is not in the {phase} phase")
        seed = _whole_number(data, "seed", 0)
        worlds = _whole_number(data, "worlds", DEFAULT_WORLDS)
        robot = _robot(robots, rules, view, worlds, seed)
        decision = robot.decide(view)
    except BadRequest as problem:
        return {"error": str(problem)}
    except ValueError as problem:  # the robot's own checks (worlds out of range)
        return {"error": str(problem)}
    if isinstance(decision, Call):
        return decision.to_dict()
    return {"card": str(decision)}


def _robot(
    robots: dict[tuple[Any, ...], Robot] | None,
    rules: RuleSettings,
    view: SeatView,
    worlds: int,
    seed: int,
) -> Robot:
    key = (rules, view.seat, worlds, seed)
    if robots is None:
        return Robot(rules, view.seat, worlds=worlds, seed=seed)
    if key not in robots:
        robots[key] = Robot(rules, view.seat, worlds=worlds, seed=seed)
    return robots[key]


def serve(lines: Iterable[str]) -> Iterator[str]:
    """Answer each line in order; a line that is not JSON gets an error line too."""
    robots: dict[tuple[Any, ...], Robot] = {}
    for line in lines:
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as problem:
            yield json.dumps({"error": f"not JSON: {problem.msg}"})
            continue
        yield json.dumps(answer(data, robots))
