//! The algebra: a sum of [`Term`]s, each a product over named sizes of a [`Factor`] (a power,
//! a log power, an exponential and a factorial). Sums keep only the terms no other term
//! dominates, so `n² + n` is `n²` while `V + E` stays a sum.

use std::cmp::{Ordering, Reverse};
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

/// Thousandths of a power: `1000` is `n¹`, `500` is `√n`, `1585` is `n^1.585`.
pub type Milli = u32;

/// One size's part of a term: `n^poly · log^log n · exp^n · n!`. The default is the constant 1.
#[derive(Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[serde(rename_all = "camelCase")]
pub struct Factor {
    /// The power, in thousandths (`2000` is `n²`).
    pub poly: Milli,
    /// The power of `log n`.
    pub log: u32,
    /// The base of an exponential `base^n`; 0 (or 1) for none.
    pub exp: u32,
    /// Whether the factor has `n!`.
    pub factorial: bool,
}

impl Factor {
    /// `n^k` for a whole `k`.
    pub fn power(k: u32) -> Self {
        Self {
            poly: k * 1000,
            ..Self::default()
        }
    }

    /// `log^k n`.
    pub fn log(k: u32) -> Self {
        Self {
            log: k,
            ..Self::default()
        }
    }

    /// Whether this is the constant 1.
    pub fn is_one(&self) -> bool {
        self.poly == 0 && self.log == 0 && self.exp <= 1 && !self.factorial
    }

    /// The growth order key: factorial, then exponential base, then power, then log power.
    fn key(&self) -> (bool, u32, Milli, u32) {
        (
            self.factorial,
            if self.exp <= 1 { 0 } else { self.exp },
            self.poly,
            self.log,
        )
    }

    /// Compares how fast two factors of one size grow.
    pub fn growth_cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }

    /// The product of two factors of one size.
    pub fn mul(&self, other: &Self) -> Self {
        let exp = match (self.exp > 1, other.exp > 1) {
            (true, true) => self.exp.saturating_mul(other.exp),
            (true, false) => self.exp,
            (false, true) => other.exp,
            (false, false) => 0,
        };
        Self {
            poly: self.poly.saturating_add(other.poly),
            log: self.log.saturating_add(other.log),
            exp,
            factorial: self.factorial || other.factorial,
        }
    }
}

/// A product over named sizes; no factors is the constant 1.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Term {
    /// Size name → its factor; factors equal to 1 are never stored.
    pub factors: BTreeMap<String, Factor>,
}

impl Term {
    /// The constant term 1.
    pub fn one() -> Self {
        Self::default()
    }

    /// One size to one factor (`Term::of("n", Factor::power(2))` is `n²`).
    pub fn of(size: &str, factor: Factor) -> Self {
        let mut t = Self::one();
        if !factor.is_one() {
            t.factors.insert(size.to_string(), factor);
        }
        t
    }

    /// Whether this is the constant 1.
    pub fn is_one(&self) -> bool {
        self.factors.is_empty()
    }

    /// The factor of `size` (1 when absent).
    pub fn factor(&self, size: &str) -> Factor {
        self.factors.get(size).copied().unwrap_or_default()
    }

    /// The product of two terms.
    pub fn mul(&self, other: &Self) -> Self {
        let mut out = self.clone();
        for (name, f) in &other.factors {
            let merged = out.factor(name).mul(f);
            out.factors.insert(name.clone(), merged);
        }
        out
    }

    /// Whether `self` grows at least as fast as `other` for every value of the sizes (up to a
    /// constant), given which sizes may be 0 (`per_item`): a term with a factor in such a
    /// size vanishes when it is 0, so it cannot dominate a term without that size.
    pub fn dominates(&self, other: &Self, per_item: &BTreeSet<String>) -> bool {
        let names: BTreeSet<&String> = self.factors.keys().chain(other.factors.keys()).collect();
        names.into_iter().all(|name| {
            let (a, b) = (self.factor(name), other.factor(name));
            if per_item.contains(name) && !a.is_one() && b.is_one() {
                return false;
            }
            a.growth_cmp(&b) != Ordering::Less
        })
    }

