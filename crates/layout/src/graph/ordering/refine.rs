//! Local improvements of a layer order: transpose (exchange adjacent nodes) and sifting
//! (move one node to its best place in its layer).

use super::neighbours::{Balance, NeighbourLists};
use super::State;

impl State<'_> {
    /// Exchanges adjacent nodes wherever that lowers the crossings (with `ties`, also where it
    /// keeps them equal, once per visit, to leave plateaus as dot does), revisiting only layers
    /// next to a change, until no exchange helps.
    pub(super) fn transpose(&mut self, ties: bool) {
        let n = self.layers.len();
        let mut dirty = vec![true; n];
        let mut lists = NeighbourLists::default();
        // Local index of each node of the layer being visited (its position at build time).
        let mut local: Vec<usize> = Vec::new();
        let mut check: Vec<bool> = Vec::new();
        let (mut todo, mut next): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
        for _ in 0..MAX_TRANSPOSE_PASSES {
            let mut any = false;
            for l in 0..n {
                if !dirty[l] {
                    continue;
                }
                dirty[l] = false;
                let layer = &mut self.layers[l];
                if layer.len() < 2 {
                    continue;
                }
                // Swaps inside the layer leave its neighbours' positions alone, so the lists
                // stay valid while the layer is passed over again and again until it settles.
                lists.build(layer, &self.adj, &self.pos);
                local.clear();
                local.extend(0..layer.len());
                // Pair i (nodes at i and i + 1) needs a look only when a swap next to it
                // changed one of its nodes: other pairs gave no gain and still give none. A
                // pass visits the flagged pairs left to right: those flagged by the previous
                // pass (`todo`, ascending) and the one right of each swap.
                let m = layer.len();
                check.clear();
                check.resize(m - 1, true);
                todo.clear();
                todo.extend(0..m - 1);
                let mut improved = false;
                for pass in 0..MAX_TRANSPOSE_PASSES {
                    let mut changed = false;
                    next.clear();
                    let (mut at, mut right) = (0usize, None::<usize>);
                    loop {
                        let i = match (right, todo.get(at)) {
                            (Some(r), Some(&t)) if r <= t => {
                                right = None;
                                at += usize::from(r == t);
                                r
                            }
                            (Some(r), None) => {
                                right = None;
                                r
                            }
                            (_, Some(&t)) => {
                                at += 1;
                                t
                            }
                            (None, None) => break,
                        };
                        if !check[i] {
                            continue;
                        }
                        check[i] = false;
                        let (keep, swap) = lists.pair(local[i], local[i + 1]);
                        self.work += 1;
                        if swap < keep || (ties && pass == 0 && swap == keep && keep > 0) {
                            layer.swap(i, i + 1);
                            local.swap(i, i + 1);
                            changed |= swap < keep;
                            if i > 0 && !check[i - 1] {
                                check[i - 1] = true;
                                next.push(i - 1);
                            }
                            if i + 2 < m {
                                check[i + 1] = true;
                                right = Some(i + 1);
                            }
                        }
                    }
                    improved |= changed;
                    if !changed {
                        break;
                    }
                    std::mem::swap(&mut todo, &mut next);
                }
                for (i, &v) in layer.iter().enumerate() {
                    self.pos[v] = i;
                }
                if improved {
                    any = true;
                    if l > 0 {
                        dirty[l - 1] = true;
                    }
                    if l + 1 < n {
                        dirty[l + 1] = true;
                    }
                }
            }
            if !any {
                break;
            }
        }
    }

    /// One sifting pass (Matuszewski, Schönfeld & Molitor 1999) over every layer, top to
    /// bottom: each node, most connected first, is taken out and put back where its edges
    /// cross least (staying where it is on ties).
    pub(super) fn sift_all(&mut self) {
        let mut lists = NeighbourLists::default();
        for l in 0..self.layers.len() {
            self.sift_layer(l, &mut lists);
        }
    }

    fn sift_layer(&mut self, l: usize, lists: &mut NeighbourLists) {
        let nodes = self.layers[l].clone();
        let m = nodes.len();
        if m < 2 {
            return;
        }
        lists.build(&nodes, &self.adj, &self.pos);
        let above = if l > 0 { self.layers[l - 1].len() } else { 0 };
        let below = self.layers.get(l + 1).map_or(0, Vec::len);
        let mut balance = Balance::default();
        let mut costs = Vec::with_capacity(m);
        let mut order: Vec<usize> = (0..m).collect();
        let mut by_degree: Vec<usize> = (0..m).filter(|&i| lists.degree(i) > 0).collect();
        by_degree.sort_by_key(|&i| std::cmp::Reverse(lists.degree(i)));
        for &v in &by_degree {
            if self.work > self.budget {
                break;
            }
            let Some(cur) = order.iter().position(|&i| i == v) else {
                continue;
            };
            order.remove(cur);
            lists.balance(v, above, below, &mut balance);
            // costs[k]: crossings of v's edges with v at slot k, relative to slot 0; v moves
            // to the leftmost least slot if that is below where it was.
            lists.costs(&balance, &order, &mut costs);
            self.work += order.len() as u64;
            let mut best_slot = cur;
            for (k, &c) in costs.iter().enumerate() {
                if c < costs[best_slot] {
                    best_slot = k;
                }
            }
            order.insert(best_slot, v);
        }
        for (k, &i) in order.iter().enumerate() {
            self.layers[l][k] = nodes[i];
        }
        self.reindex(l);
    }
}

/// Most passes of one transpose (each pass visits every layer marked as changed).
const MAX_TRANSPOSE_PASSES: usize = 64;
