"""Benchmark: playing online at capacity — N players of an online tournament at once against
the robots, the robots on ONE Celery worker (docs/performance.md, « Playing online: capacity »).

Creates its own PostgreSQL database (``coinche_bench_play_capacity``, dropped at the end), an
online tournament on fixed deals (``tournaments.online.services``, one instance: every player
plays the same deals against the same robots, the board's seed) and ``--players`` accounts
with their games. Starts the site as in production: gunicorn (``--web-workers``) and ONE
``celery worker -Q robots --concurrency N`` (``--concurrency``, 1 by default) on Redis, the
cache on Redis too (where the robots' decisions are kept: tournaments/play/decisions.py), with
``PLAY_ROBOT_PAUSE=0`` (the pause is presentation: it would only add a second a robot's card
to what is measured).

Then each player is a thread speaking HTTP to gunicorn as the card table's script does: it
waits ``--think`` seconds (± 20 %), posts a legal call or card of South to
``/jeu/parties/<id>/enchere/`` or ``/carte/`` (a random legal card; in the auction a lowest
bid now and then, else « Passe »), then asks ``/etat/`` every ``--poll`` seconds until it is
South's turn again or the game is over. Each deal starts as on the site: « Jouer » posted on
the tournament's deal (``/en-ligne/<slug>/donnes/<n>/jouer/``), the game's page followed, the
robots' first calls played by the worker. Measured:

- the wait from the POST to the robots' answers all there: as the player saw it (the POST's
  start to the first poll showing South's turn, so up to ``--poll`` late) and on the server
  (South's action stored to the last robot's answer stored, from the actions' timestamps);
- apart, the wait from « Jouer » to South's first turn (the robots' first calls);
- human calls and cards per second, robot decisions per second, deals completed, and how
  many of the robots' decisions were computed (the others read from the cache);
- the CPU of the worker, gunicorn and PostgreSQL over the run, and the worker's load;
- apart, in this process once the run is over: the three robots' CPU per deal
  (``services.play_robots`` timed, South's cards chosen at random, on seeds of their own so
  that nothing is read from the cache), as robot deals per core per hour.

``--threads`` is ``PLAY_ROBOT_THREADS`` (the threads of one decision: scoring/robots/lanes.py);
``--arrivals`` spreads the players' first deal over that many seconds (by default ``--think``:
all but together), and the waits are then also given for the time once every player is in;
``--deal-seed`` deals the same boards from run to run, so that settings compare on them.

Run:
    .venv/bin/python -m benchmarks.play_capacity [--players 40] [--think 5.0] [--worlds 16]
        [--minutes 4] [--poll 0.6] [--concurrency 1] [--threads 2] [--arrivals S] [--deal-seed N]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import re
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import timedelta

from benchmarks import harness
from benchmarks.cpu import describe_cpu
from scoring.robots.robot import DEFAULT_WORLDS

SOUTH = "S"
CSRF_TOKEN = "capacitybenchcapacitybenchcapaci"  # 32 characters: a CSRF secret
DEALS = 12
"""An online tournament's most deals (``online.models.MAX_DEALS``): a player's games."""
CPU_ACCOUNT = "capacite-cpu"


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--think", type=float, default=5.0, help="seconds per call or card")
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--minutes", type=float, default=4.0)
    parser.add_argument(
        "--arrivals",
        type=float,
        help="seconds over which the players arrive (default: --think, all but together)",
    )
    parser.add_argument("--poll", type=float, default=0.6, help="seconds between /etat/")
    parser.add_argument("--own-seeds", action="store_true", help="robots' seeds per player")
    parser.add_argument("--concurrency", type=int, default=1, help="the robots' worker processes")
    parser.add_argument("--threads", type=int, default=2, help="threads of a robot's decision")
    parser.add_argument("--web-workers", type=int, default=3)
    parser.add_argument(
        "--deal-seed", type=int, help="the same deals from run to run (compare settings on them)"
    )
    parser.add_argument("--cpu-deals", type=int, default=6, help="deals of the CPU measure")
    parser.add_argument("--database", default="coinche_bench_play_capacity")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    return parser.parse_args()


# --- The fixture -------------------------------------------------------------------------


def _games_each(args: argparse.Namespace) -> int:
    """Enough games for a player's run: a deal is about ten calls and cards of South."""
    return min(DEALS, math.ceil(60 * args.minutes / (10 * args.think)) + 2)


