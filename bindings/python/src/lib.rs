//! `algoscope._native`: the Python package's native module, a thin pyo3 layer over the
//! `algoscope` facade crate.
//!
//! Everything here converts arguments, calls the facade and converts the answer back; the
//! Python side (`bindings/python/python/algoscope`) gives it its public shape (keyword
//! options, exception classes, notebook display). Tracing runs the program in a child
//! process exactly as the command line does ([`algoscope::trace`]), with the interpreter the
//! Python side passes (`sys.executable`), and releases the GIL while it waits.
//!
//! Errors are raised as one exception, `NativeError(kind, message, details_json)`, which the
//! Python side turns into its classes (`errors::kind_of` lists the kinds).

mod errors;

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

use algoscope::{
    Language, LoopOptions, MemoryOptions, PageOptions, Program, Render, RenderOptions, SizeModel,
    Trace, TraceOptions,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use errors::{facade_error, usage_error, NativeError};

/// A recorded run, ready to draw: the trace as recorded or read, and a [`Render`] per memory
/// size model asked for (built on first use, then kept).
#[pyclass(frozen, module = "algoscope._native", name = "NativeTrace")]
struct NativeTrace {
    trace: Trace,
    renders: Mutex<Vec<(Option<SizeModel>, Arc<Render>)>>,
}

impl NativeTrace {
    fn new(trace: Trace) -> Self {
        NativeTrace {
            trace,
            renders: Mutex::new(Vec::new()),
        }
    }

    /// The [`Render`] for the size model named `sizes` (`None`: no sizes).
    fn render(&self, sizes: Option<&str>) -> PyResult<Arc<Render>> {
        let model = match sizes {
            Some(name) => Some(SizeModel::from_str(name).map_err(|e| usage_error("sizes", e))?),
            None => None,
        };
        let mut renders = self.renders.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, render)) = renders.iter().find(|(m, _)| *m == model) {
            return Ok(render.clone());
        }
        let render = Arc::new(
            Render::new(self.trace.clone(), &RenderOptions { sizes: model })
                .map_err(facade_error)?,
        );
        renders.push((model, render.clone()));
        Ok(render)
    }
}

#[pymethods]
impl NativeTrace {
    fn __len__(&self) -> usize {
        self.trace.steps.len()
    }

