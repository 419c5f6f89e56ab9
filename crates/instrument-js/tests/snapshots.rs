//! One snapshot per program: the instrumented code and the analysis of every example in
//! `examples/javascript` and `examples/typescript`, and of the edge-case fixtures in
//! `tests/fixtures`.

use std::path::Path;

use algoscope_instrument_js::{instrument, InstrumentOptions, Language};

fn options_for(path: &Path) -> InstrumentOptions {
    let language = match path.extension().and_then(|e| e.to_str()) {
        Some("ts") => Language::TypeScript,
        _ => Language::JavaScript,
    };
    InstrumentOptions {
        language,
        ..Default::default()
    }
}

fn snapshot(path: &Path) {
    let source = std::fs::read_to_string(path).unwrap();
    let out = instrument(&source, &options_for(path)).unwrap();
    insta::with_settings!({ omit_expression => true, prepend_module_to_snapshot => false }, {
        insta::assert_snapshot!("instrumented", out.code);
        insta::assert_json_snapshot!("analysis", out.analysis);
    });
}

#[test]
fn javascript_examples() {
    insta::glob!("../../../examples/javascript", "*.js", |path| snapshot(path));
}

#[test]
fn typescript_examples() {
    insta::glob!("../../../examples/typescript", "*.ts", |path| snapshot(path));
}

#[test]
fn fixtures() {
    insta::glob!("fixtures", "*.{js,mjs,ts}", |path| snapshot(path));
}
