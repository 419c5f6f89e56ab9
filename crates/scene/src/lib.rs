//! What one step of a run shows in the memory picture, with no positions or pixels.
//!
//! [`memory_scene`] turns step `n` of a [`algoscope_trace_format::Trace`] into a
//! [`MemoryScene`]: the frames (active, then suspended) with their bindings and which changed;
//! the heap objects reachable from them in breadth-first order with their distance from the
//! stack; which objects may be drawn inside their holder in nested mode; every arrow (from a
//! frame binding, an object slot, a dict key, a return value or the printed-output card to an
//! object); index pointers under lists; the grid cell in focus; the printed output; what
//! changed since the step before; lists of lists (grids); the linked track's trees (blocks)
//! and lists (chains), found by [`find_linked_track`], which the loop history uses too; and
//! graphs (see [`graph_universe`] for laying a graph out once per run).
//!
//! [`loop_scene`] turns step `n` into a [`LoopScene`]: the history of the loop running there
//! (and of the loops around it in its frame), one row per pass with the shown containers,
//! scalars, pointers and changes, quiet passes folded into bands, sampled passes as gaps and
//! run headers; see the `loops` module.
//!
//! The scene is plain serde data, so bindings (wasm, Python, Node) can hand it over as is,
//! and it knows nothing of the traced language beyond the type names it displays. Layout
//! (`algoscope-layout`) decides where everything goes.
//!
//! Box keys: `frame:<frame id>`, `obj:<object id>` and `output` (the printed-output card).
//! Arrow sources add `#<slot>` to the box key: a variable name, an index, a field name,
//! `[<key text>]` for a dict value, `key[<key text>]` for a dict key, `return`.

mod build;
mod changes;
mod eval;
mod graph;
mod hints;
mod linked;
mod loops;
mod pointers;
mod reach;
mod shapes;
mod sizes;
mod types;

pub use build::{memory_scene, slot_id, SceneError};
pub use eval::eval_index;
pub use graph::*;
pub use hints::*;
pub use linked::*;
pub use loops::*;
pub use sizes::{
    step_sizes, ObjectSize, SizeModel, SizeModelMismatch, StepSizes, UnknownSizeModel,
};
pub use types::*;
