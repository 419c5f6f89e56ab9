//! Prints the trace JSON Schema (the checked-in `schema/trace.schema.json`).
fn main() {
    println!("{}", algoscope_trace_format::schema_json());
}
