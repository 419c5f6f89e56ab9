//! Finding the graphs of one step.
//!
//! Candidates are the objects the variables in view point at (innermost frame first) and,
//! one level in, the fields of the instances they point at (`self.adj`). In order:
//! 1. hinted variables (`viz: graph NAME`): a dict read as an adjacency map, or a list of
//!    neighbour lists, with the "half the neighbours are keys" rule waived;
//! 2. adjacency maps: dicts / Maps / plain objects of 2–40 nodes whose values are all
//!    collections (list, tuple, set) of nodes or `(node, weight)` pairs, or dicts node →
//!    weight, where at least half the neighbours are keys;
//! 3. graphs of objects: a class some of whose reachable instances hold a non-empty
//!    collection of instances of the same class (2–40 nodes).
//!
//! Lists of lists are never read as graphs without a hint: grids look the same. A graph the
//! run-wide universe already knows ([`crate::SceneOptions::known_graphs`]) is read with the
//! neighbour rule waived, so a graph keeps being drawn while it is still being built.

use std::collections::{BTreeMap, BTreeSet};

use algoscope_trace_format::{HeapObject, Mapping, Sequence, Step, Trace, Value};

use super::keys::{key_label, node_key};
use super::types::{GraphEdge, GraphKind, GraphNode, SceneGraph};
use crate::types::SceneOptions;

/// Fewest nodes a detected graph has.
pub const MIN_GRAPH_NODES: usize = 2;
/// Most nodes a detected graph has.
pub const MAX_GRAPH_NODES: usize = 40;

/// Field names that name a node object, in preference order.
const LABEL_FIELDS: &[&str] = &[
    "name", "label", "key", "id", "val", "value", "data", "ch", "letter", "city",
];

/// An object a variable in view points at, with the name it is known by.
struct Candidate<'a> {
    name: String,
    id: &'a str,
}

/// Every object the variables point at, innermost frame first, then one level into
/// instances (`self.adj`); each object once, under its first name.
fn candidates(step: &Step) -> Vec<Candidate<'_>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let mut second = Vec::new();
    for frame in step.stack.iter().rev() {
        for (name, value) in &frame.locals {
            let Some(id) = value.ref_id() else { continue };
            if seen.insert(id) {
                out.push(Candidate {
                    name: name.clone(),
                    id,
                });
            }
            if let Some(HeapObject::Instance(inst)) = step.heap.get(id).map(|o| o.as_ref()) {
                for (field, v) in &inst.fields {
                    if let Some(fid) = v.ref_id() {
                        second.push(Candidate {
                            name: format!("{name}.{field}"),
                            id: fid,
                        });
                    }
                }
            }
        }
    }
    for c in second {
        if seen.insert(c.id) {
            out.push(c);
        }
    }
    out
}

/// A graph read from its holder, before the overlay.
struct Read {
    nodes: Vec<GraphNode>,
    edges: Vec<GraphEdge>,
    members: Vec<String>,
}

/// A neighbour entry: the node's key and the weight's text.
type Neighbour = (String, Option<String>);

fn is_number(v: &Value) -> bool {
    matches!(v, Value::Prim { type_name, .. }
        if matches!(type_name.as_str(), "int" | "float" | "number" | "bigint"))
}

fn prim_text(v: &Value) -> Option<String> {
    match v {
        Value::Prim { repr, .. } => Some(repr.clone()),
        _ => None,
    }
}

/// A whole sequence (not a window), or `None`.
fn whole(s: &Sequence) -> Option<&Sequence> {
    (s.offset == 0 && s.length == s.items.len() as u64).then_some(s)
}

