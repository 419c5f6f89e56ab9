//! Cross-references the schema cannot express: ids that must exist in the same step.

use std::collections::HashSet;
use std::sync::Arc;

use crate::delta::Changes;
use crate::error::ValidationError;
use crate::heap::Heap;
use crate::path::JsonPath;
use crate::types::{HeapObject, Step, Trace, Value};

/// Checks a trace with full heaps: refs and printed ids exist in their step's heap, frame ids
/// are unique per step, loop contexts name frames of their step and loops of the trace,
/// generators name frames of their step, and `stdoutLength` never decreases nor passes the
/// characters of `stdout`.
///
/// An object shared (same `Arc`, same position) with the previous step is not checked again
/// when the previous step's ids are all still alive: its refs were found there. This relies
/// on a shared object having one id, which holds for traces fresh from [`crate::expand_heaps`]
/// or the deserializer (nothing shared) — the only ones this sees.
///
/// `changes` is what [`crate::delta::expand`] found, when the trace was just expanded: a step
/// with `Some(positions)` is the previous step's heap (same ids, same objects) but for the
/// objects at `positions`, so only those are checked when the previous step's frames are all
/// still there.
pub(crate) fn check_references(trace: &Trace, changes: &Changes) -> Result<(), ValidationError> {
    let stdout_chars = trace.stdout.chars().count() as u64;
    let loop_ids: HashSet<&str> = trace.loops.iter().map(|l| l.id.as_str()).collect();
    let mut previous: Option<&Step> = None;
    for (i, step) in trace.steps.iter().enumerate() {
        let at = || JsonPath::root().key("steps").index(i);
        check_stdout(step, previous, stdout_chars, at)?;
        let frames = check_frames(step, at)?;
        for (f, frame) in step.stack.iter().enumerate() {
            for (l, (_, value)) in frame.locals.iter().enumerate() {
                check_value(value, &step.heap, || {
                    at().key("stack").index(f).key("locals").index(l).index(1)
                })?;
            }
        }
        let kept = previous.is_some_and(|p| frames_kept(p, &frames));
        match changes.get(i).and_then(Option::as_ref) {
            // The same ids as the previous step, whose frames are all still here: only the
            // changed objects can hold a new problem.
            Some(positions) if kept => {
                for (id, object) in positions.iter().filter_map(|&p| step.heap.get_index(p)) {
                    check_heap_object(id, object, &step.heap, &frames, || at().key("heap"))?;
                }
            }
            _ => check_heap(step, previous, &frames, || at().key("heap"))?,
        }
        if let Some(value) = &step.return_value {
            check_value(value, &step.heap, || at().key("returnValue"))?;
        }
        if let Some(output) = &step.output {
            for (r, id) in output.refs.iter().enumerate() {
                if !step.heap.contains_key(id.as_str()) {
                    return Err(ValidationError::DanglingRef {
                        path: at().key("output").key("refs").index(r),
                        id: id.clone(),
                    });
                }
            }
        }
        for (l, context) in step.loops.iter().enumerate() {
            if !frames.contains(context.frame.as_str()) {
                return Err(ValidationError::UnknownFrame {
                    path: at().key("loops").index(l).key("frame"),
                    id: context.frame.clone(),
                });
            }
            if !loop_ids.contains(context.loop_id.as_str()) {
                return Err(ValidationError::UnknownLoop {
                    path: at().key("loops").index(l).key("loop"),
                    id: context.loop_id.clone(),
                });
            }
        }
        previous = Some(step);
    }
    Ok(())
}

/// Checks a step's heap object by object, skipping the refs of objects shared with the
/// previous step when its ids are all still alive; `at` is the step's `heap` path.
fn check_heap(
    step: &Step,
    previous: Option<&Step>,
    frames: &HashSet<&str>,
    at: impl Fn() -> JsonPath,
) -> Result<(), ValidationError> {
    let mut shared_ok: Option<bool> = None;
    for (position, (id, object)) in step.heap.iter().enumerate() {
        let shared = previous
            .and_then(|p| p.heap.get_index(position))
            .is_some_and(|(_, before)| Arc::ptr_eq(before, object))
            && *shared_ok
                .get_or_insert_with(|| previous.is_some_and(|p| all_alive(&p.heap, &step.heap)));
        if shared {
            check_generator(id, object, frames, &at)?;
        } else {
            check_heap_object(id, object, &step.heap, frames, &at)?;
        }
    }
    Ok(())
}

