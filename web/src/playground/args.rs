//! The "Arguments" field: a shell-like line split into the words `main`'s `argv` gets after
//! `argv[0]`. Whitespace separates words; `'…'` keeps everything inside as it is; `"…"` too,
//! except that `\"` and `\\` stand for `"` and `\`; outside quotes a backslash takes the next
//! character as it is. Quoted and unquoted parts next to each other make one word (`a"b c"` is
//! `ab c`), and `''` is an empty word. What a line cannot mean (a quote left open, a backslash
//! with nothing after it) is an [`ArgsError`], never a panic.
//!
//! `State::args` is the line as typed; `session::start` hands its words to core's
//! `lang::ranks_with_args` when Run starts a run, and a line that does not split is shown under the
//! field and refused by Run. Share links carry it outside the compressed JSON (`&args=`,
//! [`crate::url`]); the autosave keeps it in its JSON. The CLI gets its words from the shell
//! (`rankscope run prog.c -- ARG...`).

use std::fmt;

/// Why an argument line cannot be split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgsError {
    /// A quote (`'` or `"`) opened at this character (counted from 1) is never closed.
    UnterminatedQuote {
        /// The quote character.
        quote: char,
        /// Where it opened, in characters from 1.
        at: usize,
    },
    /// The line ends with a backslash, which has nothing left to escape.
    TrailingBackslash,
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgsError::UnterminatedQuote { quote, at } => write!(
                f,
                "the {quote} at character {at} is never closed: add a closing {quote}"
            ),
            ArgsError::TrailingBackslash => write!(
                f,
                "the line ends with a backslash, which escapes nothing: remove it or write \\\\"
            ),
        }
    }
}

impl std::error::Error for ArgsError {}

/// Splits `line` into arguments (see the module documentation).
pub fn split(line: &str) -> Result<Vec<String>, ArgsError> {
    let mut words = Vec::new();
    // The word being built; `None` between words (so `''` still makes an empty word).
    let mut word: Option<String> = None;
    let mut chars = line.chars().enumerate();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\\' => {
                let (_, next) = chars.next().ok_or(ArgsError::TrailingBackslash)?;
                word.get_or_insert_with(String::new).push(next);
            }
            '\'' | '"' => {
                let word = word.get_or_insert_with(String::new);
                let open = ArgsError::UnterminatedQuote {
                    quote: c,
                    at: i + 1,
                };
                loop {
                    match chars.next().ok_or_else(|| open.clone())?.1 {
                        q if q == c => break,
                        '\\' if c == '"' => match chars.next().ok_or_else(|| open.clone())?.1 {
                            e @ ('"' | '\\') => word.push(e),
                            other => {
                                word.push('\\');
                                word.push(other);
                            }
                        },
                        other => word.push(other),
                    }
                }
            }
            other => word.get_or_insert_with(String::new).push(other),
        }
    }
    words.extend(word);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ok(line: &str) -> Vec<String> {
        split(line).unwrap()
    }

    #[test]
    fn whitespace_separates_words() {
        assert_eq!(ok("100 10"), ["100", "10"]);
        assert_eq!(ok("  -v\t 3 \n"), ["-v", "3"]);
        assert!(ok("").is_empty());
        assert!(ok("   ").is_empty());
    }

    #[test]
    fn quotes_group_words_and_join_their_neighbours() {
        assert_eq!(
            ok(r#""two words" 'and three here'"#),
            ["two words", "and three here"]
        );
        assert_eq!(ok(r#"a"b c"d"#), ["ab cd"]);
        assert_eq!(ok(r#"'it"s' "it's""#), [r#"it"s"#, "it's"]);
        assert_eq!(ok(r#"'' "" x"#), ["", "", "x"]);
    }

    #[test]
    fn backslashes_escape() {
        assert_eq!(ok(r"a\ b c"), ["a b", "c"]);
        assert_eq!(ok(r#"\"quoted\" \\"#), [r#""quoted""#, r"\"]);
        // Inside double quotes only \" and \\ are escapes; inside single quotes none is.
        assert_eq!(ok(r#""say \"hi\" \\ \n""#), [r#"say "hi" \ \n"#]);
        assert_eq!(ok(r"'a\b'"), [r"a\b"]);
    }

    #[test]
    fn unicode_passes_through() {
        assert_eq!(ok("π 'ünï cödé'"), ["π", "ünï cödé"]);
    }

    #[test]
    fn what_cannot_be_split_is_an_error_with_a_plain_message() {
        let e = split(r#"100 "ten"#).unwrap_err();
        assert_eq!(e, ArgsError::UnterminatedQuote { quote: '"', at: 5 });
        assert_eq!(
            e.to_string(),
            r#"the " at character 5 is never closed: add a closing ""#
        );
        assert_eq!(
            split("it's"),
            Err(ArgsError::UnterminatedQuote { quote: '\'', at: 3 })
        );
        assert_eq!(
            split(r#""a\""#),
            Err(ArgsError::UnterminatedQuote { quote: '"', at: 1 })
        );
        assert_eq!(split(r"a \"), Err(ArgsError::TrailingBackslash));
        assert!(ArgsError::TrailingBackslash
            .to_string()
            .contains("backslash"));
    }

    proptest! {
        #[test]
        fn any_line_splits_or_errs_without_panicking(s in "\\PC{0,80}") {
            let _ = split(&s);
        }

        #[test]
        fn plain_words_split_on_spaces(words in proptest::collection::vec("[a-z0-9.=-]{1,8}", 0..6)) {
            prop_assert_eq!(split(&words.join("  ")).unwrap(), words);
        }

        #[test]
        fn single_quoting_any_word_keeps_it(word in "[^']{0,20}") {
            prop_assert_eq!(split(&format!("'{word}'")).unwrap(), vec![word]);
        }
    }
}