    /// A coarse total order used for printing: bigger terms first.
    pub(crate) fn weight(&self) -> (u32, u32, Milli, u32) {
        let mut w = (0u32, 0u32, 0u32, 0u32);
        for f in self.factors.values() {
            w.0 += u32::from(f.factorial);
            w.1 = w.1.max(if f.exp > 1 { f.exp } else { 0 });
            w.2 = w.2.saturating_add(f.poly);
            w.3 = w.3.saturating_add(f.log);
        }
        w
    }
}

/// A sum of terms over named sizes, kept without dominated terms. The empty sum is 0 (no work
/// at all); [`Expr::one`] is the constant 1.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, Default)]
#[serde(rename_all = "camelCase")]
pub struct Expr {
    /// The terms, none dominated by another, biggest first.
    pub terms: Vec<Term>,
    /// Sizes that may be 0 (one item's neighbour list, a row of a ragged grid): terms in
    /// them never swallow terms without them (`V + V·d` stays as it is).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub per_item: BTreeSet<String>,
}

impl Expr {
    /// 0: no work.
    pub fn zero() -> Self {
        Self::default()
    }

    /// The constant 1.
    pub fn one() -> Self {
        Self::from_term(Term::one())
    }

    /// One term.
    pub fn from_term(term: Term) -> Self {
        Self {
            terms: vec![term],
            per_item: BTreeSet::new(),
        }
    }

    /// The size itself: `n`.
    pub fn size(name: &str) -> Self {
        Self::from_term(Term::of(name, Factor::power(1)))
    }

    /// `n^k`.
    pub fn power(name: &str, k: u32) -> Self {
        Self::from_term(Term::of(name, Factor::power(k)))
    }

    /// `log n`.
    pub fn log(name: &str) -> Self {
        Self::from_term(Term::of(name, Factor::log(1)))
    }

    /// `base^n`.
    pub fn exp(base: u32, name: &str) -> Self {
        Self::from_term(Term::of(
            name,
            Factor {
                exp: base,
                ..Factor::default()
            },
        ))
    }

    /// `n!`.
    pub fn factorial(name: &str) -> Self {
        Self::from_term(Term::of(
            name,
            Factor {
                factorial: true,
                ..Factor::default()
            },
        ))
    }

