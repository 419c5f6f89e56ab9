//! `algoscope validate TRACE.json [--all]` (or a gzip-compressed `TRACE.json.gz`).

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `validate`.
#[derive(clap::Args)]
pub struct Args {
    /// The trace file to check: JSON, or gzip-compressed JSON.
    pub trace: PathBuf,
    /// List every problem (each bad field's path), not only the first.
    #[arg(long)]
    pub all: bool,
}

/// Reads and checks the trace (limits, version, schema, heap deltas, cross-references).
///
/// A valid trace prints `ok: N steps` and exits 0. An invalid one prints
/// `TRACE.json: <path>: <problem>` (`t.json: steps[3].line: expected integer`) to standard
/// error and exits 1: the first problem, or with `--all` one line for every problem found.
///
/// # Errors
///
/// A message when the file cannot be read.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let bytes = std::fs::read(&args.trace)
        .map_err(|e| format!("cannot read {}: {e}", args.trace.display()))?;
    let checked = if args.all {
        algoscope::validate_bytes_all(&bytes).map_err(|problems| {
            problems
                .iter()
                .map(|problem| format!("{}: {problem}\n", args.trace.display()))
                .collect::<String>()
        })
    } else {
        algoscope::validate_bytes(&bytes)
            .map_err(|error| format!("{}: {error}\n", args.trace.display()))
    };
    match checked {
        Ok(trace) => {
            super::output::write_stdout(&format!("ok: {} steps\n", trace.steps.len()))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(report) => {
            eprint!("{report}");
            Ok(ExitCode::from(1))
        }
    }
}
