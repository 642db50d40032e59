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
import warnings
from pathlib import Path
from typing import Any, Sequence, Union

import polars as pl

from . import _perflab
from ._perflab import InputError, OutputError, PerflabError, UsageError

__all__ = [
    "Check",
    "Compare",
    "Curves",
    "Diff",
    "HistoryReport",
    "InputError",
    "OutputError",
    "PerflabError",
    "PerflabWarning",
    "UsageError",
    "check",
    "compare",
    "curves",
    "diff",
    "history",
    "import_report",
    "ingest",
    "report",
    "requests",
    "translate",
    "__version__",
]

__version__: str = _perflab.__version__

PathLike = Union[str, "os.PathLike[str]"]
Side = Union[PathLike, pl.DataFrame]


def _paths(paths: Sequence[PathLike]) -> list[str]:
    return [os.fspath(p) for p in paths]


class PerflabWarning(UserWarning):
    """What the command line says on standard error and goes on: a file skipped under
    ``keep_going``, a run missing its denominator, two files of one run that disagree.
    Filter it as any warning (``warnings.simplefilter("error", perflab.PerflabWarning)``
    makes it raise)."""


def _warn(said: Sequence[str], depth: int = 0) -> None:
    # The warning points at the user's call of ingest()/diff()/…, not at this module:
    # ``depth`` counts the frames of this module between that call and here.
    for message in said:
        warnings.warn(message, PerflabWarning, stacklevel=3 + depth)


def ingest(
    *paths: PathLike,
    keep_going: bool = False,
    slo: Sequence[str] | None = None,
    lang: str = "en",
    config: PathLike | None = None,
    allow_empty: bool = False,
) -> pl.DataFrame:
    """The runs frame of ``perflab ingest PATHS…``: one row per run, the columns and
    values of ``perflab ingest --parquet``. Files, folders and globs as the CLI takes
    them; ``keep_going`` reports bad files as warnings instead of raising. Paths that
    hold no run raise, naming each file found and why, unless ``allow_empty``."""
    stream, said = _perflab.ingest(
        _paths(paths),
        keep_going,
        list(slo or []),
        lang,
        None if config is None else os.fspath(config),
        allow_empty,
    )
    _warn(said)
    return pl.DataFrame(stream)


def requests(
    *paths: PathLike,
    slo: Sequence[str] | None = None,
    lang: str = "en",
    config: PathLike | None = None,
) -> pl.DataFrame:
    """The requests frame of ``perflab ingest --requests``: one row per request of every
    result file that records them (vLLM ``--save-detailed``, SGLang ``--output-details``,
    guidellm, AIPerf…), handed over as an Arrow stream."""
    stream, said = _perflab.requests(
        _paths(paths),
        list(slo or []),
        lang,
        None if config is None else os.fspath(config),
    )
    _warn(said)
    return pl.DataFrame(stream)


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
    "noise_source": pl.Utf8,
    "noise_sigma": pl.Float64,
    "detectable_percent": pl.Float64,
    "pair_verdict": pl.Utf8,
}


class Diff:
    """What ``perflab diff`` concludes: ``verdict`` (``pass`` or ``regression``, as the
    CLI's ``--json``), ``exit_code`` (0 or 1, as the CLI), ``frame`` (one row per metric
    and pair), and the comment, JSON and page the CLI writes."""

    def __init__(self, result: Any) -> None:
        self._r = result
        self.verdict: str = result.verdict
        self.exit_code: int = result.exit_code
        self.warnings: list[str] = list(result.warnings)
        _warn(self.warnings, depth=1)

    @property
    def frame(self) -> pl.DataFrame:
        """One row per pair and metric: baseline and candidate means, the change in
        percent, the p-value and the verdict of each."""
        data = json.loads(self._r.json)
        rows = []
        for pair in data.get("pairs", []):
            for m in pair.get("metrics", []):
                base, cand = m.get("baseline") or {}, m.get("candidate") or {}
                # The test that judged: the one against a history's or a declared noise
                # between runs where there is one, else Welch's of both sides' repeats.
                tested = m.get("noise_test")
                welch = tested or m.get("welch") or {}
                noise = m.get("noise") or {}
                ci = (tested or {}).get("ci_percent") or m.get("ci_percent") or [None, None]
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
                        "noise_source": noise.get("source"),
                        "noise_sigma": noise.get("sigma"),
                        "detectable_percent": m.get("detectable_percent"),
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
    noise: Sequence[str] | None = None,
    noise_from: str | None = None,
) -> Diff:
    """``perflab diff BASELINE CANDIDATE``. Each side is a path (a result, a folder, a
    runs frame file) or a runs frame from :func:`ingest`; ``candidate=None`` compares the
    before and after of one document (``perflab diff DOC.md``). ``noise`` declares the
    noise between runs (``["output_throughput=12%"]``, as ``--noise``) and ``noise_from``
    names a history store whose past runs give it (``--noise-from``)."""
    with tempfile.TemporaryDirectory() as tmp:
        result = _perflab.diff(
            _side(baseline, tmp, "baseline"),
            None if candidate is None else _side(candidate, tmp, "candidate"),
            list(key or []),
            list(fail_on or []),
            list(slo or []),
            lang,
            None if config is None else os.fspath(config),
            list(noise or []),
            noise_from,
        )
    return Diff(result)


