//! One row of the loop view: the shown containers and scalars at a pass's end, what changed
//! since the row it is compared with, where moved values came from, and index pointers.

use algoscope_trace_format::{Step, Trace, Value};

use super::members::{same_held, sort_members};
use super::select::Selection;
use super::snapshot::{frame_at, text, Held, HeldBy, Snapshot};
use super::types::*;
use crate::pointers::{find_pointers, grid_focus};
use crate::types::Grid;

/// A value and, for a reference, the values one level down: what "the same value" means.
type Deep<'a> = (&'a Value, Option<&'a Vec<Value>>);

/// For each changed index of a sequence, the index its value most likely came from:
/// 1. a different changed index whose previous value equals the new one (the nearest not yet
///    used, so a swap gives two crossing moves and a shifted run points each value at its old
///    index);
/// 2. else a neighbouring index whose value did not change and equals the new one: a copy, as
///    a shift by one writes it (`a[j + 1] = a[j]` leaves `a[j]` as it was);
/// 3. else the same index (changed in place).
///
/// `prev` and `next` are `(index, value)` pairs; the answer lists `(index, from)` for every
/// index of `next` whose value differs from `prev` at the same index (`from` is `None` for an
/// index `prev` does not have).
pub(crate) fn moves<T: PartialEq>(prev: &[(u64, T)], next: &[(u64, T)]) -> Vec<(u64, Option<u64>)> {
    let before = |i: u64| prev.iter().find(|(k, _)| *k == i).map(|(_, v)| v);
    let changed: Vec<(u64, &T)> = next
        .iter()
        .filter(|(i, v)| before(*i) != Some(v))
        .map(|(i, v)| (*i, v))
        .collect();
    let is_changed = |m: u64| changed.iter().any(|(i, _)| *i == m);
    let mut used: Vec<u64> = Vec::new();
    let mut out = Vec::new();
    for (index, value) in &changed {
        if before(*index).is_none() {
            out.push((*index, None));
            continue;
        }
        let mut candidates: Vec<u64> = changed
            .iter()
            .map(|(m, _)| *m)
            .filter(|m| m != index && before(*m) == Some(value))
            .collect();
        candidates.sort_by_key(|m| (used.contains(m), m.abs_diff(*index), *m));
        let copied = || {
            [index.checked_sub(1), index.checked_add(1)]
                .into_iter()
                .flatten()
                .find(|m| !is_changed(*m) && before(*m) == Some(value))
        };
        let from = candidates
            .first()
            .copied()
            .or_else(copied)
            .unwrap_or(*index);
        used.push(from);
        out.push((*index, Some(from)));
    }
    out
}

/// How many items left the front of a sequence (a `pop(0)`, `shift()`, `popleft()`), when
/// that explains the change: the smallest `d ≥ 1` such that every item `prev` keeps (from
/// index `d` on) sits `d` places further left in `next`, when some index both hold changed.
/// At least as many items stay as leave, and no item added at the end is one that left (a
/// rotation moves values, it pops nothing). Every item may have left (`d` = the old length)
/// only when the sequence grew and no index kept its value (a queue of one popped and
/// refilled). `None` otherwise (items changed in place). Windowed sequences (not starting at index 0) are never read this way.
pub(crate) fn front_removed<T: PartialEq>(prev: &[(u64, T)], next: &[(u64, T)]) -> Option<u64> {
    fn at<T>(list: &[(u64, T)], i: u64) -> Option<&T> {
        list.iter().find(|(k, _)| *k == i).map(|(_, v)| v)
    }
    let common: Vec<bool> = next
        .iter()
        .filter_map(|(i, v)| at(prev, *i).map(|p| p != v))
        .collect();
    if !common.contains(&true) || prev.first()?.0 != 0 || next.first()?.0 != 0 {
        return None;
    }
    let len = prev.len() as u64;
    (1..=len).find(|&d| {
        let kept = len - d;
        // Added at the end: none of them is one of the items that left (else they moved).
        let fresh = next
            .iter()
            .filter(|(i, _)| *i >= kept)
            .all(|(_, v)| !prev.iter().any(|(i, p)| *i < d && p == v));
        if d == len {
            fresh && next.len() > prev.len() && common.iter().all(|&c| c)
        } else {
            fresh
                && kept >= d
                && prev
                    .iter()
                    .filter(|(i, _)| *i >= d)
                    .all(|(i, v)| at(next, i - d) == Some(v))
        }
    })
}

