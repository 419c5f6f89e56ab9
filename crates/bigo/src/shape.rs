//! From a program's cost shape ([`CostShape`]) to its cost in raw size symbols: loops multiply
//! their bound into their body, amortised loops add their total once, calls bring in their
//! callee's cost renamed to the caller's arguments, recursion is solved as a [`Recurrence`].
//! Symbols are raw here (`len(arr)`, `n`, `inner(graph)`); [`crate::naming`] gives them letters.

use std::collections::{BTreeMap, HashMap, HashSet};

use algoscope_trace_format::{
    CostNode, CostShape, FunctionShape, LoopBound, OpCost, ShrinkKind, SizeRef,
};

use crate::expr::{Expr, Factor, Term};
use crate::recurrence::{solve, Branching, Recurrence, Shrink};

/// One fact behind an estimate, with the expressions it mentions (in raw symbols).
#[derive(Debug, Clone)]
pub(crate) enum Note {
    /// A loop: its line, its passes, whether amortised, and the nesting depth.
    Loop {
        line: u32,
        passes: Expr,
        amortised: bool,
        depth: usize,
    },
    /// A loop whose bound the shape cannot prove.
    UnknownLoop { line: u32 },
    /// A call of another function of the program and what it costs.
    Call {
        line: u32,
        callee: String,
        cost: Expr,
    },
    /// A built-in that is not O(1).
    Op { line: u32, op: String, cost: Expr },
    /// The recurrence of a recursive function and its solution.
    Recursion {
        rec: Recurrence,
        average: bool,
        guessed: bool,
    },
}

/// One function's cost in raw symbols.
#[derive(Debug, Clone)]
pub(crate) struct Costed {
    pub cost: Expr,
    pub notes: Vec<Note>,
}

/// The raw symbol of a size.
pub(crate) fn symbol(s: &SizeRef) -> String {
    if s.inner {
        format!("inner({})", s.name)
    } else if s.len {
        format!("len({})", s.name)
    } else {
        s.name.clone()
    }
}

fn size_expr(s: &SizeRef) -> Expr {
    if s.inner {
        Expr::per_item_size(&symbol(s))
    } else {
        Expr::size(&symbol(s))
    }
}

/// Costs every function of a shape.
pub(crate) fn cost_all(shape: &CostShape) -> BTreeMap<String, Costed> {
    let mut c = Coster {
        shape,
        done: HashMap::new(),
        visiting: HashSet::new(),
    };
    let mut out = BTreeMap::new();
    for f in &shape.functions {
        let costed = c.function(&f.name);
        out.insert(f.name.clone(), costed);
    }
    out
}

struct Coster<'s> {
    shape: &'s CostShape,
    done: HashMap<String, Costed>,
    visiting: HashSet<String>,
}

