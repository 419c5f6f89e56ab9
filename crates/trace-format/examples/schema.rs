//! Prints the trace JSON Schema (the checked-in `schema/trace.schema.json`):
//! `cargo run -q -p algoscope-trace-format --example schema > schema/trace.schema.json`.
fn main() {
    print!("{}", algoscope_trace_format::schema_json());
}
