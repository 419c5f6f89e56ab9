//! The algoscope trace format, version 1: the one contract between tracers and pictures.
//!
//! A tracer (Python's `sys.settrace` runtime, the JS recorder) writes a [`Trace`] as JSON;
//! everything that draws reads one. This crate holds the types (serde, camelCase JSON), the
//! JSON Schema generated from them (`schema/trace.schema.json`), validation of untrusted
//! input, heap-delta expansion and step diffs.

mod types;

pub use types::*;

/// The JSON Schema (draft 2020-12) of [`Trace`], pretty-printed, as checked in at
/// `schema/trace.schema.json`.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(Trace);
    serde_json::to_string_pretty(&schema).unwrap_or_default()
}
