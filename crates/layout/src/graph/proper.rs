//! The proper layered graph: every edge spans exactly one layer, long edges cut by dummy
//! nodes (one per layer passed).

use std::collections::BTreeMap;

use super::input::Prepared;
use super::{EdgeRoute, GraphInput, GraphLayout, LayoutMethod};

/// Real nodes `0..real`, dummy nodes after them; each node in one layer.
#[derive(Clone, Debug)]
pub(crate) struct ProperGraph {
    /// Number of real nodes (the input's nodes).
    pub real: usize,
    /// Layer of every node (real and dummy).
    pub layer_of: Vec<usize>,
    /// Nodes of each layer, left to right.
    pub layers: Vec<Vec<usize>>,
    /// Neighbours of each node in the layer above.
    pub up: Vec<Vec<usize>>,
    /// Neighbours of each node in the layer below.
    pub down: Vec<Vec<usize>>,
    /// Per prepared edge (upper end, lower end): its dummy nodes from top to bottom.
    pub chains: BTreeMap<(usize, usize), Vec<usize>>,
}

impl ProperGraph {
    /// Cuts `prepared`'s edges at every layer they pass (`layer_of` from `layering`, every
    /// edge pointing to a larger layer). Layers start in node-number order.
    pub(crate) fn build(prepared: &Prepared, layer_of: &[usize]) -> ProperGraph {
        let real = prepared.n;
        let mut layer_of = layer_of.to_vec();
        let mut up = vec![Vec::new(); real];
        let mut down = vec![Vec::new(); real];
        let mut chains = BTreeMap::new();
        for &(a, b) in &prepared.edges {
            let (la, lb) = (layer_of[a], layer_of[b]);
            let mut dummies = Vec::new();
            let mut prev = a;
            for l in la + 1..lb {
                let d = layer_of.len();
                layer_of.push(l);
                up.push(vec![prev]);
                down.push(Vec::new());
                down[prev].push(d);
                dummies.push(d);
                prev = d;
            }
            down[prev].push(b);
            up[b].push(prev);
            chains.insert((a, b), dummies);
        }
        let depth = layer_of.iter().max().map_or(0, |&m| m + 1);
        let mut layers = vec![Vec::new(); depth];
        for (v, &l) in layer_of.iter().enumerate() {
            layers[l].push(v);
        }
        ProperGraph {
            real,
            layer_of,
            layers,
            up,
            down,
            chains,
        }
    }

    /// Number of nodes, dummies included.
    pub(crate) fn len(&self) -> usize {
        self.layer_of.len()
    }

    /// The layout: real nodes at (`xs[v]`, layer), each input edge's bend points at its
    /// dummies.
    pub(crate) fn into_layout(self, input: &GraphInput, xs: &[f64]) -> GraphLayout {
        let at = |v: usize| (xs[v], self.layer_of[v] as f64);
        let positions: Vec<(f64, f64)> = (0..self.real).map(at).collect();
        let edges = input
            .edges
            .iter()
            .map(|&(from, to)| {
                let points = if let Some(ds) = self.chains.get(&(from, to)) {
                    ds.iter().map(|&d| at(d)).collect()
                } else if let Some(ds) = self.chains.get(&(to, from)) {
                    ds.iter().rev().map(|&d| at(d)).collect()
                } else {
                    Vec::new()
                };
                EdgeRoute { from, to, points }
            })
            .collect();
        let width = xs.iter().copied().fold(0.0, f64::max);
        let height = self.layers.len().saturating_sub(1) as f64;
        let layers = self
            .layers
            .iter()
            .map(|l| l.iter().copied().filter(|&v| v < self.real).collect())
            .collect();
        GraphLayout {
            method: LayoutMethod::Layered,
            positions,
            edges,
            layers,
            width,
            height,
        }
    }
}
