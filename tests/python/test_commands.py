"""The other commands through Python, each against what the CLI prints or writes."""

from __future__ import annotations

import json

import polars as pl
import pytest

import perflab
from conftest import FIXTURES

SWEEP = FIXTURES / "vllm-sweep"


def test_curves_frames_are_the_clis_json(cli):
    args = ["--x", "max_concurrency", "--y", "total_token_throughput,p99_ttft_ms", "--slo", "p99_ttft_ms<=500"]
    done = cli("curves", SWEEP, *args, "--json")
    assert done.returncode == 0, done.stderr.decode()
    expected = [json.loads(l) for l in done.stdout.decode().splitlines() if l.strip()]
    c = perflab.curves(
        SWEEP, x="max_concurrency", y=["total_token_throughput", "p99_ttft_ms"], slo=["p99_ttft_ms<=500"]
    )
    assert c.capacity["capacity"].to_list() == [s["capacity"] for s in expected]
    assert c.series.height == sum(len(s["curve"]) for s in expected)
    assert c.pareto.height == sum(len(s["pareto"]) for s in expected)
    assert "<svg" in c._repr_html_()
    assert c.warnings, "the sweep's failed runs are said"


def test_history_add_and_report(tmp_path, cli):
    store = str(tmp_path / "store")
    said = perflab.history.add(FIXTURES / "history" / "vllm-result.json", store=store, date="2026-12-01")
    assert any("2026-12-01" in line for line in said)
    r = perflab.history.report(store, "total_token_throughput")
    assert r.series.height == 1
    assert "<html" in r.to_html()
    # Several metrics: a list or "a,b", one JSON line per series and metric, as the CLI.
    two = perflab.history.report(store, ["total_token_throughput", "mean_ttft_ms"])
    assert two.to_json() == perflab.history.report(store, "total_token_throughput,mean_ttft_ms").to_json()
    assert len(two.to_json().splitlines()) == 2
    # None: the metrics diff watches, as `history report` without --metric.
    done = cli("history", "report", "--store", store, "--json")
    assert done.returncode == 0, done.stderr.decode()
    assert perflab.history.report(store).to_json() == done.stdout.decode()


def test_report_says_study_text_left_in_another_language(tmp_path):
    # vllm-detailed gives its texts in English only: its Russian page shows them in
    # English, which the CLI says on stderr (exit 1) and Python as a warning.
    study = FIXTURES / "studies" / "vllm-detailed" / "study.toml"
    with pytest.warns(perflab.PerflabWarning, match="not given in ru"):
        written = perflab.report(study, ["en", "ru"], tmp_path / "out")
    assert any(p.name == "report.ru.md" for p in written)


def test_report_translate_and_import_write_what_the_cli_writes(tmp_path, cli):
    study = FIXTURES / "studies" / "qwen3.5-9b-h100" / "study.toml"
    written = perflab.report(study, ["en"], tmp_path / "py")
    done = cli("report", study, "--lang", "en", "--out", tmp_path / "cli")
    assert done.returncode == 0, done.stderr.decode()
    md = [p for p in written if p.suffix == ".md"][0]
    assert md.read_bytes() == (tmp_path / "cli" / md.name).read_bytes()

    reference = FIXTURES / "reports" / "qwen3.5-9b-h100.en.md"
    paths, summary, passed = perflab.translate(reference, ["ru"], tmp_path / "tr")
    assert passed and paths[0].name.endswith(".ru.md")

    imported = perflab.import_report(reference, tmp_path / "study")
    assert any(p.name == "study.toml" for p in imported)


def _ci_folder(folder, max_num_seqs, factor):
    """A run as vLLM's performance CI lays it out: the real result JSON beside the
    `.commands` file holding its server command."""
    real = FIXTURES / "vllm" / "0.33.0-buildkite-commands-reproduction" / "results"
    stem = "serving_mock_random_128_32_qps_inf_concurrency_4"
    result = json.loads((real / f"{stem}.json").read_text())
    for key in ("request_throughput", "output_throughput", "total_token_throughput"):
        result[key] *= factor
    commands = json.loads((real / f"{stem}.commands").read_text())
    commands["server_command"] = f"vllm serve mock-model --max-num-seqs {max_num_seqs}"
    folder.mkdir()
    (folder / "run.json").write_text(json.dumps(result))
    (folder / "run.commands").write_text(json.dumps(commands))


def test_report_from_result_folders_is_the_clis(tmp_path, cli):
    _ci_folder(tmp_path / "main", 256, 1.0)
    _ci_folder(tmp_path / "seqs512", 512, 1.1)
    folders = [tmp_path / "main", tmp_path / "seqs512"]
    written = perflab.report(folders, "en", tmp_path / "py")
    done = cli("report", *folders, "--lang", "en", "--out", tmp_path / "cli")
    assert done.returncode == 0, done.stderr.decode()
    md = [p for p in written if p.suffix == ".md"][0]
    assert "--max-num-seqs=512" in md.read_text()
    assert md.read_bytes() == (tmp_path / "cli" / md.name).read_bytes()
    perflab.report(folders, "en", tmp_path / "saved", save_study=tmp_path / "study.toml")
    assert 'label = "--max-num-seqs=512"' in (tmp_path / "study.toml").read_text()


def test_compare_two_runs():
    base = FIXTURES / "vllm" / "0.33.0-pairing-base-cand" / "base.console.txt"
    cand = FIXTURES / "vllm" / "0.33.0-pairing-base-cand" / "cand.console.txt"
    c = perflab.compare(str(base), str(cand))
    assert isinstance(c.result, dict)
    assert repr(c)


def test_errors_of_the_other_commands():
    with pytest.raises(perflab.UsageError):
        perflab.curves(SWEEP, x="max_concurrency", y=["no_such_column"])
    with pytest.raises(perflab.PerflabError):
        perflab.history.report(str(FIXTURES / "no-store"), "total_token_throughput")


def test_the_quickstart_notebook_runs(tmp_path):
    """examples/quickstart.ipynb executed top to bottom (nbclient), every cell without
    an error, the diff's page among its outputs."""
    import nbclient
    import nbformat

    root = FIXTURES.parent
    nb = nbformat.read(root / "examples" / "quickstart.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(root / "examples")}}).execute()
    html = [
        o["data"]["text/html"]
        for cell in nb.cells
        if cell.cell_type == "code"
        for o in cell.get("outputs", [])
        if "text/html" in o.get("data", {})
    ]
    assert any("<svg" in h and "perflab" in h for h in html), "the diff page is shown"