/// Checks one object's refs and, for a generator, its frame; `at` is the step's `heap` path.
fn check_heap_object(
    id: &str,
    object: &HeapObject,
    heap: &Heap,
    frames: &HashSet<&str>,
    at: impl Fn() -> JsonPath,
) -> Result<(), ValidationError> {
    check_object(object, heap, || at().key(id))?;
    check_generator(id, object, frames, at)
}

/// A generator's frame must be a frame of its step; `at` is the step's `heap` path.
fn check_generator(
    id: &str,
    object: &HeapObject,
    frames: &HashSet<&str>,
    at: impl Fn() -> JsonPath,
) -> Result<(), ValidationError> {
    match object {
        HeapObject::Generator(generator) => match &generator.frame {
            Some(frame) if !frames.contains(frame.as_str()) => {
                Err(ValidationError::UnknownGeneratorFrame {
                    path: at().key(id).key("frame"),
                    id: frame.clone(),
                })
            }
            _ => Ok(()),
        },
        _ => Ok(()),
    }
}

/// Whether every frame id of `previous` is among `frames`: then a generator object unchanged
/// since `previous` still names a frame of its step.
fn frames_kept(previous: &Step, frames: &HashSet<&str>) -> bool {
    previous
        .stack
        .iter()
        .all(|frame| frames.contains(frame.id.as_str()))
}

/// Whether every id of `previous` is in `heap`. Ids usually keep their positions: the same
/// object in the same place has the same id (expansion only shares an object under its own
/// id), else the ids are compared, then looked up.
fn all_alive(previous: &Heap, heap: &Heap) -> bool {
    heap.same_ids(previous)
        || previous.iter().enumerate().all(|(position, (id, object))| {
            match heap.get_index(position) {
                Some((k, o)) if Arc::ptr_eq(o, object) || k == id => true,
                _ => heap.contains_key(id),
            }
        })
}

fn check_stdout(
    step: &Step,
    previous: Option<&Step>,
    stdout_chars: u64,
    at: impl Fn() -> JsonPath,
) -> Result<(), ValidationError> {
    let length = step.stdout_length;
    if let Some(previous) = previous.map(|p| p.stdout_length).filter(|&p| length < p) {
        return Err(ValidationError::StdoutDecreased {
            path: at().key("stdoutLength"),
            length,
            previous,
        });
    }
    if length > stdout_chars {
        return Err(ValidationError::StdoutOverrun {
            path: at().key("stdoutLength"),
            length,
            stdout_chars,
        });
    }
    Ok(())
}

/// The step's frame ids, refusing a repeated one.
fn check_frames(step: &Step, at: impl Fn() -> JsonPath) -> Result<HashSet<&str>, ValidationError> {
    let mut ids = HashSet::with_capacity(step.stack.len());
    for (f, frame) in step.stack.iter().enumerate() {
        if !ids.insert(frame.id.as_str()) {
            return Err(ValidationError::DuplicateFrame {
                path: at().key("stack").index(f).key("id"),
                id: frame.id.clone(),
            });
        }
    }
    Ok(ids)
}

fn check_value(
    value: &Value,
    heap: &Heap,
    at: impl Fn() -> JsonPath,
) -> Result<(), ValidationError> {
    match value.ref_id() {
        Some(id) if !heap.contains_key(id) => Err(ValidationError::DanglingRef {
            path: at().key("id"),
            id: id.to_owned(),
        }),
        _ => Ok(()),
    }
}

/// Checks every value an object holds; `at` is the object's path.
fn check_object(
    object: &HeapObject,
    heap: &Heap,
    at: impl Fn() -> JsonPath,
) -> Result<(), ValidationError> {
    let pairs = |field: &'static str, pairs: &[(String, Value)]| {
        pairs.iter().enumerate().try_for_each(|(k, (_, value))| {
            check_value(value, heap, || at().key(field).index(k).index(1))
        })
    };
    match object {
        HeapObject::List(s) | HeapObject::Tuple(s) | HeapObject::Set(s) => s
            .items
            .iter()
            .enumerate()
            .try_for_each(|(k, value)| check_value(value, heap, || at().key("items").index(k))),
        HeapObject::Dict(m) => m
            .entries
            .iter()
            .enumerate()
            .try_for_each(|(k, (key, value))| {
                check_value(key, heap, || at().key("entries").index(k).index(0))?;
                check_value(value, heap, || at().key("entries").index(k).index(1))
            }),
        HeapObject::Instance(i) => pairs("fields", &i.fields),
        HeapObject::Function(f) => pairs("captured", &f.captured),
        HeapObject::Class(c) => pairs("fields", &c.fields),
        HeapObject::Generator(_) | HeapObject::Value(_) => Ok(()),
    }
}
