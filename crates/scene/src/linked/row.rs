//! [`linked_row`]: the track in one row — nodes in reading order, names, roots, trees, and
//! the signature.

use std::collections::BTreeSet;

use algoscope_trace_format::{Trace, Value};

use super::graph::{link_targets, row_graph, RowGraph};
use super::track::step_of;
use super::types::{
    LinkKind, LinkedName, LinkedNode, LinkedRow, LinkedRowSpec, LinkedTrack, NodeLink,
};
use super::walk::{entries, field, instance_class};
use crate::build::SceneError;
use crate::hints::LinkedShape;
use crate::types::{TreeBlock, TreeNode};

/// The track in row `spec`: every node reachable from the row's names over the track's
/// links, in reading order (a list: each chain from its head along the primary link, then
/// the chains hanging off it; a tree: each tree in in-order), with values, link targets,
/// the names pointing at nodes, the roots, the trees with depths, and a signature.
///
/// # Errors
/// [`SceneError::StepOutOfRange`] when `spec.step` is not a step of `trace`.
///
/// # Example
/// ```
/// use algoscope_scene::{find_linked_track, linked_row, LinkedRowSpec};
/// let json = r#"{"version":1,"language":"python","source":"","stdout":"","steps":[
///   {"event":"line","line":1,"stdoutLength":0,
///    "stack":[{"id":"f1","func":"<module>","line":1,"locals":[
///       ["tail",{"kind":"ref","id":"o2"}],["head",{"kind":"ref","id":"o1"}]]}],
///    "heap":{
///     "o1":{"kind":"instance","typeName":"Node","fields":[["val",{"kind":"prim","type":"int","repr":"1"}],["next",{"kind":"ref","id":"o2"}]]},
///     "o2":{"kind":"instance","typeName":"Node","fields":[["val",{"kind":"prim","type":"int","repr":"2"}],["next",{"kind":"prim","type":"NoneType","repr":"None"}]]}}}]}"#;
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(json).unwrap();
/// let spec = LinkedRowSpec::step(0);
/// let track = find_linked_track(&trace, &[spec.clone()], None).unwrap().unwrap();
/// let row = linked_row(&trace, &spec, &track).unwrap();
/// let order: Vec<&str> = row.nodes.iter().map(|n| n.id.as_str()).collect();
/// assert_eq!(order, ["o1", "o2"]); // from the head, though `tail` is read first
/// assert_eq!(row.names[0].name, "tail");
/// assert_eq!(row.signature, "o1=1:next>o2;o2=2:next>");
/// ```
pub fn linked_row(
    trace: &Trace,
    spec: &LinkedRowSpec,
    track: &LinkedTrack,
) -> Result<LinkedRow, SceneError> {
    let step = step_of(trace, spec.step)?;
    let entries = entries(step, &spec.frames);
    let link_names: Vec<String> = track.links.iter().map(|l| l.name.clone()).collect();
    let graph = row_graph(step, &entries, &track.class, &link_names);
    let is_node = |id: &str| instance_class(step, id) == Some(track.class.as_str());
    // A node's own fields are links, not names.
    let names: Vec<LinkedName> = entries
        .iter()
        .filter(|e| is_node(e.id) && !e.holder.is_some_and(is_node))
        .map(|e| LinkedName {
            frame: e.frame.to_string(),
            name: e.name.clone(),
            node: e.id.to_string(),
        })
        .collect();
    let starts: Vec<&str> = names.iter().map(|n| n.node.as_str()).collect();
    let (order, roots, trees) = match track.shape {
        LinkedShape::List => {
            let primary = track
                .primary_link()
                .and_then(|p| link_names.iter().position(|l| l == p));
            let (order, heads) = list_order(&graph, &starts, primary);
            (order, heads, Vec::new())
        }
        LinkedShape::Tree => {
            let trees = tree_blocks(&graph, &starts, track);
            let order = trees
                .iter()
                .flat_map(|t| t.nodes.iter().map(|n| n.id.clone()))
                .collect();
            let roots = trees.iter().map(|t| t.root.clone()).collect();
            (order, roots, trees)
        }
    };
    let nodes: Vec<LinkedNode> = order
        .iter()
        .map(|id| LinkedNode {
            id: id.clone(),
            value: track
                .value_field
                .as_ref()
                .and_then(|f| field(step, id, f))
                .cloned(),
            links: track
                .links
                .iter()
                .map(|l| NodeLink {
                    field: l.name.clone(),
                    targets: field(step, id, &l.name)
                        .map(|v| link_targets(step, &track.class, v))
                        .unwrap_or_default(),
                })
                .collect(),
        })
        .collect();
    let signature = signature(&nodes);
    Ok(LinkedRow {
        step: spec.step,
        nodes,
        names,
        roots,
        trees,
        signature,
    })
}

