//! Linked structures: which class is a linked list or tree (the *track*), and how it looks
//! in one row or many.
//!
//! A *row* ([`LinkedRowSpec`]) is one step seen from some frames: the memory view uses the
//! step on screen with every frame; the loop history uses the step ending each pass, with
//! the loop's frame. The functions are pure and return plain serde data:
//!
//! - [`find_linked_track`]: the node class, its link fields, value field and shape (list or
//!   tree), from every row at once; a `viz: linked` hint overrides detection.
//! - [`linked_row`]: one row's nodes in reading order (chains from their heads; trees in
//!   in-order with depths), the names pointing at nodes, and a signature that changes when
//!   any link or value does.
//! - [`linked_view`]: both, for many rows, plus the column order shared by all rows and the
//!   chains (nodes joined by a link in any row).

mod graph;
mod row;
mod track;
mod types;
mod view;
mod walk;

#[cfg(test)]
mod tests;

pub use row::linked_row;
pub(crate) use track::{detect_shape, TrackSurvey};
pub use track::{find_linked_track, CONVENTIONAL_CHILDREN, CONVENTIONAL_LINKS};
pub use types::*;
pub use view::linked_view;
pub(crate) use view::OrderIndex;
