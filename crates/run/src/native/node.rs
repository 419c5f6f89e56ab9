//! The JavaScript and TypeScript runner: the program is instrumented by
//! `algoscope-instrument-js` (TypeScript types stripped first), then run under the machine's
//! `node` (18 or newer) with the recorder embedded from `runtimes/js` (`algoscope-runtimes`).
//!
//! The recorder writes the same record stream as the Python tracer (`runtimes/PROTOCOL.md`) to
//! a temporary file as the program runs, so [`crate::build_trace`] builds both languages' traces,
//! and a run killed after the time budget still keeps every step it recorded.

use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use algoscope_instrument_js::Instrumented;
use algoscope_runtimes::{write_files, JS_RECORDER};
use algoscope_trace_format::{StopReason, SyntaxError, Trace};

use super::limits::{limited_command, node_heap_flag};
use super::process::{spawn_in_group, wait_with_budget};
use crate::{
    build_trace, NodeRequest, ProcessEnd, Program, Request, RunError, ScriptKind, TraceOptions,
};

/// The oldest Node.js major version the recorder runs on.
pub const NODE_MIN_MAJOR: u32 = 18;

/// Traces a JavaScript or TypeScript program; see [`super::trace_program`].
pub(super) fn trace_js(program: &Program, options: &TraceOptions) -> Result<Trace, RunError> {
    let (instrumented, ran) = instrument_and_run(program, options, "node-run.mjs")?;
    build_trace(
        program,
        instrumented.analysis,
        &ran.records,
        &ProcessEnd {
            who: "node",
            killed: ran.killed,
            status: &ran.status,
            stderr: &ran.stderr,
            limit: ran.limit,
        },
    )
}

/// Measures a JavaScript or TypeScript program: the instrumented program run with the
/// counting `__as` of `runtimes/js/measure.mjs`; see [`super::measure_program`].
pub(super) fn measure_js(
    program: &Program,
    options: &TraceOptions,
) -> Result<super::Measurement, RunError> {
    let (_, ran) = instrument_and_run(program, options, "measure-run.mjs")?;
    super::measure::parse_counts(&ran.records, ran.killed, &ran.status, &ran.stderr)
}

/// Instruments the program, checks its imports and `node`, and runs it with the runtime's
/// `entry` (`node-run.mjs` records a trace, `measure-run.mjs` counts).
fn instrument_and_run(
    program: &Program,
    options: &TraceOptions,
    entry: &str,
) -> Result<(Instrumented, Ran), RunError> {
    let instrumented = crate::instrument(program)?;
    let source_path = source_path(program);
    check_imports(program, &source_path, &instrumented)?;
    let node = options
        .node
        .clone()
        .unwrap_or_else(|| PathBuf::from("node"));
    check_node(&node)?;
    let dir = super::temp_dir("algoscope-js-")?;
    let ran = run_node(
        &node,
        dir.path(),
        &source_path,
        &instrumented,
        options,
        entry,
    )?;
    Ok((instrumented, ran))
}

/// Where the program runs as far as it can tell: its own file (or, for text that came from
/// no file, a file of its name in the current folder). Its imports, `require` calls,
/// `__filename` and `__dirname` resolve from there, as with `node FILE`, although the
/// instrumented copy runs from a temporary folder.
fn source_path(program: &Program) -> PathBuf {
    let cwd = std::env::current_dir().unwrap_or_default();
    let dir = match &program.dir {
        Some(dir) if dir.is_absolute() => dir.clone(),
        Some(dir) => cwd.join(dir),
        None => cwd,
    };
    let name = Path::new(&program.name)
        .file_name()
        .map_or_else(|| "program.mjs".into(), |n| n.to_os_string());
    dir.join(name)
}

