//! TypeScript to JavaScript with swc's own TypeScript transform, remembering where each
//! generated position came from so instrumented statements keep their original lines.

use std::collections::{BTreeMap, HashMap};

use swc_common::{BytePos, Globals, Mark, GLOBALS};
use swc_ecma_ast::{Program, TsModuleDecl, TsModuleName};
use swc_ecma_codegen::text_writer::JsWriter;
use swc_ecma_codegen::Emitter;
use swc_ecma_transforms_base::{fixer::fixer, resolver};
use swc_ecma_transforms_typescript::{typescript, Config};
use swc_ecma_visit::{Visit, VisitWith};

use crate::lines::LineIndex;
use crate::parse::Parsed;

/// JavaScript produced from a TypeScript program.
pub(crate) struct Stripped {
    /// The JavaScript text.
    pub(crate) code: String,
    /// Generated (0-based line, 0-based column) of a node's first token → original 1-based
    /// line. Nodes the transform made up (enum and namespace helpers, parameter-property
    /// assignments) have no entry.
    pub(crate) origin: BTreeMap<(u32, u32), u32>,
    /// Namespace name → line of its `namespace` declaration: the transform turns a namespace
    /// into `(function (N) {…})(N || (N = {}))`, whose tokens are all made up.
    pub(crate) namespaces: HashMap<String, u32>,
}

/// Lines of the namespace declarations in a TypeScript program, by name.
fn namespace_lines(program: &Program, start: BytePos, index: &LineIndex) -> HashMap<String, u32> {
    struct Finder<'i> {
        start: BytePos,
        index: &'i LineIndex,
        out: HashMap<String, u32>,
    }
    impl Visit for Finder<'_> {
        fn visit_ts_module_decl(&mut self, decl: &TsModuleDecl) {
            if let TsModuleName::Ident(id) = &decl.id {
                let offset = decl.span.lo.0.saturating_sub(self.start.0) as usize;
                self.out
                    .entry(id.sym.to_string())
                    .or_insert_with(|| self.index.line(offset));
            }
            decl.visit_children_with(self);
        }
    }
    let mut finder = Finder {
        start,
        index,
        out: HashMap::new(),
    };
    program.visit_with(&mut finder);
    finder.out
}

/// Strips the types from a parsed TypeScript program (consumed) and prints JavaScript.
pub(crate) fn strip(parsed: Parsed, source: &str) -> Stripped {
    let Parsed {
        cm, start, program, ..
    } = parsed;
    let index = LineIndex::new(source);
    let namespaces = namespace_lines(&program, start, &index);
    let program: Program = GLOBALS.set(&Globals::new(), || {
        let unresolved = Mark::new();
        let top_level = Mark::new();
        let config = Config {
            native_class_properties: true,
            no_empty_export: true,
            ..Config::default()
        };
        program
            .apply(resolver(unresolved, top_level, true))
            .apply(typescript(config, unresolved, top_level))
            .apply(fixer(None))
    });
    let mut buf = Vec::new();
    let mut map = Vec::new();
    {
        let writer = JsWriter::new(cm.clone(), "\n", &mut buf, Some(&mut map));
        let mut emitter = Emitter {
            cfg: swc_ecma_codegen::Config::default(),
            cm: cm.clone(),
            comments: None,
            wr: writer,
        };
        // Writing into a Vec cannot fail.
        let _ = emitter.emit_program(&program);
    }
    let mut origin = BTreeMap::new();
    for (pos, lc) in map {
        if pos.0 < start.0 {
            continue;
        }
        let offset = (pos.0 - start.0) as usize;
        if offset > source.len() {
            continue;
        }
        origin
            .entry((lc.line, lc.col))
            .or_insert_with(|| index.line(offset));
    }
    Stripped {
        code: String::from_utf8_lossy(&buf).into_owned(),
        origin,
        namespaces,
    }
}
