//! `@algoscope/node`: the npm package's native module, a thin napi-rs layer over the
//! `algoscope` facade crate.
//!
//! Every function converts its arguments, calls the facade and converts the answer back;
//! nothing is drawn or traced here. Traces cross the boundary as JSON text handed to the
//! engine's own `JSON.parse` / `JSON.stringify` (plain objects matching `trace.d.ts`, the
//! types generated from `schema/trace.schema.json`), in the form `algoscope trace` writes:
//! heaps as deltas unless `expanded` is asked for.
//!
//! [`trace`] and [`trace_file`] run the program in a child process exactly as the command line
//! does ([`algoscope::trace`]: the same budgets, kill grace and process groups), on a libuv
//! worker thread, and return a Promise. Errors are one shape (`errors`): an `Error` with
//! `kind`, `message`, `line`, `column` and `path`.

mod errors;

use std::path::{Path, PathBuf};
use std::str::FromStr;

use algoscope::{
    Language, LoopOptions, MemoryOptions, PageOptions, Program, Render, RenderOptions, SizeModel,
    Trace,
};
use napi::bindgen_prelude::{
    AsyncTask, Either, Function, JsObjectValue, Uint8Array, Unknown, ValueType,
};
use napi::{Env, JsValue, ScopedTask, JSON};
use napi_derive::napi;

use errors::{into_napi, Failure};

/// What a call answers, or the error it throws.
type Outcome<T> = Result<T, Failure>;

/// How to run a program (`trace`, `traceFile`). Every field may be left out.
#[napi(object, js_name = "TraceOptions")]
#[derive(Default)]
pub struct JsTraceOptions {
    /// The program's language (`trace` only); when absent, from `filename`'s extension.
    #[napi(ts_type = "'python' | 'javascript' | 'typescript'")]
    pub language: Option<String>,
    /// The name used in messages (`trace` only; default `<program>`).
    pub filename: Option<String>,
    /// Text the program reads as standard input, line by line.
    pub stdin: Option<String>,
    /// Recorded steps before the run stops (`stoppedBy: "steps"`). Default: `limits().maxSteps`.
    pub max_steps: Option<u32>,
    /// Time budget in milliseconds (`stoppedBy: "time"`). Default: `limits().timeoutMs`.
    pub timeout_ms: Option<u32>,
    /// The Python interpreter (default: `python3` on `PATH`).
    pub python: Option<String>,
    /// The Node.js for JavaScript and TypeScript (default: the `node` running this module).
    pub node: Option<String>,
    /// Every step's full heap instead of heap deltas (default `false`, as `algoscope trace`).
    pub expanded: Option<bool>,
    /// Memory limit of the traced program in MiB, 0 for none (`stoppedBy: "memory"`).
    /// Default: `limits().maxMemoryMb`.
    pub max_memory_mb: Option<u32>,
    /// Most output the program may print in KiB, 0 for none (`stoppedBy: "output"`).
    /// Default: `limits().maxOutputKb`.
    pub max_output_kb: Option<u32>,
    /// CPU-time limit in milliseconds, rounded up to whole seconds (`stoppedBy: "cpu"`).
    /// Default: the time budget plus 3 s.
    pub max_cpu_ms: Option<u32>,
    /// Most processes the program may run at once, 0 for none (`stoppedBy: "processes"`).
    /// Default: `limits().maxProcesses`.
    pub max_processes: Option<u32>,
}

/// The budgets and limits a run gets for the options left out ([`limits`]).
#[napi(object)]
pub struct Limits {
    /// Recorded steps before the run stops.
    pub max_steps: u32,
    /// Time budget in milliseconds.
    pub timeout_ms: u32,
    /// Memory limit of the traced program in MiB (0: none).
    pub max_memory_mb: u32,
    /// Most output the program may print in KiB (0: none).
    pub max_output_kb: u32,
    /// CPU-time limit in milliseconds; absent: the time budget plus 3 s.
    pub max_cpu_ms: Option<u32>,
    /// Most processes the program may run at once (0: none).
    pub max_processes: u32,
}

