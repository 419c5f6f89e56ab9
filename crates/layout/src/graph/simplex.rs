//! Shortest total edge length layering by the network simplex method (Gansner, Koutsofios,
//! North & Vo, "A technique for drawing directed graphs", 1993, section 2), the layering
//! `dot` uses: minimise `Σ (layer[b] − layer[a])` over the edges `a → b`, keeping every edge at
//! least one layer long. Fewer layers crossed means fewer dummy nodes, and fewer crossings.
//!
//! Each weakly connected component is solved on its own: a spanning tree of tight edges
//! (length exactly 1) is grown, shifting the tree when no tight edge leaves it; then, while
//! some tree edge has a negative cut value, it is exchanged for the non-tree edge of least
//! slack across the same cut and the layers are recomputed from the tree.

/// Most exchanges per component, as a multiple of its nodes + edges (the method ends by
/// itself; the cap only guards against degenerate cycling, and every step is a valid
/// layering).
const MAX_EXCHANGES_PER_ITEM: usize = 8;

/// Improves the feasible layering `layer` of `edges` (each `a → b` with `layer[a] <
/// layer[b]`) to the least total edge length; each component's top layer becomes 0.
pub(crate) fn minimise_length(n: usize, edges: &[(usize, usize)], layer: &mut [usize]) {
    let mut comp = vec![usize::MAX; n];
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut members: Vec<Vec<usize>> = Vec::new();
    for root in 0..n {
        if comp[root] != usize::MAX {
            continue;
        }
        let c = members.len();
        comp[root] = c;
        let mut list = vec![root];
        let mut i = 0;
        while i < list.len() {
            let v = list[i];
            i += 1;
            for &w in &adj[v] {
                if comp[w] == usize::MAX {
                    comp[w] = c;
                    list.push(w);
                }
            }
        }
        members.push(list);
    }
    let mut local = vec![0usize; n];
    let mut comp_edges: Vec<Vec<(usize, usize)>> = vec![Vec::new(); members.len()];
    for list in &members {
        for (i, &v) in list.iter().enumerate() {
            local[v] = i;
        }
    }
    for &(a, b) in edges {
        comp_edges[comp[a]].push((local[a], local[b]));
    }
    for (list, es) in members.iter().zip(comp_edges) {
        let ranks: Vec<i64> = list.iter().map(|&v| layer[v] as i64).collect();
        let solved = Simplex::new(ranks, es).solve();
        let min = solved.iter().copied().min().unwrap_or(0);
        for (&v, &r) in list.iter().zip(&solved) {
            layer[v] = (r - min) as usize;
        }
    }
}

/// One connected component's problem and its spanning tree.
struct Simplex {
    rank: Vec<i64>,
    edges: Vec<(usize, usize)>,
    /// Edge ids at each node.
    incident: Vec<Vec<usize>>,
    in_tree: Vec<bool>,
    /// Tree edge ids at each node.
    tree_adj: Vec<Vec<usize>>,
    cut: Vec<i64>,
    parent_edge: Vec<Option<usize>>,
    low: Vec<usize>,
    lim: Vec<usize>,
    /// Nodes in depth-first preorder of the tree.
    preorder: Vec<usize>,
    /// The node whose `lim` is the index (a subtree's nodes are `low..=lim` of its root).
    node_at_lim: Vec<usize>,
    /// Where the search for a negative cut value resumes (dot's rotating search).
    search_from: usize,
}

impl Simplex {
    fn new(rank: Vec<i64>, edges: Vec<(usize, usize)>) -> Self {
        let n = rank.len();
        let mut incident = vec![Vec::new(); n];
        for (i, &(a, b)) in edges.iter().enumerate() {
            incident[a].push(i);
            incident[b].push(i);
        }
        let m = edges.len();
        Simplex {
            rank,
            edges,
            incident,
            in_tree: vec![false; m],
            tree_adj: vec![Vec::new(); n],
            cut: vec![0; m],
            parent_edge: vec![None; n],
            low: vec![0; n],
            lim: vec![0; n],
            preorder: Vec::with_capacity(n),
            node_at_lim: vec![0; n + 1],
            search_from: 0,
        }
    }

