//! Test helpers shared by algoscope's crates (a dev-dependency, never published).
//!
//! - [`goldens`]: the golden traces of `tests/traces` — every one, or one example's in one
//!   language — read from their insta snapshots (or plain JSON fixtures).
//! - [`trace`]: comparing a trace with its golden snapshot (heaps as deltas) and reading a
//!   trace's steps: [`trace::local`], [`trace::object`], [`trace::repr`], [`trace::last`].
//! - [`build`]: synthetic traces (a long generated run, linked lists, random heaps).
//! - [`svg`]: reading attributes of the SVG we draw.
//! - [`loops`]: compact one-line summaries of a loop history, for snapshots.
//! - [`graph`]: seeded random DAGs and running Graphviz `dot` to compare layouts with.
//!
//! `algoscope-scene`'s unit tests use [`goldens`] too; this crate depends on the scene crate,
//! so those tests see a second copy of its types and must only exchange trace-format types
//! (`Trace`) with this crate.

pub mod build;
pub mod goldens;
pub mod graph;
pub mod loops;
pub mod svg;
pub mod trace;
