//! Running the built `algoscope` binary from a test.

use std::process::Command;

/// Runs `algoscope ARGS…`; returns whether it succeeded, its stdout and its stderr.
pub fn algoscope(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_algoscope"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
