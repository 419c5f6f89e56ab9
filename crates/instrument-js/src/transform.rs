//! The rewrite: recorder calls inserted into the program text.
//!
//! One walk over the syntax tree keeps a scope chain (to know which names each statement can
//! see and which outer names each function captures) and produces text insertions (see
//! [`crate::edits`]). Every original token stays where it was; the recorder is the global
//! `__as`, and every name the rewrite adds starts with `__as` so pictures can hide them.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use serde::Serialize;
use swc_common::{BytePos, Span, Spanned};
use swc_ecma_ast::{
    ArrowExpr, ArrowFunctionBody, AssignExpr, AssignTarget, AwaitExpr, BlockStmt, CatchClause,
    Class, ClassMember, ClassMethod, ClassProp, Constructor, Decl, DefaultDecl, Expr, ExprStmt,
    FnDecl, Function, FunctionBody, GetterProp, Ident, KeyValueProp, Lit, MethodProp, ModuleDecl,
    ModuleItem, ParamOrTsParamProp, Pat, PrivateMethod, Program, PropName, SetterProp,
    SimpleAssignTarget, StaticBlock, Stmt, VarDeclarator, YieldExpr,
};
use swc_ecma_visit::{Visit, VisitWith};

use crate::analysis::{loop_parts, LoopIds};
use crate::edits::Edits;
use crate::lines::LineIndex;
use crate::scope::{
    for_head_lexical, for_init_lexical, in_order, lexical_names, module_lexical_names,
    module_var_names, pat_names, var_names,
};

/// Prefix of every name the rewrite adds; the recorder hides such names.
pub(crate) const RESERVED_PREFIX: &str = "__as";

/// Maps positions in the text being instrumented to 1-based lines of the original source.
pub(crate) enum LineMap<'a> {
    /// The text is the original source.
    Direct(LineIndex),
    /// The text was generated (TypeScript stripped); `origin` maps generated (0-based line,
    /// UTF-16 column) of a node to its original line.
    Mapped {
        /// Lines of the generated text.
        index: LineIndex,
        /// The generated text.
        text: &'a str,
        /// See [`crate::strip::Stripped::origin`].
        origin: &'a BTreeMap<(u32, u32), u32>,
        /// See [`crate::strip::Stripped::namespaces`].
        namespaces: &'a HashMap<String, u32>,
    },
}

impl LineMap<'_> {
    fn key(index: &LineIndex, text: &str, offset: usize) -> (u32, u32) {
        let line = index.line(offset);
        let line_start = text
            .get(..offset)
            .and_then(|s| s.rfind('\n'))
            .map_or(0, |i| i + 1);
        let col = text
            .get(line_start..offset)
            .map_or(0, |s| s.encode_utf16().count());
        (line - 1, u32::try_from(col).unwrap_or(u32::MAX))
    }

    /// The original line of a statement starting at `offset`; `None` when the statement was
    /// made up by the TypeScript transform.
    fn exact(&self, offset: usize) -> Option<u32> {
        match self {
            LineMap::Direct(index) => Some(index.line(offset)),
            LineMap::Mapped {
                index,
                text,
                origin,
                ..
            } => origin.get(&Self::key(index, text, offset)).copied(),
        }
    }

    /// The line of the namespace declaration `name` (TypeScript only).
    fn namespace(&self, name: &str) -> Option<u32> {
        match self {
            LineMap::Direct(_) => None,
            LineMap::Mapped { namespaces, .. } => namespaces.get(name).copied(),
        }
    }

    /// The original line of the first mapped token at or after `offset` on the same generated
    /// line.
    fn lenient(&self, offset: usize) -> Option<u32> {
        match self {
            LineMap::Direct(index) => Some(index.line(offset)),
            LineMap::Mapped {
                index,
                text,
                origin,
                ..
            } => {
                let (line, col) = Self::key(index, text, offset);
                origin
                    .range((line, col)..(line + 1, 0))
                    .next()
                    .map(|(_, l)| *l)
            }
        }
    }
}

/// One function as the recorder sees it: `[name, line, params, captured, isMethod]`.
pub(crate) type FnMeta = (String, u32, Vec<String>, Vec<String>, bool);

/// What the recorder needs to know about the program, passed to `__as.meta` first thing.
#[derive(Debug, Default, Serialize)]
pub(crate) struct Meta {
    /// Functions by id: `[name, line, params, captured, isMethod]`.
    pub(crate) fns: Vec<FnMeta>,
    /// Visible names of each getter scope, by scope id; getter `__asv<id>` returns the value
    /// of name `i` when called with `i`.
    pub(crate) scopes: Vec<Vec<String>>,
    /// Loops by index: `[id, header line, line of the end-of-pass step]`.
    pub(crate) loops: Vec<(String, u32, u32)>,
}

/// The instrumented text of one program.
pub(crate) fn instrument_text(
    program: &Program,
    text: &str,
    start: BytePos,
    lines: &LineMap,
) -> String {
    let mut t = Transformer {
        text,
        start,
        lines,
        edits: Edits::default(),
        meta: Meta::default(),
        ids: LoopIds::default(),
        scopes: Vec::new(),
        fns: Vec::new(),
        decls: Vec::new(),
        depth: 0,
        name_hint: None,
        same_line: false,
    };
    t.program(program);
    t.edits.apply(text)
}

