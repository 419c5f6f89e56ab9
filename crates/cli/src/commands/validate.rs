//! `algoscope validate TRACE.json`.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `validate`.
#[derive(clap::Args)]
pub struct Args {
    /// The trace file to check.
    pub trace: PathBuf,
}

/// Reads and checks the trace (limits, version, schema, heap deltas, cross-references).
///
/// A valid trace prints `ok: N steps` and exits 0. An invalid one prints
/// `TRACE.json: <path>: <problem>` (`t.json: steps[3].line: expected integer`) to standard
/// error and exits 1.
///
/// # Errors
///
/// A message when the file cannot be read.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let text = std::fs::read_to_string(&args.trace)
        .map_err(|e| format!("cannot read {}: {e}", args.trace.display()))?;
    match algoscope::validate(&text) {
        Ok(trace) => {
            super::output::write_stdout(&format!("ok: {} steps\n", trace.steps.len()))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("{}: {error}", args.trace.display());
            Ok(ExitCode::from(1))
        }
    }
}
