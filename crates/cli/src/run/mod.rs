//! Running a program once under its language's tracer and assembling the validated trace.
//!
//! [`trace_program`] is the one entry point every subcommand uses (`trace`, `render`, `html`):
//! it picks the runner from the program's language (from the file extension for a path),
//! runs the static analysis first (a syntax error stops here, with every error's position),
//! runs the tracer in a child process under the step and time budgets, turns the records it
//! streamed into a [`Trace`], and validates it (which also expands the heap deltas).
//!
//! Runners: Python (`python.rs`: the machine's `python3` with the embedded tracer from
//! `runtimes/python`); JavaScript and TypeScript (`js.rs`: instrumented, then run by the
//! machine's `node` with the embedded recorder from `runtimes/js`). Both write the same record
//! stream, read by `wire.rs` and `assemble.rs`.
//!
//! # Example
//!
//! ```no_run
//! # // no_run: needs python3 on the machine; crates/cli/tests/trace_python.rs runs it.
//! use std::path::Path;
//! use crate::run::{trace_program, Program, TraceOptions};
//!
//! let program = Program::from_path(Path::new("examples/python/bubble_sort.py"))?;
//! let trace = trace_program(&program, &TraceOptions::default())?;
//! assert!(trace.stdout.starts_with("before: 5 1 4 2 8 3"));
//! # Ok::<(), crate::run::TraceFailure>(())
//! ```

mod assemble;
mod js;
mod process;
mod python;
mod wire;

use std::path::{Path, PathBuf};

use algoscope_trace_format::{Language, Trace, ValidationError};

pub use python::PYTHON_MIN_VERSION;

/// A program to trace: its text, its language and the name errors are reported under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The program text exactly as it will run.
    pub source: String,
    /// Its language.
    pub language: Language,
    /// The name used in messages (`examples/python/bst.py`, or `<program>`).
    pub name: String,
    /// The folder the program came from, put first on the module search path as a plain run
    /// would; `None` for text that came from no file.
    pub dir: Option<PathBuf>,
}

impl Program {
    /// The language of the program at `path`, from its extension (`.py`; `.js`, `.mjs`,
    /// `.cjs`; `.ts`, `.mts`, `.cts`, in any case), without reading it.
    ///
    /// Errors with [`TraceFailure::Unsupported`] for any other extension.
    pub fn language_of(path: &Path) -> Result<Language, TraceFailure> {
        let extension = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match extension.as_str() {
            "py" => Ok(Language::Python),
            "js" | "mjs" | "cjs" => Ok(Language::Javascript),
            "ts" | "mts" | "cts" => Ok(Language::Typescript),
            _ => Err(TraceFailure::Unsupported {
                path: path.to_path_buf(),
                extension,
            }),
        }
    }

    /// Reads a program file; its language comes from the extension (`.py`).
    ///
    /// # Errors
    ///
    /// [`TraceFailure::Unsupported`] for an extension without a runner,
    /// [`TraceFailure::Read`] when the file cannot be read, [`TraceFailure::Encoding`] when
    /// its bytes are not text in the language's encoding (UTF-8, or for Python the PEP 263
    /// declaration).
    pub fn from_path(path: &Path) -> Result<Self, TraceFailure> {
        let language = Self::language_of(path)?;
        let bytes = std::fs::read(path).map_err(|source| TraceFailure::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let decoded = match language {
            // CPython reads PEP 263 declarations (`# -*- coding: latin-1 -*-`).
            Language::Python => {
                algoscope_py_analysis::decode_source(&bytes).map_err(|e| e.to_string())
            }
            // Node reads every module as UTF-8.
            Language::Javascript | Language::Typescript => String::from_utf8(bytes).map_err(|e| {
                let at = e.utf8_error().valid_up_to();
                let bytes = e.as_bytes();
                let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                format!(
                    "line {line}: byte 0x{:02X} is not UTF-8 (save the file as UTF-8)",
                    bytes[at]
                )
            }),
        };
        let source = decoded.map_err(|message| TraceFailure::Encoding {
            path: path.to_path_buf(),
            message,
        })?;
        Ok(Program {
            source,
            language,
            name: path.display().to_string(),
            dir: path
                .parent()
                .map(|p| {
                    if p.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        p
                    }
                })
                .map(Path::to_path_buf),
        })
    }
}

/// How to run a traced program. `Default` is the trace format's policy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceOptions {
    /// Recorded steps before the run stops (`stoppedBy: "steps"`). Default 20,000.
    pub max_steps: u64,
    /// Time budget in milliseconds (`stoppedBy: "time"`); a process still running
    /// [`KILL_GRACE_MS`] past it (counted from its first record) is killed. Default 6,000.
    pub time_budget_ms: u64,
    /// Text the program reads as standard input (`input()` reads it line by line); with
    /// `None`, `input()` raises an error that says how to give some.
    pub stdin: Option<String>,
    /// The Python interpreter; `python3` (then `python`) on `PATH` when `None`.
    pub python: Option<PathBuf>,
    /// The Node.js for JavaScript and TypeScript; `node` on `PATH` when `None`.
    pub node: Option<PathBuf>,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            max_steps: 20_000,
            time_budget_ms: 6_000,
            stdin: None,
            python: None,
            node: None,
        }
    }
}

