//! What the loop view shows: containers of the loop's frame that change during the run or
//! that the code indexes, scalars that change or are used as index pointers, and every `show`
//! hint name; when nothing qualifies, everything in the frame.

use algoscope_trace_format::{Trace, Value};
use serde::{Deserialize, Serialize};

use super::snapshot::Snapshot;
use super::types::LoopSceneOptions;
use crate::pointers::whole_number;

/// The names shown, in frame order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Selection {
    /// Container variables.
    pub containers: Vec<String>,
    /// Scalar variables.
    pub scalars: Vec<String>,
}

/// True when the name holds different things in different states (bound in some and not in
/// others counts).
fn varies<T: PartialEq>(states: &[&Snapshot], get: impl Fn(&Snapshot) -> Option<&T>) -> bool {
    let mut values = states.iter().map(|s| get(s));
    match values.next() {
        Some(first) => values.any(|v| v != first),
        None => false,
    }
}

/// The names the code uses as subscripts of `container` (both levels of a grid).
fn index_names_of<'a>(trace: &'a Trace, container: &str) -> impl Iterator<Item = &'a String> {
    let outer = trace.index_names.get(container).into_iter().flatten();
    let inner = trace
        .index_names
        .get(&format!("{container}[]"))
        .into_iter()
        .flatten();
    outer.chain(inner)
}

/// Chooses the containers and scalars from every state of the run (each run's start and each
/// pass's end). Names that only ever refer to nodes of the linked track (`node_class`), or
/// hold null, are left to the linked view (it shows names on nodes); when there is one (`node_class` is set), it qualifies as
/// something shown, so the frame's other variables do not all come back.
pub(crate) fn select(
    trace: &Trace,
    states: &[&Snapshot],
    options: &LoopSceneOptions,
    node_class: Option<&str>,
) -> Selection {
    let mut order: Vec<&String> = Vec::new();
    for state in states {
        for name in &state.order {
            if !order.contains(&name) {
                order.push(name);
            }
        }
    }
    let is_container = |name: &str| states.iter().any(|s| s.containers.contains_key(name));
    let is_node = |name: &str| {
        node_class.is_some_and(|class| {
            states.iter().all(|s| match s.scalars.get(name) {
                Some(Value::Ref { .. }) => s.classes.get(name).map(String::as_str) == Some(class),
                Some(Value::Prim { type_name, .. }) => {
                    matches!(type_name.as_str(), "NoneType" | "null" | "undefined")
                }
                Some(_) => false,
                None => true,
            })
        })
    };
    let shown_by_hint = |name: &str| options.scene.hints.show.iter().any(|s| s == name);

    let containers: Vec<String> = order
        .iter()
        .filter(|name| is_container(name))
        .filter(|name| {
            shown_by_hint(name)
                || trace.index_names.contains_key(name.as_str())
                || varies(states, |s| s.containers.get(name.as_str()))
        })
        .map(|name| name.to_string())
        .collect();
    let indexed_shown = containers.iter().any(|c| {
        trace.index_names.contains_key(c) || trace.index_names.contains_key(&format!("{c}[]"))
    });
    let is_pointer = |name: &str| {
        let named = containers
            .iter()
            .any(|c| index_names_of(trace, c).any(|n| n == name));
        let conventional = indexed_shown
            && options
                .scene
                .conventional_pointers
                .iter()
                .any(|n| n == name);
        (named || conventional)
            && states
                .iter()
                .any(|s| s.scalars.get(name).and_then(whole_number).is_some())
    };
    let scalars: Vec<String> = order
        .iter()
        .filter(|name| !is_container(name))
        .filter(|name| {
            shown_by_hint(name)
                || (!is_node(name)
                    && (is_pointer(name) || varies(states, |s| s.scalars.get(name.as_str()))))
        })
        .map(|name| name.to_string())
        .collect();
    if containers.is_empty() && scalars.is_empty() && node_class.is_none() {
        return Selection {
            containers: order
                .iter()
                .filter(|n| is_container(n))
                .map(|n| n.to_string())
                .collect(),
            scalars: order
                .iter()
                .filter(|n| !is_container(n))
                .map(|n| n.to_string())
                .collect(),
        };
    }
    Selection {
        containers,
        scalars,
    }
}
