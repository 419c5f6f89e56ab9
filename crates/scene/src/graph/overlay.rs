//! The state a graph shows at one step, read from the program's own variables.
//!
//! Every variable in view (innermost frame first, and one level into instances:
//! `self.visited`, `heap.items`) is asked two questions: what kind of container is it, and
//! does it hold nodes of the graph (directly, or in `(priority, node)` pairs)? From that:
//!
//! | container | holds | read as |
//! |---|---|---|
//! | set | nodes | visited |
//! | list, deque, tuple | nodes | queue (stack when named like one; visited when named like an order) |
//! | list | `(priority, node)` pairs | priority queue |
//! | dict | node → node or None | parent map |
//! | dict | node → number | distance map |
//! | dict | node → bool | visited (the true ones) |
//! | list of length n, nodes exactly 0..n-1 | bool / number / node-or-None per node | visited / distance / parent |
//! | primitive | a node | a pointer; the current node when named like one or used as `graph[name]` |
//!
//! When several variables fit one role, a conventional name wins (`visited`/`seen`,
//! `parent`/`prev`, `dist`, `queue`/`q`/`stack`/`frontier`), then the innermost frame; names
//! never make a variable fit a role its contents do not. Nodes of a graph of objects may
//! carry their own state in fields (`visited`, `dist`, `parent`).

use std::collections::BTreeSet;

use algoscope_trace_format::{Frame, FrameState, HeapObject, Step, Trace, Value};

use super::keys::node_key;
use super::types::{
    GraphOverlay, GraphQueue, NodeLabel, NodePointer, ParentLink, QueueKind, QueuedNode, SceneGraph,
};
use crate::types::SceneOptions;

/// Names that mark a visited collection.
pub const VISITED_NAMES: &[&str] = &[
    "visited", "seen", "done", "explored", "closed", "marked", "vis", "used", "finished",
];
/// Names that mark a list of nodes in the order they were reached (read as visited).
pub const ORDER_NAMES: &[&str] = &["order", "result", "res", "out", "topo", "ans", "traversal"];
/// Names that mark a queue.
pub const QUEUE_NAMES: &[&str] = &[
    "queue",
    "q",
    "frontier",
    "open",
    "todo",
    "pending",
    "work",
    "worklist",
    "deque",
    "dq",
    "heap",
    "pq",
    "items",
    "fringe",
    "next_level",
];
/// Names that mark a stack.
pub const STACK_NAMES: &[&str] = &["stack", "stk", "st", "path"];
/// Names that mark a parent map.
pub const PARENT_NAMES: &[&str] = &[
    "parent",
    "parents",
    "prev",
    "previous",
    "pred",
    "came_from",
    "camefrom",
    "cameFrom",
    "from",
    "back",
    "tree",
];
/// Names that mark a distance map.
pub const DISTANCE_NAMES: &[&str] = &[
    "dist",
    "distance",
    "distances",
    "d",
    "cost",
    "costs",
    "depth",
    "level",
    "g",
    "best",
];
/// Names that mark the current node.
pub const CURRENT_NAMES: &[&str] = &[
    "node", "current", "cur", "curr", "u", "vertex", "at", "here", "top",
];
/// Other names whose node is labelled in the graph.
pub const POINTER_NAMES: &[&str] = &[
    "start",
    "source",
    "src",
    "s",
    "target",
    "goal",
    "end",
    "dst",
    "dest",
    "neighbor",
    "neighbour",
    "nbr",
    "nei",
    "v",
    "w",
    "next_node",
    "nxt",
    "child",
];

/// The last part of a dotted name, lower-cased (`self.Visited` → `visited`).
fn base(name: &str) -> String {
    name.rsplit('.').next().unwrap_or(name).to_ascii_lowercase()
}

fn named(name: &str, list: &[&str]) -> bool {
    let b = base(name);
    list.iter().any(|n| n.eq_ignore_ascii_case(&b))
}

/// A variable in view: its name, value and frame rank (0 = innermost active frame).
struct Var<'a> {
    name: String,
    value: &'a Value,
    rank: usize,
}

