//! Records → a trace with heap deltas: keeps the frames, heap ids, loops and output length
//! each step record changes, and writes every step out whole except its heap, which stays a
//! delta (`heapDelta`) for validation to expand. [`build_trace`] is the whole way from a
//! record stream to a validated trace.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use algoscope_trace_format::{
    check_trace, Analysis, Counts, Event, Frame, FrameState, FunctionCount, Heap, Language,
    LoopContext, ObjectId, Output, ProgramError, Step, StopReason, SyntaxError, Trace,
};
use serde_json::Value as Json;

use crate::records::{self as wire, CountsRecord, End, FrameUpdate, Record, WireError};
use crate::{Program, RunError};

/// The `error.type` of a run whose process ended before the program did (killed by a signal,
/// out of memory, `os._exit`, `process.exit`); its `message` says how, in words.
pub const PROCESS_EXIT: &str = "ProcessExit";

/// What the record stream said, before the analysis is added.
#[derive(Debug, Default)]
pub(crate) struct Assembled {
    /// Every step, heaps as deltas (`heapIds` set).
    pub steps: Vec<Step>,
    /// Everything printed.
    pub stdout: String,
    /// The end record, if the run got that far.
    pub end: Option<End>,
    /// The latest counts seen (the end's, or one sent along the way).
    pub counts: Option<CountsRecord>,
    /// A compile error the tracer found.
    pub syntax: Option<SyntaxError>,
    /// The tracer's own failure.
    pub fatal: Option<String>,
}

/// Keeps what the previous step record left.
#[derive(Default)]
struct State {
    frames: HashMap<String, Frame>,
    order: Vec<String>,
    live: BTreeMap<u64, ObjectId>,
    loops: Vec<LoopContext>,
    stdout_length: u64,
}

/// Reads every record of `text` (one JSON object per line). A last line cut short (the
/// process was killed while writing it) is ignored.
///
/// # Errors
///
/// [`RunError::Record`] for a record that does not parse or does not fit the state.
fn assemble(text: &str) -> Result<Assembled, RunError> {
    let mut out = Assembled::default();
    let mut state = State::default();
    let complete = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        let last = index + 1 == lines.len();
        let record: Record = match serde_json::from_str(line) {
            Ok(record) => record,
            Err(_) if last && !complete => break,
            Err(error) => {
                return Err(RunError::Record {
                    line: index + 1,
                    message: error.to_string(),
                })
            }
        };
        let at = |error: WireError| RunError::Record {
            line: index + 1,
            message: error.to_string(),
        };
        if let Some(text) = record.out {
            out.stdout.push_str(&text);
        } else if let Some(mut end) = record.end {
            if let Some(counts) = end.counts.take() {
                out.counts = Some(counts);
            }
            out.end = Some(end);
        } else if let Some(counts) = record.counts {
            out.counts = Some(counts);
        } else if let Some(syntax) = record.syntax {
            out.syntax = Some(syntax);
        } else if let Some(fatal) = record.fatal {
            out.fatal = Some(fatal);
        } else {
            let step = state.step(record).map_err(at)?;
            out.steps.push(step);
        }
    }
    Ok(out)
}

