//! 64-bit CPython: the sizes the tracer recorded (`sys.getsizeof`), and CPython's fixed sizes
//! for everything it does not record (measured with `sys.getsizeof` on CPython 3.11, 64-bit).

use algoscope_trace_format::{HeapObject, Value};

use super::prim::{prim, Prim};
use super::Costs;

/// A pointer (`PyObject *`): every slot, variable and item.
const POINTER: u64 = 8;

/// The CPython model.
pub(super) struct Python;

impl Costs for Python {
    fn cell(&self, value: &Value, _holder: Option<&HeapObject>) -> u64 {
        POINTER + prim(value).map_or(0, object_bytes)
    }

    fn base(&self, object: &HeapObject, cells: u64) -> u64 {
        let recorded = match object {
            HeapObject::List(s) | HeapObject::Tuple(s) | HeapObject::Set(s) => s.size_bytes,
            HeapObject::Dict(m) => m.size_bytes,
            HeapObject::Instance(i) => i.size_bytes,
            _ => None,
        };
        recorded
            .unwrap_or_else(|| estimate(object, cells))
            .saturating_sub(POINTER * cells)
    }
}

/// The size of the separate object a primitive is in CPython (`sys.getsizeof`).
pub(super) fn object_bytes(p: Prim) -> u64 {
    match p {
        // PyLongObject: 24-byte header, then 30-bit digits of 4 bytes (at least one, as 0 is
        // sized in 3.11 and stored in 3.12+).
        Prim::Int { bits, .. } | Prim::BigInt { bits } => {
            24 + 4 * u64::from(bits.div_ceil(30).max(1))
        }
        Prim::Float => 24,
        Prim::Complex => 32,
        Prim::Bool => 28,
        Prim::Null => 16,
        // PEP 393 compact strings: ASCII 48-byte header + 1 byte per char + NUL; Latin-1
        // 72 + 1; UCS-2 72 + 2 per char + 2; UCS-4 72 + 4 per char + 4.
        Prim::Str { chars, widest, .. } => match widest {
            0..=0x7F => 49 + chars,
            0x80..=0xFF => 73 + chars,
            0x100..=0xFFFF => 74 + 2 * chars,
            _ => 76 + 4 * chars,
        },
        Prim::Other => 16,
    }
}

/// What `sys.getsizeof` gives for objects the tracer does not size (functions, classes,
/// generators, modules, ranges, bytes), and for containers and instances whose type overrides
/// `__sizeof__`.
fn estimate(object: &HeapObject, cells: u64) -> u64 {
    match object {
        HeapObject::List(_) => 56 + POINTER * cells,
        HeapObject::Tuple(_) => 40 + POINTER * cells,
        HeapObject::Set(_) => set_bytes(cells),
        HeapObject::Dict(_) => dict_bytes(cells),
        HeapObject::Instance(_) => 56 + dict_bytes(cells),
        // A function (152); with captured variables, its closure tuple (40 + 8 per cell) and
        // one 40-byte cell object per variable.
        HeapObject::Function(f) if f.captured.is_empty() => 152,
        HeapObject::Function(f) => {
            let n = f.captured.len() as u64;
            152 + 40 + POINTER * n + 40 * n
        }
        // A heap type object (1688), and its attribute dict.
        HeapObject::Class(_) => 1688 + dict_bytes(cells),
        HeapObject::Generator(_) => 200,
        HeapObject::Value(v) => match v.type_name.as_str() {
            "module" => 72,
            "range" => 48,
            "bytes" => 33 + v.length.unwrap_or(v.repr.len().saturating_sub(3) as u64),
            _ => 48,
        },
    }
}

/// `sys.getsizeof` of a set of `n` items built by adding them (CPython 3.11): 216 with its
/// 8-slot inline table, else 216 + 16 bytes per slot. The table is replaced when 3/5 of it is
/// used, by the smallest power of two above four times the items.
fn set_bytes(n: u64) -> u64 {
    let mut table: u64 = 8;
    loop {
        let trigger = ((table - 1) * 3).div_ceil(5);
        if n < trigger {
            break;
        }
        table = (trigger * 4 + 1).next_power_of_two();
    }
    if table == 8 {
        216
    } else {
        216 + 16 * table
    }
}

/// `sys.getsizeof` of a plain dict of `n` entries built by insertion (CPython 3.11): 64 for an
/// empty one, else 96 + a `2^k`-slot index (1, 2, 4 or 8 bytes per slot) + `2^k · 2/3` 24-byte
/// entries, for the smallest `2^k ≥ 8` whose two-thirds holds `n`.
pub(super) fn dict_bytes(n: u64) -> u64 {
    if n == 0 {
        return 64;
    }
    let mut slots: u64 = 8;
    while slots * 2 / 3 < n {
        slots *= 2;
    }
    let index = match slots {
        0..=128 => 1,
        129..=32_768 => 2,
        32_769..=2_147_483_648 => 4,
        _ => 8,
    };
    96 + slots * index + slots * 2 / 3 * 24
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dict_sizes_match_cpython_3_11() {
        // sys.getsizeof(dict.fromkeys(range(n))) on CPython 3.11.7, 64-bit.
        for (n, bytes) in [
            (0, 64),
            (1, 224),
            (5, 224),
            (6, 352),
            (11, 632),
            (22, 1168),
            (43, 2264),
            (86, 4688),
            (171, 9304),
        ] {
            assert_eq!(dict_bytes(n), bytes, "{n} entries");
        }
    }

    #[test]
    fn set_sizes_match_cpython_3_11() {
        // sys.getsizeof(set(range(n))) on CPython 3.11.7, 64-bit.
        for (n, bytes) in [
            (0, 216),
            (4, 216),
            (5, 728),
            (18, 728),
            (19, 2264),
            (77, 8408),
        ] {
            assert_eq!(set_bytes(n), bytes, "{n} items");
        }
    }

    #[test]
    fn primitive_sizes_match_cpython() {
        let size = |t: &str, r: &str| object_bytes(prim(&Value::prim(t, r)).expect("prim"));
        // sys.getsizeof on CPython 3.11.7, 64-bit.
        assert_eq!(size("int", "0"), 28);
        assert_eq!(size("int", "1073741823"), 28);
        assert_eq!(size("int", "1073741824"), 32);
        assert_eq!(size("int", "1152921504606846976"), 36);
        assert_eq!(size("bool", "True"), 28);
        assert_eq!(size("NoneType", "None"), 16);
        assert_eq!(size("float", "1.5"), 24);
        assert_eq!(size("complex", "1j"), 32);
        assert_eq!(size("str", "''"), 49);
        assert_eq!(size("str", "'ab'"), 51);
        assert_eq!(size("str", "'éé'"), 75);
        assert_eq!(size("str", "'€€'"), 78);
        assert_eq!(size("str", "'😀😀'"), 84);
    }
}
