//! The cost shape ([`CostShape`]) of a Python program: per function, its loops with their
//! bounds, calls of the program's own functions (and how a recursive call's argument
//! shrinks), memoisation, alternatives, and built-ins that are not O(1).

mod loops;
mod names;
mod ops;

use std::collections::HashSet;

use algoscope_trace_format::{
    CostNode, CostShape, FunctionShape, InputSize, LoopBound, ShrinkKind, SizeRef,
};
use ruff_python_ast::visitor::{walk_expr, Visitor};
use ruff_python_ast::{CmpOp, Expr, ModModule, Operator, Stmt};
use ruff_text_size::Ranged;

use crate::source::SourceText;
use crate::stack::with_stack;
use names::{callee_name, int_of, name_of, reads_input, Names};

/// The deepest nesting (statements and expressions) the cost shape is computed for.
pub(crate) const MAX_DEPTH: usize = 200;

/// The cost shape of `module`: the top level as `<module>` first, then every function and
/// method in source order.
pub(crate) fn cost_shape(module: &ModModule, text: &SourceText) -> CostShape {
    let mut defs = Vec::new();
    collect_defs(&module.body, &mut defs);
    let own: HashSet<String> = defs.iter().map(|d| d.name.to_string()).collect();
    let mut shape = CostShape::default();
    let mut top = Walker::new(text, &own, None, Vec::new(), Names::default());
    let body = top.body(&module.body);
    shape.input_sizes = std::mem::take(&mut top.inputs);
    shape.functions.push(FunctionShape {
        name: "<module>".to_string(),
        line: 1,
        params: Vec::new(),
        memo: None,
        body,
    });
    // Functions see the top level's sizes (a global `n`, a graph built at the top).
    let globals = top.names.clone();
    for def in defs {
        let params: Vec<String> = def
            .parameters
            .iter()
            .map(|p| p.name().to_string())
            .filter(|p| p != "self")
            .collect();
        let mut names = globals.clone();
        for p in &params {
            names.sizes.remove(p);
            names.constants.remove(p);
            names.local_empty.remove(p);
        }
        let mut w = Walker::new(
            text,
            &own,
            Some(def.name.to_string()),
            params.clone(),
            names,
        );
        let memo = memo_of(def, &params);
        let body = w.body(&def.body);
        shape.functions.push(FunctionShape {
            name: def.name.to_string(),
            line: text.line(def.start()),
            params,
            memo,
            body,
        });
    }
    shape
}

fn collect_defs<'a>(body: &'a [Stmt], out: &mut Vec<&'a ruff_python_ast::StmtFunctionDef>) {
    for stmt in body {
        match stmt {
            Stmt::FunctionDef(f) => {
                out.push(f);
                with_stack(|| collect_defs(&f.body, out));
            }
            Stmt::ClassDef(c) => with_stack(|| collect_defs(&c.body, out)),
            _ => {}
        }
    }
}

/// `@cache`, `@lru_cache(…)`, or `if key in memo: return memo[key]` first in the body: the
/// parameters the memo is keyed on.
fn memo_of(def: &ruff_python_ast::StmtFunctionDef, params: &[String]) -> Option<Vec<String>> {
    let decorated = def.decorator_list.iter().any(|d| {
        let e = match &d.expression {
            Expr::Call(c) => &*c.func,
            e => e,
        };
        matches!(
            callee_name(e),
            Some("cache" | "lru_cache" | "memoize" | "memoized")
        )
    });
    let sized: Vec<String> = params
        .iter()
        .filter(|p| !matches!(p.as_str(), "memo" | "cache" | "dp" | "seen"))
        .cloned()
        .collect();
    if decorated {
        return Some(sized);
    }
    for stmt in def.body.iter().take(4) {
        let Stmt::If(i) = stmt else { continue };
        let Expr::Compare(c) = &*i.test else { continue };
        if c.ops.first() != Some(&CmpOp::In) {
            continue;
        }
        if !i.body.iter().any(|s| matches!(s, Stmt::Return(_))) {
            continue;
        }
        let mut used = Vec::new();
        collect_names(&c.left, &mut used);
        let key: Vec<String> = sized.iter().filter(|p| used.contains(p)).cloned().collect();
        return Some(if key.is_empty() { sized } else { key });
    }
    None
}

