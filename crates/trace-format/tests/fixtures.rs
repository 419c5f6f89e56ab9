//! Hand-made trace fixtures: valid ones round-trip through the types, invalid ones are
//! refused with the error in their snapshot.

mod common;

use algoscope_trace_format::{expand_heaps, to_delta, validate_str, validate_value};

#[test]
fn valid_fixtures_round_trip() {
    insta::glob!("../../../tests/fixtures/traces", "*.json", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let trace = validate_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let json = serde_json::to_value(&trace).unwrap();
        assert_eq!(
            validate_value(json.clone()).unwrap(),
            trace,
            "serialized again"
        );
        let mut delta = to_delta(&trace);
        expand_heaps(&mut delta).unwrap();
        assert_eq!(delta, trace, "through the delta form");
        insta::assert_json_snapshot!(json);
    });
}

#[test]
fn invalid_fixtures_are_refused() {
    insta::glob!("../../../tests/fixtures/traces/invalid", "*.json", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let error = validate_str(&text).expect_err("an invalid fixture was accepted");
        insta::assert_snapshot!(error.to_string());
    });
}

#[test]
fn fixture_diffs() {
    insta::glob!("../../../tests/fixtures/traces", "*.json", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let trace = validate_str(&text).unwrap();
        let diffs: Vec<_> = trace
            .steps
            .windows(2)
            .map(|pair| algoscope_trace_format::diff_steps(&pair[0], &pair[1]))
            .collect();
        insta::assert_json_snapshot!(diffs);
    });
}
