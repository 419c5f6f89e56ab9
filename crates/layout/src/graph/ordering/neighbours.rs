//! The sorted positions of a layer's neighbours above and below, for comparing two nodes of
//! that layer: how many of their edges cross with one left of the other. Positions in the
//! adjacent layers do not change while one layer is reordered, so the lists are built once per
//! layer visit.

/// Per node of one layer (by its index in the layer when the lists were built): the sorted
/// positions of its neighbours in the layer above and in the layer below.
#[derive(Default)]
pub(super) struct NeighbourLists {
    /// All neighbour positions, node by node, upper ones then lower ones.
    flat: Vec<u32>,
    /// Per node: where its upper positions start, how many, how many lower ones follow.
    at: Vec<Span>,
}

#[derive(Clone, Copy)]
struct Span {
    start: u32,
    ups: u32,
    downs: u32,
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
        self.flat.clear();
        self.at.clear();
        for &v in nodes {
            let start = self.flat.len();
            self.flat.extend(up[v].iter().map(|&w| pos[w] as u32));
            let mid = self.flat.len();
            if mid - start > 1 {
                self.flat[start..].sort_unstable();
            }
            self.flat.extend(down[v].iter().map(|&w| pos[w] as u32));
            if self.flat.len() - mid > 1 {
                self.flat[mid..].sort_unstable();
            }
            self.at.push(Span {
                start: start as u32,
                ups: (mid - start) as u32,
                downs: (self.flat.len() - mid) as u32,
            });
        }
    }

    /// Number of edges at node `i` (above and below).
    pub(super) fn degree(&self, i: usize) -> usize {
        (self.at[i].ups + self.at[i].downs) as usize
    }

    /// Crossings among the edges of nodes `i` and `j` with `i` left of `j`, and with `j` left
    /// of `i`.
    #[inline]
    pub(super) fn pair(&self, i: usize, j: usize) -> (u64, u64) {
        let (a, b) = (self.at[i], self.at[j]);
        let (sa, sb) = (a.start as usize, b.start as usize);
        if a.ups == 1 && a.downs == 1 && b.ups == 1 && b.downs == 1 {
            // Two dummy nodes (the common case): one edge above and one below each.
            let (au, ad, bu, bd) = (
                self.flat[sa],
                self.flat[sa + 1],
                self.flat[sb],
                self.flat[sb + 1],
            );
            return (
                u64::from(au > bu) + u64::from(ad > bd),
                u64::from(au < bu) + u64::from(ad < bd),
            );
        }
        let (ua, ub) = (a.ups as usize, b.ups as usize);
        let (x, y) = count_pairs(&self.flat[sa..sa + ua], &self.flat[sb..sb + ub]);
        let (z, w) = count_pairs(
            &self.flat[sa + ua..sa + ua + a.downs as usize],
            &self.flat[sb + ub..sb + ub + b.downs as usize],
        );
        (x + z, y + w)
    }
}

/// For sorted `a` (neighbours of the left node) and `b` (of the right node): pairs with
/// `a > b` (crossings as they are) and pairs with `a < b` (crossings if exchanged).
#[inline]
pub(super) fn count_pairs(a: &[u32], b: &[u32]) -> (u64, u64) {
    // Dummy nodes have one neighbour on each side: the common case, without loops.
    if let ([x], [y]) = (a, b) {
        return (u64::from(x > y), u64::from(x < y));
    }
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
