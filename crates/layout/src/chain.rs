//! Linked lists drawn as straight chains: the scene's chains ([`algoscope_scene::Chain`])
//! take consecutive columns in link order and share one top edge.
//!
//! Columns: when the breadth-first column walk first reaches a chain node at position `p`
//! with column `c`, the whole chain takes columns `max(1, c - p)` onwards, one node per
//! column, so `head`, `tail`, `curr` variables and `prev` links cannot break the line.
//! Places: the whole chain is placed when its first node comes up, at the top where its
//! first node was at the previous step when every node fits there, else level with the
//! first arrow into it, pushed down until every node fits in its column.

use std::collections::BTreeMap;

use algoscope_scene::{object_key, MemoryScene};

/// The scene's chains as unit indices, and unit → (chain, position).
pub(crate) struct Chains {
    /// Each chain's units, left to right.
    pub members: Vec<Vec<usize>>,
    /// Unit index → (chain index, position in the chain).
    pub of: BTreeMap<usize, (usize, usize)>,
}

impl Chains {
    /// The chains of `scene` whose nodes are units of their own (all of them, unless a node
    /// is drawn inside a tree or nested, which the scene rules out).
    pub(crate) fn new(scene: &MemoryScene, unit_of: &BTreeMap<String, usize>) -> Chains {
        let mut members = Vec::new();
        let mut of = BTreeMap::new();
        for chain in &scene.chains {
            let units: Vec<usize> = chain
                .nodes
                .iter()
                .filter_map(|id| unit_of.get(&object_key(id)).copied())
                .collect();
            if units.len() < 2 || units.iter().any(|u| of.contains_key(u)) {
                continue;
            }
            for (p, &u) in units.iter().enumerate() {
                of.insert(u, (members.len(), p));
            }
            members.push(units);
        }
        Chains { members, of }
    }

    /// Columns for the chain of unit `j`, first reached with column `column`: one per node
    /// from `max(1, column - position)`. `None` when `j` is in no chain.
    pub(crate) fn columns(&self, j: usize, column: usize) -> Option<Vec<(usize, usize)>> {
        let &(c, p) = self.of.get(&j)?;
        let base = column.saturating_sub(p).max(1);
        Some(
            self.members[c]
                .iter()
                .enumerate()
                .map(|(k, &u)| (u, base + k))
                .collect(),
        )
    }
}

/// The top for a chain whose nodes are `members` (each placed at the left edge of its
/// column): the first of `candidates` where every node fits (`fits(unit, y)`), else the
/// first y from `start` down where all fit (`free_y(unit, y)` gives the first y at or below
/// `y` where that node fits).
pub(crate) fn chain_top(
    members: &[usize],
    candidates: &[f64],
    start: f64,
    fits: &dyn Fn(usize, f64) -> bool,
    free_y: &dyn Fn(usize, f64) -> f64,
) -> f64 {
    if let Some(&y) = candidates
        .iter()
        .find(|&&y| members.iter().all(|&u| fits(u, y)))
    {
        return y;
    }
    let mut y = start;
    for _ in 0..64 {
        let next = members.iter().map(|&u| free_y(u, y)).fold(y, f64::max);
        if next == y {
            break;
        }
        y = next;
    }
    y
}
