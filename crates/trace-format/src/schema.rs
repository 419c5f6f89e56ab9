//! The JSON Schema of [`Trace`]: generated with schemars, and compiled once for validation.

use schemars::generate::SchemaSettings;
use schemars::transform::transform_subschemas;
use schemars::Schema;
use serde_json::{json, Value};

use crate::types::Trace;

/// The JSON Schema (draft 2020-12) of [`Trace`], as checked in at `schema/trace.schema.json`.
///
/// Generated from the types with schemars; integer fields also get the `maximum` of their
/// Rust type (`uint32` → 4294967295), so a document the schema accepts fits the types.
pub fn schema() -> Schema {
    SchemaSettings::draft2020_12()
        .with_transform(add_integer_maximum)
        .into_generator()
        .into_root_schema_for::<Trace>()
}

/// [`schema`] pretty-printed, with a final newline: the exact bytes of
/// `schema/trace.schema.json` (`cargo run -q -p algoscope-trace-format --example schema >
/// schema/trace.schema.json` regenerates it).
pub fn schema_json() -> String {
    let mut text = serde_json::to_string_pretty(&schema()).unwrap_or_default();
    text.push('\n');
    text
}

/// Adds the largest value of `uint32` and `uint64` formats as `maximum`.
fn add_integer_maximum(schema: &mut Schema) {
    let maximum = match schema.get("format").and_then(Value::as_str) {
        Some("uint32") => Some(json!(u32::MAX)),
        Some("uint64") => Some(json!(u64::MAX)),
        _ => None,
    };
    if let Some(maximum) = maximum {
        schema.insert("maximum".to_owned(), maximum);
    }
    transform_subschemas(&mut add_integer_maximum, schema);
}
