//! The checked-in schema is the generated one.

use algoscope_trace_format::schema_json;

#[test]
fn checked_in_schema_is_current() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../schema/trace.schema.json"
    );
    let checked_in = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        checked_in == schema_json(),
        "schema/trace.schema.json is stale; regenerate it with\n  \
         cargo run -q -p algoscope-trace-format --example schema > schema/trace.schema.json"
    );
}