def check(path: PathLike, strict: bool = False, lang: str = "en") -> Check:
    """``perflab check REPORT``: every claim of a published report or a pull-request
    thread recomputed from its blocks."""
    json_text, text, code = _perflab.check(os.fspath(path), strict, lang)
    return Check(json_text, text, code)


class _Printed:
    """What a command prints, in each format its CLI writes."""

    def __init__(self, exported: Any) -> None:
        self._formats: dict[str, str] = dict(exported.formats)
        self.exit_code: int = exported.exit_code
        self.warnings: list[str] = list(exported.warnings)
        _warn(self.warnings, depth=1)

    def to_markdown(self) -> str:
        return self._formats.get("markdown", "")

    def to_json(self) -> str:
        return self._formats.get("json", "")

    def to_html(self) -> str:
        return self._formats.get("html", "")

    def __repr__(self) -> str:
        return self._formats.get("text") or self.to_markdown()

    def _repr_html_(self) -> str:
        return self.to_html() or f"<pre>{_escape(repr(self))}</pre>"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _json_lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


class Curves(_Printed):
    """``perflab curves``: each series' curve against the load, its capacity within the
    SLOs, and its Pareto front (tokens/s per GPU against per user)."""

    @property
    def _series(self) -> list[dict[str, Any]]:
        return _json_lines(self.to_json())

    @staticmethod
    def _name(s: dict[str, Any]) -> str:
        return json.dumps(s.get("series") or {}, ensure_ascii=False, sort_keys=True)

    @property
    def series(self) -> pl.DataFrame:
        """One row per series and load point: the load, the runs, each metric's mean."""
        rows = []
        for s in self._series:
            for point in s.get("curve", []):
                row: dict[str, Any] = {"series": self._name(s), "x": point.get("x"), "runs": point.get("runs")}
                for metric, v in (point.get("values") or {}).items():
                    row[metric] = (v or {}).get("mean")
                rows.append(row)
        return pl.DataFrame(rows)

    @property
    def capacity(self) -> pl.DataFrame:
        """One row per series: the load it carries within the SLOs and how it is bounded."""
        rows = [
            {
                "series": self._name(s),
                "x": s.get("x"),
                "capacity": s.get("capacity"),
                "capacity_bound": s.get("capacity_bound"),
                "limiting_slo": s.get("limiting_slo"),
                "points": s.get("points"),
            }
            for s in self._series
        ]
        return pl.DataFrame(rows)

    @property
    def pareto(self) -> pl.DataFrame:
        """One row per series and point: tokens/s per GPU and per user, dominated or not."""
        rows = [
            {"series": self._name(s), **p}
            for s in self._series
            for p in s.get("pareto", [])
        ]
        return pl.DataFrame(rows)


def curves(
    *paths: PathLike,
    x: str,
    y: Sequence[str],
    by: Sequence[str] | None = None,
    slo: Sequence[str] | None = None,
    gpus: str | None = None,
    lang: str = "en",
    config: PathLike | None = None,
) -> Curves:
    """``perflab curves PATHS… --x COLUMN --y A,B``: load sweeps as curves."""
    return Curves(
        _perflab.curves(
            _paths(paths),
            x,
            list(y),
            None if by is None else list(by),
            list(slo or []),
            gpus,
            lang,
            None if config is None else os.fspath(config),
        )
    )


class Compare(_Printed):
    """``perflab compare``: two runs, which is better on the primary metric and by how
    much, with the secondary metric beside it."""

    @property
    def result(self) -> dict[str, Any]:
        parsed: dict[str, Any] = json.loads(self.to_json())
        return parsed