    fn slack(&self, e: usize) -> i64 {
        let (a, b) = self.edges[e];
        self.rank[b] - self.rank[a] - 1
    }

    fn solve(mut self) -> Vec<i64> {
        let n = self.rank.len();
        if n < 2 || self.edges.is_empty() {
            return self.rank;
        }
        self.feasible_tree();
        self.low_lim(0, None, 1);
        self.cut_values();
        let cap = MAX_EXCHANGES_PER_ITEM * (n + self.edges.len());
        for _ in 0..cap {
            let Some(leave) = self.leave_edge() else {
                break;
            };
            let Some(enter) = self.enter_edge(leave) else {
                break;
            };
            self.exchange(leave, enter);
        }
        self.rank
    }

    /// Grows a spanning tree of tight edges from node 0, shifting the tree's ranks to make the
    /// least-slack edge leaving it tight whenever it stops growing.
    fn feasible_tree(&mut self) {
        let n = self.rank.len();
        let mut in_tree_node = vec![false; n];
        in_tree_node[0] = true;
        let mut members = vec![0usize];
        loop {
            let mut stack = members.clone();
            while let Some(v) = stack.pop() {
                for k in 0..self.incident[v].len() {
                    let e = self.incident[v][k];
                    let (a, b) = self.edges[e];
                    let w = if a == v { b } else { a };
                    if !in_tree_node[w] && self.slack(e) == 0 {
                        in_tree_node[w] = true;
                        self.in_tree[e] = true;
                        self.tree_adj[a].push(e);
                        self.tree_adj[b].push(e);
                        members.push(w);
                        stack.push(w);
                    }
                }
            }
            if members.len() == n {
                return;
            }
            let mut best: Option<(i64, usize)> = None;
            for e in 0..self.edges.len() {
                let (a, b) = self.edges[e];
                if in_tree_node[a] != in_tree_node[b] {
                    let s = self.slack(e);
                    if best.is_none_or(|(bs, _)| s < bs) {
                        best = Some((s, e));
                    }
                }
            }
            // The component is connected, so some edge leaves the tree.
            let Some((s, e)) = best else {
                return;
            };
            let delta = if in_tree_node[self.edges[e].0] { s } else { -s };
            for &v in &members {
                self.rank[v] += delta;
            }
        }
    }

    /// Depth-first numbering of the subtree at `root` (reached by `parent`), counting from
    /// `start`: `lim` in postorder, `low` the smallest `lim` below a node; also parent edges
    /// and, for the whole tree, the preorder.
    fn low_lim(&mut self, root: usize, parent: Option<usize>, start: usize) {
        let whole = parent.is_none();
        if whole {
            self.preorder.clear();
            self.preorder.push(root);
        }
        self.parent_edge[root] = parent;
        let mut next = start;
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        self.low[root] = next;
        while let Some(top) = stack.last_mut() {
            let (v, i) = *top;
            if let Some(&e) = self.tree_adj[v].get(i) {
                top.1 += 1;
                if Some(e) == self.parent_edge[v] {
                    continue;
                }
                let (a, b) = self.edges[e];
                let w = if a == v { b } else { a };
                self.parent_edge[w] = Some(e);
                self.low[w] = next;
                if whole {
                    self.preorder.push(w);
                }
                stack.push((w, 0));
            } else {
                self.lim[v] = next;
                self.node_at_lim[next] = v;
                next += 1;
                stack.pop();
            }
        }
    }

    /// Cut value of every tree edge, children before parents (reverse preorder).
    fn cut_values(&mut self) {
        for k in (1..self.preorder.len()).rev() {
            let child = self.preorder[k];
            let Some(pe) = self.parent_edge[child] else {
                continue;
            };
            let child_is_tail = self.edges[pe].0 == child;
            let mut cut = 1;
            for &e in &self.incident[child] {
                if e == pe {
                    continue;
                }
                let is_out = self.edges[e].0 == child;
                let points_to_head = is_out == child_is_tail;
                cut += if points_to_head { 1 } else { -1 };
                if self.in_tree[e] {
                    cut += if points_to_head {
                        -self.cut[e]
                    } else {
                        self.cut[e]
                    };
                }
            }
            self.cut[pe] = cut;
        }
    }

