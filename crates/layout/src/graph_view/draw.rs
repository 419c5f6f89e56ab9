//! Drawing one step of a graph in its planned box: edges, nodes with their state, badges,
//! pointer names, distance tags, weights, the legend; ports and arrival targets for the
//! memory view's arrows.

use std::collections::{BTreeMap, BTreeSet};

use algoscope_scene::{SceneGraph, SceneObject};

use crate::drawing::Mark;
use crate::shape::{Ctx, Port, Shape, Target};

use super::geometry::{bowed, self_loop, straight, EdgeShape};
use super::legend::legend;
use super::plan::{GraphPlan, PlannedNode, LABEL_H, LEGEND_H, PAD};

/// What the overlay says about each node, indexed.
struct NodeState<'a> {
    visited: BTreeSet<&'a str>,
    queued: BTreeMap<&'a str, u32>,
    current: BTreeSet<&'a str>,
    pointers: BTreeMap<&'a str, Vec<&'a str>>,
    distance: BTreeMap<&'a str, &'a str>,
    parent_pairs: BTreeSet<(&'a str, &'a str)>,
}

impl<'a> NodeState<'a> {
    fn of(graph: &'a SceneGraph) -> Self {
        let o = &graph.overlay;
        let mut queued: BTreeMap<&str, u32> = BTreeMap::new();
        for q in o.queue.iter().flat_map(|q| &q.nodes) {
            queued.entry(q.node.as_str()).or_insert(q.position);
        }
        let mut pointers: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for p in &o.pointers {
            pointers
                .entry(p.node.as_str())
                .or_default()
                .push(p.name.as_str());
        }
        NodeState {
            visited: o.visited.iter().map(String::as_str).collect(),
            queued,
            current: o
                .pointers
                .iter()
                .filter(|p| p.current)
                .map(|p| p.node.as_str())
                .collect(),
            pointers,
            distance: o
                .distances
                .iter()
                .map(|l| (l.node.as_str(), l.text.as_str()))
                .collect(),
            parent_pairs: o
                .parents
                .iter()
                .flat_map(|l| {
                    [
                        (l.parent.as_str(), l.node.as_str()),
                        (l.node.as_str(), l.parent.as_str()),
                    ]
                })
                .collect(),
        }
    }
}

/// An edge to draw: its ends, weight, and whether its reverse is drawn too.
struct Drawn<'a> {
    from: &'a str,
    to: &'a str,
    weight: Option<&'a str>,
    pair: bool,
}

/// The edges to draw: an undirected graph's pairs once, a directed graph's edges each.
fn drawn_edges(graph: &SceneGraph) -> Vec<Drawn<'_>> {
    let all: BTreeSet<(&str, &str)> = graph
        .edges
        .iter()
        .map(|e| (e.from.as_str(), e.to.as_str()))
        .collect();
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    let mut out = Vec::new();
    for e in &graph.edges {
        let (a, b) = (e.from.as_str(), e.to.as_str());
        let key = if graph.directed || a <= b {
            (a, b)
        } else {
            (b, a)
        };
        if !seen.insert(key) {
            continue;
        }
        out.push(Drawn {
            from: a,
            to: b,
            weight: e.weight.as_deref(),
            pair: graph.directed && a != b && all.contains(&(b, a)),
        });
    }
    out
}

/// The bend points the plan gives edge `a → b` (reversed when planned as `b → a`).
fn bends(plan: &GraphPlan, a: &str, b: &str) -> Vec<(f64, f64)> {
    for e in &plan.edges {
        if e.from == a && e.to == b {
            return e.points.clone();
        }
        if e.from == b && e.to == a {
            return e.points.iter().rev().copied().collect();
        }
    }
    Vec::new()
}

fn edge_mark(graph: &SceneGraph, state: &NodeState, d: &Drawn, shape: EdgeShape) -> Mark {
    let parent = state.parent_pairs.contains(&(d.from, d.to));
    let mut g = Mark::group("gedge")
        .class_if("directed", graph.directed)
        .class_if("parent", parent)
        .class_if("bowed", d.pair)
        .class_if("loop", d.from == d.to)
        .attr("data-from", d.from)
        .attr("data-to", d.to)
        .child(Mark::path("gline", shape.d));
    if graph.directed {
        g = g.child(Mark::path("ghead", shape.head));
    }
    g
}

