//! `algoscope`: trace a program, check a trace, draw its steps.
//!
//! Each subcommand lives in its own module under `commands/` and is a thin front end over the
//! `algoscope` facade crate: convert arguments, call it, print or write the result.

mod commands;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Record a program's run step by step and draw it.
#[derive(Parser)]
#[command(name = "algoscope", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a trace file (.json or .json.gz): prints `ok: N steps`, or the path of the first
    /// bad field.
    Validate(commands::validate::Args),
    /// Run a program once (.py, .js, .mjs, .cjs, .ts, .mts, .cts) and write its trace JSON.
    Trace(commands::trace::Args),
    /// Write a self-contained HTML page that steps through a program's run (.py, .js, .mjs, .cjs, .ts, .mts, .cts) or a trace
    /// (.json, .json.gz); works from file://.
    Html(commands::html::Args),
    /// Draw one step's memory picture (frames, heap boxes, arrows), or with `--view loops` the
    /// history of the loop running at it, as SVG, from a program (.py, .js, .mjs, .cjs, .ts,
    /// .mts, .cts) or a trace (.json, .json.gz).
    Render(commands::render::Args),
    /// Estimate a program's Big-O from its code (.py, .js, .mjs, .cjs, .ts, .mts, .cts): per
    /// function and overall, with an explanation; `--json` for JSON.
    Bigo(commands::bigo::Args),
    /// Run a program at full speed with counters instead of tracing: passes per loop, calls
    /// per function, counts per line and its own time; `--json` for JSON.
    Measure(commands::measure::Args),
    /// Measure a program at n/64, n/16, n/4 and n of a top-level size variable, fit
    /// `n^d (log n)^l` to the counts and compare with the Big-O estimate.
    Growth(commands::measure::GrowthArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate(args) => commands::validate::run(args),
        Command::Trace(args) => commands::trace::run(args),
        Command::Html(args) => commands::html::run(args),
        Command::Render(args) => commands::render::run(args),
        Command::Bigo(args) => commands::bigo::run(args),
        Command::Measure(args) => commands::measure::run(args),
        Command::Growth(args) => commands::measure::run_growth(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("algoscope: {message}");
            ExitCode::from(1)
        }
    }
}