/// The budgets and limits a run gets for the options left out: the facade's defaults
/// (`algoscope::TraceOptions::default()`), the command line's and the Python package's.
#[napi]
pub fn limits() -> Limits {
    let default = algoscope::TraceOptions::default();
    let number = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    Limits {
        max_steps: number(default.max_steps),
        timeout_ms: number(default.time_budget_ms),
        max_memory_mb: number(default.max_memory_mb),
        max_output_kb: number(default.max_output_kb),
        max_cpu_ms: default.max_cpu_ms.map(number),
        max_processes: default.max_processes,
    }
}

/// What the trace task runs: the program (or why there is none) and how.
struct TraceJob {
    program: Outcome<Program>,
    options: algoscope::TraceOptions,
    expanded: bool,
}

/// A program traced on a libuv worker thread; resolves to the trace object.
pub struct TraceTask {
    job: Option<TraceJob>,
}

impl<'task> ScopedTask<'task> for TraceTask {
    type Output = Outcome<String>;
    type JsValue = Unknown<'task>;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        let Some(job) = self.job.take() else {
            return Ok(Err(Failure::run("the trace task ran twice")));
        };
        Ok(job.program.and_then(|program| {
            let trace =
                algoscope::trace(&program, &job.options).map_err(|error| Failure::from(&error))?;
            trace_json(&trace, job.expanded)
        }))
    }

    fn resolve(&mut self, env: &'task Env, output: Self::Output) -> napi::Result<Unknown<'task>> {
        match output {
            Ok(text) => parse_json(env, text),
            Err(failure) => Err(into_napi(failure, env)),
        }
    }
}

/// The facade's trace options from the JavaScript ones.
fn run_options(options: &JsTraceOptions) -> algoscope::TraceOptions {
    let defaults = algoscope::TraceOptions::default();
    algoscope::TraceOptions {
        max_steps: options.max_steps.map_or(defaults.max_steps, u64::from),
        time_budget_ms: options
            .timeout_ms
            .map_or(defaults.time_budget_ms, u64::from),
        stdin: options.stdin.clone(),
        python: options.python.as_ref().map(PathBuf::from),
        // JavaScript runs under the node that runs this module unless told otherwise.
        node: options
            .node
            .as_ref()
            .map(PathBuf::from)
            .or_else(|| std::env::current_exe().ok()),
        max_memory_mb: options
            .max_memory_mb
            .map_or(defaults.max_memory_mb, u64::from),
        max_output_kb: options
            .max_output_kb
            .map_or(defaults.max_output_kb, u64::from),
        max_cpu_ms: options.max_cpu_ms.map(u64::from),
        max_processes: options.max_processes.unwrap_or(defaults.max_processes),
    }
}

/// Runs program text once under its language's tracer, in a child process with the command
/// line's budgets, and resolves to its trace.
///
/// Rejects with a `syntax` error (every error's line and column), `interpreter` (no usable
/// `python3` or `node`), `usage` (no or an unknown language) or `run`. A program that raised
/// or ran out of a budget still resolves: its trace says so (`error`, `truncated`,
/// `stoppedBy`).
#[napi(ts_return_type = "Promise<Trace>")]
pub fn trace(code: String, options: Option<JsTraceOptions>) -> AsyncTask<TraceTask> {
    let options = options.unwrap_or_default();
    let name = options.filename.as_deref().unwrap_or("<program>");
    let language = match (&options.language, &options.filename) {
        (Some(language), _) => {
            Language::from_str(language).map_err(|e| Failure::usage("language", e))
        }
        (None, Some(filename)) => {
            Program::language_of(Path::new(filename)).map_err(|e| Failure::usage("filename", e))
        }
        (None, None) => Err(Failure::usage(
            "language",
            "give a language (python, javascript, typescript) or a filename",
        )),
    };
    let program = language.map(|language| Program::from_source(code, language, name));
    AsyncTask::new(TraceTask {
        job: Some(TraceJob {
            program,
            options: run_options(&options),
            expanded: options.expanded.unwrap_or(false),
        }),
    })
}

