//! `algoscope trace PROGRAM [-o OUT.json|OUT.json.gz] [--stdin FILE] [--max-steps N]
//! [--timeout-ms N] [--python PATH] [--node PATH] [--pretty] [--expanded] [--gzip]`: run a
//! program once and write its trace, its heaps as deltas unless `--expanded`, gzip-compressed
//! with `--gzip` or an output name ending in `.gz`.
//!
//! Exit 0 whenever a trace was written, even if the program raised (the trace holds the
//! error) or ran out of a budget (`truncated`); a one-line `note:` on standard error says
//! which, and `warning:` lines name hints that do not parse or name no variable a step shows
//! (as `render` and `html` print them). A syntax error prints `FILE:LINE:COL: message` for
//! each error and exits 2 without a trace; anything else that stops tracing exits 1.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use algoscope::{Error, Program, RunError, WriteOptions};

use super::input::{syntax_lines, RunArgs};
use super::notes::{print_hint_warnings, print_notes};
use super::output::{refuse_overwriting_input, write_stdout_bytes};

/// Arguments of `trace`.
#[derive(clap::Args)]
pub struct Args {
    /// The program to trace: .py, .js, .mjs, .cjs, .ts, .mts or .cts.
    pub program: PathBuf,
    /// Where to write the trace JSON (gzip-compressed when the name ends in `.gz`); standard
    /// output when absent or `-`.
    #[arg(short = 'o', long = "output", value_name = "OUT.json")]
    pub output: Option<PathBuf>,
    /// Budgets, input and interpreters of the run.
    #[command(flatten)]
    pub run: RunArgs,
    /// Indent the JSON.
    #[arg(long)]
    pub pretty: bool,
    /// Write every step's full heap instead of heap deltas (each step's changed objects and
    /// its live ids; `heapDelta` in the format). Both are read by `validate`, `render` and
    /// `html`.
    #[arg(long)]
    pub expanded: bool,
    /// Compress the JSON with gzip (20–70 times smaller on long runs), also to standard
    /// output; implied by an output name ending in `.gz`.
    #[arg(long)]
    pub gzip: bool,
}

/// Exit status for a program with syntax errors.
const SYNTAX_ERROR_EXIT: u8 = 2;

/// Traces the program and writes the trace.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if let Some(output) = &args.output {
        refuse_overwriting_input(&args.program, output)?;
    }
    let options = args.run.options()?;
    let program = Program::from_path(&args.program).map_err(|e| e.to_string())?;
    let trace = match algoscope::trace(&program, &options) {
        Ok(trace) => trace,
        Err(Error::Run(RunError::Syntax { name, errors })) => {
            let _ = writeln!(std::io::stderr().lock(), "{}", syntax_lines(&name, &errors));
            return Ok(ExitCode::from(SYNTAX_ERROR_EXIT));
        }
        Err(other) => return Err(other.to_string()),
    };
    print_notes(&trace);
    print_hint_warnings(&algoscope::hint_warnings(&trace));
    let gzip = args.gzip || args.output.as_deref().is_some_and(super::input::is_gz_name);
    let bytes = algoscope::write_trace(
        &trace,
        &WriteOptions {
            expanded: args.expanded,
            pretty: args.pretty,
            gzip,
        },
    )
    .map_err(|e| e.to_string())?;
    match args
        .output
        .as_deref()
        .filter(|p| *p != std::path::Path::new("-"))
    {
        Some(path) => {
            std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => write_stdout_bytes(&bytes)?,
    }
    Ok(ExitCode::SUCCESS)
}
