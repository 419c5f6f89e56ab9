//! Local improvements of a layer order: transpose (exchange adjacent nodes) and sifting
//! (move one node to its best place in its layer).

use super::neighbours::NeighbourLists;
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
        for _ in 0..MAX_TRANSPOSE_PASSES {
            let mut any = false;
            for l in 0..n {
                if !dirty[l] {
                    continue;
                }
                dirty[l] = false;
                let layer = &mut self.layers[l];
                lists.build(layer, &self.g.up, &self.g.down, &self.pos);
                local.clear();
                local.extend(0..layer.len());
                let mut improved = false;
                for i in 0..layer.len().saturating_sub(1) {
                    let (keep, swap) = lists.pair(local[i], local[i + 1]);
                    self.work += 1;
                    if swap < keep || (ties && swap == keep && keep > 0) {
                        layer.swap(i, i + 1);
                        local.swap(i, i + 1);
                        improved |= swap < keep;
                    }
                }
                for (i, &v) in layer.iter().enumerate() {
                    self.pos[v] = i;
                }
                if improved {
                    any = true;
                    dirty[l] = true;
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
        lists.build(&nodes, &self.g.up, &self.g.down, &self.pos);
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
            // cost = crossings of v's edges relative to v at slot 0.
            let (mut cost, mut best_cost, mut best_slot) = (0i64, 0i64, 0usize);
            let mut cost_at_cur = 0i64;
            for (k, &w) in order.iter().enumerate() {
                if k == cur {
                    cost_at_cur = cost;
                }
                let (v_left, w_left) = lists.pair(v, w);
                cost += w_left as i64 - v_left as i64;
                self.work += 1;
                if cost < best_cost {
                    best_cost = cost;
                    best_slot = k + 1;
                }
            }
            if cur == order.len() {
                cost_at_cur = cost;
            }
            order.insert(
                if best_cost < cost_at_cur {
                    best_slot
                } else {
                    cur
                },
                v,
            );
        }
        for (k, &i) in order.iter().enumerate() {
            self.layers[l][k] = nodes[i];
        }
        self.reindex(l);
    }
}

/// Most passes of one transpose (each pass visits every layer marked as changed).
const MAX_TRANSPOSE_PASSES: usize = 64;
