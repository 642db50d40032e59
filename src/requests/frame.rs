//! The requests frame on disk: CSV, Parquet or NDJSON, one row per request, the columns
//! of `metrics.md` ("The requests frame") in a fixed order and type:
//!
//! | column | type | |
//! |---|---|---|
//! | source, run_index | text, int | the run's key in the runs frame |
//! | request_index | int | 0-based, the tool's order |
//! | ok | bool | the request succeeded |
//! | error | text | the tool's failure text, null when ok |
//! | input_tokens, output_tokens | int | |
//! | ttft_ms, tpot_ms, e2el_ms | float | null where the tool kept none |
//! | start_ms | float | after the run's first request started |
//! | itl_ms | list of float | the gaps; CSV has no lists, so JSON text there |
//!
//! Rows are written run by run as files are read ([`RequestsWriter::write`]), so memory
//! holds one file's requests at a time. The file is written beside the target and renamed
//! by [`RequestsWriter::finish`]: an interrupted ingest leaves no half-written frame.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use polars::prelude::*;
use serde::Serialize;

use super::columns::Nullable;
use super::{Requests, RunRequests};
use crate::model::FrameFormat;
use crate::{Error, Result};

/// The frame's columns, in order.
pub const COLUMNS: [&str; 12] = [
    "source",
    "run_index",
    "request_index",
    "ok",
    "error",
    "input_tokens",
    "output_tokens",
    "ttft_ms",
    "tpot_ms",
    "e2el_ms",
    "start_ms",
    "itl_ms",
];

/// Rows in one Parquet row group at most: large runs are written in slices.
const BATCH_ROWS: usize = 65_536;

pub struct RequestsWriter {
    path: PathBuf,
    /// The file being written, put in place by `finish`; none for a frame in memory.
    tmp: Option<tempfile::NamedTempFile>,
    sink: Sink,
    rows: u64,
}

// One sink per requests file written: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
enum Sink {
    Csv(csv::Writer<BufWriter<File>>),
    NdJson(BufWriter<File>),
    Parquet(polars::io::parquet::write::BatchedWriter<File>),
    /// One frame per run, stacked by `finish_frame` (the Python API's frame).
    Memory(Vec<DataFrame>),
}

#[derive(Serialize)]
struct Row<'a, L> {
    source: &'a str,
    run_index: u32,
    request_index: u32,
    ok: bool,
    error: Option<&'a str>,
    input_tokens: Option<u64>,
    output_tokens: Option<u64>,
    ttft_ms: Option<f64>,
    tpot_ms: Option<f64>,
    e2el_ms: Option<f64>,
    start_ms: Option<f64>,
    itl_ms: L,
}

fn row<'a, L>(source: &'a str, run_index: u32, rs: &'a Requests, i: usize, itl: L) -> Row<'a, L> {
    Row {
        source,
        run_index,
        request_index: rs.index[i],
        ok: rs.ok[i],
        error: rs.error(i),
        input_tokens: rs.input_tokens.get(i),
        output_tokens: rs.output_tokens.get(i),
        ttft_ms: rs.ttft_ms.get(i),
        tpot_ms: rs.tpot_ms.get(i),
        e2el_ms: rs.e2el_ms.get(i),
        start_ms: rs.start_ms.get(i),
        itl_ms: itl,
    }
}