    /// `python`, `javascript` or `typescript`.
    #[getter]
    fn language(&self) -> &'static str {
        self.trace.language.name()
    }

    /// The program text as run.
    #[getter]
    fn source(&self) -> &str {
        &self.trace.source
    }

    /// Everything the program printed.
    #[getter]
    fn stdout(&self) -> &str {
        &self.trace.stdout
    }

    /// Whether a budget cut the run short.
    #[getter]
    fn truncated(&self) -> bool {
        self.trace.truncated
    }

    /// `steps`, `time`, `memory`, `output`, `cpu`, `processes` or `None`.
    #[getter]
    fn stopped_by(&self) -> Option<&'static str> {
        self.trace.stopped_by.map(algoscope::StopReason::as_str)
    }

    /// How the run ended, in words (`algoscope::run_notes`): the error it raised, the budget
    /// that stopped it; empty for a run that ended normally.
    #[getter]
    fn notes(&self) -> Vec<String> {
        algoscope::run_notes(&self.trace)
    }

    /// The program's Big-O estimate checked against this run, as JSON (`Complexity`, what the
    /// page's chip shows; `algoscope bigo --check --json`), or `None` when the trace's source
    /// does not parse.
    fn complexity_json(&self, py: Python<'_>) -> PyResult<Option<String>> {
        py.detach(|| algoscope::run_complexity(&self.trace))
            .map(|complexity| serde_json::to_string(&complexity).map_err(json_error))
            .transpose()
    }

    /// The uncaught error as JSON (the trace's `error` field), or `None`.
    fn error_json(&self) -> PyResult<Option<String>> {
        self.trace
            .error
            .as_ref()
            .map(|error| serde_json::to_string(error).map_err(json_error))
            .transpose()
    }

    /// The trace as JSON: heap deltas as `algoscope trace` writes them, or every step's full
    /// heap with `expanded`.
    #[pyo3(signature = (expanded = false, pretty = false))]
    fn to_json(&self, py: Python<'_>, expanded: bool, pretty: bool) -> PyResult<String> {
        let options = algoscope::WriteOptions {
            expanded,
            pretty,
            gzip: false,
        };
        py.detach(|| algoscope::trace_json(&self.trace, &options))
            .map_err(facade_error)
    }

    /// Step `step`'s memory picture as SVG (`step` numbered as `algoscope::step_index` does:
    /// from 1, negative from the end).
    #[pyo3(signature = (step, nested = false, sizes = None))]
    fn memory_svg(
        &self,
        py: Python<'_>,
        step: i64,
        nested: bool,
        sizes: Option<&str>,
    ) -> PyResult<String> {
        let render = self.render(sizes)?;
        let step = algoscope::step_index(step, render.step_count()).map_err(facade_error)?;
        py.detach(|| render.memory_svg(step, &MemoryOptions { nested }))
            .map_err(facade_error)
    }

    /// The history of the loop running at step `step` (numbered as in `memory_svg`) as SVG.
    #[pyo3(signature = (step, max_rows = None, sizes = None))]
    fn loop_svg(
        &self,
        py: Python<'_>,
        step: i64,
        max_rows: Option<usize>,
        sizes: Option<&str>,
    ) -> PyResult<String> {
        let render = self.render(sizes)?;
        let options = LoopOptions {
            max_rows: max_rows.unwrap_or(LoopOptions::default().max_rows),
            ..LoopOptions::default()
        };
        let step = algoscope::step_index(step, render.step_count()).map_err(facade_error)?;
        py.detach(|| render.loop_svg(step, &options))
            .map_err(facade_error)
    }

    /// Where loops run: `(first, last)` steps, counted from 1, inclusive.
    fn loop_spans(&self) -> PyResult<Vec<(usize, usize)>> {
        Ok(self.render(None)?.loop_spans())
    }

    /// The `viz:` hints that do not parse or name nothing, one message each.
    fn hint_warnings(&self) -> PyResult<Vec<String>> {
        Ok(self
            .render(None)?
            .hint_warnings()
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// The self-contained stepper page.
    #[pyo3(signature = (title, nested = false, sizes = None, loop_rows = None))]
    fn page(
        &self,
        py: Python<'_>,
        title: String,
        nested: bool,
        sizes: Option<&str>,
        loop_rows: Option<usize>,
    ) -> PyResult<String> {
        let render = self.render(sizes)?;
        let options = PageOptions {
            title,
            nested,
            loop_rows,
        };
        py.detach(|| render.page(&options)).map_err(facade_error)
    }
}

/// The budgets and resource limits of a run, from the Python side's keyword arguments; `None`
/// is the facade's default (`TraceOptions::default()`, the command line's; see `limits()`).
/// Memory in MiB, output in KiB, CPU time in ms, processes; 0 for none.
struct Limits {
    max_steps: Option<u64>,
    timeout_ms: Option<u64>,
    max_memory_mb: Option<u64>,
    max_output_kb: Option<u64>,
    max_cpu_ms: Option<u64>,
    max_processes: Option<u32>,
}

/// How to run a program, from the Python side's keyword arguments.
fn trace_options(
    stdin: Option<String>,
    python: Option<PathBuf>,
    node: Option<PathBuf>,
    limits: Limits,
) -> TraceOptions {
    let default = TraceOptions::default();
    TraceOptions {
        max_steps: limits.max_steps.unwrap_or(default.max_steps),
        time_budget_ms: limits.timeout_ms.unwrap_or(default.time_budget_ms),
        stdin,
        python,
        node,
        max_memory_mb: limits.max_memory_mb.unwrap_or(default.max_memory_mb),
        max_output_kb: limits.max_output_kb.unwrap_or(default.max_output_kb),
        max_cpu_ms: limits.max_cpu_ms.or(default.max_cpu_ms),
        max_processes: limits.max_processes.unwrap_or(default.max_processes),
    }
}

/// The budgets and limits a run gets for the keyword arguments left out: the facade's
/// defaults (`TraceOptions::default()`), the command line's. A dict: `max_steps`,
/// `timeout_ms`, `max_memory_mb`, `max_output_kb`, `max_cpu_ms` (`None`: the time budget plus
/// 3 s), `max_processes`.
#[pyfunction]
fn limits(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let default = TraceOptions::default();
    let dict = PyDict::new(py);
    dict.set_item("max_steps", default.max_steps)?;
    dict.set_item("timeout_ms", default.time_budget_ms)?;
    dict.set_item("max_memory_mb", default.max_memory_mb)?;
    dict.set_item("max_output_kb", default.max_output_kb)?;
    dict.set_item("max_cpu_ms", default.max_cpu_ms)?;
    dict.set_item("max_processes", default.max_processes)?;
    Ok(dict)
}

/// Traces program text in a child process (`algoscope::trace`).
#[pyfunction]
#[pyo3(signature = (source, language, name, stdin = None, max_steps = None, timeout_ms = None, python = None, node = None, max_memory_mb = None, max_output_kb = None, max_cpu_ms = None, max_processes = None))]
#[allow(clippy::too_many_arguments)]
fn trace_source(
    py: Python<'_>,
    source: String,
    language: &str,
    name: &str,
    stdin: Option<String>,
    max_steps: Option<u64>,
    timeout_ms: Option<u64>,
    python: Option<PathBuf>,
    node: Option<PathBuf>,
    max_memory_mb: Option<u64>,
    max_output_kb: Option<u64>,
    max_cpu_ms: Option<u64>,
    max_processes: Option<u32>,
) -> PyResult<NativeTrace> {
    let limits = Limits {
        max_steps,
        timeout_ms,
        max_memory_mb,
        max_output_kb,
        max_cpu_ms,
        max_processes,
    };
    let language = Language::from_str(language).map_err(|e| usage_error("language", e))?;
    let program = Program::from_source(source, language, name);
    let options = trace_options(stdin, python, node, limits);
    let trace = py
        .detach(|| algoscope::trace(&program, &options))
        .map_err(facade_error)?;
    Ok(NativeTrace::new(trace))
}

/// Traces the program file at `path` (`algoscope::trace_file`), its language from its
/// extension.
#[pyfunction]
#[pyo3(signature = (path, stdin = None, max_steps = None, timeout_ms = None, python = None, node = None, max_memory_mb = None, max_output_kb = None, max_cpu_ms = None, max_processes = None))]
#[allow(clippy::too_many_arguments)]
fn trace_file(
    py: Python<'_>,
    path: PathBuf,
    stdin: Option<String>,
    max_steps: Option<u64>,
    timeout_ms: Option<u64>,
    python: Option<PathBuf>,
    node: Option<PathBuf>,
    max_memory_mb: Option<u64>,
    max_output_kb: Option<u64>,
    max_cpu_ms: Option<u64>,
    max_processes: Option<u32>,
) -> PyResult<NativeTrace> {
    let limits = Limits {
        max_steps,
        timeout_ms,
        max_memory_mb,
        max_output_kb,
        max_cpu_ms,
        max_processes,
    };
    let options = trace_options(stdin, python, node, limits);
    let trace = py
        .detach(|| algoscope::trace_file(&path, &options))
        .map_err(facade_error)?;
    Ok(NativeTrace::new(trace))
}

/// Reads and checks a trace JSON text (`algoscope::validate`).
#[pyfunction]
fn validate(py: Python<'_>, text: &str) -> PyResult<NativeTrace> {
    let trace = py
        .detach(|| algoscope::validate(text))
        .map_err(facade_error)?;
    Ok(NativeTrace::new(trace))
}

/// Reads and checks a trace file's bytes, JSON or gzip-compressed JSON
/// (`algoscope::validate_bytes`).
#[pyfunction]
fn validate_bytes(py: Python<'_>, data: &[u8]) -> PyResult<NativeTrace> {
    let trace = py
        .detach(|| algoscope::validate_bytes(data))
        .map_err(facade_error)?;
    Ok(NativeTrace::new(trace))
}

/// A JSON serialisation failure (not expected: the trace types always serialise).
fn json_error(error: serde_json::Error) -> PyErr {
    NativeError::new_err(("run", format!("cannot write the trace: {error}"), "{}"))
}

/// The Big-O estimate of `source` from its code alone, as the JSON `algoscope bigo --json`
/// prints (`Complexity`, schema/complexity.schema.json); only `function` when given.
#[pyfunction]
#[pyo3(signature = (source, language, name, function = None))]
fn bigo_json(
    py: Python<'_>,
    source: String,
    language: &str,
    name: &str,
    function: Option<String>,
) -> PyResult<String> {
    let language = Language::from_str(language).map_err(|e| usage_error("language", e))?;
    let program = Program::from_source(source, language, name);
    let options = algoscope::EstimateOptions {
        function: function.clone(),
    };
    let estimate = py
        .detach(|| algoscope::bigo(&program, &options))
        .map_err(facade_error)?;
    let complexity = algoscope::complexity(&estimate, None, function.as_deref());
    serde_json::to_string(&complexity).map_err(json_error)
}

/// The module `algoscope._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("KILL_GRACE_MS", algoscope::KILL_GRACE_MS)?;
    m.add("NativeError", m.py().get_type::<NativeError>())?;
    m.add_class::<NativeTrace>()?;
    m.add_function(wrap_pyfunction!(trace_source, m)?)?;
    m.add_function(wrap_pyfunction!(trace_file, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(limits, m)?)?;
    m.add_function(wrap_pyfunction!(bigo_json, m)?)?;
    m.add_function(wrap_pyfunction!(validate_bytes, m)?)?;
    Ok(())
}
