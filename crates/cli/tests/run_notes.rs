//! A run that raised or was cut off by a budget still exits 0 with its trace, and says so in
//! one `note:` line on standard error (`trace`, `html`, `render` alike).

use std::process::Command;

/// Runs `algoscope COMMAND prog.py EXTRA…` on `source` in a temporary folder; returns the exit
/// code and standard error.
fn algoscope(command: &str, source: &str, extra: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("prog.py"), source).expect("the program is written");
    let mut args = vec![command, "prog.py"];
    if command != "render" {
        args.extend(["-o", "out"]);
    }
    args.extend(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .current_dir(dir.path())
        .args(&args)
        .output()
        .expect("the algoscope binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const RAISES: &str = "a = 1\nb = 0\nc = a / b\n";
const RAISED_NOTE: &str =
    "note: the program raised ZeroDivisionError at line 3 (recorded in the trace)\n";
const LOOPS: &str = "i = 0\nwhile True:\n    i += 1\n";

#[test]
fn trace_notes_the_error_the_program_raised() {
    assert_eq!(
        algoscope("trace", RAISES, &[]),
        (Some(0), RAISED_NOTE.to_string())
    );
}

#[test]
fn html_and_render_note_the_error_too() {
    for command in ["html", "render"] {
        assert_eq!(
            algoscope(command, RAISES, &[]),
            (Some(0), RAISED_NOTE.to_string()),
            "{command}"
        );
    }
}

#[test]
fn trace_notes_the_step_budget() {
    let straight: String = (0..100).map(|i| format!("x = {i}\n")).collect();
    assert_eq!(
        algoscope("trace", &straight, &["--max-steps", "50"]),
        (
            Some(0),
            "note: stopped by the step budget after 50 steps\n".to_string()
        )
    );
}

#[test]
fn trace_notes_the_time_budget() {
    let (code, stderr) = algoscope(
        "trace",
        LOOPS,
        &["--timeout-ms", "300", "--max-steps", "100000000"],
    );
    assert_eq!(code, Some(0));
    assert!(
        stderr.starts_with("note: stopped by the time budget after ")
            && stderr.ends_with(" steps\n")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
}

#[test]
fn a_run_that_ends_well_has_no_note() {
    assert_eq!(algoscope("trace", "x = 1\n", &[]), (Some(0), String::new()));
}