impl Coster<'_> {
    fn find(&self, name: &str) -> Option<&FunctionShape> {
        self.shape.functions.iter().find(|f| f.name == name)
    }

    fn function(&mut self, name: &str) -> Costed {
        if let Some(c) = self.done.get(name) {
            return c.clone();
        }
        let Some(f) = self.find(name).cloned() else {
            return Costed {
                cost: Expr::one(),
                notes: Vec::new(),
            };
        };
        if !self.visiting.insert(name.to_string()) {
            // Mutual recursion: counted as one call here.
            return Costed {
                cost: Expr::one(),
                notes: Vec::new(),
            };
        }
        let mut notes = Vec::new();
        let mut amortised = Expr::zero();
        let work = self.nodes(&f, &f.body, 0, &mut amortised, &mut notes);
        let work = work.add(&amortised);
        let (calls, shrink) = self_calls(&f.body);
        let cost = if calls.is_none() && f.memo.is_none() {
            work
        } else {
            let size = main_size(&f, &work, shrink);
            let shrink_kind = shrink.unwrap_or(ShrinkKind::Unknown);
            let rec = Recurrence {
                size: size.clone(),
                calls: calls.unwrap_or(Branching::Fixed(1)),
                shrink: match shrink_kind {
                    ShrinkKind::Half | ShrinkKind::Partition => Shrink::Divide { by: 2 },
                    ShrinkKind::Child => Shrink::Child,
                    ShrinkKind::MinusOne | ShrinkKind::Unknown => Shrink::MinusOne,
                },
                // Each call does at least constant work besides its loops.
                work: Expr::one().add(&work),
                memo_states: f.memo.as_ref().map(|key| memo_states(&f, key, &size)),
            };
            let total = solve(&rec).total;
            notes.push(Note::Recursion {
                rec,
                average: shrink_kind == ShrinkKind::Partition,
                guessed: shrink_kind == ShrinkKind::Unknown && f.memo.is_none(),
            });
            total
        };
        self.visiting.remove(name);
        let costed = Costed { cost, notes };
        self.done.insert(name.to_string(), costed.clone());
        costed
    }

    /// The cost of a list of nodes run once; amortised loops add their total to `amortised`.
    fn nodes(
        &mut self,
        f: &FunctionShape,
        nodes: &[CostNode],
        depth: usize,
        amortised: &mut Expr,
        notes: &mut Vec<Note>,
    ) -> Expr {
        let mut total = Expr::zero();
        for n in nodes {
            let c = self.node(f, n, depth, amortised, notes);
            total = total.add(&c);
        }
        total
    }

    fn node(
        &mut self,
        f: &FunctionShape,
        n: &CostNode,
        depth: usize,
        amortised: &mut Expr,
        notes: &mut Vec<Note>,
    ) -> Expr {
        match n {
            CostNode::Loop {
                line, bound, body, ..
            } => {
                let body_cost = self.nodes(f, body, depth + 1, amortised, notes);
                // Each pass does at least constant work besides its body.
                let per_pass = Expr::one().add(&body_cost);
                let (passes, is_amortised) = match bound {
                    LoopBound::Size { sizes } => (
                        sizes.iter().fold(Expr::zero(), |e, s| e.add(&size_expr(s))),
                        false,
                    ),
                    LoopBound::Log { size } => (Expr::log(&symbol(size)), false),
                    LoopBound::Sqrt { size } => (
                        Expr::from_term(Term::of(
                            &symbol(size),
                            Factor {
                                poly: 500,
                                ..Factor::default()
                            },
                        )),
                        false,
                    ),
                    LoopBound::Amortised { size } => (size_expr(size), true),
                    LoopBound::Constant => (Expr::one(), false),
                    LoopBound::Unknown => {
                        notes.push(Note::UnknownLoop { line: *line });
                        (Expr::one(), false)
                    }
                };
                if !passes.is_constant() {
                    notes.push(Note::Loop {
                        line: *line,
                        passes: passes.clone(),
                        amortised: is_amortised,
                        depth,
                    });
                }
                if is_amortised {
                    *amortised = amortised.add(&passes.mul(&per_pass));
                    Expr::one()
                } else {
                    passes.mul(&per_pass)
                }
            }
            CostNode::Call {
                line,
                callee,
                args,
                shrink,
            } => {
                if callee == &f.name || shrink.is_some() {
                    return Expr::one();
                }
                let costed = self.function(callee);
                let Some(target) = self.find(callee) else {
                    return costed.cost;
                };
                let renamed = rename_to_args(&costed.cost, &target.params, args);
                if !renamed.is_constant() {
                    notes.push(Note::Call {
                        line: *line,
                        callee: callee.clone(),
                        cost: renamed.clone(),
                    });
                }
                renamed
            }
            CostNode::Op {
                line,
                op,
                cost,
                size,
            } => {
                let s = size_expr(size);
                let e = match cost {
                    OpCost::Log => Expr::log(&symbol(size)),
                    OpCost::Linear => s,
                    OpCost::NLogN => s.mul(&Expr::log(&symbol(size))),
                };
                notes.push(Note::Op {
                    line: *line,
                    op: op.clone(),
                    cost: e.clone(),
                });
                e
            }
            CostNode::Branch { arms, .. } => {
                let mut total = Expr::zero();
                for arm in arms {
                    let c = self.nodes(f, arm, depth, amortised, notes);
                    total = total.add(&c);
                }
                total
            }
        }
    }
}

/// The callee's cost with its parameters' sizes renamed to the caller's arguments.
fn rename_to_args(cost: &Expr, params: &[String], args: &[Option<SizeRef>]) -> Expr {
    let mut out = cost.clone();
    let mut map = BTreeMap::new();
    for (p, a) in params.iter().zip(args) {
        let Some(a) = a else { continue };
        if a.len || a.inner {
            // The argument is a length (or a collection as long as one): the parameter's
            // value and its length are that length.
            out = out.substitute(p, &size_expr(a));
            out = out.substitute(&format!("len({p})"), &size_expr(a));
        } else {
            map.insert(p.clone(), a.name.clone());
            map.insert(format!("len({p})"), format!("len({})", a.name));
            map.insert(format!("inner({p})"), format!("inner({})", a.name));
            map.insert(format!("len({p}[])"), format!("len({}[])", a.name));
        }
    }
    // Renaming into fresh names first keeps a swap (`f(b, a)`) from merging sizes.
    let fresh: BTreeMap<String, String> = map
        .keys()
        .map(|k| (k.clone(), format!("\u{1}{k}")))
        .collect();
    let back: BTreeMap<String, String> = map
        .iter()
        .map(|(k, v)| (format!("\u{1}{k}"), v.clone()))
        .collect();
    out.rename(&fresh).rename(&back)
}

