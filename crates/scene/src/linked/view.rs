//! [`linked_view`]: the track over many rows, with a shared column order and chains.

use std::collections::BTreeMap;

use algoscope_trace_format::Trace;

use super::row::linked_row;
use super::track::find_linked_track;
use super::types::{LinkedRow, LinkedRowSpec, LinkedView};
use crate::build::SceneError;
use crate::hints::LinkedHint;

/// The linked track of `rows` (see [`find_linked_track`]) and every row's view (see
/// [`linked_row`]), with the column order shared by all rows and the chains.
///
/// Columns: the first row's reading order, then nodes first seen in later rows appended, so
/// the first row's structure reads left to right and a node keeps its column. Chains: nodes
/// joined by a link in any row are one chain (so a node does not change lines when it is
/// linked in later), each in column order, chains ordered by their first column.
///
/// Returns `Ok(None)` when there is no track.
///
/// # Errors
/// [`SceneError::StepOutOfRange`] when a row names a step the trace does not have.
///
/// # Example
/// ```
/// use algoscope_scene::{linked_view, LinkedRowSpec};
/// let node = |id: &str, v: u32, next: Option<&str>| format!(
///     r#""{id}":{{"kind":"instance","typeName":"Node","fields":[["val",{{"kind":"prim","type":"int","repr":"{v}"}}],["next",{}]]}}"#,
///     next.map_or(r#"{"kind":"prim","type":"NoneType","repr":"None"}"#.to_string(),
///                 |n| format!(r#"{{"kind":"ref","id":"{n}"}}"#)));
/// let step = |heap: Vec<String>| format!(
///     r#"{{"event":"line","line":1,"stdoutLength":0,"stack":[{{"id":"f1","func":"<module>","line":1,
///        "locals":[["a",{{"kind":"ref","id":"o1"}}],["b",{{"kind":"ref","id":"o2"}}]]}}],"heap":{{{}}}}}"#,
///     heap.join(","));
/// let json = format!(r#"{{"version":1,"language":"python","source":"","stdout":"","steps":[{},{}]}}"#,
///     step(vec![node("o1", 1, None), node("o2", 2, None)]),
///     step(vec![node("o1", 1, Some("o2")), node("o2", 2, None)]));
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(&json).unwrap();
/// let rows = [LinkedRowSpec::step(0), LinkedRowSpec::step(1)];
/// let view = linked_view(&trace, &rows, None).unwrap().unwrap();
/// assert_eq!(view.columns, ["o1", "o2"]);
/// assert_eq!(view.chains, [vec!["o1".to_string(), "o2".to_string()]]); // linked in row 2
/// assert_ne!(view.rows[0].signature, view.rows[1].signature);
/// ```
pub fn linked_view(
    trace: &Trace,
    rows: &[LinkedRowSpec],
    hint: Option<&LinkedHint>,
) -> Result<Option<LinkedView>, SceneError> {
    let Some(track) = find_linked_track(trace, rows, hint)? else {
        return Ok(None);
    };
    let rows: Vec<LinkedRow> = rows
        .iter()
        .map(|spec| linked_row(trace, spec, &track))
        .collect::<Result<_, _>>()?;
    let (columns, chains) = shared_order(&rows.iter().collect::<Vec<_>>());
    Ok(Some(LinkedView {
        track,
        rows,
        columns,
        chains,
    }))
}

/// The columns and chains [`linked_view`] gives `rows` (in row order): nodes in order of
/// first appearance, and the chains of nodes joined by a link in any row.
pub(crate) fn shared_order(rows: &[&LinkedRow]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut columns: Vec<String> = Vec::new();
    let mut column_of: BTreeMap<String, usize> = BTreeMap::new();
    for row in rows {
        for node in &row.nodes {
            if !column_of.contains_key(&node.id) {
                column_of.insert(node.id.clone(), columns.len());
                columns.push(node.id.clone());
            }
        }
    }
    let chains = chains(rows, &columns, &column_of);
    (columns, chains)
}

/// Union-find over every link of every row; each set in column order, sets by first column.
fn chains(
    rows: &[&LinkedRow],
    columns: &[String],
    column_of: &BTreeMap<String, usize>,
) -> Vec<Vec<String>> {
    let mut parent: Vec<usize> = (0..columns.len()).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for row in rows {
        for node in &row.nodes {
            let Some(&a) = column_of.get(&node.id) else {
                continue;
            };
            for t in node.targets() {
                if let Some(&b) = column_of.get(t) {
                    let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                    // The earlier column is the set's representative.
                    parent[ra.max(rb)] = ra.min(rb);
                }
            }
        }
    }
    let mut sets: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (i, id) in columns.iter().enumerate() {
        let root = find(&mut parent, i);
        sets.entry(root).or_default().push(id.clone());
    }
    sets.into_values().collect()
}
