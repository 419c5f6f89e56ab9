//! The graph types: plain serde data, no positions.

use serde::{Deserialize, Serialize};

/// How a graph is held by the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum GraphKind {
    /// A dict / Map / plain object from node to a collection of neighbours (a list, tuple or
    /// set of nodes, of `(node, weight)` pairs, or a dict node → weight).
    AdjacencyMap,
    /// A list whose item `i` holds the neighbours of node `i` (only read when hinted).
    NeighbourLists,
    /// Objects of one class holding collections of objects of the same class.
    Objects,
}

/// One node of a graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphNode {
    /// The normalised node key (`s:A`, `n:3`, `t:(n:0,n:1)`, `o:o7`); see [`crate::node_key`].
    pub key: String,
    /// The text drawn in the node (`A`, `3`, `(0, 1)`, an object's name field).
    pub label: String,
    /// For a graph of objects, the node's object id.
    pub object: Option<String>,
}

/// One edge of a graph, as the program stores it (from the node whose collection holds it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphEdge {
    /// Key of the node whose neighbour collection holds the edge.
    pub from: String,
    /// Key of the neighbour.
    pub to: String,
    /// The weight's text when the neighbour came with one (`5`, `2.5`).
    pub weight: Option<String>,
}

/// A graph found at one step, with the state the program's own variables give it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SceneGraph {
    /// Identity over the whole run: `obj:<id>` of the dict or list holding it, or
    /// `class:<name>` for a graph of objects. [`GraphUniverse`] and precomputed layouts are
    /// keyed by it.
    pub id: String,
    /// The object whose box the graph is drawn in place of: the dict or list, or for a graph
    /// of objects the node object with the smallest id present at this step.
    pub holder: String,
    /// How the program holds it.
    pub kind: GraphKind,
    /// The variable naming it (`graph`, `self.adj`), from the innermost frame that has one.
    pub name: String,
    /// False when every edge has its reverse (the pair is drawn once).
    pub directed: bool,
    /// Nodes in the holder's order (keys first, then neighbours that are not keys).
    pub nodes: Vec<GraphNode>,
    /// Edges in the holder's order.
    pub edges: Vec<GraphEdge>,
    /// Object ids drawn as part of the graph box: the holder first, then neighbour
    /// collections, `(node, weight)` pairs and node objects. An arrow to any of them lands on
    /// the graph; arrows between them are not drawn (see [`crate::SceneArrow::in_graph`]).
    pub members: Vec<String>,
    /// What the program's variables say about the nodes at this step.
    pub overlay: GraphOverlay,
}

/// A kind of state a graph can show; the legend lists the kinds a graph ever shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StateKind {
    /// In a visited / seen collection.
    Visited,
    /// Waiting in a queue, stack or priority queue (with its order badge).
    Queued,
    /// Named by the current-node variable.
    Current,
    /// Edge from a node to its parent in a parent map.
    Parent,
    /// A distance (or other number) from a distance map.
    Distance,
}

/// How the waiting nodes leave their container.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum QueueKind {
    /// First in, first out: position 1 is the front.
    Queue,
    /// Last in, first out: position 1 is the top (the last item).
    Stack,
    /// `(priority, node)` pairs: position 1 has the smallest priority.
    Priority,
}

/// A node waiting in a queue, with its position (1 = leaves next).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QueuedNode {
    /// Node key.
    pub node: String,
    /// 1-based position in leaving order.
    pub position: u32,
}

/// The queue, stack or priority queue of a traversal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GraphQueue {
    /// The variable (`queue`, `heap.items`).
    pub name: String,
    /// Leaving order.
    pub kind: QueueKind,
    /// Waiting nodes in leaving order; a node waiting twice appears twice.
    pub nodes: Vec<QueuedNode>,
}

/// A primitive variable naming a node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodePointer {
    /// The variable's name.
    pub name: String,
    /// The node key it names.
    pub node: String,
    /// True for the current node: a conventional current name (`node`, `u`, `cur`…) or a
    /// name the code uses as a subscript of the graph (`graph[node]`).
    pub current: bool,
}

/// A number (or other text) shown beside a node, from a distance map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeLabel {
    /// Node key.
    pub node: String,
    /// The value's text (`7`, `inf`).
    pub text: String,
}

/// A node's parent in a parent map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ParentLink {
    /// Node key.
    pub node: String,
    /// Its parent's key.
    pub parent: String,
}

/// The state of a graph at one step, read from the program's variables.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GraphOverlay {
    /// The visited collection's variable, if any.
    pub visited_name: Option<String>,
    /// Visited node keys, in the collection's order.
    pub visited: Vec<String>,
    /// The queue, stack or priority queue, if any.
    pub queue: Option<GraphQueue>,
    /// Primitive variables naming nodes (innermost frame that has any).
    pub pointers: Vec<NodePointer>,
    /// The parent map's variable, if any.
    pub parent_name: Option<String>,
    /// Node → parent links.
    pub parents: Vec<ParentLink>,
    /// The distance map's variable, if any.
    pub distance_name: Option<String>,
    /// Node labels from the distance map.
    pub distances: Vec<NodeLabel>,
}

impl GraphOverlay {
    /// The kinds of state this overlay shows, in legend order.
    pub fn kinds(&self) -> Vec<StateKind> {
        let mut kinds = Vec::new();
        if !self.visited.is_empty() {
            kinds.push(StateKind::Visited);
        }
        if self.queue.as_ref().is_some_and(|q| !q.nodes.is_empty()) {
            kinds.push(StateKind::Queued);
        }
        if self.pointers.iter().any(|p| p.current) {
            kinds.push(StateKind::Current);
        }
        if !self.parents.is_empty() {
            kinds.push(StateKind::Parent);
        }
        if !self.distances.is_empty() {
            kinds.push(StateKind::Distance);
        }
        kinds
    }
}

/// Every node and edge one graph has at any step of a run, and every kind of state it shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UniverseGraph {
    /// The graph's run-wide id ([`SceneGraph::id`]).
    pub id: String,
    /// How the program holds it (at its first step).
    pub kind: GraphKind,
    /// Every node ever, in order of first appearance.
    pub nodes: Vec<GraphNode>,
    /// Every edge ever (`from`, `to` node keys), in order of first appearance; weights are
    /// left out (they are per step).
    pub edges: Vec<(String, String)>,
    /// False when, at every step, every edge has its reverse.
    pub directed: bool,
    /// True when some edge ever carries a weight.
    pub weighted: bool,
    /// Every kind of state the graph shows at some step, sorted.
    pub states: Vec<StateKind>,
    /// True when some node ever carries a pointer label.
    pub pointers: bool,
    /// The first and last step (0-based) at which it is found.
    pub steps: (usize, usize),
}

/// Every graph of a run, for laying each out once. Built by [`crate::graph_universe`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GraphUniverse {
    /// The graphs, in order of first appearance.
    pub graphs: Vec<UniverseGraph>,
}

impl GraphUniverse {
    /// The graph with this id.
    pub fn graph(&self, id: &str) -> Option<&UniverseGraph> {
        self.graphs.iter().find(|g| g.id == id)
    }

    /// The ids of every graph: what to put in [`crate::SceneOptions::known_graphs`].
    pub fn ids(&self) -> Vec<String> {
        self.graphs.iter().map(|g| g.id.clone()).collect()
    }
}
