//! The fast reader: a trace from JSON text in one pass, without serde's per-value overhead
//! where traces spend their bytes (steps, heap objects, values, `heapIds`).
//!
//! It reads the shapes a tracer writes and leaves everything else to serde: the top-level
//! fields other than `steps`, and any step field, frame or heap object it does not read
//! itself, are cut out as text and read by the derived (or hand-written, `de.rs`)
//! deserializers. Anything unexpected — bad JSON, an unknown or repeated field, a key with
//! an escape, a number with a fraction — gives `None`, and the caller reads the text the
//! usual way; so this never accepts a document serde refuses, and what it reads is what
//! serde reads (a property test compares them).
//!
//! A `heapIds` list written exactly like the previous step's is that list, shared, without
//! reading its ids again.

mod cursor;
mod object;

use std::borrow::Cow;

use serde::de::DeserializeOwned;

use crate::heap::Heap;
use crate::types::{Event, Frame, FrameState, HeapIds, ObjectId, Step, Trace};
use cursor::Cursor;
use object::{heap_object, value};

/// The trace in `text`, or `None` when the text is anything but a trace this reader reads
/// (the caller then reads it with serde).
pub(crate) fn read_trace(text: &str) -> Option<Trace> {
    let mut cursor = Cursor::new(text);
    let mut rest = String::from("{");
    let mut steps: Option<Vec<Step>> = None;
    let mut ids = IdCache::default();
    cursor.object(|c, key| {
        if key == "steps" {
            if steps.is_some() {
                return None;
            }
            let mut list = Vec::new();
            c.array(|c| {
                list.push(step(c, &mut ids)?);
                Some(())
            })?;
            steps = Some(list);
        } else {
            c.ws();
            let start = c.pos();
            c.skip_value()?;
            if rest.len() > 1 {
                rest.push(',');
            }
            rest.push('"');
            rest.push_str(key);
            rest.push_str("\":");
            rest.push_str(c.since(start));
        }
        Some(())
    })?;
    if !cursor.at_end() {
        return None;
    }
    // The other fields, read by serde with an empty `steps` in place of the real one.
    if rest.len() > 1 {
        rest.push(',');
    }
    rest.push_str("\"steps\":[]}");
    let mut trace: Trace = serde_json::from_str(&rest).ok()?;
    trace.steps = steps?;
    Some(trace)
}

/// The last `heapIds` list read, with its text.
#[derive(Default)]
struct IdCache<'a> {
    text: &'a str,
    ids: Option<HeapIds>,
}

impl<'a> IdCache<'a> {
    /// A `heapIds` value: null, the previous list when written the same, else a new list
    /// sharing the ids that keep their position.
    fn read(&mut self, c: &mut Cursor<'a>) -> Option<Option<HeapIds>> {
        if c.try_null() {
            return Some(None);
        }
        if let Some(ids) = self.ids.as_ref().filter(|_| c.try_eat_text(self.text)) {
            return Some(Some(HeapIds::clone(ids)));
        }
        let start = c.pos();
        let previous: &[ObjectId] = self.ids.as_deref().unwrap_or(&[]);
        let mut list: Vec<ObjectId> = Vec::with_capacity(previous.len());
        c.array(|c| {
            let id = c.string()?;
            let same = previous.get(list.len()).filter(|p| ***p == *id);
            list.push(same.map_or_else(|| ObjectId::from(&*id), ObjectId::clone));
            Some(())
        })?;
        let ids: HeapIds = match &self.ids {
            Some(last) if **last == *list => HeapIds::clone(last),
            _ => list.into(),
        };
        self.text = c.since(start);
        self.ids = Some(HeapIds::clone(&ids));
        Some(Some(ids))
    }
}

/// Fields of a step, as bits, to refuse repeats and find missing required ones.
const EVENT: u16 = 1;
const LINE: u16 = 1 << 1;
const STACK: u16 = 1 << 2;
const HEAP: u16 = 1 << 3;
const HEAP_IDS: u16 = 1 << 4;
const STDOUT_LENGTH: u16 = 1 << 5;
const OUTPUT: u16 = 1 << 6;
const LOOPS: u16 = 1 << 7;
const RETURN_VALUE: u16 = 1 << 8;
const EXCEPTION: u16 = 1 << 9;
const SKIPPED: u16 = 1 << 10;
const REQUIRED: u16 = EVENT | LINE | STACK | HEAP | STDOUT_LENGTH;

/// Marks `bit` as seen, failing when it was.
fn first(seen: &mut u16, bit: u16) -> Option<()> {
    let new = *seen & bit == 0;
    *seen |= bit;
    new.then_some(())
}

