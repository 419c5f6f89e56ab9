//! Every fixture's instrumented code is valid JavaScript (`node --check` accepts it) and runs
//! to its end under the recorder (`runtimes/js/node-run.mjs`) without an error.

use std::path::Path;
use std::process::Command;

use algoscope_instrument_js::{instrument, InstrumentOptions, Language};

fn check(path: &Path) {
    let source = std::fs::read_to_string(path).expect("fixture is readable");
    let language = match path.extension().and_then(|e| e.to_str()) {
        Some("ts") => Language::Typescript,
        _ => Language::Javascript,
    };
    let options = InstrumentOptions {
        language,
        ..Default::default()
    };
    let out = instrument(&source, &options).expect("fixture instruments");
    let ext = if out.module { "mjs" } else { "cjs" };
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("fixture");
    let file = std::env::temp_dir().join(format!(
        "algoscope-node-check-{}-{stem}.{ext}",
        std::process::id()
    ));
    std::fs::write(&file, &out.code).expect("instrumented code is written");
    let run = Command::new("node")
        .arg("--check")
        .arg(&file)
        .output()
        .expect("node runs");
    assert!(
        run.status.success(),
        "{}: instrumented code does not parse:\n{}\n{}",
        path.display(),
        String::from_utf8_lossy(&run.stderr),
        out.code
    );
    let runner = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../runtimes/js/node-run.mjs");
    let records = file.with_extension("jsonl");
    let kind = if out.module { "module" } else { "script" };
    let request = file.with_extension("request.json");
    let request_text = serde_json::json!({ "out": records, "program": file, "kind": kind });
    std::fs::write(&request, request_text.to_string()).expect("temp folder is writable");
    let status = Command::new("node")
        .arg(&runner)
        .arg(&request)
        .status()
        .expect("node runs the recorder");
    let written = std::fs::read_to_string(&records).unwrap_or_default();
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&records);
    let _ = std::fs::remove_file(&request);
    let end = written.lines().last().unwrap_or("");
    assert!(
        status.success() && end.starts_with("{\"end\":") && !end.contains("\"error\":"),
        "{}: the instrumented program does not run to its end: {end}",
        path.display()
    );
}

#[test]
fn instrumented_fixtures_parse_and_run_under_node() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("fixtures directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            matches!(
                p.extension().and_then(|e| e.to_str()),
                Some("js" | "mjs" | "ts")
            )
        })
        .collect();
    paths.sort();
    assert!(!paths.is_empty());
    for path in paths {
        check(&path);
    }
}
