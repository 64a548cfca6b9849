//! Declaration specifiers: base types, `struct`/`union` and `enum` definitions, `typedef`s, and how
//! pointers and array sizes combine with them.

use super::*;

impl Parser<'_> {
    /// Whether `word` names a type here (a `typedef` name).
    pub(super) fn is_type_name(&self, word: &str) -> bool {
        self.typedefs.contains_key(word)
    }

    /// Declaration specifiers: storage words, qualifiers, and one type (`unsigned long`,
    /// `struct point`, a `typedef` name, …). `None` when no type starts here.
    pub(super) fn specifiers(&mut self) -> PResult<Option<Spec>> {
        let start = self.start();
        let (mut is_typedef, mut is_static, mut is_extern) = (false, false, false);
        let (mut signed, mut unsigned, mut short, mut long) = (false, false, false, 0u8);
        let mut base: Option<BaseType> = None;
        let mut named: Option<Type> = None;
        let mut any = false;
        loop {
            match self.peek().clone() {
                TokenKind::Type(b) => {
                    if base.is_some() || named.is_some() {
                        return Err(self.error_here(
                            "two types in one declaration".to_string(),
                            "a second type",
                        ));
                    }
                    base = Some(b);
                    self.bump();
                }
                TokenKind::Ident(word) => match word.as_str() {
                    w if quiet_word(w) => {
                        self.bump();
                    }
                    "_Complex" | "_Imaginary" => {
                        return Err(self.error_here(
                            format!("`{word}` is not supported by Rankscope's C"),
                            "use two `double`s (real and imaginary parts)",
                        ));
                    }
                    "static" | "extern" | "typedef" | "signed" | "unsigned" | "short" | "long" => {
                        match word.as_str() {
                            "static" => is_static = true,
                            "extern" => is_extern = true,
                            "typedef" => is_typedef = true,
                            "signed" => signed = true,
                            "unsigned" => unsigned = true,
                            "short" => short = true,
                            _ => long = long.saturating_add(1),
                        }
                        self.bump();
                    }
                    "float" | "_Bool" if base.is_none() && named.is_none() => {
                        base = Some(if word == "float" {
                            BaseType::Float
                        } else {
                            BaseType::Bool
                        });
                        self.bump();
                    }
                    "struct" | "union" if base.is_none() && named.is_none() => {
                        base = Some(BaseType::Record(self.record_spec()?));
                    }
                    "enum" if base.is_none() && named.is_none() => {
                        self.enum_spec()?;
                        base = Some(BaseType::Int);
                    }
                    w if base.is_none()
                        && named.is_none()
                        && !signed
                        && !unsigned
                        && !short
                        && long == 0
                        && self.is_type_name(w) =>
                    {
                        named = self.typedefs.get(w).cloned();
                        self.bump();
                    }
                    _ => break,
                },
                _ => break,
            }
            any = true;
        }
        if !any {
            return Ok(None);
        }
        let span = start..self.prev_end();
        let plain = |base| Type {
            base,
            pointers: 0,
            dims: Vec::new(),
        };
        let modified = signed || unsigned || short || long > 0;
        let ty = match (named, base) {
            (Some(t), _) => t,
            (None, b) => {
                let b = match b {
                    None if !modified => {
                        let found = self.peek().describe();
                        self.report(
                            Diagnostic::error(format!("expected a type, found {found}"), span)
                                .with_label("no type here")
                                .with_note("C needs a type such as `int` in every declaration"),
                        );
                        return Err(Fail);
                    }
                    None | Some(BaseType::Int) => {
                        if short {
                            BaseType::Short
                        } else if long > 0 {
                            BaseType::Long
                        } else {
                            BaseType::Int
                        }
                    }
                    Some(BaseType::Char) if !short && long == 0 => BaseType::Char,
                    Some(BaseType::Double) if long > 0 && !signed && !unsigned && !short => {
                        self.report(
                            Diagnostic::error(
                                "`long double` is not supported by Rankscope's C",
                                span,
                            )
                            .with_label("use `double`"),
                        );
                        return Err(Fail);
                    }
                    Some(b) if !modified => b,
                    Some(b) => {
                        self.report(
                            Diagnostic::error(
                                format!(
                                    "`{}` cannot be `signed`, `unsigned`, `short` or `long`",
                                    base_type_name(b)
                                ),
                                span,
                            )
                            .with_label("not a valid combination"),
                        );
                        return Err(Fail);
                    }
                };
                if unsigned {
                    plain(match b {
                        BaseType::Char => BaseType::UChar,
                        BaseType::Short => BaseType::UShort,
                        BaseType::Long => BaseType::ULong,
                        _ => BaseType::UInt,
                    })
                } else {
                    plain(b)
                }
            }
        };
        Ok(Some(Spec {
            ty,
            is_typedef,
            is_static,
            is_extern,
        }))
    }

    /// `struct tag`, `struct tag { members }` or `struct { members }` (the keyword is next);
    /// returns the record's index.
    pub(super) fn record_spec(&mut self) -> PResult<u32> {
        let kw = self.bump();
        let union = matches!(&kw.kind, TokenKind::Ident(w) if w == "union");
        let word = if union { "union" } else { "struct" };
        let tag = match self.peek().clone() {
            TokenKind::Ident(name) => {
                self.bump();
                Some(name)
            }
            _ => None,
        };
        if tag.is_none() && !self.at(Punct::LBrace) {
            return Err(self.expected_here(
                &format!("a name or `{{` after `{word}`"),
                "expected a tag or members",
            ));
        }
        let id = match tag.as_ref().and_then(|t| self.tags.get(t)) {
            Some(&id) => id,
            None => {
                let id = self.records.len() as u32;
                self.records.push(RecordDecl {
                    name: tag.clone().unwrap_or_else(|| "<anonymous>".into()),
                    union,
                    fields: None,
                    span: kw.span.start..self.prev_end(),
                });
                if let Some(t) = tag.clone() {
                    self.tags.insert(t, id);
                }
                id
            }
        };
        if self.records[id as usize].union != union {
            let other = if union { "struct" } else { "union" };
            return Err(self.error_here(
                format!(
                    "`{}` was declared as a {other}",
                    tag.clone().unwrap_or_default()
                ),
                "mixed struct and union",
            ));
        }
        if !self.at(Punct::LBrace) {
            return Ok(id);
        }
        let open = self.bump().span;
        // The same header included by another file defines it again: the same type if the
        // members are the same.
        let mut again_elsewhere = false;
        let unit = self.current_unit();
        if self.records[id as usize].fields.is_some() {
            if self.units.len() > 1 && self.record_units.get(&id).is_some_and(|&u| u != unit) {
                again_elsewhere = true;
            } else {
                let name = self.records[id as usize].keyword_name();
                self.report(
                    Diagnostic::error(format!("`{name}` is defined twice"), open.clone())
                        .with_label("defined again here"),
                );
            }
        }
        let mut fields: Vec<FieldDecl> = Vec::new();
        while !self.eat(Punct::RBrace) {
            if self.at_eof() {
                return Err(self.expected_here("`}` to close the members", "unclosed"));
            }
            let start = self.start();
            let Some(spec) = self.specifiers()? else {
                return Err(self.expected_here("a member type", "expected a type like `int`"));
            };
            loop {
                let pointers = self.stars();
                let (name, name_span, fixed) =
                    self.declarator_name(&spec.ty, pointers, "a member name")?;
                if self.at(Punct::Colon) {
                    return Err(self.error_here(
                        "bit-fields are not supported by Rankscope's C".to_string(),
                        "use a whole integer member",
                    ));
                }
                let ty = match fixed {
                    Some(t) => t,
                    None => {
                        let dims = self.dims(&name)?;
                        self.combine(&spec.ty, pointers, dims, &name_span)?
                    }
                };
                if fields.iter().any(|f| f.name == name) {
                    self.report(
                        Diagnostic::error(format!("two members are called `{name}`"), name_span)
                            .with_label("a second member by this name"),
                    );
                } else if ty.pointers == 0
                    && ty.dims.is_empty()
                    && matches!(ty.base, BaseType::Record(r) if r == id || self.records[r as usize].fields.is_none())
                {
                    self.report(
                        Diagnostic::error(
                            format!("the member `{name}` has an incomplete type"),
                            name_span,
                        )
                        .with_label("its struct is not defined yet")
                        .with_note("a struct can hold a pointer to itself, not itself"),
                    );
                } else {
                    fields.push(FieldDecl {
                        ty,
                        name,
                        span: start..self.prev_end(),
                    });
                }
                if !self.eat(Punct::Comma) {
                    break;
                }
            }
            self.expect(Punct::Semi, "after the member")?;
        }
        if fields.is_empty() {
            self.report(
                Diagnostic::error(format!("a {word} needs at least one member"), open.clone())
                    .with_label("empty"),
            );
        }
        let same = |a: &[FieldDecl], b: &[FieldDecl]| {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(x, y)| x.name == y.name && x.ty == y.ty)
        };
        if again_elsewhere {
            if !self.records[id as usize]
                .fields
                .as_deref()
                .is_some_and(|old| same(old, &fields))
            {
                let name = self.records[id as usize].keyword_name();
                self.report(
                    Diagnostic::error(
                        format!("`{name}` is defined differently in two files"),
                        open,
                    )
                    .with_label("members differ from the first definition")
                    .with_note("define it once, in a header both files include"),
                );
            }
            return Ok(id);
        }
        if tag.is_none() && id as usize + 1 == self.records.len() {
            // `typedef struct { … } point;` from a header another file included already.
            let earlier = (self.records[..id as usize].iter().enumerate()).position(|(i, r)| {
                r.name == "<anonymous>"
                    && r.union == union
                    && self
                        .record_units
                        .get(&(i as u32))
                        .is_some_and(|&u| u != unit)
                    && r.fields.as_deref().is_some_and(|old| same(old, &fields))
            });
            if let Some(earlier) = earlier {
                self.records.pop();
                return Ok(earlier as u32);
            }
        }
        self.records[id as usize].fields = Some(fields);
        self.record_units.insert(id, unit);
        Ok(id)
    }

    /// `enum tag`, `enum tag { A, B = 2 }`: defines the constants (the keyword is next).
    pub(super) fn enum_spec(&mut self) -> PResult<()> {
        self.bump();
        if let TokenKind::Ident(_) = self.peek() {
            self.bump();
        }
        if !self.eat(Punct::LBrace) {
            return Ok(());
        }
        let mut next = 0i64;
        while !self.eat(Punct::RBrace) {
            let (name, span) = self.name("an enumeration constant")?;
            if self.eat(Punct::Assign) {
                let e = self.expr()?;
                match const_int(&e, &self.records) {
                    Some(v) => next = v,
                    None => self.report(
                        Diagnostic::error(
                            format!("the value of `{name}` must be a constant integer"),
                            e.span.clone(),
                        )
                        .with_label("not a constant"),
                    ),
                }
            }
            let unit = self.current_unit();
            let again_elsewhere = self.units.len() > 1
                && self.enums.get(&name) == Some(&next)
                && self.enum_units.get(&name) != Some(&unit);
            self.enum_units.insert(name.clone(), unit);
            if self.enums.insert(name.clone(), next).is_some() && !again_elsewhere {
                self.report(
                    Diagnostic::error(format!("`{name}` is declared twice"), span)
                        .with_label("a second enumeration constant by this name"),
                );
            }
            next = next.wrapping_add(1);
            if !self.eat(Punct::Comma) {
                self.expect(Punct::RBrace, "to close the enumeration")?;
                break;
            }
        }
        Ok(())
    }

    /// The type of a declarator: the specifiers' type with `pointers` more levels and `dims`
    /// outside (a `typedef`'d array keeps its dimensions innermost).
    pub(super) fn combine(
        &mut self,
        base: &Type,
        pointers: u8,
        dims: Vec<u32>,
        at: &Span,
    ) -> PResult<Type> {
        if !base.dims.is_empty() && pointers > 0 {
            self.report(
                Diagnostic::error(
                    "a pointer to an array type is not supported by Rankscope's C",
                    at.clone(),
                )
                .with_label("pointer to a typedef'd array"),
            );
            return Err(Fail);
        }
        let mut all = dims;
        all.extend(base.dims.iter().copied());
        if all.len() > MAX_DIMS {
            self.report(
                Diagnostic::error(
                    format!("arrays have at most {MAX_DIMS} dimensions"),
                    at.clone(),
                )
                .with_label("too many dimensions"),
            );
            all.truncate(MAX_DIMS);
        }
        Ok(Type {
            base: base.base,
            pointers: base.pointers.saturating_add(pointers),
            dims: all,
        })
    }
}
