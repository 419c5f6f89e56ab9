//! `algoscope trace PROGRAM [-o OUT.json] [--stdin FILE] [--max-steps N] [--timeout-ms N]
//! [--python PATH] [--node PATH] [--pretty] [--expanded]`: run a program once and write its
//! trace, its heaps as deltas unless `--expanded`.
//!
//! Exit 0 whenever a trace was written, even if the program raised (the trace holds the
//! error) or ran out of a budget (`truncated`); a one-line `note:` on standard error says
//! which, and `warning:` lines name hints that do not parse or name no variable a step shows
//! (as `render` and `html` print them). A syntax error prints `FILE:LINE:COL: message` for
//! each error and exits 2 without a trace; anything else that stops tracing exits 1.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use algoscope::{Error, Program, RunError};

use super::input::{syntax_lines, RunArgs};
use super::notes::{print_hint_warnings, print_notes};
use super::output::{refuse_overwriting_input, write_stdout};

/// Arguments of `trace`.
#[derive(clap::Args)]
pub struct Args {
    /// The program to trace: .py, .js, .mjs, .cjs, .ts, .mts or .cts.
    pub program: PathBuf,
    /// Where to write the trace JSON; standard output when absent.
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
    let trace = if args.expanded {
        trace
    } else {
        algoscope::to_delta(&trace)
    };
    let mut text = if args.pretty {
        serde_json::to_string_pretty(&trace)
    } else {
        serde_json::to_string(&trace)
    }
    .map_err(|e| format!("cannot write the trace: {e}"))?;
    text.push('\n');
    match &args.output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
        None => write_stdout(&text)?,
    }
    Ok(ExitCode::SUCCESS)
}
