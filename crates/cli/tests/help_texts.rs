//! The `--help` of each command that runs a program names every extension that works.

use std::process::Command;

const PROGRAM_EXTENSIONS: &[&str] = &[".py", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"];

fn help(command: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args([command, "--help"])
        .output()
        .expect("the algoscope binary runs");
    assert_eq!(out.status.code(), Some(0));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn assert_names(command: &str, extensions: &[&str]) {
    let text = help(command);
    for extension in extensions {
        assert!(
            text.contains(extension),
            "{command} --help lacks {extension}:\n{text}"
        );
    }
}

#[test]
fn trace_help_names_the_program_extensions() {
    assert_names("trace", PROGRAM_EXTENSIONS);
}

#[test]
fn html_and_render_help_name_program_and_trace_extensions() {
    for command in ["html", "render"] {
        assert_names(command, PROGRAM_EXTENSIONS);
        assert_names(command, &[".json"]);
    }
}
