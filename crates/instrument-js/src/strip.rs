//! TypeScript to JavaScript with swc's own TypeScript transform, remembering where each
//! generated position came from so instrumented statements keep their original lines.

use std::collections::BTreeMap;

use swc_common::{Globals, Mark, GLOBALS};
use swc_ecma_ast::Program;
use swc_ecma_codegen::text_writer::JsWriter;
use swc_ecma_codegen::Emitter;
use swc_ecma_transforms_base::{fixer::fixer, resolver};
use swc_ecma_transforms_typescript::{typescript, Config};

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
}

/// Strips the types from a parsed TypeScript program (consumed) and prints JavaScript.
pub(crate) fn strip(parsed: Parsed, source: &str) -> Stripped {
    let Parsed {
        cm, start, program, ..
    } = parsed;
    let index = LineIndex::new(source);
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
    }
}
