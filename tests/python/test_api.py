"""perflab's Python API against its CLI, on the fixtures of this checkout: the runs
frame is the CLI's Parquet, a diff's verdict and exit code are the CLI's, errors are
exceptions naming the file and line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import perflab
from conftest import FIXTURES

CORPORA = ["vllm", "sglang", "aiperf", "genai-perf", "guidellm", "inference-perf", "corpus"]


@pytest.mark.parametrize("corpus", CORPORA)
def test_the_runs_frame_is_the_clis_parquet(corpus, cli, tmp_path):
    out = tmp_path / "runs.parquet"
    done = cli("ingest", "--keep-going", "--parquet", out, FIXTURES / corpus)
    # 2: some file of the corpus is not a run (said on stderr), the others are kept.
    assert done.returncode in (0, 2), done.stderr.decode()
    expected = pl.read_parquet(out)
    got = perflab.ingest(FIXTURES / corpus, keep_going=True)
    assert got.height > 0
    assert_frame_equal(got, expected)
    # And the NDJSON the CLI prints holds the same runs, in the same order.
    ndjson = cli("ingest", "--keep-going", "--json", FIXTURES / corpus)
    lines = [json.loads(l) for l in ndjson.stdout.decode().splitlines() if l.strip()]
    assert [r["source"] for r in lines] == got["source"].to_list()


def test_frames_cross_as_arrow_streams():
    stream, warnings = perflab._perflab.ingest([str(FIXTURES / "vllm")])
    assert hasattr(stream, "__arrow_c_stream__")
    a, b = pl.DataFrame(stream), pl.DataFrame(stream)
    assert_frame_equal(a, b)
    assert isinstance(warnings, list)


DIFFS = [
    ("vllm/0.33.0-pairing-base-cand/base", "vllm/0.33.0-pairing-base-cand/cand"),
    ("threads/vllm-pr7117.md", None),
]


@pytest.mark.parametrize("baseline,candidate", DIFFS)
def test_diff_verdict_and_exit_code_are_the_clis(baseline, candidate, cli):
    args = [FIXTURES / baseline] + ([FIXTURES / candidate] if candidate else [])
    done = cli("diff", "--json", *args)
    assert done.returncode in (0, 1), done.stderr.decode()
    expected = json.loads(done.stdout)
    d = perflab.diff(*args)
    assert d.exit_code == done.returncode
    assert d.verdict == expected["verdict"]
    assert json.loads(d.to_json()) == expected
    frame = d.frame
    assert frame.height == sum(len(p["metrics"]) for p in expected["pairs"])
    assert "<html" in d._repr_html_() and "<svg" in d.to_html()
    assert repr(d).startswith("perflab diff")


def test_diff_takes_frames_for_sides():
    base = perflab.ingest(FIXTURES / "threads" / "vllm-pr7117.md")
    d = perflab.diff(base, base)
    assert d.exit_code == 0
    assert (d.frame["change_percent"].abs() < 1e-9).all()


def test_check_reads_a_thread():
    c = perflab.check(FIXTURES / "threads" / "vllm-ascend-pr4936.md")
    assert c.exit_code == 1
    assert c.wrong == 2
    assert c.claims.filter(pl.col("verdict") == "wrong")["claimed"].to_list() == ["+8.80", "+8.80"]
    assert "claimed +8.80%" in repr(c)


def test_bad_input_raises_with_the_file_and_line(tmp_path):
    bad = tmp_path / "result.json"
    whole = (FIXTURES / "vllm" / "0.33.0-run6-c2" / "result.json").read_bytes()
    bad.write_bytes(whole[:700])
    with pytest.raises(perflab.InputError) as e:
        perflab.ingest(bad)
    assert e.value.path == str(bad)
    assert e.value.line == 1
    assert str(e.value).startswith(f"{bad}:1:")
    with pytest.raises(perflab.InputError, match="нет такого файла") as e:
        perflab.ingest(tmp_path / "missing.json", lang="ru")
    with pytest.raises(perflab.UsageError, match="bogus"):
        perflab.diff(FIXTURES / "vllm", FIXTURES / "vllm", fail_on=["bogus<<5"])
    assert issubclass(perflab.InputError, perflab.PerflabError)


def test_what_the_cli_says_on_stderr_is_a_warning(cli, tmp_path):
    whole = (FIXTURES / "vllm" / "0.33.0-run6-c2" / "result.json").read_bytes()
    (tmp_path / "good.json").write_bytes(whole)
    (tmp_path / "cut.json").write_bytes(whole[:700])
    with pytest.warns(perflab.PerflabWarning) as said:
        runs = perflab.ingest(tmp_path, keep_going=True)
    assert runs.height == 1
    messages = [str(w.message) for w in said]
    assert any(str(tmp_path / "cut.json") in m for m in messages), messages
    printed = cli("ingest", "--keep-going", tmp_path).stderr.decode()
    for message in messages:
        assert message in printed
    # In the caller's language, as the CLI says them in its own; the next call's own.
    with pytest.warns(perflab.PerflabWarning) as said_ru:
        perflab.ingest(tmp_path, keep_going=True, lang="ru")
    russian = [str(w.message) for w in said_ru]
    assert len(russian) == len(messages) and set(russian).isdisjoint(messages)
    printed_ru = cli(
        "ingest", "--keep-going", tmp_path, env={**os.environ, "PERFLAB_LANG": "ru"}
    ).stderr.decode()
    for message in russian:
        assert message in printed_ru
    with pytest.warns(perflab.PerflabWarning) as said_again:
        perflab.ingest(tmp_path, keep_going=True)
    assert [str(w.message) for w in said_again] == messages
    # A filter turns them into errors, as any warning.
    with warnings.catch_warnings():
        warnings.simplefilter("error", perflab.PerflabWarning)
        with pytest.raises(perflab.PerflabWarning):
            perflab.ingest(tmp_path, keep_going=True)


def test_the_console_script_is_the_cli(cli):
    script = [sys.executable, "-m", "perflab"]
    done = subprocess.run([*script, "ingest", str(FIXTURES / "vllm")], capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout == cli("ingest", FIXTURES / "vllm").stdout
    bad = subprocess.run([*script, "diff", "--fail-on", "x<<1", "a", "b"], capture_output=True)
    assert bad.returncode == 2


@pytest.mark.parametrize("corpus", ["vllm/0.33.0-run8-detailed-zh", "guidellm", "aiperf"])
def test_the_requests_frame_is_the_clis(corpus, cli, tmp_path):
    out = tmp_path / "requests.parquet"
    done = cli("ingest", "--keep-going", "--requests", out, FIXTURES / corpus)
    assert done.returncode in (0, 2), done.stderr.decode()
    expected = pl.read_parquet(out)
    got = perflab.requests(FIXTURES / corpus)
    assert got.height == expected.height > 0
    assert_frame_equal(got, expected)


def test_diff_judges_against_a_declared_noise():
    gpu = FIXTURES / "gpu" / "h100-tfserve-c16"
    base, cand = gpu / "A" / "c16-n48", gpu / "B" / "c16-n48"
    d = perflab.diff(base, cand, noise=["p99_ttft_ms=12%"])
    ttft = d.frame.filter(pl.col("metric") == "p99_ttft_ms")
    # Three fp32 runs against six bf16 runs: TTFT about doubled, far past 12% noise; the
    # declared noise judged (z = ln(284.7/149.1) / (0.12·√(1/6 + 1/3)) = 7.6), not Welch.
    assert d.exit_code == 1
    assert ttft["noise_source"].to_list() == ["declared"]
    assert ttft["status"].to_list() == ["regression"]
    assert ttft["p"][0] < 0.001
    assert ttft["detectable_percent"][0] > 0


def test_arguments_as_a_polars_user_writes_them(tmp_path):
    # pathlib.Path sides, and the CLI's defaults.
    first = FIXTURES / "diff" / "vllm-0.33.0-result-rate20.json"
    c = perflab.compare(first, first)
    assert "mean_tpot_ms" in c.to_json()
    perflab.history.add(first, store=tmp_path / "store", date="2026-12-01")
    r = perflab.history.report(tmp_path / "store")
    assert r.series.height > 0
    # One language as a string is that language, not its letters.
    study = FIXTURES / "studies" / "qwen3.5-9b-h100" / "study.toml"
    written = perflab.report(study, "en", tmp_path / "out")
    assert written and all(p.exists() for p in written)
