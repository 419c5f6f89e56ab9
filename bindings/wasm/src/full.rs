//! The full build's functions (feature `full`): static analysis, the JS/TS rewrite for the
//! recorder, assembling a trace from a tracer's record stream, validating and drawing — what a
//! browser needs to trace and show a program with no server. Values cross as JSON text with
//! the facade's shapes (`Analysis`, `Instrumented`, `Trace` with heap deltas); an error is
//! thrown as the JSON text of the facade's [`ErrorReport`] (`{kind, code, message, line,
//! column, path, …}`), which the package's `index.js` turns into an `AlgoscopeError`, the
//! same object the Node module throws.

use std::str::FromStr;

use algoscope::{
    ErrorReport, Language, LoopOptions, MemoryOptions, Program, Render, RenderOptions, SizeModel,
    WriteOptions,
};
use wasm_bindgen::prelude::*;

/// What a call answers, or the report it throws.
type Outcome<T> = Result<T, JsValue>;

/// The static analysis of `code` in `language` (`python`, `javascript`, `typescript`) as JSON
/// (`Analysis`: loops, index names, grid accesses, hints, cost shape, syntax errors).
///
/// # Errors
/// `usage`: an unknown language.
#[wasm_bindgen]
pub fn analyze(code: &str, language: &str) -> Outcome<String> {
    let language = language_of(language)?;
    json(&algoscope::analyze(code, language))
}

/// The Big-O estimate of `code` (in `language`) from its code alone, as JSON
/// (`ProgramEstimate`); only `function` when given.
///
/// # Errors
/// `usage` (an unknown language) or `syntax`.
#[wasm_bindgen]
pub fn bigo(
    code: &str,
    language: &str,
    filename: &str,
    function: Option<String>,
) -> Outcome<String> {
    let program = Program::from_source(code, language_of(language)?, filename);
    let options = algoscope::EstimateOptions { function };
    json(&algoscope::bigo(&program, &options).map_err(report)?)
}

/// The program's Big-O estimate from its code, checked against the run `trace_json`
/// records, as JSON (`Complexity`, `schema/complexity.schema.json`: what the stepper's chip
/// shows; `algoscope::run_complexity`), or `null` when the code does not parse.
///
/// # Errors
/// `invalid`: not a trace (the message names the bad field's path).
#[wasm_bindgen]
pub fn complexity(trace_json: &str) -> Outcome<String> {
    let trace = algoscope::validate(trace_json).map_err(report)?;
    json(&algoscope::run_complexity(&trace))
}

/// `code` rewritten for the JS recorder, as JSON (`Instrumented`: `code`, `module`,
/// `javascript`, `analysis`, `imports`); TypeScript when `typescript`.
///
/// # Errors
/// `syntax`, with every syntax error.
#[wasm_bindgen]
pub fn instrument(code: &str, typescript: bool, filename: &str) -> Outcome<String> {
    let language = if typescript {
        Language::Typescript
    } else {
        Language::Javascript
    };
    let program = Program::from_source(code, language, filename);
    json(&algoscope::instrument(&program).map_err(report)?)
}

/// The trace of `code` (in `language`) from the record stream its tracer wrote, validated, as
/// the JSON `algoscope trace` writes (heap deltas, or full heaps when `expanded`). `cut_off`:
/// the host terminated the tracer's worker past the time budget and grace, so the trace ends
/// where the records do, `stoppedBy: "time"` (`algoscope::assemble_cut_off`).
///
/// # Errors
/// `usage` (an unknown language), `syntax`, or `run` for records that are not the protocol
/// (the message names the record's line).
#[wasm_bindgen]
pub fn assemble(
    code: &str,
    language: &str,
    filename: &str,
    records: &str,
    expanded: bool,
    cut_off: bool,
) -> Outcome<String> {
    let program = Program::from_source(code, language_of(language)?, filename);
    let trace = if cut_off {
        algoscope::assemble_cut_off(&program, records)
    } else {
        algoscope::assemble(&program, records)
    }
    .map_err(report)?;
    trace_json(&trace, expanded)
}

