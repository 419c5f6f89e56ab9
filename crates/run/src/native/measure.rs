//! Measure: a program run at full speed with counters instead of being traced — Python under
//! `python3` with counters inserted in its syntax tree (`algoscope_tracer.measure`), JavaScript
//! and TypeScript instrumented as for tracing but run with a counting `__as`
//! (`runtimes/js/measure.mjs`): counts per line, passes per loop and calls per function, the
//! program's own time, and progress that survives the time limit.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Stdio;

use algoscope_runtimes::{write_files, PYTHON_TRACER};
use algoscope_trace_format::Language;
use serde::{Deserialize, Serialize};

use super::process::{spawn_in_group, wait_with_budget};
use crate::{Program, RunError, TraceOptions};

/// What one measured run counted.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Measurement {
    /// The program's own time in seconds (counters included, start-up excluded).
    pub seconds: f64,
    /// Whether the program ran to its end (false when the time limit stopped it: the counts
    /// are then its progress at the last snapshot, taken every half second).
    pub finished: bool,
    /// The program's uncaught error (`ValueError: …`), if it raised.
    #[serde(default)]
    pub error: Option<String>,
    /// Line (1-based) → how many times a statement on it started.
    pub lines: BTreeMap<u32, u64>,
    /// Loop id (`L12`, as in the analysis) → passes over the whole run.
    pub loops: BTreeMap<String, u64>,
    /// Function name → calls.
    pub calls: BTreeMap<String, u64>,
}

impl Measurement {
    /// Every loop pass and call: the run's work as one number (what growth runs fit).
    pub fn work(&self) -> u64 {
        self.loops.values().sum::<u64>() + self.calls.values().sum::<u64>()
    }
}

/// The snapshot file as the runtime writes it (line keys as text).
#[derive(Deserialize)]
struct Snapshot {
    seconds: f64,
    finished: bool,
    error: Option<String>,
    lines: BTreeMap<String, u64>,
    loops: BTreeMap<String, u64>,
    calls: BTreeMap<String, u64>,
}

const BOOTSTRAP: &str = "import sys
if sys.path and sys.path[0] == '':
    del sys.path[0]
sys.path.insert(0, sys.argv[1])
import algoscope_tracer.measure as measure
del sys.path[0]
measure.main(*sys.argv[2:])
";

/// Measures one run of a Python program under `options.time_budget_ms` (with
/// `options.stdin` as its standard input). A program that raises or runs out of time is
/// not a failure: the measurement says so.
///
/// # Errors
/// [`RunError::Syntax`] when it does not parse, [`RunError::NoPython`] without an
/// interpreter, [`RunError::Temp`] for temporary files, [`RunError::Tracer`] when nothing
/// was measured (the message holds the interpreter's error output).
pub fn measure_python(program: &Program, options: &TraceOptions) -> Result<Measurement, RunError> {
    crate::analyze_program(program)?;
    let dir = super::temp_dir("algoscope-measure-")?;
    let temp = |path: &Path, source| RunError::Temp {
        path: path.to_path_buf(),
        source,
    };
    let package = dir.path().join("algoscope_tracer");
    write_files(&package, PYTHON_TRACER).map_err(|e| temp(&package, e))?;
    // The program runs from its own folder when it has one, so its imports resolve.
    let script = dir.path().join("program.py");
    std::fs::write(&script, &program.source).map_err(|e| temp(&script, e))?;
    let out = dir.path().join("counts.json");
    // Untraced, but under the same resource limits as a traced run.
    let mut command = super::limits::limited_command(
        options.python.as_deref().unwrap_or(Path::new("python3")),
        options,
    );
    command
        .arg("-s")
        .arg("-B")
        .arg("-c")
        .arg(BOOTSTRAP)
        .arg(dir.path())
        .arg(&script)
        .arg(&out);
    if let Some(stdin) = &options.stdin {
        let path = dir.path().join("stdin.txt");
        std::fs::write(&path, stdin).map_err(|e| temp(&path, e))?;
        command.arg(&path);
    }
    command.stdin(Stdio::null());
    if let Some(d) = &program.dir {
        command.current_dir(d);
    }
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("PYTHON") {
            command.env_remove(key);
        }
    }
    command.env("PYTHONHASHSEED", "0");
    let child = spawn_in_group(&mut command).map_err(|e| RunError::NoPython {
        python: options.python.clone().unwrap_or_else(|| "python3".into()),
        reason: e.to_string(),
    })?;
    let ended = wait_with_budget(child, options, &out)
        .map_err(|e| RunError::Tracer(format!("cannot wait for the measured program: {e}")))?;
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    parse_counts(
        &text,
        ended.killed,
        &ended.status.to_string(),
        &ended.stderr,
    )
}

/// Reads the counts a Measure runtime wrote (empty `text`: it wrote none).
pub(super) fn parse_counts(
    text: &str,
    killed: bool,
    status: &str,
    stderr: &str,
) -> Result<Measurement, RunError> {
    if text.is_empty() {
        return Err(RunError::Tracer(format!(
            "the measured program left no counts ({status}): {}",
            stderr.trim()
        )));
    }
    let snap: Snapshot = serde_json::from_str(text)
        .map_err(|e| RunError::Tracer(format!("unreadable counts: {e}")))?;
    Ok(Measurement {
        seconds: snap.seconds,
        finished: snap.finished && !killed,
        error: snap.error,
        lines: snap
            .lines
            .into_iter()
            .filter_map(|(k, v)| k.parse().ok().map(|k| (k, v)))
            .collect(),
        loops: snap.loops,
        calls: snap.calls,
    })
}

/// Measures one run of `program` (Python, JavaScript or TypeScript) under
/// `options.time_budget_ms` with `options.stdin` as its standard input: counts per line,
/// passes per loop, calls per function, and the program's own time. A program that raises or
/// runs out of time is not a failure: the measurement says so.
///
/// # Errors
/// As [`measure_python`] (and for JavaScript as [`super::trace_program`]: no `node`, an
/// import that cannot be followed).
pub fn measure_program(program: &Program, options: &TraceOptions) -> Result<Measurement, RunError> {
    match program.language {
        Language::Python => measure_python(program, options),
        Language::Javascript | Language::Typescript => super::node::measure_js(program, options),
    }
}
