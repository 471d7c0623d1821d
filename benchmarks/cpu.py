"""CPU accounting for the site benchmarks: the ticks each process group (gunicorn, the worker,
PostgreSQL's backends) and the whole machine used over a measurement, from /proc.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def process_ticks(pid: int) -> tuple[int, int] | None:
    """(parent pid, user + system ticks) of a live process."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return int(fields[1]), int(fields[11]) + int(fields[12])


def descendants(roots: Sequence[int]) -> list[int]:
    """The processes started by ``roots`` (themselves included), at any depth."""
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            info = process_ticks(int(entry.name))
            if info is not None:
                parents[int(entry.name)] = info[0]
    found, frontier = set(roots), set(roots)
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return sorted(found)


def machine_busy_seconds() -> float:
    """CPU seconds the whole machine spent not idle since boot (all cores)."""
    values = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values[:8]) - idle) / TICKS


class CpuMeter:
    """CPU seconds used by groups of processes over a window, and by the whole machine: who
    used the cores during a measurement (this benchmark's processes, or others').

    A thread samples the groups every ``interval`` seconds, so that processes that come and go
    meanwhile (database connections recycled after DB_CONN_MAX_AGE) are counted up to their
    last sample."""

    def __init__(self, groups: dict[str, Callable[[], Sequence[int]]], interval: float = 0.5):
        self.groups = groups
        self.interval = interval
        self.first: dict[str, dict[int, int]] = {}
        self.last: dict[str, dict[int, int]] = {}
        self.machine_start = 0.0
        self.wall_start = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _sample(self) -> None:
        for name, pids in self.groups.items():
            first = self.first.setdefault(name, {})
            last = self.last.setdefault(name, {})
            try:
                listed = pids()
            except Exception:  # noqa: BLE001 - a missed sample only loses precision
                continue
            for pid in listed:
                info = process_ticks(pid)
                if info is not None:
                    # A process first seen after the start began during the window: count
                    # all of its time only if it was not there at the first sample.
                    first.setdefault(pid, info[1] if not self._started else 0)
                    last[pid] = info[1]

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._sample()

    def begin(self) -> None:
        self._started = False
        self._sample()
        self._started = True
        self.machine_start = machine_busy_seconds()
        self.wall_start = time.monotonic()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def end(self) -> dict:
        """CPU seconds per group, the machine's busy CPU seconds (all cores) and the
        wall-clock seconds of the window."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._sample()
        used = {
            name: sum(ticks - self.first[name].get(pid, 0) for pid, ticks in last.items()) / TICKS
            for name, last in self.last.items()
        }
        return {
            "groups": used,
            "machine": machine_busy_seconds() - self.machine_start,
            "wall": time.monotonic() - self.wall_start,
        }


def describe_cpu(usage: dict, per: int, unit: str) -> str:
    wall = usage["wall"]
    parts = [
        f"{name} {seconds:.1f} s ({1000 * seconds / per:.1f} ms/{unit})" if per else name
        for name, seconds in usage["groups"].items()
    ]
    ours = sum(usage["groups"].values())
    others = max(0.0, usage["machine"] - ours)
    cores = len(os.sched_getaffinity(0))
    return (
        f"CPU over {wall:.0f} s ({cores * wall:.0f} core-seconds available): "
        + ", ".join(parts)
        + f"; everything else on the machine {others:.1f} s"
    )
