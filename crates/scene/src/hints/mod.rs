//! `viz:` hint comments: one parser for every language (see `docs/hints.md`).

mod types;

pub use types::*;