/// Reads one neighbour collection: its entries and the extra member ids (pairs). `keys` are
/// the graph's own node keys (for choosing which side of a pair is the node).
fn read_neighbours(
    step: &Step,
    id: &str,
    keys: &BTreeSet<String>,
    members: &mut Vec<String>,
) -> Option<Vec<Neighbour>> {
    let object = step.heap.get(id)?;
    let mut out = Vec::new();
    match object.as_ref() {
        HeapObject::List(s) | HeapObject::Tuple(s) | HeapObject::Set(s) => {
            for item in &whole(s)?.items {
                out.push(read_item(step, item, keys, members)?);
            }
        }
        HeapObject::Dict(m) => {
            if m.length != m.entries.len() as u64 {
                return None;
            }
            for (k, v) in &m.entries {
                if !is_number(v) {
                    return None;
                }
                out.push((node_key(k, step)?, prim_text(v)));
                if let Some(id) = k.ref_id() {
                    members.push(id.to_string());
                }
            }
        }
        _ => return None,
    }
    Some(out)
}

/// One item of a neighbour collection: a node, or a `(node, weight)` / `(weight, node)` pair.
fn read_item(
    step: &Step,
    item: &Value,
    keys: &BTreeSet<String>,
    members: &mut Vec<String>,
) -> Option<Neighbour> {
    let whole_key = node_key(item, step);
    let is_key = whole_key.as_ref().is_some_and(|k| keys.contains(k));
    if let Some(id) = item.ref_id().filter(|_| !is_key) {
        if let Some(HeapObject::List(p) | HeapObject::Tuple(p)) =
            step.heap.get(id).map(|o| o.as_ref())
        {
            if p.items.len() == 2 && p.length == 2 {
                let (a, b) = (&p.items[0], &p.items[1]);
                let ka = node_key(a, step);
                let kb = node_key(b, step);
                let pick = if ka.as_ref().is_some_and(|k| keys.contains(k)) && is_number(b) {
                    Some((ka, b))
                } else if kb.as_ref().is_some_and(|k| keys.contains(k)) && is_number(a) {
                    Some((kb, a))
                } else if is_number(b) {
                    Some((ka, b))
                } else {
                    None
                };
                let (key, weight) = pick?;
                members.push(id.to_string());
                return Some((key?, prim_text(weight)));
            }
        }
    }
    let key = whole_key?;
    if let Some(id) = item.ref_id() {
        members.push(id.to_string());
    }
    Some((key, None))
}

/// Whether `(nodes, neighbours)` passes the size and "half the neighbours are keys" rules.
fn plausible(keys: &BTreeSet<String>, neighbours: &[&Neighbour], relaxed: bool) -> bool {
    if relaxed {
        return true;
    }
    let hits = neighbours.iter().filter(|(k, _)| keys.contains(k)).count();
    !neighbours.is_empty() && hits * 2 >= neighbours.len() && keys.len() >= MIN_GRAPH_NODES
}

/// Assembles nodes (keys first, then other neighbours) and edges.
fn assemble(
    step: &Step,
    keyed: Vec<(String, Option<String>, Vec<Neighbour>)>,
    members: Vec<String>,
    relaxed: bool,
) -> Option<Read> {
    let keys: BTreeSet<String> = keyed.iter().map(|(k, _, _)| k.clone()).collect();
    if keys.len() != keyed.len() {
        return None;
    }
    let all: Vec<&Neighbour> = keyed.iter().flat_map(|(_, _, n)| n.iter()).collect();
    if !plausible(&keys, &all, relaxed) {
        return None;
    }
    let mut nodes: Vec<GraphNode> = Vec::new();
    let mut known = BTreeSet::new();
    for (key, object, _) in &keyed {
        known.insert(key.clone());
        nodes.push(GraphNode {
            label: node_label(step, key, object.as_deref()),
            key: key.clone(),
            object: object.clone(),
        });
    }
    let mut edges = Vec::new();
    for (from, _, neighbours) in &keyed {
        for (to, weight) in neighbours {
            if known.insert(to.clone()) {
                let object = to.strip_prefix("o:").map(str::to_string);
                nodes.push(GraphNode {
                    label: node_label(step, to, object.as_deref()),
                    key: to.clone(),
                    object,
                });
            }
            edges.push(GraphEdge {
                from: from.clone(),
                to: to.clone(),
                weight: weight.clone(),
            });
        }
    }
    if nodes.len() > MAX_GRAPH_NODES || nodes.is_empty() {
        return None;
    }
    let mut seen = BTreeSet::new();
    let members = members
        .into_iter()
        .filter(|m| seen.insert(m.clone()))
        .collect();
    Some(Read {
        nodes,
        edges,
        members,
    })
}

