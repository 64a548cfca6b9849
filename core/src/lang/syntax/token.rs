//! Tokens of the MPI C subset: what the [lexer](crate::lang::syntax::lexer) produces and the
//! [parser](crate::lang::syntax::parser) consumes, each with the byte span of its source text.

use crate::libs::handles::HandleKind;
use std::fmt;

use crate::lang::syntax::ast::{BaseType, Span};

/// One token: its kind and where it came from. Tokens from a macro's body carry the span of the
/// macro's use (`N`, or `MAX(a, b)` from the name to the `)`); tokens from a macro's arguments
/// keep their own spans.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its source text (or the macro use it was expanded from).
    pub span: Span,
    /// How a number literal was written (default for every other token). A macro's tokens carry
    /// the span of its use, so this is the only record of `10UL` or `1.5f` being typed so.
    pub literal: LiteralForm,
}

impl Token {
    /// A token that is not a number literal with a suffix.
    pub fn new(kind: TokenKind, span: Span) -> Token {
        Token {
            kind,
            span,
            literal: LiteralForm::default(),
        }
    }
}

/// How a number literal was written, beyond its value: what C's typing of literals needs
/// (C99 6.4.4.1: a decimal literal without `u` takes the first of `int`, `long`, `long long` that
/// holds it; a hexadecimal or octal one may also take the unsigned types).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct LiteralForm {
    /// A `u`/`U` suffix.
    pub unsigned: bool,
    /// How many `l`/`L`: 0, 1 (`long`) or 2 (`long long`; on a floating literal 1 means
    /// `long double`).
    pub longs: u8,
    /// An `f`/`F` suffix on a floating literal (`float`).
    pub float: bool,
    /// Written in decimal (not `0x…` nor octal `0…`).
    pub decimal: bool,
}

impl LiteralForm {
    /// The form of a literal with `suffix` (`""`, `"UL"`, `"f"`, …), or `None` if C has no such
    /// suffix.
    pub fn parse(suffix: &str, floating: bool, decimal: bool) -> Option<LiteralForm> {
        let mut form = LiteralForm {
            decimal,
            ..LiteralForm::default()
        };
        if floating {
            match suffix {
                "" => {}
                "f" | "F" => form.float = true,
                "l" | "L" => form.longs = 1,
                _ => return None,
            }
            return Some(form);
        }
        let longs = |s: &str| match s {
            "" => Some(0),
            "l" | "L" => Some(1),
            "ll" | "LL" => Some(2),
            _ => None,
        };
        let (u, rest) = match suffix.strip_prefix(['u', 'U']) {
            Some(rest) => (true, rest),
            None => match suffix.strip_suffix(['u', 'U']) {
                Some(rest) => (true, rest),
                None => (false, suffix),
            },
        };
        form.unsigned = u;
        form.longs = longs(rest)?;
        Some(form)
    }
}

