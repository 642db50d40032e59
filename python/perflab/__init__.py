"""perflab in Python: the runs of LLM serving benchmarks as polars frames, and the
comparisons, checks and verdicts of the ``perflab`` command line, from the same Rust core.

>>> import perflab
>>> runs = perflab.ingest("results/")            # polars.DataFrame, one row per run
>>> d = perflab.diff("main/", "pr/")              # the verdict of ``perflab diff``
>>> d.verdict, d.exit_code
>>> d                                             # in a notebook: the diff page

Every function takes ``lang=`` for the words it prints (``en``, ``ru``, ``zh-CN``) and
raises :class:`PerflabError` (or a subclass) where the command line exits 2.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Sequence, Union

import polars as pl

from . import _perflab
from ._perflab import InputError, OutputError, PerflabError, UsageError

__all__ = [
    "Check",
    "Diff",
    "InputError",
    "OutputError",
    "PerflabError",
    "UsageError",
    "check",
    "diff",
    "ingest",
    "requests",
    "__version__",
]

__version__: str = _perflab.__version__

PathLike = Union[str, "os.PathLike[str]"]
Side = Union[PathLike, pl.DataFrame]


def _paths(paths: Sequence[PathLike]) -> list[str]:
    return [os.fspath(p) for p in paths]


def ingest(
    *paths: PathLike,
    keep_going: bool = False,
    slo: Sequence[str] | None = None,
    lang: str = "en",
    config: PathLike | None = None,
) -> pl.DataFrame:
    """The runs frame of ``perflab ingest PATHS…``: one row per run, the columns and
    values of ``perflab ingest --parquet``. Files, folders and globs as the CLI takes
    them; ``keep_going`` reports bad files as warnings instead of raising."""
    stream, _warnings = _perflab.ingest(
        _paths(paths),
        keep_going,
        list(slo or []),
        lang,
        None if config is None else os.fspath(config),
    )
    return pl.DataFrame(stream)


def requests(
    *paths: PathLike,
    slo: Sequence[str] | None = None,
    lang: str = "en",
    config: PathLike | None = None,
) -> pl.DataFrame:
    """The requests frame of ``perflab ingest --requests``: one row per request of every
    result file that records them (vLLM ``--save-detailed``, AIPerf, guidellm…)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "requests.parquet"
        _perflab.requests(
            _paths(paths),
            str(out),
            list(slo or []),
            lang,
            None if config is None else os.fspath(config),
        )
        if not out.exists():
            return pl.DataFrame()
        return pl.read_parquet(out)


_DIFF_SCHEMA = {
    "pair": pl.Utf8,
    "metric": pl.Utf8,
    "higher_is_better": pl.Boolean,
    "baseline_n": pl.Int64,
    "baseline_mean": pl.Float64,
    "baseline_std_dev": pl.Float64,
    "candidate_n": pl.Int64,
    "candidate_mean": pl.Float64,
    "candidate_std_dev": pl.Float64,
    "change": pl.Float64,
    "change_percent": pl.Float64,
    "p": pl.Float64,
    "ci_low_percent": pl.Float64,
    "ci_high_percent": pl.Float64,
    "trend": pl.Utf8,
    "status": pl.Utf8,
    "pair_verdict": pl.Utf8,
}


