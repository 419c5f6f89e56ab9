//! 64-bit V8 with pointer compression (Chrome and Node since 2020): every field is a 4-byte
//! tagged slot; small integers (Smis, 31 bits) live in the slot itself; other numbers are
//! 12-byte HeapNumbers, except in arrays of numbers, which store 8-byte doubles unboxed; `true`,
//! `false`, `null` and `undefined` are shared read-only objects.

use algoscope_trace_format::{HeapObject, Value};

use super::prim::{prim, Prim};
use super::{round_up, Costs};

/// A compressed tagged slot.
const TAGGED: u64 = 4;
/// The smallest and largest Smi (31-bit small integer) with pointer compression.
const SMI_MIN: i64 = -(1 << 30);
const SMI_MAX: i64 = (1 << 30) - 1;
/// Largest integer a double holds exactly.
const SAFE_MAX: u32 = 53;

/// The V8 model.
pub(super) struct V8;

impl Costs for V8 {
    fn cell(&self, value: &Value, holder: Option<&HeapObject>) -> u64 {
        let p = prim(value);
        if holder.is_some_and(holds_doubles) && p.is_some_and(is_number) {
            return 8;
        }
        TAGGED + p.map_or(0, held)
    }

    fn key_cell(&self, key: &Value, holder: &HeapObject) -> u64 {
        if is_plain_object(holder) {
            // A plain object's keys live in its hidden class, shared by every object of the
            // same shape.
            0
        } else {
            self.cell(key, Some(holder))
        }
    }

    fn base(&self, object: &HeapObject, cells: u64) -> u64 {
        match object {
            // JSArray (map, properties, elements, length) + elements store header (map,
            // length); an empty array shares the canonical empty store.
            HeapObject::List(_) | HeapObject::Tuple(_) => 16 + if cells > 0 { 8 } else { 0 },
            // JSSet + OrderedHashSet: entries of key and chain.
            HeapObject::Set(_) => (16 + hash_table(cells, 2)).saturating_sub(TAGGED * cells),
            // JSObject (map, properties, elements); properties in-object.
            HeapObject::Dict(_) if is_plain_object(object) => 12,
            // JSMap + OrderedHashMap: entries of key, value and chain.
            HeapObject::Dict(_) => (16 + hash_table(cells, 3)).saturating_sub(2 * TAGGED * cells),
            HeapObject::Instance(_) => 12,
            // JSFunction (map, properties, elements, shared info, context, feedback cell,
            // code, rounded); with captured variables, a Context (map, length, scope info,
            // previous) holding them.
            HeapObject::Function(f) => 32 + if f.captured.is_empty() { 0 } else { 16 },
            HeapObject::Class(_) => 32,
            // JSGeneratorObject: ten tagged fields.
            HeapObject::Generator(_) => 40,
            // A JSObject with one internal field (a Date's time value, a wrapper's value).
            HeapObject::Value(_) => 16,
        }
    }
}

/// Bytes of a V8 OrderedHashTable (a FixedArray) for `n` entries of `entry` tagged slots:
/// header (map, length), three counts (elements, deleted, buckets), one slot per bucket, and
/// the entries; capacity is a power of two, at least 4, with half as many buckets.
fn hash_table(n: u64, entry: u64) -> u64 {
    let capacity = n.max(4).next_power_of_two();
    8 + 3 * TAGGED + TAGGED * (capacity / 2) + TAGGED * entry * capacity
}

/// What a primitive costs apart from its slot.
fn held(p: Prim) -> u64 {
    match p {
        Prim::Int { value: Some(v), .. } if (SMI_MIN..=SMI_MAX).contains(&v) => 0,
        Prim::Int { bits, .. } if bits <= SAFE_MAX => 12,
        // A HeapNumber: map + 8-byte double.
        Prim::Float => 12,
        Prim::Complex => 24,
        // A BigInt: map, bit field, then 64-bit digits.
        Prim::Int { bits, .. } | Prim::BigInt { bits } => 8 + 8 * u64::from(bits.div_ceil(64)),
        Prim::Bool | Prim::Null => 0,
        // SeqOneByteString / SeqTwoByteString: map, hash, length, then the characters.
        Prim::Str {
            chars,
            utf16,
            widest,
        } => round_up(12 + if widest <= 0xFF { chars } else { 2 * utf16 }, TAGGED),
        // A Symbol: map, hash, description, flags.
        Prim::Other => 16,
    }
}

fn is_number(p: Prim) -> bool {
    matches!(p, Prim::Int { .. } | Prim::Float)
}

/// An array whose items are all numbers, one of them not a Smi: V8 keeps it as unboxed
/// doubles (PACKED_DOUBLE_ELEMENTS).
fn holds_doubles(object: &HeapObject) -> bool {
    let HeapObject::List(s) = object else {
        return false;
    };
    let prims: Vec<Option<Prim>> = s.items.iter().map(prim).collect();
    !prims.is_empty()
        && prims.iter().all(|p| p.is_some_and(is_number))
        && prims.iter().any(|p| p.is_some_and(|p| held(p) > 0))
}

/// A JS plain object (`{…}`), as opposed to a Map or a Python dict.
fn is_plain_object(object: &HeapObject) -> bool {
    matches!(object, HeapObject::Dict(m) if m.type_name == "Object")
}
