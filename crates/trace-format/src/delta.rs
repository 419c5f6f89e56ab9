//! Heap deltas: each step carries only the objects that changed, plus every live id.

use std::sync::Arc;

use crate::error::ValidationError;
use crate::heap::{BuildError, Heap};
use crate::path::JsonPath;
use crate::types::{HeapIds, Trace};

/// Rebuilds every step's full heap of a `heapDelta` trace, in `heapIds` order.
///
/// An object missing from a step's delta is the previous step's object, shared (`Arc`), so a
/// long trace holds one copy of each unchanged object (and of each id). A step listing the
/// same ids as the previous step shares its id list and starts from a copy of its object
/// pointers, then swaps in the changed objects. Afterwards `heapDelta` is false and no
/// step has `heapIds`. A trace without `heapDelta` is left as it is.
///
/// # Errors
///
/// - [`ValidationError::HeapIdsMissing`]: a step of a delta trace has no `heapIds`;
/// - [`ValidationError::HeapIdsUnexpected`]: a step of a full trace has `heapIds`;
/// - [`ValidationError::DuplicateHeapId`]: an id is listed twice in one step;
/// - [`ValidationError::MissingObject`]: a listed id is neither in the step's delta nor in the
///   previous step's heap (`steps[4].heapIds[2]`);
/// - [`ValidationError::UnlistedObject`]: the delta holds an object its `heapIds` omits.
///
/// # Example
///
/// ```
/// use algoscope_trace_format::{expand_heaps, to_delta, validate_str};
///
/// let text = r#"{"version": 1, "language": "python", "source": "a = [1]\nb = 2\n",
///   "steps": [
///     {"event": "line", "line": 2, "stack": [], "stdoutLength": 0,
///      "heap": {"o1": {"kind": "list", "typeName": "list", "items": [], "length": 0}}},
///     {"event": "line", "line": 3, "stack": [], "stdoutLength": 0,
///      "heap": {"o1": {"kind": "list", "typeName": "list", "items": [], "length": 0}}}],
///   "stdout": ""}"#;
/// let full = validate_str(text).unwrap();
/// let mut delta = to_delta(&full);
/// assert!(delta.steps[1].heap.is_empty()); // o1 did not change
/// expand_heaps(&mut delta).unwrap();
/// assert_eq!(delta, full);
/// ```
pub fn expand_heaps(trace: &mut Trace) -> Result<(), ValidationError> {
    expand(trace).map(drop)
}

/// Per step, what [`expand`] knows about its heap: `Some(positions)` when the step lists the
/// same ids as the previous step and holds the previous step's objects but at `positions`
/// (ascending); `None` when it was built id by id. Empty for a trace that was not a delta.
pub(crate) type Changes = Vec<Option<Vec<usize>>>;

/// [`expand_heaps`], telling which objects each step changed.
pub(crate) fn expand(trace: &mut Trace) -> Result<Changes, ValidationError> {
    let steps_path = || JsonPath::root().key("steps");
    if !trace.heap_delta {
        return match trace.steps.iter().position(|s| s.heap_ids.is_some()) {
            Some(i) => Err(ValidationError::HeapIdsUnexpected {
                path: steps_path().index(i).key("heapIds"),
            }),
            None => Ok(Vec::new()),
        };
    }
    let mut changes = Vec::with_capacity(trace.steps.len());
    let mut previous_ids: Option<HeapIds> = None;
    for i in 0..trace.steps.len() {
        let (done, rest) = trace.steps.split_at_mut(i);
        let previous = done.last().map(|s| &s.heap);
        let step = &mut rest[0];
        let at = || steps_path().index(i);
        let ids = step
            .heap_ids
            .take()
            .ok_or_else(|| ValidationError::HeapIdsMissing {
                path: at().key("heapIds"),
            })?;
        let delta = std::mem::take(&mut step.heap);
        step.heap = match previous {
            Some(previous) if same_ids(previous, previous_ids.as_ref(), &ids) => {
                let (full, positions) = with_changes(previous, &delta, || at().key("heap"))?;
                changes.push(Some(positions));
                full
            }
            _ => {
                changes.push(None);
                rebuild(previous, &ids, &delta, at)?
            }
        };
        previous_ids = Some(ids);
    }
    trace.heap_delta = false;
    Ok(changes)
}