class Diff:
    """What ``perflab diff`` concludes: ``verdict`` (``pass``, ``fail``, …),
    ``exit_code`` (0 or 1, as the CLI), ``frame`` (one row per metric and pair), and the
    comment, JSON and page the CLI writes."""

    def __init__(self, result: Any) -> None:
        self._r = result
        self.verdict: str = result.verdict
        self.exit_code: int = result.exit_code
        self.warnings: list[str] = list(result.warnings)

    @property
    def frame(self) -> pl.DataFrame:
        """One row per pair and metric: baseline and candidate means, the change in
        percent, the p-value and the verdict of each."""
        data = json.loads(self._r.json)
        rows = []
        for pair in data.get("pairs", []):
            for m in pair.get("metrics", []):
                base, cand = m.get("baseline") or {}, m.get("candidate") or {}
                welch = m.get("welch") or {}
                ci = m.get("ci_percent") or [None, None]
                rows.append(
                    {
                        "pair": pair.get("label"),
                        "metric": m.get("metric"),
                        "higher_is_better": m.get("higher_is_better"),
                        "baseline_n": base.get("n"),
                        "baseline_mean": base.get("mean"),
                        "baseline_std_dev": base.get("std_dev"),
                        "candidate_n": cand.get("n"),
                        "candidate_mean": cand.get("mean"),
                        "candidate_std_dev": cand.get("std_dev"),
                        "change": m.get("change"),
                        "change_percent": m.get("change_percent"),
                        "p": welch.get("p"),
                        "ci_low_percent": ci[0],
                        "ci_high_percent": ci[1],
                        "trend": m.get("trend"),
                        "status": m.get("status"),
                        "pair_verdict": pair.get("verdict"),
                    }
                )
        return pl.DataFrame(rows, schema=_DIFF_SCHEMA)

    def to_markdown(self) -> str:
        """The pull-request comment (``perflab diff --markdown``)."""
        return str(self._r.markdown)

    def to_json(self) -> str:
        """``perflab diff --json``."""
        return str(self._r.json)

    def to_html(self) -> str:
        """The self-contained page of ``perflab diff --html``."""
        return str(self._r.html)

    def __repr__(self) -> str:
        return str(self._r.text)

    def _repr_html_(self) -> str:
        return self.to_html()


class Check:
    """What ``perflab check`` finds in a report: every claim with its verdict
    (``claims``), the wrong ones (``wrong``), the findings and the CLI's text."""

    def __init__(self, json_text: str, text: str, exit_code: int) -> None:
        self._data = json.loads(json_text)
        self._text = text
        self.exit_code = exit_code

    @property
    def claims(self) -> pl.DataFrame:
        rows = [
            {k: v for k, v in c.items() if not isinstance(v, (dict, list))}
            for c in self._data.get("claims", [])
        ]
        return pl.DataFrame(rows)

    @property
    def wrong(self) -> int:
        return sum(1 for c in self._data.get("claims", []) if c.get("verdict") == "wrong")

    @property
    def findings(self) -> list[dict[str, Any]]:
        return list(self._data.get("findings", []))

    def to_json(self) -> str:
        return json.dumps(self._data, ensure_ascii=False, indent=2)

    def __repr__(self) -> str:
        return self._text


def _side(side: Side, tmp: str, name: str) -> str:
    if isinstance(side, pl.DataFrame):
        path = Path(tmp) / f"{name}.parquet"
        side.write_parquet(path)
        return str(path)
    return os.fspath(side)


def diff(
    baseline: Side,
    candidate: Side | None = None,
    key: Sequence[str] | None = None,
    fail_on: Sequence[str] | None = None,
    slo: Sequence[str] | None = None,
    lang: str = "en",
    config: PathLike | None = None,
) -> Diff:
    """``perflab diff BASELINE CANDIDATE``. Each side is a path (a result, a folder, a
    runs frame file) or a runs frame from :func:`ingest`; ``candidate=None`` compares the
    before and after of one document (``perflab diff DOC.md``)."""
    with tempfile.TemporaryDirectory() as tmp:
        result = _perflab.diff(
            _side(baseline, tmp, "baseline"),
            None if candidate is None else _side(candidate, tmp, "candidate"),
            list(key or []),
            list(fail_on or []),
            list(slo or []),
            lang,
            None if config is None else os.fspath(config),
        )
    return Diff(result)


def check(path: PathLike, strict: bool = False, lang: str = "en") -> Check:
    """``perflab check REPORT``: every claim of a published report or a pull-request
    thread recomputed from its blocks."""
    json_text, text, code = _perflab.check(os.fspath(path), strict, lang)
    return Check(json_text, text, code)
