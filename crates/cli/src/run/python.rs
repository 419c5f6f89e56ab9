//! The Python runner: the machine's `python3` running the tracer embedded from
//! `runtimes/python`, streaming records to a temporary file that is read when it ends.
//!
//! The tracer's files are written to a temporary folder and started with a short bootstrap
//! (`-c`) that checks the version first, so an interpreter too old to even parse the tracer
//! still gives a clear error. The run gets `PYTHONHASHSEED=0` so set order (and so the trace)
//! is the same on every run, and no other `PYTHON*` variables.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use algoscope_trace_format::{validate_value, Trace};
use serde_json::json;

use super::assemble::{assemble, finish_run, RunEnd};
use super::process::{spawn_in_group, wait_with_budget};
use super::{Program, SyntaxProblem, TraceFailure, TraceOptions};

/// The oldest Python the tracer runs on, `(major, minor)`.
pub const PYTHON_MIN_VERSION: (u32, u32) = (3, 9);

/// The tracer package, file by file, as embedded in the binary.
const TRACER_FILES: &[(&str, &str)] = &[
    (
        "__init__.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/__init__.py"),
    ),
    (
        "__main__.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/__main__.py"),
    ),
    (
        "tracer.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/tracer.py"),
    ),
    (
        "values.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/values.py"),
    ),
    (
        "loops.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/loops.py"),
    ),
    (
        "program_io.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/program_io.py"),
    ),
    (
        "sampling.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/sampling.py"),
    ),
    (
        "bytecode.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/bytecode.py"),
    ),
    (
        "purity.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/purity.py"),
    ),
    (
        "liveness.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/liveness.py"),
    ),
    (
        "wire.py",
        include_str!("../../../../runtimes/python/algoscope_tracer/wire.py"),
    ),
];

/// Exit status the bootstrap uses for "this Python is too old"; its stderr then holds
/// `algoscope-python-version X.Y`.
const TOO_OLD_STATUS: i32 = 3;
const TOO_OLD_MARKER: &str = "algoscope-python-version ";

/// Runs on any Python 3: checks the version, then runs the tracer package from `argv[1]`
/// with the request file `argv[2]`.
const BOOTSTRAP: &str = "import sys
if sys.version_info < (3, 9):
    sys.stderr.write('algoscope-python-version %d.%d\\n' % sys.version_info[:2])
    sys.exit(3)
if sys.path and sys.path[0] == '':
    del sys.path[0]
sys.path.insert(0, sys.argv[1])
import algoscope_tracer.__main__ as entry
del sys.path[0]
entry.main(sys.argv[2])
";

/// Traces a Python program; see [`super::trace_program`].
pub(super) fn trace_python(
    program: &Program,
    options: &TraceOptions,
) -> Result<Trace, TraceFailure> {
    let analysis = algoscope_py_analysis::analyze(&program.source);
    if !analysis.syntax_errors.is_empty() {
        return Err(TraceFailure::Syntax {
            name: program.name.clone(),
            errors: analysis
                .syntax_errors
                .iter()
                .map(|e| SyntaxProblem {
                    line: e.line,
                    column: e.column,
                    message: e.message.clone(),
                })
                .collect(),
        });
    }
    let dir = tempfile::Builder::new()
        .prefix("algoscope-py-")
        .tempdir()
        .map_err(|source| TraceFailure::Temp {
            path: std::env::temp_dir(),
            source,
        })?;
    let package = dir.path().join("algoscope_tracer");
    write(&package, None)?;
    for (name, text) in TRACER_FILES {
        write(&package.join(name), Some(text))?;
    }
    let out = dir.path().join("records.ndjson");
    let request = json!({
        "source": program.source,
        "out": out,
        "loops": analysis.loops,
        "indexNames": analysis.index_names,
        "maxSteps": options.max_steps,
        "timeBudgetMs": options.time_budget_ms,
        "stdin": options.stdin,
        "programDir": program.dir,
    });
    let request_path = dir.path().join("request.json");
    write(&request_path, Some(&request.to_string()))?;

    let python = options.python.clone();
    let ran = run_tracer(python.as_deref(), dir.path(), &request_path, &out, options)?;
    let records = match std::fs::read(&out) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(source) => return Err(TraceFailure::Temp { path: out, source }),
    };
    let assembled = assemble(&records)?;
    if let Some(fatal) = assembled.fatal {
        return Err(TraceFailure::Tracer(fatal));
    }
    if let Some(syntax) = assembled.syntax {
        return Err(TraceFailure::Syntax {
            name: program.name.clone(),
            errors: vec![SyntaxProblem {
                line: syntax.line,
                column: syntax.column,
                message: syntax.message,
            }],
        });
    }
    let mut trace = finish_run(
        assembled,
        &program.source,
        &RunEnd {
            who: "the tracer",
            killed: ran.killed,
            status: &ran.status,
            stderr: &ran.stderr,
        },
    )?;
    trace.loops = analysis.loops;
    trace.index_names = analysis.index_names;
    trace.grid_accesses = analysis.grid_accesses;
    trace.hints = analysis.hints;
    let document = serde_json::to_value(&trace)
        .map_err(|e| TraceFailure::Tracer(format!("cannot serialise the trace: {e}")))?;
    Ok(validate_value(document)?)
}

