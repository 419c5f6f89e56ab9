//! Writing a command's result to standard output without panicking: a closed pipe
//! (`algoscope validate t.json | true`) becomes a message and exit 1, never a panic.

use std::io::Write;

/// Writes `text` to standard output and flushes it.
///
/// # Errors
/// `standard output: <reason>` when the write fails (a closed pipe, a full disk).
pub fn write_stdout(text: &str) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("standard output: {e}"))
}