/// How many items left the end of a sequence (a `pop()`): `next` is shorter than `prev`, both
/// start at index 0, and every item `next` holds equals `prev`'s at the same index. `None`
/// otherwise.
pub(crate) fn back_removed<T: PartialEq>(prev: &[(u64, T)], next: &[(u64, T)]) -> Option<u64> {
    let starts_at_0 = |list: &[(u64, T)]| list.first().is_none_or(|(i, _)| *i == 0);
    let kept = next.len() < prev.len()
        && starts_at_0(prev)
        && starts_at_0(next)
        && next.iter().zip(prev).all(|(n, p)| n == p);
    kept.then(|| (prev.len() - next.len()) as u64)
}

fn sequence_pairs(held: &Held) -> Vec<(u64, Deep<'_>)> {
    match held {
        Held::Sequence {
            offset,
            items,
            deep,
            ..
        } => items
            .iter()
            .zip(deep)
            .enumerate()
            .map(|(k, (v, d))| (offset + k as u64, (v, d.as_ref())))
            .collect(),
        _ => Vec::new(),
    }
}

fn cell(step: &Step, value: &Value, changed: bool, from: Option<u64>) -> RowCell {
    RowCell {
        value: value.clone(),
        text: text(step, value),
        changed,
        from,
    }
}

/// The row's view of one container.
fn container(
    step: &Step,
    name: &str,
    now: Option<&HeldBy>,
    before: Option<&HeldBy>,
    focus: Option<[u64; 2]>,
) -> RowContainer {
    let Some(now) = now else {
        return RowContainer {
            name: name.to_string(),
            id: None,
            rebound: before.is_some(),
            content: RowContent::Absent,
        };
    };
    let rebound = before.is_some_and(|b| b.id != now.id);
    let before_held = before.map(|b| &b.held);
    let content = match &now.held {
        Held::Sequence {
            kind,
            type_name,
            offset,
            length,
            items,
            ..
        } => {
            let next = sequence_pairs(&now.held);
            let prev = before_held.map(sequence_pairs).unwrap_or_default();
            let cells = if *kind == ContainerKind::Set {
                // A set has no positions: a member is new when the previous set lacks it, and
                // members are drawn in one order whatever the set's iteration order.
                let mut cells: Vec<RowCell> = next
                    .iter()
                    .map(|(_, (v, d))| {
                        let new = !prev.iter().any(|(_, (pv, pd))| pv == v && pd == d);
                        cell(step, v, new, None)
                    })
                    .collect();
                sort_members(&mut cells);
                cells
            } else if let Some(d) = front_removed(&prev, &next) {
                // Items left the front: every remaining one moved left by `d`, the rest were
                // added at the end.
                let kept = prev.len() as u64 - d; // items that stayed
                items
                    .iter()
                    .zip(&next)
                    .map(|(v, (index, now))| {
                        let index = *index;
                        let same = prev.iter().any(|(i, p)| *i == index && p == now);
                        match (same, index < kept) {
                            (true, _) => cell(step, v, false, None),
                            (false, true) => cell(step, v, true, Some(index + d)),
                            (false, false) => cell(step, v, true, None),
                        }
                    })
                    .collect()
            } else {
                let moved = moves(&prev, &next);
                items
                    .iter()
                    .enumerate()
                    .map(|(k, v)| {
                        let index = offset + k as u64;
                        match moved.iter().find(|(i, _)| *i == index) {
                            Some((_, from)) => cell(step, v, true, *from),
                            None => cell(step, v, false, None),
                        }
                    })
                    .collect()
            };
            let removed_front = match (&kind, before_held) {
                (ContainerKind::Set, _) => Vec::new(),
                (_, Some(Held::Sequence { items: old, .. })) => {
                    let d = front_removed(&prev, &next).unwrap_or(0) as usize;
                    old.iter()
                        .take(d)
                        .map(|v| cell(step, v, true, None))
                        .collect()
                }
                _ => Vec::new(),
            };
            let removed_back = match (&kind, before_held) {
                (ContainerKind::Set, _) => Vec::new(),
                // Whole sequences only: a window's missing items could be what left.
                (
                    _,
                    Some(Held::Sequence {
                        items: old,
                        length: old_length,
                        ..
                    }),
                ) if *old_length == old.len() as u64 && *length == items.len() as u64 => {
                    let d = back_removed(&prev, &next).unwrap_or(0) as usize;
                    old.iter()
                        .skip(old.len() - d)
                        .map(|v| cell(step, v, true, None))
                        .collect()
                }
                _ => Vec::new(),
            };
            RowContent::Sequence(SequenceRow {
                type_name: type_name.clone(),
                offset: *offset,
                length: *length,
                cells,
                removed_front,
                removed_back,
            })
        }
        Held::Dict {
            type_name,
            length,
            entries,
            deep,
        } => {
            let old: Vec<(&Value, Deep<'_>)> = match before_held {
                Some(Held::Dict { entries, deep, .. }) => entries
                    .iter()
                    .zip(deep)
                    .map(|((k, v), d)| (k, (v, d.as_ref())))
                    .collect(),
                _ => Vec::new(),
            };
            let entries = entries
                .iter()
                .zip(deep)
                .map(|((k, v), d)| {
                    let was = old.iter().find(|(ok, _)| *ok == k).map(|(_, ov)| ov);
                    RowEntry {
                        key: k.clone(),
                        key_text: text(step, k),
                        value: v.clone(),
                        text: text(step, v),
                        changed: was != Some(&(v, d.as_ref())),
                    }
                })
                .collect();
            RowContent::Dict(DictRow {
                type_name: type_name.clone(),
                length: *length,
                entries,
            })
        }
        Held::Grid { type_name, rows } => {
            let old: &[Vec<Value>] = match before_held {
                Some(Held::Grid { rows, .. }) => rows,
                _ => &[],
            };
            let rows = rows
                .iter()
                .enumerate()
                .map(|(r, row)| {
                    row.iter()
                        .enumerate()
                        .map(|(c, v)| {
                            let was = old.get(r).and_then(|row| row.get(c));
                            cell(step, v, was != Some(v), None)
                        })
                        .collect()
                })
                .collect();
            RowContent::Grid(GridRow {
                type_name: type_name.clone(),
                rows,
                focus,
            })
        }
    };
    RowContainer {
        name: name.to_string(),
        id: Some(now.id.clone()),
        rebound,
        content,
    }
}

