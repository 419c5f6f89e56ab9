//! Index pointers under lists and beside grids, and the grid cell in focus.
//!
//! A name is a pointer on a list when the code uses it as a subscript of that list
//! (`trace.indexNames`, keyed by the container's name as written) and it holds a whole number
//! in the same frame; on lists the code indexes, the conventional names of
//! [`crate::SceneOptions::conventional_pointers`] count too. An index equal to the length is
//! one past the end and drawn hollow.

use std::collections::BTreeSet;

use algoscope_trace_format::{Frame, HeapObject, Step, Trace, Value};

use crate::eval::eval_index;
use crate::types::{Grid, GridFocus, IndexPointer, PointerAxis, SceneOptions};

/// The whole number a primitive holds (`3`, `-2`), if it is one.
pub(crate) fn whole_number(value: &Value) -> Option<i64> {
    match value {
        Value::Prim { repr, .. } => repr.parse().ok(),
        _ => None,
    }
}

fn local<'a>(frame: &'a Frame, name: &str) -> Option<&'a Value> {
    frame.locals.iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

/// The object a container name (`arr`, `self.items`) refers to in `frame`.
pub(crate) fn resolve<'a>(step: &'a Step, frame: &'a Frame, name: &str) -> Option<&'a str> {
    let mut parts = name.split('.');
    let mut id = local(frame, parts.next()?)?.ref_id()?;
    for field in parts {
        let HeapObject::Instance(instance) = step.heap.get(id)?.as_ref() else {
            return None;
        };
        id = instance
            .fields
            .iter()
            .find(|(n, _)| n == field)?
            .1
            .ref_id()?;
    }
    Some(id)
}

fn sequence_length(object: &HeapObject) -> Option<u64> {
    match object {
        HeapObject::List(s) | HeapObject::Tuple(s) => Some(s.length),
        _ => None,
    }
}

/// Pointers of every frame, innermost first: the first frame that marks an (object, axis)
/// claims it, so a recursive call's `lo`/`hi` hide its callers'.
pub(crate) fn find_pointers(
    trace: &Trace,
    step: &Step,
    grids: &[Grid],
    changed: &dyn Fn(&str, &str) -> bool,
    options: &SceneOptions,
) -> Vec<IndexPointer> {
    let mut claimed: BTreeSet<(String, PointerAxis)> = BTreeSet::new();
    let mut out = Vec::new();
    let active = step.stack.iter().rev();
    for frame in active {
        let mut mine: Vec<IndexPointer> = Vec::new();
        for (container, names) in &trace.index_names {
            if container.ends_with("[]") {
                continue;
            }
            let Some(id) = resolve(step, frame, container) else {
                continue;
            };
            let Some(object) = step.heap.get(id) else {
                continue;
            };
            let grid = grids.iter().find(|g| g.id == id);
            let mut axes: Vec<(PointerAxis, u64, Vec<&String>)> = Vec::new();
            match grid {
                Some(grid) => {
                    axes.push((
                        PointerAxis::Rows,
                        grid.rows.len() as u64,
                        names.iter().collect(),
                    ));
                    if let Some(cols) = trace.index_names.get(&format!("{container}[]")) {
                        axes.push((PointerAxis::Columns, grid.cols, cols.iter().collect()));
                    }
                }
                None => {
                    let Some(length) = sequence_length(object) else {
                        continue;
                    };
                    let mut all: Vec<&String> = names.iter().collect();
                    all.extend(options.conventional_pointers.iter());
                    axes.push((PointerAxis::Items, length, all));
                }
            }
            for (axis, length, names) in axes {
                if claimed.contains(&(id.to_string(), axis)) {
                    continue;
                }
                for name in names {
                    let Some(index) = local(frame, name).and_then(whole_number) else {
                        continue;
                    };
                    let Ok(index) = u64::try_from(index) else {
                        continue;
                    };
                    if index > length
                        || mine
                            .iter()
                            .any(|p| p.object == id && p.axis == axis && &p.name == name)
                    {
                        continue;
                    }
                    mine.push(IndexPointer {
                        object: id.to_string(),
                        axis,
                        name: name.clone(),
                        frame: frame.id.clone(),
                        index,
                        hollow: index == length,
                        changed: changed(&frame.id, name),
                    });
                }
            }
        }
        for p in &mine {
            claimed.insert((p.object.clone(), p.axis));
        }
        out.extend(mine);
    }
    out.sort_by(|a, b| {
        (&a.object, a.axis as u8, a.index, &a.name).cmp(&(
            &b.object,
            b.axis as u8,
            b.index,
            &b.name,
        ))
    });
    out
}

/// The grid cell the running frame reads or writes: the first grid access on the line that
/// just ran in that frame (else on the line about to run) whose row and column evaluate.
pub(crate) fn grid_focus(
    trace: &Trace,
    prev: Option<&Step>,
    step: &Step,
    grids: &[Grid],
) -> Option<GridFocus> {
    let frame = step
        .stack
        .iter()
        .rev()
        .find(|f| f.state == algoscope_trace_format::FrameState::Active)?;
    let just_ran = prev.and_then(|p| {
        let running = p
            .stack
            .iter()
            .rev()
            .find(|f| f.state == algoscope_trace_format::FrameState::Active)?;
        (running.id == frame.id).then_some(running.line)
    });
    let lines = just_ran.into_iter().chain(std::iter::once(frame.line));
    let lookup = |name: &str| local(frame, name).and_then(whole_number);
    for line in lines {
        for access in trace.grid_accesses.iter().filter(|a| a.line == line) {
            let Some(id) = resolve(step, frame, &access.name) else {
                continue;
            };
            let Some(grid) = grids.iter().find(|g| g.id == id) else {
                continue;
            };
            let (Some(row), Some(col)) = (
                eval_index(&access.row, &lookup),
                eval_index(&access.col, &lookup),
            ) else {
                continue;
            };
            let Some(row) = wrap(row, grid.rows.len() as u64) else {
                continue;
            };
            let row_len = step
                .heap
                .get(grid.rows[row as usize].as_str())
                .and_then(|o| sequence_length(o))
                .unwrap_or(0);
            let Some(col) = wrap(col, row_len) else {
                continue;
            };
            return Some(GridFocus {
                grid: id.to_string(),
                row,
                col,
                text: format!("{}[{}][{}]", access.name, access.row, access.col),
            });
        }
    }
    None
}

/// `index` as a position in a sequence of `len` items; negative indices count from the end.
fn wrap(index: i64, len: u64) -> Option<u64> {
    let len = i64::try_from(len).ok()?;
    let i = if index < 0 { index + len } else { index };
    (0..len).contains(&i).then_some(i as u64)
}