/// Reads the program file at `path` (its language from the extension: `.py`, `.js`, `.mjs`,
/// `.cjs`, `.ts`, `.mts`, `.cts`) and traces it as `trace` does, its folder first on the
/// module search path: the same trace as `algoscope trace PATH`.
#[napi(ts_return_type = "Promise<Trace>")]
pub fn trace_file(path: String, options: Option<JsTraceOptions>) -> AsyncTask<TraceTask> {
    let options = options.unwrap_or_default();
    let program = Program::from_path(Path::new(&path))
        .map_err(|error| Failure::from(algoscope::Error::Run(error)));
    AsyncTask::new(TraceTask {
        job: Some(TraceJob {
            program,
            options: run_options(&options),
            expanded: options.expanded.unwrap_or(false),
        }),
    })
}

/// Options of `validate`.
#[napi(object)]
#[derive(Default)]
pub struct ValidateOptions {
    /// Every step's full heap instead of heap deltas (default `false`).
    pub expanded: Option<bool>,
}

/// Reads and checks a trace (limits, version, schema, heap deltas, cross-references) and
/// returns it: JSON text, or a trace file's bytes (JSON, or gzip-compressed JSON as
/// `algoscope trace -o t.json.gz` writes it). Throws an `invalid` error naming the JSON path of
/// the first bad field (`path: "steps[3].line"`), the `line` and `column` where the text
/// stops being JSON, or why the bytes are no JSON text (not UTF-8, bad gzip).
#[napi(ts_return_type = "Trace")]
pub fn validate<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "string | Uint8Array")] text: Either<String, Uint8Array>,
    options: Option<ValidateOptions>,
) -> napi::Result<Unknown<'env>> {
    let expanded = options.and_then(|o| o.expanded).unwrap_or(false);
    let read = match &text {
        Either::A(text) => algoscope::validate(text),
        Either::B(bytes) => algoscope::validate_bytes(bytes),
    };
    let json = read
        .map_err(|error| Failure::from(&error))
        .and_then(|trace| trace_json(&trace, expanded))
        .map_err(|failure| into_napi(failure, env))?;
    parse_json(env, json)
}

/// The static analysis of `code`: loops, index names, grid accesses, `viz:` hints and every
/// syntax error (an analysis, not an exception: `syntaxErrors` lists them).
#[napi(ts_return_type = "Analysis")]
pub fn analyze<'env>(
    env: &'env Env,
    code: String,
    #[napi(ts_arg_type = "'python' | 'javascript' | 'typescript'")] language: String,
) -> napi::Result<Unknown<'env>> {
    let json = Language::from_str(&language)
        .map_err(|e| Failure::usage("language", e))
        .and_then(|language| to_json(&algoscope::analyze(&code, language)))
        .map_err(|failure| into_napi(failure, env))?;
    parse_json(env, json)
}

/// Options of `bigo`.
#[napi(object)]
#[derive(Default)]
pub struct BigoOptions {
    /// The program's name in syntax errors (default `<program>`).
    pub filename: Option<String>,
    /// Estimate this function only (its name as the program defines it).
    pub function: Option<String>,
}

/// The Big-O estimate of `code` from its code alone (no run): overall and per function, each
/// with its explanation and what its sizes measure (`ProgramEstimate`). Throws a `syntax`
/// error when the code does not parse, `usage` for an unknown language.
#[napi(ts_return_type = "ProgramEstimate")]
pub fn bigo<'env>(
    env: &'env Env,
    code: String,
    #[napi(ts_arg_type = "'python' | 'javascript' | 'typescript'")] language: String,
    options: Option<BigoOptions>,
) -> napi::Result<Unknown<'env>> {
    let options = options.unwrap_or_default();
    let json = Language::from_str(&language)
        .map_err(|e| Failure::usage("language", e))
        .and_then(|language| {
            let name = options.filename.as_deref().unwrap_or("<program>");
            let program = Program::from_source(code, language, name);
            let estimate = algoscope::EstimateOptions {
                function: options.function,
            };
            algoscope::bigo(&program, &estimate).map_err(|error| Failure::from(&error))
        })
        .and_then(|estimate| to_json(&estimate))
        .map_err(|failure| into_napi(failure, env))?;
    parse_json(env, json)
}

