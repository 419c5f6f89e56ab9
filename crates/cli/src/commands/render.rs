//! `algoscope render (PROGRAM | TRACE.json) --step N|last [--nested] [-o OUT.svg]`: one step's
//! memory picture as SVG.

use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use algoscope_layout::{layout_memory, plan_graphs, LayoutOptions, Sizes};
use algoscope_scene::{graph_universe, memory_scene, SceneOptions};

use super::input::{load_trace, RunArgs};
use super::output::{refuse_overwriting_input, write_stdout};

/// Which step to draw: a number counted from 1 (as the stepper page shows it) or `last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepArg {
    /// Step `n`, counted from 1.
    Number(usize),
    /// The last step.
    Last,
}

impl FromStr for StepArg {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("last") {
            return Ok(StepArg::Last);
        }
        match s.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(StepArg::Number(n)),
            _ => Err(format!(
                "`{s}` is not a step: give a number from 1, or `last`"
            )),
        }
    }
}

/// Arguments of `render`.
#[derive(clap::Args)]
pub struct Args {
    /// A trace JSON file (.json), or a program to trace first (.py, .js, .mjs, .cjs, .ts, .mts, .cts).
    pub input: PathBuf,
    /// The step to draw, counted from 1, or `last`.
    #[arg(long, value_name = "N|last", default_value = "last")]
    pub step: StepArg,
    /// Draw objects referenced exactly once inside the box that holds them.
    #[arg(long)]
    pub nested: bool,
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
    let trace = load_trace(&args.input, &args.run)?;
    let count = trace.steps.len();
    if count == 0 {
        return Err(format!("{}: the trace has no steps", args.input.display()));
    }
    let index = match args.step {
        StepArg::Last => count - 1,
        StepArg::Number(n) if n <= count => n - 1,
        StepArg::Number(n) => {
            return Err(format!(
                "step {n} is out of range: {} has steps 1 to {count}",
                args.input.display()
            ))
        }
    };
    // Graphs are laid out over the whole run, so a step draws them as every other step does.
    let mut scene_options = SceneOptions::default();
    let graphs = plan_graphs(&graph_universe(&trace, &scene_options), &Sizes::default());
    scene_options.known_graphs = graphs.keys().cloned().collect();
    let scene = memory_scene(&trace, index, &scene_options).map_err(|e| e.to_string())?;
    let options = LayoutOptions {
        nested: args.nested,
        graphs,
        ..LayoutOptions::default()
    };
    let svg = layout_memory(&scene, &options).to_svg();
    match args.output {
        Some(path) => std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?,
        None => write_stdout(&svg)?,
    }
    Ok(ExitCode::SUCCESS)
}
