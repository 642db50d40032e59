//! Helpers shared by the integration tests. Each test binary uses only part of them.
#![allow(dead_code)]

pub mod cli;
pub mod expected;
pub mod png;
pub mod rows;
pub mod sweep;
