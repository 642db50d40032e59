"""What perflab costs through Python, against the CLI doing the same work (BENCHMARKS.md,
"Python"). Run after a release build of both (`cargo build --release` and
`maturin develop --release`):

    python benches/python_speed.py fixtures [/tmp/base.json]

1. ingest: the median of N in-process ``perflab.ingest(PATH, keep_going=True)`` calls
   against the median of N ``perflab ingest --keep-going --parquet OUT PATH`` processes
   (the CLI's frame written as Parquet, the nearest the CLI comes to handing a frame
   over); the CLI's figure includes its process start, so the ratio flatters the CLI.
2. the requests frame (optional, a vLLM ``--save-detailed`` result such as
   ``examples/gen_detailed.py`` writes): the time of ``_perflab.requests`` (reading the
   file into Arrow arrays, in Rust) and, apart, the time polars takes to adopt the Arrow
   stream (the handover).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

import polars as pl

import perflab
from perflab import _perflab

ROUNDS = 15


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (user + system, every
    thread): less swayed than wall time by what else the machine runs."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def median_seconds(run: object, rounds: int = ROUNDS) -> tuple[float, float, float, float]:
    """Median, min and max wall time, and median CPU time, of ``rounds`` runs."""
    times, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), cpu_seconds()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
        cpu.append(cpu_seconds() - start_cpu)
    return statistics.median(times), min(times), max(times), statistics.median(cpu)


def said(name: str, m: tuple[float, float, float, float]) -> str:
    return f"  {name:<26} wall median {m[0]*1e3:6.1f} ms [{m[1]*1e3:.1f}–{m[2]*1e3:.1f}], CPU median {m[3]*1e3:6.1f} ms"


def cli() -> str:
    target = Path(os.environ.get("CARGO_TARGET_DIR", "target"))
    return str(target / "release" / "perflab")


def ingest(path: str) -> None:
    warnings.simplefilter("ignore", perflab.PerflabWarning)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "runs.parquet")
        command = [cli(), "ingest", "--keep-going", "--parquet", out, path]
        by_cli = median_seconds(
            lambda: subprocess.run(command, capture_output=True, check=False)
        )
        ndjson = [cli(), "ingest", "--keep-going", "--json", path]
        by_cli_json = median_seconds(
            lambda: subprocess.run(ndjson, capture_output=True, check=False)
        )
    frame = perflab.ingest(path, keep_going=True)
    by_python = median_seconds(lambda: perflab.ingest(path, keep_going=True))
    print(f"ingest {path}: {frame.height} runs, {frame.width} columns")
    print(said("CLI (process, --parquet)", by_cli))
    print(said("CLI (process, --json)", by_cli_json))
    print(said("Python (in process)", by_python))
    for name, m in (("--parquet", by_cli), ("--json", by_cli_json)):
        print(f"  Python / CLI {name}: wall {by_python[0] / m[0]:.3f}, CPU {by_python[3] / m[3]:.3f}")


def requests(path: str) -> None:
    reads, handovers = [], []
    rows = 0
    for _ in range(5):
        start = time.perf_counter()
        stream, _said = _perflab.requests([path], [], "en", None)
        read = time.perf_counter()
        frame = pl.DataFrame(stream)
        done = time.perf_counter()
        reads.append(read - start)
        handovers.append(done - read)
        rows = frame.height
        del frame, stream
    print(f"requests {path}: {rows} rows")
    print(f"  read into Arrow (Rust): median {statistics.median(reads):.3f} s  [{min(reads):.3f}–{max(reads):.3f}]")
    print(f"  handover to polars:     median {statistics.median(handovers)*1e3:.2f} ms  [{min(handovers)*1e3:.2f}–{max(handovers)*1e3:.2f}]")


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    ingest(argv[1])
    if len(argv) > 2:
        requests(argv[2])
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
