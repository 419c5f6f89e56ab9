//! `algoscope measure PROGRAM [--json] [--stdin FILE] [--time-limit MS]`: one run at full
//! speed with counters (per line, per loop pass, per call) instead of tracing;
//! `algoscope growth PROGRAM --size n [--json]`: Measure at n/64, n/16, n/4 and n, the fitted
//! curve and how it compares with the static estimate.
//!
//! Exit 0 with the counts; 2 for a syntax error; 1 otherwise.

use std::path::PathBuf;
use std::process::ExitCode;

use algoscope::{Error, Program, RunError, TraceOptions};

use super::input::syntax_lines;
use super::output::write_stdout;

/// Arguments of `measure`.
#[derive(clap::Args)]
pub struct Args {
    /// The program: .py, .js, .mjs, .cjs, .ts, .mts or .cts.
    pub program: PathBuf,
    /// Print JSON: `{"seconds", "finished", "error", "lines", "loops", "calls"}`.
    #[arg(long)]
    pub json: bool,
    /// The file the program reads as its standard input.
    #[arg(long, value_name = "FILE")]
    pub stdin: Option<PathBuf>,
    /// Stop the program after this many milliseconds (its counts so far are kept).
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub time_limit: u64,
}

/// Arguments of `growth`.
#[derive(clap::Args)]
pub struct GrowthArgs {
    /// The program: .py, .js, .mjs, .cjs, .ts, .mts or .cts.
    pub program: PathBuf,
    /// The size variable: a top-level `NAME = <number>` (`const NAME = <number>;`), or one
    /// after a `viz: size NAME` hint comment.
    #[arg(long, value_name = "NAME")]
    pub size: String,
    /// Print JSON: `{"variable", "runs": [{"size", "work", "seconds", "finished"}], "fitted",
    /// "estimate", "verdict", "message"}`.
    #[arg(long)]
    pub json: bool,
    /// Stop each run after this many milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub time_limit: u64,
}

fn fail(e: Error) -> Result<ExitCode, String> {
    match e {
        Error::Run(RunError::Syntax { name, errors }) => {
            eprintln!("{}", syntax_lines(&name, &errors));
            Ok(ExitCode::from(2))
        }
        e => Err(e.to_string()),
    }
}

/// Measures the program and prints its counts.
///
/// # Errors
/// A message when the file cannot be read or cannot be run.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let program = Program::from_path(&args.program).map_err(|e| e.to_string())?;
    let stdin = match &args.stdin {
        Some(p) => Some(std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => None,
    };
    let options = TraceOptions {
        stdin,
        time_budget_ms: args.time_limit,
        ..TraceOptions::default()
    };
    let m = match algoscope::measure(&program, &options) {
        Ok(m) => m,
        Err(e) => return fail(e),
    };
    if args.json {
        let text = serde_json::to_string_pretty(&m).map_err(|e| e.to_string())?;
        write_stdout(&format!("{text}\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = format!(
        "{}: {:.3} s, {}\n",
        program.name,
        m.seconds,
        if m.finished {
            "finished"
        } else {
            "stopped by the time limit"
        }
    );
    if let Some(e) = &m.error {
        text.push_str(&format!("  error: {e}\n"));
    }
    for (id, passes) in &m.loops {
        text.push_str(&format!("  loop {id}: {passes} passes\n"));
    }
    for (f, calls) in &m.calls {
        text.push_str(&format!("  {f}: {calls} calls\n"));
    }
    write_stdout(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Runs the growth series and prints the runs and the verdict.
///
/// # Errors
/// As [`run`], and when the size variable is not found.
pub fn run_growth(args: GrowthArgs) -> Result<ExitCode, String> {
    let program = Program::from_path(&args.program).map_err(|e| e.to_string())?;
    let options = TraceOptions {
        time_budget_ms: args.time_limit,
        ..TraceOptions::default()
    };
    let g = match algoscope::growth(&program, &args.size, &options) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    if args.json {
        let out = serde_json::json!({
            "variable": g.variable,
            "line": g.line,
            "runs": g.runs,
            "fitted": g.fitted,
            "estimate": g.estimate,
            "verdict": g.verdict,
            "message": g.message,
        });
        let text = serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?;
        write_stdout(&format!("{text}\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = format!("{}: {}\n", program.name, g.message);
    for r in &g.runs {
        text.push_str(&format!(
            "  {} = {}: {} passes and calls, {:.3} s{}\n",
            g.variable,
            r.size,
            r.work,
            r.seconds,
            if r.finished { "" } else { " (not finished)" }
        ));
    }
    write_stdout(&text)?;
    Ok(ExitCode::SUCCESS)
}