/// Options of `instrument`.
#[napi(object)]
#[derive(Default)]
pub struct InstrumentOptions {
    /// The code is TypeScript (its types are stripped first; lines stay its own). Default
    /// `false`: JavaScript.
    pub typescript: Option<bool>,
    /// The program's name in syntax errors (default `program.js` or `program.ts`).
    pub filename: Option<String>,
}

/// `code` rewritten to report each step to the JS recorder (`runtimes/js`, the `__as` API of
/// `runtimes/PROTOCOL.md`), with its static analysis: `{code, module, javascript, analysis,
/// imports}`. Throws a `syntax` error with every syntax error.
#[napi(ts_return_type = "Instrumented")]
pub fn instrument<'env>(
    env: &'env Env,
    code: String,
    options: Option<InstrumentOptions>,
) -> napi::Result<Unknown<'env>> {
    let options = options.unwrap_or_default();
    let typescript = options.typescript.unwrap_or(false);
    let (language, default_name) = if typescript {
        (Language::Typescript, "program.ts")
    } else {
        (Language::Javascript, "program.js")
    };
    let name = options.filename.as_deref().unwrap_or(default_name);
    let program = Program::from_source(code, language, name);
    let json = algoscope::instrument(&program)
        .map_err(|error| Failure::from(&error))
        .and_then(|instrumented| to_json(&instrumented))
        .map_err(|failure| into_napi(failure, env))?;
    parse_json(env, json)
}

/// How a trace is drawn (`Renderer`; the `sizes` of every drawing function).
#[napi(object)]
#[derive(Default)]
pub struct DrawOptions {
    /// Show memory sizes in this model (`docs/memory-sizes.md`).
    #[napi(ts_type = "'python' | 'textbook' | 'v8'")]
    pub sizes: Option<String>,
}

/// Options of `renderMemory` and `Renderer.memorySvg`.
#[napi(object)]
#[derive(Default)]
pub struct MemorySvgOptions {
    /// Draw objects referenced exactly once inside the box that holds them.
    pub nested: Option<bool>,
    /// Show memory sizes in this model (`renderMemory` only).
    #[napi(ts_type = "'python' | 'textbook' | 'v8'")]
    pub sizes: Option<String>,
}

/// Options of `renderLoops` and `Renderer.loopSvg`.
#[napi(object)]
#[derive(Default)]
pub struct LoopSvgOptions {
    /// Most passes drawn as rows (the latest are kept). Default 120.
    pub max_rows: Option<u32>,
    /// Most linked-structure nodes drawn over all rows (default: no limit).
    pub max_nodes: Option<u32>,
    /// Show memory sizes in this model (`renderLoops` only).
    #[napi(ts_type = "'python' | 'textbook' | 'v8'")]
    pub sizes: Option<String>,
}

/// Options of `page` and `Renderer.page`.
#[napi(object)]
#[derive(Default)]
pub struct PageHtmlOptions {
    /// The page's title and heading (usually the program's file name).
    pub title: Option<String>,
    /// Draw singly referenced objects inside their holder.
    pub nested: Option<bool>,
    /// Most passes the page's loop history draws (default 16, the page's own: `PAGE_LOOP_ROWS`).
    pub loop_rows: Option<u32>,
    /// Show memory sizes in this model (`page` only).
    #[napi(ts_type = "'python' | 'textbook' | 'v8'")]
    pub sizes: Option<String>,
}

/// A trace made ready to draw once (its hints applied, its graphs planned), then any step
/// drawn on request: the same SVG as `algoscope render` for every step, in any order.
/// Build one to draw many steps of a trace; the functions `renderMemory`, `renderLoops` and
/// `page` build one per call.
#[napi]
pub struct Renderer {
    render: Render,
}

