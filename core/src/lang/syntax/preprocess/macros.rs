//! Macros: parsing a `#define`, invoking an object-like or function-like macro (arguments, hide
//! sets), substituting parameters, `#` stringizing and `##` pasting.

use super::*;

/// Parses the rest of a `#define` line after the directive name: the macro, or the error.
pub(super) fn parse_define(sc: &mut Scanner<'_>, hash: usize) -> Result<Macro, Diagnostic> {
    sc.skip_trivia(true);
    let Some((name, name_span)) = sc.ident() else {
        let at = sc.pos;
        let end = at + usize::from(!sc.at_line_end());
        return Err(
            Diagnostic::error("expected a macro name after `#define`", at..end)
                .with_label("write `#define NAME value`"),
        );
    };
    if name == "defined" {
        return Err(
            Diagnostic::error("`defined` cannot be a macro name", name_span)
                .with_label("the preprocessor's operator"),
        );
    }
    let mut kind = MacroKind::Object;
    if sc.peek() == Some(b'(') {
        sc.pos += 1;
        let mut params: Vec<Rc<str>> = Vec::new();
        let mut variadic = false;
        let open = sc.pos - 1;
        loop {
            sc.skip_trivia(true);
            if params.is_empty() && sc.peek() == Some(b')') {
                sc.pos += 1;
                break;
            }
            let at = sc.pos;
            if sc.src[at..].starts_with("...") {
                sc.pos += 3;
                variadic = true;
                params.push("__VA_ARGS__".into());
            } else if let Some((p, span)) = sc.ident() {
                if params.iter().any(|q| **q == *p) {
                    return Err(Diagnostic::error(
                        format!("the parameter `{p}` appears twice in macro `{name}`"),
                        span,
                    )
                    .with_label("a second parameter of this name"));
                }
                params.push(p.into());
            } else {
                return Err(Diagnostic::error(
                    format!("expected a parameter name in macro `{name}`"),
                    open..at.max(open + 1),
                )
                .with_label("parameters are names separated by commas"));
            }
            sc.skip_trivia(true);
            match sc.peek() {
                Some(b')') => {
                    sc.pos += 1;
                    break;
                }
                Some(b',') if !variadic => sc.pos += 1,
                _ => {
                    let label = if variadic {
                        "`...` must be the last parameter"
                    } else {
                        "expected `,` or `)`"
                    };
                    return Err(Diagnostic::error(
                        format!("the parameter list of macro `{name}` is not closed"),
                        hash..sc.pos.max(hash + 1),
                    )
                    .with_label(label));
                }
            }
        }
        kind = MacroKind::Function { params, variadic };
    }
    let toks = line_tokens(sc);
    let params: &[Rc<str>] = match &kind {
        MacroKind::Function { params, .. } => params,
        _ => &[],
    };
    let body: Vec<BodyTok> = toks
        .into_iter()
        .map(|tok| {
            let param = tok
                .word()
                .and_then(|w| params.iter().position(|p| **p == *w));
            BodyTok { tok, param }
        })
        .collect();
    for (i, b) in body.iter().enumerate() {
        let is_fn = matches!(kind, MacroKind::Function { .. });
        if is_fn && b.tok.kind == PpKind::Hash && body.get(i + 1).is_none_or(|n| n.param.is_none())
        {
            return Err(Diagnostic::error(
                format!("`#` in macro `{name}` must be followed by a parameter name"),
                b.tok.span.clone(),
            )
            .with_label("`#x` makes a string of the argument `x`"));
        }
        if b.tok.kind == PpKind::HashHash && (i == 0 || i + 1 == body.len()) {
            return Err(Diagnostic::error(
                format!("`##` cannot be at either end of macro `{name}`"),
                b.tok.span.clone(),
            )
            .with_label("`##` joins the tokens on its two sides"));
        }
    }
    Ok(Macro {
        name: name.into(),
        kind,
        body,
    })
}

