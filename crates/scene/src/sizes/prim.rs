//! What a primitive value is, read from its type name and its text, for the size models.

use algoscope_trace_format::Value;

/// A primitive, as far as the size models care.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Prim {
    /// A whole number (Python `int`, a JS `number` with no fraction): how many bits its
    /// magnitude needs, and its value when it fits in an `i64`.
    Int { bits: u32, value: Option<i64> },
    /// Any other number (a float, `NaN`, `Infinity`, a Python `complex` is [`Prim::Complex`]).
    Float,
    /// Python `complex`.
    Complex,
    /// A JS `bigint`: bits of its magnitude.
    BigInt { bits: u32 },
    /// `True`/`False`, `true`/`false`.
    Bool,
    /// `None`, `null`, `undefined`.
    Null,
    /// A string: its length in characters (code points), in UTF-16 code units, and its widest
    /// character (for CPython's 1-, 2- or 4-byte kinds and V8's one- or two-byte strings).
    Str { chars: u64, utf16: u64, widest: u32 },
    /// A JS `symbol` or anything else.
    Other,
}

/// Classifies a value; `None` for references and unreadable values.
pub(crate) fn prim(value: &Value) -> Option<Prim> {
    let Value::Prim {
        type_name,
        repr,
        length,
    } = value
    else {
        return None;
    };
    Some(match type_name.as_str() {
        "bool" | "boolean" => Prim::Bool,
        "NoneType" | "null" | "undefined" => Prim::Null,
        "complex" => Prim::Complex,
        "bigint" => Prim::BigInt {
            bits: int_bits(repr.trim_end_matches('n')).unwrap_or(64),
        },
        "symbol" => Prim::Other,
        "str" | "string" => string(repr, *length),
        _ => {
            // `int`, `float`, `number`, and subclasses of int/float/str (by their text).
            if repr.starts_with(['\'', '"', '`']) {
                string(repr, *length)
            } else if let Some(bits) = int_bits(repr) {
                Prim::Int {
                    bits,
                    value: repr.parse().ok(),
                }
            } else if repr.parse::<f64>().is_ok()
                || matches!(
                    repr.as_str(),
                    "nan" | "inf" | "-inf" | "NaN" | "Infinity" | "-Infinity"
                )
            {
                Prim::Float
            } else {
                Prim::Other
            }
        }
    })
}

/// Bits of the magnitude of a decimal integer (`0` → 0); `None` when `text` is not one.
fn int_bits(text: &str) -> Option<u32> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = digits.trim_start_matches('0');
    if digits.is_empty() {
        return Some(0);
    }
    if let Ok(n) = digits.parse::<u128>() {
        return Some(128 - n.leading_zeros());
    }
    // log2(10) bits per decimal digit: exact enough for sizing numbers past 2^128.
    Some((digits.len() as f64 * std::f64::consts::LOG2_10).ceil() as u32)
}

/// A quoted string literal (`'it\'s'`, `"a\nb"`): its length, UTF-16 length and widest
/// character. `real_length` (the trace's `length`, set when the text was shortened) wins over
/// the counted length; the units and widest character are then scaled from the shown part.
fn string(repr: &str, real_length: Option<u64>) -> Prim {
    let body = strip_quotes(repr);
    let mut chars: u64 = 0;
    let mut utf16: u64 = 0;
    let mut widest: u32 = 0;
    let mut it = body.chars();
    while let Some(c) = it.next() {
        let code = if c == '\\' {
            match it.next() {
                Some('x') => hex(&mut it, 2),
                Some('u') => hex(&mut it, 4),
                Some('U') => hex(&mut it, 8),
                Some('n' | 't' | 'r' | 'b' | 'f' | 'v' | '0') => 10,
                Some(other) => other as u32,
                None => '\\' as u32,
            }
        } else {
            c as u32
        };
        chars += 1;
        utf16 += if code > 0xFFFF { 2 } else { 1 };
        widest = widest.max(code);
    }
    match real_length {
        Some(n) if n > chars => {
            let scaled = if chars == 0 {
                n
            } else {
                (utf16 * n).div_ceil(chars)
            };
            Prim::Str {
                chars: n,
                utf16: scaled,
                widest,
            }
        }
        _ => Prim::Str {
            chars,
            utf16,
            widest,
        },
    }
}