def compare(
    baseline: PathLike,
    candidate: PathLike,
    primary: str = "total_token_throughput",
    secondary: str = "mean_tpot_ms",
    slo: Sequence[str] | None = None,
    lang: str = "en",
) -> Compare:
    """``perflab compare BASELINE CANDIDATE`` (``FILE`` or ``FILE#N``, the Nth run; a
    ``pathlib.Path`` too), with the CLI's defaults (``--secondary mean_tpot_ms``)."""
    return Compare(
        _perflab.compare(os.fspath(baseline), os.fspath(candidate), primary, secondary, list(slo or []), lang)
    )


class HistoryReport(_Printed):
    """``perflab history report``: per series, its change points and latest run."""

    @property
    def series(self) -> pl.DataFrame:
        rows = [
            {k: (json.dumps(v, ensure_ascii=False) if isinstance(v, (dict, list)) else v) for k, v in line.items()}
            for line in _json_lines(self.to_json())
        ]
        return pl.DataFrame(rows)


class _History:
    """``perflab history``: ``add`` runs to a store (a folder or an object-store URL),
    ``report`` their trend."""

    @staticmethod
    def add(
        *paths: PathLike,
        store: PathLike,
        labels: Sequence[str] | None = None,
        date: str | None = None,
        lang: str = "en",
    ) -> list[str]:
        """Appends the runs of ``paths``; returns what was said (runs added per day)."""
        return list(_perflab.history_add(_paths(paths), os.fspath(store), list(labels or []), date, lang))

    @staticmethod
    def report(
        store: PathLike,
        metric: str | Sequence[str] | None = None,
        key: Sequence[str] | None = None,
        filters: Sequence[str] | None = None,
        since: str | None = None,
        recent: int = 30,
        lang: str = "en",
    ) -> HistoryReport:
        """``perflab history report --store STORE --metric …``: one series per workload
        (or ``key``) and metric. ``metric`` is a column, ``"a,b"``, or a list; ``None``
        reports the metrics ``diff`` watches. ``recent`` is the CLI's ``--recent`` (30)."""
        metrics = [metric] if isinstance(metric, str) else list(metric or [])
        store = os.fspath(store)
        return HistoryReport(
            _perflab.history_report(store, metrics, list(key or []), list(filters or []), since, recent, lang)
        )


history = _History()


def report(
    study: PathLike | Sequence[PathLike],
    langs: str | Sequence[str],
    out: PathLike,
    slo: Sequence[str] | None = None,
    baseline: PathLike | None = None,
    save_study: PathLike | None = None,
) -> list[Path]:
    """``perflab report STUDY --lang … --out OUT``: the paths written. ``study`` is a
    ``study.toml``, or result folders (a list, or one folder), one per server configuration,
    from whose runs the study is made (``perflab report BASE/ CAND/``; ``baseline`` one of
    them, ``save_study`` where to write the study made). ``langs`` is a list or the CLI's
    ``"en,ru"`` (one language is ``"en"``, never its letters). What the command line says on
    stderr (a summary its requests contradict, study text not given in a page's language)
    is a ``PerflabWarning``."""
    if isinstance(langs, str):
        langs = [lang.strip() for lang in langs.split(",") if lang.strip()]
    if isinstance(study, (str, os.PathLike)) and not os.path.isdir(study):
        file, folders = os.fspath(study), []
    else:
        paths = [study] if isinstance(study, (str, os.PathLike)) else list(study)
        file, folders = "", [os.fspath(p) for p in paths]
    written, said = _perflab.report(
        file,
        list(langs),
        os.fspath(out),
        list(slo or []),
        "en",
        folders,
        None if baseline is None else os.fspath(baseline),
        None if save_study is None else os.fspath(save_study),
    )
    _warn(said)
    return [Path(p) for p in written]


def translate(
    path: PathLike,
    langs: Sequence[str],
    out: PathLike,
    html: bool = False,
    memory: PathLike | None = None,
    allow_untranslated: bool = False,
    lang: str = "en",
) -> tuple[list[Path], list[str], bool]:
    """``perflab translate REPORT --lang … --out OUT``: the paths written, the summary,
    and whether every translation passed (verified, nothing left untranslated unless
    ``allow_untranslated``)."""
    written, summary, passed = _perflab.translate(
        os.fspath(path),
        list(langs),
        os.fspath(out),
        html,
        None if memory is None else os.fspath(memory),
        allow_untranslated,
        lang,
    )
    return [Path(p) for p in written], list(summary), bool(passed)


def import_report(path: PathLike, out: PathLike, lang: str = "en") -> list[Path]:
    """``perflab import REPORT --out OUT``: a study of a published report; the paths written."""
    written, said = _perflab.import_report(os.fspath(path), os.fspath(out), lang)
    _warn(said)
    return [Path(p) for p in written]