/// Checks that every relative static import (`./x.js`, `../x.mjs`, `/abs/x.js`) names an
/// existing file beside the program, as Node resolves them (exactly, with the extension).
/// Imported modules run from their real path, untraced; only the program itself is traced.
///
/// # Errors
///
/// [`RunError::Syntax`] naming the specifier, at its line and column, when the file is
/// missing: Node links every static import before running any code, so nothing would run.
fn check_imports(
    program: &Program,
    source_path: &Path,
    instrumented: &Instrumented,
) -> Result<(), RunError> {
    let dir = source_path.parent().unwrap_or(Path::new(""));
    let missing: Vec<SyntaxError> = instrumented
        .imports
        .iter()
        .filter_map(|i| {
            let s = i.specifier.as_str();
            if !(s.starts_with("./") || s.starts_with("../") || s.starts_with('/')) {
                return None;
            }
            let file: PathBuf = dir
                .join(s)
                .components()
                .filter(|c| *c != Component::CurDir)
                .collect();
            (!file.is_file()).then(|| SyntaxError {
                line: i.line,
                column: i.column,
                message: format!("cannot find module '{s}' (no file {})", file.display()),
            })
        })
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(RunError::Syntax {
            name: program.name.clone(),
            errors: missing,
        })
    }
}

/// Checks that `node` starts and is new enough.
fn check_node(node: &Path) -> Result<(), RunError> {
    let output = Command::new(node)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| RunError::NoNode {
            reason: if e.kind() == std::io::ErrorKind::NotFound {
                format!("`{}` not found", node.display())
            } else {
                format!("cannot run `{}`: {e}", node.display())
            },
        })?;
    let version = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let major: u32 = version
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    if major < NODE_MIN_MAJOR {
        return Err(RunError::NoNode {
            reason: format!("`{}` is Node.js {version}", node.display()),
        });
    }
    Ok(())
}

/// How the node process ended, and what the recorder wrote.
struct Ran {
    records: String,
    killed: bool,
    status: String,
    stderr: String,
    limit: Option<StopReason>,
}

fn write(path: &Path, text: &str) -> Result<(), RunError> {
    std::fs::write(path, text).map_err(|source| RunError::Temp {
        path: path.to_path_buf(),
        source,
    })
}

fn run_node(
    node: &Path,
    dir: &Path,
    source_path: &Path,
    program: &Instrumented,
    options: &TraceOptions,
    entry: &str,
) -> Result<Ran, RunError> {
    write_files(dir, JS_RECORDER).map_err(|source| RunError::Temp {
        path: dir.to_path_buf(),
        source,
    })?;
    let (name, kind) = if program.module {
        ("program.mjs", ScriptKind::Module)
    } else {
        ("program.js", ScriptKind::Script)
    };
    let program_path = dir.join(name);
    write(&program_path, &program.code)?;
    let records_path = dir.join("records.ndjson");
    let request = Request {
        out: records_path.display().to_string(),
        max_steps: options.max_steps,
        time_budget_ms: options.time_budget_ms,
        stdin: options.stdin.clone(),
        max_output_bytes: options.max_output_bytes(),
        runtime: NodeRequest {
            program: program_path.display().to_string(),
            kind,
            source_path: source_path.display().to_string(),
        }
        .into(),
    };
    let request_path = dir.join("request.json");
    let request_text = serde_json::to_string(&request)
        .map_err(|e| RunError::Tracer(format!("cannot write the request: {e}")))?;
    write(&request_path, &request_text)?;
    // The program's own reads of standard input (`fs.readFileSync(0)`) see the same text.
    let stdin = match &options.stdin {
        Some(text) => {
            let path = dir.join("stdin.txt");
            write(&path, text)?;
            Stdio::from(std::fs::File::open(&path).map_err(|source| RunError::Temp {
                path: path.clone(),
                source,
            })?)
        }
        None => Stdio::null(),
    };
    let mut command = limited_command(node, options);
    command.args(node_heap_flag(options));
    let child = spawn_in_group(
        command
            .arg(dir.join(entry))
            .arg(&request_path)
            .current_dir(dir)
            .stdin(stdin),
    )
    .map_err(|e| RunError::NoNode {
        reason: format!("cannot run `{}`: {e}", node.display()),
    })?;
    let finished =
        wait_with_budget(child, options, &records_path).map_err(|e| RunError::NoNode {
            reason: format!("waiting for node: {e}"),
        })?;
    let records = match std::fs::read(&records_path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(source) => {
            return Err(RunError::Temp {
                path: records_path,
                source,
            })
        }
    };
    Ok(Ran {
        records,
        killed: finished.killed,
        status: finished.status.to_string(),
        stderr: finished.stderr,
        limit: finished.limit,
    })
}
