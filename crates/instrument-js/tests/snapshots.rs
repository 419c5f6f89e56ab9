//! One snapshot per program: the instrumented code and the analysis of every example in
//! `examples/javascript` and `examples/typescript`, of the JS/TS trace edge cases in
//! `tests/traces/*/cases`, and of the instrumenter's own fixtures in `tests/fixtures`.

use std::path::Path;

use algoscope_instrument_js::{instrument, InstrumentOptions, Language};

fn options_for(path: &Path) -> InstrumentOptions {
    let language = match path.extension().and_then(|e| e.to_str()) {
        Some("ts") => Language::Typescript,
        _ => Language::Javascript,
    };
    InstrumentOptions {
        language,
        ..Default::default()
    }
}

fn snapshot(path: &Path) {
    let source = std::fs::read_to_string(path).expect("fixture is readable");
    let out = instrument(&source, &options_for(path)).expect("fixture instruments");
    insta::with_settings!({ omit_expression => true, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("instrumented", out.code);
        insta::assert_json_snapshot!("analysis", out.analysis);
    });
}

#[test]
fn javascript_examples() {
    insta::glob!("../../../examples/javascript", "*.js", snapshot);
}

#[test]
fn typescript_examples() {
    insta::glob!("../../../examples/typescript", "*.ts", snapshot);
}

#[test]
fn trace_cases() {
    insta::glob!(
        "../../../tests/traces",
        "{javascript,typescript}/cases/*.{js,mjs,ts}",
        snapshot
    );
}

#[test]
fn fixtures() {
    insta::glob!("fixtures", "*.{js,mjs,ts}", snapshot);
}
