//! The algoscope trace format, version 1: the one contract between tracers and pictures.
//!
//! A tracer (Python's `sys.settrace` runtime, the JS recorder) writes a [`Trace`] as JSON;
//! everything that draws reads one. This crate holds:
//!
//! - the types (serde, camelCase JSON) and the JSON Schema generated from them
//!   ([`schema_json`], checked in as `schema/trace.schema.json`);
//! - validation of untrusted input ([`validate_str`], [`validate_value`]): a limits pass
//!   ([`check_limits`]), the version, the schema, then cross-references, with errors that name
//!   the JSON path (`steps[3].line: expected integer`);
//! - heap deltas ([`expand_heaps`], [`to_delta`]): steps that carry only changed objects,
//!   expanded with unchanged objects shared;
//! - trace files as bytes ([`validate_bytes`], [`gzip`]): JSON text, or that text
//!   compressed with gzip;
//! - step diffs ([`diff_steps`]): changed locals, changed slots, new objects and frames.
//!
//! It knows nothing about any particular language or about drawing.
//!
//! # Example
//!
//! ```
//! use algoscope_trace_format::{diff_steps, validate_str};
//!
//! let text = r#"{
//!   "version": 1, "language": "python", "source": "xs = []\nxs.append(1)\n",
//!   "steps": [
//!     {"event": "line", "line": 2, "stdoutLength": 0,
//!      "stack": [{"id": "f1", "func": "<module>", "line": 2,
//!                 "locals": [["xs", {"kind": "ref", "id": "o1"}]]}],
//!      "heap": {"o1": {"kind": "list", "typeName": "list", "items": [], "length": 0}}},
//!     {"event": "return", "line": 2, "stdoutLength": 0,
//!      "stack": [{"id": "f1", "func": "<module>", "line": 2,
//!                 "locals": [["xs", {"kind": "ref", "id": "o1"}]]}],
//!      "heap": {"o1": {"kind": "list", "typeName": "list",
//!                      "items": [{"kind": "prim", "type": "int", "repr": "1"}], "length": 1}}}
//!   ],
//!   "stdout": ""
//! }"#;
//! let trace = validate_str(text)?;
//! let diff = diff_steps(&trace.steps[0], &trace.steps[1]);
//! assert!(diff.changed_locals.is_empty()); // xs still points at o1
//! assert_eq!(diff.changed_slots["o1"].len(), 1); // o1[0] is new
//! # Ok::<(), algoscope_trace_format::ValidationError>(())
//! ```

mod analysis;
mod cost;
mod de;
mod delta;
mod diff;
mod error;
mod fast;
mod file;
mod heap;
mod ids;
mod limits;
mod lines;
mod objects;
mod path;
mod refs;
mod schema;
#[cfg(feature = "schema-check")]
mod schema_check;
mod types;
mod unique;
mod validate;

pub use analysis::{Analysis, SyntaxError};
pub use cost::{
    CostNode, CostShape, FunctionShape, InputSize, LoopBound, OpCost, ShrinkKind, SizeRef,
};
pub use delta::{expand_heaps, to_delta};
pub use diff::{diff_steps, ChangedLocal, StepDiff};
pub use error::ValidationError;
pub use file::{
    gzip, is_gzip, trace_text, validate_bytes, validate_bytes_all, validate_bytes_with, GZIP_MAGIC,
};
pub use heap::{Heap, Iter as HeapIter};
pub use limits::{check_limits, Limits, FORBIDDEN_KEY, TEXT_MAX_DEPTH};
pub use path::{JsonPath, PathSegment};
pub use schema::{schema, schema_json};
pub use types::*;
pub use validate::{
    check_trace, validate_str, validate_str_all, validate_str_all_with, validate_str_with,
    validate_value, validate_value_all_with, validate_value_with,
};
