//! The `PROGRAM | TRACE.json` input shared by the commands that draw a run: a trace file
//! (`.json`, or gzip-compressed `.json.gz`) is read and validated; anything else is traced
//! first, under the budget flags of [`RunArgs`].

use std::path::{Path, PathBuf};

use algoscope::{unsupported_message, Error, Program, RunError, Trace, TraceOptions};

use super::notes::print_notes;

/// How to run a program given instead of a trace (flatten into a command's arguments).
#[derive(clap::Args, Clone, Debug)]
pub struct RunArgs {
    /// Most steps recorded before the run is stopped (the page then shows `+`).
    #[arg(long, value_name = "N", default_value_t = TraceOptions::default().max_steps)]
    pub max_steps: u64,
    /// Time budget of the run in milliseconds.
    #[arg(long, value_name = "N", default_value_t = TraceOptions::default().time_budget_ms)]
    pub timeout_ms: u64,
    /// A file whose text the program reads as standard input (`input()` line by line).
    #[arg(long, value_name = "FILE")]
    pub stdin: Option<PathBuf>,
    /// The Python interpreter to use (3.9 or newer); `python3` on PATH by default.
    #[arg(long, value_name = "PATH")]
    pub python: Option<PathBuf>,
    /// The Node.js to run JavaScript and TypeScript with (18 or newer); `node` on PATH by
    /// default.
    #[arg(long, value_name = "PATH")]
    pub node: Option<PathBuf>,
    /// Memory limit of the traced program in MiB (0: none); reaching it stops the run
    /// (`stoppedBy: "memory"`).
    #[arg(long, value_name = "MB", default_value_t = TraceOptions::default().max_memory_mb)]
    pub max_memory_mb: u64,
    /// Most output the program may print, in KiB (0: none); past it the run stops
    /// (`stoppedBy: "output"`).
    #[arg(long, value_name = "KB", default_value_t = TraceOptions::default().max_output_kb)]
    pub max_output_kb: u64,
    /// CPU-time limit of the traced program in milliseconds, rounded up to whole seconds
    /// (`stoppedBy: "cpu"`); by default the time budget plus 3 s.
    #[arg(long, value_name = "N")]
    pub max_cpu_ms: Option<u64>,
    /// Most processes the program may run at once (0: no limit); a fork bomb is killed
    /// (`stoppedBy: "processes"`).
    #[arg(long, value_name = "N", default_value_t = TraceOptions::default().max_processes)]
    pub max_processes: u32,
}

impl RunArgs {
    /// The run's options, reading the `--stdin` file.
    ///
    /// # Errors
    /// The `--stdin` file cannot be read (the message names it).
    pub fn options(&self) -> Result<TraceOptions, String> {
        let stdin = match &self.stdin {
            Some(path) => Some(
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?,
            ),
            None => None,
        };
        Ok(TraceOptions {
            max_steps: self.max_steps,
            time_budget_ms: self.timeout_ms,
            stdin,
            python: self.python.clone(),
            node: self.node.clone(),
            max_memory_mb: self.max_memory_mb,
            max_output_kb: self.max_output_kb,
            max_cpu_ms: self.max_cpu_ms,
            max_processes: self.max_processes,
        })
    }
}

/// Whether `path`'s name ends in `.gz` (a gzip-compressed trace file), in any case.
pub fn is_gz_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// Reads the trace file at `path` (JSON, or gzip-compressed JSON, told by its first bytes).
///
/// # Errors
/// `PATH: reason` when it cannot be read or is not a valid trace (with the JSON path).
pub fn read_trace_file(path: &Path) -> Result<Trace, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    algoscope::validate_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads `input` as a trace when its extension is `.json` or `.gz`, else traces it as a
/// program.
///
/// # Errors
/// A message naming the file: unreadable, an invalid trace (with the JSON path), or why the
/// program could not be traced (each syntax error as `FILE:LINE:COL: message`). A program that
/// raised or ran out of a budget is not an error: its trace says so, and a note on standard
/// error says it too (see [`print_notes`]).
pub fn load_trace(input: &Path, run: &RunArgs) -> Result<Trace, String> {
    let is_json = input
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    if is_json || is_gz_name(input) {
        return read_trace_file(input);
    }
    let options = run.options()?;
    let program = Program::from_path(input).map_err(|e| match e {
        RunError::Unsupported { path, extension } => {
            unsupported_message(&path, &extension, &["json", "json.gz"])
        }
        other => other.to_string(),
    })?;
    let trace = algoscope::trace(&program, &options).map_err(|error| match error {
        Error::Run(RunError::Syntax { name, errors }) => syntax_lines(&name, &errors),
        other => other.to_string(),
    })?;
    print_notes(&trace);
    Ok(trace)
}

/// Each syntax error as `NAME:LINE:COL: message`, one per line.
pub fn syntax_lines(name: &str, errors: &[algoscope::SyntaxError]) -> String {
    errors
        .iter()
        .map(|e| format!("{name}:{e}"))
        .collect::<Vec<_>>()
        .join("\n")
}