pub(crate) fn collect_names(e: &Expr, out: &mut Vec<String>) {
    struct N<'o>(&'o mut Vec<String>);
    impl<'a> Visitor<'a> for N<'_> {
        fn visit_expr(&mut self, e: &'a Expr) {
            if let Expr::Name(n) = e {
                self.0.push(n.id.to_string());
            }
            with_stack(|| walk_expr(self, e));
        }
    }
    N(out).visit_expr(e);
}

/// An enclosing loop: its body and bound.
struct Enclosing<'a> {
    body: &'a [Stmt],
    bound: LoopBound,
}

/// Walks one function's body.
pub(crate) struct Walker<'s, 'a> {
    text: &'s SourceText<'a>,
    own: &'s HashSet<String>,
    func: Option<String>,
    params: Vec<String>,
    pub(crate) names: Names,
    inputs: Vec<InputSize>,
    enclosing: Vec<Enclosing<'s>>,
}

impl<'s, 'a> Walker<'s, 'a> {
    fn new(
        text: &'s SourceText<'a>,
        own: &'s HashSet<String>,
        func: Option<String>,
        params: Vec<String>,
        names: Names,
    ) -> Self {
        Self {
            text,
            own,
            func,
            params,
            names,
            inputs: Vec::new(),
            enclosing: Vec::new(),
        }
    }

    fn line(&self, r: &impl Ranged) -> u32 {
        self.text.line(r.start())
    }

    fn body(&mut self, stmts: &'s [Stmt]) -> Vec<CostNode> {
        let mut out = Vec::new();
        for (i, s) in stmts.iter().enumerate() {
            if let Stmt::If(branch) = s {
                let returns =
                    |b: &[Stmt]| matches!(b.last(), Some(Stmt::Return(_) | Stmt::Raise(_)));
                let plain = branch.elif_else_clauses.is_empty() && returns(&branch.body);
                if plain && i + 1 < stmts.len() {
                    // `if c: return f(a)` then `return f(b)`: only one of the two runs.
                    out.extend(self.expr(&branch.test));
                    let first = self.body(&branch.body);
                    let rest = self.body(&stmts[i + 1..]);
                    out.push(CostNode::Branch {
                        line: self.line(branch),
                        arms: vec![first, rest],
                    });
                    return out;
                }
            }
            with_stack(|| self.stmt(s, &mut out));
        }
        out
    }

    /// A collection created in this function (`out = []`) is as big as the outermost loop
    /// that fills it.
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

