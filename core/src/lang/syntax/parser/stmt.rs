//! Statements: blocks, labels (`case`, `default`, `goto` targets), `if`, the loops, `switch`, jumps
//! and declarations inside blocks.

use super::*;

impl Parser<'_> {
    /// A block. Its nesting is counted by the statement holding it.
    pub(super) fn block(&mut self) -> PResult<Block> {
        let open = self.expect(Punct::LBrace, "to start a block")?;
        let mut stmts = Vec::new();
        loop {
            if self.eat(Punct::RBrace) {
                break;
            }
            if self.at_eof() {
                if !self.reported_unclosed && !self.stopped {
                    self.reported_unclosed = true;
                    self.report(
                        Diagnostic::error("this `{` is never closed", open.clone())
                            .with_label("unclosed")
                            .with_note("the file ends before its matching `}`"),
                    );
                }
                break;
            }
            let start = self.pos;
            match self.stmt() {
                Ok(s) => stmts.push(s),
                Err(Fail) => self.sync_stmt(start),
            }
            if self.pos == start {
                self.bump();
            }
        }
        Ok(Block {
            stmts,
            span: open.start..self.prev_end(),
        })
    }

    pub(super) fn stmt(&mut self) -> PResult<Stmt> {
        self.nested(|p| {
            let start = p.start();
            let kind = p.stmt_kind()?;
            Ok(Stmt {
                kind,
                span: start..p.prev_end().max(start),
            })
        })
    }

    /// Whether `word` starts a `switch`, `case`, `default`, `goto`, a label, or a word Rankscope's
    /// C rejects plainly.
    pub(super) fn at_labelled_stmt(&self, word: &str) -> bool {
        matches!(word, "switch" | "case" | "goto")
            || unsupported_word(word).is_some()
            || (*self.peek_at(1) == TokenKind::Punct(Punct::Colon) && !self.is_type_name(word))
    }

    /// `switch`, `case`, `default:`, `goto`, `label:` (kept out of [`Self::stmt_kind`] so its
    /// stack frame stays small for deeply nested blocks).
    pub(super) fn labelled_stmt(&mut self) -> PResult<StmtKind> {
        match self.peek().clone() {
            TokenKind::Ident(ref word) if word == "switch" => {
                self.bump();
                let value = self.paren_cond("switch")?;
                let body = Box::new(self.stmt()?);
                Ok(StmtKind::Switch { value, body })
            }
            TokenKind::Ident(ref word) if word == "case" => {
                self.bump();
                let value = self.full_expr()?;
                self.expect(Punct::Colon, "after the `case` value")?;
                let body = Box::new(self.labelled()?);
                Ok(StmtKind::Case { value, body })
            }
            TokenKind::Ident(word)
                if word == "default" && *self.peek_at(1) == TokenKind::Punct(Punct::Colon) =>
            {
                self.bump();
                self.bump();
                Ok(StmtKind::Default(Box::new(self.labelled()?)))
            }
            TokenKind::Ident(ref word) if word == "goto" => {
                self.bump();
                let (name, _) = self.name("a label after `goto`")?;
                self.expect_semi(SemiAfter::Expr)?;
                Ok(StmtKind::Goto(name))
            }
            TokenKind::Ident(word)
                if *self.peek_at(1) == TokenKind::Punct(Punct::Colon)
                    && !self.is_type_name(&word) =>
            {
                self.bump();
                self.bump();
                Ok(StmtKind::Label {
                    name: word.clone(),
                    body: Box::new(self.labelled()?),
                })
            }
            TokenKind::Ident(ref word) if unsupported_word(word).is_some() => {
                let advice = unsupported_word(word).unwrap_or_default();
                Err(self.error_here(
                    format!("`{word}` is not supported by Rankscope's C"),
                    advice,
                ))
            }
            _ => Err(self.expected_here("a statement", "expected a statement")),
        }
    }

    /// The statement after a label; a label right before `}` marks an empty statement.
    pub(super) fn labelled(&mut self) -> PResult<Stmt> {
        if self.at(Punct::RBrace) {
            let at = self.start();
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span: at..at,
            });
        }
        self.stmt()
    }

    pub(super) fn paren_cond(&mut self, keyword: &str) -> PResult<Expr> {
        self.expect(Punct::LParen, &format!("after `{keyword}`"))?;
        let cond = self.comma_expr()?;
        self.expect_close_before_body(&format!("after the condition of `{keyword}`"))?;
        Ok(cond)
    }

    pub(super) fn stmt_kind(&mut self) -> PResult<StmtKind> {
        match self.peek().clone() {
            TokenKind::Punct(Punct::LBrace) => Ok(StmtKind::Block(self.block()?)),
            TokenKind::Punct(Punct::Semi) => {
                self.bump();
                Ok(StmtKind::Empty)
            }
            TokenKind::If => {
                self.bump();
                let cond = self.paren_cond("if")?;
                let then = Box::new(self.stmt()?);
                let otherwise = if matches!(self.peek(), TokenKind::Else) {
                    self.bump();
                    Some(Box::new(self.stmt()?))
                } else {
                    None
                };
                Ok(StmtKind::If {
                    cond,
                    then,
                    otherwise,
                })
            }
            TokenKind::While => {
                self.bump();
                let cond = self.paren_cond("while")?;
                let body = Box::new(self.stmt()?);
                Ok(StmtKind::While { cond, body })
            }
            TokenKind::Do => self.do_stmt(),
            TokenKind::For => self.for_stmt(),
            TokenKind::Break => {
                self.bump();
                self.expect_semi(SemiAfter::Break)?;
                Ok(StmtKind::Break)
            }
            TokenKind::Continue => {
                self.bump();
                self.expect_semi(SemiAfter::Continue)?;
                Ok(StmtKind::Continue)
            }
            TokenKind::Return => {
                self.bump();
                let value = if self.at(Punct::Semi) || self.at(Punct::RBrace) {
                    None
                } else {
                    Some(self.comma_expr()?)
                };
                self.expect_semi(SemiAfter::Return)?;
                Ok(StmtKind::Return(value))
            }
            TokenKind::Ident(word) if self.at_labelled_stmt(&word) => self.labelled_stmt(),
            TokenKind::Else => Err(self.error_here(
                "`else` without a matching `if`".to_string(),
                "no `if` before this",
            )),
            _ if self.at_decl_start() => {
                let kind = self.decl_stmt()?;
                Ok(kind)
            }
            _ => {
                let e = self.comma_expr()?;
                self.expect_semi(SemiAfter::Expr)?;
                Ok(StmtKind::Expr(e))
            }
        }
    }

    /// `do body while (cond);` (apart from [`Self::stmt_kind`], whose stack frame every nesting
    /// level of statements pays).
    #[inline(never)]
    pub(super) fn do_stmt(&mut self) -> PResult<StmtKind> {
        self.bump();
        let body = Box::new(self.stmt()?);
        if !matches!(self.peek(), TokenKind::While) {
            let found = self.peek().describe();
            return Err(self.error_here(
                format!("expected `while` after the body of `do`, found {found}"),
                "expected `while (…);` here",
            ));
        }
        self.bump();
        self.expect(Punct::LParen, "after `while`")?;
        let cond = self.comma_expr()?;
        self.expect(Punct::RParen, "after the condition of `do … while`")?;
        self.expect_semi(SemiAfter::DoWhile)?;
        Ok(StmtKind::DoWhile { body, cond })
    }

    /// `for (init; cond; step) body` (apart from [`Self::stmt_kind`], as [`Self::do_stmt`]).
    #[inline(never)]
    pub(super) fn for_stmt(&mut self) -> PResult<StmtKind> {
        self.bump();
        self.expect(Punct::LParen, "after `for`")?;
        let init = if self.eat(Punct::Semi) {
            None
        } else {
            let start = self.start();
            let kind = if self.at_decl_start() {
                self.decl_stmt()?
            } else {
                let e = self.comma_expr()?;
                self.expect(Punct::Semi, "after the first part of `for`")?;
                StmtKind::Expr(e)
            };
            Some(Box::new(Stmt {
                kind,
                span: start..self.prev_end(),
            }))
        };
        let cond = if self.at(Punct::Semi) {
            None
        } else {
            Some(self.comma_expr()?)
        };
        self.expect(Punct::Semi, "after the condition of `for`")?;
        let step = if self.at(Punct::RParen) {
            None
        } else {
            Some(self.comma_expr()?)
        };
        self.expect_close_before_body("after the parts of `for`")?;
        let body = Box::new(self.stmt()?);
        Ok(StmtKind::For {
            init,
            cond,
            step,
            body,
        })
    }

    /// A local declaration, through its `;`.
    pub(super) fn decl_stmt(&mut self) -> PResult<StmtKind> {
        let start = self.start();
        let Some(spec) = self.specifiers()? else {
            let found = self.peek().describe();
            return Err(
                self.error_here(format!("expected a type, found {found}"), "expected a type")
            );
        };
        if self.eat(Punct::Semi) {
            return Ok(StmtKind::Empty); // a struct or enum definition
        }
        let pointers = self.stars();
        let first = self.declarator_name(&spec.ty, pointers, "a variable name after the type")?;
        let decls = self.declarators(&spec, start, pointers, first)?;
        self.expect_semi(SemiAfter::Decl)?;
        Ok(StmtKind::Decl(decls))
    }

    // ---- expressions ----------------------------------------------------------------------
}
