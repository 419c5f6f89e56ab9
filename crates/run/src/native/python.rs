//! The Python runner: the machine's `python3` running the tracer embedded from
//! `runtimes/python` (`algoscope-runtimes`), streaming records to a temporary file that is read when it ends.
//!
//! The tracer's files are written to a temporary folder and started with a short bootstrap
//! (`-c`) that checks the version first, so an interpreter too old to even parse the tracer
//! still gives a clear error. The run gets `PYTHONHASHSEED=0` so set order (and so the trace)
//! is the same on every run, and no other `PYTHON*` variables.

use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

use algoscope_runtimes::{write_files, PYTHON_TRACER};
use algoscope_trace_format::{StopReason, Trace};

use super::limits::{find_program, limited_command};
use super::process::{spawn_in_group, wait_with_budget};
use crate::{build_trace, ProcessEnd, Program, Request, RunError, TraceOptions};

/// The oldest Python the tracer runs on, `(major, minor)`.
pub const PYTHON_MIN_VERSION: (u32, u32) = crate::error::PYTHON_MIN;

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
pub(super) fn trace_python(program: &Program, options: &TraceOptions) -> Result<Trace, RunError> {
    let analysis = crate::analyze_program(program)?;
    let dir = super::temp_dir("algoscope-py-")?;
    let package = dir.path().join("algoscope_tracer");
    write_files(&package, PYTHON_TRACER).map_err(|source| RunError::Temp {
        path: package.clone(),
        source,
    })?;
    let out = dir.path().join("records.ndjson");
    let request = Request::python(program, &analysis, options, out.display().to_string());
    let request_path = dir.path().join("request.json");
    let request_text = serde_json::to_string(&request)
        .map_err(|e| RunError::Tracer(format!("cannot write the request: {e}")))?;
    std::fs::write(&request_path, request_text).map_err(|source| RunError::Temp {
        path: request_path.clone(),
        source,
    })?;

    let python = options.python.clone();
    let ran = run_tracer(python.as_deref(), dir.path(), &request_path, &out, options)?;
    let records = match std::fs::read(&out) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(source) => return Err(RunError::Temp { path: out, source }),
    };
    build_trace(
        program,
        analysis,
        &records,
        &ProcessEnd {
            who: "the tracer",
            killed: ran.killed,
            status: &ran.status,
            stderr: &ran.stderr,
            limit: ran.limit,
        },
    )
}

/// How the tracer process ended.
struct Ran {
    /// Killed after the time budget and grace.
    killed: bool,
    /// Its exit status, as text.
    status: String,
    /// The end of what it wrote to standard error.
    stderr: String,
    /// The resource limit it ran into, as far as the runner saw.
    limit: Option<StopReason>,
}

fn run_tracer(
    python: Option<&Path>,
    dir: &Path,
    request: &Path,
    records: &Path,
    options: &TraceOptions,
) -> Result<Ran, RunError> {
    let candidates: Vec<PathBuf> = match python {
        Some(p) => vec![p.to_path_buf()],
        None => vec![PathBuf::from("python3"), PathBuf::from("python")],
    };
    let mut last_error = None;
    for candidate in &candidates {
        let Some(found) = find_program(candidate) else {
            last_error = Some((
                candidate.clone(),
                std::io::Error::from(std::io::ErrorKind::NotFound),
            ));
            continue;
        };
        match spawn(&found, dir, request, options) {
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
    Err(RunError::NoPython {
        python,
        reason: if error.kind() == std::io::ErrorKind::NotFound {
            "not found".into()
        } else {
            error.to_string()
        },
    })
}

fn spawn(
    python: &Path,
    dir: &Path,
    request: &Path,
    options: &TraceOptions,
) -> std::io::Result<Child> {
    let mut command = limited_command(python, options);
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
) -> Result<Ran, RunError> {
    let finished = wait_with_budget(child, options, records).map_err(|e| no_python(python, &e))?;
    if finished.status.code() == Some(TOO_OLD_STATUS) {
        if let Some(version) = finished
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix(TOO_OLD_MARKER))
        {
            return Err(RunError::PythonTooOld {
                python: python.to_path_buf(),
                version: version.trim().to_string(),
            });
        }
    }
    Ok(Ran {
        killed: finished.killed,
        status: finished.status.to_string(),
        stderr: finished.stderr,
        limit: finished.limit,
    })
}

fn no_python(python: &Path, error: &std::io::Error) -> RunError {
    RunError::NoPython {
        python: python.to_path_buf(),
        reason: error.to_string(),
    }
}