/// Variables in view, innermost frame first, then fields of instances they point at.
fn vars(step: &Step) -> Vec<Var<'_>> {
    let mut out = Vec::new();
    let mut inner = Vec::new();
    let frames: Vec<&Frame> = step
        .stack
        .iter()
        .rev()
        .filter(|f| f.state == FrameState::Active)
        .collect();
    for (rank, frame) in frames.iter().enumerate() {
        for (name, value) in &frame.locals {
            out.push(Var {
                name: name.clone(),
                value,
                rank,
            });
            if let Some(HeapObject::Instance(inst)) = value
                .ref_id()
                .and_then(|id| step.heap.get(id))
                .map(|o| o.as_ref())
            {
                for (field, v) in &inst.fields {
                    if v.ref_id().is_some() {
                        inner.push(Var {
                            name: format!("{name}.{field}"),
                            value: v,
                            rank,
                        });
                    }
                }
            }
        }
    }
    out.extend(inner);
    out
}

/// A role candidate: score (lower wins), name, and what it says.
struct Pick<T> {
    score: (u8, usize, usize),
    name: String,
    data: T,
}

/// Parent links from (node, parent key when the value names a node), without self-links
/// (a root that is its own parent).
fn parent_links(pairs: impl Iterator<Item = (String, Option<String>)>) -> Vec<ParentLink> {
    pairs
        .filter_map(|(node, parent)| parent.map(|parent| ParentLink { node, parent }))
        .filter(|l| l.node != l.parent)
        .collect()
}

fn offer<T>(slot: &mut Option<Pick<T>>, pick: Pick<T>) {
    if slot.as_ref().is_none_or(|s| pick.score < s.score) {
        *slot = Some(pick);
    }
}

/// The graph's node keys, and whether they are exactly `n:0..n:n-1`.
struct Nodes {
    keys: BTreeSet<String>,
    dense: bool,
}

impl Nodes {
    fn of(graph: &SceneGraph) -> Nodes {
        let keys: BTreeSet<String> = graph.nodes.iter().map(|n| n.key.clone()).collect();
        let dense = (0..keys.len()).all(|i| keys.contains(&format!("n:{i}")));
        Nodes { keys, dense }
    }

    fn key(&self, v: &Value, step: &Step) -> Option<String> {
        node_key(v, step).filter(|k| self.keys.contains(k))
    }
}

fn is_number(v: &Value) -> bool {
    match v {
        Value::Prim {
            type_name, repr, ..
        } => {
            matches!(type_name.as_str(), "int" | "float" | "number" | "bigint")
                || repr == "inf"
                || repr == "Infinity"
        }
        _ => false,
    }
}

fn is_bool(v: &Value) -> bool {
    matches!(v, Value::Prim { type_name, .. } if type_name == "bool" || type_name == "boolean")
}

fn is_true(v: &Value) -> bool {
    matches!(v, Value::Prim { repr, .. } if repr == "True" || repr == "true")
}

/// `None`/`null`/`undefined`, or the `-1` sentinel of per-node lists.
fn is_none(v: &Value) -> bool {
    matches!(v, Value::Prim { type_name, .. }
        if matches!(type_name.as_str(), "NoneType" | "null" | "undefined"))
        || matches!(v, Value::Prim { repr, .. } if repr == "-1")
}

/// A value's text; infinity as `∞`.
fn text(v: &Value) -> String {
    match v {
        Value::Prim { repr, .. }
            if matches!(repr.as_str(), "inf" | "Infinity" | "float('inf')") =>
        {
            "∞".to_string()
        }
        Value::Prim { repr, .. } => repr.clone(),
        _ => String::new(),
    }
}

