//! `algoscope trace PROGRAM [-o OUT.json] [--stdin FILE] [--max-steps N] [--timeout-ms N]
//! [--python PATH] [--pretty]`: run a program once and write its trace.
//!
//! Exit 0 whenever a trace was written, even if the program raised (the trace holds the
//! error) or ran out of a budget (`truncated`); a one-line `note:` on standard error says
//! which. A syntax error prints `FILE:LINE:COL: message` for each error and exits 2 without a
//! trace; anything else that stops tracing exits 1.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::notes::print_notes;
use super::output::{refuse_overwriting_input, write_stdout};
use crate::run::{trace_program, Program, TraceFailure, TraceOptions};

/// Arguments of `trace`.
#[derive(clap::Args)]
pub struct Args {
    /// The program to trace: .py, .js, .mjs, .cjs, .ts, .mts or .cts.
    pub program: PathBuf,
    /// Where to write the trace JSON; standard output when absent.
    #[arg(short = 'o', long = "output", value_name = "OUT.json")]
    pub output: Option<PathBuf>,
    /// A file whose text the program reads as standard input (`input()` line by line).
    #[arg(long, value_name = "FILE")]
    pub stdin: Option<PathBuf>,
    /// Most steps recorded before the run is stopped.
    #[arg(long, value_name = "N", default_value_t = TraceOptions::default().max_steps)]
    pub max_steps: u64,
    /// Time budget in milliseconds.
    #[arg(long, value_name = "N", default_value_t = TraceOptions::default().time_budget_ms)]
    pub timeout_ms: u64,
    /// The Python interpreter to use (3.9 or newer); `python3` on PATH by default.
    #[arg(long, value_name = "PATH")]
    pub python: Option<PathBuf>,
    /// Indent the JSON.
    #[arg(long)]
    pub pretty: bool,
}

/// Exit status for a program with syntax errors.
const SYNTAX_ERROR_EXIT: u8 = 2;

/// Traces the program and writes the trace.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if let Some(output) = &args.output {
        refuse_overwriting_input(&args.program, output)?;
    }
    let stdin = match &args.stdin {
        Some(path) => {
            Some(std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let options = TraceOptions {
        max_steps: args.max_steps,
        time_budget_ms: args.timeout_ms,
        stdin,
        python: args.python.clone(),
    };
    let program = Program::from_path(&args.program).map_err(|e| e.to_string())?;
    let trace = match trace_program(&program, &options) {
        Ok(trace) => trace,
        Err(TraceFailure::Syntax { name, errors }) => {
            let mut stderr = std::io::stderr().lock();
            for error in errors {
                let _ = writeln!(
                    stderr,
                    "{name}:{}:{}: {}",
                    error.line, error.column, error.message
                );
            }
            return Ok(ExitCode::from(SYNTAX_ERROR_EXIT));
        }
        Err(other) => return Err(other.to_string()),
    };
    print_notes(&trace);
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