def _build(args: argparse.Namespace):
    """The tournament, the players' accounts and their sessions; with ``--own-seeds`` their
    games too, on seeds of their own (the robots' first calls played here, before the run:
    « Jouer » on the site gives the board's seed), else started during the run."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.test.utils import override_settings
    from django.utils import timezone

    from tournaments.online import demo, services

    if args.deal_seed is not None:
        # The deal generator's secret seed fixed (a benchmark's deals, never a tournament's).
        from tournaments.deals import services as deals

        fixed = hashlib.sha256(f"capacity-{args.deal_seed}".encode()).digest()
        deals.new_seed = lambda: fixed
    now = timezone.now()
    tournament = services.create_online_tournament(
        by=demo.site_staff(),
        name="Capacité",
        opens_at=now - timedelta(minutes=1),
        closes_at=now + timedelta(days=1),
        deal_count=DEALS,
    )
    players = []
    started = time.perf_counter()
    for index, account in enumerate(demo.demo_accounts(args.players)):
        services.enter(tournament=tournament, player=account)
        session = SessionStore()
        session[SESSION_KEY] = str(account.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = account.get_session_auth_hash()
        session.create()
        deals = list(range(1, _games_each(args) + 1))
        premade = {}
        if args.own_seeds:
            with override_settings(ROBOTS_IN_PROCESS="1"):
                premade = {
                    deal: services.play_deal(
                        tournament=tournament,
                        player=account,
                        deal=deal,
                        worlds=args.worlds,
                        seed=1000 * index + deal,
                    ).pk
                    for deal in deals
                }
        players.append(Player(index, session.session_key, deals, premade))
    print(
        f"{args.players} players entered, {_games_each(args)} deals each to start, ready in "
        f"{time.perf_counter() - started:.0f} s"
    )
    return tournament, players


# --- The players ---------------------------------------------------------------------------


@dataclass
class Player:
    index: int
    session: str
    deals: list[int]
    premade: dict[int, int] = field(default_factory=dict)
    """Games started before the run (``--own-seeds``), by deal."""
    games: list[int] = field(default_factory=list)
    waits: list[float] = field(default_factory=list)
    posted: list[float] = field(default_factory=list)
    starts: list[float] = field(default_factory=list)
    actions: int = 0
    errors: list[str] = field(default_factory=list)


class Table:
    """One player's HTTP conversation with the site, as the card table's script has it."""

    def __init__(self, base: str, player: Player):
        self.base = base
        self.player = player
        self.headers = {
            "Cookie": f"sessionid={player.session}; csrftoken={CSRF_TOKEN}",
            "X-CSRFToken": CSRF_TOKEN,
            "Content-Type": "application/json",
        }

    def _ask(self, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(  # noqa: S310 - 127.0.0.1 only
            self.base + path, data=data, headers=self.headers, method="POST" if body else "GET"
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:  # noqa: S310
                return json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return {"error": f"{refused.code} {refused.read()[:200]!r}"}

    def start(self, slug: str, deal: int) -> int:
        """« Jouer » on a deal of the tournament (as the tournament's page posts it): the game
        started, its page followed; its number."""
        request = urllib.request.Request(  # noqa: S310 - 127.0.0.1 only
            f"{self.base}/en-ligne/{slug}/donnes/{deal}/jouer/",
            data=b"",
            headers={**self.headers, "Content-Type": "application/x-www-form-urlencoded"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=60) as answer:  # noqa: S310
            answer.read()
            found = re.search(r"/jeu/parties/(\d+)/", answer.geturl())
        if found is None:
            raise RuntimeError(f"deal {deal} did not start: {answer.geturl()}")
        return int(found.group(1))

    def state(self, game: int) -> dict:
        return self._ask(f"/jeu/parties/{game}/etat/")

    def act(self, game: int, state: dict, rng: random.Random) -> dict:
        if state["legal_cards"]:
            card = rng.choice(state["legal_cards"])
            return self._ask(f"/jeu/parties/{game}/carte/", {"card": card, **_number(state)})
        return self._ask(f"/jeu/parties/{game}/enchere/", {**_call(state, rng), **_number(state)})


def _number(state: dict) -> dict:
    return {"number": state["number"]}


def _call(state: dict, rng: random.Random) -> dict:
    """« Passe », or, when nobody has bid yet, now and then one of the lowest bids."""
    bids = [
        call
        for call in state["legal_calls"]
        if call["call"] == "bid" and isinstance(call["bid"], int)  # not a capot
    ]
    nobody_bid = not any(call["call"] == "bid" for call in state["calls"])
    if bids and nobody_bid and rng.random() < 0.5:
        lowest = min(call["bid"] for call in bids)
        return rng.choice([call for call in bids if call["bid"] == lowest])
    return {"call": "pass"}


def _over(state: dict) -> bool:
    return state.get("status") in ("finished", "abandoned")


def _wait_for_robots(table: Table, game: int, poll: float, stop: float) -> dict:
    while True:
        state = table.state(game)
        if "error" in state or _over(state) or state["turn"] == SOUTH:
            return state
        if time.monotonic() > stop + 60:
            return {"error": "the robots did not answer within a minute of the end"}
        time.sleep(poll)


def _play(table: Table, args: argparse.Namespace, stop: float) -> None:
    """A player's run, an error kept for the report."""
    try:
        _play_deals(table, args, stop)
    except Exception as error:  # noqa: BLE001 - reported, the other players go on
        table.player.errors.append(repr(error))


def _play_deals(table: Table, args: argparse.Namespace, stop: float) -> None:
    """A player's run: deal after deal until ``stop`` (monotonic)."""
    player = table.player
    rng = random.Random(player.index)  # noqa: S311 - benchmark choices
    time.sleep(rng.uniform(0, args.arrivals))  # the players do not all start together
    for deal in player.deals:
        if time.monotonic() >= stop:
            return
        posted = time.monotonic()
        game = player.premade.get(deal) or table.start(args.slug, deal)
        player.games.append(game)
        state = _wait_for_robots(table, game, args.poll, stop)
        if "error" not in state and deal not in player.premade:
            player.starts.append(time.monotonic() - posted)
        while "error" not in state and not _over(state):
            time.sleep(args.think * rng.uniform(0.8, 1.2))
            if time.monotonic() >= stop:
                return
            posted = time.monotonic()
            answer = table.act(game, state, rng)
            if "error" in answer:
                state = answer
                break
            player.actions += 1
            state = _wait_for_robots(table, game, args.poll, stop)
            if "error" not in state and state["number"] > answer["number"]:
                player.waits.append(time.monotonic() - posted)
                player.posted.append(posted)
        if "error" in state:
            player.errors.append(state["error"])
            return
    player.errors.append("out of games")


# --- The figures ---------------------------------------------------------------------------


def _server_waits(games: list[int], since) -> list[float]:
    """For each South action stored after ``since``: the seconds until the last robot's answer
    before South's next turn (or the end) was stored. Answers not all there are left out."""
    from tournaments.play.models import Game, GameAction

    waits = []
    over = set(
        Game.objects.filter(pk__in=games, status__in=["finished", "abandoned"]).values_list(
            "pk", flat=True
        )
    )
    rows = GameAction.objects.filter(game__in=games).order_by("game", "number")
    by_game: dict[int, list] = {}
    for game, seat, when in rows.values_list("game", "seat", "created_at"):
        by_game.setdefault(game, []).append((seat, when))
    for game, actions in by_game.items():
        for index, (seat, when) in enumerate(actions):
            if seat != SOUTH or when < since:
                continue
            answers = []
            for later_seat, later in actions[index + 1 :]:
                if later_seat == SOUTH:
                    break
                answers.append(later)
            else:
                if game not in over:
                    continue  # still waiting at the end of the run
            if answers:
                waits.append((answers[-1] - when).total_seconds())
    return waits


def _counts(games: list[int], since, until) -> dict:
    from tournaments.play.models import Game, GameAction

    actions = GameAction.objects.filter(game__in=games, created_at__gte=since, created_at__lt=until)
    finished = Game.objects.filter(pk__in=games, finished_at__gte=since, finished_at__lt=until)
    return {
        "south": actions.filter(seat=SOUTH).count(),
        "south_cards": actions.filter(seat=SOUTH, kind="card").count(),
        "robots": actions.exclude(seat=SOUTH).count(),
        "deals": finished.count(),
    }


def _decisions_kept() -> int:
    """The robots' decisions in the cache (each one computed once by a worker)."""
    import redis

    return sum(1 for _ in redis.Redis.from_url(harness.CACHE).scan_iter("*robot-decision:*"))


def _describe_waits(label: str, waits: list[float]) -> str:
    if not waits:
        return f"{label}: none"
    return (
        f"{label} ({len(waits)}): p50 {harness.percentile(waits, 0.5):.2f} s, "
        f"p95 {harness.percentile(waits, 0.95):.2f} s, max {max(waits):.2f} s"
    )


def _south_acts(game, account, rng: random.Random) -> None:
    """South's call or card in the CPU measure: chosen as the players' threads choose."""
    from scoring.engine.cards import Card
    from scoring.robots.auction import Call
    from tournaments.play import selectors
    from tournaments.play import services as play

    view = selectors.position_of(game).view(selectors.HUMAN)
    if view.in_auction:
        state = {
            "legal_calls": [call.to_dict() for call in view.auction.legal_calls()],
            "calls": [call.to_dict() for _seat, call in view.auction.by_seat()],
        }
        play.make_call(game=game, player=account, call=Call.from_dict(_call(state, rng)))
    else:
        card = Card.parse(rng.choice(sorted(str(card) for card in view.legal())))
        play.play_card(game=game, player=account, card=card)


def _robots_cpu(tournament, deals: int, worlds: int) -> tuple[float, int]:
    """The three robots' CPU seconds over ``deals`` whole games played here (South's calls and
    cards chosen at random, untimed), and their number of decisions."""
    from django.contrib.auth import get_user_model
    from django.test.utils import override_settings

    from tournaments.online import demo, services
    from tournaments.play import selectors
    from tournaments.play import services as play

    account = get_user_model().objects.create(username=CPU_ACCOUNT)
    services.enter(tournament=tournament, player=account)
    rng = random.Random(7)  # noqa: S311 - benchmark choices
    spent, decisions = 0.0, 0
    with override_settings(ROBOTS_IN_PROCESS="0"):
        for deal in range(1, deals + 1):
            game = services.play_deal(
                tournament=tournament, player=account, deal=deal, seed=deal, worlds=worlds
            )
            for _ in range(demo.MOST_ACTIONS):
                game.refresh_from_db()
                if game.is_over:
                    break
                position = selectors.position_of(game)
                if position.to_play() is selectors.HUMAN:
                    _south_acts(game, account, rng)
                    continue
                started = time.process_time()
                decisions += play.play_robots(game_id=game.pk, expected=position.number)
                spent += time.process_time() - started
    return spent, decisions


# --- The run -------------------------------------------------------------------------------


def _run(args: argparse.Namespace, database, players: list[Player]) -> tuple[dict, object]:
    """The site started (gunicorn, one robots' worker), the players' threads for
    ``--minutes``; the CPU used meanwhile and the run's start."""
    from django.utils import timezone

    env = harness.site_env(database.url, broker=harness.BROKER, cache=harness.CACHE)
    env.update(
        PLAY_ROBOT_PAUSE="0",
        ROBOTS_IN_PROCESS="0",
        PLAY_ROBOT_THREADS=str(args.threads),
    )
    harness.flush_redis(harness.BROKER, harness.CACHE)
    with harness.Services(env, redis_urls=[harness.BROKER, harness.CACHE]) as services:
        port = harness.free_port()
        services.gunicorn(port, args.web_workers)
        services.celery_worker(
            args.concurrency, harness.BROKER, queues="robots", name="robots-worker"
        )
        base = f"http://127.0.0.1:{port}"
        tables = [Table(base, player) for player in players]
        meter = services.cpu_meter(database.name)
        since = timezone.now()
        meter.begin()
        usage_start = time.monotonic()
        stop = usage_start + 60 * args.minutes
        threads = [
            threading.Thread(target=_play, args=(table, args, stop), daemon=True)
            for table in tables
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        usage = meter.end()
        usage["start"] = usage_start
        usage["computed"] = _decisions_kept()
    return usage, since


def _report(args, players: list[Player], usage: dict, since, until) -> None:
    games = [game for player in players for game in player.games]
    counts = _counts(games, since, until)
    wall = usage["wall"]
    seen = [wait for player in players for wait in player.waits]
    print(
        _describe_waits(f"human action to the robots' answers, as seen (poll {args.poll} s)", seen)
    )
    print(_describe_waits("the same on the server (stored to stored)", _server_waits(games, since)))
    if args.arrivals > args.think:
        # Once every player has arrived: the 40 at once, their deals no longer in step.
        arrived = usage["start"] + args.arrivals
        later = [
            wait
            for player in players
            for wait, posted in zip(player.waits, player.posted, strict=True)
            if posted >= arrived
        ]
        print(_describe_waits(f"as seen, once all arrived (after {args.arrivals:.0f} s)", later))
        after = since + timedelta(seconds=args.arrivals)
        print(_describe_waits("the same on the server", _server_waits(games, after)))
    starts = [wait for player in players for wait in player.starts]
    print(_describe_waits("« Jouer » on a deal to South's first turn, as seen", starts))
    print(
        f"over {wall:.0f} s: {counts['south'] / wall:.2f} human calls and cards a second "
        f"({counts['south_cards'] / wall:.2f} cards), {counts['robots'] / wall:.2f} robot "
        f"decisions a second, {counts['deals']} deals completed"
    )
    worker = usage["groups"].get("robots-worker", 0.0)
    computed = usage["computed"]
    print(
        f"the robots' decisions computed: {computed} of the {counts['robots']} played in the run "
        f"and before it by the workers (the others read from the cache)"
    )
    print(describe_cpu(usage, counts["robots"], "robot decision"))
    print(
        f"the robots' worker: {worker:.0f} s of CPU, {100 * worker / wall:.0f} % of a core "
        f"({args.concurrency} job(s) at a time: near {100 * args.concurrency} % it is saturated)"
    )
    if counts["south"] and seen:
        per_action = worker / counts["south"]
        pace = args.think + harness.median(seen)
        print(
            f"the robots' CPU per human call or card: {per_action:.2f} s; a player at this pace "
            f"needs {per_action / pace:.3f} of a core: a robots' process at half load "
            f"carries about {0.5 * pace / per_action:.0f} players"
        )
    errors = [error for player in players for error in player.errors if error != "out of games"]
    if errors:
        print(f"{len(errors)} players stopped on an error, first: {errors[0]}")


def main() -> None:
    args = _arguments()
    if args.arrivals is None:
        args.arrivals = args.think
    os.environ["PLAY_ROBOT_PAUSE"] = "0"  # presentation only (docs/play.md): not measured
    with harness.BenchDatabase(args.database, keep=args.keep) as database:
        harness.setup_django(database.url)
        from django.utils import timezone

        print(harness.describe_machine())
        print(
            f"{args.players} players, {args.think} s a call or card, {args.worlds} worlds, "
            f"{args.minutes} min, arriving over {args.arrivals:.0f} s, one robots' worker "
            f"(concurrency {args.concurrency}, "
            f"{args.threads} thread(s) a decision), PLAY_ROBOT_PAUSE=0, poll {args.poll} s"
            + (", each player's robots on a seed of their own" if args.own_seeds else "")
        )
        tournament, players = _build(args)
        args.slug = tournament.slug
        usage, since = _run(args, database, players)
        _report(args, players, usage, since, timezone.now())
        spent, decisions = _robots_cpu(tournament, args.cpu_deals, args.worlds)
        per_deal = spent / args.cpu_deals
        print(
            f"the three robots alone, {args.cpu_deals} deals here: {per_deal:.1f} s of CPU a "
            f"deal ({1000 * spent / max(decisions, 1):.0f} ms a decision), "
            f"{3600 / per_deal:.0f} robot deals per core per hour"
        )


if __name__ == "__main__":
    main()
