//! The cost shape ([`CostShape`]) of a JavaScript or TypeScript program, the same
//! language-neutral shape py-analysis gives for Python: per function, its loops with their
//! bounds (array callbacks `map`/`filter`/`forEach`/`reduce` are loops), calls of the
//! program's own functions (and how a recursive call's argument shrinks), memoisation,
//! alternatives, and built-ins that are not O(1) (`includes`, `indexOf`, `shift`,
//! `unshift`, `splice`, `slice`, `concat`, spread copies, `sort`).

mod loops;
mod names;

use std::collections::HashSet;

use algoscope_trace_format::{
    CostNode, CostShape, FunctionShape, InputSize, LoopBound, OpCost, ShrinkKind, SizeRef,
};
use swc_common::{BytePos, Span, Spanned};
use swc_ecma_ast::{
    ArrowFunctionBody, AssignOp, BinaryOp, CallExpr, ClassMember, Decl, Expr, ExprOrSpread,
    Function, MemberProp, ModuleItem, Pat, Program, PropName, Stmt, UnaryOp, VarDeclarator,
};
use swc_ecma_visit::{Visit, VisitWith};

use crate::lines::LineIndex;
use crate::parse::Parsed;
use names::{callee, dotted, ident, int_of, names_in, pat_names, reads_input, un, Names};

/// A function found in the program.
struct Def<'a> {
    name: String,
    span: Span,
    params: Vec<String>,
    body: Body<'a>,
}

#[derive(Clone, Copy)]
enum Body<'a> {
    Stmts(&'a [Stmt]),
    Expr(&'a Expr),
}

/// Finds every function: declarations, `const f = (…) => …`, `const f = function …`, and
/// class methods (by their own name, as `this.m(…)` calls them).
struct DefFinder<'a> {
    defs: Vec<Def<'a>>,
}

fn fn_params(f: &Function) -> Vec<String> {
    f.params.iter().flat_map(|p| pat_names(&p.pat)).collect()
}

impl<'a> DefFinder<'a> {
    fn function(&mut self, name: String, f: &'a Function) {
        if let Some(b) = &f.body {
            self.defs.push(Def {
                name,
                span: f.span,
                params: fn_params(f),
                body: Body::Stmts(&b.stmts),
            });
        }
    }

    /// A class method: its receiver is a parameter named `this` (first), so a call
    /// `heap.push(x)` can pass the heap's size.
    fn method(&mut self, name: String, f: &'a Function) {
        if let Some(b) = &f.body {
            let mut params = vec!["this".to_string()];
            params.extend(fn_params(f));
            self.defs.push(Def {
                name,
                span: f.span,
                params,
                body: Body::Stmts(&b.stmts),
            });
        }
    }

    fn declarator(&mut self, d: &'a VarDeclarator) -> bool {
        let (Pat::Ident(b), Some(init)) = (&d.name, d.init.as_deref()) else {
            return false;
        };
        let name = b.id.sym.to_string();
        match un(init) {
            Expr::Arrow(a) => {
                self.defs.push(Def {
                    name,
                    span: a.span,
                    params: a.params.iter().flat_map(pat_names).collect(),
                    body: match &*a.body {
                        ArrowFunctionBody::FunctionBody(b) => Body::Stmts(&b.stmts),
                        ArrowFunctionBody::Expr(e) => Body::Expr(e),
                    },
                });
                true
            }
            Expr::Fn(f) => {
                self.function(name, &f.function);
                true
            }
            _ => false,
        }
    }

