//! `algoscope html PROGRAM|TRACE.json [-o OUT.html] [--nested]`: the self-contained stepper page.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use algoscope_trace_format::Trace;

use crate::html::{build_page, PageOptions};

/// Arguments of `html`.
#[derive(clap::Args)]
pub struct Args {
    /// The program to run and show (`.py`), or a trace JSON file (`.json`).
    pub input: PathBuf,
    /// Where to write the page; default `<input name without extension>.html` in the current
    /// directory.
    #[arg(short, long, value_name = "OUT.html")]
    pub output: Option<PathBuf>,
    /// Draw objects referenced exactly once inside the box that holds them.
    #[arg(long)]
    pub nested: bool,
}

/// Traces the program (or reads the trace), builds the page, writes it and prints its path.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let trace = load_trace(&args.input)?;
    let title = args
        .input
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let options = PageOptions {
        title,
        nested: args.nested,
    };
    let page = build_page(&trace, &options).map_err(|e| format!("html: {e}"))?;
    let output = args.output.unwrap_or_else(|| default_output(&args.input));
    std::fs::write(&output, page).map_err(|e| format!("{}: {e}", output.display()))?;
    println!("{}", output.display());
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

fn load_trace(input: &Path) -> Result<Trace, String> {
    let is_json = input
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    if !is_json {
        return Err(format!(
            "{}: tracing programs is not wired into `html` yet; pass a trace JSON file",
            input.display()
        ));
    }
    let text = std::fs::read_to_string(input).map_err(|e| format!("{}: {e}", input.display()))?;
    algoscope_trace_format::validate_str(&text).map_err(|e| format!("{}: {e}", input.display()))
}