/// Whether `ids` are the ids of `previous`, in order. `previous` was expanded from
/// `previous_ids`, so the same shared list means the same ids.
fn same_ids(previous: &Heap, previous_ids: Option<&HeapIds>, ids: &HeapIds) -> bool {
    previous_ids.is_some_and(|p| Arc::ptr_eq(p, ids)) || previous.ids() == &ids[..]
}

/// The previous step's heap (sharing its ids) with the delta's objects in place of theirs,
/// and their positions (ascending); every delta id must be one of its ids (`at` is the
/// step's `heap` path).
fn with_changes(
    previous: &Heap,
    delta: &Heap,
    at: impl Fn() -> JsonPath,
) -> Result<(Heap, Vec<usize>), ValidationError> {
    let mut full = previous.clone();
    let mut positions = Vec::with_capacity(delta.len());
    for (id, object) in delta {
        let Some(position) = full.get_index_of(id) else {
            return Err(ValidationError::UnlistedObject {
                path: at().key(&**id),
            });
        };
        full.replace_at(position, Arc::clone(object));
        positions.push(position);
    }
    positions.sort_unstable();
    Ok((full, positions))
}

/// A step's heap built id by id from `ids`: each object from the delta, else the previous
/// step's object with that id (`at` is the step's path).
fn rebuild(
    previous: Option<&Heap>,
    ids: &HeapIds,
    delta: &Heap,
    at: impl Fn() -> JsonPath,
) -> Result<Heap, ValidationError> {
    let mut from_delta = 0;
    let full = Heap::build(ids, |j, id| {
        if let Some(object) = delta.get(id) {
            from_delta += 1;
            return Ok(Arc::clone(object));
        }
        // Ids usually keep their place: look there before looking the id up.
        let same_place = previous
            .and_then(|p| p.get_index(j))
            .filter(|(k, _)| *k == id)
            .map(|(_, object)| object);
        match same_place.or_else(|| previous.and_then(|p| p.get(id))) {
            Some(object) => Ok(Arc::clone(object)),
            None => Err(ValidationError::MissingObject {
                path: at().key("heapIds").index(j),
                id: id.to_string(),
            }),
        }
    })
    .map_err(|error| match error {
        BuildError::Duplicate(j) => ValidationError::DuplicateHeapId {
            path: at().key("heapIds").index(j),
            id: ids[j].to_string(),
        },
        BuildError::Object(error) => error,
    })?;
    if from_delta != delta.len() {
        if let Some(id) = delta.keys().find(|id| !full.contains_key(&***id)) {
            return Err(ValidationError::UnlistedObject {
                path: at().key("heap").key(&**id),
            });
        }
    }
    Ok(full)
}

/// The delta form of a trace with full heaps: each step keeps only the objects that are new
/// or differ from the previous step's object with the same id, and lists every id in
/// `heapIds`. A trace already in delta form is returned as it is.
///
/// Tracers written in Rust and tests use it; [`expand_heaps`] is its inverse.
pub fn to_delta(trace: &Trace) -> Trace {
    let mut out = trace.clone();
    if trace.heap_delta {
        return out;
    }
    let mut previous: Option<&Heap> = None;
    let mut previous_ids: Option<HeapIds> = None;
    for (step, full) in out.steps.iter_mut().zip(&trace.steps) {
        // Steps that list the same ids share the list.
        let ids = match previous_ids {
            Some(ids) if ids.len() == full.heap.len() && full.heap.keys().eq(ids.iter()) => ids,
            _ => full.heap.keys().cloned().collect(),
        };
        step.heap_ids = Some(HeapIds::clone(&ids));
        previous_ids = Some(ids);
        step.heap.retain(|id, object| {
            !previous
                .and_then(|p| p.get(id))
                .is_some_and(|p| Arc::ptr_eq(p, object) || **p == **object)
        });
        previous = Some(&full.heap);
    }
    out.heap_delta = true;
    out
}
