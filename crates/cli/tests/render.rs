//! `algoscope render`: a step of a trace or of a program as SVG, steps counted from 1.

mod run_support;

use run_support::algoscope;
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fixture() -> PathBuf {
    root().join("crates/layout/tests/fixtures/linked_list.json")
}

#[test]
fn renders_a_trace_step_to_standard_output() {
    let path = fixture();
    let (ok, svg, err) = algoscope(&["render", path.to_str().unwrap(), "--step", "1"]);
    assert!(ok, "{err}");
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains(r#"data-key="frame:f1""#));
}

#[test]
fn last_step_nested_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.svg");
    let path = fixture();
    let (ok, stdout, err) = algoscope(&[
        "render",
        path.to_str().unwrap(),
        "--step",
        "last",
        "--nested",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(stdout.is_empty());
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains(r#"class="algoscope-memory nested"#));
    assert!(svg.contains(r#"class="arrow"#));
}

#[test]
fn a_step_out_of_range_is_a_clear_error() {
    let path = fixture();
    let (ok, _, err) = algoscope(&["render", path.to_str().unwrap(), "--step", "100000"]);
    assert!(!ok);
    assert!(err.contains("step 100000 is out of range"), "{err}");
    assert!(err.contains("steps 1 to "), "{err}");
    let (ok, _, err) = algoscope(&["render", path.to_str().unwrap(), "--step", "0"]);
    assert!(!ok);
    assert!(err.contains("step 0 is out of range"), "{err}");
    let (ok, _, err) = algoscope(&["render", path.to_str().unwrap(), "--step", "two"]);
    assert!(!ok);
    assert!(
        err.contains("give a number from 1 (negative from the end)"),
        "{err}"
    );
}

#[test]
fn negative_steps_count_from_the_end() {
    let path = fixture();
    let path = path.to_str().unwrap();
    let (_, last, _) = algoscope(&["render", path, "--step", "last"]);
    let (ok, minus_one, err) = algoscope(&["render", path, "--step", "-1"]);
    assert!(ok, "{err}");
    assert_eq!(minus_one, last);
    let (_, first, _) = algoscope(&["render", path, "--step", "1"]);
    let (ok, _, err) = algoscope(&["render", path, "--step=-100000"]);
    assert!(!ok && err.contains("step -100000 is out of range"), "{err}");
    let count = err
        .split("steps 1 to ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap();
    let (ok, from_the_end, _) = algoscope(&["render", path, "--step", &format!("-{count}")]);
    assert!(ok);
    assert_eq!(from_the_end, first);
}

#[test]
fn renders_a_python_program_directly() {
    let program = root().join("examples/python/linked_list.py");
    let (ok, svg, err) = algoscope(&["render", program.to_str().unwrap(), "--step", "last"]);
    assert!(ok, "{err}");
    assert!(svg.contains(r#"data-key="obj:"#), "objects drawn");
    assert!(svg.contains("ListNode"));
}