/// `id=value:link>targets…` per node, `;`-joined: equal exactly when every node, value and
/// link is.
fn signature(nodes: &[LinkedNode]) -> String {
    let text = |v: &Option<Value>| match v {
        Some(Value::Prim { repr, .. }) => repr.clone(),
        Some(Value::Ref { id }) => format!("&{id}"),
        Some(Value::Unreadable { .. }) => "?".to_string(),
        None => String::new(),
    };
    nodes
        .iter()
        .map(|n| {
            let links: String = n
                .links
                .iter()
                .map(|l| format!(":{}>{}", l.field, l.targets.join(",")))
                .collect();
            format!("{}={}{links}", n.id, text(&n.value))
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// List reading order: from each start, back along the primary link to its chain's head
/// (on a cycle, the start itself), then forward along the primary link; chains hanging off other links follow, then any
/// node left (reached only over other links from a chain read earlier). Returns the order
/// and the heads.
fn list_order(
    graph: &RowGraph,
    starts: &[&str],
    primary: Option<usize>,
) -> (Vec<String>, Vec<String>) {
    let mut done: BTreeSet<String> = BTreeSet::new();
    let mut order = Vec::new();
    let mut heads = Vec::new();
    let mut pending: Vec<String> = starts.iter().map(|s| s.to_string()).collect();
    pending.extend(graph.nodes.iter().cloned());
    let mut queue: std::collections::VecDeque<String> = pending.into_iter().collect();
    while let Some(start) = queue.pop_front() {
        if done.contains(&start) || !graph.out.contains_key(&start) {
            continue;
        }
        // Back to the head: follow the first incoming primary link while there is one.
        let mut head = start.clone();
        let mut climbed = BTreeSet::from([head.clone()]);
        while let Some(prev) = graph.into.get(&head).and_then(|v| {
            v.iter()
                .find(|(k, s)| Some(*k) == primary && !done.contains(s))
                .map(|(_, s)| s.clone())
        }) {
            if !climbed.insert(prev.clone()) {
                // On a cycle: read it from the node named first.
                head = start.clone();
                break;
            }
            head = prev;
        }
        heads.push(head.clone());
        let mut chain = Vec::new();
        let mut at = Some(head);
        while let Some(node) = at.take() {
            if !done.insert(node.clone()) {
                break;
            }
            at = primary
                .and_then(|k| graph.targets(&node, k).next())
                .map(str::to_string);
            chain.push(node);
        }
        // Chains hanging off this one (other links) are read next, in chain order.
        let hanging: Vec<String> = chain
            .iter()
            .flat_map(|n| graph.out.get(n).into_iter().flatten())
            .filter(|(k, t)| Some(*k) != primary && !done.contains(t))
            .map(|(_, t)| t.clone())
            .collect();
        for t in hanging.into_iter().rev() {
            queue.push_front(t);
        }
        order.extend(chain);
    }
    (order, heads)
}

/// One tree block per root, in the order the starts reach them, nodes in in-order.
///
/// Children of a node are the targets of its links in link order; with two single links the
/// first link's child goes left of the node and the second's right, otherwise the first
/// half of the children (rounded down) goes left.
fn tree_blocks(graph: &RowGraph, starts: &[&str], track: &LinkedTrack) -> Vec<TreeBlock> {
    let binary = track.links.len() == 2 && track.links.iter().all(|l| l.kind == LinkKind::Single);
    let mut claimed: BTreeSet<String> = BTreeSet::new();
    let mut blocks = Vec::new();
    let candidates = starts
        .iter()
        .map(|s| s.to_string())
        .chain(graph.nodes.iter().cloned());
    for start in candidates {
        if claimed.contains(&start) || !graph.out.contains_key(&start) {
            continue;
        }
        // Climb to the root (first incoming link), stopping on a cycle or a claimed node.
        let mut root = start.clone();
        let mut climbed = BTreeSet::from([root.clone()]);
        while let Some(parent) = graph
            .into
            .get(&root)
            .and_then(|v| v.first())
            .map(|(_, s)| s.clone())
        {
            if claimed.contains(&parent) || !climbed.insert(parent.clone()) {
                break;
            }
            root = parent;
        }
        let nodes = in_order(graph, &root, binary, &mut claimed);
        blocks.push(TreeBlock {
            root,
            nodes,
            links: track.links.iter().map(|l| l.name.clone()).collect(),
        });
    }
    blocks
}

/// In-order walk from `root`, skipping nodes already claimed (cycles, shared subtrees).
fn in_order(
    graph: &RowGraph,
    root: &str,
    binary: bool,
    claimed: &mut BTreeSet<String>,
) -> Vec<TreeNode> {
    enum Visit {
        Enter(String, u32, Option<String>),
        Emit(String, u32, Option<String>),
    }
    let mut out = Vec::new();
    let mut stack = vec![Visit::Enter(root.to_string(), 0, None)];
    while let Some(visit) = stack.pop() {
        match visit {
            Visit::Enter(id, depth, parent) => {
                if !claimed.insert(id.clone()) {
                    continue;
                }
                let edges = graph.out.get(&id).cloned().unwrap_or_default();
                let split = if binary {
                    edges.iter().filter(|(k, _)| *k == 0).count()
                } else {
                    edges.len() / 2
                };
                let (left, right) = edges.split_at(split.min(edges.len()));
                for (_, t) in right.iter().rev() {
                    stack.push(Visit::Enter(t.clone(), depth + 1, Some(id.clone())));
                }
                stack.push(Visit::Emit(id.clone(), depth, parent));
                for (_, t) in left.iter().rev() {
                    stack.push(Visit::Enter(t.clone(), depth + 1, Some(id.clone())));
                }
            }
            Visit::Emit(id, depth, parent) => out.push(TreeNode { id, depth, parent }),
        }
    }
    out
}