    fn stmts(&mut self, stmts: &'a [Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn stmt(&mut self, s: &'a Stmt) {
        match s {
            Stmt::Decl(Decl::Fn(f)) => {
                self.function(f.ident.sym.to_string(), &f.function);
                if let Some(b) = &f.function.body {
                    self.stmts(&b.stmts);
                }
            }
            Stmt::Decl(Decl::Var(v)) => {
                for d in &v.decls {
                    if self.declarator(d) {
                        match d.init.as_deref().map(un) {
                            Some(Expr::Arrow(a)) => {
                                if let ArrowFunctionBody::FunctionBody(b) = &*a.body {
                                    self.stmts(&b.stmts);
                                }
                            }
                            Some(Expr::Fn(f)) => {
                                if let Some(b) = &f.function.body {
                                    self.stmts(&b.stmts);
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
            Stmt::Decl(Decl::Class(c)) => {
                for m in &c.class.body {
                    if let ClassMember::Method(m) = m {
                        let name = match &m.key {
                            PropName::Ident(i) => i.sym.to_string(),
                            PropName::Str(s) => s.value.to_string_lossy().to_string(),
                            _ => continue,
                        };
                        self.method(name, &m.function);
                    }
                }
            }
            Stmt::Block(b) => self.stmts(&b.stmts),
            _ => {}
        }
    }
}

/// The cost shape of a parsed program: the top level as `<module>` first, then every
/// function and method in source order.
pub(crate) fn cost_shape(parsed: &Parsed, source: &str) -> CostShape {
    let index = LineIndex::new(source);
    let ctx = Ctx {
        parsed,
        index: &index,
    };
    let top: Vec<Stmt> = match &parsed.program {
        Program::Script(s) => s.body.clone(),
        Program::Module(m) => m
            .body
            .iter()
            .filter_map(|i| match i {
                ModuleItem::Stmt(s) => Some(s.clone()),
                ModuleItem::ModuleDecl(swc_ecma_ast::ModuleDecl::ExportDecl(d)) => {
                    Some(Stmt::Decl(d.decl.clone()))
                }
                ModuleItem::ModuleDecl(_) => None,
            })
            .collect(),
    };
    let mut finder = DefFinder { defs: Vec::new() };
    finder.stmts(&top);
    let mut defs = finder.defs;
    defs.sort_by_key(|d| d.span.lo);
    let own: HashSet<String> = defs.iter().map(|d| d.name.clone()).collect();
    let mut shape = CostShape::default();
    let mut module = Walker::new(&ctx, &own, None, Vec::new(), Names::default());
    let body = module.body(&top);
    shape.input_sizes = std::mem::take(&mut module.inputs);
    shape.functions.push(FunctionShape {
        name: "<module>".to_string(),
        line: 1,
        params: Vec::new(),
        memo: None,
        body,
    });
    let globals = module.names.clone();
    for def in &defs {
        let mut names = globals.clone();
        for p in &def.params {
            names.sizes.remove(p);
            names.constants.remove(p);
            names.local_empty.remove(p);
            names.input.remove(p);
        }
        let mut w = Walker::new(
            &ctx,
            &own,
            Some(def.name.clone()),
            def.params.clone(),
            names,
        );
        let memo = match def.body {
            Body::Stmts(s) => memo_of(s, &def.params),
            Body::Expr(_) => None,
        };
        let body = match def.body {
            Body::Stmts(s) => w.body(s),
            Body::Expr(e) => w.expr(e),
        };
        shape.functions.push(FunctionShape {
            name: def.name.clone(),
            line: ctx.line(def.span.lo),
            params: def.params.clone(),
            memo,
            body,
        });
    }
    shape
}

/// `if (memo.has(n)) return memo.get(n);`, `if (n in memo) return memo[n];` or
/// `if (memo[n] !== undefined) return memo[n];` among the first statements: the parameters
/// the memo is keyed on.
fn memo_of(body: &[Stmt], params: &[String]) -> Option<Vec<String>> {
    let sized: Vec<String> = params
        .iter()
        .filter(|p| !matches!(p.as_str(), "memo" | "cache" | "dp" | "seen"))
        .cloned()
        .collect();
    for s in body.iter().take(4) {
        let Stmt::If(i) = s else { continue };
        let returns = match &*i.cons {
            Stmt::Return(_) => true,
            Stmt::Block(b) => matches!(b.stmts.last(), Some(Stmt::Return(_))),
            _ => false,
        };
        if !returns {
            continue;
        }
        let looked_up = match un(&i.test) {
            Expr::Call(c) => matches!(callee(&c.callee), Some((Some(_), "has"))),
            Expr::Bin(b) => match b.op {
                BinaryOp::In => true,
                BinaryOp::NotEqEq | BinaryOp::NotEq => {
                    matches!(un(&b.left), Expr::Member(m) if matches!(m.prop, MemberProp::Computed(_)))
                }
                _ => false,
            },
            _ => false,
        };
        if !looked_up {
            continue;
        }
        let used = names_in(&*i.test);
        let key: Vec<String> = sized.iter().filter(|p| used.contains(p)).cloned().collect();
        return Some(if key.is_empty() { sized } else { key });
    }
    None
}

/// Positions to lines.
struct Ctx<'p> {
    parsed: &'p Parsed,
    index: &'p LineIndex,
}

impl Ctx<'_> {
    fn line(&self, pos: BytePos) -> u32 {
        self.index.line(self.parsed.offset(pos))
    }
}

/// An enclosing loop: its body and bound.
struct Enclosing<'s> {
    body: &'s [Stmt],
    bound: LoopBound,
}

/// Walks one function's body.
struct Walker<'c, 's> {
    ctx: &'c Ctx<'c>,
    own: &'c HashSet<String>,
    func: Option<String>,
    params: Vec<String>,
    names: Names,
    inputs: Vec<InputSize>,
    enclosing: Vec<Enclosing<'s>>,
}

/// The statements of a loop body.
fn stmts_of(s: &Stmt) -> &[Stmt] {
    match s {
        Stmt::Block(b) => &b.stmts,
        other => std::slice::from_ref(other),
    }
}

/// Whether a statement always leaves the function (`return`, `throw`, or a block ending so).
fn leaves(s: &Stmt) -> bool {
    match s {
        Stmt::Return(_) | Stmt::Throw(_) => true,
        Stmt::Block(b) => b.stmts.last().is_some_and(leaves),
        _ => false,
    }
}

impl<'c, 's> Walker<'c, 's> {
    fn new(
        ctx: &'c Ctx<'c>,
        own: &'c HashSet<String>,
        func: Option<String>,
        params: Vec<String>,
        names: Names,
    ) -> Self {
        Self {
            ctx,
            own,
            func,
            params,
            names,
            inputs: Vec::new(),
            enclosing: Vec::new(),
        }
    }

    fn line(&self, span: Span) -> u32 {
        self.ctx.line(span.lo)
    }

    fn body(&mut self, stmts: &'s [Stmt]) -> Vec<CostNode> {
        let mut out = Vec::new();
        for (i, s) in stmts.iter().enumerate() {
            if let Stmt::If(branch) = s {
                if branch.alt.is_none() && leaves(&branch.cons) && i + 1 < stmts.len() {
                    // `if (c) return f(a);` then `return f(b);`: only one of the two runs.
                    out.extend(self.expr(&branch.test));
                    let first = self.body(stmts_of(&branch.cons));
                    let rest = self.body(&stmts[i + 1..]);
                    out.push(CostNode::Branch {
                        line: self.line(branch.span),
                        arms: vec![first, rest],
                    });
                    return out;
                }
            }
            self.stmt(s, &mut out);
        }
        out
    }

    /// A collection created in this function (`const out = []`) is as big as the outermost
    /// loop that fills it.
    fn alias_local(&mut self, name: &str) {
        if !self.names.local_empty.contains(name) || self.names.sizes.contains_key(name) {
            return;
        }
        let outer = self.enclosing.first().and_then(|e| match &e.bound {
            LoopBound::Size { sizes } => sizes.first().cloned(),
            LoopBound::Amortised { size } => Some(size.clone()),
            _ => None,
        });
        if let Some(size) = outer {
            self.names.sizes.insert(name.to_string(), size);
        }
    }

    fn enclosing(&self) -> Option<(&'s [Stmt], &LoopBound)> {
        self.enclosing.last().map(|e| (e.body, &e.bound))
    }

    fn looped(&mut self, span: Span, bound: LoopBound, body: &'s Stmt) -> CostNode {
        let line = self.line(span);
        let stmts = stmts_of(body);
        self.enclosing.push(Enclosing {
            body: stmts,
            bound: bound.clone(),
        });
        let inner = self.body(stmts);
        self.enclosing.pop();
        CostNode::Loop {
            loop_id: Some(format!("L{line}")),
            line,
            bound,
            body: inner,
        }
    }

    fn stmt(&mut self, stmt: &'s Stmt, out: &mut Vec<CostNode>) {
        match stmt {
            Stmt::Decl(Decl::Var(v)) => {
                for d in &v.decls {
                    let Some(init) = d.init.as_deref() else {
                        continue;
                    };
                    if matches!(un(init), Expr::Arrow(_) | Expr::Fn(_)) {
                        continue;
                    }
                    out.extend(self.expr(init));
                    match &d.name {
                        Pat::Ident(b) => self.assign(b.id.sym.as_str(), init),
                        Pat::Array(p) if reads_input(&self.names, init) => {
                            for n in p.elems.iter().flatten().flat_map(pat_names) {
                                self.input(&n, init.span(), false);
                            }
                        }
                        _ => {}
                    }
                }
            }
            Stmt::Expr(e) => out.extend(self.expr(&e.expr)),
            Stmt::For(f) => {
                if let Some(init) = &f.init {
                    match init {
                        swc_ecma_ast::VarDeclOrExpr::VarDecl(d) => {
                            for d in &d.decls {
                                if let Some(e) = &d.init {
                                    out.extend(self.expr(e));
                                }
                            }
                        }
                        swc_ecma_ast::VarDeclOrExpr::Expr(e) => out.extend(self.expr(e)),
                    }
                }
                if let Some(t) = &f.test {
                    out.extend(self.expr(t));
                }
                let (bound, bind) = loops::for_bound(&self.names, f, self.enclosing());
                if let Some((var, size)) = bind {
                    self.names.sizes.insert(var, size);
                }
                out.push(self.looped(f.span, bound, &f.body));
            }
            Stmt::ForOf(f) => {
                out.extend(self.expr(&f.right));
                let bound = loops::of_bound(&self.names, &f.right);
                let heads = loops::head_names(&f.left);
                if bound == LoopBound::Unknown {
                    self.names.no_size.extend(heads.iter().cloned());
                }
                self.bind_items(&heads, &f.right);
                out.push(self.looped(f.span, bound, &f.body));
            }
            Stmt::ForIn(f) => {
                out.extend(self.expr(&f.right));
                let bound = loops::of_bound(&self.names, &f.right);
                for n in loops::head_names(&f.left) {
                    if let Some(c) = dotted(&f.right) {
                        self.names.items_of.insert(n, c);
                    }
                }
                out.push(self.looped(f.span, bound, &f.body));
            }
            Stmt::While(w) => {
                out.extend(self.expr(&w.test));
                let bound =
                    loops::while_bound(&self.names, w.span, &w.test, &w.body, self.enclosing());
                out.push(self.looped(w.span, bound, &w.body));
            }
            Stmt::DoWhile(w) => {
                let bound =
                    loops::while_bound(&self.names, w.span, &w.test, &w.body, self.enclosing());
                out.push(self.looped(w.span, bound, &w.body));
                out.extend(self.expr(&w.test));
            }
            Stmt::If(i) => {
                out.extend(self.expr(&i.test));
                let mut arms = vec![self.body(stmts_of(&i.cons))];
                arms.push(match &i.alt {
                    Some(a) => self.body(stmts_of(a)),
                    None => Vec::new(),
                });
                if arms.iter().any(|a| !a.is_empty()) {
                    out.push(CostNode::Branch {
                        line: self.line(i.span),
                        arms,
                    });
                }
            }
            Stmt::Switch(s) => {
                out.extend(self.expr(&s.discriminant));
                let arms: Vec<Vec<CostNode>> = s.cases.iter().map(|c| self.body(&c.cons)).collect();
                if arms.iter().any(|a| !a.is_empty()) {
                    out.push(CostNode::Branch {
                        line: self.line(s.span),
                        arms,
                    });
                }
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.arg {
                    out.extend(self.expr(v));
                }
            }
            Stmt::Throw(t) => out.extend(self.expr(&t.arg)),
            Stmt::Block(b) => out.extend(self.body(&b.stmts)),
            Stmt::Labeled(l) => self.stmt(&l.body, out),
            Stmt::Try(t) => {
                out.extend(self.body(&t.block.stmts));
                if let Some(h) = &t.handler {
                    out.extend(self.body(&h.body.stmts));
                }
                if let Some(f) = &t.finalizer {
                    out.extend(self.body(&f.stmts));
                }
            }
            _ => {}
        }
    }

    /// Records what the names of a `for … of` head stand for.
    fn bind_items(&mut self, targets: &[String], right: &Expr) {
        // `for (const [i, x] of xs.entries())`: `i` counts, `x` is an item.
        if let Expr::Call(c) = un(right) {
            if let Some((Some(r), "entries")) = callee(&c.callee) {
                if ident(r) != Some("Object") {
                    if let (Some(i), Some(s)) = (targets.first(), self.names.len_of(r)) {
                        self.names.sizes.insert(i.clone(), s);
                    }
                    if let (Some(x), Some(base)) = (targets.get(1), dotted(r)) {
                        self.names.items_of.insert(x.clone(), base);
                    }
                    return;
                }
            }
        }
        let base = container(right);
        if let Some(base) = base {
            for t in targets {
                self.names.items_of.insert(t.clone(), base.clone());
            }
        }
    }

    /// What an assignment `name = value` tells about `name`.
    fn assign(&mut self, n: &str, value: &Expr) {
        let n = n.to_string();
        let value = un(value);
        if reads_input(&self.names, value) {
            let number = match value {
                Expr::Call(c) => matches!(
                    callee(&c.callee),
                    Some((None, "Number" | "parseInt" | "parseFloat" | "BigInt"))
                ),
                Expr::Unary(u) => u.op == UnaryOp::Plus,
                Expr::Member(m) => matches!(m.prop, MemberProp::Computed(_)),
                _ => false,
            };
            self.input(&n, value.span(), !number);
            return;
        }
        match value {
            Expr::Object(o) => {
                self.names.hashed.insert(n.clone());
                if o.props.is_empty() {
                    self.names.local_empty.insert(n);
                }
            }
            Expr::New(x) => match ident(&x.callee) {
                Some("Set" | "Map" | "WeakMap" | "WeakSet") => {
                    self.names.hashed.insert(n.clone());
                    if x.args.as_ref().is_none_or(Vec::is_empty) {
                        self.names.local_empty.insert(n);
                    }
                }
                Some("Array") => {
                    self.names.lists.insert(n.clone());
                    if let Some(s) = self.names.len_of(value) {
                        self.names.sizes.insert(n, s);
                    }
                }
                Some(c) if c.starts_with(|c: char| c.is_ascii_uppercase()) => {
                    self.names.instances.insert(n.clone());
                    self.names.local_empty.insert(n);
                }
                _ => {}
            },
            Expr::Call(c) => {
                let Some((recv, f)) = callee(&c.callee) else {
                    return;
                };
                let own = self.own.contains(f)
                    && (recv.is_none() || recv.is_some_and(|r| matches!(un(r), Expr::This(_))));
                if own {
                    self.names.from_calls.insert(n.clone());
                    let first = c.args.first().map(|a| &*a.expr);
                    let list_arg = first.is_some_and(|a| match un(a) {
                        Expr::Ident(x) => self.names.lists.contains(x.sym.as_str()),
                        Expr::Call(_) => true,
                        _ => false,
                    });
                    if Some(f) == self.func.as_deref() || list_arg {
                        if let Some(s) = first.and_then(|a| self.names.len_of(a)) {
                            self.names.sizes.insert(n, s);
                        }
                    }
                    return;
                }
                if self.names.is_half(value) {
                    self.names.halves.insert(n.clone());
                }
                if let Some(r) = recv {
                    if matches!(
                        f,
                        "slice" | "map" | "filter" | "concat" | "toSorted" | "reverse" | "sort"
                    ) {
                        self.names.lists.insert(n.clone());
                        if let Some(s) = self.names.len_of(value) {
                            self.names.sizes.insert(n.clone(), s);
                        }
                        let halved =
                            f == "slice" && c.args.iter().any(|a| self.names.is_half(&a.expr));
                        if halved {
                            self.names.halves.insert(n);
                        }
                        return;
                    }
                    if ident(r) == Some("Array") && f == "from" {
                        self.names.lists.insert(n.clone());
                        if let Some(s) = self.names.len_of(value) {
                            self.names.sizes.insert(n, s);
                        }
                        return;
                    }
                }
                if matches!(f, "floor" | "trunc" | "ceil" | "max" | "min" | "abs") {
                    if let Some(s) = self.names.size_of(value) {
                        if self.is_sized(&s) {
                            self.names.sizes.insert(n, s);
                        }
                    }
                }
            }
            Expr::Array(a) => {
                self.names.lists.insert(n.clone());
                let spread = a.elems.iter().flatten().any(|x| x.spread.is_some());
                if a.elems.is_empty() {
                    self.names.local_empty.insert(n);
                } else if spread {
                    if let Some(s) = self.names.len_of(value) {
                        self.names.sizes.insert(n, s);
                    }
                } else if n.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                    || (self.func.is_some()
                        && a.elems.iter().flatten().all(|x| is_literal_pair(&x.expr)))
                {
                    self.names.constants.insert(n);
                } else if self.func.is_some() {
                    self.names.local_empty.insert(n);
                }
            }
            Expr::Bin(_) => {
                if self.names.is_half(value) {
                    self.names.halves.insert(n.clone());
                }
                if let Some(s) = self.names.size_of(value) {
                    if self.is_sized(&s) {
                        self.names.sizes.insert(n, s);
                    }
                }
            }
            Expr::Member(m) => {
                if matches!(un(&m.obj), Expr::This(_)) {
                    self.names.sizes.insert(n, SizeRef::len("this"));
                } else if matches!(&m.prop, MemberProp::Ident(p) if p.sym == "length" || p.sym == "size")
                {
                    if let Some(s) = self.names.size_of(value) {
                        self.names.sizes.insert(n, s);
                    }
                }
            }
            Expr::Ident(other) => {
                let o = other.sym.as_str();
                if self.params.iter().any(|p| p == o) || self.names.sizes.contains_key(o) {
                    if let Some(s) = self.names.size_of(value) {
                        self.names.sizes.insert(n.clone(), s);
                    }
                }
                if self.names.halves.contains(o) {
                    self.names.halves.insert(n);
                }
            }
            _ => {}
        }
    }

    /// Whether a size is worth remembering for a name (a length, a known size, a parameter).
    fn is_sized(&self, s: &SizeRef) -> bool {
        s.len || self.names.sizes.contains_key(&s.name) || self.params.contains(&s.name)
    }

    fn input(&mut self, name: &str, span: Span, collection: bool) {
        self.names.input.insert(name.to_string());
        self.inputs.push(InputSize {
            name: name.to_string(),
            line: self.line(span),
            collection,
        });
        if collection {
            self.names.lists.insert(name.to_string());
            if let Some(n) = self.names.input_number.clone() {
                self.names
                    .sizes
                    .insert(name.to_string(), SizeRef::value(&n));
            }
        } else if self.names.input_number.is_none() {
            self.names.input_number = Some(name.to_string());
            // What was read before the count (`data` of `n = data[0]`) is as long as it says.
            let read: Vec<String> = self
                .names
                .input
                .iter()
                .filter(|x| *x != name)
                .cloned()
                .collect();
            for x in read {
                self.names.sizes.insert(x, SizeRef::value(name));
            }
        }
    }

    /// The cost nodes inside an expression: calls, callbacks, built-ins, spreads.
    fn expr(&mut self, e: &Expr) -> Vec<CostNode> {
        let mut v = ExprWalker {
            w: self,
            out: Vec::new(),
        };
        e.visit_with(&mut v);
        v.out
    }

    /// A call of one of the program's own functions.
    fn own_call(&mut self, c: &CallExpr) -> Option<CostNode> {
        let (recv, name) = callee(&c.callee)?;
        let mine = |r: &Expr| match un(r) {
            Expr::This(_) => true,
            Expr::Ident(i) => self.names.instances.contains(i.sym.as_str()),
            _ => false,
        };
        if recv.is_some_and(|r| !mine(r)) || !self.own.contains(name) {
            return None;
        }
        let receiver: Option<Option<SizeRef>> = recv.map(|r| match un(r) {
            Expr::Ident(i) => Some(
                self.names
                    .sizes
                    .get(i.sym.as_str())
                    .cloned()
                    .unwrap_or_else(|| SizeRef::len(i.sym.as_str())),
            ),
            _ => Some(SizeRef::value("this")),
        });
        let args: Vec<Option<SizeRef>> = receiver
            .into_iter()
            .chain(c.args.iter().map(|a| self.arg_size(&a.expr)))
            .collect();
        let shrink = (self.func.as_deref() == Some(name)).then(|| self.shrink(&c.args));
        Some(CostNode::Call {
            line: self.line(c.span),
            callee: name.to_string(),
            args,
            shrink,
        })
    }

    /// An argument of a call of the program's own function, as a size.
    fn arg_size(&self, a: &Expr) -> Option<SizeRef> {
        match un(a) {
            Expr::Ident(n) => Some(
                self.names
                    .sizes
                    .get(n.sym.as_str())
                    .filter(|s| s.len && !self.params.iter().any(|p| p == n.sym.as_str()))
                    .cloned()
                    .unwrap_or_else(|| SizeRef::value(n.sym.as_str())),
            ),
            other => self
                .names
                .size_of(other)
                .or_else(|| self.names.len_of(other)),
        }
    }

    /// How a recursive call's arguments shrink against the parameters.
    fn shrink(&self, args: &[ExprOrSpread]) -> ShrinkKind {
        let mut found = ShrinkKind::Unknown;
        let params: Vec<&String> = self.params.iter().filter(|p| *p != "this").collect();
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = params.get(i) else {
                break;
            };
            if let Some(k) = self.shrink_of(param, &arg.expr) {
                if k != ShrinkKind::Unknown
                    && (found == ShrinkKind::Unknown || k == ShrinkKind::Half)
                {
                    found = k;
                }
            }
        }
        found
    }

    fn shrink_of(&self, param: &str, arg: &Expr) -> Option<ShrinkKind> {
        let is_param = |e: &Expr| ident(e) == Some(param);
        let arg = un(arg);
        Some(match arg {
            Expr::Ident(n) if n.sym.as_str() == param => return None,
            Expr::Ident(n) if self.names.halves.contains(n.sym.as_str()) => ShrinkKind::Half,
            Expr::Ident(n) if self.names.from_calls.contains(n.sym.as_str()) => {
                ShrinkKind::Partition
            }
            Expr::Ident(n) if self.names.items_of.contains_key(n.sym.as_str()) => ShrinkKind::Child,
            Expr::Bin(b) => match b.op {
                BinaryOp::Sub | BinaryOp::Add
                    if is_param(&b.left) && int_of(&b.right).is_some() =>
                {
                    ShrinkKind::MinusOne
                }
                BinaryOp::Div | BinaryOp::RShift | BinaryOp::ZeroFillRShift
                    if is_param(&b.left) =>
                {
                    ShrinkKind::Half
                }
                _ if self.names.is_half(arg) => ShrinkKind::Half,
                _ if ident(&b.left).is_some_and(|l| self.names.from_calls.contains(l)) => {
                    ShrinkKind::Partition
                }
                _ => ShrinkKind::Unknown,
            },
            Expr::Call(c) => match callee(&c.callee) {
                Some((Some(r), "slice")) if is_param(r) => {
                    if c.args.iter().any(|a| self.names.is_half(&a.expr)) {
                        ShrinkKind::Half
                    } else if c.args.iter().any(|a| int_of(&a.expr).is_some()) {
                        ShrinkKind::MinusOne
                    } else {
                        ShrinkKind::Unknown
                    }
                }
                Some((None, "floor" | "trunc" | "ceil")) | Some((Some(_), "floor" | "trunc"))
                    if self.names.is_half(arg) =>
                {
                    ShrinkKind::Half
                }
                _ => ShrinkKind::Unknown,
            },
            Expr::Member(m) if is_param(&m.obj) => ShrinkKind::Child,
            _ => ShrinkKind::Unknown,
        })
    }

    /// An array callback (`xs.map(x => …)`, `forEach`, `filter`, `reduce`, …) as a loop
    /// over the receiver around the callback's cost.
    fn callback(&mut self, c: &'s CallExpr) -> Option<CostNode> {
        let (recv, name) = callee(&c.callee)?;
        let recv = recv?;
        let from = ident(recv) == Some("Array") && name == "from";
        let (size, cb) = if from {
            (self.names.len_of(&c.args.first()?.expr), c.args.get(1))
        } else {
            (self.names.len_of(recv), c.args.first())
        };
        let literal = !from
            && matches!(un(recv), Expr::Array(a) if a.elems.iter().flatten().all(|x| x.spread.is_none()));
        let bound = if literal || ident(recv).is_some_and(|r| self.names.constants.contains(r)) {
            LoopBound::Constant
        } else {
            size.clone()
                .map_or(LoopBound::Unknown, |s| LoopBound::Size { sizes: vec![s] })
        };
        let line = self.line(c.span);
        let (params, body): (Vec<String>, Option<Body<'s>>) = match cb.map(|a| un(&a.expr)) {
            Some(Expr::Arrow(a)) => (
                a.params.iter().flat_map(pat_names).collect(),
                Some(match &*a.body {
                    ArrowFunctionBody::FunctionBody(b) => Body::Stmts(&b.stmts),
                    ArrowFunctionBody::Expr(e) => Body::Expr(e),
                }),
            ),
            Some(Expr::Fn(f)) => (
                fn_params(&f.function),
                f.function.body.as_ref().map(|b| Body::Stmts(&b.stmts)),
            ),
            _ => (Vec::new(), None),
        };
        // The item and index parameters (after the accumulator for `reduce`).
        let skip = usize::from(name.starts_with("reduce"));
        if let Some(item) = params.get(skip) {
            if let Some(base) = container(recv).filter(|_| !from) {
                self.names.items_of.insert(item.clone(), base);
            }
        }
        if let (Some(index), Some(s)) = (params.get(skip + 1), size) {
            self.names.sizes.insert(index.clone(), s);
        }
        self.enclosing.push(Enclosing {
            body: &[],
            bound: bound.clone(),
        });
        let inner = match body {
            Some(Body::Stmts(s)) => self.body(s),
            Some(Body::Expr(e)) => self.expr(e),
            None => Vec::new(),
        };
        self.enclosing.pop();
        Some(CostNode::Loop {
            loop_id: None,
            line,
            bound,
            body: inner,
        })
    }
}

/// Whether a call is an array callback that loops over its receiver (`xs.map(…)`,
/// `forEach`, `filter`, `reduce`, …, `Array.from({ length: n }, …)`).
fn is_callback(c: &CallExpr) -> bool {
    let Some((Some(recv), name)) = callee(&c.callee) else {
        return false;
    };
    (ident(recv) == Some("Array") && name == "from" && c.args.len() == 2)
        || matches!(
            name,
            "map"
                | "filter"
                | "forEach"
                | "reduce"
                | "reduceRight"
                | "some"
                | "every"
                | "find"
                | "findIndex"
                | "findLast"
                | "findLastIndex"
                | "flatMap"
        )
}

/// Methods on a collection `xs.m(…)` that are not O(1): cost in `xs.length`.
const METHODS: &[(&str, OpCost)] = &[
    ("includes", OpCost::Linear),
    ("indexOf", OpCost::Linear),
    ("lastIndexOf", OpCost::Linear),
    ("shift", OpCost::Linear),
    ("unshift", OpCost::Linear),
    ("splice", OpCost::Linear),
    ("slice", OpCost::Linear),
    ("concat", OpCost::Linear),
    ("reverse", OpCost::Linear),
    ("join", OpCost::Linear),
    ("toReversed", OpCost::Linear),
    ("sort", OpCost::NLogN),
    ("toSorted", OpCost::NLogN),
];

/// The cost node of a built-in method call, if it is not O(1).
fn op_of(names: &Names, c: &CallExpr, line: u32) -> Option<CostNode> {
    let (recv, name) = callee(&c.callee)?;
    let recv = recv?;
    let &(op, cost) = METHODS.iter().find(|(m, _)| *m == name)?;
    if matches!(un(recv), Expr::This(_)) {
        return None;
    }
    if let Some(base) = dotted(recv) {
        if names.hashed.contains(&base) {
            return None;
        }
    }
    if op == "splice"
        && c.args
            .first()
            .and_then(|a| int_of(&a.expr))
            .is_some_and(|k| k < 0)
    {
        return None;
    }
    let size = names.len_of(recv)?;
    Some(CostNode::Op {
        line,
        op: op.into(),
        cost,
        size,
    })
}

/// `(0, 1)`-like literal pairs: `[0, 1]`.
fn is_literal_pair(e: &Expr) -> bool {
    match un(e) {
        Expr::Array(a) => a.elems.iter().flatten().all(|x| int_of(&x.expr).is_some()),
        _ => false,
    }
}

/// The collection a loop walks: `xs` → `xs`, `graph[u]` / `graph.get(u)` → `graph`,
/// `xs.slice(…)` → `xs`.
fn container(e: &Expr) -> Option<String> {
    match un(e) {
        Expr::Ident(i) => Some(i.sym.to_string()),
        Expr::Member(m) => match &m.prop {
            MemberProp::Computed(_) => container(&m.obj),
            _ => dotted(e),
        },
        Expr::Call(c) => match callee(&c.callee) {
            Some((Some(r), _)) if ident(r) != Some("Object") => container(r),
            Some((Some(_), _)) => c.args.first().and_then(|a| container(&a.expr)),
            _ => None,
        },
        _ => None,
    }
}

struct ExprWalker<'w, 'c, 's> {
    w: &'w mut Walker<'c, 's>,
    out: Vec<CostNode>,
}

impl ExprWalker<'_, '_, '_> {
    fn spread(&mut self, e: &Expr, span: Span) {
        if let Some(size) = self.w.names.len_of(e) {
            self.out.push(CostNode::Op {
                line: self.w.line(span),
                op: "spread".into(),
                cost: OpCost::Linear,
                size,
            });
        }
    }
}