#[napi]
impl Renderer {
    /// Reads `trace` (a trace object or its JSON text; checked as `validate` does) and
    /// prepares it for drawing.
    #[napi(constructor)]
    pub fn new(
        env: &Env,
        #[napi(ts_arg_type = "Trace | string")] trace: Unknown,
        options: Option<DrawOptions>,
    ) -> napi::Result<Self> {
        let sizes = options.and_then(|o| o.sizes);
        let render = read_render(env, trace, sizes.as_deref())?;
        Ok(Renderer { render })
    }

    /// How many steps the trace has.
    #[napi(getter)]
    pub fn step_count(&self) -> u32 {
        u32::try_from(self.render.step_count()).unwrap_or(u32::MAX)
    }

    /// Step `step`'s memory picture (frames, heap boxes, arrows) as an SVG document. Steps
    /// count from 1 as the page shows them; a negative step counts from the end (`-1`: the
    /// last; `algoscope::step_index`).
    #[napi]
    pub fn memory_svg(
        &self,
        env: &Env,
        step: i64,
        options: Option<MemorySvgOptions>,
    ) -> napi::Result<String> {
        let nested = options.and_then(|o| o.nested).unwrap_or(false);
        memory(&self.render, step, nested).map_err(|failure| into_napi(failure, env))
    }

    /// The history of the loop running at step `step` as an SVG document; a `no_loop` error
    /// (with the `spans` where loops run) when none runs there.
    #[napi]
    pub fn loop_svg(
        &self,
        env: &Env,
        step: i64,
        options: Option<LoopSvgOptions>,
    ) -> napi::Result<String> {
        loops(&self.render, step, &options.unwrap_or_default())
            .map_err(|failure| into_napi(failure, env))
    }

    /// The self-contained stepper page (one HTML document, no network, opens from `file://`).
    #[napi]
    pub fn page(&self, env: &Env, options: Option<PageHtmlOptions>) -> napi::Result<String> {
        html(&self.render, &options.unwrap_or_default()).map_err(|failure| into_napi(failure, env))
    }

    /// Where loops run: `[first, last]` steps, counted from 1, inclusive.
    #[napi(ts_return_type = "Array<[number, number]>")]
    pub fn loop_spans(&self) -> Vec<Vec<u32>> {
        let number = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        self.render
            .loop_spans()
            .into_iter()
            .map(|(a, b)| vec![number(a), number(b)])
            .collect()
    }

    /// The `viz:` hints that do not parse or name nothing any step shows, one message each.
    #[napi]
    pub fn hint_warnings(&self) -> Vec<String> {
        self.render
            .hint_warnings()
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}

/// Step `step`'s memory picture of `trace` (a trace object or its JSON text) as SVG, the same
/// bytes as `algoscope render --step N` (steps count from 1; negative from the end).
#[napi]
pub fn render_memory(
    env: &Env,
    #[napi(ts_arg_type = "Trace | string")] trace: Unknown,
    step: i64,
    options: Option<MemorySvgOptions>,
) -> napi::Result<String> {
    let options = options.unwrap_or_default();
    let render = read_render(env, trace, options.sizes.as_deref())?;
    memory(&render, step, options.nested.unwrap_or(false)).map_err(|f| into_napi(f, env))
}

/// The loop history at step `step` of `trace` as SVG (`algoscope render --view loops`).
#[napi]
pub fn render_loops(
    env: &Env,
    #[napi(ts_arg_type = "Trace | string")] trace: Unknown,
    step: i64,
    options: Option<LoopSvgOptions>,
) -> napi::Result<String> {
    let options = options.unwrap_or_default();
    let render = read_render(env, trace, options.sizes.as_deref())?;
    loops(&render, step, &options).map_err(|f| into_napi(f, env))
}

/// The Big-O estimate of the program `trace` records, from its code, checked against that run
/// (`Complexity`: what the stepper page's chip shows, `algoscope bigo --check --json` for the
/// program); `null` when the code does not parse. Throws `invalid` for a bad trace.
#[napi(ts_return_type = "Complexity | null")]
pub fn complexity<'env>(
    env: &'env Env,
    #[napi(ts_arg_type = "Trace | string")] trace: Unknown,
) -> napi::Result<Unknown<'env>> {
    let text = trace_text(env, trace)?;
    let json = algoscope::validate(&text)
        .map_err(|error| Failure::from(&error))
        .and_then(|trace| to_json(&algoscope::run_complexity(&trace)))
        .map_err(|failure| into_napi(failure, env))?;
    parse_json(env, json)
}

