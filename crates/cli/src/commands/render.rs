//! `algoscope render (PROGRAM | TRACE.json) --step N|last [--view memory|loops] [--nested]
//! [--sizes MODEL] [-o OUT.svg]`: one step's memory picture, or the history of the loop
//! running at that step, as SVG.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;

use algoscope_layout::{
    layout_loop, layout_memory, plan_graphs, LayoutOptions, LoopLayoutOptions, Sizes,
};
use algoscope_scene::{
    apply_hints, graph_universe, loop_scene, memory_scene, LoopSceneOptions, SceneOptions,
    SizeModel,
};
use algoscope_trace_format::{Language, Trace};

use super::input::{load_trace, RunArgs};
use super::notes::print_hint_warnings;
use super::output::{refuse_overwriting_input, write_stdout};
use crate::html::loop_scene_options;
use crate::run::Program;

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
    /// A trace JSON file (.json), or a program to trace first (.py, .js, .mjs, .cjs, .ts, .mts, .cts).
    pub input: PathBuf,
    /// The step to draw, counted from 1, or `last`.
    #[arg(long, value_name = "N|last", default_value = "last")]
    pub step: StepArg,
    /// What to draw: `memory` (frames, heap boxes, arrows) or `loops` (the history of the loop
    /// running at the step, one row per pass; when no loop runs at that step, nothing is
    /// written and the error names the steps where loops do run).
    #[arg(long, value_enum, default_value_t = View::Memory, value_name = "memory|loops")]
    pub view: View,
    /// Draw objects referenced exactly once inside the box that holds them (memory view).
    #[arg(long)]
    pub nested: bool,
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
    let mut trace = load_trace(&args.input, &args.run)?;
    let scene_options = scene_options(&mut trace, args.sizes)?;
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
    let svg = match args.view {
        View::Memory => {
            // Graphs are laid out over the whole run, so a step draws them as every other
            // step does.
            let mut scene_options = scene_options.clone();
            let graphs = plan_graphs(&graph_universe(&trace, &scene_options), &Sizes::default());
            scene_options.known_graphs = graphs.keys().cloned().collect();
            let scene = memory_scene(&trace, index, &scene_options).map_err(|e| e.to_string())?;
            let options = LayoutOptions {
                nested: args.nested,
                graphs,
                ..LayoutOptions::default()
            };
            layout_memory(&scene, &options).to_svg()
        }
        View::Loops => loop_svg(&trace, index, &loop_scene_options(&scene_options))?,
    };
    match args.output {
        Some(path) => std::fs::write(&path, svg).map_err(|e| format!("{}: {e}", path.display()))?,
        None => write_stdout(&svg)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The loop history at step `index` (0-based) as SVG.
///
/// # Errors
/// When no loop runs at the step: the message names the steps (counted from 1) where loops
/// do run, or says the run has none.
fn loop_svg(trace: &Trace, index: usize, options: &LoopSceneOptions) -> Result<String, String> {
    if let Some(scene) = loop_scene(trace, index, options).map_err(|e| e.to_string())? {
        // Graphs are laid out over the whole run, as in the memory view.
        let layout = LoopLayoutOptions {
            graphs: plan_graphs(&graph_universe(trace, &options.scene), &Sizes::default()),
            ..LoopLayoutOptions::default()
        };
        return Ok(layout_loop(&scene, &layout).to_svg());
    }
    let spans = loop_spans(trace);
    let step = index + 1;
    if spans.is_empty() {
        return Err(format!(
            "step {step}: no loop runs at this step, nor anywhere in the run"
        ));
    }
    let list: Vec<String> = spans
        .iter()
        .take(8)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            }
        })
        .collect();
    let more = if spans.len() > 8 { ", …" } else { "" };
    Err(format!(
        "step {step}: no loop runs at this step (loops run at steps {}{more})",
        list.join(", ")
    ))
}

/// Ranges of steps (counted from 1, inclusive) at which some loop is active: where
/// `loop_scene` has a history to show.
fn loop_spans(trace: &Trace) -> Vec<(usize, usize)> {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for (i, step) in trace.steps.iter().enumerate() {
        if step.loops.is_empty() {
            continue;
        }
        match spans.last_mut() {
            Some(last) if last.1 == i => last.1 = i + 1,
            _ => spans.push((i + 1, i + 1)),
        }
    }
    spans
}

/// Applies the trace's `viz:` hints once (see `docs/hints.md`), prints each hint warning on
/// standard error as `warning: line N: MESSAGE (expected: FORM)` ([`print_hint_warnings`]),
/// and returns the scene options carrying the hints and the size model (`--sizes`).
///
/// Errors when the size model does not fit the trace's language (`python` for a JavaScript
/// run), naming the models that do.
pub(super) fn scene_options(
    trace: &mut Trace,
    size_model: Option<SizeModel>,
) -> Result<SceneOptions, String> {
    check_sizes(size_model, trace.language)?;
    print_hint_warnings(trace);
    let hints = apply_hints(trace);
    Ok(SceneOptions {
        hints,
        size_model,
        ..SceneOptions::default()
    })
}

/// Refuses `--sizes MODEL` for a program whose language the model does not describe
/// (`python` for JavaScript or TypeScript), naming the models that fit. Called before a
/// program runs (its language from its extension) and again on the trace (a trace file).
pub(super) fn check_sizes(size_model: Option<SizeModel>, language: Language) -> Result<(), String> {
    match size_model {
        Some(model) => model
            .check_fits(language)
            .map_err(|e| format!("--sizes: {e}")),
        None => Ok(()),
    }
}

/// [`check_sizes`] for a program input before it runs; nothing for a trace file (its
/// language is known once read) or an extension `load_trace` refuses anyway.
pub(super) fn check_sizes_of_input(
    input: &Path,
    size_model: Option<SizeModel>,
) -> Result<(), String> {
    match Program::language_of(input) {
        Ok(language) => check_sizes(size_model, language),
        Err(_) => Ok(()),
    }
}