/// One node: outline, label, and its state's marks, in a group translated to the outline's
/// top-left. With `member_boxes`, a node object other than the holder is also a box (`node
/// graph-member`) with its own `data-key`, nested in the graph's box.
fn node_mark(
    graph: &SceneGraph,
    plan: &GraphPlan,
    n: &PlannedNode,
    state: &NodeState,
    member_boxes: bool,
) -> Mark {
    let key = n.key.as_str();
    let (x0, y0) = (n.x - n.w / 2.0, n.y - n.h / 2.0);
    let object = graph
        .nodes
        .iter()
        .find(|g| g.key == n.key)
        .and_then(|g| g.object.as_deref())
        .filter(|id| member_boxes && *id != graph.holder);
    let mut g = match object {
        Some(id) => Mark::group("node graph-member gnode")
            .attr("data-key", format!("obj:{id}"))
            .num("data-x", x0)
            .num("data-y", y0)
            .num("data-w", n.w)
            .num("data-h", n.h),
        None => Mark::group("gnode"),
    };
    g = g
        .class_if("visited", state.visited.contains(key))
        .class_if("queued", state.queued.contains_key(key))
        .class_if("current", state.current.contains(key))
        .class_if("pointed", state.pointers.contains_key(key))
        .attr("data-node", key)
        .attr(
            "transform",
            format!(
                "translate({},{})",
                crate::drawing::fmt_num(x0),
                crate::drawing::fmt_num(y0)
            ),
        );
    let (cx, cy) = (n.w / 2.0, n.h / 2.0);
    g = g.child(if n.circle {
        Mark::circle("gshape", cx, cy, n.w / 2.0)
    } else {
        Mark::rect("gshape", 0.0, 0.0, n.w, n.h).num("rx", 9.0)
    });
    let label = Mark::text("glabel", cx, cy, n.label.clone());
    let full = graph
        .nodes
        .iter()
        .find(|g| g.key == n.key)
        .map(|g| g.label.as_str());
    g = g.child(match full {
        Some(full) if full != n.label => label.title(full),
        _ => label,
    });
    if let Some(names) = state.pointers.get(key) {
        let text = crate::text::elide(&names.join(","), 16);
        g = g.child(Mark::text("gpointer", cx, -plan.above() / 2.0 - 1.0, text));
    }
    if let Some(d) = state.distance.get(key) {
        let text = crate::text::elide(d, 8);
        // Bottom right, beside the edges that leave from the bottom centre.
        g = g.child(Mark::text(
            "gdist",
            n.w - 2.0,
            n.h + plan.below() / 2.0 - 2.0,
            text,
        ));
    }
    if let Some(pos) = state.queued.get(key) {
        let (bx, by) = if n.circle {
            (cx + n.w * 0.36, cy - n.w * 0.36)
        } else {
            (n.w - 2.0, 1.0)
        };
        g = g.child(
            Mark::group("gbadge")
                .attr("data-position", pos.to_string())
                .child(Mark::circle("gbadge-dot", bx, by, 8.0))
                .child(Mark::text("gbadge-text", bx, by, pos.to_string())),
        );
    }
    g
}

/// The planned nodes `graph` has at this step, by key.
fn planned_nodes<'p>(
    graph: &SceneGraph,
    plan: &'p GraphPlan,
) -> BTreeMap<&'p str, &'p PlannedNode> {
    let present: BTreeSet<&str> = graph.nodes.iter().map(|n| n.key.as_str()).collect();
    plan.nodes
        .iter()
        .filter(|n| present.contains(n.key.as_str()))
        .map(|n| (n.key.as_str(), n))
        .collect()
}

