"""Benchmark: our robots' auctions alone, each contract valued at par (docs/robots.md).

Run: .venv/bin/python -m benchmarks.robots_auctions [--deals 200] [--opponent improved_isdd]
     [--processes 2] [--seed 3] [--records FILE] [--compare FILE]

The arena (``benchmarks.robots_arena``) plays whole deals, and its margin mixes the auction with
the play and with the noise of colver's time budget. This one stops each room when the auction
ends and values the contract reached as if played double dummy (every hand seen: its « par »,
our score minus theirs), so that it measures the auction alone, fast (no card is played) and
without noise of its own: our robots decide by their seeds, and colver's bidding does not
depend on the time. The same deals as the arena's at the same ``--seed``.

It prints the mean par margin per deal with its 95 % interval, how many rooms each side
declared, and our CPU per auction. ``--records FILE`` keeps each deal's rooms (contract and
par); ``--compare FILE`` reads such a file from another run (another commit, other settings) and
prints the paired difference per deal, which is what to read when two versions are compared:
the deals are the same, so their own spread cancels out.
"""

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from benchmarks.robots_arena import Room, interval, par_of, random_deal
from scoring.engine.cards import Seat, Side

# The arena's worlds: the auction's own (bid_simulation) are fewer anyway.
WORLDS = 16


def one_auction_deal(task: tuple[int, str, int]) -> dict:
    """Both rooms of one deal, auctions only: each room's contract, par and our CPU."""
    number, opponent, seed = task
    dealer, hands = random_deal(random.Random(seed * 100_003 + number))
    rooms = []
    for ours in (Side.NS, Side.EW):
        room = Room(dealer, hands, ours, opponent, WORLDS, seed + number)
        contract = room.play_auction()
        rooms.append(
            {
                "ours": ours.value,
                "contract": None if contract is None else contract.to_dict(),
                "par": par_of(room, contract),
                "seconds": sum(room.seconds),
            }
        )
    return {"deal": number, "par": sum(room["par"] for room in rooms), "rooms": rooms}


def declared(deals: list[dict], whose: str) -> int:
    """How many rooms ``whose`` (ours or theirs) declared."""
    count = 0
    for deal in deals:
        for room in deal["rooms"]:
            contract = room["contract"]
            if contract is None:
                continue
            taker_side = Seat(contract["taker"]).side.value
            count += (taker_side == room["ours"]) == (whose == "ours")
    return count


def compared(deals: list[dict], earlier: list[dict]) -> str:
    """This run's par margin minus the earlier run's, deal by deal."""
    before = {deal["deal"]: deal["par"] for deal in earlier}
    differences = [deal["par"] - before[deal["deal"]] for deal in deals if deal["deal"] in before]
    changed = sum(1 for difference in differences if difference)
    return f"{interval(differences)} per deal over {len(differences)} deals ({changed} changed)"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--opponent", default="improved_isdd")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--records", help="write the deals' rooms to this JSON file")
    parser.add_argument("--compare", help="a --records file of another run, deal by deal")
    args = parser.parse_args()
    tasks = [(number, args.opponent, args.seed) for number in range(args.deals)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.processes) as pool:
        deals = list(pool.map(one_auction_deal, tasks))
    seconds = [room["seconds"] for deal in deals for room in deal["rooms"]]
    print(
        f"auctions against {args.opponent}, online-162, {len(deals)} deals (seed {args.seed}) "
        f"in {time.perf_counter() - started:.0f} s"
    )
    print(f"par margin per deal: {interval([deal['par'] for deal in deals])}")
    print(f"rooms declared: ours {declared(deals, 'ours')}, theirs {declared(deals, 'theirs')}")
    print(
        f"our CPU per auction: mean {statistics.fmean(seconds):.2f} s, worst {max(seconds):.2f} s"
    )
    if args.compare:
        with open(args.compare, encoding="utf-8") as earlier:
            print(f"against {args.compare}: {compared(deals, json.load(earlier))}")
    if args.records:
        with open(args.records, "w", encoding="utf-8") as records:
            json.dump(deals, records)


if __name__ == "__main__":
    main()