impl State {
    fn step(&mut self, record: Record) -> Result<Step, WireError> {
        let event = match record.e.as_deref() {
            None | Some("line") => Event::Line,
            Some("call") => Event::Call,
            Some("return") => Event::Return,
            Some("exception") => Event::Exception,
            Some("yield") => Event::Yield,
            Some("await") => Event::Await,
            Some("resume") => Event::Resume,
            Some(other) => return Err(wire_error("event", other)),
        };
        if let (Some(keep), Some(added)) = (record.fp, record.fa) {
            self.order.truncate(keep);
            self.order.extend(added);
        }
        for update in record.f.unwrap_or_default() {
            self.frame(update)?;
        }
        let mut stack = Vec::with_capacity(self.order.len());
        for id in &self.order {
            let frame = self
                .frames
                .get(id)
                .ok_or_else(|| wire_error("frame listed before it was sent", id))?;
            stack.push(frame.clone());
        }
        for id in record.hr.unwrap_or_default() {
            self.live.remove(&id_number(&id)?);
        }
        for id in record.ha.unwrap_or_default() {
            self.live.insert(id_number(&id)?, id.into());
        }
        let mut heap = Heap::new();
        if let Some(objects) = record.h {
            for (id, object) in objects {
                heap.insert(id.into(), Arc::new(wire::object(&object)?));
            }
        }
        if let Some(loops) = record.lp {
            self.loops = loops.iter().map(loop_context).collect::<Result<_, _>>()?;
        }
        if let Some(length) = record.n {
            self.stdout_length = length;
        }
        Ok(Step {
            event,
            line: record.l.unwrap_or(1),
            stack,
            heap,
            heap_ids: Some(self.live.values().cloned().collect()),
            stdout_length: self.stdout_length,
            output: record.o.map(|(line, refs)| Output { line, refs }),
            loops: self.loops.clone(),
            return_value: record.r.as_ref().map(wire::value).transpose()?,
            exception: record.x.map(wire::exception),
            skipped: record.sk,
        })
    }

    fn frame(&mut self, update: FrameUpdate) -> Result<(), WireError> {
        let frame = match self.frames.get_mut(&update.i) {
            Some(frame) => frame,
            None => {
                let func = update
                    .r#fn
                    .clone()
                    .ok_or_else(|| wire_error("new frame without a name", &update.i))?;
                self.frames.entry(update.i.clone()).or_insert(Frame {
                    id: update.i.clone(),
                    func,
                    line: update.ln.unwrap_or(1),
                    locals: Vec::new(),
                    state: FrameState::Active,
                })
            }
        };
        if let Some(line) = update.ln {
            frame.line = line;
        }
        if let Some(all) = update.lv {
            frame.locals = wire::bindings(&all)?;
        }
        if let Some(changed) = update.ls {
            for (name, value) in changed {
                let value = wire::value(&value)?;
                match frame.locals.iter_mut().find(|(n, _)| *n == name) {
                    Some(slot) => slot.1 = value,
                    None => return Err(wire_error("changed local that was never sent", &name)),
                }
            }
        }
        match update.st.as_deref() {
            None => {}
            Some("active") => frame.state = FrameState::Active,
            Some("suspended") => frame.state = FrameState::Suspended,
            Some(other) => return Err(wire_error("frame state", other)),
        }
        Ok(())
    }
}

fn loop_context(json: &Json) -> Result<LoopContext, WireError> {
    let parts = json.as_array().map(Vec::as_slice);
    let (frame, id, instance, iteration, call) = match parts {
        Some([Json::String(f), Json::String(l), i, n]) => (f, l, i, n, None),
        Some([Json::String(f), Json::String(l), i, n, Json::String(c)]) => (f, l, i, n, Some(c)),
        _ => return Err(wire_error("loop context", &json.to_string())),
    };
    let count = |n: &Json| {
        n.as_u64()
            .ok_or_else(|| wire_error("loop count", &n.to_string()))
    };
    Ok(LoopContext {
        frame: frame.clone(),
        loop_id: id.clone(),
        instance: count(instance)?,
        iteration: count(iteration)?,
        call: call.cloned(),
    })
}

fn id_number(id: &str) -> Result<u64, WireError> {
    id.strip_prefix('o')
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| wire_error("object id", id))
}

fn wire_error(what: &'static str, found: &str) -> WireError {
    WireError::new(what, found)
}

/// The trace-format counts from the record's.
fn counts(record: Option<CountsRecord>) -> Counts {
    let Some(record) = record else {
        return Counts::default();
    };
    Counts {
        events: record.events,
        functions: record
            .functions
            .into_iter()
            .map(|(name, (calls, max_depth))| (name, FunctionCount { calls, max_depth }))
            .collect(),
    }
}

