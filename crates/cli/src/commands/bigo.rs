//! `algoscope bigo PROGRAM [--json] [--function NAME] [--check [--stdin FILE]]`: the
//! program's Big-O estimate from its code, per function and overall, with an explanation per
//! function; with `--check`, the program is run (traced) and each function's loop counts are
//! compared with the estimate (JSON: a `check` per function and overall).
//!
//! Exit 0 with the estimate; 2 for a syntax error (`FILE:LINE:COL: message`); 1 otherwise.

use std::path::PathBuf;
use std::process::ExitCode;

use algoscope::{Error, EstimateOptions, FunctionCheck, Program, RunError, TraceOptions};

use super::input::syntax_lines;
use super::output::write_stdout;

/// Arguments of `bigo`.
#[derive(clap::Args)]
pub struct Args {
    /// The program: .py, .js, .mjs, .cjs, .ts, .mts or .cts.
    pub program: PathBuf,
    /// Print JSON: `{"complexity", "functions": [{"name", "complexity", "explanation"}], "sizes"}`.
    #[arg(long)]
    pub json: bool,
    /// Estimate this function only.
    #[arg(long, value_name = "NAME")]
    pub function: Option<String>,
    /// Also run the program (traced) and check each loop's passes against its bound.
    #[arg(long)]
    pub check: bool,
    /// With --check: the file the program reads as its standard input.
    #[arg(long, value_name = "FILE", requires = "check")]
    pub stdin: Option<PathBuf>,
}

/// Reads the program, estimates it and prints the estimate.
///
/// # Errors
///
/// A message when the file cannot be read or is not a supported program.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let program = Program::from_path(&args.program).map_err(|e| e.to_string())?;
    let options = EstimateOptions {
        function: args.function.clone(),
    };
    let result = if args.check {
        let stdin = match &args.stdin {
            Some(p) => {
                Some(std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?)
            }
            None => None,
        };
        let trace_options = TraceOptions {
            stdin,
            ..TraceOptions::default()
        };
        algoscope::bigo_check(&program, &options, &trace_options).map(|(e, c)| (e, Some(c)))
    } else {
        algoscope::bigo(&program, &options).map(|e| (e, None))
    };
    let (estimate, check) = match result {
        Ok(e) => e,
        Err(Error::Run(RunError::Syntax { name, errors })) => {
            eprintln!("{}", syntax_lines(&name, &errors));
            return Ok(ExitCode::from(2));
        }
        Err(e) => return Err(e.to_string()),
    };
    if let Some(name) = &args.function {
        if !estimate.functions.iter().any(|f| &f.name == name) {
            return Err(format!("no function named `{name}` in {}", program.name));
        }
    }
    if args.json {
        let out = algoscope::complexity(&estimate, check.as_ref(), args.function.as_deref());
        let text = serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?;
        write_stdout(&format!("{text}\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut text = format!("{}: {}\n", program.name, estimate.complexity);
    if let Some(c) = &check {
        text.push_str(&format!("  check: {}: {}\n", c.verdict.words(), c.message));
    }
    for (letter, meaning) in &estimate.sizes {
        text.push_str(&format!("  {letter} = {meaning}\n"));
    }
    for f in estimate
        .functions
        .iter()
        .filter(|f| args.function.as_ref().is_none_or(|n| n == &f.name))
    {
        text.push_str(&format!(
            "\n{} (line {}): {}\n  {}\n",
            f.name, f.line, f.complexity, f.explanation
        ));
        if let Some(c) = function_check(check.as_ref(), &f.name) {
            text.push_str(&format!("  check: {}: {}\n", c.verdict.words(), c.message));
        }
        if f.name != "<module>" {
            for (letter, meaning) in &f.sizes {
                text.push_str(&format!("  {letter} = {meaning}\n"));
            }
        }
    }
    write_stdout(&text)?;
    Ok(ExitCode::SUCCESS)
}

fn function_check<'c>(
    check: Option<&'c algoscope::RunCheck>,
    name: &str,
) -> Option<&'c FunctionCheck> {
    check?.functions.iter().find(|c| c.name == name)
}