/// A node or a `(priority, node)` pair: (node key, priority text).
fn queue_item(v: &Value, step: &Step, nodes: &Nodes) -> Option<(String, Option<f64>)> {
    if let Some(k) = nodes.key(v, step) {
        return Some((k, None));
    }
    let id = v.ref_id()?;
    let (HeapObject::List(p) | HeapObject::Tuple(p)) = step.heap.get(id)?.as_ref() else {
        return None;
    };
    if p.items.len() < 2 || !is_number(&p.items[0]) {
        return None;
    }
    let prio = text(&p.items[0]).parse().ok();
    // (priority, node) or (priority, tiebreak, node).
    p.items[1..]
        .iter()
        .rev()
        .find_map(|x| nodes.key(x, step))
        .map(|k| (k, prio.or(Some(f64::INFINITY))))
}

/// Reads the overlay of `graph` at `step`.
pub(crate) fn read_overlay(
    trace: &Trace,
    step: &Step,
    graph: &SceneGraph,
    options: &SceneOptions,
) -> GraphOverlay {
    let nodes = Nodes::of(graph);
    let members: BTreeSet<&str> = graph.members.iter().map(String::as_str).collect();
    let mut visited: Option<Pick<Vec<String>>> = None;
    let mut queue: Option<Pick<(QueueKind, Vec<String>)>> = None;
    let mut parents: Option<Pick<Vec<ParentLink>>> = None;
    let mut distances: Option<Pick<Vec<NodeLabel>>> = None;
    let mut seen_ids: BTreeSet<&str> = BTreeSet::new();
    let all = vars(step);
    for (order, var) in all.iter().enumerate() {
        let Some(id) = var.value.ref_id() else {
            continue;
        };
        if members.contains(id) || !seen_ids.insert(id) {
            continue;
        }
        let Some(object) = step.heap.get(id) else {
            continue;
        };
        let score = |list: &[&str]| (u8::from(!named(&var.name, list)), var.rank, order);
        match object.as_ref() {
            HeapObject::Set(s) => {
                let keys: Option<Vec<String>> =
                    s.items.iter().map(|v| nodes.key(v, step)).collect();
                if let Some(keys) = keys {
                    if !keys.is_empty() || named(&var.name, VISITED_NAMES) {
                        offer(
                            &mut visited,
                            Pick {
                                score: score(VISITED_NAMES),
                                name: var.name.clone(),
                                data: keys,
                            },
                        );
                    }
                }
            }
            HeapObject::List(s) | HeapObject::Tuple(s) => {
                let n = nodes.keys.len();
                let per_node = nodes.dense
                    && s.length as usize == n
                    && s.items.len() == n
                    && !named(&var.name, QUEUE_NAMES)
                    && !named(&var.name, STACK_NAMES);
                if per_node {
                    if s.items.iter().all(is_bool) {
                        let keys = (0..n)
                            .filter(|&i| is_true(&s.items[i]))
                            .map(|i| format!("n:{i}"))
                            .collect();
                        offer(
                            &mut visited,
                            Pick {
                                score: score(VISITED_NAMES),
                                name: var.name.clone(),
                                data: keys,
                            },
                        );
                        continue;
                    }
                    let all_nodes_or_none = s
                        .items
                        .iter()
                        .all(|v| is_none(v) || nodes.key(v, step).is_some());
                    let all_nodes = s.items.iter().all(|v| nodes.key(v, step).is_some());
                    if all_nodes_or_none
                        && (!all_nodes || named(&var.name, PARENT_NAMES))
                        && !named(&var.name, DISTANCE_NAMES)
                    {
                        let links = parent_links(
                            (0..n).map(|i| (format!("n:{i}"), nodes.key(&s.items[i], step))),
                        );
                        offer(
                            &mut parents,
                            Pick {
                                score: score(PARENT_NAMES),
                                name: var.name.clone(),
                                data: links,
                            },
                        );
                        continue;
                    }
                    if s.items.iter().all(|v| is_number(v) || is_none(v))
                        && (!all_nodes || named(&var.name, DISTANCE_NAMES))
                    {
                        let labels = (0..n)
                            .filter(|&i| !is_none(&s.items[i]))
                            .map(|i| NodeLabel {
                                node: format!("n:{i}"),
                                text: text(&s.items[i]),
                            })
                            .collect();
                        offer(
                            &mut distances,
                            Pick {
                                score: score(DISTANCE_NAMES),
                                name: var.name.clone(),
                                data: labels,
                            },
                        );
                        continue;
                    }
                }
                let items: Option<Vec<(String, Option<f64>)>> = s
                    .items
                    .iter()
                    .map(|v| queue_item(v, step, &nodes))
                    .collect();
                let Some(items) = items else { continue };
                if items.is_empty()
                    && !named(&var.name, QUEUE_NAMES)
                    && !named(&var.name, STACK_NAMES)
                {
                    continue;
                }
                if named(&var.name, ORDER_NAMES) || named(&var.name, VISITED_NAMES) {
                    let keys = items.into_iter().map(|(k, _)| k).collect();
                    offer(
                        &mut visited,
                        Pick {
                            score: (1, var.rank, order),
                            name: var.name.clone(),
                            data: keys,
                        },
                    );
                    continue;
                }
                let prioritised = items.iter().any(|(_, p)| p.is_some());
                let kind = if prioritised {
                    QueueKind::Priority
                } else if named(&var.name, STACK_NAMES) {
                    QueueKind::Stack
                } else {
                    QueueKind::Queue
                };
                let mut ordered: Vec<(usize, (String, Option<f64>))> =
                    items.into_iter().enumerate().collect();
                match kind {
                    QueueKind::Stack => ordered.reverse(),
                    QueueKind::Priority => ordered.sort_by(|a, b| {
                        a.1 .1
                            .unwrap_or(f64::INFINITY)
                            .total_cmp(&b.1 .1.unwrap_or(f64::INFINITY))
                            .then(a.0.cmp(&b.0))
                    }),
                    QueueKind::Queue => {}
                }
                let keys = ordered.into_iter().map(|(_, (k, _))| k).collect();
                let list: &[&str] = if kind == QueueKind::Stack {
                    STACK_NAMES
                } else {
                    QUEUE_NAMES
                };
                offer(
                    &mut queue,
                    Pick {
                        score: score(list),
                        name: var.name.clone(),
                        data: (kind, keys),
                    },
                );
            }
            HeapObject::Dict(m) => {
                let keyed: Option<Vec<(String, &Value)>> = m
                    .entries
                    .iter()
                    .map(|(k, v)| nodes.key(k, step).map(|k| (k, v)))
                    .collect();
                let Some(keyed) = keyed else { continue };
                if keyed.is_empty() {
                    continue;
                }
                if keyed.iter().all(|(_, v)| is_bool(v)) {
                    let keys = keyed
                        .iter()
                        .filter(|(_, v)| is_true(v))
                        .map(|(k, _)| k.clone())
                        .collect();
                    offer(
                        &mut visited,
                        Pick {
                            score: score(VISITED_NAMES),
                            name: var.name.clone(),
                            data: keys,
                        },
                    );
                } else if keyed
                    .iter()
                    .all(|(_, v)| nodes.key(v, step).is_some() || is_none(v))
                    && !(keyed.iter().all(|(_, v)| is_number(v))
                        && named(&var.name, DISTANCE_NAMES))
                {
                    let links =
                        parent_links(keyed.iter().map(|(k, v)| (k.clone(), nodes.key(v, step))));
                    offer(
                        &mut parents,
                        Pick {
                            score: score(PARENT_NAMES),
                            name: var.name.clone(),
                            data: links,
                        },
                    );
                } else if keyed.iter().all(|(_, v)| is_number(v)) {
                    let labels = keyed
                        .iter()
                        .map(|(k, v)| NodeLabel {
                            node: k.clone(),
                            text: text(v),
                        })
                        .collect();
                    offer(
                        &mut distances,
                        Pick {
                            score: score(DISTANCE_NAMES),
                            name: var.name.clone(),
                            data: labels,
                        },
                    );
                }
            }
            _ => {}
        }
    }
    let mut overlay = GraphOverlay {
        visited_name: visited.as_ref().map(|p| p.name.clone()),
        visited: visited.map(|p| dedup(p.data)).unwrap_or_default(),
        queue: queue.map(|p| GraphQueue {
            name: p.name,
            kind: p.data.0,
            nodes: p
                .data
                .1
                .into_iter()
                .enumerate()
                .map(|(i, node)| QueuedNode {
                    node,
                    position: i as u32 + 1,
                })
                .collect(),
        }),
        pointers: pointers(trace, step, graph, &nodes, options),
        parent_name: parents.as_ref().map(|p| p.name.clone()),
        parents: parents.map(|p| p.data).unwrap_or_default(),
        distance_name: distances.as_ref().map(|p| p.name.clone()),
        distances: distances.map(|p| p.data).unwrap_or_default(),
    };
    object_fields(step, graph, &nodes, &mut overlay);
    overlay
}