impl Pp<'_> {
    /// The replacement of the use of `m` at `t`, or `None` when `t` is not a use after all (a
    /// function-like macro's name without `(`).
    pub(super) fn invoke(
        &mut self,
        t: &PpTok,
        m: &Rc<Macro>,
        input: &mut Input,
        depth: usize,
    ) -> Option<Vec<PpTok>> {
        let special = |kind, text: String| {
            Some(vec![PpTok {
                kind: PpKind::C(kind),
                literal: LiteralForm {
                    decimal: true,
                    ..LiteralForm::default()
                },
                span: t.span.clone(),
                text: text.into(),
                space: t.space,
                hide: None,
            }])
        };
        let (params, variadic) = match &m.kind {
            MacroKind::Object => {
                let hide = hide_meet_with(&t.hide, &t.hide, &m.name);
                return Some(self.substitute(m, &[], t.span.clone(), t.space, &hide, depth));
            }
            MacroKind::Line => {
                let line = self.map.locate(t.span.start).1.line;
                return special(TokenKind::Int(line as i64), line.to_string());
            }
            MacroKind::File => {
                let file = self.map.locate(t.span.start).0;
                let quoted = format!("\"{}\"", escape(file));
                return special(TokenKind::Str(file.to_string()), quoted);
            }
            MacroKind::Function { params, variadic } => (params, *variadic),
        };
        match self.next(input) {
            Some(open) if open.is_punct(Punct::LParen) => {}
            other => {
                input.stack.extend(other);
                return None;
            }
        }
        let mut args: Vec<Vec<PpTok>> = vec![Vec::new()];
        let mut level = 0usize;
        let close = loop {
            let Some(a) = self.next(input) else {
                self.diags.push(
                    Diagnostic::error(
                        format!("the arguments of macro `{}` are never closed", m.name),
                        t.span.clone(),
                    )
                    .with_label("this macro's `(` has no matching `)`"),
                );
                return Some(Vec::new());
            };
            if a.is_punct(Punct::LParen) {
                level += 1;
            } else if a.is_punct(Punct::RParen) {
                if level == 0 {
                    break a;
                }
                level -= 1;
            } else if level == 0
                && a.is_punct(Punct::Comma)
                && !(variadic && args.len() == params.len())
            {
                args.push(Vec::new());
                continue;
            }
            if let Some(last) = args.last_mut() {
                last.push(a);
            }
        };
        let span = t.span.start.min(close.span.start)..t.span.end.max(close.span.end);
        if params.is_empty() && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if variadic && args.len() + 1 == params.len() {
            args.push(Vec::new());
        }
        if args.len() != params.len() {
            let named = params.len() - usize::from(variadic);
            let wanted = match (named, variadic) {
                (1, false) => "1 argument".to_string(),
                (n, false) => format!("{n} arguments"),
                (n, true) => format!("at least {n} argument{}", if n == 1 { "" } else { "s" }),
            };
            let given = match args.len() {
                1 => "1 was given".to_string(),
                n => format!("{n} were given"),
            };
            self.diags.push(
                Diagnostic::error(
                    format!("macro `{}` takes {wanted}, but {given}", m.name),
                    span,
                )
                .with_label(format!(
                    "`{}({})`",
                    m.name,
                    params
                        .iter()
                        .map(|p| if &**p == "__VA_ARGS__" { "..." } else { p })
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
            return Some(Vec::new());
        }
        let hide = hide_meet_with(&t.hide, &close.hide, &m.name);
        Some(self.substitute(m, &args, span, t.space, &hide, depth))
    }

    /// The body of `m` with `args` substituted, `#` and `##` applied, every token hidden from
    /// `hide`; body tokens get `span`.
    pub(super) fn substitute(
        &mut self,
        m: &Macro,
        args: &[Vec<PpTok>],
        span: Span,
        space: bool,
        hide: &HideSet,
        depth: usize,
    ) -> Vec<PpTok> {
        let mut expanded: Vec<Option<Vec<PpTok>>> = vec![None; args.len()];
        let mut out: Vec<PpTok> = Vec::new();
        let mut last_len = 0usize;
        let mut paste = false;
        let is_fn = matches!(m.kind, MacroKind::Function { .. });
        // The index of `__VA_ARGS__` among the parameters, for a variadic macro.
        let va_param = match &m.kind {
            MacroKind::Function {
                params,
                variadic: true,
            } => params.len().checked_sub(1),
            _ => None,
        };
        let body = &m.body;
        let mut i = 0;
        while i < body.len() {
            let b = &body[i];
            let mut operand: Vec<PpTok> = if is_fn && b.tok.kind == PpKind::Hash {
                let p = body.get(i + 1).and_then(|n| n.param).unwrap_or(0);
                i += 2;
                let s = self.stringize(args.get(p).map_or(&[][..], |a| a), &span, b.tok.space);
                vec![s]
            } else if b.tok.kind == PpKind::HashHash {
                paste = true;
                i += 1;
                continue;
            } else if let Some(p) = b.param {
                let raw = paste
                    || body
                        .get(i + 1)
                        .is_some_and(|n| n.tok.kind == PpKind::HashHash);
                i += 1;
                let arg = args.get(p).cloned().unwrap_or_default();
                if raw {
                    arg
                } else {
                    match &expanded[p] {
                        Some(e) => e.clone(),
                        None => {
                            let e = self.expand_list(arg, depth + 1);
                            expanded[p] = Some(e.clone());
                            e
                        }
                    }
                }
            } else {
                i += 1;
                let mut tok = b.tok.clone();
                tok.span = span.clone();
                vec![tok]
            };
            if let Some(first) = operand.first_mut() {
                first.space = b.tok.space;
            }
            let mut pasted = 0;
            if paste
                && b.param.is_some()
                && b.param == va_param
                && out.last().is_some_and(|t| &*t.text == ",")
            {
                // GNU C's `, ## __VA_ARGS__`: no further arguments drop the comma; otherwise
                // the comma stays and the arguments follow it, nothing pasted.
                paste = false;
                if operand.is_empty() {
                    out.pop();
                }
                last_len = operand.len();
                out.extend(operand);
                continue;
            }
            if paste {
                paste = false;
                if operand.is_empty() {
                    continue;
                }
                if last_len > 0 {
                    if let Some(left) = out.pop() {
                        let right = operand.remove(0);
                        let joined = self.paste(left, right, &span);
                        pasted = joined.len();
                        out.extend(joined);
                    }
                }
            }
            // What the next `##` joins to: the pasted token counts (`a ## b ## c`).
            last_len = pasted + operand.len();
            out.extend(operand);
        }
        if let Some(first) = out.first_mut() {
            first.space = space;
        }
        for tok in &mut out {
            tok.hide = hide_union(&tok.hide, hide);
        }
        if !self.spend(1 + out.len(), &span) {
            return Vec::new();
        }
        out
    }

    /// `#arg`: the argument's spelling as a string literal.
    pub(super) fn stringize(&mut self, arg: &[PpTok], span: &Span, space: bool) -> PpTok {
        let mut value = String::new();
        for (i, t) in arg.iter().enumerate() {
            if i > 0 && t.space {
                value.push(' ');
            }
            value.push_str(&t.text);
        }
        self.spend(value.len(), span);
        let text = format!("\"{}\"", escape(&value));
        PpTok {
            kind: PpKind::C(TokenKind::Str(value)),
            literal: LiteralForm::default(),
            span: span.clone(),
            text: text.into(),
            space,
            hide: None,
        }
    }

    /// `left ## right`: one token spelled as both together, or both unchanged after an error.
    pub(super) fn paste(&mut self, left: PpTok, right: PpTok, span: &Span) -> Vec<PpTok> {
        let text = format!("{}{}", left.text, right.text);
        self.spend(text.len(), span);
        let kind = match text.as_str() {
            "#" => Some((PpKind::Hash, LiteralForm::default())),
            "##" => Some((PpKind::HashHash, LiteralForm::default())),
            _ => {
                let mut sc = Scanner::new(&text);
                let tok = sc.token();
                match tok {
                    Some(tok) if sc.pos == text.len() && sc.diags.is_empty() => {
                        Some((PpKind::C(tok.kind), tok.literal))
                    }
                    _ => None,
                }
            }
        };
        match kind {
            Some((kind, literal)) => vec![PpTok {
                kind,
                literal,
                span: span.clone(),
                text: text.into(),
                space: left.space,
                hide: None,
            }],
            None => {
                self.error(
                    format!(
                        "pasting `{}` and `{}` does not give a valid token",
                        left.text, right.text
                    ),
                    span.clone(),
                    "in this macro's `##`",
                );
                vec![left, right]
            }
        }
    }
}