/// Reads a dict as an adjacency map.
fn read_adjacency(step: &Step, holder: &str, map: &Mapping, relaxed: bool) -> Option<Read> {
    let n = map.entries.len();
    if map.length != n as u64 || n > MAX_GRAPH_NODES || (!relaxed && n < MIN_GRAPH_NODES) {
        return None;
    }
    let keys: BTreeSet<String> = map
        .entries
        .iter()
        .filter_map(|(k, _)| node_key(k, step))
        .collect();
    let mut members = vec![holder.to_string()];
    let mut keyed = Vec::with_capacity(n);
    for (k, v) in &map.entries {
        let key = node_key(k, step)?;
        if let Some(id) = k.ref_id() {
            members.push(id.to_string());
        }
        let list = v.ref_id()?;
        members.push(list.to_string());
        let neighbours = read_neighbours(step, list, &keys, &mut members)?;
        let object = key.strip_prefix("o:").map(str::to_string);
        keyed.push((key, object, neighbours));
    }
    assemble(step, keyed, members, relaxed)
}

/// Reads a list of neighbour lists (node `i`'s neighbours at index `i`).
fn read_neighbour_lists(step: &Step, holder: &str, seq: &Sequence) -> Option<Read> {
    let s = whole(seq)?;
    if s.items.is_empty() || s.items.len() > MAX_GRAPH_NODES {
        return None;
    }
    let keys: BTreeSet<String> = (0..s.items.len()).map(|i| format!("n:{i}")).collect();
    let mut members = vec![holder.to_string()];
    let mut keyed = Vec::with_capacity(s.items.len());
    for (i, item) in s.items.iter().enumerate() {
        let list = item.ref_id()?;
        members.push(list.to_string());
        let neighbours = read_neighbours(step, list, &keys, &mut members)?;
        keyed.push((format!("n:{i}"), None, neighbours));
    }
    assemble(step, keyed, members, true)
}

/// The instances a field value holds when it is a collection of instances of `class` (list,
/// tuple, set, or a dict keyed by them), with `(node, weight)` pairs allowed.
fn object_neighbours(
    step: &Step,
    value: &Value,
    class: &str,
    members: &mut Vec<String>,
) -> Option<Vec<Neighbour>> {
    let id = value.ref_id()?;
    let is_node = |v: &Value| {
        v.ref_id()
            .and_then(|r| step.heap.get(r))
            .is_some_and(|o| matches!(o.as_ref(), HeapObject::Instance(i) if i.type_name == class))
    };
    let mut out = Vec::new();
    let mut extra = Vec::new();
    match step.heap.get(id)?.as_ref() {
        HeapObject::List(s) | HeapObject::Tuple(s) | HeapObject::Set(s) => {
            for item in &s.items {
                if is_node(item) {
                    out.push((format!("o:{}", item.ref_id()?), None));
                    continue;
                }
                let pid = item.ref_id()?;
                let Some(HeapObject::List(p) | HeapObject::Tuple(p)) =
                    step.heap.get(pid).map(|o| o.as_ref())
                else {
                    return None;
                };
                let [a, b] = p.items.as_slice() else {
                    return None;
                };
                let (node, weight) = if is_node(a) && is_number(b) {
                    (a, b)
                } else if is_node(b) && is_number(a) {
                    (b, a)
                } else {
                    return None;
                };
                extra.push(pid.to_string());
                out.push((format!("o:{}", node.ref_id()?), prim_text(weight)));
            }
        }
        HeapObject::Dict(m) => {
            for (k, v) in &m.entries {
                if !is_node(k) {
                    return None;
                }
                out.push((
                    format!("o:{}", k.ref_id()?),
                    prim_text(v).filter(|_| is_number(v)),
                ));
            }
        }
        _ => return None,
    }
    if out.is_empty() {
        // An empty collection says nothing about its element type.
        return Some(out);
    }
    members.push(id.to_string());
    members.extend(extra);
    Some(out)
}