/// How long past the time budget a tracer process may run before it is killed, in ms,
/// counted from its first record (when its own budget clock has started, so interpreter
/// start-up does not eat into it). The tracer stops itself at the budget; only code stuck in
/// one long built-in call (`sum(range(10**12))`) is still running then.
pub const KILL_GRACE_MS: u64 = 1_000;

/// One syntax error: 1-based line and column (in characters) and the parser's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxProblem {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// What is wrong.
    pub message: String,
}

/// Why no trace could be made. A program that raised an error still gets a trace (with
/// `error`); these are the cases where there is nothing to show.
#[derive(Debug, thiserror::Error)]
pub enum TraceFailure {
    /// The file's extension has no runner.
    #[error("{}", unsupported_message(path, extension, &[]))]
    Unsupported {
        /// The program file.
        path: PathBuf,
        /// Its extension, lowercase, without the dot.
        extension: String,
    },
    /// The program file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The program file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The program file's bytes are not text in its encoding.
    #[error("{}: {message}", path.display())]
    Encoding {
        /// The program file.
        path: PathBuf,
        /// What is wrong, with the line.
        message: String,
    },
    /// The program does not parse; every error, in source order.
    #[error("{name}:{}:{}: {}", errors[0].line, errors[0].column, errors[0].message)]
    Syntax {
        /// The program's name.
        name: String,
        /// Every syntax error (at least one).
        errors: Vec<SyntaxProblem>,
    },
    /// No Python interpreter could be started.
    #[error("cannot run `{}`: {reason}; install Python {}.{} or newer, or pass --python PATH", python.display(), PYTHON_MIN_VERSION.0, PYTHON_MIN_VERSION.1)]
    NoPython {
        /// The interpreter tried last.
        python: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// No usable Node.js (18 or newer) for a JavaScript or TypeScript program.
    #[error("{reason}; tracing JavaScript and TypeScript needs Node.js 18 or newer (on PATH, or pass --node PATH)")]
    NoNode {
        /// What went wrong (not found, too old, cannot start).
        reason: String,
    },
    /// The interpreter is older than [`PYTHON_MIN_VERSION`].
    #[error("`{}` is Python {version}; tracing needs Python {}.{} or newer (pass --python PATH)", python.display(), PYTHON_MIN_VERSION.0, PYTHON_MIN_VERSION.1)]
    PythonTooOld {
        /// The interpreter.
        python: PathBuf,
        /// The version it reported (`3.8`).
        version: String,
    },
    /// A temporary file for the run could not be written or read.
    #[error("temporary file {}: {source}", path.display())]
    Temp {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The tracer failed in a way that is its own bug, not the program's.
    #[error("the tracer failed: {0}")]
    Tracer(String),
    /// The tracer's records could not be read (line `line` of the record stream).
    #[error("the tracer wrote a bad record at line {line}: {message}")]
    Record {
        /// 1-based line of the record stream.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The assembled trace is not valid (a tracer bug); the error names the JSON path.
    #[error("the tracer produced an invalid trace: {0}")]
    Invalid(#[from] ValidationError),
}

/// The extensions of the programs a runner exists for, without the dot, in message order.
pub const PROGRAM_EXTENSIONS: &[&str] = &["py", "js", "mjs", "cjs", "ts", "mts", "cts"];

/// The message for an input whose extension is not accepted: `FILE has no extension: expected
/// .py, .js, …, .cts` or `FILE: .rb files are not supported: expected …`. The list is
/// [`PROGRAM_EXTENSIONS`] followed by `also` (`&["json"]` where a trace file is accepted too).
pub fn unsupported_message(path: &Path, extension: &str, also: &[&str]) -> String {
    let names: Vec<String> = PROGRAM_EXTENSIONS
        .iter()
        .chain(also)
        .map(|e| format!(".{e}"))
        .collect();
    let expected = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(", "),
    };
    if extension.is_empty() {
        format!("{} has no extension: expected {expected}", path.display())
    } else {
        format!(
            "{}: .{extension} files are not supported: expected {expected}",
            path.display()
        )
    }
}

/// Traces one run of `program` and returns the validated trace with full heaps.
///
/// # Errors
///
/// See [`TraceFailure`]: no runner for the language, a syntax error, no usable interpreter,
/// temporary files, or a tracer bug. A program that raises, loops forever or runs out of a
/// budget is not a failure: its trace says so (`error`, `truncated`, `stoppedBy`).
pub fn trace_program(program: &Program, options: &TraceOptions) -> Result<Trace, TraceFailure> {
    match program.language {
        Language::Python => python::trace_python(program, options),
        Language::Javascript | Language::Typescript => js::trace_js(program, options),
    }
}
