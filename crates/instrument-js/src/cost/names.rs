//! What the names of one JavaScript function stand for (sizes, halves, items of a
//! collection, sets and maps, constants), and small helpers over swc expressions.

use std::collections::{HashMap, HashSet};

use algoscope_trace_format::SizeRef;
use swc_ecma_ast::{BinaryOp, Callee, Expr, Lit, MemberProp, Pat, UnaryOp};
use swc_ecma_visit::{Visit, VisitWith};

/// The names of one function (or the top level) and what they hold.
#[derive(Default, Clone)]
pub(crate) struct Names {
    /// Name → the size it equals (`const n = xs.length`, `i` of `for (i = 0; i < n; i++)`).
    pub sizes: HashMap<String, SizeRef>,
    /// Names assigned a halving (`const mid = (lo + hi) >> 1`).
    pub halves: HashSet<String>,
    /// Names assigned from a call of the program's own function (a partition index).
    pub from_calls: HashSet<String>,
    /// Loop variable → the collection it walks (`for (const u of graph.keys())`).
    pub items_of: HashMap<String, String>,
    /// Names holding a `Set`, a `Map` or an object: membership is O(1).
    pub hashed: HashSet<String>,
    /// Names holding arrays (or strings read from input).
    pub lists: HashSet<String>,
    /// Names holding a fixed collection (`const DIRS = [[0, 1], [1, 0]]`).
    pub constants: HashSet<String>,
    /// Collections created empty in this function (`const heap = []`).
    pub local_empty: HashSet<String>,
    /// Names holding what was read from input (the text, its lines, its numbers).
    pub input: HashSet<String>,
    /// Names holding an object of one of the program's classes (`const heap = new MinHeap()`):
    /// `heap.push(…)` calls the program's own method.
    pub instances: HashSet<String>,
    /// Items of a collection the code gives no size (`for (const p of permute(rest))`):
    /// their length is unknown too.
    pub no_size: HashSet<String>,
    /// The first number read from input, if any.
    pub input_number: Option<String>,
}

/// `e` without parentheses and TypeScript wrappers (`x as T`, `x!`, `<T>x`).
pub(crate) fn un(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => un(&p.expr),
        Expr::TsAs(t) => un(&t.expr),
        Expr::TsNonNull(t) => un(&t.expr),
        Expr::TsSatisfies(t) => un(&t.expr),
        Expr::TsTypeAssertion(t) => un(&t.expr),
        Expr::TsConstAssertion(t) => un(&t.expr),
        other => other,
    }
}

/// The plain name an expression is, if it is one.
pub(crate) fn ident(e: &Expr) -> Option<&str> {
    match un(e) {
        Expr::Ident(i) => Some(i.sym.as_str()),
        _ => None,
    }
}

/// `a`, `this.items`, `a.b`: the dotted name of a plain member chain.
pub(crate) fn dotted(e: &Expr) -> Option<String> {
    match un(e) {
        Expr::Ident(i) => Some(i.sym.to_string()),
        Expr::This(_) => Some("this".to_string()),
        Expr::Member(m) => match &m.prop {
            MemberProp::Ident(p) => Some(format!("{}.{}", dotted(&m.obj)?, p.sym)),
            _ => None,
        },
        _ => None,
    }
}

/// A whole-number literal's value.
pub(crate) fn int_of(e: &Expr) -> Option<i64> {
    match un(e) {
        Expr::Lit(Lit::Num(n)) if n.value.fract() == 0.0 && n.value.abs() < 1e15 => {
            // The value is whole and small: the cast is exact.
            #[allow(clippy::cast_possible_truncation)]
            Some(n.value as i64)
        }
        Expr::Unary(u) if u.op == UnaryOp::Minus => int_of(&u.arg).map(|v| -v),
        _ => None,
    }
}

/// The receiver and name of a call: `f(…)` → `(None, f)`, `o.m(…)` → `(Some(o), m)`.
pub(crate) fn callee(c: &Callee) -> Option<(Option<&Expr>, &str)> {
    let Callee::Expr(e) = c else { return None };
    match un(e) {
        Expr::Ident(i) => Some((None, i.sym.as_str())),
        Expr::Member(m) => match &m.prop {
            MemberProp::Ident(p) => Some((Some(&*m.obj), p.sym.as_str())),
            _ => None,
        },
        _ => None,
    }
}

