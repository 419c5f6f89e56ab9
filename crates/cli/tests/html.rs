//! `algoscope html`: what the command adds to the page of `crates/algoscope/tests/html.rs`
//! (which builds pages through the library): where it writes, its messages and exit codes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_algoscope"))
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../algoscope/tests/html_fixtures")
        .join(name)
}

#[test]
fn default_output_is_the_input_stem_in_the_current_folder() {
    let dir = tempfile::tempdir().unwrap();
    let result = bin()
        .current_dir(dir.path())
        .arg("html")
        .arg(fixture("hostile_text.json"))
        .output()
        .unwrap();
    assert!(result.status.success());
    assert_eq!(
        String::from_utf8(result.stdout).unwrap(),
        "hostile_text.html\n"
    );
    assert!(dir.path().join("hostile_text.html").is_file());
}

#[test]
fn unreadable_input_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    let result = bin().arg("html").arg(&missing).output().unwrap();
    assert_eq!(result.status.code(), Some(1));
    let stderr = String::from_utf8(result.stderr).unwrap();
    assert!(stderr.starts_with("algoscope: "), "{stderr}");
    assert!(stderr.contains("missing.json"), "{stderr}");

    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, r#"{"version": 1, "steps": "many"}"#).unwrap();
    let result = bin().arg("html").arg(&bad).output().unwrap();
    assert_eq!(result.status.code(), Some(1));
    assert!(!dir.path().join("bad.html").exists());
}

#[test]
fn a_program_that_does_not_parse_gets_its_errors_and_no_page() {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("broken.py");
    std::fs::write(&program, "x = 1\ndef f(:\n    pass\n").unwrap();
    let result = bin()
        .current_dir(dir.path())
        .arg("html")
        .arg(&program)
        .output()
        .unwrap();
    assert_eq!(result.status.code(), Some(1));
    let stderr = String::from_utf8(result.stderr).unwrap();
    assert!(
        stderr.starts_with(&format!("algoscope: {}:2:", program.display())),
        "{stderr}"
    );
    assert!(!dir.path().join("broken.html").exists());
}
