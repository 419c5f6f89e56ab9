//! `viz:` hint comments: one parser for every language (see `docs/hints.md`).

mod apply;
mod parse;
mod types;
mod unseen;

pub use apply::apply_hints;
pub use parse::{
    parse_hints, ANY_FORM, GRAPH_FORM, HIDE_FORM, LINKED_FORM, POINTERS_FORM, SHOW_FORM, SIZE_FORM,
};
pub use types::*;
pub use unseen::{hint_warnings, SEEN_FORM};