impl RequestsWriter {
    pub fn create(path: &Path, format: FrameFormat) -> Result<RequestsWriter> {
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".perflab-");
        if let Some(permissions) = crate::model::frame::output_permissions(path) {
            builder.permissions(permissions);
        }
        let tmp = builder.tempfile_in(dir).map_err(|e| Error::io(dir, e))?;
        let file = tmp.reopen().map_err(|e| Error::io(path, e))?;
        let sink = match format {
            FrameFormat::Csv => {
                // The header is written here, once: `serialize` would write one per run.
                let mut w = csv::WriterBuilder::new()
                    .has_headers(false)
                    .from_writer(BufWriter::new(file));
                w.write_record(COLUMNS).map_err(|e| csv_error(path, e))?;
                Sink::Csv(w)
            }
            FrameFormat::NdJson => Sink::NdJson(BufWriter::new(file)),
            FrameFormat::Parquet => {
                let empty = to_frame("", 0, &Requests::default(), 0..0)?;
                let schema = empty.schema().clone();
                Sink::Parquet(ParquetWriter::new(file).batched(&schema)?)
            }
        };
        Ok(RequestsWriter {
            path: path.to_path_buf(),
            tmp: Some(tmp),
            sink,
            rows: 0,
        })
    }

    /// A writer that keeps the frame in memory, for `finish_frame`.
    pub fn memory() -> RequestsWriter {
        RequestsWriter {
            path: PathBuf::new(),
            tmp: None,
            sink: Sink::Memory(Vec::new()),
            rows: 0,
        }
    }

    /// The frame kept in memory: the runs' frames stacked, each a chunk (not copied
    /// again); empty, with the frame's columns, when no run kept requests.
    pub fn finish_frame(self) -> Result<DataFrame> {
        let Sink::Memory(frames) = self.sink else {
            return to_frame("", 0, &Requests::default(), 0..0);
        };
        let mut frames = frames.into_iter();
        let Some(mut all) = frames.next() else {
            return to_frame("", 0, &Requests::default(), 0..0);
        };
        for f in frames {
            all.vstack_mut(&f)?;
        }
        Ok(all)
    }

    /// Appends the requests of one run.
    pub fn write(&mut self, source: &str, run: &RunRequests) -> Result<()> {
        let path = self.path.clone();
        let rs = &run.requests;
        let n = rs.len();
        match &mut self.sink {
            Sink::Csv(w) => {
                for i in 0..n {
                    let itl = rs
                        .itl_ms
                        .get(i)
                        .map(|g| serde_json::to_string(g).unwrap_or_default());
                    w.serialize(row(source, run.run_index, rs, i, itl))
                        .map_err(|e| csv_error(&path, e))?;
                }
            }
            Sink::NdJson(w) => {
                for i in 0..n {
                    let itl = rs.itl_ms.get(i);
                    let line = serde_json::to_string(&row(source, run.run_index, rs, i, itl))
                        .map_err(|e| Error::Frame(e.to_string()))?;
                    writeln!(w, "{line}").map_err(|e| Error::io(&path, e))?;
                }
            }
            Sink::Parquet(w) => {
                for start in (0..n).step_by(BATCH_ROWS) {
                    let rows = start..(start + BATCH_ROWS).min(n);
                    w.write_batch(&to_frame(source, run.run_index, rs, rows)?)?;
                }
            }
            Sink::Memory(frames) => frames.push(to_frame(source, run.run_index, rs, 0..n)?),
        }
        self.rows += run.requests.len() as u64;
        Ok(())
    }

    /// Closes the frame and puts it in place; returns the number of rows written.
    pub fn finish(self) -> Result<u64> {
        let path = self.path;
        match self.sink {
            Sink::Csv(mut w) => w.flush().map_err(|e| Error::io(&path, e))?,
            Sink::NdJson(mut w) => w.flush().map_err(|e| Error::io(&path, e))?,
            Sink::Parquet(w) => {
                w.finish()?;
            }
            Sink::Memory(_) => {}
        }
        if let Some(tmp) = self.tmp {
            crate::model::frame::persist_durably(tmp, &path)?;
        }
        Ok(self.rows)
    }
}

fn csv_error(path: &Path, e: csv::Error) -> Error {
    Error::Frame(format!("{}: {e}", path.display()))
}