/// The text between the opening quote and the matching closing one (a shortened text may end
/// in `…` after or before its closing quote).
fn strip_quotes(repr: &str) -> &str {
    let Some(q) = repr
        .chars()
        .next()
        .filter(|c| matches!(c, '\'' | '"' | '`'))
    else {
        return repr;
    };
    let inner = &repr[q.len_utf8()..];
    let inner = inner.strip_suffix('…').unwrap_or(inner);
    inner.strip_suffix(q).unwrap_or(inner)
}

/// Reads up to `n` hex digits as a code point (a malformed escape counts as one ASCII char).
fn hex(it: &mut std::str::Chars, n: usize) -> u32 {
    let digits: String = it.clone().take(n).collect();
    match u32::from_str_radix(&digits, 16) {
        Ok(code) if digits.len() == n => {
            for _ in 0..n {
                it.next();
            }
            code
        }
        _ => 'x' as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(type_name: &str, repr: &str) -> Prim {
        prim(&Value::prim(type_name, repr)).expect("a primitive")
    }

    #[test]
    fn numbers() {
        assert_eq!(
            p("int", "0"),
            Prim::Int {
                bits: 0,
                value: Some(0)
            }
        );
        assert_eq!(
            p("int", "-1073741824"),
            Prim::Int {
                bits: 31,
                value: Some(-1073741824)
            }
        );
        assert_eq!(
            p("int", "1267650600228229401496703205376"),
            Prim::Int {
                bits: 101,
                value: None
            }
        );
        assert_eq!(p("number", "3.5"), Prim::Float);
        assert_eq!(p("number", "NaN"), Prim::Float);
        assert_eq!(
            p("bigint", "18446744073709551616n"),
            Prim::BigInt { bits: 65 }
        );
        // A subclass of int keeps its own type name.
        assert_eq!(
            p("MyInt", "7"),
            Prim::Int {
                bits: 3,
                value: Some(7)
            }
        );
    }

    #[test]
    fn strings_count_escapes_as_one_character() {
        assert_eq!(
            p("str", "'ab'"),
            Prim::Str {
                chars: 2,
                utf16: 2,
                widest: 'b' as u32
            }
        );
        assert_eq!(
            p("string", r"'it\'s\n'"),
            Prim::Str {
                chars: 5,
                utf16: 5,
                widest: 't' as u32
            }
        );
        assert_eq!(
            p("str", r"'\xe9'"),
            Prim::Str {
                chars: 1,
                utf16: 1,
                widest: 0xe9
            }
        );
        assert_eq!(
            p("str", "'€'"),
            Prim::Str {
                chars: 1,
                utf16: 1,
                widest: 0x20ac
            }
        );
        assert_eq!(
            p("str", "'😀'"),
            Prim::Str {
                chars: 1,
                utf16: 2,
                widest: 0x1f600
            }
        );
        assert_eq!(
            p("string", "\"'\""),
            Prim::Str {
                chars: 1,
                utf16: 1,
                widest: '\'' as u32
            }
        );
    }

    #[test]
    fn a_shortened_string_uses_its_real_length() {
        let v = Value::Prim {
            type_name: "str".into(),
            repr: "'abcd'".into(),
            length: Some(1000),
        };
        assert_eq!(
            prim(&v),
            Some(Prim::Str {
                chars: 1000,
                utf16: 1000,
                widest: 'd' as u32
            })
        );
    }

    #[test]
    fn the_rest() {
        assert_eq!(p("bool", "True"), Prim::Bool);
        assert_eq!(p("undefined", "undefined"), Prim::Null);
        assert_eq!(p("complex", "1j"), Prim::Complex);
        assert_eq!(p("symbol", "Symbol(a)"), Prim::Other);
        assert_eq!(prim(&Value::reference("o1")), None);
    }
}
