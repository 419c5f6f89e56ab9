//! Cleans a [`GraphInput`] (self-loops, duplicates and out-of-range edges out), decides whether
//! it can be laid out in layers, and orients its edges so they never form a cycle.

use std::collections::BTreeSet;

use petgraph::graph::DiGraph;
use petgraph::unionfind::UnionFind;

use super::GraphInput;

/// A cleaned graph, ready for either method.
#[derive(Clone, Debug)]
pub(crate) struct Prepared {
    /// Number of nodes.
    pub n: usize,
    /// Distinct edges between distinct existing nodes, oriented so they form no cycle
    /// (directed acyclic input: as given; undirected forest: from the root side; anything else:
    /// a depth-first search's back edges reversed (directed) or breadth-first order
    /// (undirected)). Sorted.
    pub edges: Vec<(usize, usize)>,
    /// A directed acyclic graph or an undirected forest.
    pub layerable: bool,
}

/// Cleans and orients `input`'s edges.
pub(crate) fn prepare(input: &GraphInput) -> Prepared {
    let n = input.nodes;
    let valid = input
        .edges
        .iter()
        .copied()
        .filter(|&(a, b)| a != b && a < n && b < n);
    if input.directed {
        let distinct: BTreeSet<(usize, usize)> = valid.collect();
        let edges: Vec<(usize, usize)> = distinct.into_iter().collect();
        let acyclic = is_acyclic(n, &edges);
        let edges = if acyclic {
            edges
        } else {
            break_cycles(n, &edges)
        };
        Prepared {
            n,
            edges,
            layerable: acyclic,
        }
    } else {
        let distinct: BTreeSet<(usize, usize)> = valid.map(|(a, b)| (a.min(b), a.max(b))).collect();
        let pairs: Vec<(usize, usize)> = distinct.into_iter().collect();
        let forest = is_forest(n, &pairs);
        Prepared {
            n,
            edges: orient_breadth_first(n, &pairs),
            layerable: forest,
        }
    }
}

/// Whether the directed `edges` over `n` nodes have no cycle.
fn is_acyclic(n: usize, edges: &[(usize, usize)]) -> bool {
    let mut g = DiGraph::<(), ()>::with_capacity(n, edges.len());
    for _ in 0..n {
        g.add_node(());
    }
    g.extend_with_edges(edges.iter().map(|&(a, b)| (a as u32, b as u32)));
    petgraph::algo::toposort(&g, None).is_ok()
}

/// Whether the undirected, distinct `pairs` over `n` nodes have no cycle.
fn is_forest(n: usize, pairs: &[(usize, usize)]) -> bool {
    let mut sets = UnionFind::<usize>::new(n);
    pairs.iter().all(|&(a, b)| sets.union(a, b))
}

/// Adjacency lists (sorted) of the undirected or directed edge list.
fn adjacency(n: usize, edges: &[(usize, usize)], both_ways: bool) -> Vec<Vec<usize>> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        adj[a].push(b);
        if both_ways {
            adj[b].push(a);
        }
    }
    for list in &mut adj {
        list.sort_unstable();
    }
    adj
}

/// Orients undirected `pairs` from the earlier to the later node of a breadth-first search
/// started at every not yet reached node in number order (for a forest: parent → child).
fn orient_breadth_first(n: usize, pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let adj = adjacency(n, pairs, true);
    let mut rank = vec![usize::MAX; n];
    let mut next = 0;
    let mut queue = std::collections::VecDeque::new();
    for root in 0..n {
        if rank[root] != usize::MAX {
            continue;
        }
        rank[root] = next;
        next += 1;
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            for &w in &adj[v] {
                if rank[w] == usize::MAX {
                    rank[w] = next;
                    next += 1;
                    queue.push_back(w);
                }
            }
        }
    }
    let mut edges: Vec<(usize, usize)> = pairs
        .iter()
        .map(|&(a, b)| if rank[a] < rank[b] { (a, b) } else { (b, a) })
        .collect();
    edges.sort_unstable();
    edges
}

/// Reverses the back edges of a depth-first search (roots in number order), which leaves
/// no cycle; duplicates created by a reversal are merged.
fn break_cycles(n: usize, edges: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let adj = adjacency(n, edges, false);
    // 0 = unseen, 1 = on the stack, 2 = done.
    let mut state = vec![0u8; n];
    let mut back = BTreeSet::new();
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in 0..n {
        if state[root] != 0 {
            continue;
        }
        state[root] = 1;
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let (v, i) = *top;
            if let Some(&w) = adj[v].get(i) {
                top.1 += 1;
                match state[w] {
                    0 => {
                        state[w] = 1;
                        stack.push((w, 0));
                    }
                    1 => {
                        back.insert((v, w));
                    }
                    _ => {}
                }
            } else {
                state[v] = 2;
                stack.pop();
            }
        }
    }
    let oriented: BTreeSet<(usize, usize)> = edges
        .iter()
        .map(|&e| if back.contains(&e) { (e.1, e.0) } else { e })
        .collect();
    oriented.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(nodes: usize, edges: &[(usize, usize)], directed: bool) -> GraphInput {
        GraphInput {
            nodes,
            edges: edges.to_vec(),
            directed,
            ..GraphInput::default()
        }
    }

    #[test]
    fn a_directed_cycle_is_not_layerable_and_is_broken() {
        let p = prepare(&input(3, &[(0, 1), (1, 2), (2, 0)], true));
        assert!(!p.layerable);
        assert_eq!(p.edges, vec![(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn loops_duplicates_and_missing_nodes_are_dropped() {
        let p = prepare(&input(3, &[(0, 1), (0, 1), (1, 1), (2, 7)], true));
        assert!(p.layerable);
        assert_eq!(p.edges, vec![(0, 1)]);
    }

    #[test]
    fn an_undirected_tree_is_oriented_from_node_zero() {
        let p = prepare(&input(4, &[(2, 0), (3, 2), (1, 0), (0, 2)], false));
        assert!(p.layerable);
        assert_eq!(p.edges, vec![(0, 1), (0, 2), (2, 3)]);
    }

    #[test]
    fn an_undirected_cycle_is_not_a_forest() {
        let p = prepare(&input(3, &[(0, 1), (1, 2), (2, 0)], false));
        assert!(!p.layerable);
        assert!(is_acyclic(3, &p.edges));
    }
}
