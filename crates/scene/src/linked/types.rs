//! The linked-structure types: plain serde data, no references into the trace.

use algoscope_trace_format::Value;
use serde::{Deserialize, Serialize};

use crate::hints::LinkedShape;
use crate::types::TreeBlock;

/// One moment to examine: a step and the frames whose variables are the roots.
///
/// The memory view uses one row (the step on screen, every frame); the loop history uses one
/// row per pass (the step ending it, the loop's frame).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LinkedRowSpec {
    /// The step, 0-based.
    pub step: usize,
    /// Ids of the frames whose variables are roots, in the order their names are read
    /// (`f1`). Empty: every frame of the step, outermost first.
    pub frames: Vec<String>,
}

impl LinkedRowSpec {
    /// Every frame of step `step`.
    pub fn step(step: usize) -> Self {
        LinkedRowSpec {
            step,
            frames: Vec::new(),
        }
    }
}

/// What kind of values a link field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum LinkKind {
    /// Null (`None`, `null`, `undefined`) or one node (`next`, `left`).
    Single,
    /// A list or tuple of nodes (`children`).
    Many,
}

/// One link field of the track's class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkField {
    /// The field name (`next`).
    pub name: String,
    /// One node or a list of nodes.
    pub kind: LinkKind,
}

/// The linked track of a run: the node class, its links, its value field and its shape.
///
/// Built by [`crate::find_linked_track`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkedTrack {
    /// The node class as the trace names it (`ListNode`).
    pub class: String,
    /// Link fields in the class's field order (a hint's order when hinted).
    pub links: Vec<LinkField>,
    /// The field shown as the node's value: the first non-link field that holds a primitive
    /// in more than half of the nodes seen; `None` when there is none.
    pub value_field: Option<String>,
    /// List (drawn as chains) or tree (drawn top-down, in-order across).
    pub shape: LinkedShape,
    /// True when a `viz: linked` hint chose the class (and perhaps shape and links).
    pub hinted: bool,
}

impl LinkedTrack {
    /// The link followed to read a list left to right: `next` when it is a link, else the
    /// first link.
    pub fn primary_link(&self) -> Option<&str> {
        self.links
            .iter()
            .find(|l| l.name == "next")
            .or_else(|| self.links.first())
            .map(|l| l.name.as_str())
    }
}

/// The targets of one link field of one node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NodeLink {
    /// The link field name.
    pub field: String,
    /// Node ids it points at, in order: none (null), one, or several for a `Many` link.
    /// Only nodes of the track's class are listed.
    pub targets: Vec<String>,
}

/// One node of the track in one row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkedNode {
    /// The node's object id (`o7`).
    pub id: String,
    /// The value field's value, when the track has a value field and the node has it.
    pub value: Option<Value>,
    /// One entry per link field of the track, in the track's order.
    pub links: Vec<NodeLink>,
}

impl LinkedNode {
    /// Every node this node links to, link fields in order.
    pub fn targets(&self) -> impl Iterator<Item = &str> {
        self.links
            .iter()
            .flat_map(|l| l.targets.iter().map(String::as_str))
    }
}

/// A name pointing at a node: a variable, or one level through another object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkedName {
    /// Id of the frame holding the variable.
    pub frame: String,
    /// The name as shown: the variable (`curr`), or `holder.field` / `holder[index]` /
    /// `holder[key]` one level through another object (`self.head`).
    pub name: String,
    /// The node's object id.
    pub node: String,
}

/// The track in one row: its nodes, links, names and (for a tree) its in-order layout.
///
/// Built by [`crate::linked_row`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkedRow {
    /// The step, 0-based.
    pub step: usize,
    /// Every node reachable from the row's names, in reading order: for a list, each chain
    /// from its head along the links; for a tree, each tree in in-order.
    pub nodes: Vec<LinkedNode>,
    /// Names pointing at nodes, in frame and variable order.
    pub names: Vec<LinkedName>,
    /// Where reading starts, in reading order. A list: the head of each run along the
    /// primary link (a node no unread node links to over it; on a cycle, the node reached
    /// first); `nodes` is these runs one after another. A tree: each root.
    pub roots: Vec<String>,
    /// For a tree track: one block per root (single nodes included), nodes in in-order with
    /// depths (root 0). Empty for a list track.
    pub trees: Vec<TreeBlock>,
    /// Changes exactly when a node's value or link changes, or a node appears or goes;
    /// the names are not part of it.
    pub signature: String,
}

impl LinkedRow {
    /// The node with this id.
    pub fn node(&self, id: &str) -> Option<&LinkedNode> {
        self.nodes.iter().find(|n| n.id == id)
    }
}

/// The track over many rows: each row's view, the shared column order and the chains.
///
/// Built by [`crate::linked_view`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkedView {
    /// The track found (or hinted).
    pub track: LinkedTrack,
    /// One entry per row asked for, in the same order.
    pub rows: Vec<LinkedRow>,
    /// Every node of every row, in column order: the first row's reading order, then nodes
    /// first seen in later rows appended.
    pub columns: Vec<String>,
    /// Nodes joined by a link in any row are one chain; each chain's nodes in column order,
    /// chains ordered by their first column. A node keeps its line when linked in later.
    pub chains: Vec<Vec<String>>,
}
