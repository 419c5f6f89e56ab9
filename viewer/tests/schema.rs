//! The checked-in schemas of the player's data are the generated ones.

#[test]
fn checked_in_schemas_are_current() {
    for (name, text) in algoscope_viewer::schemas() {
        let path = format!("{}/../schema/{name}", env!("CARGO_MANIFEST_DIR"));
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            checked_in == text,
            "schema/{name} is stale; regenerate with\n  \
             cargo run -q -p algoscope-viewer --example schema   (from the repository root)"
        );
    }
}

#[test]
fn the_options_schema_refuses_unknown_keys_and_names_the_size_models() {
    let [(_, options), _, _] = algoscope_viewer::schemas();
    let schema: serde_json::Value = serde_json::from_str(&options).expect("JSON");
    assert_eq!(schema["additionalProperties"], false);
    let text = options.to_string();
    for model in ["python", "textbook", "v8"] {
        assert!(text.contains(&format!("\"{model}\"")), "{model}");
    }
}