/// A value cut from the text and read by serde.
fn by_serde<T: DeserializeOwned>(c: &mut Cursor<'_>) -> Option<T> {
    c.ws();
    let start = c.pos();
    c.skip_value()?;
    serde_json::from_str(c.since(start)).ok()
}

fn step<'a>(c: &mut Cursor<'a>, ids: &mut IdCache<'a>) -> Option<Step> {
    let mut seen = 0u16;
    let mut step = Step {
        event: Event::Line,
        line: 0,
        stack: Vec::new(),
        heap: Heap::new(),
        heap_ids: None,
        stdout_length: 0,
        output: None,
        loops: Vec::new(),
        return_value: None,
        exception: None,
        skipped: None,
    };
    c.object(|c, key| {
        match key {
            "event" => {
                first(&mut seen, EVENT)?;
                step.event = event(c)?;
            }
            "line" => {
                first(&mut seen, LINE)?;
                step.line = c.u32()?;
            }
            "stack" => {
                first(&mut seen, STACK)?;
                c.array(|c| {
                    step.stack.push(frame(c)?);
                    Some(())
                })?;
            }
            "heap" => {
                first(&mut seen, HEAP)?;
                step.heap = heap(c)?;
            }
            "heapIds" => {
                first(&mut seen, HEAP_IDS)?;
                step.heap_ids = ids.read(c)?;
            }
            "stdoutLength" => {
                first(&mut seen, STDOUT_LENGTH)?;
                step.stdout_length = c.u64()?;
            }
            "output" => {
                first(&mut seen, OUTPUT)?;
                step.output = by_serde(c)?;
            }
            "loops" => {
                first(&mut seen, LOOPS)?;
                step.loops = by_serde(c)?;
            }
            "returnValue" => {
                first(&mut seen, RETURN_VALUE)?;
                step.return_value = by_serde(c)?;
            }
            "exception" => {
                first(&mut seen, EXCEPTION)?;
                step.exception = by_serde(c)?;
            }
            "skipped" => {
                first(&mut seen, SKIPPED)?;
                step.skipped = by_serde(c)?;
            }
            _ => return None,
        }
        Some(())
    })?;
    (seen & REQUIRED == REQUIRED).then_some(step)
}

fn event(c: &mut Cursor<'_>) -> Option<Event> {
    Some(match c.plain_str()? {
        "line" => Event::Line,
        "call" => Event::Call,
        "return" => Event::Return,
        "exception" => Event::Exception,
        "yield" => Event::Yield,
        "await" => Event::Await,
        "resume" => Event::Resume,
        _ => return None,
    })
}

/// A frame: `id`, `func`, `line`, `locals` required, `state` optional.
fn frame(c: &mut Cursor<'_>) -> Option<Frame> {
    let (mut id, mut func, mut line, mut locals, mut state) = (None, None, None, None, None);
    c.object(|c, key| {
        match key {
            "id" if id.is_none() => id = Some(c.string()?.into_owned()),
            "func" if func.is_none() => func = Some(c.string()?.into_owned()),
            "line" if line.is_none() => line = Some(c.u32()?),
            "locals" if locals.is_none() => locals = Some(bindings(c)?),
            "state" if state.is_none() => {
                state = Some(match c.plain_str()? {
                    "active" => FrameState::Active,
                    "suspended" => FrameState::Suspended,
                    _ => return None,
                });
            }
            _ => return None,
        }
        Some(())
    })?;
    Some(Frame {
        id: id?,
        func: func?,
        line: line?,
        locals: locals?,
        state: state.unwrap_or_default(),
    })
}

/// `[name, value]` pairs.
fn bindings(c: &mut Cursor<'_>) -> Option<Vec<crate::types::Binding>> {
    let mut out = Vec::new();
    c.array(|c| {
        c.eat(b'[')?;
        let name = c.string().map(Cow::into_owned)?;
        c.eat(b',')?;
        let value = value(c)?;
        c.eat(b']')?;
        out.push((name, value));
        Some(())
    })?;
    Some(out)
}

/// A step's `heap`: id → object, refusing a repeated id.
fn heap(c: &mut Cursor<'_>) -> Option<Heap> {
    let mut heap = Heap::new();
    c.object(|c, id| {
        let object = heap_object(c)?;
        if heap.contains_key(id) {
            return None;
        }
        heap.insert(ObjectId::from(id), std::sync::Arc::new(object));
        Some(())
    })?;
    Some(heap)
}

#[cfg(test)]
mod tests;
