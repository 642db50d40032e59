"""perflab's ingest inside a Spark job: every run folder of a listing is read by an
executor (``mapInArrow``), each folder's runs frame is written as one Parquet part, and
the parts together are the runs table that DuckDB and Spark read.

    python examples/spark_ingest.py RESULTS_ROOT OUT_DIR      # local[*] Spark
    spark-submit examples/spark_ingest.py s3://bucket/nightly/ /shared/runs

The unit of work is a *folder*, never a file: a run is often several files (a
``result.json`` beside the ``console.txt`` it was printed to, AIPerf's artifact folder),
and only perflab reading them together knows the run's denominator, model and load. So
the listing is the run folders under a root (its immediate subfolders, or prefixes of an
object store, which ``perflab.ingest`` reads as folders), and each task calls
``perflab.ingest(folder)`` as the command line would.

Each part holds the runs frame of its folder exactly as ``perflab.ingest(folder)``
returns it, with one column more in front, ``folder``; ``source`` stays relative to
that folder. A folder perflab cannot read becomes a row of the manifest with its error,
file and line instead of a part, and the job says so and exits 2: nothing is dropped in
silence. The parts are written under a temporary name and renamed, so a task that Spark
retries never leaves half a file.

Read the result with DuckDB (``read_parquet('OUT/*.parquet', union_by_name = true)``) or
Spark (``spark.read.option("mergeSchema", "true").parquet(OUT)``). Spark's merge needs
each column to have one type in every part, which perflab's columns do: a column's type
follows its name (``metrics.md``), except that an integer column holding a fraction in
some folder is a float there, which DuckDB widens and Spark refuses.
"""

from __future__ import annotations

import hashlib
import os
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

import polars as pl
import pyarrow as pa  # type: ignore[import-untyped]

import perflab

if TYPE_CHECKING:
    from pyspark.sql import SparkSession

# What each task says of each folder it read: the job's manifest.
MANIFEST = pa.schema(
    [
        ("folder", pa.string()),
        ("part", pa.string()),
        ("runs", pa.int64()),
        ("warnings", pa.list_(pa.string())),
        ("error", pa.string()),
        ("error_path", pa.string()),
        ("error_line", pa.int64()),
    ]
)
# The same, as Spark's schema.
MANIFEST_DDL = (
    "folder string, part string, runs bigint, warnings array<string>,"
    " error string, error_path string, error_line bigint"
)


def run_folders(root: str) -> list[str]:
    """The listing: the subfolders of a local root, sorted, or the root itself when its
    runs sit directly in it (an object-store root is listed by the caller)."""
    base = Path(root)
    subfolders = sorted(str(p) for p in base.iterdir() if p.is_dir())
    loose = any(p.is_file() for p in base.iterdir())
    if loose or not subfolders:
        # Loose files would be read twice if the root were also a unit beside its
        # subfolders, so a root with its own files is read whole, as one unit.
        return [str(base)]
    return subfolders


def part_name(folder: str) -> str:
    """One part per folder, named by the folder, so a retried task rewrites its own."""
    return "part-" + hashlib.sha256(folder.encode()).hexdigest()[:20] + ".parquet"


def read_folder(folder: str, out: str, keep_going: bool) -> dict[str, object]:
    """Ingests one folder into its Parquet part; the manifest row of what happened."""
    row: dict[str, object] = {"folder": folder, "warnings": []}
    try:
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always", perflab.PerflabWarning)
            runs = perflab.ingest(folder, keep_going=keep_going)
        row["warnings"] = [str(w.message) for w in said]
    except perflab.PerflabError as error:
        row["error"] = str(error)
        row["error_path"] = getattr(error, "path", None)
        row["error_line"] = getattr(error, "line", None)
        return row
    runs = runs.select(pl.lit(folder).alias("folder"), pl.all())
    final = os.path.join(out, part_name(folder))
    partial = final + ".partial"
    runs.write_parquet(partial)
    os.replace(partial, final)
    row["part"] = final
    row["runs"] = runs.height
    return row


def ingest_batches(
    out: str, keep_going: bool
) -> Callable[[Iterator[pa.RecordBatch]], Iterator[pa.RecordBatch]]:
    """The function ``mapInArrow`` runs on each partition of the listing."""

    def ingest_partition(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in batches:
            folders = batch.column("folder").to_pylist()
            rows = [read_folder(str(f), out, keep_going) for f in folders]
            yield pa.RecordBatch.from_pylist(rows, schema=MANIFEST)

    return ingest_partition


def ingest_on_spark(
    spark: SparkSession, folders: list[str], out: str, keep_going: bool = False
) -> pl.DataFrame:
    """Runs the ingest of ``folders`` on ``spark`` (a SparkSession); the manifest, one
    row per folder, sorted by folder."""
    os.makedirs(out, exist_ok=True)
    listing = spark.createDataFrame([(f,) for f in folders], "folder string")
    # One folder per task where there are few; Spark's default parallelism caps the rest.
    listing = listing.repartition(max(1, min(len(folders), 64)))
    manifest = listing.mapInArrow(ingest_batches(out, keep_going), MANIFEST_DDL)
    frame = pl.from_arrow(manifest.toArrow())
    assert isinstance(frame, pl.DataFrame)
    return frame.sort("folder")


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    root, out = argv[1], argv[2]
    from pyspark.sql import SparkSession

    # Local workers run this interpreter, the one perflab is installed in (a cluster
    # sets its own in spark-env).
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

    spark = (
        SparkSession.builder.appName("perflab-ingest")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    try:
        manifest = ingest_on_spark(spark, run_folders(root), out)
    finally:
        spark.stop()
    failed = manifest.filter(pl.col("error").is_not_null())
    for row in manifest.iter_rows(named=True):
        for warning in row["warnings"] or []:
            print(warning, file=sys.stderr)
    for row in failed.iter_rows(named=True):
        print(row["error"], file=sys.stderr)
    read = manifest.height - failed.height
    print(f"{read} of {manifest.height} folders read, {manifest['runs'].sum()} runs, in {out}")
    return 2 if failed.height else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
