"""A pytest plugin: the CPU seconds of each test (user + system of the process and of the children it waited
for, setup, call and teardown together), for measuring the suite on a machine others load too, where wall times
stretch with the load and CPU times much less (benchmarks/RESULTS.md, "The test suite").

    PYTHONPATH=benchmarks .venv/bin/python -m pytest tests/print -n 0 -p suite_cpu
    SUITE_CPU_OUT=cpu.jsonl ...        # also appends one JSON line per test: {"id", "cpu", "wall"}

It prints the total and the 25 costliest tests. A module- or session-scoped fixture is counted in the first test
that asks for it, as `--durations` counts it; collection (the modules' imports) is left out. Never a timed test:
it only reports.
"""

from __future__ import annotations

import json
import os
import time

import pytest

_measured: dict[str, tuple[float, float]] = {}


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    cpu, wall = _cpu(), time.perf_counter()
    yield
    _measured[item.nodeid] = (_cpu() - cpu, time.perf_counter() - wall)


def pytest_sessionfinish(session) -> None:
    out = os.environ.get("SUITE_CPU_OUT")
    if out and _measured:
        with open(out, "a", encoding="utf-8") as f:
            for nodeid, (cpu, wall) in _measured.items():
                f.write(json.dumps({"id": nodeid, "cpu": round(cpu, 2), "wall": round(wall, 2)}) + "\n")


def pytest_terminal_summary(terminalreporter) -> None:
    if not _measured:
        return
    total = sum(cpu for cpu, _ in _measured.values())
    terminalreporter.write_sep("=", f"CPU of {len(_measured)} tests: {total:.1f} s")
    for nodeid, (cpu, wall) in sorted(_measured.items(), key=lambda kv: -kv[1][0])[:25]:
        terminalreporter.write_line(f"{cpu:7.1f} s CPU {wall:7.1f} s wall  {nodeid}")
