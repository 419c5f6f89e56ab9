//! The sorted positions of a layer's neighbours above and below, for comparing two nodes of
//! that layer: how many of their edges cross with one left of the other. Positions in the
//! adjacent layers do not change while one layer is reordered, so the lists are built once per
//! layer visit.

/// Per node of one layer (by its index in the layer when the lists were built): the sorted
/// positions of its neighbours in the layer above and in the layer below.
#[derive(Default)]
pub(super) struct NeighbourLists {
    up: Vec<u32>,
    down: Vec<u32>,
    /// Start of node `i`'s entries in `up` / `down`; entry `i + 1` ends them.
    up_at: Vec<usize>,
    down_at: Vec<usize>,
}

impl NeighbourLists {
    /// Fills the lists for `nodes` (one layer, in order) from the adjacency `up`/`down` and
    /// every node's position `pos`.
    pub(super) fn build(
        &mut self,
        nodes: &[usize],
        up: &[Vec<usize>],
        down: &[Vec<usize>],
        pos: &[usize],
    ) {
        fill(&mut self.up, &mut self.up_at, nodes, up, pos);
        fill(&mut self.down, &mut self.down_at, nodes, down, pos);
    }

    /// Number of edges at node `i` (above and below).
    pub(super) fn degree(&self, i: usize) -> usize {
        self.up_at[i + 1] - self.up_at[i] + self.down_at[i + 1] - self.down_at[i]
    }

    /// Crossings among the edges of nodes `i` and `j` with `i` left of `j`, and with `j` left
    /// of `i`.
    pub(super) fn pair(&self, i: usize, j: usize) -> (u64, u64) {
        let (a, b) = count_pairs(
            &self.up[self.up_at[i]..self.up_at[i + 1]],
            &self.up[self.up_at[j]..self.up_at[j + 1]],
        );
        let (c, d) = count_pairs(
            &self.down[self.down_at[i]..self.down_at[i + 1]],
            &self.down[self.down_at[j]..self.down_at[j + 1]],
        );
        (a + c, b + d)
    }
}

fn fill(
    flat: &mut Vec<u32>,
    at: &mut Vec<usize>,
    nodes: &[usize],
    adj: &[Vec<usize>],
    pos: &[usize],
) {
    flat.clear();
    at.clear();
    for &v in nodes {
        at.push(flat.len());
        let start = flat.len();
        flat.extend(adj[v].iter().map(|&w| pos[w] as u32));
        flat[start..].sort_unstable();
    }
    at.push(flat.len());
}

/// For sorted `a` (neighbours of the left node) and `b` (of the right node): pairs with
/// `a > b` (crossings as they are) and pairs with `a < b` (crossings if exchanged).
pub(super) fn count_pairs(a: &[u32], b: &[u32]) -> (u64, u64) {
    let (mut greater, mut less) = (0u64, 0u64);
    let (mut lo, mut hi) = (0usize, 0usize);
    for &x in a {
        while lo < b.len() && b[lo] < x {
            lo += 1;
        }
        while hi < b.len() && b[hi] <= x {
            hi += 1;
        }
        greater += lo as u64;
        less += (b.len() - hi) as u64;
    }
    (greater, less)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_counts_match_brute_force() {
        let a = [0, 2, 2, 5];
        let b = [1, 2, 4];
        let brute = |x: &[u32], y: &[u32]| {
            let (mut g, mut l) = (0, 0);
            for &p in x {
                for &q in y {
                    g += u64::from(p > q);
                    l += u64::from(p < q);
                }
            }
            (g, l)
        };
        assert_eq!(count_pairs(&a, &b), brute(&a, &b));
        assert_eq!(count_pairs(&b, &a), brute(&b, &a));
        assert_eq!(count_pairs(&[], &a), (0, 0));
    }
}
