//! Giving raw size symbols (`len(arr)`, `inner(graph)`, `n`) the letters a textbook uses:
//! one-letter variables keep their names, a graph's sizes are `V` and `E` (its keys and the
//! total of its lists), a grid's rows and columns are `n·m`, everything else gets the next of
//! `n, m, k, p, q, …`.

use std::collections::{BTreeMap, BTreeSet};

use crate::expr::{Expr, Factor, Term};

const LETTERS: [&str; 12] = ["n", "m", "k", "p", "q", "r", "s", "t", "u", "w", "x", "y"];

/// Raw symbol → letter, and letter → what it measures.
#[derive(Debug, Clone, Default)]
pub(crate) struct Naming {
    pub letters: BTreeMap<String, String>,
    pub meanings: BTreeMap<String, String>,
    /// The graph whose `len(g)·inner(g)` is written `E`.
    graph: Option<(String, String)>,
}

impl Naming {
    /// Names every symbol of `symbols` (in order of importance).
    pub(crate) fn new(symbols: &[String]) -> Self {
        let mut n = Naming::default();
        let mut used: BTreeSet<String> = BTreeSet::new();
        let all: BTreeSet<&String> = symbols.iter().collect();
        // A graph: a collection with both a length and per-item lists.
        for s in symbols {
            if let Some(g) = inner_of(s) {
                let len = format!("len({g})");
                if all.contains(&len) && !n.letters.contains_key(&len) {
                    n.letters.insert(len.clone(), "V".into());
                    n.letters.insert(s.clone(), "\u{1}d".into());
                    n.meanings.insert(
                        "V".into(),
                        format!("the number of entries of `{g}` (vertices)"),
                    );
                    n.meanings.insert(
                        "E".into(),
                        format!("the total length of `{g}`'s lists (edges)"),
                    );
                    n.graph.get_or_insert((len, s.clone()));
                    used.extend(["V".to_string(), "E".to_string()]);
                }
            }
        }
        // One-letter variables keep their names.
        for s in symbols {
            if s.chars().count() == 1
                && s.chars().all(char::is_alphabetic)
                && !used.contains(s)
                && !n.letters.contains_key(s)
            {
                n.letters.insert(s.clone(), s.clone());
                n.meanings.insert(s.clone(), format!("the value of `{s}`"));
                used.insert(s.clone());
            }
        }
        for s in symbols {
            if n.letters.contains_key(s) {
                continue;
            }
            let Some(letter) = LETTERS.iter().find(|l| !used.contains(**l)) else {
                n.letters.insert(s.clone(), s.clone());
                continue;
            };
            n.letters.insert(s.clone(), (*letter).to_string());
            n.meanings.insert((*letter).to_string(), meaning(s));
            used.insert((*letter).to_string());
        }
        n
    }

    /// `e` in letters, with a graph's `V·d` written `E`.
    pub(crate) fn apply(&self, e: &Expr) -> Expr {
        let renamed = e.rename(&self.letters);
        if self.graph.is_none() {
            return renamed;
        }
        let d = "\u{1}d";
        let mut out = Expr::zero();
        out.per_item = renamed.per_item.clone();
        out.per_item.remove(d);
        for t in &renamed.terms {
            let mut t: Term = t.clone();
            let df = t.factor(d);
            let vf = t.factor("V");
            if df.poly >= 1000 && vf.poly >= 1000 {
                t.factors.remove(d);
                let v = Factor {
                    poly: vf.poly - 1000,
                    ..vf
                };
                t.factors.remove("V");
                if !v.is_one() {
                    t.factors.insert("V".into(), v);
                }
                t = t.mul(&Term::of("E", Factor::power(1)));
            } else if df.poly > 0 {
                // A degree alone (one node's neighbours) stays a per-item size, written d.
                t.factors.remove(d);
                t = t.mul(&Term::of("d", df));
            }
            let mut one = Expr::from_term(t);
            one.per_item = out.per_item.clone();
            if one.sizes().contains("d") {
                one.per_item.insert("d".into());
            }
            out = out.add(&one);
        }
        out
    }
}

fn inner_of(s: &str) -> Option<&str> {
    s.strip_prefix("inner(").and_then(|r| r.strip_suffix(')'))
}

fn meaning(s: &str) -> String {
    if let Some(g) = inner_of(s) {
        return format!("the length of one item of `{g}`");
    }
    if let Some(x) = s.strip_prefix("len(").and_then(|r| r.strip_suffix(')')) {
        if let Some(grid) = x.strip_suffix("[]") {
            return format!("the length of a row of `{grid}`");
        }
        return format!("the length of `{x}`");
    }
    format!("the value of `{s}`")
}