    /// A size that may be 0 (a per-item size such as one node's degree).
    pub fn per_item_size(name: &str) -> Self {
        let mut e = Self::size(name);
        e.per_item.insert(name.to_string());
        e
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether this is a constant (0 or 1).
    pub fn is_constant(&self) -> bool {
        self.terms.iter().all(Term::is_one)
    }

    /// Every size named in a term, sorted.
    pub fn sizes(&self) -> BTreeSet<String> {
        self.terms
            .iter()
            .flat_map(|t| t.factors.keys().cloned())
            .collect()
    }

    /// The sum, without dominated terms.
    pub fn add(&self, other: &Self) -> Self {
        let mut per_item = self.per_item.clone();
        per_item.extend(other.per_item.iter().cloned());
        let terms = self.terms.iter().chain(&other.terms).cloned().collect();
        Self::normalized(terms, per_item)
    }

    /// The product, without dominated terms.
    pub fn mul(&self, other: &Self) -> Self {
        let mut per_item = self.per_item.clone();
        per_item.extend(other.per_item.iter().cloned());
        let mut terms = Vec::new();
        for a in &self.terms {
            for b in &other.terms {
                terms.push(a.mul(b));
            }
        }
        Self::normalized(terms, per_item)
    }

    /// Whether `self` grows at least as fast as `other`: every term of `other` is dominated
    /// by some term of `self`.
    pub fn dominates(&self, other: &Self) -> bool {
        let mut per_item = self.per_item.clone();
        per_item.extend(other.per_item.iter().cloned());
        other
            .terms
            .iter()
            .all(|b| self.terms.iter().any(|a| a.dominates(b, &per_item)))
    }

    /// The same expression with sizes renamed (`{"xs": "arr"}`); sizes that meet under one
    /// name multiply (`n·m` renamed `m → n` is `n²`).
    pub fn rename(&self, map: &BTreeMap<String, String>) -> Self {
        let pick = |n: &String| map.get(n).cloned().unwrap_or_else(|| n.clone());
        let terms = self
            .terms
            .iter()
            .map(|t| {
                let mut out = Term::one();
                for (name, f) in &t.factors {
                    out = out.mul(&Term::of(&pick(name), *f));
                }
                out
            })
            .collect();
        let per_item = self.per_item.iter().map(pick).collect();
        Self::normalized(terms, per_item)
    }

    /// Replaces a size by an expression, up to a constant factor: `(a + b)^p` is
    /// `Θ(a^p + b^p)`, `log(a·b)` is `log a + log b`, `2^(a + b)` is `2^a · 2^b`. An
    /// exponential or factorial of anything but one size keeps the size's own name
    /// (a bound the algebra cannot write).
    pub fn substitute(&self, size: &str, by: &Self) -> Self {
        let mut out = Self::zero();
        out.per_item = self.per_item.clone();
        out.per_item.remove(size);
        out.per_item.extend(by.per_item.iter().cloned());
        for t in &self.terms {
            let Some(f) = t.factors.get(size) else {
                out = out.add(&Self::from_term(t.clone()));
                continue;
            };
            let mut rest = t.clone();
            rest.factors.remove(size);
            let mut part = Self::from_term(rest);
            part.per_item = out.per_item.clone();
            part = part.mul(&substitute_factor(f, by));
            out = out.add(&part);
        }
        out
    }

    /// The biggest power of `size` in any term, in thousandths.
    pub fn degree(&self, size: &str) -> Milli {
        self.terms
            .iter()
            .map(|t| t.factor(size).poly)
            .max()
            .unwrap_or(0)
    }

    fn normalized(terms: Vec<Term>, per_item: BTreeSet<String>) -> Self {
        let mut kept: Vec<Term> = Vec::new();
        for (i, t) in terms.iter().enumerate() {
            let dominated = terms.iter().enumerate().any(|(j, other)| {
                j != i
                    && other.dominates(t, &per_item)
                    // Of two equal terms, keep the first.
                    && (!t.dominates(other, &per_item) || j < i)
            });
            if !dominated {
                kept.push(t.clone());
            }
        }
        kept.sort_by(|a, b| {
            b.weight()
                .cmp(&a.weight())
                .then_with(|| term_names_cmp(a, b))
        });
        Self {
            terms: kept,
            per_item,
        }
    }
}

/// One size's factor with the size replaced by `by`.
fn substitute_factor(f: &Factor, by: &Expr) -> Expr {
    let mut out = Expr::one();
    out.per_item = by.per_item.clone();
    if f.poly > 0 {
        // (Σ t)^p = Θ(Σ t^p) for p > 0.
        let mut sum = Expr::zero();
        for t in &by.terms {
            let mut raised = Term::one();
            for (name, g) in &t.factors {
                let p = Factor {
                    poly: ((u64::from(g.poly) * u64::from(f.poly)) / 1000) as u32,
                    log: g.log.saturating_mul(f.poly.div_ceil(1000)),
                    exp: if g.exp > 1 {
                        g.exp.saturating_pow(f.poly.div_ceil(1000))
                    } else {
                        0
                    },
                    factorial: g.factorial,
                };
                raised = raised.mul(&Term::of(name, p));
            }
            sum = sum.add(&Expr {
                terms: vec![raised],
                per_item: by.per_item.clone(),
            });
        }
        out = out.mul(&sum);
    }
    if f.log > 0 {
        // log(Σ Π s^k) = Θ(Σ log s) over the sizes with a power; log^l of that is Θ(Σ log^l s).
        let mut logs = Expr::zero();
        for t in &by.terms {
            for (name, g) in &t.factors {
                if g.poly > 0 || g.factorial {
                    logs = logs.add(&Expr::from_term(Term::of(name, Factor::log(f.log))));
                }
                if g.exp > 1 || g.factorial {
                    logs = logs.add(&Expr::power(name, f.log));
                }
            }
        }
        if logs.is_zero() {
            logs = Expr::one();
        }
        out = out.mul(&logs);
    }
    if f.exp > 1 || f.factorial {
        // b^(Σ t) and (Σ t)! are bounded by the product over the sizes named in t.
        let mut prod = Expr::one();
        for name in by.sizes() {
            let g = Factor {
                exp: f.exp,
                factorial: f.factorial,
                ..Factor::default()
            };
            prod = prod.mul(&Expr::from_term(Term::of(&name, g)));
        }
        out = out.mul(&prod);
    }
    out
}

/// The order sizes are written in: `n, m, k` first, then `V, E`, then the rest by name.
pub(crate) fn size_rank(name: &str) -> (u8, &str) {
    let r = match name {
        "n" => 0,
        "m" => 1,
        "k" => 2,
        "V" => 3,
        "E" => 4,
        _ => 5,
    };
    (r, name)
}

/// A total order on terms of equal weight: by the sizes named (in writing order), then by
/// each size's factor, biggest first, so a sum prints the same whatever order it was built in.
fn term_names_cmp(a: &Term, b: &Term) -> Ordering {
    let (ka, kb) = (term_order_key(a), term_order_key(b));
    let names_a = ka.iter().map(|(n, _)| n);
    let names_b = kb.iter().map(|(n, _)| n);
    names_a.cmp(names_b).then_with(|| ka.cmp(&kb))
}

type SizeKey<'a> = ((u8, &'a str), Reverse<(bool, u32, Milli, u32)>);

