//! `algoscope render --view loops`: the history of the loop running at a step as SVG, and a
//! clear error naming where loops run when none runs at the step.

use std::path::PathBuf;
use std::process::Command;

/// The golden trace of Python example `name` as a trace `.json` file.
fn golden(name: &str) -> PathBuf {
    algoscope_test_support::goldens::json_file(
        "python",
        name,
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")),
    )
}

fn algoscope(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Steps (counted from 1) at which some loop runs, from the trace itself.
fn loop_steps(path: &PathBuf) -> Vec<usize> {
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the golden trace"))
            .expect("JSON");
    trace["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .enumerate()
        .filter(|(_, s)| s["loops"].as_array().is_some_and(|l| !l.is_empty()))
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn draws_the_loop_history_at_a_step_in_a_loop() {
    let path = golden("bubble_sort");
    let steps = loop_steps(&path);
    let step = steps[steps.len() / 2].to_string();
    let (code, svg, err) = algoscope(&[
        "render",
        path.to_str().unwrap(),
        "--view",
        "loops",
        "--step",
        &step,
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains(r#"class="algoscope-memory algoscope-loops""#));
    assert!(
        svg.contains(r#"data-key="row:L4:1:"#) || svg.contains(r#"data-key="row:L6:"#),
        "{svg}"
    );
    assert!(svg.contains("class=\"node loop-run\""));
    assert!(svg.contains("range(0, 5)"), "the header's values");
}

#[test]
fn no_loop_at_the_step_is_an_error_naming_where_loops_run() {
    let path = golden("bubble_sort");
    let (code, out, err) = algoscope(&[
        "render",
        path.to_str().unwrap(),
        "--view",
        "loops",
        "--step",
        "1",
    ]);
    assert_eq!(code, Some(1));
    assert!(out.is_empty());
    assert!(
        err.starts_with("algoscope: step 1: no loop runs at this step"),
        "{err}"
    );
    let steps = loop_steps(&path);
    assert!(
        err.contains(&format!("loops run at steps {}–", steps[0])),
        "{err}"
    );
}

#[test]
fn memory_is_the_default_view() {
    let path = golden("bubble_sort");
    let plain = algoscope(&["render", path.to_str().unwrap(), "--step", "40"]);
    let memory = algoscope(&[
        "render",
        path.to_str().unwrap(),
        "--view",
        "memory",
        "--step",
        "40",
    ]);
    assert_eq!(plain.0, Some(0));
    assert_eq!(plain, memory);
    assert!(plain.1.contains(r#"class="algoscope-memory""#));
}

#[test]
fn an_unknown_view_lists_the_choices() {
    let path = golden("bubble_sort");
    let (code, _, err) = algoscope(&["render", path.to_str().unwrap(), "--view", "graph"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("memory") && err.contains("loops"), "{err}");
}

#[test]
fn a_program_with_no_loop_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("flat.py");
    std::fs::write(&program, "x = 1\ny = x + 1\n").unwrap();
    let (code, _, err) = algoscope(&[
        "render",
        program.to_str().unwrap(),
        "--view",
        "loops",
        "--step",
        "last",
    ]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("no loop runs at this step, nor anywhere in the run"),
        "{err}"
    );
}