/// The request JSON the Python tracer (`runtimes/python`, run in Pyodide) traces `code` from:
/// its loops and index names from the static analysis, the budgets (`max_steps` steps,
/// `timeout_ms` ms, `TraceOptions`' output limit), `stdin` (or none), records to the file
/// `out` — the request the native runner writes (`runtimes/PROTOCOL.md`).
///
/// # Errors
/// `syntax`, with every syntax error.
#[wasm_bindgen(js_name = pythonRequest)]
pub fn python_request(
    code: &str,
    filename: &str,
    stdin: Option<String>,
    max_steps: f64,
    timeout_ms: f64,
    out: &str,
) -> Outcome<String> {
    let program = Program::from_source(code, Language::Python, filename);
    let options = algoscope::TraceOptions {
        max_steps: whole(max_steps),
        time_budget_ms: whole(timeout_ms),
        stdin,
        ..algoscope::TraceOptions::default()
    };
    json(&algoscope::python_request(&program, &options, out).map_err(report)?)
}

/// The language `name` names (`python`, `javascript`, `typescript`), as the trace format
/// spells it.
///
/// # Errors
/// `usage` (`argument: "language"`): no language of that name.
#[wasm_bindgen(js_name = checkLanguage)]
pub fn check_language(name: &str) -> Outcome<String> {
    language_of(name).map(|language| language.to_string())
}

/// The language of a program named `filename`, from its extension (`.py`, `.js`, `.mjs`,
/// `.cjs`, `.ts`, `.mts`, `.cts`), as the command line reads it.
///
/// # Errors
/// `usage` (argument `filename`): an extension no tracer runs.
#[wasm_bindgen(js_name = languageOf)]
pub fn language_of_file(filename: &str) -> Outcome<String> {
    Program::language_of(std::path::Path::new(filename))
        .map(|language| language.to_string())
        .map_err(|e| thrown(ErrorReport::usage("filename", e)))
}

/// The run policy's defaults, as JSON: `maxSteps` (steps), `timeoutMs` and `graceMs` (ms:
/// the time budget, and how long past it a stuck worker is left before it is terminated,
/// `algoscope::KILL_GRACE_MS`) and `maxOutputBytes` (bytes of output, null for no limit) —
/// `algoscope::TraceOptions::default()`, so every front end stops a run where the CLI does.
///
/// # Errors
/// Only if the object cannot be written as JSON.
#[wasm_bindgen]
pub fn limits() -> Outcome<String> {
    let options = algoscope::TraceOptions::default();
    json(&serde_json::json!({
        "maxSteps": options.max_steps,
        "timeoutMs": options.time_budget_ms,
        "graceMs": algoscope::KILL_GRACE_MS,
        "maxOutputBytes": options.max_output_bytes(),
    }))
}

/// A JavaScript number as a whole non-negative count (fractions dropped, NaN and negatives 0).
fn whole(number: f64) -> u64 {
    if number.is_finite() && number > 0.0 {
        number as u64
    } else {
        0
    }
}

/// Reads and checks a trace's JSON text (full heaps or deltas) and returns it as the JSON
/// `algoscope trace` writes (heap deltas, or full heaps when `expanded`).
///
/// # Errors
/// `invalid`: the first problem, with the JSON path of the bad field.
#[wasm_bindgen]
pub fn validate(text: &str, expanded: bool) -> Outcome<String> {
    let trace = algoscope::validate(text).map_err(report)?;
    trace_json(&trace, expanded)
}

/// [`validate`] for a trace file's bytes: JSON, or gzip-compressed JSON.
///
/// # Errors
/// As [`validate`], and `invalid` for bytes that are not UTF-8 or gzip that does not inflate.
#[wasm_bindgen(js_name = validateBytes)]
pub fn validate_bytes(bytes: &[u8], expanded: bool) -> Outcome<String> {
    let trace = algoscope::validate_bytes(bytes).map_err(report)?;
    trace_json(&trace, expanded)
}

/// A trace made ready to draw once, then any step drawn on request (JavaScript class
/// `Renderer`, wrapped by `index.js` as the Node module's `Renderer`).
#[wasm_bindgen]
pub struct Renderer {
    render: Render,
}