/// Identifiers read in an expression (member property names left out).
pub(crate) fn names_in(e: &impl VisitWith<Collect>) -> Vec<String> {
    let mut c = Collect(Vec::new());
    e.visit_with(&mut c);
    c.0
}

/// Collects identifiers.
pub(crate) struct Collect(pub Vec<String>);

impl Visit for Collect {
    fn visit_ident(&mut self, id: &swc_ecma_ast::Ident) {
        self.0.push(id.sym.to_string());
    }
}

/// The names a pattern binds.
pub(crate) fn pat_names(p: &Pat) -> Vec<String> {
    match p {
        Pat::Ident(b) => vec![b.id.sym.to_string()],
        Pat::Array(a) => a.elems.iter().flatten().flat_map(pat_names).collect(),
        Pat::Assign(a) => pat_names(&a.left),
        Pat::Rest(r) => pat_names(&r.arg),
        Pat::Object(_) => names_in(p),
        _ => Vec::new(),
    }
}

/// Whether `e` reads the program's input (`readFileSync(0)`, `prompt()`, a name holding
/// what was read), anywhere inside.
pub(crate) fn reads_input(names: &Names, e: &Expr) -> bool {
    struct R<'n> {
        names: &'n Names,
        found: bool,
    }
    impl Visit for R<'_> {
        fn visit_call_expr(&mut self, c: &swc_ecma_ast::CallExpr) {
            if let Some((_, n)) = callee(&c.callee) {
                if matches!(n, "readFileSync" | "prompt" | "readline" | "question") {
                    self.found = true;
                }
            }
            c.visit_children_with(self);
        }
        fn visit_arrow_expr(&mut self, _: &swc_ecma_ast::ArrowExpr) {}
        fn visit_ident(&mut self, id: &swc_ecma_ast::Ident) {
            if self.names.input.contains(id.sym.as_str()) {
                self.found = true;
            }
        }
    }
    let mut r = R {
        names,
        found: false,
    };
    e.visit_with(&mut r);
    r.found
}

