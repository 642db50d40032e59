//! The requests of one run as columns, one entry per request in each: what the readers
//! produce, what `recompute`, `goodput` and the frame writer read. A million requests
//! held as one struct each (with a vector of gaps per request) took 250 MB of fresh
//! pages and a third of an ingest's time; as columns, `--save-detailed`'s parsed lists
//! become the columns in place (`serve_detailed`), and a tool's gaps stay one vector.
//!
//! [`Request`] is one row, for the readers that build requests one at a time
//! (`Requests::from_iter`) and for code that looks at a few of them ([`Requests::row`]).

use super::{Metric, Request};

/// One column of optional values: `values[i]` counts where `valid[i]`; a column shorter
/// than the run (empty: never recorded) is null past its end.
#[derive(Debug, Clone, Default)]
pub struct Nullable<T> {
    pub values: Vec<T>,
    pub valid: Vec<bool>,
}

impl<T: Copy + Default> Nullable<T> {
    pub fn get(&self, i: usize) -> Option<T> {
        (self.valid.get(i) == Some(&true)).then(|| self.values[i])
    }

    pub fn push(&mut self, value: Option<T>) {
        self.values.push(value.unwrap_or_default());
        self.valid.push(value.is_some());
    }

    /// The values where `valid`, the column as it was read.
    pub fn from_parts(values: Vec<T>, valid: Vec<bool>) -> Nullable<T> {
        debug_assert_eq!(values.len(), valid.len());
        Nullable { values, valid }
    }
}

impl<T: Copy + Default + PartialEq> PartialEq for Nullable<T> {
    fn eq(&self, other: &Self) -> bool {
        let n = self.valid.len().max(other.valid.len());
        (0..n).all(|i| self.get(i) == other.get(i))
    }
}

/// Every request's gaps in one vector: request `i`'s are `values[offsets[i]..offsets[i +
/// 1]]` where `valid[i]` (Arrow's list layout). Empty: no request kept gaps.
#[derive(Debug, Clone, Default)]
pub struct Gaps {
    pub values: Vec<f64>,
    /// `len + 1` entries once a list was pushed; starts at 0.
    pub offsets: Vec<usize>,
    pub valid: Vec<bool>,
}

impl Gaps {
    /// The number of requests (lists or nulls) pushed.
    pub fn len(&self) -> usize {
        self.valid.len()
    }

    pub fn is_empty(&self) -> bool {
        self.valid.is_empty()
    }

    pub fn get(&self, i: usize) -> Option<&[f64]> {
        (self.valid.get(i) == Some(&true))
            .then(|| &self.values[self.offsets[i]..self.offsets[i + 1]])
    }

    /// Appends one request's gaps, or its null.
    pub fn push(&mut self, gaps: Option<&[f64]>) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        if let Some(g) = gaps {
            self.values.extend_from_slice(g);
        }
        self.offsets.push(self.values.len());
        self.valid.push(gaps.is_some());
    }
}

impl PartialEq for Gaps {
    fn eq(&self, other: &Self) -> bool {
        let n = self.len().max(other.len());
        (0..n).all(|i| self.get(i) == other.get(i))
    }
}

/// The requests of one run, column by column.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Requests {
    /// 0-based position in the tool's own order; one per request (the run's length).
    pub index: Vec<u32>,
    pub ok: Vec<bool>,
    /// The failure text; may be shorter than the run (none past its end).
    pub error: Vec<Option<String>>,
    pub input_tokens: Nullable<u64>,
    pub output_tokens: Nullable<u64>,
    pub ttft_ms: Nullable<f64>,
    pub tpot_ms: Nullable<f64>,
    pub e2el_ms: Nullable<f64>,
    pub start_ms: Nullable<f64>,
    pub itl_ms: Gaps,
    pub itl_mean_ms: Nullable<f64>,
}

impl Requests {
    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    pub fn error(&self, i: usize) -> Option<&str> {
        self.error.get(i).and_then(|e| e.as_deref())
    }

    /// One request as a row (its gaps copied).
    pub fn row(&self, i: usize) -> Request {
        Request {
            index: self.index[i],
            ok: self.ok[i],
            error: self.error(i).map(str::to_owned),
            input_tokens: self.input_tokens.get(i),
            output_tokens: self.output_tokens.get(i),
            ttft_ms: self.ttft_ms.get(i),
            tpot_ms: self.tpot_ms.get(i),
            e2el_ms: self.e2el_ms.get(i),
            start_ms: self.start_ms.get(i),
            itl_ms: self.itl_ms.get(i).map(<[f64]>::to_vec),
            itl_mean_ms: self.itl_mean_ms.get(i),
        }
    }

    /// The rows, one at a time.
    pub fn iter(&self) -> impl Iterator<Item = Request> + '_ {
        (0..self.len()).map(|i| self.row(i))
    }

    /// The places of the successful requests.
    pub fn successful_rows(&self) -> impl Iterator<Item = usize> + '_ {
        self.ok
            .iter()
            .enumerate()
            .filter(|(_, ok)| **ok)
            .map(|(i, _)| i)
    }

    /// One value of `metric` for request `i`: ITL is the request's own mean gap (its
    /// distribution over gaps is [`Requests::itl_ms`]), else the mean the tool kept.
    pub fn value(&self, i: usize, metric: Metric) -> Option<f64> {
        match metric {
            Metric::Ttft => self.ttft_ms.get(i),
            Metric::Tpot => self.tpot_ms.get(i),
            Metric::E2el => self.e2el_ms.get(i),
            Metric::Itl => self
                .itl_ms
                .get(i)
                .filter(|g| !g.is_empty())
                .map(|g| g.iter().sum::<f64>() / g.len() as f64)
                .or(self.itl_mean_ms.get(i)),
        }
    }

    /// Values of one request metric over the successful requests that have it, finite.
    pub fn successful(&self, metric: Metric) -> Vec<f64> {
        self.successful_rows()
            .filter_map(|i| self.value(i, metric))
            .filter(|v| v.is_finite())
            .collect()
    }

    /// Every gap of every successful request, in order.
    pub fn successful_gaps(&self) -> impl Iterator<Item = f64> + '_ {
        self.successful_rows()
            .filter_map(|i| self.itl_ms.get(i))
            .flatten()
            .copied()
    }
}

impl FromIterator<Request> for Requests {
    fn from_iter<I: IntoIterator<Item = Request>>(rows: I) -> Requests {
        let mut out = Requests::default();
        for r in rows {
            out.index.push(r.index);
            out.ok.push(r.ok);
            out.error.push(r.error);
            out.input_tokens.push(r.input_tokens);
            out.output_tokens.push(r.output_tokens);
            out.ttft_ms.push(r.ttft_ms);
            out.tpot_ms.push(r.tpot_ms);
            out.e2el_ms.push(r.e2el_ms);
            out.start_ms.push(r.start_ms);
            out.itl_ms.push(r.itl_ms.as_deref());
            out.itl_mean_ms.push(r.itl_mean_ms);
        }
        out
    }
}

impl From<Vec<Request>> for Requests {
    fn from(rows: Vec<Request>) -> Requests {
        rows.into_iter().collect()
    }
}