/// The kinds of tokens.
#[derive(Clone, Debug, PartialEq)]
pub enum TokenKind {
    /// An integer literal, already converted (decimal, hex or octal).
    Int(i64),
    /// A floating-point literal.
    Float(f64),
    /// A character literal, escapes decoded.
    Char(u8),
    /// A string literal, escapes decoded.
    Str(String),
    /// An identifier that is not a keyword (`NULL` and `MPI_INT` are identifiers).
    Ident(String),
    /// A type name: `int`, `double`, `char`, `void` and the MPI handle types.
    Type(BaseType),
    /// `if`.
    If,
    /// `else`.
    Else,
    /// `while`.
    While,
    /// `do`.
    Do,
    /// `for`.
    For,
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return`.
    Return,
    /// `sizeof`.
    Sizeof,
    /// Punctuation and operators.
    Punct(Punct),
    /// The end of the input (always the last token).
    Eof,
}

/// Punctuation and operators, longest match first when lexing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Punct {
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `;`
    Semi,
    /// `,`
    Comma,
    /// `.`
    Dot,
    /// `->` (not supported; lexed for a clear message)
    Arrow,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `=`
    Assign,
    /// `+=`
    AddAssign,
    /// `-=`
    SubAssign,
    /// `*=`
    MulAssign,
    /// `/=`
    DivAssign,
    /// `%=`
    RemAssign,
    /// `<<=`
    ShlAssign,
    /// `>>=`
    ShrAssign,
    /// `&=`
    AndAssign,
    /// `|=`
    OrAssign,
    /// `^=`
    XorAssign,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `%`
    Percent,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `&`
    Amp,
    /// `|`
    Pipe,
    /// `^`
    Caret,
    /// `~`
    Tilde,
    /// `!`
    Bang,
    /// `&&`
    AndAnd,
    /// `||`
    OrOr,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    EqEq,
    /// `!=`
    Ne,
    /// `++`
    PlusPlus,
    /// `--`
    MinusMinus,
}

impl Punct {
    /// Every punctuator with its spelling, longest spellings first (the lexer's match order).
    pub const ALL: &'static [(&'static str, Punct)] = &[
        ("<<=", Punct::ShlAssign),
        (">>=", Punct::ShrAssign),
        ("->", Punct::Arrow),
        ("+=", Punct::AddAssign),
        ("-=", Punct::SubAssign),
        ("*=", Punct::MulAssign),
        ("/=", Punct::DivAssign),
        ("%=", Punct::RemAssign),
        ("&=", Punct::AndAssign),
        ("|=", Punct::OrAssign),
        ("^=", Punct::XorAssign),
        ("<<", Punct::Shl),
        (">>", Punct::Shr),
        ("&&", Punct::AndAnd),
        ("||", Punct::OrOr),
        ("<=", Punct::Le),
        (">=", Punct::Ge),
        ("==", Punct::EqEq),
        ("!=", Punct::Ne),
        ("++", Punct::PlusPlus),
        ("--", Punct::MinusMinus),
        ("(", Punct::LParen),
        (")", Punct::RParen),
        ("{", Punct::LBrace),
        ("}", Punct::RBrace),
        ("[", Punct::LBracket),
        ("]", Punct::RBracket),
        (";", Punct::Semi),
        (",", Punct::Comma),
        (".", Punct::Dot),
        ("?", Punct::Question),
        (":", Punct::Colon),
        ("=", Punct::Assign),
        ("+", Punct::Plus),
        ("-", Punct::Minus),
        ("*", Punct::Star),
        ("/", Punct::Slash),
        ("%", Punct::Percent),
        ("&", Punct::Amp),
        ("|", Punct::Pipe),
        ("^", Punct::Caret),
        ("~", Punct::Tilde),
        ("!", Punct::Bang),
        ("<", Punct::Lt),
        (">", Punct::Gt),
    ];

    /// How it is written.
    pub fn text(self) -> &'static str {
        Punct::ALL
            .iter()
            .find(|(_, p)| *p == self)
            .map_or("?", |(s, _)| s)
    }
}

impl fmt::Display for Punct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The C spelling of a base type (`int`, `MPI_Status`, …).
pub fn base_type_name(base: BaseType) -> &'static str {
    match base {
        BaseType::Void => "void",
        BaseType::Bool => "_Bool",
        BaseType::Char => "char",
        BaseType::UChar => "unsigned char",
        BaseType::Short => "short",
        BaseType::UShort => "unsigned short",
        BaseType::Int => "int",
        BaseType::UInt => "unsigned int",
        BaseType::Long => "long",
        BaseType::ULong => "unsigned long",
        BaseType::Float => "float",
        BaseType::Double => "double",
        BaseType::Record(_) => "struct",
        BaseType::Func(_) => "function",
        BaseType::Handle(kind) => kind.c_name(),
    }
}

/// The token kind of a keyword or type name, if `word` is one.
pub fn keyword(word: &str) -> Option<TokenKind> {
    if let Some(kind) = HandleKind::named(word) {
        return Some(TokenKind::Type(BaseType::Handle(kind)));
    }
    Some(match word {
        "int" => TokenKind::Type(BaseType::Int),
        "double" => TokenKind::Type(BaseType::Double),
        "char" => TokenKind::Type(BaseType::Char),
        "void" => TokenKind::Type(BaseType::Void),
        "if" => TokenKind::If,
        "else" => TokenKind::Else,
        "while" => TokenKind::While,
        "do" => TokenKind::Do,
        "for" => TokenKind::For,
        "break" => TokenKind::Break,
        "continue" => TokenKind::Continue,
        "return" => TokenKind::Return,
        "sizeof" => TokenKind::Sizeof,
        _ => return None,
    })
}

impl TokenKind {
    /// A short description for messages: "`;`", "identifier `x`", "end of file", …
    pub fn describe(&self) -> String {
        match self {
            TokenKind::Int(v) => format!("number `{v}`"),
            TokenKind::Float(v) => format!("number `{v}`"),
            TokenKind::Char(_) => "a character literal".to_string(),
            TokenKind::Str(_) => "a string literal".to_string(),
            TokenKind::Ident(name) => format!("identifier `{name}`"),
            TokenKind::Type(base) => format!("type `{}`", base_type_name(*base)),
            TokenKind::Punct(p) => format!("`{p}`"),
            TokenKind::Eof => "end of file".to_string(),
            TokenKind::If => "keyword `if`".to_string(),
            TokenKind::Else => "keyword `else`".to_string(),
            TokenKind::While => "keyword `while`".to_string(),
            TokenKind::Do => "keyword `do`".to_string(),
            TokenKind::For => "keyword `for`".to_string(),
            TokenKind::Break => "keyword `break`".to_string(),
            TokenKind::Continue => "keyword `continue`".to_string(),
            TokenKind::Return => "keyword `return`".to_string(),
            TokenKind::Sizeof => "keyword `sizeof`".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn punct_spellings_round_trip() {
        for (text, p) in Punct::ALL {
            assert_eq!(p.text(), *text);
        }
        // Longest first: no spelling is preceded by one of its own prefixes.
        for (i, (a, _)) in Punct::ALL.iter().enumerate() {
            for (b, _) in &Punct::ALL[..i] {
                assert!(!a.starts_with(b) || a == b, "{b} before {a}");
            }
        }
    }

    #[test]
    fn keywords_and_descriptions() {
        assert_eq!(keyword("int"), Some(TokenKind::Type(BaseType::Int)));
        assert_eq!(keyword("main"), None);
        assert_eq!(TokenKind::Punct(Punct::Semi).describe(), "`;`");
        assert_eq!(TokenKind::Eof.describe(), "end of file");
    }

    #[test]
    fn literal_suffixes() {
        let f = |s, fl| LiteralForm::parse(s, fl, true).map(|f| (f.unsigned, f.longs, f.float));
        assert_eq!(f("", false), Some((false, 0, false)));
        assert_eq!(f("UL", false), Some((true, 1, false)));
        assert_eq!(f("llu", false), Some((true, 2, false)));
        assert_eq!(f("uLL", false), Some((true, 2, false)));
        assert_eq!(f("lL", false), None);
        assert_eq!(f("uu", false), None);
        assert_eq!(f("lul", false), None);
        assert_eq!(f("f", true), Some((false, 0, true)));
        assert_eq!(f("L", true), Some((false, 1, false)));
        assert_eq!(f("u", true), None);
    }
}
