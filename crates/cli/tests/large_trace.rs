//! A long run's trace reads back: `algoscope trace --expanded` of a 200-node linked list
//! built and reversed (`bench/linked_list_300.py` with 200 nodes) writes a file of over 5
//! million JSON values (the tree limit of the careful read path), and `validate`, `render`
//! and `html` all read it, as they read the default delta file of the same run.

use std::path::Path;
use std::process::Command;

fn algoscope(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args(args)
        .output()
        .expect("run algoscope");
    assert!(
        out.status.success(),
        "algoscope {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// JSON values in `value`, containers included (keys are not values), as the limit counts.
fn count(value: &serde_json::Value) -> usize {
    1 + match value {
        serde_json::Value::Array(items) => items.iter().map(count).sum(),
        serde_json::Value::Object(map) => map.values().map(count).sum(),
        _ => 0,
    }
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn a_trace_of_over_five_million_values_is_read_back() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let program = path(dir.path(), "list.py");
    let bench = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/linked_list_300.py");
    let source = std::fs::read_to_string(bench).expect("read the bench program");
    assert!(source.contains("range(300, 0, -1)"));
    let source = source.replace("range(300, 0, -1)", "range(200, 0, -1)");
    std::fs::write(&program, source).expect("write the program");
    let expanded = path(dir.path(), "expanded.json");
    let delta = path(dir.path(), "delta.json");
    let budget = ["--max-steps", "100000", "--timeout-ms", "60000"];
    let trace = |extra: &[&str]| algoscope(&[&["trace", &program][..], extra, &budget].concat());
    trace(&["--expanded", "-o", &expanded]);
    trace(&["-o", &delta]);

    let text = std::fs::read_to_string(&expanded).expect("read the trace");
    let values = count(&serde_json::from_str(&text).expect("JSON"));
    assert!(values > 5_000_000, "{values} values");
    drop(text);

    let ok = algoscope(&["validate", &expanded]);
    assert!(ok.starts_with("ok: "), "{ok}");
    assert_eq!(ok, algoscope(&["validate", &delta]), "the same run");
    // Step 1: a later step would lay out every step before it (slow in a debug build).
    let svg = algoscope(&["render", &expanded, "--step", "1"]);
    assert!(svg.starts_with("<svg"));
    let page = path(dir.path(), "page.html");
    algoscope(&["html", &expanded, "-o", &page]);
    assert!(std::fs::metadata(&page).expect("the page").len() > 0);
}