struct Scope {
    names: Vec<String>,
    hidden: Vec<String>,
    top: bool,
    /// The getter scope id valid here (own or inherited).
    getter: Option<u32>,
}

struct FnCtx {
    /// False inside functions the TypeScript transform made up: they run without a frame.
    traced: bool,
    scope_base: usize,
    captured: Vec<String>,
    /// Active loops: (loop index if traced, label).
    loops: Vec<(Option<u32>, Option<String>)>,
}

enum Body<'b> {
    Block(&'b FunctionBody),
    Expr(&'b Expr),
}

struct FnSpec<'b> {
    name: String,
    span: Span,
    params: Vec<&'b Pat>,
    body: Option<Body<'b>>,
    method: bool,
    own_name: Option<String>,
    wrap: bool,
}

struct Transformer<'a> {
    text: &'a str,
    start: BytePos,
    lines: &'a LineMap<'a>,
    edits: Edits,
    meta: Meta,
    ids: LoopIds,
    scopes: Vec<Scope>,
    fns: Vec<FnCtx>,
    /// Registrations of function declarations per statement list being walked.
    decls: Vec<Vec<String>>,
    depth: u32,
    name_hint: Option<String>,
    /// The next statement shares its line with its `if`/`else`: no step of its own.
    same_line: bool,
}

fn is_reserved(name: &str) -> bool {
    name.starts_with(RESERVED_PREFIX)
}

fn getter_fn(names: &[String]) -> String {
    let mut out = String::with_capacity(40 + names.iter().map(|n| n.len() + 20).sum::<usize>());
    out.push_str("(__asi) => { switch (__asi) {");
    for (i, name) in names.iter().enumerate() {
        // Writing into a String cannot fail.
        let _ = write!(out, " case {i}: return {name};");
    }
    out.push_str(" } }");
    out
}

/// `sid, __asv<sid>`: the arguments naming getter scope `sid` in a recorder call.
#[derive(Clone, Copy)]
struct GetterArgs(u32);

impl std::fmt::Display for GetterArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{0}, __asv{0}", self.0)
    }
}

fn prop_name(key: &PropName) -> String {
    match key {
        PropName::Ident(i) => i.sym.to_string(),
        PropName::Str(s) => s.value.to_string_lossy().into_owned(),
        PropName::Num(n) => n.value.to_string(),
        PropName::Computed(_) => "anonymous".to_string(),
        PropName::BigInt(b) => b.value.to_string(),
    }
}