fn term_order_key(t: &Term) -> Vec<SizeKey<'_>> {
    let mut k: Vec<_> = t
        .factors
        .iter()
        .map(|(n, f)| (size_rank(n), Reverse(f.key())))
        .collect();
    k.sort();
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_swallows_linear_and_constant() {
        let e = Expr::power("n", 2).add(&Expr::size("n")).add(&Expr::one());
        assert_eq!(e, Expr::power("n", 2));
    }

    #[test]
    fn different_sizes_stay() {
        let e = Expr::size("V").add(&Expr::size("E"));
        assert_eq!(e.terms.len(), 2);
        assert_eq!(e.to_string(), "O(V + E)");
    }

    #[test]
    fn terms_of_equal_weight_sort_the_same_either_way() {
        // Same sizes, same total weight, the log on different sizes (found by proptest).
        let term = |e_log, n_log| {
            Expr::from_term(
                Term::of(
                    "E",
                    Factor {
                        poly: 3000,
                        log: e_log,
                        exp: 3,
                        factorial: false,
                    },
                )
                .mul(&Term::of(
                    "n",
                    Factor {
                        poly: 2000,
                        log: n_log,
                        exp: 0,
                        factorial: false,
                    },
                )),
            )
        };
        let (a, b) = (term(0, 2), term(2, 0));
        assert_eq!(a.add(&b), b.add(&a));
    }

    #[test]
    fn per_item_size_does_not_swallow() {
        let vd = Expr::size("V").mul(&Expr::per_item_size("d"));
        let e = Expr::size("V").add(&vd);
        assert_eq!(e.terms.len(), 2, "{e:?}");
        // Without the per-item mark, V·d swallows V.
        let plain = Expr::size("V").add(&Expr::size("V").mul(&Expr::size("d")));
        assert_eq!(plain.terms.len(), 1);
    }

    #[test]
    fn exponential_beats_polynomial_and_factorial_beats_exponential() {
        let e = Expr::exp(2, "n").add(&Expr::power("n", 5));
        assert_eq!(e, Expr::exp(2, "n"));
        let f = Expr::factorial("n").add(&Expr::exp(3, "n"));
        assert_eq!(f, Expr::factorial("n"));
    }

    #[test]
    fn rename_merges_sizes() {
        let nm = Expr::size("n").mul(&Expr::size("m"));
        let map = BTreeMap::from([("m".to_string(), "n".to_string())]);
        assert_eq!(nm.rename(&map), Expr::power("n", 2));
    }

    #[test]
    fn substitute_sum_into_square() {
        let e = Expr::power("n", 2).substitute("n", &Expr::size("V").add(&Expr::size("E")));
        assert_eq!(e.to_string(), "O(V² + E²)");
        let l = Expr::size("n").mul(&Expr::log("n"));
        let s = l.substitute("n", &Expr::size("E"));
        assert_eq!(s.to_string(), "O(E log E)");
    }

    #[test]
    fn zero_is_neutral() {
        let n = Expr::size("n");
        assert_eq!(Expr::zero().add(&n), n);
        assert!(Expr::zero().mul(&n).is_zero());
    }
}