impl Visit for ExprWalker<'_, '_, '_> {
    fn visit_arrow_expr(&mut self, _: &swc_ecma_ast::ArrowExpr) {}
    fn visit_fn_expr(&mut self, _: &swc_ecma_ast::FnExpr) {}
    fn visit_class_expr(&mut self, _: &swc_ecma_ast::ClassExpr) {}

    fn visit_call_expr(&mut self, c: &CallExpr) {
        if let Some((Some(r), _)) = callee(&c.callee) {
            if let Some(d) = ident(r) {
                let d = d.to_string();
                self.w.alias_local(&d);
            }
        }
        if let Some(node) = self.w.own_call(c) {
            self.out.push(node);
        } else if let Some(node) = op_of(&self.w.names, c, self.w.line(c.span)) {
            self.out.push(node);
        }
        for a in &c.args {
            if a.spread.is_some() {
                self.spread(&a.expr, c.span);
            }
        }
        // Array callbacks are loops; their callback is walked as the loop's body.
        if let Some(node) = self.w.callback_dyn(c) {
            if let swc_ecma_ast::Callee::Expr(callee) = &c.callee {
                if let Expr::Member(m) = un(callee) {
                    m.obj.visit_with(self);
                }
            }
            for a in &c.args {
                if !matches!(un(&a.expr), Expr::Arrow(_) | Expr::Fn(_)) {
                    a.expr.visit_with(self);
                }
            }
            self.out.push(node);
            return;
        }
        c.visit_children_with(self);
    }

    fn visit_array_lit(&mut self, a: &swc_ecma_ast::ArrayLit) {
        for x in a.elems.iter().flatten() {
            if x.spread.is_some() {
                self.spread(&x.expr, a.span);
            }
        }
        a.visit_children_with(self);
    }

    fn visit_new_expr(&mut self, n: &swc_ecma_ast::NewExpr) {
        if matches!(ident(&n.callee), Some("Set" | "Map")) {
            if let Some(arg) = n.args.as_ref().and_then(|a| a.first()) {
                if !matches!(un(&arg.expr), Expr::Array(_)) {
                    self.spread(&arg.expr, n.span);
                }
            }
        }
        n.visit_children_with(self);
    }

    fn visit_assign_expr(&mut self, a: &swc_ecma_ast::AssignExpr) {
        a.visit_children_with(self);
        if a.op == AssignOp::Assign {
            if let Some(t) = loops::target_name(&a.left) {
                let t = t.to_string();
                if !self.w.names.input.contains(&t) {
                    self.w.assign(&t, &a.right);
                }
            }
        }
    }
}

impl<'c, 's> Walker<'c, 's> {
    /// [`Walker::callback`] for a call reached through the expression visitor, whose borrow
    /// is shorter than the function's: the call is copied and walked by a walker of its own
    /// (with the same names and enclosing bounds) that lives only for this call.
    fn callback_dyn(&mut self, c: &CallExpr) -> Option<CostNode> {
        if !is_callback(c) {
            return None;
        }
        let owned = c.clone();
        let mut sub = Walker {
            ctx: self.ctx,
            own: self.own,
            func: self.func.clone(),
            params: self.params.clone(),
            names: self.names.clone(),
            inputs: Vec::new(),
            enclosing: Vec::new(),
        };
        sub.enclosing
            .extend(self.enclosing.iter().map(|e| Enclosing {
                body: &[],
                bound: e.bound.clone(),
            }));
        let node = sub.callback(&owned);
        // Names learnt inside the callback body (local collections sized by the loop) stay.
        for (k, v) in sub.names.sizes {
            self.names.sizes.entry(k).or_insert(v);
        }
        node
    }
}