/// `(function (N) { … })(…)`: how the TypeScript transform writes namespace `N`.
fn namespace_helper(stmt: &Stmt) -> Option<String> {
    let Stmt::Expr(ExprStmt { expr, .. }) = stmt else {
        return None;
    };
    let Expr::Call(call) = &**expr else {
        return None;
    };
    let mut inner = &**call.callee.as_expr()?;
    while let Expr::Paren(p) = inner {
        inner = &p.expr;
    }
    match inner {
        Expr::Fn(f) => match f.function.params.first().map(|p| &p.pat) {
            Some(Pat::Ident(b)) => Some(b.id.sym.to_string()),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `stmt` is a string-literal statement (`"use strict"`), which in a directive
/// prologue must come first and is left as it is.
fn is_directive(stmt: &Stmt) -> bool {
    matches!(stmt, Stmt::Expr(ExprStmt { expr, .. }) if matches!(&**expr, Expr::Lit(Lit::Str(_))))
}

/// How many statements `stmts` opens with as its directive prologue.
fn directive_count(stmts: &[Stmt]) -> usize {
    stmts.iter().take_while(|s| is_directive(s)).count()
}

fn directives_end<'s>(stmts: impl IntoIterator<Item = &'s Stmt>) -> Option<BytePos> {
    let mut end = None;
    for stmt in stmts {
        match stmt {
            Stmt::Expr(ExprStmt { expr, span }) if matches!(&**expr, Expr::Lit(Lit::Str(_))) => {
                end = Some(span.hi);
            }
            _ => break,
        }
    }
    end
}

impl<'a> Transformer<'a> {
    /// What separates code inserted at `pos` from the text before it: `"; "` after a
    /// directive written without its `;` (`"use strict"` at the end of a line or file), else
    /// a space.
    fn after_directive(&self, pos: usize) -> &'static str {
        let before = self.text.get(..pos).unwrap_or_default().trim_end();
        if before.ends_with('"') || before.ends_with('\'') {
            "; "
        } else {
            " "
        }
    }

    fn off(&self, pos: BytePos) -> usize {
        pos.0.saturating_sub(self.start.0) as usize
    }

    fn traced(&self) -> bool {
        self.fns.last().is_some_and(|f| f.traced)
    }

    fn getter(&self) -> u32 {
        self.scopes.last().and_then(|s| s.getter).unwrap_or(0)
    }

    fn getter_args(&self) -> GetterArgs {
        GetterArgs(self.getter())
    }

    /// Names visible in the current function at this point, outer scopes first.
    fn visible(&self) -> Vec<String> {
        let base = self.fns.last().map_or(0, |f| f.scope_base);
        let mut out: Vec<String> = Vec::new();
        for scope in &self.scopes[base.min(self.scopes.len())..] {
            for name in &scope.names {
                if !is_reserved(name) && !out.contains(name) {
                    out.push(name.clone());
                }
            }
        }
        out
    }

    /// Pushes a scope; returns the getter declaration to put at its start ("" when it shares
    /// its parent's getter).
    fn push_scope(&mut self, names: Vec<String>, hidden: Vec<String>, own: bool) -> String {
        let top = self.scopes.is_empty();
        let inherited = self.scopes.last().and_then(|s| s.getter);
        self.scopes.push(Scope {
            names,
            hidden,
            top,
            getter: inherited,
        });
        if !(self.traced() && (own || inherited.is_none())) {
            return String::new();
        }
        let visible = self.visible();
        let sid = u32::try_from(self.meta.scopes.len()).unwrap_or(u32::MAX);
        let text = format!("const __asv{sid} = {}; ", getter_fn(&visible));
        self.meta.scopes.push(visible);
        if let Some(scope) = self.scopes.last_mut() {
            scope.getter = Some(sid);
        }
        text
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    fn resolve(&mut self, name: &str) {
        let Some(k) = self
            .scopes
            .iter()
            .rposition(|s| s.names.iter().chain(&s.hidden).any(|n| n == name))
        else {
            return;
        };
        if self.scopes[k].top || is_reserved(name) {
            return;
        }
        for f in self.fns.iter_mut().rev() {
            if f.scope_base <= k {
                break;
            }
            if !f.captured.iter().any(|n| n == name) {
                f.captured.push(name.to_string());
            }
        }
    }

    // ----- program and statement lists -------------------------------------------------

    fn program(&mut self, program: &Program) {
        let mut names = Vec::new();
        let (first_stmts, module_items): (Vec<&Stmt>, Option<&Vec<ModuleItem>>) = match program {
            Program::Module(m) => {
                module_var_names(&m.body, &mut names);
                names.extend(module_lexical_names(&m.body));
                (
                    m.body.iter().filter_map(|i| i.as_stmt()).collect(),
                    Some(&m.body),
                )
            }
            Program::Script(s) => {
                var_names(&s.body, &mut names);
                names.extend(lexical_names(&s.body));
                (s.body.iter().collect(), None)
            }
        };
        let mut pos = 0;
        if self.text.starts_with("#!") {
            pos = self.text.find('\n').map_or(self.text.len(), |i| i + 1);
        }
        if let Some(end) = directives_end(first_stmts.iter().copied()) {
            pos = self.off(end);
        }
        self.fns.push(FnCtx {
            traced: true,
            scope_base: 0,
            captured: Vec::new(),
            loops: Vec::new(),
        });
        let getter = self.push_scope(in_order(names), Vec::new(), true);
        self.decls.push(Vec::new());
        match (program, module_items) {
            (_, Some(items)) => {
                let prologue = items
                    .iter()
                    .take_while(|i| i.as_stmt().is_some_and(is_directive))
                    .count();
                for item in &items[prologue..] {
                    self.module_item(item);
                }
            }
            (Program::Script(s), None) => {
                // The directive prologue stays first, untouched (a step before it would
                // make `"use strict"` an ordinary expression).
                for stmt in &s.body[directive_count(&s.body)..] {
                    self.stmt_in_list(stmt);
                }
            }
            _ => {}
        }
        let regs = self.decls.pop().unwrap_or_default().concat();
        self.pop_scope();
        self.fns.pop();
        let meta = serde_json::to_string(&self.meta).unwrap_or_else(|_| "{}".to_string());
        let lead = if pos == 0 {
            ""
        } else {
            self.after_directive(pos)
        };
        // An HTML-like `-->` comment (a script's, Annex B) is one only at the start of a line:
        // the set-up then ends its own line (the program's lines move down by one in the
        // instrumented file; every step names its line itself).
        let rest = self.text.get(pos..).unwrap_or_default();
        let trail = if rest.trim_start_matches([' ', '\t']).starts_with("-->") {
            "\n"
        } else {
            ""
        };
        self.edits.first(
            pos,
            format_args!(
                "{lead}__as.meta({meta}); {getter}const __asf = __as.main(0, __asv0); {regs}{trail}"
            ),
        );
    }

    fn module_item(&mut self, item: &ModuleItem) {
        match item {
            ModuleItem::Stmt(stmt) => self.stmt_in_list(stmt),
            ModuleItem::ModuleDecl(decl) => {
                self.depth += 1;
                match decl {
                    ModuleDecl::ExportDecl(e) => match &e.decl {
                        Decl::Fn(f) => self.fn_decl(f),
                        other => {
                            self.line_step(e.span.lo);
                            self.decl(other);
                        }
                    },
                    ModuleDecl::ExportDefaultDecl(d) => match &d.decl {
                        DefaultDecl::Fn(f) => {
                            let name = f.ident.as_ref().map(|i| i.sym.to_string());
                            let (fid, capt) = self.function(FnSpec {
                                name: name.clone().unwrap_or_else(|| "default".to_string()),
                                span: f.function.span,
                                params: f.function.params.iter().map(|p| &p.pat).collect(),
                                body: f.function.body.as_ref().map(Body::Block),
                                method: false,
                                own_name: None,
                                wrap: false,
                            });
                            if let (Some(name), Some(fid)) = (name, fid) {
                                self.register(fid, &name, &capt);
                            }
                        }
                        other => other.visit_children_with(self),
                    },
                    ModuleDecl::ExportDefaultExpr(e) => {
                        self.line_step(e.span.lo);
                        e.expr.visit_with(self);
                    }
                    _ => {}
                }
                self.depth -= 1;
            }
        }
    }

    fn register(&mut self, fid: u32, name: &str, captured: &str) {
        if let Some(list) = self.decls.last_mut() {
            list.push(format!("__as.fn({fid}, {name}, {captured}); "));
        }
    }

    fn line_step(&mut self, pos: BytePos) {
        self.line_step_at(pos, None);
    }

    /// A line step before the statement at `pos`. `namespace` names the namespace a statement
    /// the TypeScript transform made stands for: it takes the declaration's line.
    fn line_step_at(&mut self, pos: BytePos, namespace: Option<&str>) {
        if !self.traced() {
            return;
        }
        let offset = self.off(pos);
        let line = match self.lines.exact(offset) {
            None => namespace.and_then(|n| self.lines.namespace(n)),
            line => line,
        };
        if let Some(line) = line {
            let args = self.getter_args();
            self.edits.open(
                offset,
                self.depth,
                format_args!("__as.line(__asf, {line}, {args}); "),
            );
        }
    }

    /// Walks a statement list whose prologue (getter, function registrations) goes at
    /// `prologue` (already holding `head`).
    fn list(&mut self, stmts: &[Stmt], prologue: usize, head: String) {
        self.decls.push(Vec::new());
        let depth = self.depth;
        for stmt in stmts {
            self.stmt_in_list(stmt);
        }
        let regs = self.decls.pop().unwrap_or_default().concat();
        let text = format!("{head}{regs}");
        if !text.is_empty() {
            self.edits.open(prologue, depth, text);
        }
    }

    fn stmt_in_list(&mut self, stmt: &Stmt) {
        let same_line = std::mem::take(&mut self.same_line);
        self.depth += 1;
        match stmt {
            Stmt::Decl(Decl::Fn(f)) => self.fn_decl(f),
            Stmt::Empty(_) => {}
            Stmt::Labeled(l) if loop_parts(&l.body).is_some() => {
                self.loop_stmt(&l.body, Some((l.label.sym.to_string(), l.span.lo)));
            }
            s if loop_parts(s).is_some() => self.loop_stmt(s, None),
            s => {
                if !same_line {
                    self.line_step_at(s.span().lo, namespace_helper(s).as_deref());
                }
                self.stmt(s);
            }
        }
        self.depth -= 1;
    }

    /// A statement body that may not be a block: braces are added around it. A body on the
    /// same line as `after` (where its `if` or `else` is) gets no step of its own, as Python's
    /// `if x: return 1` has one line event.
    fn body(&mut self, stmt: &Stmt, after: BytePos) {
        match stmt {
            Stmt::Block(block) => self.block(block, String::new()),
            other => {
                let (lo, hi) = (self.off(other.span().lo), self.off(other.span().hi));
                let getter = self.push_scope(Vec::new(), Vec::new(), false);
                if self.traced() {
                    self.edits.open(lo, self.depth, format_args!("{{ {getter}"));
                    self.edits.close(hi, self.depth, " }");
                }
                let same_line = self.lines.exact(self.off(after)).is_some()
                    && self.lines.exact(self.off(after)) == self.lines.exact(lo);
                self.same_line = same_line;
                self.depth += 1;
                self.stmt_in_list(other);
                self.depth -= 1;
                self.same_line = false;
                self.pop_scope();
            }
        }
    }

    fn block(&mut self, block: &BlockStmt, head: String) {
        let names = in_order(lexical_names(&block.stmts));
        let own = !names.is_empty();
        let getter = self.push_scope(names, Vec::new(), own);
        let prologue = self.off(block.span.lo) + 1;
        self.list(&block.stmts, prologue, format!("{head}{getter}"));
        self.pop_scope();
    }

    fn decl(&mut self, decl: &Decl) {
        match decl {
            Decl::Fn(f) => self.fn_decl(f),
            other => other.visit_children_with(self),
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::Block(b) => self.block(b, String::new()),
            Stmt::If(i) => {
                i.test.visit_with(self);
                self.body(&i.cons, i.span.lo);
                if let Some(alt) = &i.alt {
                    self.body(alt, i.cons.span().hi);
                }
            }
            Stmt::Labeled(l) => self.body(&l.body, l.span.lo),
            Stmt::With(w) => {
                w.obj.visit_with(self);
                self.body(&w.body, w.span.lo);
            }
            Stmt::Try(t) => {
                self.block(&t.block, String::new());
                if let Some(h) = &t.handler {
                    self.catch_clause(h);
                }
                if let Some(f) = &t.finalizer {
                    self.block(f, String::new());
                }
            }
            Stmt::Switch(s) => {
                s.discriminant.visit_with(self);
                // The cases share one block scope, but a jump to a case skips the statements
                // before it: each case declares its own getter of that scope at its start,
                // so the getter a step uses is always initialised (names still in their
                // temporal dead zone throw in it and are left out by the recorder).
                let names = in_order(lexical_names(s.cases.iter().flat_map(|c| &c.cons)));
                let own = !names.is_empty();
                for case in &s.cases {
                    let getter = self.push_scope(names.clone(), Vec::new(), own);
                    if let Some(test) = &case.test {
                        test.visit_with(self);
                    }
                    if let Some(first) = case.cons.first() {
                        let prologue = self.off(first.span().lo);
                        self.list(&case.cons, prologue, getter);
                    }
                    self.pop_scope();
                }
            }
            Stmt::Return(r) => {
                if let Some(arg) = &r.arg {
                    if self.traced() {
                        let (lo, hi) = (self.off(arg.span().lo), self.off(arg.span().hi));
                        self.edits.open(lo, self.depth, "__as.ret(__asf, ");
                        self.edits.close(hi, self.depth, ")");
                    }
                    self.depth += 1;
                    arg.visit_with(self);
                    self.depth -= 1;
                }
            }
            Stmt::Continue(c) => {
                let label = c.label.as_ref().map(|l| l.sym.to_string());
                let target = self.fns.last().and_then(|f| {
                    f.loops
                        .iter()
                        .rev()
                        .find(|(_, l)| label.is_none() || *l == label)
                        .and_then(|(idx, _)| *idx)
                });
                if let (Some(idx), true) = (target, self.traced()) {
                    let args = self.getter_args();
                    self.edits.open(
                        self.off(c.span.lo),
                        self.depth + 1,
                        format_args!("__as.tail(__asf, {idx}, {args}); "),
                    );
                }
            }
            Stmt::Break(_) => {}
            Stmt::Decl(d) => self.decl(d),
            s if loop_parts(s).is_some() => self.loop_stmt(s, None),
            other => other.visit_children_with(self),
        }
    }

    fn catch_clause(&mut self, h: &CatchClause) {
        let mut names = Vec::new();
        let mut error_var = None;
        match &h.param {
            Some(p) => {
                pat_names(p, &mut names);
                if let Pat::Ident(b) = p {
                    error_var = Some(b.id.sym.to_string());
                }
            }
            None => {
                if self.traced() {
                    let at = self.off(h.span.lo) + "catch".len();
                    self.edits.open(at, self.depth, " (__asc)");
                    error_var = Some("__asc".to_string());
                }
            }
        }
        names.extend(lexical_names(&h.body.stmts));
        let names = in_order(names);
        let own = !names.is_empty();
        let caught = match (&error_var, self.traced()) {
            (Some(var), true) => format!("__as.caught(__asf, {var}); "),
            _ => String::new(),
        };
        let getter = self.push_scope(names, Vec::new(), own);
        if let Some(p) = &h.param {
            p.visit_with(self);
        }
        let prologue = self.off(h.body.span.lo) + 1;
        self.list(&h.body.stmts, prologue, format!("{caught}{getter}"));
        self.pop_scope();
    }

    // ----- loops -----------------------------------------------------------------------

    fn loop_stmt(&mut self, stmt: &Stmt, label: Option<(String, BytePos)>) {
        let Some((_, span, body)) = loop_parts(stmt) else {
            return;
        };
        let begin = label.as_ref().map_or(span.lo, |(_, pos)| *pos);
        let line = self.lines.exact(self.off(span.lo)).or_else(|| {
            label
                .as_ref()
                .and_then(|(_, pos)| self.lines.exact(self.off(*pos)))
        });
        let idx = match (line, self.traced()) {
            (Some(line), true) => {
                let tail = match stmt {
                    Stmt::DoWhile(d) => self
                        .lines
                        .lenient(self.off(d.test.span().lo))
                        .unwrap_or(line),
                    _ => line,
                };
                let idx = u32::try_from(self.meta.loops.len()).unwrap_or(u32::MAX);
                self.meta.loops.push((self.ids.next(line), line, tail));
                let args = self.getter_args();
                self.edits.open(
                    self.off(begin),
                    self.depth,
                    format_args!("__as.loopEnter(__asf, {idx}, {args}); try {{ "),
                );
                self.edits.close(
                    self.off(span.hi),
                    self.depth,
                    format_args!(" }} finally {{ __as.loopExit(__asf, {idx}); }}"),
                );
                Some(idx)
            }
            _ => None,
        };
        if let Some(f) = self.fns.last_mut() {
            f.loops.push((idx, label.map(|(l, _)| l)));
        }
        self.depth += 1;
        let body_names = match body {
            Stmt::Block(b) => lexical_names(&b.stmts),
            _ => Vec::new(),
        };
        match stmt {
            Stmt::For(f) => {
                let mut names = for_init_lexical(f.init.as_ref());
                names.extend(body_names);
                let names = in_order(names);
                let own = !names.is_empty();
                let getter = self.push_scope(names, Vec::new(), own);
                if let Some(init) = &f.init {
                    init.visit_with(self);
                }
                if let Some(test) = &f.test {
                    test.visit_with(self);
                }
                if let Some(update) = &f.update {
                    update.visit_with(self);
                }
                let count = crate::sizing::counting_args(f);
                self.loop_body(body, idx, getter, count);
            }
            Stmt::ForIn(f) => {
                let mut names = for_head_lexical(&f.left);
                names.extend(body_names);
                let names = in_order(names);
                let own = !names.is_empty();
                let getter = self.push_scope(names, Vec::new(), own);
                f.left.visit_with(self);
                f.right.visit_with(self);
                self.loop_body(body, idx, getter, None);
            }
            Stmt::ForOf(f) => {
                let mut names = for_head_lexical(&f.left);
                names.extend(body_names);
                let names = in_order(names);
                let own = !names.is_empty();
                let getter = self.push_scope(names, Vec::new(), own);
                f.left.visit_with(self);
                if f.is_await && self.traced() {
                    let (lo, hi) = (self.off(f.right.span().lo), self.off(f.right.span().hi));
                    self.edits.open(lo, self.depth, "__as.asyncIter(__asf, ");
                    self.edits.close(hi, self.depth, ")");
                } else if let (Some(idx), true) = (idx, self.traced()) {
                    // The iterable's length, for sampling (see crate::sizing).
                    let (lo, hi) = (self.off(f.right.span().lo), self.off(f.right.span().hi));
                    self.edits
                        .open(lo, self.depth, format_args!("__as.sized(__asf, {idx}, "));
                    self.edits.close(hi, self.depth, ")");
                }
                f.right.visit_with(self);
                self.loop_body(body, idx, getter, None);
            }
            Stmt::While(w) => {
                w.test.visit_with(self);
                let names = in_order(body_names);
                let own = !names.is_empty();
                let getter = self.push_scope(names, Vec::new(), own);
                self.loop_body(body, idx, getter, None);
            }
            Stmt::DoWhile(d) => {
                let names = in_order(body_names);
                let own = !names.is_empty();
                let getter = self.push_scope(names, Vec::new(), own);
                self.loop_body(body, idx, getter, None);
                self.pop_scope();
                d.test.visit_with(self);
                self.push_scope(Vec::new(), Vec::new(), false);
            }
            _ => {}
        }
        self.pop_scope();
        self.depth -= 1;
        if let Some(f) = self.fns.last_mut() {
            f.loops.pop();
        }
    }

    /// `count`: the `__as.loopCount` arguments of a counting loop ([`crate::sizing`]).
    fn loop_body(&mut self, body: &Stmt, idx: Option<u32>, getter: String, count: Option<String>) {
        let (open_at, close_at, stmts, synthetic): (usize, usize, &[Stmt], bool) = match body {
            Stmt::Block(b) => (
                self.off(b.span.lo) + 1,
                self.off(b.span.hi).saturating_sub(1),
                &b.stmts,
                false,
            ),
            other => (
                self.off(other.span().lo),
                self.off(other.span().hi),
                std::slice::from_ref(other),
                true,
            ),
        };
        let traced = self.traced();
        let mut head = String::new();
        if synthetic && traced {
            head.push_str("{ ");
        }
        if let (Some(idx), true) = (idx, traced) {
            match count {
                Some(args) => {
                    let _ = write!(
                        head,
                        "__as.loopIter(__asf, {idx}) && __as.loopCount(__asf, {idx}, {args}); "
                    );
                }
                None => {
                    let _ = write!(head, "__as.loopIter(__asf, {idx}); ");
                }
            }
        }
        head.push_str(&getter);
        let mut tail = String::new();
        if let (Some(idx), true) = (idx, traced) {
            // `;` first: the body's last statement may end without one (`s += i` left to
            // automatic semicolon insertion), and the call must not continue it.
            let _ = write!(tail, "; __as.tail(__asf, {idx}, {});", self.getter_args());
        }
        if synthetic && traced {
            tail.push_str(" }");
        }
        if !tail.is_empty() {
            self.edits.close_body(open_at, close_at, self.depth, tail);
        }
        self.depth += 1;
        self.list(stmts, open_at, head);
        self.depth -= 1;
    }

    // ----- functions -------------------------------------------------------------------

    fn fn_decl(&mut self, f: &FnDecl) {
        let name = f.ident.sym.to_string();
        let (fid, capt) = self.function(FnSpec {
            name: name.clone(),
            span: f.function.span,
            params: f.function.params.iter().map(|p| &p.pat).collect(),
            body: f.function.body.as_ref().map(Body::Block),
            method: false,
            own_name: None,
            wrap: false,
        });
        if let Some(fid) = fid {
            self.register(fid, &name, &capt);
        }
    }

    fn method(&mut self, name: String, function: &Function) {
        self.function(FnSpec {
            name,
            span: function.span,
            params: function.params.iter().map(|p| &p.pat).collect(),
            body: function.body.as_ref().map(Body::Block),
            method: true,
            own_name: None,
            wrap: false,
        });
    }

    /// Instruments one function; returns its id (when traced) and its captured-values getter
    /// (`0` when it captures nothing).
    fn function(&mut self, spec: FnSpec) -> (Option<u32>, String) {
        let line = match &spec.body {
            Some(_) => self.lines.exact(self.off(spec.span.lo)),
            None => None,
        };
        let traced = line.is_some();
        let mut params = Vec::new();
        for p in &spec.params {
            pat_names(p, &mut params);
        }
        let param_names: Vec<String> = params.iter().map(|(_, n)| n.clone()).collect();
        let mut names = params;
        if let Some(Body::Block(b)) = &spec.body {
            var_names(&b.stmts, &mut names);
            names.extend(lexical_names(&b.stmts));
        }
        let mut names = in_order(names);
        if spec.method {
            names.insert(0, "this".to_string());
        }
        let fid = if traced {
            let fid = u32::try_from(self.meta.fns.len()).unwrap_or(u32::MAX);
            self.meta.fns.push((
                spec.name.clone(),
                line.unwrap_or(0),
                param_names,
                Vec::new(),
                spec.method,
            ));
            Some(fid)
        } else {
            None
        };
        let outer_depth = self.depth;
        self.depth += 1;
        self.fns.push(FnCtx {
            traced,
            scope_base: self.scopes.len(),
            captured: Vec::new(),
            loops: Vec::new(),
        });
        let hidden: Vec<String> = spec.own_name.into_iter().collect();
        let hint = self.name_hint.take();
        let getter = self.push_scope(names, hidden, true);
        for p in &spec.params {
            p.visit_with(self);
        }
        self.name_hint = hint;
        let sid = self.getter();
        match (&spec.body, fid) {
            (Some(Body::Block(block)), Some(fid)) => {
                let directive_end = directives_end(&block.stmts).map(|p| self.off(p));
                let at = directive_end.unwrap_or(self.off(block.span.lo) + 1);
                let lead = if directive_end.is_some() {
                    self.after_directive(at)
                } else {
                    ""
                };
                let head = format!(
                    "{lead}const __asf = __as.enter({fid}); try {{ {getter}__as.call(__asf, {sid}, __asv{sid}); "
                );
                self.edits.close_body(
                    at,
                    self.off(block.span.hi).saturating_sub(1),
                    self.depth,
                    " } catch (__ase) { __as.raise(__asf, __ase); throw __ase; } finally { __as.exit(__asf); }",
                );
                self.depth += 1;
                self.list(&block.stmts[directive_count(&block.stmts)..], at, head);
                self.depth -= 1;
            }
            (Some(Body::Expr(expr)), Some(fid)) => {
                let (lo, hi) = (self.off(expr.span().lo), self.off(expr.span().hi));
                let line_step = self
                    .lines
                    .lenient(lo)
                    .map(|l| format!("__as.line(__asf, {l}, {sid}, __asv{sid}); "))
                    .unwrap_or_default();
                self.edits.open(
                    lo,
                    self.depth,
                    format_args!(
                        "{{ const __asf = __as.enter({fid}); try {{ {getter}__as.call(__asf, {sid}, __asv{sid}); {line_step}return __as.ret(__asf, ("
                    ),
                );
                self.edits.close(
                    hi,
                    self.depth,
                    ")); } catch (__ase) { __as.raise(__asf, __ase); throw __ase; } finally { __as.exit(__asf); } }",
                );
                self.depth += 1;
                expr.visit_with(self);
                self.depth -= 1;
            }
            (Some(Body::Block(block)), None) => {
                self.decls.push(Vec::new());
                for stmt in &block.stmts {
                    self.stmt_in_list(stmt);
                }
                self.decls.pop();
            }
            (Some(Body::Expr(expr)), None) => expr.visit_with(self),
            (None, _) => {}
        }
        self.pop_scope();
        let ctx = self.fns.pop();
        self.depth = outer_depth;
        let captured = ctx.map(|c| c.captured).unwrap_or_default();
        let capt = if captured.is_empty() {
            "0".to_string()
        } else {
            getter_fn(&captured)
        };
        if let Some(fid) = fid {
            if let Some(entry) = self.meta.fns.get_mut(fid as usize) {
                entry.3 = captured;
            }
            if spec.wrap && self.traced() {
                self.edits.open(
                    self.off(spec.span.lo),
                    self.depth,
                    format_args!("__as.fn({fid}, "),
                );
                self.edits.close(
                    self.off(spec.span.hi),
                    self.depth,
                    format_args!(", {capt})"),
                );
            }
        }
        (fid, capt)
    }

    fn arrow(&mut self, a: &ArrowExpr, name: String) {
        let body = match &*a.body {
            ArrowFunctionBody::FunctionBody(b) => Body::Block(b),
            ArrowFunctionBody::Expr(e) => Body::Expr(e),
        };
        self.function(FnSpec {
            name,
            span: a.span,
            params: a.params.iter().collect(),
            body: Some(body),
            method: false,
            own_name: None,
            wrap: true,
        });
    }
}

impl Visit for Transformer<'_> {
    fn visit_stmt(&mut self, stmt: &Stmt) {
        self.stmt(stmt);
    }

    fn visit_expr(&mut self, expr: &Expr) {
        self.depth += 1;
        match expr {
            Expr::Fn(f) => {
                let hint = self.name_hint.take();
                let name = f
                    .ident
                    .as_ref()
                    .map(|i| i.sym.to_string())
                    .or(hint)
                    .unwrap_or_else(|| "anonymous".to_string());
                self.function(FnSpec {
                    name,
                    span: f.function.span,
                    params: f.function.params.iter().map(|p| &p.pat).collect(),
                    body: f.function.body.as_ref().map(Body::Block),
                    method: false,
                    own_name: f.ident.as_ref().map(|i| i.sym.to_string()),
                    wrap: true,
                });
            }
            Expr::Arrow(a) => {
                let name = self
                    .name_hint
                    .take()
                    .unwrap_or_else(|| "anonymous".to_string());
                self.arrow(a, name);
            }
            Expr::Paren(p) => p.expr.visit_with(self),
            other => {
                self.name_hint = None;
                other.visit_children_with(self);
            }
        }
        self.depth -= 1;
    }

    fn visit_ident(&mut self, id: &Ident) {
        self.resolve(&id.sym);
    }

    fn visit_var_declarator(&mut self, d: &VarDeclarator) {
        d.name.visit_with(self);
        if let Some(init) = &d.init {
            if let Pat::Ident(b) = &d.name {
                self.name_hint = Some(b.id.sym.to_string());
            }
            init.visit_with(self);
            self.name_hint = None;
        }
    }

    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        a.left.visit_with(self);
        let hint = match &a.left {
            AssignTarget::Simple(SimpleAssignTarget::Ident(b)) => Some(b.id.sym.to_string()),
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) => {
                m.prop.as_ident().map(|i| i.sym.to_string())
            }
            _ => None,
        };
        self.name_hint = hint;
        a.right.visit_with(self);
        self.name_hint = None;
    }

    fn visit_key_value_prop(&mut self, kv: &KeyValueProp) {
        kv.key.visit_with(self);
        self.name_hint = Some(prop_name(&kv.key));
        kv.value.visit_with(self);
        self.name_hint = None;
    }

    fn visit_class_prop(&mut self, p: &ClassProp) {
        p.key.visit_with(self);
        if let Some(value) = &p.value {
            self.name_hint = Some(prop_name(&p.key));
            value.visit_with(self);
            self.name_hint = None;
        }
    }

    fn visit_class_method(&mut self, m: &ClassMethod) {
        m.key.visit_with(self);
        self.method(prop_name(&m.key), &m.function);
    }

    fn visit_private_method(&mut self, m: &PrivateMethod) {
        self.method(format!("#{}", m.key.name), &m.function);
    }

    fn visit_method_prop(&mut self, m: &MethodProp) {
        m.key.visit_with(self);
        self.method(prop_name(&m.key), &m.function);
    }

    fn visit_constructor(&mut self, c: &Constructor) {
        let params: Vec<&Pat> = c
            .params
            .iter()
            .filter_map(|p| match p {
                ParamOrTsParamProp::Param(p) => Some(&p.pat),
                ParamOrTsParamProp::TsParamProp(_) => None,
            })
            .collect();
        self.function(FnSpec {
            name: "constructor".to_string(),
            span: c.span,
            params,
            body: c.body.as_ref().map(Body::Block),
            method: true,
            own_name: None,
            wrap: false,
        });
    }

    fn visit_getter_prop(&mut self, g: &GetterProp) {
        g.key.visit_with(self);
        self.method(prop_name(&g.key), &g.function);
    }

    fn visit_setter_prop(&mut self, s: &SetterProp) {
        s.key.visit_with(self);
        self.method(prop_name(&s.key), &s.function);
    }

    fn visit_class(&mut self, c: &Class) {
        c.visit_children_with(self);
        let names: Vec<String> = c
            .body
            .iter()
            .filter_map(|m| match m {
                ClassMember::PrivateProp(p) => Some(p.key.name.to_string()),
                _ => None,
            })
            .collect();
        if names.is_empty() || !self.traced() || c.span.is_dummy() {
            return;
        }
        let list: Vec<String> = names.iter().map(|n| format!("\"#{n}\"")).collect();
        let cases: String = names
            .iter()
            .enumerate()
            .map(|(i, n)| format!(" case {i}: return __aso.#{n};"))
            .collect();
        // A static block at the end of the body registers a reader of the private fields,
        // the only code that may read them.
        self.edits.close(
            self.off(c.span.hi).saturating_sub(1),
            self.depth,
            format_args!(
                " static {{ __as.privates(this, [{}], (__aso, __asi) => {{ switch (__asi) {{{cases} }} }}); }}",
                list.join(", ")
            ),
        );
    }

    fn visit_static_block(&mut self, b: &StaticBlock) {
        self.block(&b.body, String::new());
    }

    fn visit_yield_expr(&mut self, y: &YieldExpr) {
        if self.traced() {
            let (lo, hi) = (self.off(y.span.lo), self.off(y.span.hi));
            self.edits.open(lo, self.depth, "__as.resumed(__asf, ");
            self.edits.close(hi, self.depth, ")");
            let hook = if y.delegate { "delegating" } else { "yielding" };
            match &y.arg {
                Some(arg) => {
                    let (alo, ahi) = (self.off(arg.span().lo), self.off(arg.span().hi));
                    self.edits
                        .open(alo, self.depth + 1, format_args!("__as.{hook}(__asf, "));
                    self.edits.close(ahi, self.depth + 1, ")");
                }
                None => {
                    self.edits.close(
                        hi,
                        self.depth + 1,
                        format_args!(" __as.{hook}(__asf, undefined)"),
                    );
                }
            }
        }
        self.depth += 2;
        y.arg.visit_with(self);
        self.depth -= 2;
    }

    fn visit_await_expr(&mut self, a: &AwaitExpr) {
        if self.traced() {
            let (lo, hi) = (self.off(a.span.lo), self.off(a.span.hi));
            let (alo, ahi) = (self.off(a.arg.span().lo), self.off(a.arg.span().hi));
            self.edits.open(lo, self.depth, "__as.resumed(__asf, ");
            self.edits.close(hi, self.depth, ")");
            self.edits
                .open(alo, self.depth + 1, "__as.awaiting(__asf, ");
            self.edits.close(ahi, self.depth + 1, ")");
        }
        self.depth += 2;
        a.arg.visit_with(self);
        self.depth -= 2;
    }

    fn visit_fn_decl(&mut self, f: &FnDecl) {
        self.fn_decl(f);
    }

    fn visit_function(&mut self, f: &Function) {
        self.method("anonymous".to_string(), f);
    }

    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        self.arrow(a, "anonymous".to_string());
    }

    fn visit_module_item(&mut self, item: &ModuleItem) {
        self.module_item(item);
    }
}
