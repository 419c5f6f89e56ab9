//! `-o OUT` naming the input file itself is refused before anything runs, and the file is left
//! as it was.

use std::process::Command;

const PROGRAM: &str = "x = 1\nprint(x)\n";

/// Runs `algoscope COMMAND prog.py -o <the same file, spelled differently>` in a temporary
/// folder; returns the exit code, standard error and the program file's text afterwards.
fn run_onto_itself(command: &str) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(dir.path().join("sub")).expect("a sub folder");
    let path = dir.path().join("victim.py");
    std::fs::write(&path, PROGRAM).expect("the program is written");
    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .current_dir(dir.path())
        .args([command, "victim.py", "-o", "sub/../victim.py"])
        .output()
        .expect("the algoscope binary runs");
    let after = std::fs::read_to_string(&path).expect("the program is still there");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        after,
    )
}

fn assert_refused(command: &str) {
    let (code, stderr, after) = run_onto_itself(command);
    assert_eq!(after, PROGRAM, "{command} overwrote the program");
    assert_eq!(code, Some(1), "{command}: {stderr}");
    assert!(
        stderr.contains("refusing to write sub/../victim.py: it is the input file victim.py"),
        "{command}: {stderr}"
    );
}

#[test]
fn trace_refuses_to_overwrite_its_program() {
    assert_refused("trace");
}

#[test]
fn html_refuses_to_overwrite_its_program() {
    assert_refused("html");
}

#[test]
fn render_refuses_to_overwrite_its_program() {
    assert_refused("render");
}
