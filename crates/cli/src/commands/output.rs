//! Writing a command's result to standard output without panicking: a closed pipe
//! (`algoscope validate t.json | true`) becomes a message and exit 1, never a panic.

use std::io::Write;
use std::path::Path;

/// Writes `text` to standard output and flushes it.
///
/// # Errors
/// `standard output: <reason>` when the write fails (a closed pipe, a full disk).
pub fn write_stdout(text: &str) -> Result<(), String> {
    write_stdout_bytes(text.as_bytes())
}

/// Writes `bytes` (a gzip-compressed trace, say) to standard output and flushes it.
///
/// # Errors
/// As [`write_stdout`].
pub fn write_stdout_bytes(bytes: &[u8]) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|e| format!("standard output: {e}"))
}

/// Refuses an output file that is the input file itself (`html prog.py -o prog.py`), which
/// would overwrite the program or trace. Paths are compared canonicalised, so `./a/../prog.py`
/// and symbolic links count; an output that does not exist yet is never the input.
///
/// # Errors
/// `refusing to write OUT: it is the input file INPUT`.
pub fn refuse_overwriting_input(input: &Path, output: &Path) -> Result<(), String> {
    match (input.canonicalize(), output.canonicalize()) {
        (Ok(a), Ok(b)) if a == b => Err(format!(
            "refusing to write {}: it is the input file {}",
            output.display(),
            input.display()
        )),
        _ => Ok(()),
    }
}
