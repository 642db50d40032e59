//! Benchmark history: runs kept night after night in a store of plain Parquet files
//! (a folder or object storage, `store`), added idempotently (`add`, identities in
//! `labels`), read back (`read`) as series of one metric with their change points
//! (`trend`, grouped by `group`, by E-Divisive means in `edivisive`), several metrics' changes grouped by
//! night (`nights`); the workloads and the last nights' changes ordered by harm (`changes`). Rendering is `render::history`; the
//! commands are `app::history` (`add`, `report`) and `diff --against-history`.

pub mod add;
pub mod baseline;
pub mod changes;
pub mod edivisive;
mod energy;
mod group;
pub mod labels;
pub mod nights;
pub mod noise;
pub mod read;
mod recent;
pub mod store;
pub mod trend;

pub use add::{add, add_by_date, Added};
pub use edivisive::{change_points, ChangePoint, Settings};
pub use labels::{parse_date, parse_labels, Labels};
pub use store::Store;
pub use trend::{trends, Series, TrendSpec, Trends};