/// The self-contained stepper page of `trace` (`algoscope html`).
#[napi]
pub fn page(
    env: &Env,
    #[napi(ts_arg_type = "Trace | string")] trace: Unknown,
    options: Option<PageHtmlOptions>,
) -> napi::Result<String> {
    let options = options.unwrap_or_default();
    let render = read_render(env, trace, options.sizes.as_deref())?;
    html(&render, &options).map_err(|f| into_napi(f, env))
}

/// The facade's `Render` for a trace object or JSON text, with sizes named `sizes`.
fn read_render(env: &Env, trace: Unknown, sizes: Option<&str>) -> napi::Result<Render> {
    let text = trace_text(env, trace)?;
    let sizes = sizes
        .map(|name| SizeModel::from_str(name).map_err(|e| Failure::usage("sizes", e)))
        .transpose()
        .map_err(|f| into_napi(f, env))?;
    algoscope::validate(&text)
        .and_then(|trace| Render::new(trace, &RenderOptions { sizes }))
        .map_err(|error| into_napi(Failure::from(&error), env))
}

/// The JSON text of `trace`: its own text when it is a string, else `JSON.stringify(trace)`.
fn trace_text(env: &Env, trace: Unknown) -> napi::Result<String> {
    let kind = trace.get_type()?;
    if kind == ValueType::String {
        return trace.coerce_to_string()?.into_utf8()?.into_owned();
    }
    if kind != ValueType::Object {
        return Err(into_napi(
            Failure::usage("trace", "expected a trace object or its JSON text"),
            env,
        ));
    }
    let json: JSON = env.get_global()?.get_named_property_unchecked("JSON")?;
    json.stringify(trace)
}

fn memory(render: &Render, step: i64, nested: bool) -> Outcome<String> {
    let step = algoscope::step_index(step, render.step_count())?;
    render
        .memory_svg(step, &MemoryOptions { nested })
        .map_err(|error| Failure::from(&error))
}

fn loops(render: &Render, step: i64, options: &LoopSvgOptions) -> Outcome<String> {
    let step = algoscope::step_index(step, render.step_count())?;
    let defaults = LoopOptions::default();
    let options = LoopOptions {
        max_rows: options
            .max_rows
            .map_or(defaults.max_rows, |rows| rows as usize),
        max_nodes: options.max_nodes.map(|nodes| nodes as usize),
    };
    render
        .loop_svg(step, &options)
        .map_err(|error| Failure::from(&error))
}

fn html(render: &Render, options: &PageHtmlOptions) -> Outcome<String> {
    let options = PageOptions {
        title: options.title.clone().unwrap_or_default(),
        nested: options.nested.unwrap_or(false),
        loop_rows: options.loop_rows.map(|rows| rows as usize),
    };
    render.page(&options).map_err(|error| Failure::from(&error))
}

/// The trace as `algoscope trace` writes it (heap deltas), or with full heaps.
fn trace_json(trace: &Trace, expanded: bool) -> Outcome<String> {
    let options = algoscope::WriteOptions {
        expanded,
        ..algoscope::WriteOptions::default()
    };
    algoscope::trace_json(trace, &options).map_err(|error| Failure::from(&error))
}

fn to_json(value: &impl serde::Serialize) -> Outcome<String> {
    serde_json::to_string(value).map_err(|e| Failure::run(format!("cannot write JSON: {e}")))
}

/// `JSON.parse(text)` in the calling engine: much faster than building the objects through
/// N-API one property at a time.
fn parse_json(env: &Env, text: String) -> napi::Result<Unknown<'_>> {
    let json: JSON = env.get_global()?.get_named_property_unchecked("JSON")?;
    let parse: Function<String, Unknown> = json.get_named_property_unchecked("parse")?;
    parse.call(text)
}