fn dedup(keys: Vec<String>) -> Vec<String> {
    let mut seen = BTreeSet::new();
    keys.into_iter()
        .filter(|k| seen.insert(k.clone()))
        .collect()
}

/// Primitive variables naming a node, from the innermost active frame that has any.
fn pointers(
    trace: &Trace,
    step: &Step,
    graph: &SceneGraph,
    nodes: &Nodes,
    options: &SceneOptions,
) -> Vec<NodePointer> {
    let subscripts: Vec<&str> = trace
        .index_names
        .iter()
        .filter(|(container, _)| base(container) == base(&graph.name))
        .flat_map(|(_, names)| names.iter().map(String::as_str))
        .chain(
            options
                .hints
                .pointers
                .iter()
                .filter(|(container, _)| base(container) == base(&graph.name))
                .flat_map(|(_, names)| names.iter().map(String::as_str)),
        )
        .collect();
    for frame in step
        .stack
        .iter()
        .rev()
        .filter(|f| f.state == FrameState::Active)
    {
        let mut found = Vec::new();
        for (name, value) in &frame.locals {
            if !matches!(value, Value::Prim { .. }) {
                continue;
            }
            let Some(node) = nodes.key(value, step) else {
                continue;
            };
            let subscript = subscripts.contains(&name.as_str());
            let current = subscript || named(name, CURRENT_NAMES);
            if current || named(name, POINTER_NAMES) {
                found.push(NodePointer {
                    name: name.clone(),
                    node,
                    current,
                });
            }
        }
        if !found.is_empty() {
            return found;
        }
    }
    Vec::new()
}