/// Reads the graph of objects of `class` among `order` (reachable objects in order).
fn read_objects(step: &Step, class: &str, order: &[String], relaxed: bool) -> Option<Read> {
    let nodes: Vec<&str> = order
        .iter()
        .filter(|id| {
            step.heap.get(id.as_str()).is_some_and(
                |o| matches!(o.as_ref(), HeapObject::Instance(i) if i.type_name == class),
            )
        })
        .map(String::as_str)
        .collect();
    if nodes.len() > MAX_GRAPH_NODES
        || nodes.is_empty()
        || (!relaxed && nodes.len() < MIN_GRAPH_NODES)
    {
        return None;
    }
    // Link fields: those holding a non-empty collection of same-class objects in some node.
    let instances: Vec<(&str, &algoscope_trace_format::Instance)> = nodes
        .iter()
        .filter_map(|id| match step.heap.get(*id).map(|o| o.as_ref()) {
            Some(HeapObject::Instance(inst)) => Some((*id, inst)),
            _ => None,
        })
        .collect();
    let mut links: BTreeSet<&str> = BTreeSet::new();
    for (_, inst) in &instances {
        for (field, v) in &inst.fields {
            if object_neighbours(step, v, class, &mut Vec::new()).is_some_and(|n| !n.is_empty()) {
                links.insert(field);
            }
        }
    }
    if links.is_empty() && !relaxed {
        return None;
    }
    let mut members: Vec<String> = Vec::new();
    let mut keyed = Vec::new();
    for (id, inst) in &instances {
        let mut neighbours = Vec::new();
        for (field, v) in &inst.fields {
            let mut m = Vec::new();
            let Some(found) = object_neighbours(step, v, class, &mut m) else {
                continue;
            };
            if links.contains(field.as_str()) || !found.is_empty() {
                neighbours.extend(found);
                members.extend(m);
                members.extend(v.ref_id().map(str::to_string));
            }
        }
        keyed.push((format!("o:{id}"), Some(id.to_string()), neighbours));
    }
    let mut all_members: Vec<String> = nodes.iter().map(|s| s.to_string()).collect();
    all_members.sort_by_key(|id| id_order(id));
    all_members.extend(members);
    assemble(step, keyed, all_members, true)
}

/// Sort key of an object id: its number when it has one (`o12` after `o9`).
pub(crate) fn id_order(id: &str) -> (u64, String) {
    let digits: String = id.chars().filter(char::is_ascii_digit).collect();
    (digits.parse().unwrap_or(u64::MAX), id.to_string())
}

/// The text drawn for a node: an object's name field (or first primitive field), else the
/// key's text.
fn node_label(step: &Step, key: &str, object: Option<&str>) -> String {
    if let Some(HeapObject::Instance(inst)) =
        object.and_then(|id| step.heap.get(id)).map(|o| o.as_ref())
    {
        let field = |name: &str| {
            inst.fields
                .iter()
                .find(|(n, v)| n == name && matches!(v, Value::Prim { .. }))
                .map(|(_, v)| v)
        };
        let chosen = LABEL_FIELDS.iter().find_map(|f| field(f)).or_else(|| {
            inst.fields
                .iter()
                .map(|(_, v)| v)
                .find(|v| matches!(v, Value::Prim { .. }))
        });
        if let Some(v) = chosen {
            return node_key(v, step)
                .map_or_else(|| prim_text(v).unwrap_or_default(), |k| key_label(&k));
        }
        return object.unwrap_or_default().to_string();
    }
    key_label(key)
}