/// Rows `rows` of one run's requests as a DataFrame with the frame's schema.
pub fn to_frame(
    source: &str,
    run_index: u32,
    rs: &Requests,
    rows: std::ops::Range<usize>,
) -> Result<DataFrame> {
    let n = rows.len();
    let f = |c: &Nullable<f64>| rows.clone().map(|i| c.get(i)).collect::<Vec<_>>();
    let i = |c: &Nullable<u64>| rows.clone().map(|i| c.get(i)).collect::<Vec<_>>();
    let gaps: usize = rows
        .clone()
        .filter_map(|i| rs.itl_ms.get(i))
        .map(<[f64]>::len)
        .sum();
    let mut itl = ListPrimitiveChunkedBuilder::<Float64Type>::new(
        "itl_ms".into(),
        n,
        gaps,
        DataType::Float64,
    );
    for r in rows.clone() {
        match rs.itl_ms.get(r) {
            Some(g) => itl.append_slice(g),
            None => itl.append_null(),
        }
    }
    let columns = vec![
        Column::new("source".into(), vec![source; n]),
        Column::new("run_index".into(), vec![run_index; n]),
        Column::new("request_index".into(), rs.index[rows.clone()].to_vec()),
        Column::new("ok".into(), rs.ok[rows.clone()].to_vec()),
        Column::new(
            "error".into(),
            rows.clone().map(|r| rs.error(r)).collect::<Vec<_>>(),
        ),
        Column::new("input_tokens".into(), i(&rs.input_tokens)),
        Column::new("output_tokens".into(), i(&rs.output_tokens)),
        Column::new("ttft_ms".into(), f(&rs.ttft_ms)),
        Column::new("tpot_ms".into(), f(&rs.tpot_ms)),
        Column::new("e2el_ms".into(), f(&rs.e2el_ms)),
        Column::new("start_ms".into(), f(&rs.start_ms)),
        itl.finish().into_series().into_column(),
    ];
    Ok(DataFrame::new(n, columns)?)
}

#[cfg(test)]
mod tests {
    use super::super::Request;
    use super::*;

    fn sample() -> RunRequests {
        RunRequests {
            run_index: 1,
            rule: super::super::Rule::Numpy,
            duration_s: Some(1.0),
            requests: Requests::from(vec![
                Request {
                    index: 0,
                    ok: true,
                    input_tokens: Some(45),
                    output_tokens: Some(3),
                    ttft_ms: Some(23.5),
                    tpot_ms: Some(2.25),
                    e2el_ms: Some(28.0),
                    start_ms: Some(0.0),
                    itl_ms: Some(vec![2.0, 2.5]),
                    ..Request::default()
                },
                Request {
                    index: 1,
                    ok: false,
                    error: Some("HTTP 500, \"boom\"".into()),
                    start_ms: Some(1.5),
                    ..Request::default()
                },
            ]),
        }
    }

    fn written(format: FrameFormat, ext: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(format!("requests.{ext}"));
        let mut w = RequestsWriter::create(&path, format).unwrap();
        w.write("result.json", &sample()).unwrap();
        assert_eq!(w.finish().unwrap(), 2);
        (dir, path)
    }

    #[test]
    fn csv_has_the_columns_and_json_gaps() {
        let (_d, path) = written(FrameFormat::Csv, "csv");
        let text = std::fs::read_to_string(path).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next().unwrap(), COLUMNS.join(","));
        assert_eq!(
            lines.next().unwrap(),
            "result.json,1,0,true,,45,3,23.5,2.25,28.0,0.0,\"[2.0,2.5]\""
        );
        assert!(lines.next().unwrap().contains("\"HTTP 500, \"\"boom\"\"\""));
    }

    #[test]
    fn parquet_reads_back_with_its_schema() {
        let (_d, path) = written(FrameFormat::Parquet, "parquet");
        let df = ParquetReader::new(File::open(path).unwrap())
            .finish()
            .unwrap();
        let names: Vec<String> = df
            .get_column_names()
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(names, COLUMNS);
        assert_eq!(df.height(), 2);
        let ttft = df.column("ttft_ms").unwrap().f64().unwrap().get(0);
        assert_eq!(ttft, Some(23.5));
        assert!(matches!(
            df.column("itl_ms").unwrap().dtype(),
            DataType::List(_)
        ));
    }

    #[test]
    fn ndjson_rows_are_objects_in_column_order() {
        let (_d, path) = written(FrameFormat::NdJson, "ndjson");
        let text = std::fs::read_to_string(path).unwrap();
        let first = text.lines().next().unwrap();
        assert!(
            first.starts_with("{\"source\":\"result.json\",\"run_index\":1,"),
            "{first}"
        );
        assert!(first.ends_with("\"itl_ms\":[2.0,2.5]}"), "{first}");
        assert!(text.lines().nth(1).unwrap().contains("\"itl_ms\":null"));
    }
}