#[wasm_bindgen]
impl Renderer {
    /// Reads `trace` (JSON text; checked as [`validate`] does) and prepares it for drawing,
    /// memory sizes in the model `sizes` (`python`, `textbook`, `v8`) when given.
    ///
    /// # Errors
    /// `invalid` (a bad trace), `usage` (an unknown size model, or one that does not fit the
    /// trace's language).
    #[wasm_bindgen(constructor)]
    pub fn new(trace: &str, sizes: Option<String>) -> Outcome<Renderer> {
        let sizes = sizes
            .map(|name| SizeModel::from_str(&name).map_err(|e| ErrorReport::usage("sizes", e)))
            .transpose()
            .map_err(thrown)?;
        let trace = algoscope::validate(trace).map_err(report)?;
        let render = Render::new(trace, &RenderOptions { sizes }).map_err(report)?;
        Ok(Renderer { render })
    }

    /// How many steps the trace has.
    #[wasm_bindgen(getter, js_name = stepCount)]
    pub fn step_count(&self) -> usize {
        self.render.step_count()
    }

    /// Step `step`'s memory picture as an SVG document (steps from 1; negative from the end),
    /// singly referenced objects inside their holder when `nested`.
    ///
    /// # Errors
    /// `step`: no such step.
    #[wasm_bindgen(js_name = memorySvg)]
    pub fn memory_svg(&self, step: f64, nested: bool) -> Outcome<String> {
        let step = self.index(step)?;
        self.render
            .memory_svg(step, &MemoryOptions { nested })
            .map_err(report)
    }

    /// The history of the loop running at step `step` as an SVG document: at most `max_rows`
    /// passes (default 120) and `max_nodes` linked-structure nodes (default: no limit).
    ///
    /// # Errors
    /// `step`, or `no_loop` (with the `spans` where loops run).
    #[wasm_bindgen(js_name = loopSvg)]
    pub fn loop_svg(
        &self,
        step: f64,
        max_rows: Option<u32>,
        max_nodes: Option<u32>,
    ) -> Outcome<String> {
        let step = self.index(step)?;
        let options = LoopOptions {
            max_rows: max_rows.map_or(LoopOptions::default().max_rows, |rows| rows as usize),
            max_nodes: max_nodes.map(|nodes| nodes as usize),
        };
        self.render.loop_svg(step, &options).map_err(report)
    }

    /// Where loops run, as JSON: `[[first, last]]` steps counted from 1, inclusive.
    ///
    /// # Errors
    /// Only if the list cannot be written as JSON.
    #[wasm_bindgen(js_name = loopSpans)]
    pub fn loop_spans(&self) -> Outcome<String> {
        json(&self.render.loop_spans())
    }

    /// The `viz:` hints that do not parse or name nothing any step shows, one message each.
    #[wasm_bindgen(js_name = hintWarnings)]
    pub fn hint_warnings(&self) -> Vec<String> {
        self.render
            .hint_warnings()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// A JavaScript number as a step: fractions dropped, as the Node package's `i64` does
    /// (NaN is 0; numbers past `i64` saturate, so they are out of range, never wrapped).
    fn index(&self, step: f64) -> Outcome<usize> {
        #[allow(clippy::cast_possible_truncation)]
        let step = step as i64;
        algoscope::step_index(step, self.render.step_count()).map_err(report)
    }
}

fn trace_json(trace: &algoscope::Trace, expanded: bool) -> Outcome<String> {
    let options = WriteOptions {
        expanded,
        ..WriteOptions::default()
    };
    algoscope::trace_json(trace, &options).map_err(report)
}

fn language_of(name: &str) -> Outcome<Language> {
    Language::from_str(name).map_err(|e| thrown(ErrorReport::usage("language", e)))
}

fn json(value: &impl serde::Serialize) -> Outcome<String> {
    serde_json::to_string(value)
        .map_err(|e| thrown(ErrorReport::run(format!("cannot write JSON: {e}"))))
}

/// The facade's error, thrown as its report's JSON text.
fn report(error: algoscope::Error) -> JsValue {
    thrown(ErrorReport::from(&error))
}

fn thrown(report: ErrorReport) -> JsValue {
    JsValue::from_str(&report.to_json().to_string())
}
