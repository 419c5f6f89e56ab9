//! Helpers shared by the test files.
#![allow(dead_code)]

use std::path::PathBuf;

/// `tests/fixtures/traces` at the repository root.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/traces")
}

/// A fixture's text.
pub fn fixture_text(name: &str) -> String {
    std::fs::read_to_string(fixtures_dir().join(name)).expect("fixture readable")
}

/// A fixture as a JSON value.
pub fn fixture(name: &str) -> serde_json::Value {
    serde_json::from_str(&fixture_text(name)).expect("fixture is JSON")
}

/// The valid python fixture with every kind of object.
pub fn valid() -> serde_json::Value {
    fixture("python_features.json")
}

/// The reference schema: the checked-in file, compiled as it is.
pub fn reference_schema() -> jsonschema::Validator {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../schema/trace.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("schema readable"))
            .expect("schema is JSON");
    jsonschema::validator_for(&schema).expect("schema compiles")
}
