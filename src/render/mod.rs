//! Render stage: turns what the compare stage decided into text for people and machines.
//! Renderers only read; they decide nothing.

pub mod diff;
