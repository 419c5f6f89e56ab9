//! Reading the ASCII form back: `O(n^2 + m)`, `O(n log n)`, `O(n*m)`, `O(2^n)`, `O(n!)`,
//! `O(log^2 n)`, `O(n^0.5)`.

use crate::expr::{Expr, Factor, Milli, Term};

/// Why a complexity text could not be read; `at` is a byte offset into the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("at {at}: {message}")]
pub struct ParseError {
    /// Byte offset of the problem.
    pub at: usize,
    /// What was expected.
    pub message: String,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Num(String),
    Sym(char),
}

fn tokenize(s: &str) -> Result<Vec<(usize, Tok)>, ParseError> {
    let mut out = Vec::new();
    let mut chars = s.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c.is_ascii_digit() {
            let mut t = String::new();
            while let Some(&(_, d)) = chars.peek() {
                if d.is_ascii_digit() || d == '.' {
                    t.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push((i, Tok::Num(t)));
        } else if c.is_alphabetic() || c == '_' {
            let mut t = String::new();
            while let Some(&(_, d)) = chars.peek() {
                if d.is_alphanumeric() || d == '_' {
                    t.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push((i, Tok::Name(t)));
        } else if "()+*^!".contains(c) {
            out.push((i, Tok::Sym(c)));
            chars.next();
        } else {
            return Err(ParseError {
                at: i,
                message: format!("unexpected `{c}`"),
            });
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<(usize, Tok)>,
    pos: usize,
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|(_, t)| t)
    }
    fn at(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |(i, _)| *i)
    }
    fn err<T>(&self, message: &str) -> Result<T, ParseError> {
        Err(ParseError {
            at: self.at(),
            message: message.to_string(),
        })
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Sym(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn name(&mut self) -> Result<String, ParseError> {
        match self.peek().cloned() {
            Some(Tok::Name(n)) if n != "log" && n != "O" => {
                self.pos += 1;
                Ok(n)
            }
            _ => self.err("expected a size name"),
        }
    }
    fn number(&mut self) -> Result<String, ParseError> {
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(n)
            }
            _ => self.err("expected a number"),
        }
    }

    fn term(&mut self) -> Result<Term, ParseError> {
        let mut t = Term::one();
        let mut any = false;
        loop {
            match self.peek().cloned() {
                Some(Tok::Name(n)) if n == "log" => {
                    self.pos += 1;
                    let k = if self.eat('^') { self.whole()? } else { 1 };
                    let name = self.name()?;
                    t = t.mul(&Term::of(&name, Factor::log(k)));
                }
                Some(Tok::Name(_)) => {
                    let name = self.name()?;
                    let f = if self.eat('!') {
                        Factor {
                            factorial: true,
                            ..Factor::default()
                        }
                    } else if self.eat('^') {
                        let p = self.number()?;
                        Factor {
                            poly: milli(&p).ok_or_else(|| self.bad("bad power"))?,
                            ..Factor::default()
                        }
                    } else {
                        Factor::power(1)
                    };
                    t = t.mul(&Term::of(&name, f));
                }
                Some(Tok::Num(n)) => {
                    self.pos += 1;
                    if self.eat('^') {
                        let base: u32 = n.parse().map_err(|_| self.bad("bad base"))?;
                        let name = self.name()?;
                        t = t.mul(&Term::of(
                            &name,
                            Factor {
                                exp: base,
                                ..Factor::default()
                            },
                        ));
                    } else if n != "1" {
                        return self.err("only the constant 1 may stand alone");
                    }
                }
                _ => break,
            }
            any = true;
            self.eat('*');
        }
        if !any {
            return self.err("expected a term");
        }
        Ok(t)
    }

    fn whole(&mut self) -> Result<u32, ParseError> {
        let n = self.number()?;
        n.parse().map_err(|_| self.bad("expected a whole number"))
    }

    fn bad(&self, message: &str) -> ParseError {
        ParseError {
            at: self.at(),
            message: message.to_string(),
        }
    }
}

/// `"1.585"` → 1585 thousandths.
fn milli(s: &str) -> Option<Milli> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if frac.len() > 3 || whole.is_empty() {
        return None;
    }
    let w: u32 = whole.parse().ok()?;
    let f: u32 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<3}").parse().ok()?
    };
    w.checked_mul(1000)?.checked_add(f)
}

/// Reads the ASCII form written by [`Expr::to_ascii`] (the `O(…)` is optional).
///
/// ```
/// let e = algoscope_bigo::parse_ascii("O(n^2 + n log n)").unwrap();
/// assert_eq!(e.to_string(), "O(n²)");
/// ```
pub fn parse_ascii(text: &str) -> Result<Expr, ParseError> {
    let toks = tokenize(text)?;
    let mut p = Parser {
        toks,
        pos: 0,
        end: text.len(),
    };
    let wrapped = p.peek() == Some(&Tok::Name("O".to_string()));
    if wrapped {
        p.pos += 1;
        if !p.eat('(') {
            return p.err("expected `(`");
        }
    }
    let mut e = Expr::from_term(p.term()?);
    while p.eat('+') {
        e = e.add(&Expr::from_term(p.term()?));
    }
    if wrapped && !p.eat(')') {
        return p.err("expected `)`");
    }
    if p.peek().is_some() {
        return p.err("unexpected text after the expression");
    }
    Ok(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_textbook_ascii() {
        for s in [
            "O(n^2)",
            "O(n log n)",
            "O(V + E)",
            "O(n*m)",
            "O(2^n)",
            "O(n!)",
            "O(1)",
            "O(E log V)",
            "O(n^0.5)",
            "O(n*2^n)",
            "O(log^2 n)",
        ] {
            let e = parse_ascii(s).unwrap();
            assert_eq!(e.to_ascii(), s);
        }
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse_ascii("O(n^)").unwrap_err();
        assert_eq!(e.at, 4);
        assert!(parse_ascii("O(n").is_err());
        assert!(parse_ascii("O(n $ m)").is_err());
        assert!(parse_ascii("O(7)").is_err());
        assert!(parse_ascii("O(n^1.2345)").is_err());
    }
}