/// How a tracer process ended, for [`build_trace`].
#[derive(Clone, Copy, Debug)]
pub struct ProcessEnd<'a> {
    /// Names the process in errors (`the tracer`, `node`).
    pub who: &'a str,
    /// Killed after the time budget and grace.
    pub killed: bool,
    /// Its exit status, as text.
    pub status: &'a str,
    /// The end of what it wrote to standard error.
    pub stderr: &'a str,
    /// A resource limit the runner saw the process run into (a signal; too many
    /// processes). Running out of memory is also read from the records and `stderr`.
    pub limit: Option<StopReason>,
}

/// Whether a run ran out of memory, from what it left: an uncaught `MemoryError` (Python),
/// or JavaScript's failed buffer allocation, as `error` (`type`, `message`); or, for a
/// process that died without an end record, the out-of-memory message of Python or V8 on
/// its standard error.
pub(crate) fn memory_ran_out(error: Option<(&str, &str)>, stderr: Option<&str>) -> bool {
    const MESSAGES: [&str; 6] = [
        "MemoryError",
        "JavaScript heap out of memory",
        // V8: "Fatal process out of memory", "NewArray Allocation failed - process out of memory"
        "process out of memory",
        "Fatal process OOM",
        "std::bad_alloc",
        "Cannot allocate memory",
    ];
    let by_error = error.is_some_and(|(type_name, message)| {
        type_name == "MemoryError"
            || (type_name == "RangeError" && message.contains("allocation failed"))
    });
    by_error || stderr.is_some_and(|text| MESSAGES.iter().any(|m| text.contains(m)))
}

/// [`finish`] for a finished process: an error when it recorded nothing and was not killed,
/// else the trace, with a note on how the process ended when the program did not finish.
///
/// # Errors
/// [`RunError::Tracer`] with the exit status and standard error.
fn finish_run(
    assembled: Assembled,
    language: Language,
    source: &str,
    run: &ProcessEnd<'_>,
) -> Result<Trace, RunError> {
    let stderr = run.stderr.trim();
    let ended_early = assembled.end.is_none();
    if ended_early && !run.killed && assembled.steps.is_empty() && run.limit.is_none() {
        return Err(RunError::Tracer(format!(
            "{} stopped before recording anything ({}): {stderr}",
            run.who, run.status
        )));
    }
    let detail = if stderr.is_empty() {
        String::new()
    } else {
        format!(": {stderr}")
    };
    let note = format!(
        "the process ended before the program finished ({}){detail}",
        run.status
    );
    let mut trace = finish(assembled, language, source, run.killed, Some(note));
    let memory = trace.stopped_by.is_none()
        && memory_ran_out(
            trace
                .error
                .as_ref()
                .map(|e| (e.type_name.as_str(), e.message.as_str())),
            ended_early.then_some(stderr),
        );
    let limit = run.limit.or(memory.then_some(StopReason::Memory));
    if let Some(limit) = limit {
        // A limit the process ran into outranks what its last records said: the error it
        // raised was the limit's (MemoryError), and a time stop was the kill it led to.
        trace.truncated = true;
        trace.stopped_by = Some(limit);
        trace.error = None;
    }
    Ok(trace)
}

