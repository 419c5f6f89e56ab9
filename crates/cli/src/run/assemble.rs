//! Records → a trace with heap deltas: keeps the frames, heap ids, loops and output length
//! each step record changes, and writes every step out whole except its heap, which stays a
//! delta (`heapDelta`) for validation to expand.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use algoscope_trace_format::{
    Counts, Event, Frame, FrameState, FunctionCount, Heap, Language, LoopContext, ObjectId, Output,
    ProgramError, Step, StopReason, Trace,
};
use serde_json::Value as Json;

use super::wire::{self, CountsRecord, End, FrameUpdate, Record, WireError};
use super::TraceFailure;

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
    pub syntax: Option<wire::SyntaxRecord>,
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
/// [`TraceFailure::Record`] for a record that does not parse or does not fit the state.
pub(crate) fn assemble(text: &str) -> Result<Assembled, TraceFailure> {
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
                return Err(TraceFailure::Record {
                    line: index + 1,
                    message: error.to_string(),
                })
            }
        };
        let at = |error: WireError| TraceFailure::Record {
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
pub(crate) fn counts(record: Option<CountsRecord>) -> Counts {
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

/// How a tracer process ended, for [`finish_run`].
pub(crate) struct RunEnd<'a> {
    /// Names the process in errors (`the tracer`, `node`).
    pub who: &'a str,
    /// Killed after the time budget and grace.
    pub killed: bool,
    /// Its exit status, as text.
    pub status: &'a str,
    /// The end of what it wrote to standard error.
    pub stderr: &'a str,
}

/// [`finish`] for a finished process: an error when it recorded nothing and was not killed,
/// else the trace, with a note on how the process ended when the program did not finish.
///
/// # Errors
/// [`TraceFailure::Tracer`] with the exit status and standard error.
pub(crate) fn finish_run(
    assembled: Assembled,
    source: &str,
    run: &RunEnd<'_>,
) -> Result<Trace, TraceFailure> {
    let stderr = run.stderr.trim();
    if assembled.end.is_none() && !run.killed && assembled.steps.is_empty() {
        return Err(TraceFailure::Tracer(format!(
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
    Ok(finish(assembled, source, run.killed, Some(note)))
}

/// Puts the pieces together: the steps and the end (or, without one, `killed` says whether the
/// time budget ran out).
pub(crate) fn finish(
    assembled: Assembled,
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
        ..Trace::new(Language::Python, source, steps)
    };
    match end {
        Some(end) => {
            trace.sampled = end.sampled;
            trace.truncated = end.truncated;
            trace.stopped_by = match end.stopped_by.as_deref() {
                Some("steps") => Some(StopReason::Steps),
                Some("time") => Some(StopReason::Time),
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
                type_name: "ProcessExit".into(),
                message: exit_note.unwrap_or_else(|| "the process ended early".into()),
                line: trace.steps.last().map(|s| s.line),
            });
        }
    }
    trace
}
