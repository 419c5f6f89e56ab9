//! An input whose extension has no runner is named with the list of extensions that work
//! (`.json` too where a trace file is accepted).

use std::process::Command;

/// Runs `algoscope ARGS` in a folder holding `noext` and `prog.rb`; returns code and stderr.
fn algoscope(args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::write(dir.path().join("noext"), "x = 1\n").expect("written");
    std::fs::write(dir.path().join("prog.rb"), "puts 1\n").expect("written");
    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .current_dir(dir.path())
        .args(args)
        .output()
        .expect("the algoscope binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const WITH_JSON: &str = "expected .py, .js, .mjs, .cjs, .ts, .mts, .cts, .json or .json.gz\n";

#[test]
fn html_of_a_file_without_extension_lists_what_works() {
    let (code, stderr) = algoscope(&["html", "noext"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        format!("algoscope: noext has no extension: {WITH_JSON}")
    );
}

#[test]
fn render_of_an_unknown_extension_lists_what_works() {
    let (code, stderr) = algoscope(&["render", "prog.rb"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        format!("algoscope: prog.rb: .rb files are not supported: {WITH_JSON}")
    );
}

#[test]
fn trace_of_a_file_without_extension_lists_program_extensions() {
    let (code, stderr) = algoscope(&["trace", "noext"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "algoscope: noext has no extension: expected .py, .js, .mjs, .cjs, .ts, .mts or .cts\n"
    );
}
