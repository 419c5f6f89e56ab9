//! Graph detection, node keys, the state overlay and the run-wide universe.

mod build;
mod detect;
mod golden;
mod keys;
mod overlay;
mod universe;
