//! `algoscope render (PROGRAM | TRACE.json) --step N|last [--view memory|loops] [--nested]
//! [--sizes MODEL] [-o OUT.svg]`: one step's memory picture, or the history of the loop
//! running at that step, as SVG.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;

use algoscope::{
    Error, LoopOptions, MemoryOptions, Program, Render, RenderOptions, SizeModel, Trace,
};

use super::input::{load_trace, RunArgs};
use super::notes::print_hint_warnings;
use super::output::{refuse_overwriting_input, write_stdout};

/// Which step to draw, numbered as [`algoscope::step_index`] does: from 1 (as the stepper
/// page shows it), negative from the end; `last` is `-1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepArg(pub i64);

impl FromStr for StepArg {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("last") {
            return Ok(StepArg(-1));
        }
        s.parse::<i64>().map(StepArg).map_err(|_| {
            format!("`{s}` is not a step: give a number from 1 (negative from the end), or `last`")
        })
    }
}

/// Which picture of the step to draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// Frames, heap boxes and arrows.
    #[default]
    Memory,
    /// The history of the loop running at the step: one row per pass.
    Loops,
}

/// Arguments of `render`.
#[derive(clap::Args)]
pub struct Args {
    /// A trace file (.json or .json.gz), or a program to trace first (.py, .js, .mjs, .cjs, .ts, .mts, .cts).
    pub input: PathBuf,
    /// The step to draw: counted from 1 as the stepper page shows it, negative from the end
    /// (`-1`, or `last`, is the last step).
    #[arg(
        long,
        value_name = "N|last",
        default_value = "last",
        allow_hyphen_values = true
    )]
    pub step: StepArg,
    /// What to draw: `memory` (frames, heap boxes, arrows) or `loops` (the history of the loop
    /// running at the step, one row per pass; when no loop runs at that step, nothing is
    /// written and the error names the steps where loops do run).
    #[arg(long, value_enum, default_value_t = View::Memory, value_name = "memory|loops")]
    pub view: View,
    /// Draw objects referenced exactly once inside the box that holds them (memory view).
    #[arg(long)]
    pub nested: bool,
    /// Most passes the loop history draws, the latest kept (loops view; the page draws 16).
    #[arg(long, value_name = "N", default_value_t = LoopOptions::default().max_rows)]
    pub loop_rows: usize,
    /// Most linked-structure nodes the loop history draws over all its rows; wider rows keep
    /// fewer rows, at least one (loops view; the page draws 1000). Default: no such limit.
    #[arg(long, value_name = "N")]
    pub loop_nodes: Option<usize>,
    /// Show memory sizes in this model: python (64-bit CPython; Python programs only),
    /// textbook (8-byte words) or v8 (64-bit V8, compressed pointers). See
    /// docs/memory-sizes.md.
    #[arg(long, value_name = "MODEL")]
    pub sizes: Option<SizeModel>,
    /// Where to write the SVG; standard output when absent.
    #[arg(short, long, value_name = "OUT.svg")]
    pub output: Option<PathBuf>,
    /// Budgets and input of the run, when a program is given.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Reads (or records) the trace, draws the step and writes the SVG.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if let Some(output) = &args.output {
        refuse_overwriting_input(&args.input, output)?;
    }
    check_sizes_of_input(&args.input, args.sizes)?;
    let trace = load_trace(&args.input, &args.run)?;
    let render = prepare(trace, args.sizes)?;
    let index = algoscope::step_index(args.step.0, render.step_count())
        .map_err(|e| format!("{}: {e}", args.input.display()))?;
    let svg = match args.view {
        View::Memory => render.memory_svg(
            index,
            &MemoryOptions {
                nested: args.nested,
            },
        ),
        View::Loops => render.loop_svg(
            index,
            &LoopOptions {
                max_rows: args.loop_rows,
                max_nodes: args.loop_nodes,
            },
        ),
    }
    .map_err(|e| e.to_string())?;
    match args.output {
        Some(path) => std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?,
        None => write_stdout(&svg)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Makes the trace ready to draw with the size model (`--sizes`) and prints each hint
/// warning on standard error as `warning: line N: MESSAGE (expected: FORM)`.
///
/// Errors when the size model does not fit the trace's language (`python` for a JavaScript
/// run), naming the models that do.
pub(super) fn prepare(trace: Trace, sizes: Option<SizeModel>) -> Result<Render, String> {
    let render = Render::new(trace, &RenderOptions { sizes }).map_err(|e| match e {
        Error::Sizes(e) => format!("--sizes: {e}"),
        other => other.to_string(),
    })?;
    print_hint_warnings(render.hint_warnings());
    Ok(render)
}

/// Refuses `--sizes MODEL` for a program whose language the model does not describe
/// (`python` for JavaScript or TypeScript), naming the models that fit, before it runs (its
/// language from its extension); a trace file is checked once read ([`prepare`]).
pub(super) fn check_sizes_of_input(
    input: &Path,
    size_model: Option<SizeModel>,
) -> Result<(), String> {
    match (size_model, Program::language_of(input)) {
        (Some(model), Ok(language)) => model
            .check_fits(language)
            .map_err(|e| format!("--sizes: {e}")),
        _ => Ok(()),
    }
}