/// True when every edge (other than a self-loop) has its reverse with the same weight.
fn undirected(edges: &[GraphEdge]) -> bool {
    let set: BTreeMap<(&str, &str), &Option<String>> = edges
        .iter()
        .map(|e| ((e.from.as_str(), e.to.as_str()), &e.weight))
        .collect();
    !edges.is_empty()
        && edges.iter().all(|e| {
            e.from == e.to || set.get(&(e.to.as_str(), e.from.as_str())) == Some(&&e.weight)
        })
}

fn scene_graph(
    id: String,
    holder: String,
    kind: GraphKind,
    name: String,
    read: Read,
) -> SceneGraph {
    SceneGraph {
        id,
        holder,
        kind,
        name,
        directed: !undirected(&read.edges),
        nodes: read.nodes,
        edges: read.edges,
        members: read.members,
        overlay: Default::default(),
    }
}

/// Whether candidate `name` is named by a hint (`graph`, or the field part of `self.graph`).
fn hinted(name: &str, hints: &[String]) -> bool {
    hints
        .iter()
        .any(|h| h == name || name.rsplit('.').next() == Some(h.as_str()))
}

/// Every graph of `step`, without overlays. `order` is the reachable objects in breadth-first
/// order (for graphs of objects).
pub(crate) fn detect_graphs(
    _trace: &Trace,
    step: &Step,
    order: &[String],
    options: &SceneOptions,
) -> Vec<SceneGraph> {
    let mut graphs: Vec<SceneGraph> = Vec::new();
    let mut claimed: BTreeSet<String> = BTreeSet::new();
    let known = |id: &str| options.known_graphs.iter().any(|k| k == id);
    let cands = candidates(step);
    let hint_names = &options.hints.graphs;
    // Hinted first, then the rest in candidate order.
    let mut ordered: Vec<(&Candidate, bool)> = cands
        .iter()
        .filter(|c| hinted(&c.name, hint_names))
        .map(|c| (c, true))
        .collect();
    ordered.extend(
        cands
            .iter()
            .filter(|c| !hinted(&c.name, hint_names))
            .map(|c| (c, false)),
    );
    for (c, hint) in ordered {
        if claimed.contains(c.id) {
            continue;
        }
        let Some(object) = step.heap.get(c.id) else {
            continue;
        };
        let id = format!("obj:{}", c.id);
        let relaxed = hint || known(&id);
        let read = match object.as_ref() {
            HeapObject::Dict(m) => {
                read_adjacency(step, c.id, m, relaxed).map(|r| (GraphKind::AdjacencyMap, r))
            }
            HeapObject::List(s) | HeapObject::Tuple(s) if hint || known(&id) => {
                read_neighbour_lists(step, c.id, s).map(|r| (GraphKind::NeighbourLists, r))
            }
            _ => None,
        };
        if let Some((kind, read)) = read {
            if read.members.iter().any(|m| claimed.contains(m)) {
                continue;
            }
            claimed.extend(read.members.iter().cloned());
            graphs.push(scene_graph(
                id,
                c.id.to_string(),
                kind,
                c.name.clone(),
                read,
            ));
        }
    }
    // Graphs of objects, one per class, in order of first reachable instance.
    let mut classes: Vec<&str> = Vec::new();
    for id in order {
        if let Some(HeapObject::Instance(inst)) = step.heap.get(id.as_str()).map(|o| o.as_ref()) {
            if !classes.contains(&inst.type_name.as_str()) {
                classes.push(&inst.type_name);
            }
        }
    }
    for class in classes {
        let id = format!("class:{class}");
        let Some(read) = read_objects(step, class, order, known(&id)) else {
            continue;
        };
        if read.members.iter().any(|m| claimed.contains(m)) {
            continue;
        }
        let holder = read.members[0].clone();
        let name = cands
            .iter()
            .find(|c| read.members.iter().any(|m| m == c.id))
            .map(|c| c.name.clone())
            .unwrap_or_default();
        claimed.extend(read.members.iter().cloned());
        graphs.push(scene_graph(id, holder, GraphKind::Objects, name, read));
    }
    graphs
}
