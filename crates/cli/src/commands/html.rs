//! `algoscope html PROGRAM|TRACE.json [-o OUT.html] [--nested] [--sizes MODEL] [--max-steps N] [--timeout-ms N]
//! [--stdin FILE] [--python PATH]`: the self-contained stepper page.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use algoscope::{Error, PageOptions, RenderOptions, SizeModel};

use super::input::{load_trace, RunArgs};
use super::notes::print_hint_warnings;
use super::output::{refuse_overwriting_input, write_stdout};
use super::render::check_sizes_of_input;

/// Arguments of `html`.
#[derive(clap::Args)]
pub struct Args {
    /// The program to run and show (.py, .js, .mjs, .cjs, .ts, .mts, .cts), or a trace file (.json, or gzip-compressed .json.gz).
    pub input: PathBuf,
    /// Where to write the page; default `<input name without extension>.html` in the current
    /// directory.
    #[arg(short, long, value_name = "OUT.html")]
    pub output: Option<PathBuf>,
    /// Draw objects referenced exactly once inside the box that holds them.
    #[arg(long)]
    pub nested: bool,
    /// Show memory sizes in this model: python (64-bit CPython; Python programs only),
    /// textbook (8-byte words) or v8 (64-bit V8, compressed pointers). See
    /// docs/memory-sizes.md.
    #[arg(long, value_name = "MODEL")]
    pub sizes: Option<SizeModel>,
    /// How to run a program (ignored for a trace file).
    #[command(flatten)]
    pub run: RunArgs,
}

/// Traces the program (or reads the trace), builds the page, writes it and prints its path.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| default_output(&args.input));
    refuse_overwriting_input(&args.input, &output)?;
    check_sizes_of_input(&args.input, args.sizes)?;
    let trace = load_trace(&args.input, &args.run)?;
    print_hint_warnings(&algoscope::hint_warnings(&trace));
    let title = args
        .input
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let options = PageOptions {
        title,
        nested: args.nested,
        ..PageOptions::default()
    };
    let render = RenderOptions { sizes: args.sizes };
    let page = algoscope::page(trace, &render, &options).map_err(|e| match e {
        Error::Sizes(e) => format!("--sizes: {e}"),
        other => other.to_string(),
    })?;
    std::fs::write(&output, page).map_err(|e| format!("{}: {e}", output.display()))?;
    write_stdout(&format!("{}\n", output.display()))?;
    Ok(ExitCode::SUCCESS)
}

/// `<stem>.html` in the current directory.
fn default_output(input: &Path) -> PathBuf {
    let stem = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "algoscope".into());
    PathBuf::from(format!("{stem}.html"))
}
