//! A small safe evaluator for index expressions (`i - 1`, `(lo + hi) // 2`).
//!
//! Grammar: whole numbers, names, `+ - * // %`, unary minus, parentheses. Names are looked up
//! in a caller-given table of whole-number variables. Anything else (calls, attributes,
//! floats, overflow, division by zero) gives `None`. `//` and `%` floor, as Python does.

/// Evaluates `text` with `lookup` for names; `None` when it cannot be evaluated.
pub fn eval_index(text: &str, lookup: &dyn Fn(&str) -> Option<i64>) -> Option<i64> {
    let tokens = tokenize(text)?;
    let mut parser = Parser {
        tokens: &tokens,
        pos: 0,
        lookup,
        depth: 0,
    };
    let value = parser.expr()?;
    (parser.pos == tokens.len()).then_some(value)
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Num(i64),
    Name(String),
    Plus,
    Minus,
    Star,
    FloorDiv,
    Percent,
    Open,
    Close,
}

fn tokenize(text: &str) -> Option<Vec<Token>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' => i += 1,
            '0'..='9' => {
                let start = i;
                while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '_') {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().filter(|c| **c != '_').collect();
                out.push(Token::Num(digits.parse().ok()?));
            }
            c if c.is_alphabetic() || c == '_' || c == '$' => {
                let start = i;
                while i < chars.len()
                    && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '$')
                {
                    i += 1;
                }
                out.push(Token::Name(chars[start..i].iter().collect()));
            }
            '+' => {
                out.push(Token::Plus);
                i += 1;
            }
            '-' => {
                out.push(Token::Minus);
                i += 1;
            }
            '*' => {
                out.push(Token::Star);
                i += 1;
            }
            '%' => {
                out.push(Token::Percent);
                i += 1;
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                out.push(Token::FloorDiv);
                i += 2;
            }
            '(' => {
                out.push(Token::Open);
                i += 1;
            }
            ')' => {
                out.push(Token::Close);
                i += 1;
            }
            _ => return None,
        }
    }
    Some(out)
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    lookup: &'a dyn Fn(&str) -> Option<i64>,
    depth: u32,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn expr(&mut self) -> Option<i64> {
        let mut value = self.term()?;
        while let Some(op) = self.peek().cloned() {
            match op {
                Token::Plus => {
                    self.pos += 1;
                    value = value.checked_add(self.term()?)?;
                }
                Token::Minus => {
                    self.pos += 1;
                    value = value.checked_sub(self.term()?)?;
                }
                _ => break,
            }
        }
        Some(value)
    }

    fn term(&mut self) -> Option<i64> {
        let mut value = self.unary()?;
        while let Some(op) = self.peek().cloned() {
            match op {
                Token::Star => {
                    self.pos += 1;
                    value = value.checked_mul(self.unary()?)?;
                }
                Token::FloorDiv => {
                    self.pos += 1;
                    let d = self.unary()?;
                    value = floor_div(value, d)?;
                }
                Token::Percent => {
                    self.pos += 1;
                    let d = self.unary()?;
                    value = value.checked_sub(floor_div(value, d)?.checked_mul(d)?)?;
                }
                _ => break,
            }
        }
        Some(value)
    }

    fn unary(&mut self) -> Option<i64> {
        match self.peek() {
            Some(Token::Minus) => {
                self.pos += 1;
                self.guard(|p| p.unary())?.checked_neg()
            }
            Some(Token::Plus) => {
                self.pos += 1;
                self.guard(|p| p.unary())
            }
            _ => self.atom(),
        }
    }

    fn guard(&mut self, f: impl FnOnce(&mut Self) -> Option<i64>) -> Option<i64> {
        if self.depth > 64 {
            return None;
        }
        self.depth += 1;
        let v = f(self);
        self.depth -= 1;
        v
    }

    fn atom(&mut self) -> Option<i64> {
        let token = self.peek()?.clone();
        self.pos += 1;
        match token {
            Token::Num(n) => Some(n),
            Token::Name(name) => (self.lookup)(&name),
            Token::Open => {
                let v = self.guard(|p| p.expr())?;
                (self.peek() == Some(&Token::Close)).then_some(())?;
                self.pos += 1;
                Some(v)
            }
            _ => None,
        }
    }
}

fn floor_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}