/// The self-calls of a body: how many one call makes (alternatives count once) and how the
/// argument shrinks; `None` when it makes none.
fn self_calls(nodes: &[CostNode]) -> (Option<Branching>, Option<ShrinkKind>) {
    let mut count: u32 = 0;
    let mut per_item = false;
    let mut shrink: Option<ShrinkKind> = None;
    let merge = |s: Option<ShrinkKind>, shrink: &mut Option<ShrinkKind>| {
        if let Some(s) = s {
            *shrink = Some(match (*shrink, s) {
                (None, s) => s,
                (Some(ShrinkKind::Unknown), s) => s,
                (Some(a), _) => a,
            });
        }
    };
    for n in nodes {
        match n {
            CostNode::Call {
                shrink: Some(s), ..
            } => {
                count += 1;
                merge(Some(*s), &mut shrink);
            }
            CostNode::Loop { body, bound, .. } => {
                let (c, s) = self_calls(body);
                if let Some(c) = c {
                    merge(s, &mut shrink);
                    let sized = matches!(
                        bound,
                        LoopBound::Size { .. } | LoopBound::Amortised { .. } | LoopBound::Unknown
                    );
                    if s == Some(ShrinkKind::Child) {
                        count += 1;
                    } else if sized {
                        per_item = true;
                    } else {
                        count += match c {
                            Branching::Fixed(k) => k.max(1) * 2,
                            Branching::PerItem => 2,
                        };
                    }
                }
            }
            CostNode::Branch { arms, .. } => {
                let mut best = 0;
                for arm in arms {
                    let (c, s) = self_calls(arm);
                    merge(s, &mut shrink);
                    match c {
                        Some(Branching::Fixed(k)) => best = best.max(k),
                        Some(Branching::PerItem) => per_item = true,
                        None => {}
                    }
                }
                count += best;
            }
            _ => {}
        }
    }
    if per_item {
        (Some(Branching::PerItem), shrink)
    } else if count > 0 {
        (Some(Branching::Fixed(count)), shrink)
    } else {
        (None, shrink)
    }
}

/// The size a recursion runs down: a structure's node count for child recursion over a
/// graph, otherwise the first parameter's size that the work mentions, or the first
/// parameter itself.
fn main_size(f: &FunctionShape, work: &Expr, shrink: Option<ShrinkKind>) -> String {
    let sizes = work.sizes();
    if shrink == Some(ShrinkKind::Child) {
        if let Some(g) = sizes
            .iter()
            .find_map(|s| s.strip_prefix("inner(").and_then(|r| r.strip_suffix(')')))
        {
            return format!("len({g})");
        }
    }
    for p in &f.params {
        for cand in [format!("len({p})"), p.clone()] {
            if sizes.contains(&cand) {
                return cand;
            }
        }
    }
    // A parameter used as a length somewhere in the body.
    let used_as_len = |p: &str| body_mentions_len(&f.body, p);
    match f.params.first() {
        Some(p) if used_as_len(p) => format!("len({p})"),
        Some(p) => p.clone(),
        None => "n".to_string(),
    }
}

fn body_mentions_len(nodes: &[CostNode], p: &str) -> bool {
    nodes.iter().any(|n| match n {
        CostNode::Loop { bound, body, .. } => {
            let in_bound = match bound {
                LoopBound::Size { sizes } => sizes.iter().any(|s| s.name == p && s.len),
                LoopBound::Log { size }
                | LoopBound::Sqrt { size }
                | LoopBound::Amortised { size } => size.name == p && size.len,
                _ => false,
            };
            in_bound || body_mentions_len(body, p)
        }
        CostNode::Op { size, .. } => size.name == p && size.len,
        CostNode::Branch { arms, .. } => arms.iter().any(|a| body_mentions_len(a, p)),
        CostNode::Call { args, .. } => args.iter().flatten().any(|s| s.name == p && s.len),
    })
}

/// How many distinct arguments a memoised function sees: the product of its key parameters'
/// sizes (the recursion's size when there is one key).
fn memo_states(f: &FunctionShape, key: &[String], size: &str) -> Expr {
    if key.len() <= 1 {
        return Expr::size(size);
    }
    let _ = f;
    key.iter().fold(Expr::one(), |e, p| e.mul(&Expr::size(p)))
}
