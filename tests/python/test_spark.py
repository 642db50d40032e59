"""examples/spark_ingest.py in PySpark's local mode: perflab's ingest run by Spark's
executors over a listing of run folders, the parts read back by DuckDB and by Spark.

Skipped where PySpark or a Java runtime is missing, unless PERFLAB_REQUIRE_SPARK is set
(as .ci/run sets it): there a missing one fails the test."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import warnings
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import perflab

from conftest import FIXTURES, ROOT

CORPORA = ["vllm", "sglang", "aiperf", "guidellm", "genai-perf"]


def _spark_or_skip():
    missing = []
    if importlib.util.find_spec("pyspark") is None:
        missing.append("pyspark")
    if shutil.which("java") is None and "JAVA_HOME" not in os.environ:
        missing.append("java")
    if missing:
        if os.environ.get("PERFLAB_REQUIRE_SPARK"):
            pytest.fail(f"PERFLAB_REQUIRE_SPARK is set but {', '.join(missing)} is missing")
        pytest.skip(f"{', '.join(missing)} missing")
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    return (
        SparkSession.builder.master("local[2]")
        .appName("perflab-tests")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate()
    )


@pytest.fixture(scope="module")
def spark():
    session = _spark_or_skip()
    yield session
    session.stop()


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("spark_ingest", ROOT / "examples" / "spark_ingest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """A results root as a nightly job keeps it: one folder per corpus, and one folder
    whose result file was cut off mid-write."""
    root = tmp_path_factory.mktemp("results")
    for corpus in CORPORA:
        shutil.copytree(FIXTURES / corpus, root / corpus)
    good = next((FIXTURES / "vllm").rglob("result.json"))
    broken = root / "zz-broken"
    broken.mkdir()
    text = good.read_text(encoding="utf-8")
    (broken / "result.json").write_text(text[: len(text) // 2], encoding="utf-8")
    return root


def test_spark_map_writes_the_runs_of_every_folder_as_perflab_reads_them(
    spark, example, results, tmp_path
):
    out = tmp_path / "runs"
    folders = example.run_folders(str(results))
    assert [Path(f).name for f in folders] == sorted(CORPORA + ["zz-broken"])

    manifest = example.ingest_on_spark(spark, folders, str(out))

    # The broken folder is a row with its error, file and line, not a missing part.
    broken = manifest.filter(pl.col("folder").str.ends_with("zz-broken")).row(0, named=True)
    assert broken["part"] is None
    assert broken["error_path"].endswith("result.json")
    assert broken["error_line"] == 1
    assert "result.json" in broken["error"]
    read = manifest.filter(pl.col("error").is_null())
    assert read.height == len(CORPORA)

    # Each part is the folder's runs frame as perflab.ingest gives it, `folder` in front.
    expected = {}
    for row in read.iter_rows(named=True):
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always", perflab.PerflabWarning)
            own = perflab.ingest(row["folder"])
        assert row["warnings"] == [str(w.message) for w in said]
        expected[row["folder"]] = own
        assert row["runs"] == own.height > 0
        part = pl.read_parquet(row["part"])
        assert_frame_equal(part.drop("folder"), own)
        assert part["folder"].unique().to_list() == [row["folder"]]

    # DuckDB reads the parts as one table, every run once.
    import duckdb

    table = duckdb.sql(
        f"SELECT * FROM read_parquet('{out}/*.parquet', union_by_name = true)"
    ).pl()
    assert table.height == sum(f.height for f in expected.values())
    for folder, own in expected.items():
        rows = table.filter(pl.col("folder") == folder).select(own.columns)
        rows = rows.sort("source", "run_index")
        assert_frame_equal(rows, own.sort("source", "run_index"), check_dtypes=False)

    # And so does Spark, merging the parts' schemas.
    back = spark.read.option("mergeSchema", "true").parquet(str(out))
    assert back.count() == table.height
    keys = {(r["folder"], r["source"], r["run_index"]) for r in back.select("folder", "source", "run_index").collect()}
    assert keys == {
        (folder, s, i)
        for folder, own in expected.items()
        for s, i in own.select("source", "run_index").iter_rows()
    }
