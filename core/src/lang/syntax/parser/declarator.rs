//! Declarators and top-level items: names, function parameters, array dimensions, declarator lists
//! with their initializers, function definitions.

use super::*;

impl Parser<'_> {
    /// Whether the current token starts a declaration.
    pub(super) fn at_decl_start(&self) -> bool {
        match self.peek() {
            TokenKind::Type(_) => true,
            TokenKind::Ident(w) => {
                specifier_word(w)
                    || (self.is_type_name(w)
                        && !matches!(
                            self.peek_at(1),
                            TokenKind::Punct(
                                Punct::Assign | Punct::LParen | Punct::Dot | Punct::Arrow
                            )
                        ))
            }
            _ => false,
        }
    }

    pub(super) fn stars(&mut self) -> u8 {
        let mut n: u8 = 0;
        while self.eat(Punct::Star) {
            n = n.saturating_add(1);
        }
        n
    }

    pub(super) fn name(&mut self, what: &str) -> PResult<(String, Span)> {
        if let TokenKind::Ident(name) = self.peek().clone() {
            let span = self.bump().span;
            return Ok((name, span));
        }
        let found = self.peek().describe();
        Err(self.error_here(
            format!("expected {what}, found {found}"),
            "expected a name here",
        ))
    }

    pub(super) fn item(&mut self) -> PResult<Option<Item>> {
        let start = self.start();
        if let TokenKind::Ident(w) = self.peek() {
            if let Some(advice) = unsupported_word(w) {
                return Err(
                    self.error_here(format!("`{w}` is not supported by Rankscope's C"), advice)
                );
            }
        }
        let spec = match self.specifiers()? {
            Some(spec) => spec,
            None => {
                if let (TokenKind::Ident(name), TokenKind::Punct(Punct::LParen)) =
                    (self.peek().clone(), self.peek_at(1))
                {
                    // A function without a result type: report, assume `int`, parse it.
                    let span = self.span();
                    self.report(
                        Diagnostic::error(
                            format!("expected a result type before the function `{name}`"),
                            span,
                        )
                        .with_label("add a type, like `int`")
                        .with_note(if name == "main" {
                            "write `int main(…)`".to_string()
                        } else {
                            format!("write `int {name}(…)` or `void {name}(…)`")
                        }),
                    );
                    Spec {
                        ty: Type {
                            base: BaseType::Int,
                            pointers: 0,
                            dims: Vec::new(),
                        },
                        is_typedef: false,
                        is_static: false,
                        is_extern: false,
                    }
                } else if self.at(Punct::RBrace) {
                    return Err(self.error_here(
                        "unexpected `}` outside of any function".to_string(),
                        "nothing to close here",
                    ));
                } else {
                    let found = self.peek().describe();
                    return Err(self.error_here(
                        format!("expected a declaration or a function, found {found}"),
                        "expected a type like `int` here",
                    ));
                }
            }
        };
        if self.eat(Punct::Semi) {
            return Ok(None); // `struct s { … };` or `enum { … };`
        }
        let pointers = self.stars();
        let (name, name_span, fixed) =
            self.declarator_name(&spec.ty, pointers, "a name after the type")?;
        if fixed.is_none() && self.at(Punct::LParen) {
            let params = self.params(&name)?;
            let variadic = self.variadic;
            if self.eat(Punct::Semi) || spec.is_typedef {
                if spec.is_static {
                    self.static_protos.insert(name);
                }
                return Ok(None); // a prototype
            }
            if !self.at(Punct::LBrace) {
                let found = self.peek().describe();
                return Err(self.error_here(
                    format!("expected `{{` to start the body of `{name}`, found {found}"),
                    "expected `{` here",
                ));
            }
            let ret = self.combine(&spec.ty, pointers, Vec::new(), &name_span)?;
            let body = self.block()?;
            let span = start..body.span.end;
            let is_static = spec.is_static || self.static_protos.contains(&name);
            return Ok(Some(Item::Function(Function {
                ret,
                name,
                name_span,
                params,
                variadic,
                body,
                span,
                is_static,
            })));
        }
        let decls = self.declarators(&spec, start, pointers, (name, name_span, fixed))?;
        self.expect_semi(SemiAfter::Decl)?;
        if spec.is_typedef || decls.is_empty() {
            return Ok(None);
        }
        Ok(Some(Item::Globals(decls)))
    }

    /// A declarator's name, after its `*`s: `name`, or a function pointer `(*name[N])(params)`
    /// whose complete type is returned too (its result is `ret` with `pointers` more levels).
    pub(super) fn declarator_name(
        &mut self,
        ret: &Type,
        pointers: u8,
        what: &str,
    ) -> PResult<(String, Span, Option<Type>)> {
        if !(self.at(Punct::LParen) && *self.peek_at(1) == TokenKind::Punct(Punct::Star)) {
            let (name, span) = self.name(what)?;
            return Ok((name, span, None));
        }
        self.bump();
        self.bump();
        if self.at(Punct::Star) {
            return Err(self.error_here(
                "pointers to function pointers are not supported by Rankscope's C".to_string(),
                "one `*` only",
            ));
        }
        let (name, span) = match self.peek().clone() {
            TokenKind::Ident(name) => {
                let span = self.bump().span;
                (name, span)
            }
            _ => (String::new(), self.span()),
        };
        let dims = self.dims(&name)?;
        self.expect(Punct::RParen, "to close the function pointer's name")?;
        let params = self.params(&name)?;
        if self.variadic {
            self.report(
                Diagnostic::error(
                    "a pointer to a function taking `...` is not supported by Rankscope's C",
                    span.clone(),
                )
                .with_label("a variadic function pointer")
                .with_note("call the variadic function by its name"),
            );
            return Err(Fail);
        }
        let ret = self.combine(ret, pointers, Vec::new(), &span)?;
        let id = self.signatures.len() as u32;
        self.signatures.push(FnSig {
            ret,
            params: params.into_iter().map(|p| p.ty).collect(),
        });
        let ty = Type {
            base: BaseType::Func(id),
            pointers: 1,
            dims,
        };
        Ok((name, span, Some(ty)))
    }

    /// A parameter list; [`Parser::variadic`] tells whether it ended with `...`.
    pub(super) fn params(&mut self, func: &str) -> PResult<Vec<Param>> {
        self.variadic = false;
        self.expect(Punct::LParen, "")?;
        let mut params = Vec::new();
        if self.eat(Punct::RParen) {
            return Ok(params);
        }
        if *self.peek() == TokenKind::Type(BaseType::Void)
            && *self.peek_at(1) == TokenKind::Punct(Punct::RParen)
        {
            self.bump();
            self.bump();
            return Ok(params);
        }
        loop {
            let start = self.start();
            if self.at(Punct::Dot) && *self.peek_at(1) == TokenKind::Punct(Punct::Dot) {
                // `, ...)`: the function takes more arguments (`<stdarg.h>` reads them).
                let dots = self.span();
                for _ in 0..3 {
                    if !self.eat(Punct::Dot) {
                        return Err(self.error_here(
                            "expected `...` (three dots) for more arguments".to_string(),
                            "write `...`",
                        ));
                    }
                }
                if params.is_empty() {
                    self.report(
                        Diagnostic::error(
                            format!("`{func}` needs a named parameter before `...`"),
                            dots.start..self.prev_end(),
                        )
                        .with_label("C needs one to find the rest (`va_start(ap, last)`)")
                        .with_note(format!("write `int {func}(int n, ...)`")),
                    );
                    return Err(Fail);
                }
                self.expect(Punct::RParen, "after `...`: it comes last")?;
                self.variadic = true;
                return Ok(params);
            }
            let Some(spec) = self.specifiers()? else {
                let found = self.peek().describe();
                return Err(self.error_here(
                    format!("expected a parameter type in `{func}`, found {found}"),
                    "expected a type like `int` here",
                ));
            };
            let mut pointers = self.stars();
            if self.at(Punct::LParen) && *self.peek_at(1) == TokenKind::Punct(Punct::Star) {
                let (name, _, fixed) = self.declarator_name(&spec.ty, pointers, "a name")?;
                params.push(Param {
                    id: self.id(),
                    ty: fixed.unwrap_or_else(|| spec.ty.clone()),
                    name,
                    span: start..self.prev_end(),
                    vla: Vec::new(),
                });
                if self.eat(Punct::Comma) {
                    continue;
                }
                self.expect(Punct::RParen, &format!("after the parameters of `{func}`"))?;
                return Ok(params);
            }
            // A prototype may leave parameters unnamed (`int f(int, double *);`).
            let name = match self.peek().clone() {
                TokenKind::Ident(name) => {
                    self.bump();
                    name
                }
                _ => String::new(),
            };
            // `a[]` and `a[N]` are pointers; further dimensions stay (`double m[][4]`).
            let mut dims = Vec::new();
            let mut vla = Vec::new();
            let mut first = true;
            while self.at(Punct::LBracket) {
                let open = self.bump().span;
                let size = if self.at(Punct::RBracket) {
                    None
                } else {
                    Some(self.full_expr()?)
                };
                self.expect(Punct::RBracket, "to close the array parameter")?;
                if first {
                    pointers = pointers.saturating_add(1);
                    first = false;
                    continue;
                }
                let value = size.as_ref().map(|e| const_int(e, &self.records));
                match (value, size) {
                    (Some(Some(v)), _) if v > 0 && v <= i64::from(u32::MAX) => dims.push(v as u32),
                    // `int a[n][m]`: a variable-length array parameter, `m` known at the call.
                    (Some(None), Some(e)) => {
                        vla.push((dims.len() + 1, e));
                        dims.push(0);
                    }
                    _ => {
                        self.report(
                            Diagnostic::error(
                                "the inner sizes of an array parameter must be positive constants",
                                open.start..self.prev_end(),
                            )
                            .with_label("write a size here"),
                        );
                        return Err(Fail);
                    }
                }
            }
            let at = start..self.prev_end();
            let mut ty = self.combine(&spec.ty, 0, Vec::new(), &at)?;
            if dims.is_empty() {
                ty.pointers = ty.pointers.saturating_add(pointers);
            } else {
                // `double m[][4]` (or `m[3][4]`): a pointer to rows of 4, kept as the array
                // type whose first dimension decays (`Ty::of_param`).
                ty.pointers = ty.pointers.saturating_add(pointers - 1);
                ty.dims = std::iter::once(1).chain(dims).collect();
            }
            params.push(Param {
                id: self.id(),
                ty,
                name,
                span: at,
                vla,
            });
            if self.eat(Punct::Comma) {
                continue;
            }
            self.expect(Punct::RParen, &format!("after the parameters of `{func}`"))?;
            return Ok(params);
        }
    }

    /// Array sizes after a declarator's name: `[N]` each, or `[]` (a size taken from the
    /// initializer, first dimension only).
    ///
    /// With `vla` (a local that may be a variable-length array), a size that is no constant is
    /// kept there (its dimension's index and expression) and its dimension is 0; a `global`
    /// array's variable size is reported with C's fix (`#define` or `enum`).
    pub(super) fn dim_sizes(
        &mut self,
        name: &str,
        mut vla: Option<&mut Vec<(usize, Expr)>>,
        global: bool,
    ) -> PResult<Vec<(Option<u32>, Span)>> {
        let mut sizes = Vec::new();
        while self.at(Punct::LBracket) {
            let open = self.bump().span;
            if self.eat(Punct::RBracket) {
                sizes.push((None, open.start..self.prev_end()));
                continue;
            }
            let size = self.full_expr()?;
            self.expect(Punct::RBracket, "after the array size")?;
            let span = open.start..self.prev_end();
            let value = match const_int(&size, &self.records) {
                None if vla.is_some() => {
                    if let Some(v) = vla.as_mut() {
                        v.push((sizes.len(), size));
                    }
                    0
                }
                None if global => {
                    let fix = match &size.kind {
                        ExprKind::Ident(n) => format!(
                            "write `#define {n} …` or `enum {{ {n} = … }};` instead of a `const` variable"
                        ),
                        _ => "write a number, a `#define` constant or an `enum` constant".to_string(),
                    };
                    self.report(
                        Diagnostic::error(
                            format!("the size of the global array `{name}` must be a constant"),
                            size.span.clone(),
                        )
                        .with_label("not a constant: only arrays inside a function may have a variable size")
                        .with_note(fix),
                    );
                    1
                }
                None => {
                    self.report(
                        Diagnostic::error(
                            format!("the size of array `{name}` must be a constant integer"),
                            size.span.clone(),
                        )
                        .with_label("not a constant")
                        .with_note("use a number or a `#define` constant"),
                    );
                    1
                }
                Some(v) if v <= 0 => {
                    self.report(
                        Diagnostic::error(
                            format!("the size of array `{name}` must be positive, not {v}"),
                            size.span.clone(),
                        )
                        .with_label("not positive"),
                    );
                    1
                }
                Some(v) => u32::try_from(v).unwrap_or_else(|_| {
                    self.report(
                        Diagnostic::error(
                            format!("array `{name}` is too large"),
                            size.span.clone(),
                        )
                        .with_label("too large"),
                    );
                    1
                }),
            };
            sizes.push((Some(value), span));
        }
        Ok(sizes)
    }

    /// Array sizes that must all be given (struct members).
    pub(super) fn dims(&mut self, name: &str) -> PResult<Vec<u32>> {
        let sizes = self.dim_sizes(name, None, false)?;
        let mut dims = Vec::with_capacity(sizes.len());
        for (size, span) in sizes {
            match size {
                Some(v) => dims.push(v),
                None => {
                    self.report(
                        Diagnostic::error(format!("the array `{name}` needs a size"), span)
                            .with_label("write a size here"),
                    );
                    return Err(Fail);
                }
            }
        }
        Ok(dims)
    }

    /// Declarators after the specifiers, the first one's pointers and name already read;
    /// stops before the `;`. A `typedef` defines its names instead (and returns none).
    pub(super) fn declarators(
        &mut self,
        spec: &Spec,
        start: usize,
        mut pointers: u8,
        first: (String, Span, Option<Type>),
    ) -> PResult<Vec<VarDecl>> {
        let (mut name, mut name_span, mut fixed) = first;
        let mut decls = Vec::new();
        let mut decl_start = start;
        loop {
            if fixed.is_none() && self.at(Punct::LParen) {
                // A prototype among declarations (`int f(int), x;`) or inside a block.
                self.params(&name)?;
            } else {
                let mut vla = Vec::new();
                let runtime = self.depth > 0 && !spec.is_static && !spec.is_typedef;
                let sizes = self.dim_sizes(&name, runtime.then_some(&mut vla), self.depth == 0)?;
                let init = if self.eat(Punct::Assign) {
                    if let Some((_, size)) = vla.first() {
                        let span = size.span.clone();
                        self.report(
                            Diagnostic::error(
                                format!(
                                    "the variable-length array `{name}` cannot have an initial value"
                                ),
                                span,
                            )
                            .with_label("its size is known only at run time")
                            .with_note("assign its elements in a loop after the declaration"),
                        );
                        return Err(Fail);
                    }
                    if spec.is_typedef {
                        return Err(self.error_here(
                            "a `typedef` cannot have an initial value".to_string(),
                            "remove `= …`",
                        ));
                    }
                    Some(self.init()?)
                } else {
                    None
                };
                let mut dims = Vec::with_capacity(sizes.len());
                for (i, (size, span)) in sizes.iter().enumerate() {
                    let value = match size {
                        Some(v) => *v,
                        // `extern int table[];`: the definition gives the size.
                        None if i == 0 && spec.is_extern && init.is_none() => 1,
                        None if i == 0 => match &init {
                            Some(Init::List(items, _)) if !items.is_empty() => {
                                u32::try_from(items.len()).unwrap_or(u32::MAX)
                            }
                            Some(Init::Expr(Expr {
                                kind: ExprKind::Str(text),
                                ..
                            })) => u32::try_from(text.len() + 1).unwrap_or(u32::MAX),
                            _ => {
                                self.report(
                                    Diagnostic::error(
                                        format!("the array `{name}` needs a size"),
                                        span.clone(),
                                    )
                                    .with_label("write a size here")
                                    .with_note("or give its elements: `= { 1, 2, 3 }`"),
                                );
                                1
                            }
                        },
                        None => {
                            self.report(
                                Diagnostic::error(
                                    "only the first dimension of an array may be left out",
                                    span.clone(),
                                )
                                .with_label("write a size here"),
                            );
                            1
                        }
                    };
                    dims.push(value);
                }
                let ty = match fixed.take() {
                    Some(t) => t,
                    None => self.combine(&spec.ty, pointers, dims, &name_span)?,
                };
                if spec.is_typedef {
                    self.typedefs.insert(name.clone(), ty);
                } else if self.enums.contains_key(&name) {
                    self.report(
                        Diagnostic::error(
                            format!("`{name}` is already an enumeration constant"),
                            name_span.clone(),
                        )
                        .with_label("choose another name"),
                    );
                } else if spec.is_extern {
                    if self.depth == 0 {
                        self.new_externs.push((name, name_span));
                    }
                } else {
                    decls.push(VarDecl {
                        id: self.id(),
                        ty,
                        is_static: spec.is_static,
                        name,
                        name_span,
                        init,
                        span: decl_start..self.prev_end(),
                        vla,
                    });
                }
            }
            if !self.eat(Punct::Comma) {
                return Ok(decls);
            }
            decl_start = self.start();
            pointers = self.stars();
            (name, name_span, fixed) =
                self.declarator_name(&spec.ty, pointers, "a variable name after `,`")?;
        }
    }

    pub(super) fn init(&mut self) -> PResult<Init> {
        if !self.at(Punct::LBrace) {
            return Ok(Init::Expr(self.full_expr()?));
        }
        self.nested(|p| {
            let open = p.bump().span;
            let mut items = Vec::new();
            loop {
                if p.eat(Punct::RBrace) {
                    break;
                }
                if p.at(Punct::Dot) || p.at(Punct::LBracket) {
                    return Err(p.error_here(
                        "designated initializers (`.x = …`, `[i] = …`) are not supported by Rankscope's C yet".to_string(),
                        "list the values in member order instead",
                    ));
                }
                items.push(p.init()?);
                if p.eat(Punct::Comma) {
                    continue;
                }
                p.expect(Punct::RBrace, "to close the initializer list")?;
                break;
            }
            Ok(Init::List(items, open.start..p.prev_end()))
        })
    }

    // ---- statements -----------------------------------------------------------------------
}