    /// A loop statement's node: its body walked with the loop as the enclosing one.
    fn looped(&mut self, line: u32, bound: LoopBound, body: &'s [Stmt]) -> CostNode {
        self.enclosing.push(Enclosing {
            body,
            bound: bound.clone(),
        });
        let inner = self.body(body);
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
            Stmt::FunctionDef(_) | Stmt::ClassDef(_) => {}
            Stmt::Assign(a) => {
                out.extend(self.expr(&a.value));
                for t in &a.targets {
                    self.assign(t, &a.value);
                }
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    out.extend(self.expr(v));
                    self.assign(&a.target, v);
                }
            }
            Stmt::AugAssign(a) => out.extend(self.expr(&a.value)),
            Stmt::For(f) => {
                out.extend(self.expr(&f.iter));
                let bound = self.for_bound(&f.iter);
                self.bind_target(&f.target, &f.iter);
                out.push(self.looped(self.line(f), bound, &f.body));
                out.extend(self.body(&f.orelse));
            }
            Stmt::While(w) => {
                out.extend(self.expr(&w.test));
                let bound = self.while_bound(stmt, &w.test, &w.body);
                out.push(self.looped(self.line(w), bound, &w.body));
            }
            Stmt::If(i) => {
                out.extend(self.expr(&i.test));
                let mut arms = vec![self.body(&i.body)];
                let mut has_else = false;
                for clause in &i.elif_else_clauses {
                    if let Some(t) = &clause.test {
                        out.extend(self.expr(t));
                    } else {
                        has_else = true;
                    }
                    arms.push(self.body(&clause.body));
                }
                if !has_else {
                    arms.push(Vec::new());
                }
                if arms.iter().any(|a| !a.is_empty()) {
                    out.push(CostNode::Branch {
                        line: self.line(i),
                        arms,
                    });
                }
            }
            Stmt::Match(m) => {
                out.extend(self.expr(&m.subject));
                let arms: Vec<Vec<CostNode>> = m.cases.iter().map(|c| self.body(&c.body)).collect();
                if arms.iter().any(|a| !a.is_empty()) {
                    out.push(CostNode::Branch {
                        line: self.line(m),
                        arms,
                    });
                }
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.value {
                    out.extend(self.expr(v));
                }
            }
            Stmt::Expr(e) => out.extend(self.expr(&e.value)),
            Stmt::Try(t) => {
                out.extend(self.body(&t.body));
                for h in &t.handlers {
                    let ruff_python_ast::ExceptHandler::ExceptHandler(h) = h;
                    out.extend(self.body(&h.body));
                }
                out.extend(self.body(&t.orelse));
                out.extend(self.body(&t.finalbody));
            }
            Stmt::With(w) => out.extend(self.body(&w.body)),
            _ => {}
        }
    }

    /// What an assignment tells about the target's name.
    fn assign(&mut self, target: &Expr, value: &Expr) {
        if let Expr::Tuple(t) = target {
            if reads_input(value) {
                for e in &t.elts {
                    if let Some(n) = name_of(e) {
                        self.input(n, value, false);
                    }
                }
            }
            return;
        }
        let Some(name) = name_of(target) else { return };
        let n = name.to_string();
        if reads_input(value) {
            let collection = !matches!(value, Expr::Call(c) if callee_name(&c.func) == Some("int"));
            self.input(&n, value, collection);
            return;
        }
        match value {
            Expr::Set(_) | Expr::Dict(_) | Expr::SetComp(_) | Expr::DictComp(_) => {
                self.names.hashed.insert(n.clone());
            }
            Expr::Call(c) => match callee_name(&c.func) {
                Some("set" | "dict" | "defaultdict" | "Counter" | "OrderedDict" | "frozenset") => {
                    self.names.hashed.insert(n.clone());
                    if c.arguments.args.is_empty() {
                        self.names.local_empty.insert(n.clone());
                    }
                }
                Some("deque" | "list") => {
                    self.names.lists.insert(n.clone());
                    if c.arguments.args.is_empty() {
                        self.names.local_empty.insert(n.clone());
                    }
                }
                Some(f) if self.own.contains(f) => {
                    self.names.from_calls.insert(n.clone());
                    // `left = merge_sort(arr[:mid])` is as long as `arr`.
                    let list_arg = c.arguments.args.first().is_some_and(|a| match a {
                        Expr::Name(x) => self.names.lists.contains(x.id.as_str()),
                        Expr::Subscript(_) => true,
                        _ => false,
                    });
                    if Some(f) == self.func.as_deref() || list_arg {
                        if let Some(s) = c.arguments.args.first().and_then(|a| self.names.len_of(a))
                        {
                            self.names.sizes.insert(n.clone(), s);
                        }
                    }
                }
                Some("sorted" | "reversed" | "copy" | "deepcopy") => {
                    if let Some(s) = c.arguments.args.first().and_then(|a| self.names.len_of(a)) {
                        self.names.sizes.insert(n.clone(), s);
                    }
                    self.names.lists.insert(n.clone());
                }
                Some("len") => {
                    if let Some(s) = self.names.size_of(value) {
                        self.names.sizes.insert(n.clone(), s);
                    }
                }
                _ => {}
            },
            Expr::List(l) => {
                self.names.lists.insert(n.clone());
                if l.elts.is_empty() {
                    self.names.local_empty.insert(n.clone());
                } else if n.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                    || (self.func.is_some() && l.elts.iter().all(is_literal_pair))
                {
                    self.names.constants.insert(n.clone());
                } else if self.func.is_some() {
                    self.names.local_empty.insert(n.clone());
                }
            }
            Expr::Tuple(_) if n.chars().all(|c| c.is_ascii_uppercase() || c == '_') => {
                self.names.constants.insert(n.clone());
            }
            Expr::ListComp(_) => {
                self.names.lists.insert(n.clone());
            }
            Expr::BinOp(b) => {
                if self.names.is_half(value) {
                    self.names.halves.insert(n.clone());
                }
                if matches!(b.op, Operator::Mult) && matches!(*b.left, Expr::List(_)) {
                    self.names.lists.insert(n.clone());
                } else if let Some(s) = self.names.size_of(value) {
                    if s.len
                        || self.names.sizes.contains_key(&s.name)
                        || self.params.contains(&s.name)
                    {
                        self.names.sizes.insert(n.clone(), s);
                    }
                }
            }
            Expr::Subscript(s) => {
                if let Expr::Slice(sl) = &*s.slice {
                    let halved = sl.lower.as_deref().is_some_and(|e| self.names.is_half(e))
                        || sl.upper.as_deref().is_some_and(|e| self.names.is_half(e));
                    if halved {
                        self.names.halves.insert(n.clone());
                    }
                    if let Some(s) = self.names.len_of(&s.value) {
                        self.names.sizes.insert(n.clone(), s);
                    }
                }
            }
            Expr::Name(other) => {
                let o = other.id.as_str();
                if self.params.iter().any(|p| p == o) || self.names.sizes.contains_key(o) {
                    if let Some(s) = self.names.size_of(value) {
                        self.names.sizes.insert(n.clone(), s);
                    }
                }
                if self.names.halves.contains(o) {
                    self.names.halves.insert(n.clone());
                }
            }
            _ => {}
        }
    }

    fn input(&mut self, name: &str, value: &Expr, collection: bool) {
        self.inputs.push(InputSize {
            name: name.to_string(),
            line: self.line(value),
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
        }
    }

    /// Records what a loop variable stands for.
    fn bind_target(&mut self, target: &Expr, iter: &Expr) {
        let walked: Option<&Expr> = match iter {
            Expr::Call(c) => match callee_name(&c.func) {
                Some("range") => {
                    if let (Some(t), Some(s)) = (name_of(target), self.range_size(iter)) {
                        self.names.sizes.insert(t.to_string(), s);
                    }
                    None
                }
                Some("enumerate") => {
                    if let (Expr::Tuple(t), Some(a)) = (target, c.arguments.args.first()) {
                        if let (Some(i), Some(s)) =
                            (t.elts.first().and_then(name_of), self.names.len_of(a))
                        {
                            self.names.sizes.insert(i.to_string(), s);
                        }
                        if let (Some(x), Some(base)) =
                            (t.elts.get(1).and_then(name_of), container(a))
                        {
                            self.names.items_of.insert(x.to_string(), base.to_string());
                        }
                    }
                    None
                }
                Some("items" | "keys" | "values" | "reversed" | "sorted") => match &*c.func {
                    Expr::Attribute(a) => Some(&a.value),
                    _ => c.arguments.args.first(),
                },
                _ => None,
            },
            e => Some(e),
        };
        let Some(base) = walked.and_then(container) else {
            return;
        };
        let mut targets = Vec::new();
        collect_names(target, &mut targets);
        for t in targets {
            self.names.items_of.insert(t, base.to_string());
        }
    }

    /// The size `range(…)` runs over (its end, or its start when it counts down).
    fn range_size(&self, iter: &Expr) -> Option<SizeRef> {
        let Expr::Call(c) = iter else { return None };
        let args = &c.arguments.args;
        let counting_down = args.get(2).and_then(int_of).is_some_and(|s| s < 0);
        let pick = match args.len() {
            0 => return None,
            1 => &args[0],
            _ if counting_down => &args[0],
            _ => &args[1],
        };
        self.names.size_of(pick).or_else(|| {
            if args.len() > 1 {
                self.names.size_of(&args[0])
            } else {
                None
            }
        })
    }

    fn for_bound(&self, iter: &Expr) -> LoopBound {
        loops::for_bound(&self.names, iter, self.range_size(iter))
    }

    fn while_bound(&self, stmt: &Stmt, test: &Expr, body: &[Stmt]) -> LoopBound {
        let enclosing = self.enclosing.last().map(|e| (e.body, &e.bound));
        loops::while_bound(&self.names, stmt, test, body, enclosing)
    }

    /// The cost nodes inside an expression: calls, comprehensions, built-ins.
    fn expr(&mut self, e: &Expr) -> Vec<CostNode> {
        let mut v = ExprWalker {
            w: self,
            out: Vec::new(),
        };
        v.visit_expr(e);
        v.out
    }

    fn call(&mut self, c: &ruff_python_ast::ExprCall) -> Option<CostNode> {
        let name = match &*c.func {
            Expr::Name(n) => n.id.to_string(),
            Expr::Attribute(a) if matches!(&*a.value, Expr::Name(s) if s.id.as_str() == "self") => {
                a.attr.to_string()
            }
            _ => return ops::op_of(&self.names, c, self.line(c)),
        };
        if !self.own.contains(&name) {
            return ops::op_of(&self.names, c, self.line(c));
        }
        let args: Vec<Option<SizeRef>> = c
            .arguments
            .args
            .iter()
            .map(|a| match a {
                Expr::Name(n) => Some(
                    self.names
                        .sizes
                        .get(n.id.as_str())
                        .filter(|s| s.len && !self.params.iter().any(|p| p == n.id.as_str()))
                        .cloned()
                        .unwrap_or_else(|| SizeRef::value(n.id.as_str())),
                ),
                other => self
                    .names
                    .size_of(other)
                    .or_else(|| self.names.len_of(other)),
            })
            .collect();
        let shrink =
            (self.func.as_deref() == Some(name.as_str())).then(|| self.shrink(&c.arguments.args));
        Some(CostNode::Call {
            line: self.line(c),
            callee: name,
            args,
            shrink,
        })
    }

    /// How a recursive call's arguments shrink against the parameters.
    fn shrink(&self, args: &[Expr]) -> ShrinkKind {
        let mut found = ShrinkKind::Unknown;
        for (i, arg) in args.iter().enumerate() {
            let Some(param) = self.params.get(i) else {
                break;
            };
            let kind = self.shrink_of(param, arg);
            match kind {
                Some(k)
                    if k != ShrinkKind::Unknown
                        && (found == ShrinkKind::Unknown || k == ShrinkKind::Half) =>
                {
                    found = k;
                }
                _ => {}
            }
        }
        found
    }

    fn shrink_of(&self, param: &str, arg: &Expr) -> Option<ShrinkKind> {
        let is_param = |e: &Expr| name_of(e) == Some(param);
        Some(match arg {
            Expr::Name(n) if n.id.as_str() == param => return None,
            Expr::Name(n) if self.names.halves.contains(n.id.as_str()) => ShrinkKind::Half,
            Expr::Name(n) if self.names.from_calls.contains(n.id.as_str()) => ShrinkKind::Partition,
            Expr::Name(n) if self.names.items_of.contains_key(n.id.as_str()) => ShrinkKind::Child,
            Expr::BinOp(b) => match b.op {
                Operator::Sub | Operator::Add
                    if is_param(&b.left) && int_of(&b.right).is_some() =>
                {
                    ShrinkKind::MinusOne
                }
                Operator::FloorDiv | Operator::RShift | Operator::Div if is_param(&b.left) => {
                    ShrinkKind::Half
                }
                _ if self.names.is_half(arg) => ShrinkKind::Half,
                _ if name_of(&b.left).is_some_and(|l| self.names.from_calls.contains(l)) => {
                    ShrinkKind::Partition
                }
                _ => ShrinkKind::Unknown,
            },
            Expr::Subscript(s) if is_param(&s.value) => match &*s.slice {
                Expr::Slice(sl) => {
                    let halved = sl.lower.as_deref().is_some_and(|e| self.names.is_half(e))
                        || sl.upper.as_deref().is_some_and(|e| self.names.is_half(e));
                    if halved {
                        ShrinkKind::Half
                    } else if sl.lower.as_deref().and_then(int_of).is_some()
                        || sl.upper.as_deref().and_then(int_of).is_some()
                    {
                        ShrinkKind::MinusOne
                    } else {
                        ShrinkKind::Unknown
                    }
                }
                _ => ShrinkKind::Child,
            },
            Expr::Attribute(a) if is_param(&a.value) => ShrinkKind::Child,
            _ => ShrinkKind::Unknown,
        })
    }

    /// Comprehension clauses as nested loops around the element's cost.
    fn comprehension(
        &mut self,
        generators: &[ruff_python_ast::Comprehension],
        elts: &[&Expr],
    ) -> Vec<CostNode> {
        let mut bounds = Vec::new();
        let mut headers = Vec::new();
        for g in generators {
            headers.extend(self.expr(&g.iter));
            let bound = self.for_bound(&g.iter);
            self.bind_target(&g.target, &g.iter);
            bounds.push((self.line(g), bound));
        }
        let mut inner = Vec::new();
        for e in elts {
            inner.extend(self.expr(e));
        }
        for g in generators {
            for cond in &g.ifs {
                inner.extend(self.expr(cond));
            }
        }
        for (line, bound) in bounds.into_iter().rev() {
            inner = vec![CostNode::Loop {
                loop_id: Some(format!("L{line}")),
                line,
                bound,
                body: inner,
            }];
        }
        headers.extend(inner);
        headers
    }
}

