//! Drawing the editor's code box: the gutter (line numbers, where ranks are, where errors are),
//! the bars behind the lines ranks are on, and the highlighted overlay with the diagnostics'
//! underlines and messages.

use super::*;

/// What the code box is drawn from.
pub(super) struct Drawing<'a> {
    /// The text.
    pub(super) source: &'a str,
    /// The lines drawn, cut into pieces ([`layout`]).
    pub(super) lines: &'a [Line],
    /// The 0-based number of the first line drawn.
    pub(super) first: usize,
    /// The text's lines.
    pub(super) line_count: usize,
    /// Where each diagnostic is shown.
    pub(super) marks: &'a [Mark],
    /// The diagnostics.
    pub(super) diagnostics: &'a [Diagnostic],
    /// The marks on each line drawn.
    pub(super) problems_by_line: &'a [Vec<usize>],
    /// The ranks on each line of the text.
    pub(super) by_line: &'a [Vec<&'a RankLine>],
    /// How long lines wrap.
    pub(super) wrap: &'a code_wrap::Wrap,
}

impl Drawing<'_> {
    /// Mark `i`'s tooltip.
    fn tip(&self, i: usize) -> String {
        tooltip(&self.diagnostics[self.marks[i].diagnostic])
    }

    /// The gutter's rows for the lines `shown`: a number, marked where ranks are or errors
    /// are, and a marker on each row a long line continues on.
    pub(super) fn gutter(&self, shown: std::ops::Range<usize>) -> Vec<Html> {
        let first = self.first;
        shown.clone().map(|line| {
            let number = (line + 1).to_string();
            // A marker on each row a long line continues on.
            let more = self.wrap.rows(line) - 1;
            let continued = (more > 0).then(|| html! {
                { for (0..more).map(|_| html! { <><span class="ln wrapped" data-testid="wrap-marker">{ "↪" }</span>{ "\n" }</> }) }
            });
            let number_row = match (self.problems_by_line[line - first].as_slice(), self.by_line[line].as_slice()) {
                ([], []) => html! { <><span class="ln">{ number }</span>{ "\n" }</> },
                ([], ranks) => {
                    let first = ranks[0];
                    let title = ranks.iter().map(|r| format!("{}{}", crate::ui_lang::current().trf("rank {0}", &[&r.rank]), if r.stuck { crate::ui_lang::current().tr(" (deadlocked here)") } else { "" })).collect::<Vec<_>>().join(", ");
                    let style = rank_style(first.rank);
                    html! { <><span class={classes!("ln", "at", "rank-coloured", first.focused.then_some("focused"), first.stuck.then_some("stuck"))} {title} {style} data-testid="gutter-rank">{ number }</span>{ "\n" }</> }
                }
                (here, _) => {
                    let title = here.iter().map(|&i| self.tip(i)).collect::<Vec<_>>().join("\n");
                    html! { <><span class="ln err" {title} data-testid="gutter-error">{ number }</span>{ "\n" }</> }
                }
            };
            html! { <>{ number_row }{ for continued }</> }
        })
        .collect()
    }

    /// A bar behind each marked line (drawn under the text): the focused rank's strong, the
    /// others in their rank's colour; the ranks there named at the line's end.
    pub(super) fn bars(&self) -> Vec<Html> {
        self.by_line.iter().enumerate().filter(|(_, r)| !r.is_empty()).map(|(line, ranks)| {
            let first = ranks[0];
            let numbers: Vec<u32> = ranks.iter().map(|r| r.rank).collect();
            let (row, rows) = (self.wrap.row_of(line), self.wrap.rows(line));
            let style = format!("top: calc(var(--code-pad-top) + {row} * var(--code-line)); height: calc({rows} * var(--code-line)); {}", rank_style(first.rank));
            // The names: in the margin right of wrapped text, or after the line's own end;
            // never over code.
            let (pad, names) = if self.wrap.wraps() {
                (String::new(), code_wrap::rank_label(&numbers, 8))
            } else {
                let text = self.source.lines().nth(line).unwrap_or_default();
                (" ".repeat(code_window::columns(text) + 2), code_wrap::rank_label(&numbers, 24))
            };
            let testid = if first.focused { "line-mark-focused" } else { "line-mark" };
            html! {
                <div class={classes!("line-mark", "rank-coloured", first.focused.then_some("focused"), first.stuck.then_some("stuck"))}
                    {style} data-testid={testid} data-line={(line + 1).to_string()}
                    data-ranks={ranks.iter().map(|r| r.rank.to_string()).collect::<Vec<_>>().join(",")}>
                    <span class="line-pad" aria-hidden="true">{ pad }</span><span class="line-ranks">{ names }</span>
                </div>
            }
        })
        .collect()
    }

    /// The highlighted lines, with underlines, points and messages after a line's text.
    pub(super) fn overlay(&self) -> Vec<Html> {
        let first = self.first;
        self.lines.iter().enumerate().map(|(i, l)| {
            let line = first + i;
            let pieces = l.pieces.iter().map(|p| {
                let text = self.source.get(p.range.clone()).unwrap_or_default().to_string();
                match (p.class, p.mark) {
                    (HighlightClass::Plain, None) => html! { { text } },
                    (class, None) => html! { <span class={token_class(class)}>{ text }</span> },
                    (class, Some(m)) => html! {
                        <span class={classes!(token_class(class), "diag-mark")} title={self.tip(m)}>{ text }</span>
                    },
                }
            });
            let point = l.point.map(|m| html! {
                <span class="diag-mark diag-point" title={self.tip(m)}>{ " " }</span>
            });
            // The messages after the line's text, out of the flow (the line keeps its height) and
            // wrapped to the visible width of the code box.
            let messages = (!self.problems_by_line[i].is_empty()).then(|| {
                let text = match (l.pieces.first(), l.pieces.last()) {
                    (Some(a), Some(b)) => self.source.get(a.range.start..b.range.end).unwrap_or_default(),
                    _ => "",
                };
                let style = format!("--msg-col: {}", code_window::columns(text));
                let each = self.problems_by_line[i].iter().map(|&m| {
                    let d = &self.diagnostics[self.marks[m].diagnostic];
                    html! {
                        <span class="diag-msg" title={self.tip(m)} data-testid="inline-diagnostic">{ d.message.clone() }</span>
                    }
                });
                html! { <span class="diag-msgs" {style}>{ for each }</span> }
            });
            // A last empty line still needs a line box, as the textarea shows one.
            let filler = (line + 1 == self.line_count && l.pieces.is_empty() && l.point.is_none())
                .then(|| html! { { " " } });
            html! {
                <>
                    { for pieces }{ for point }{ for messages }{ for filler }
                    if line + 1 < self.line_count { { "\n" } }
                </>
            }
        })
        .collect()
    }
}