/// The edges, nodes and weight labels of `graph` at one step, drawn to `plan` (in the plan's
/// coordinates): three groups, back to front. With `member_boxes`, a node object other than
/// the holder is also a box of the memory view (`node graph-member` with its own `data-key`);
/// without, every node is a plain `gnode` (the loop history's small copies).
pub(crate) fn graph_marks(graph: &SceneGraph, plan: &GraphPlan, member_boxes: bool) -> [Mark; 3] {
    let state = NodeState::of(graph);
    let planned = planned_nodes(graph, plan);
    let mut edges = Mark::group("gedges");
    let mut weights = Mark::group("gweights");
    for d in drawn_edges(graph) {
        let (Some(a), Some(b)) = (planned.get(d.from), planned.get(d.to)) else {
            continue;
        };
        let shape = if d.from == d.to {
            self_loop(a)
        } else if d.pair {
            bowed(a, b)
        } else {
            straight(a, b, &bends(plan, d.from, d.to))
        };
        if let Some(wt) = d.weight {
            weights = weights.child(
                Mark::text(
                    "gweight",
                    shape.label_at.0,
                    shape.label_at.1,
                    crate::text::elide(wt, 8),
                )
                .attr("data-from", d.from)
                .attr("data-to", d.to),
            );
        }
        edges = edges.child(edge_mark(graph, &state, &d, shape));
    }
    let mut nodes = Mark::group("gnodes");
    for n in plan
        .nodes
        .iter()
        .filter(|n| planned.contains_key(n.key.as_str()))
    {
        nodes = nodes.child(node_mark(graph, plan, n, &state, member_boxes));
    }
    [edges, nodes, weights]
}

/// The graph box for `obj` (the holder) at this step, drawn to `plan`.
pub(crate) fn build_graph(
    ctx: &Ctx,
    obj: &SceneObject,
    graph: &SceneGraph,
    plan: &GraphPlan,
) -> Shape {
    let (w, h) = (plan.width, plan.height);
    let planned = planned_nodes(graph, plan);
    let [edges, nodes, weights] = graph_marks(graph, plan, true);
    let title = format!("{} · graph", obj.type_name);
    let classes = format!(
        "node object graph {}{}",
        if graph.directed {
            "directed"
        } else {
            "undirected"
        },
        if obj.new { " new" } else { "" }
    );
    let mut group = Mark::group(&classes)
        .attr("data-key", obj.key.clone())
        .num("data-x", 0.0)
        .num("data-y", 0.0)
        .num("data-w", w)
        .num("data-h", h)
        .attr("data-graph", graph.id.clone())
        .attr("transform", "translate(0,0)")
        .child(Mark::rect("box", 0.0, 0.0, w, h))
        .child(Mark::text("type", 6.0, LABEL_H / 2.0 + 2.0, title))
        .child(edges)
        .child(nodes)
        .child(weights);
    if let Some(l) = legend(&plan.legend, w / 2.0, h - LEGEND_H / 2.0 - 2.0) {
        group = group.child(l);
    }
    let top_span = (
        LABEL_H + 4.0,
        (h - if plan.legend.is_empty() {
            4.0
        } else {
            LEGEND_H
        })
        .max(LABEL_H + 8.0),
    );
    let mut targets = vec![Target {
        key: obj.key.clone(),
        rect: [0.0, 0.0, w, h],
        entry_x: 0.0,
        anchor_y: (LABEL_H + PAD).min(top_span.1),
        span: top_span,
    }];
    // Every other member is an alias of this box; a node object is met level with its node.
    let node_of: BTreeMap<&str, &PlannedNode> = graph
        .nodes
        .iter()
        .filter_map(|n| Some((n.object.as_deref()?, *planned.get(n.key.as_str())?)))
        .collect();
    for m in graph.members.iter().filter(|m| **m != graph.holder) {
        let (anchor, span) = match node_of.get(m.as_str()) {
            Some(n) => (n.y, (n.y - 6.0, n.y + 6.0)),
            None => (targets[0].anchor_y, top_span),
        };
        targets.push(Target {
            key: format!("obj:{m}"),
            rect: [0.0, 0.0, w, h],
            entry_x: 0.0,
            anchor_y: anchor,
            span,
        });
    }
    // Arrows from a member to an object outside the graph leave from its node (or the top).
    let members: BTreeSet<String> = graph.members.iter().map(|m| format!("obj:{m}")).collect();
    let mut ports = Vec::new();
    for a in ctx.scene.drawn_arrows(ctx.nested) {
        if !members.contains(&a.from_node) {
            continue;
        }
        let id = a.from_node.trim_start_matches("obj:");
        let start = match node_of.get(id) {
            Some(n) => (n.x + n.w / 2.0, n.y),
            None => (w - 8.0, LABEL_H / 2.0 + 2.0),
        };
        ports.push(Port {
            from: a.from.clone(),
            to: a.to.clone(),
            points: vec![start, (w, start.1)],
            down: false,
        });
    }
    Shape {
        key: obj.key.clone(),
        w,
        h,
        mark: group,
        ports,
        targets,
    }
}