/// Where a row's state comes from and what it is compared with.
pub(crate) struct RowInput<'a> {
    /// The row's step.
    pub step: usize,
    /// The frame the loops run in.
    pub frame: &'a str,
    /// The state at the row's step.
    pub now: &'a Snapshot,
    /// The state at the compared step.
    pub before: &'a Snapshot,
    /// The loop variables, whose changes alone leave a row quiet.
    pub loop_vars: &'a [String],
}

/// The shown containers, scalars and pointers of one row, and whether it changed anything
/// beyond the loop variables.
pub(crate) fn row_state(
    trace: &Trace,
    selection: &Selection,
    input: &RowInput<'_>,
    options: &LoopSceneOptions,
) -> (Vec<RowContainer>, Vec<RowScalar>, Vec<RowPointer>, bool) {
    let Some(step) = trace.steps.get(input.step) else {
        return (Vec::new(), Vec::new(), Vec::new(), false);
    };
    let grids: Vec<Grid> = selection
        .containers
        .iter()
        .filter_map(|name| input.now.containers.get(name))
        .filter(|h| matches!(h.held, Held::Grid { .. }))
        .filter_map(|h| crate::shapes::find_grids(step, std::slice::from_ref(&h.id)).pop())
        .collect();
    let prev_step = input.step.checked_sub(1).and_then(|i| trace.steps.get(i));
    let focus = grid_focus(trace, prev_step, step, &grids);
    let containers: Vec<RowContainer> = selection
        .containers
        .iter()
        .map(|name| {
            let now = input.now.containers.get(name);
            let f = focus
                .as_ref()
                .filter(|f| now.is_some_and(|h| h.id == f.grid))
                .map(|f| [f.row, f.col]);
            container(step, name, now, input.before.containers.get(name), f)
        })
        .collect();
    let scalars: Vec<RowScalar> = selection
        .scalars
        .iter()
        .map(|name| {
            let value = input.now.scalars.get(name);
            RowScalar {
                name: name.clone(),
                value: value.cloned(),
                text: value.map(|v| text(step, v)).unwrap_or_default(),
                changed: value != input.before.scalars.get(name),
            }
        })
        .collect();
    let frame_here = frame_at(step, input.frame).is_some();
    let pointers: Vec<RowPointer> = if frame_here {
        find_pointers(trace, step, &grids, &|_, _| false, &options.scene)
            .into_iter()
            .filter(|p| p.frame == input.frame)
            .flat_map(|p| {
                containers
                    .iter()
                    .filter(|c| c.id.as_deref() == Some(p.object.as_str()))
                    .map(|c| RowPointer {
                        name: p.name.clone(),
                        container: c.name.clone(),
                        axis: p.axis,
                        index: p.index,
                        hollow: p.hollow,
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    } else {
        Vec::new()
    };
    let container_changed = selection.containers.iter().any(|name| {
        !same_held(
            input.now.containers.get(name),
            input.before.containers.get(name),
        )
    });
    let scalar_changed = scalars
        .iter()
        .any(|s| s.changed && !input.loop_vars.contains(&s.name));
    let changed = container_changed || scalar_changed;
    (containers, scalars, pointers, changed)
}
