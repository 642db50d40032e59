"""perflab from Python: ingest runs, diff a candidate against a baseline, check a
pull request's claims. Run from the checkout: `python examples/quickstart.py`
(after `pip install .`). `mypy --strict examples/` passes on it."""

from __future__ import annotations

from pathlib import Path

import polars as pl

import perflab

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def main() -> int:
    runs: pl.DataFrame = perflab.ingest(FIXTURES / "vllm", keep_going=True)
    print(runs.select("source", "request_throughput", "mean_ttft_ms").head())

    pairing = FIXTURES / "vllm" / "0.33.0-pairing-base-cand"
    d = perflab.diff(pairing / "base", pairing / "cand")
    print(d)
    print(d.frame.select("metric", "change_percent", "p"))

    thread = perflab.check(FIXTURES / "threads" / "vllm-ascend-pr4936.md")
    print(f"{thread.wrong} wrong of {thread.claims.height} claims")
    return d.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
