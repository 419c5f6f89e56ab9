//! The run-wide universe: every node and edge each graph ever has, in one pass over the
//! trace, so a graph is laid out once per run and its nodes never move while it is built.

use std::collections::{BTreeMap, BTreeSet};

use algoscope_trace_format::Trace;

use super::step_graphs_at;
use super::types::{GraphUniverse, SceneGraph, StateKind, UniverseGraph};
use crate::types::SceneOptions;

/// Every graph of `trace`, with every node and edge it has at any step and every kind of
/// state it shows. Graphs are found with the per-step rules ([`crate::memory_scene`]'s
/// `graphs`), then the steps are read again with the found graphs known, so a graph's early
/// steps (before its first edge) count too.
///
/// Put [`GraphUniverse::ids`] into [`SceneOptions::known_graphs`] for the per-step scenes,
/// and lay each graph out once from this (`algoscope_layout::plan_graphs`).
///
/// # Example
/// ```
/// use algoscope_scene::{graph_universe, SceneOptions};
/// let json = r#"{"version":1,"language":"python","source":"g = {}\n","stdout":"",
///   "steps":[{"event":"line","line":1,"stdoutLength":0,
///     "stack":[{"id":"f1","func":"<module>","line":1,"locals":[["g",{"kind":"ref","id":"o1"}]]}],
///     "heap":{"o1":{"kind":"dict","typeName":"dict","length":2,"entries":[
///        [{"kind":"prim","type":"str","repr":"'A'"},{"kind":"ref","id":"o2"}],
///        [{"kind":"prim","type":"str","repr":"'B'"},{"kind":"ref","id":"o3"}]]},
///       "o2":{"kind":"list","typeName":"list","length":1,"items":[{"kind":"prim","type":"str","repr":"'B'"}]},
///       "o3":{"kind":"list","typeName":"list","length":0,"items":[]}}}]}"#;
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(json).unwrap();
/// let universe = graph_universe(&trace, &SceneOptions::default());
/// assert_eq!(universe.graphs[0].id, "obj:o1");
/// assert_eq!(universe.graphs[0].edges, vec![("s:A".to_string(), "s:B".to_string())]);
/// assert!(universe.graphs[0].directed);
/// ```
pub fn graph_universe(trace: &Trace, options: &SceneOptions) -> GraphUniverse {
    let mut ids: Vec<String> = Vec::new();
    for i in 0..trace.steps.len() {
        for g in step_graphs_at(trace, i, options) {
            if !ids.contains(&g.id) {
                ids.push(g.id);
            }
        }
    }
    if ids.is_empty() {
        return GraphUniverse::default();
    }
    let mut known = options.clone();
    known.known_graphs.extend(ids.iter().cloned());
    let mut acc: BTreeMap<String, Acc> = BTreeMap::new();
    let mut first_seen: Vec<String> = Vec::new();
    for i in 0..trace.steps.len() {
        for g in step_graphs_at(trace, i, &known) {
            if !first_seen.contains(&g.id) {
                first_seen.push(g.id.clone());
            }
            acc.entry(g.id.clone())
                .or_insert_with(|| Acc::new(&g, i))
                .add(&g, i);
        }
    }
    GraphUniverse {
        graphs: first_seen
            .into_iter()
            .filter_map(|id| acc.remove(&id))
            .map(Acc::finish)
            .collect(),
    }
}

/// What the universe pass gathers for one graph.
struct Acc {
    graph: UniverseGraph,
    node_seen: BTreeSet<String>,
    edge_seen: BTreeSet<(String, String)>,
    states: BTreeSet<StateKind>,
}

impl Acc {
    fn new(g: &SceneGraph, step: usize) -> Acc {
        Acc {
            graph: UniverseGraph {
                id: g.id.clone(),
                kind: g.kind,
                nodes: Vec::new(),
                edges: Vec::new(),
                directed: false,
                weighted: false,
                states: Vec::new(),
                pointers: false,
                steps: (step, step),
            },
            node_seen: BTreeSet::new(),
            edge_seen: BTreeSet::new(),
            states: BTreeSet::new(),
        }
    }

    fn add(&mut self, g: &SceneGraph, step: usize) {
        for n in &g.nodes {
            if self.node_seen.insert(n.key.clone()) {
                self.graph.nodes.push(n.clone());
            }
        }
        for e in &g.edges {
            if self.edge_seen.insert((e.from.clone(), e.to.clone())) {
                self.graph.edges.push((e.from.clone(), e.to.clone()));
            }
            self.graph.weighted |= e.weight.is_some();
        }
        self.graph.directed |= g.directed;
        self.graph.pointers |= !g.overlay.pointers.is_empty();
        self.states.extend(g.overlay.kinds());
        self.graph.steps.1 = step;
    }

    fn finish(mut self) -> UniverseGraph {
        self.graph.states = self.states.into_iter().collect();
        self.graph
    }
}
