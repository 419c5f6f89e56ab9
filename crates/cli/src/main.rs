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
    /// Check a trace JSON file: prints `ok: N steps`, or the path of the first bad field.
    Validate(commands::validate::Args),
    /// Run a program once (.py, .js, .mjs, .cjs, .ts, .mts, .cts) and write its trace JSON.
    Trace(commands::trace::Args),
    /// Write a self-contained HTML page that steps through a program's run (.py, .js, .mjs, .cjs, .ts, .mts, .cts) or a trace
    /// (.json); works from file://.
    Html(commands::html::Args),
    /// Draw one step's memory picture (frames, heap boxes, arrows), or with `--view loops` the
    /// history of the loop running at it, as SVG, from a program (.py, .js, .mjs, .cjs, .ts,
    /// .mts, .cts) or a trace (.json).
    Render(commands::render::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Validate(args) => commands::validate::run(args),
        Command::Trace(args) => commands::trace::run(args),
        Command::Html(args) => commands::html::run(args),
        Command::Render(args) => commands::render::run(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("algoscope: {message}");
            ExitCode::from(1)
        }
    }
}