    /// A tree edge with a negative cut value, searching round from where the last search
    /// stopped.
    fn leave_edge(&mut self) -> Option<usize> {
        let m = self.edges.len();
        for k in 0..m {
            let e = (self.search_from + k) % m;
            if self.in_tree[e] && self.cut[e] < 0 {
                self.search_from = (e + 1) % m;
                return Some(e);
            }
        }
        None
    }

    fn is_descendant(&self, v: usize, root: usize) -> bool {
        self.low[root] <= self.lim[v] && self.lim[v] <= self.lim[root]
    }

    /// The non-tree edge of least slack going the other way across the cut `leave` makes.
    /// When the part below `leave` is the smaller one, only its nodes' edges are looked at.
    fn enter_edge(&self, leave: usize) -> Option<usize> {
        let (v, w) = self.edges[leave];
        let (tail_side, flip) = if self.lim[v] > self.lim[w] {
            (w, true)
        } else {
            (v, false)
        };
        let mut best: Option<(i64, usize)> = None;
        let mut consider = |f: usize| {
            if f == leave || self.in_tree[f] {
                return;
            }
            let (a, b) = self.edges[f];
            if flip == self.is_descendant(a, tail_side) && flip != self.is_descendant(b, tail_side)
            {
                let s = self.slack(f);
                if best.is_none_or(|(bs, bf)| s < bs || (s == bs && f < bf)) {
                    best = Some((s, f));
                }
            }
        };
        let below = self.lim[tail_side] + 1 - self.low[tail_side];
        if 2 * below < self.rank.len() {
            for lim in self.low[tail_side]..=self.lim[tail_side] {
                for &f in &self.incident[self.node_at_lim[lim]] {
                    consider(f);
                }
            }
        } else {
            for f in 0..self.edges.len() {
                consider(f);
            }
        }
        best.map(|(_, f)| f)
    }

    /// Swaps `leave` out of the tree and `enter` in, updating ranks, cut values and the
    /// numbering only where they change (dot's `update`): the side of `leave` below it moves
    /// by `enter`'s slack, cut values change along the tree path between `enter`'s ends, and
    /// the subtree at that path's top is renumbered.
    fn exchange(&mut self, leave: usize, enter: usize) {
        let delta = self.slack(enter);
        let (t, h) = self.edges[leave];
        if delta > 0 {
            // The child end of `leave` roots the part that moves: the tail side moves up, the
            // head side down, closing `enter`'s slack.
            if self.parent_edge[t] == Some(leave) {
                self.rerank(t, delta);
            } else {
                self.rerank(h, -delta);
            }
        }
        let cut = self.cut[leave];
        let (ft, fh) = self.edges[enter];
        let top = self.tree_update(ft, fh, cut, true);
        self.tree_update(fh, ft, cut, false);
        self.cut[enter] = -cut;
        self.cut[leave] = 0;
        self.in_tree[leave] = false;
        self.tree_adj[t].retain(|&e| e != leave);
        self.tree_adj[h].retain(|&e| e != leave);
        self.in_tree[enter] = true;
        self.tree_adj[ft].push(enter);
        self.tree_adj[fh].push(enter);
        self.low_lim(top, self.parent_edge[top], self.low[top]);
    }

    /// Subtracts `delta` from the rank of `v` and everything below it in the tree.
    fn rerank(&mut self, v: usize, delta: i64) {
        let mut stack = vec![v];
        while let Some(u) = stack.pop() {
            self.rank[u] -= delta;
            for &e in &self.tree_adj[u] {
                if Some(e) != self.parent_edge[u] {
                    let (a, b) = self.edges[e];
                    stack.push(if a == u { b } else { a });
                }
            }
        }
    }