impl Names {
    /// The size an expression stands for as a bound (`xs.length`, `n - 1`, `hi - lo`);
    /// `None` for a constant or something unknown.
    pub(crate) fn size_of(&self, e: &Expr) -> Option<SizeRef> {
        match un(e) {
            Expr::Ident(i) => {
                let id = i.sym.as_str();
                if self.constants.contains(id) || id == "undefined" || id == "Infinity" {
                    return None;
                }
                Some(
                    self.sizes
                        .get(id)
                        .cloned()
                        .unwrap_or_else(|| SizeRef::value(id)),
                )
            }
            Expr::Member(m) if matches!(&m.prop, MemberProp::Ident(p) if p.sym == "length" || p.sym == "size") => {
                self.len_of(&m.obj)
            }
            Expr::Call(c) => match (callee(&c.callee), c.args.first()) {
                (
                    Some((
                        _,
                        "floor" | "ceil" | "trunc" | "abs" | "round" | "Number" | "parseInt"
                        | "max" | "min",
                    )),
                    Some(arg),
                ) if arg.spread.is_none() => self.size_of(&arg.expr),
                _ if reads_input(self, e) => Some(SizeRef::value("input")),
                _ => None,
            },
            Expr::Unary(u) if u.op == UnaryOp::Plus => self.size_of(&u.arg),
            Expr::Bin(b) => match b.op {
                BinaryOp::Add | BinaryOp::Mul => {
                    self.size_of(&b.left).or_else(|| self.size_of(&b.right))
                }
                BinaryOp::Sub | BinaryOp::Div | BinaryOp::RShift | BinaryOp::ZeroFillRShift => {
                    self.size_of(&b.left)
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The length of a collection expression: `xs` → its length, `graph[u]` or
    /// `graph.get(u)` → one item's list, `grid[0]` → a row of `grid`.
    pub(crate) fn len_of(&self, e: &Expr) -> Option<SizeRef> {
        match un(e) {
            Expr::Ident(i) => {
                let id = i.sym.as_str();
                if self.constants.contains(id) || self.no_size.contains(id) {
                    return None;
                }
                if let Some(s) = self.sizes.get(id) {
                    return Some(s.clone());
                }
                if let Some(parent) = self.items_of.get(id) {
                    return Some(row_or_item(parent, !self.hashed.contains(parent.as_str())));
                }
                Some(SizeRef::len(id))
            }
            Expr::Member(m) => match &m.prop {
                MemberProp::Computed(k) => {
                    let base = dotted(&m.obj)?;
                    Some(row_or_item(&base, self.by_index(&k.expr)))
                }
                // A method's `this.items`: the object's size.
                _ => dotted(e).map(|d| match d.strip_prefix("this.") {
                    Some(_) => SizeRef::len("this"),
                    None => SizeRef::len(&d),
                }),
            },
            Expr::Array(a) => {
                let spread = a.elems.iter().flatten().find(|x| x.spread.is_some())?;
                self.len_of(&spread.expr)
            }
            Expr::New(n) => {
                let arg = n.args.as_ref()?.first()?;
                match ident(&n.callee) {
                    Some("Array") => self.size_of(&arg.expr),
                    Some("Set" | "Map") => self.len_of(&arg.expr),
                    _ => None,
                }
            }
            Expr::Call(c) => {
                let (recv, name) = callee(&c.callee)?;
                let first = c.args.first().map(|a| &*a.expr);
                match (recv.map(un), name) {
                    (Some(r), "get") if !matches!(r, Expr::This(_)) => {
                        let base = dotted(r)?;
                        Some(row_or_item(&base, first.is_some_and(|k| self.by_index(k))))
                    }
                    (Some(r), "from") if ident(r) == Some("Array") => {
                        let first = first?;
                        match un(first) {
                            Expr::Object(o) => o.props.iter().find_map(|p| match p {
                                swc_ecma_ast::PropOrSpread::Prop(p) => match &**p {
                                    swc_ecma_ast::Prop::KeyValue(kv) => self.size_of(&kv.value),
                                    _ => None,
                                },
                                _ => None,
                            }),
                            other => self.len_of(other),
                        }
                    }
                    (Some(r), "keys" | "values" | "entries")
                        if matches!(ident(r), Some("Object")) =>
                    {
                        self.len_of(first?)
                    }
                    _ if reads_input(self, e) => match &self.input_number {
                        Some(n) => Some(SizeRef::value(n)),
                        None => recv.and_then(|r| self.len_of(r)),
                    },
                    (
                        Some(r),
                        "slice" | "map" | "filter" | "concat" | "sort" | "reverse" | "entries"
                        | "keys" | "values" | "toSorted" | "toReversed" | "split" | "trim" | "flat",
                    ) => self.len_of(r),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Whether a key indexes by position (`grid[i]` with `i` a counter: a row) rather than
    /// by a vertex (`graph[u]`: a neighbour list).
    fn by_index(&self, k: &Expr) -> bool {
        int_of(k).is_some()
            || ident(k).is_some_and(|k| {
                self.sizes.get(k).is_some_and(|r| !r.inner) && !self.items_of.contains_key(k)
            })
    }

    /// Whether `e` names something halved (`mid`, `n >> 1`, `Math.floor(n / 2)`).
    pub(crate) fn is_half(&self, e: &Expr) -> bool {
        match un(e) {
            Expr::Ident(i) => self.halves.contains(i.sym.as_str()),
            Expr::Bin(b) => match b.op {
                BinaryOp::Div | BinaryOp::RShift | BinaryOp::ZeroFillRShift => true,
                BinaryOp::Add | BinaryOp::Sub => self.is_half(&b.left) || self.is_half(&b.right),
                _ => false,
            },
            Expr::Call(c) => {
                matches!(callee(&c.callee), Some((_, "floor" | "ceil" | "trunc")))
                    && c.args.first().is_some_and(|a| self.is_half(&a.expr))
            }
            _ => false,
        }
    }
}

/// A row of a grid (`grid[i]` with `i` an index) or one item's list (`graph[u]`).
fn row_or_item(base: &str, by_index: bool) -> SizeRef {
    if by_index {
        SizeRef::len(&format!("{base}[]"))
    } else {
        SizeRef::inner(base)
    }
}