/// `(0, 1)` or `[1, -1]`: a pair of literal numbers.
fn is_literal_pair(e: &Expr) -> bool {
    match e {
        Expr::Tuple(t) => t.elts.iter().all(|x| int_of(x).is_some()),
        Expr::List(t) => t.elts.iter().all(|x| int_of(x).is_some()),
        _ => false,
    }
}

/// The collection a loop walks: `xs` → `xs`, `graph[u]` → `graph`.
fn container(e: &Expr) -> Option<&str> {
    match e {
        Expr::Name(n) => Some(n.id.as_str()),
        Expr::Subscript(s) => container(&s.value),
        _ => None,
    }
}

struct ExprWalker<'w, 's, 'a> {
    w: &'w mut Walker<'s, 'a>,
    out: Vec<CostNode>,
}

impl<'e> Visitor<'e> for ExprWalker<'_, '_, '_> {
    fn visit_expr(&mut self, e: &'e Expr) {
        let receiver = match e {
            Expr::Call(c) => match &*c.func {
                Expr::Attribute(a) => {
                    name_of(&a.value).filter(|r| !matches!(*r, "heapq" | "bisect"))
                }
                _ => None,
            }
            .or_else(|| match callee_name(&c.func) {
                Some("heappush" | "heappop" | "insort") => {
                    c.arguments.args.first().and_then(name_of)
                }
                _ => None,
            }),
            Expr::Compare(c) => c.comparators.first().and_then(name_of),
            _ => None,
        };
        if let Some(r) = receiver {
            self.w.alias_local(r);
        }
        match e {
            Expr::Call(c) => {
                if let Some(node) = self.w.call(c) {
                    self.out.push(node);
                }
            }
            Expr::ListComp(l) => {
                let nodes = self.w.comprehension(&l.generators, &[&l.elt]);
                self.out.extend(nodes);
                return;
            }
            Expr::SetComp(l) => {
                let nodes = self.w.comprehension(&l.generators, &[&l.elt]);
                self.out.extend(nodes);
                return;
            }
            Expr::Generator(l) => {
                let nodes = self.w.comprehension(&l.generators, &[&l.elt]);
                self.out.extend(nodes);
                return;
            }
            Expr::DictComp(l) => {
                let mut elts: Vec<&Expr> = vec![&l.value];
                if let Some(k) = l.key.as_deref() {
                    elts.push(k);
                }
                let nodes = self.w.comprehension(&l.generators, &elts);
                self.out.extend(nodes);
                return;
            }
            Expr::Lambda(_) => return,
            Expr::Compare(c) => {
                for (op, right) in c.ops.iter().zip(c.comparators.iter()) {
                    if matches!(op, CmpOp::In | CmpOp::NotIn) {
                        if let Some(node) =
                            ops::membership(&self.w.names, right, self.w.text.line(c.start()))
                        {
                            self.out.push(node);
                        }
                    }
                }
            }
            Expr::Subscript(s) => {
                if matches!(&*s.slice, Expr::Slice(_)) {
                    if let Some(size) = self.w.names.len_of(&s.value) {
                        self.out.push(CostNode::Op {
                            line: self.w.text.line(s.start()),
                            op: "slice".to_string(),
                            cost: algoscope_trace_format::OpCost::Linear,
                            size,
                        });
                    }
                }
            }
            _ => {}
        }
        with_stack(|| walk_expr(self, e));
    }
}