    /// Walks up the tree from `v` until `w` is below, adding `cut` to (or with `dir` false
    /// subtracting it from) the cut value of each edge passed according to its direction;
    /// returns the node where the walk stopped (the top of the path between `v` and `w`).
    fn tree_update(&mut self, mut v: usize, w: usize, cut: i64, dir: bool) -> usize {
        while !(self.low[v] <= self.lim[w] && self.lim[w] <= self.lim[v]) {
            let Some(e) = self.parent_edge[v] else {
                break;
            };
            let (a, b) = self.edges[e];
            let d = if v == a { dir } else { !dir };
            if d {
                self.cut[e] += cut;
            } else {
                self.cut[e] -= cut;
            }
            v = if self.lim[a] > self.lim[b] { a } else { b };
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn length(edges: &[(usize, usize)], layer: &[usize]) -> usize {
        edges.iter().map(|&(a, b)| layer[b] - layer[a]).sum()
    }

    #[test]
    fn pulls_a_lone_source_down_to_its_target() {
        let edges = [(0, 1), (1, 2), (2, 3), (4, 3)];
        let mut layer = vec![0, 1, 2, 3, 0];
        minimise_length(5, &edges, &mut layer);
        assert_eq!(layer, vec![0, 1, 2, 3, 2]);
    }

    #[test]
    fn moves_a_group_that_single_node_moves_cannot() {
        // 0 → 1 → 2 → 3 → 4 (a long chain) and a pair 5 → 6 with 6 → 4 and 5 → 4, 5 → 7,
        // 7 → 4: the group {5, 6, 7} belongs just above 4.
        let edges = [
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (5, 6),
            (6, 4),
            (5, 4),
            (5, 7),
            (7, 4),
        ];
        let mut layer = vec![0, 1, 2, 3, 4, 0, 1, 1];
        minimise_length(8, &edges, &mut layer);
        assert_eq!(length(&edges, &layer), 4 + 1 + 1 + 2 + 1 + 1);
        assert!(edges.iter().all(|&(a, b)| layer[a] < layer[b]));
    }

    /// The least total length by trying every layering with layers below `max` (tiny graphs).
    fn brute_force(n: usize, edges: &[(usize, usize)], max: usize) -> usize {
        let mut layer = vec![0usize; n];
        let mut best = usize::MAX;
        loop {
            if edges.iter().all(|&(a, b)| layer[a] < layer[b]) {
                best = best.min(length(edges, &layer));
            }
            let mut i = 0;
            while i < n && layer[i] + 1 == max {
                layer[i] = 0;
                i += 1;
            }
            if i == n {
                return best;
            }
            layer[i] += 1;
        }
    }

    proptest::proptest! {
        #[test]
        fn reaches_the_least_total_length(
            n in 2usize..7,
            raw in proptest::collection::vec((0usize..7, 0usize..7), 0..12),
        ) {
            let mut edges: Vec<(usize, usize)> = raw
                .into_iter()
                .filter(|&(a, b)| a < n && b < n && a != b)
                .map(|(a, b)| (a.min(b), a.max(b)))
                .collect();
            edges.sort_unstable();
            edges.dedup();
            // Longest path from the sources (node order is a topological order here).
            let mut layer = vec![0usize; n];
            for v in 0..n {
                for &(a, b) in &edges {
                    if b == v {
                        layer[v] = layer[v].max(layer[a] + 1);
                    }
                }
            }
            minimise_length(n, &edges, &mut layer);
            proptest::prop_assert!(edges.iter().all(|&(a, b)| layer[a] < layer[b]));
            proptest::prop_assert_eq!(length(&edges, &layer), brute_force(n, &edges, n));
        }
    }

    #[test]
    fn components_each_start_at_zero() {
        let edges = [(0, 1), (2, 3)];
        let mut layer = vec![0, 1, 5, 7];
        minimise_length(4, &edges, &mut layer);
        assert_eq!(layer, vec![0, 1, 0, 1]);
    }
}
