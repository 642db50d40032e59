//! A polars frame handed to Python through the Arrow C stream interface: the object has
//! `__arrow_c_stream__`, so `polars.DataFrame(obj)` (or pyarrow, DuckDB) imports its
//! buffers without a copy. Each chunk of the frame is one struct array of the stream.

use std::ffi::CString;

use polars::prelude::*;
use polars_arrow::array::{Array, StructArray};
use polars_arrow::datatypes::{ArrowDataType, Field as ArrowField};
use polars_arrow::ffi::{export_iterator, ArrowArrayStream};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

#[pyclass(frozen, module = "perflab._perflab")]
pub struct FrameStream {
    frame: DataFrame,
}

impl FrameStream {
    pub fn new(frame: DataFrame) -> Self {
        FrameStream { frame }
    }
}

/// The frame's columns as one struct type, and its chunks as struct arrays.
fn stream_of(mut df: DataFrame) -> ArrowArrayStream {
    // The chunks are handed over as they are; only columns chunked differently are
    // made whole first (a frame stacked run by run is chunked alike).
    if df.should_rechunk() {
        df.rechunk_mut();
    }
    let level = CompatLevel::newest();
    let fields: Vec<ArrowField> = df
        .columns()
        .iter()
        .map(|c| c.field().to_arrow(level))
        .collect();
    let dtype = ArrowDataType::Struct(fields);
    let arrays: Vec<PolarsResult<Box<dyn Array>>> = df
        .iter_chunks(level, false)
        .map(|batch| {
            let len = batch.len();
            let values = batch.into_arrays();
            Ok(Box::new(StructArray::new(dtype.clone(), len, values, None)) as Box<dyn Array>)
        })
        .collect();
    export_iterator(
        Box::new(arrays.into_iter()),
        ArrowField::new("".into(), dtype, false),
    )
}

#[pymethods]
impl FrameStream {
    /// The Arrow PyCapsule interface. The columns are shared, not copied, by each
    /// stream taken.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        // The frame's own schema is given; a consumer casts if it asked for another.
        let _ = requested_schema;
        let stream = stream_of(self.frame.clone());
        let name = CString::new("arrow_array_stream").expect("no NUL in the name");
        // The consumer moves the stream out (leaving `release` empty); the capsule's
        // drop releases it only when no consumer did.
        PyCapsule::new(py, stream, Some(name))
    }
}