/// Puts the pieces together: the steps and the end (or, without one, `killed` says whether the
/// time budget ran out).
fn finish(
    assembled: Assembled,
    language: Language,
    source: &str,
    killed: bool,
    exit_note: Option<String>,
) -> Trace {
    let Assembled {
        steps,
        stdout,
        end,
        counts: counts_record,
        ..
    } = assembled;
    let mut trace = Trace {
        stdout,
        counts: counts(counts_record),
        heap_delta: true,
        ..Trace::new(language, source, steps)
    };
    match end {
        Some(end) => {
            trace.sampled = end.sampled;
            trace.truncated = end.truncated;
            trace.stopped_by = match end.stopped_by.as_deref() {
                Some("steps") => Some(StopReason::Steps),
                Some("time") => Some(StopReason::Time),
                Some("output") => Some(StopReason::Output),
                _ => None,
            };
            trace.error = end.error.map(|e| ProgramError {
                type_name: e.type_name,
                message: e.message,
                line: e.line,
            });
            if killed {
                // The tracer finished its record but the process outlived the budget (a
                // program thread still spinning): the runner cut the run short.
                trace.truncated = true;
                trace.stopped_by = Some(StopReason::Time);
            }
        }
        None if killed => {
            trace.truncated = true;
            trace.stopped_by = Some(StopReason::Time);
        }
        None => {
            trace.error = Some(ProgramError {
                type_name: PROCESS_EXIT.into(),
                message: exit_note.unwrap_or_else(|| "the process ended early".into()),
                line: trace.steps.last().map(|s| s.line),
            });
        }
    }
    trace
}

/// The validated trace of one run of `program` from the record stream `records` (one JSON
/// object per line, `runtimes/PROTOCOL.md`) its tracer wrote, the static `analysis` of the
/// program, and how the tracer's process ended. Pure: a web worker that ran the tracer itself
/// calls this with the records it collected.
///
/// # Errors
///
/// [`RunError::Record`] for a record that does not parse or does not fit the records before
/// it (a last line cut short, as by a kill, is ignored); [`RunError::Syntax`] when the tracer
/// found the program does not compile; [`RunError::Tracer`] when it failed itself or
/// recorded nothing and was not killed; [`RunError::Invalid`] when the assembled trace is not
/// valid (a tracer bug; the error names the JSON path).
///
/// # Example
///
/// ```
/// use algoscope_run::{build_trace, Analysis, Language, ProcessEnd, Program};
///
/// let records = concat!(
///     r#"{"l":1,"fp":0,"fa":["f1"],"f":[{"i":"f1","fn":"<module>","ln":1,"lv":[]}]}"#, "\n",
///     r#"{"out":"hi\n"}"#, "\n",
///     r#"{"e":"return","l":1,"n":3}"#, "\n",
///     r#"{"end":{"counts":{"events":3,"functions":{}}}}"#, "\n",
/// );
/// let program = Program::from_source("print('hi')\n", Language::Python, "<program>");
/// let end = ProcessEnd {
///     who: "the tracer", killed: false, status: "exit status: 0", stderr: "", limit: None,
/// };
/// let trace = build_trace(&program, Analysis::default(), records, &end)?;
/// assert_eq!(trace.steps.len(), 2);
/// assert_eq!(trace.stdout, "hi\n");
/// # Ok::<(), algoscope_run::RunError>(())
/// ```
pub fn build_trace(
    program: &Program,
    analysis: Analysis,
    records: &str,
    end: &ProcessEnd<'_>,
) -> Result<Trace, RunError> {
    let mut assembled = assemble(records)?;
    if let Some(fatal) = assembled.fatal.take() {
        // The tracer itself ran out of memory while recording: the program's memory limit.
        if !memory_ran_out(None, Some(&fatal)) {
            return Err(RunError::Tracer(fatal));
        }
        assembled.end = None;
        let mut end = *end;
        end.limit = Some(StopReason::Memory);
        let mut trace = finish_run(assembled, program.language, &program.source, &end)?;
        analysis.apply_to(&mut trace);
        return Ok(check_trace(trace)?);
    }
    if let Some(syntax) = assembled.syntax {
        return Err(RunError::Syntax {
            name: program.name.clone(),
            errors: vec![syntax],
        });
    }
    let mut trace = finish_run(assembled, program.language, &program.source, end)?;
    analysis.apply_to(&mut trace);
    Ok(check_trace(trace)?)
}