/// State kept in the node objects' own fields (`visited`, `dist`, `parent`), for graphs of
/// objects, when no variable gave that role.
fn object_fields(step: &Step, graph: &SceneGraph, nodes: &Nodes, overlay: &mut GraphOverlay) {
    let (mut visited, mut parents, mut distances) = (Vec::new(), Vec::new(), Vec::new());
    let (mut vname, mut pname, mut dname) = (None, None, None);
    for node in &graph.nodes {
        let Some(HeapObject::Instance(inst)) = node
            .object
            .as_deref()
            .and_then(|id| step.heap.get(id))
            .map(|o| o.as_ref())
        else {
            continue;
        };
        for (field, v) in &inst.fields {
            if named(field, VISITED_NAMES) && is_bool(v) {
                vname.get_or_insert_with(|| format!(".{field}"));
                if is_true(v) {
                    visited.push(node.key.clone());
                }
            } else if named(field, PARENT_NAMES) {
                if let Some(p) = nodes.key(v, step) {
                    pname.get_or_insert_with(|| format!(".{field}"));
                    parents.push(ParentLink {
                        node: node.key.clone(),
                        parent: p,
                    });
                }
            } else if named(field, DISTANCE_NAMES) && is_number(v) {
                dname.get_or_insert_with(|| format!(".{field}"));
                distances.push(NodeLabel {
                    node: node.key.clone(),
                    text: text(v),
                });
            }
        }
    }
    if overlay.visited_name.is_none() && vname.is_some() {
        overlay.visited_name = vname;
        overlay.visited = visited;
    }
    if overlay.parent_name.is_none() && pname.is_some() {
        overlay.parent_name = pname;
        overlay.parents = parents;
    }
    if overlay.distance_name.is_none() && dname.is_some() {
        overlay.distance_name = dname;
        overlay.distances = distances;
    }
}