fn write(path: &Path, text: Option<&str>) -> Result<(), TraceFailure> {
    let result = match text {
        Some(text) => std::fs::write(path, text),
        None => std::fs::create_dir_all(path),
    };
    result.map_err(|source| TraceFailure::Temp {
        path: path.to_path_buf(),
        source,
    })
}

/// How the tracer process ended.
struct Ran {
    /// Killed after the time budget and grace.
    killed: bool,
    /// Its exit status, as text.
    status: String,
    /// The end of what it wrote to standard error.
    stderr: String,
}

fn run_tracer(
    python: Option<&Path>,
    dir: &Path,
    request: &Path,
    records: &Path,
    options: &TraceOptions,
) -> Result<Ran, TraceFailure> {
    let candidates: Vec<PathBuf> = match python {
        Some(p) => vec![p.to_path_buf()],
        None => vec![PathBuf::from("python3"), PathBuf::from("python")],
    };
    let mut last_error = None;
    for candidate in &candidates {
        match spawn(candidate, dir, request) {
            Ok(child) => return wait(child, candidate, records, options),
            Err(error) => last_error = Some((candidate.clone(), error)),
        }
    }
    let (python, error) = last_error.unwrap_or_else(|| {
        (
            PathBuf::from("python3"),
            std::io::Error::from(std::io::ErrorKind::NotFound),
        )
    });
    Err(TraceFailure::NoPython {
        python,
        reason: if error.kind() == std::io::ErrorKind::NotFound {
            "not found".into()
        } else {
            error.to_string()
        },
    })
}

fn spawn(python: &Path, dir: &Path, request: &Path) -> std::io::Result<Child> {
    let mut command = Command::new(python);
    command
        .arg("-s")
        .arg("-B")
        .arg("-c")
        .arg(BOOTSTRAP)
        .arg(dir)
        .arg(request)
        .stdin(Stdio::null());
    for (key, _) in std::env::vars_os() {
        if key.to_string_lossy().starts_with("PYTHON") {
            command.env_remove(key);
        }
    }
    command
        .env("PYTHONHASHSEED", "0")
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .env("PYTHONIOENCODING", "utf-8");
    spawn_in_group(&mut command)
}

fn wait(
    child: Child,
    python: &Path,
    records: &Path,
    options: &TraceOptions,
) -> Result<Ran, TraceFailure> {
    let finished = wait_with_budget(child, options.time_budget_ms, records)
        .map_err(|e| no_python(python, &e))?;
    if finished.status.code() == Some(TOO_OLD_STATUS) {
        if let Some(version) = finished
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix(TOO_OLD_MARKER))
        {
            return Err(TraceFailure::PythonTooOld {
                python: python.to_path_buf(),
                version: version.trim().to_string(),
            });
        }
    }
    Ok(Ran {
        killed: finished.killed,
        status: finished.status.to_string(),
        stderr: finished.stderr,
    })
}

fn no_python(python: &Path, error: &std::io::Error) -> TraceFailure {
    TraceFailure::NoPython {
        python: python.to_path_buf(),
        reason: error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::TRACER_FILES;

    /// A module added to the tracer package but not embedded fails only when a user runs it.
    #[test]
    fn every_module_of_the_tracer_package_is_embedded() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../runtimes/python/algoscope_tracer"
        );
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .expect("the tracer package folder")
            .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
            .filter(|name| name.ends_with(".py"))
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = TRACER_FILES
            .iter()
            .map(|(name, _)| name.to_string())
            .collect();
        embedded.sort();
        assert_eq!(embedded, on_disk);
    }
}
