//! A textbook machine: memory in 8-byte words. A number is one word (a whole number too big
//! for 64 bits takes one word per 64 bits), a boolean one byte, a reference or null one word,
//! a string a reference to a word holding its length followed by 2 bytes per UTF-16 unit;
//! every object has a one-word header, then its cells.

use algoscope_trace_format::{HeapObject, Value};

use super::prim::{prim, Prim};
use super::Costs;

/// One machine word.
const WORD: u64 = 8;

/// The textbook model.
pub(super) struct Textbook;

impl Costs for Textbook {
    fn cell(&self, value: &Value, _holder: Option<&HeapObject>) -> u64 {
        match prim(value) {
            None | Some(Prim::Null | Prim::Float | Prim::Other) => WORD,
            Some(Prim::Int { bits, .. } | Prim::BigInt { bits }) => {
                WORD * u64::from((bits + 1).div_ceil(64).max(1))
            }
            Some(Prim::Complex) => 2 * WORD,
            Some(Prim::Bool) => 1,
            Some(Prim::Str { utf16, .. }) => WORD + WORD + 2 * utf16,
        }
    }

    fn base(&self, object: &HeapObject, _cells: u64) -> u64 {
        match object {
            // A generator keeps its resume point and its frame; a single value its content.
            HeapObject::Generator(_) | HeapObject::Value(_) => 2 * WORD,
            _ => WORD,
        }
    }
}
