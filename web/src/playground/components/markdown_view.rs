//! Markdown a teacher writes (lesson narration) as elements: paragraphs, emphasis, strong, code,
//! lists, links and headings through pulldown-cmark. Raw HTML in the text is shown as text,
//! never run; links open in a new tab and only `http(s)` and in-page `#` targets are links.

use pulldown_cmark::{Event, HeadingLevel, Parser, Tag};
use yew::prelude::*;
use yew::virtual_dom::{VList, VTag};

/// An element being filled: its tag and children.
struct Open {
    tag: VTag,
    children: Vec<Html>,
}

fn element(name: &'static str) -> VTag {
    VTag::new(name)
}

/// Closes the innermost open element into its parent (the root is never closed).
fn close(stack: &mut Vec<Open>) {
    if stack.len() > 1 {
        if let Some(Open { mut tag, children }) = stack.pop() {
            tag.add_children(children);
            if let Some(top) = stack.last_mut() {
                top.children.push(tag.into());
            }
        }
    }
}

/// `text` (Markdown) as HTML elements.
pub fn markdown(text: &str) -> Html {
    let mut stack: Vec<Open> = vec![Open {
        tag: element("div"),
        children: Vec::new(),
    }];
    let push_text = |stack: &mut Vec<Open>, t: String| {
        if let Some(top) = stack.last_mut() {
            top.children.push(Html::from(t));
        }
    };
    for event in Parser::new(text) {
        match event {
            Event::Start(tag) => {
                let mut el = match &tag {
                    Tag::Paragraph => element("p"),
                    Tag::Heading { level, .. } => element(match level {
                        HeadingLevel::H1 | HeadingLevel::H2 => "h4",
                        _ => "h5",
                    }),
                    Tag::BlockQuote(_) => element("blockquote"),
                    Tag::CodeBlock(_) => element("pre"),
                    Tag::List(Some(_)) => element("ol"),
                    Tag::List(None) => element("ul"),
                    Tag::Item => element("li"),
                    Tag::Emphasis => element("em"),
                    Tag::Strong => element("strong"),
                    Tag::Strikethrough => element("s"),
                    Tag::Link { dest_url, .. } => {
                        let url = dest_url.to_string();
                        let safe = url.starts_with("https://")
                            || url.starts_with("http://")
                            || url.starts_with('#');
                        if safe {
                            let mut a = element("a");
                            a.add_attribute("href", url);
                            a.add_attribute("target", "_blank");
                            a.add_attribute("rel", "noopener");
                            a
                        } else {
                            element("span")
                        }
                    }
                    _ => element("span"),
                };
                if matches!(tag, Tag::CodeBlock(_)) {
                    el.add_attribute("class", "md-code");
                }
                stack.push(Open {
                    tag: el,
                    children: Vec::new(),
                });
            }
            Event::End(_) => close(&mut stack),
            Event::Code(code) => {
                let mut c = element("code");
                c.add_child(Html::from(code.to_string()));
                if let Some(top) = stack.last_mut() {
                    top.children.push(c.into());
                }
            }
            Event::Text(t) | Event::Html(t) | Event::InlineHtml(t) => {
                push_text(&mut stack, t.to_string());
            }
            Event::SoftBreak => push_text(&mut stack, " ".into()),
            Event::HardBreak => {
                if let Some(top) = stack.last_mut() {
                    top.children.push(element("br").into());
                }
            }
            Event::Rule => {
                if let Some(top) = stack.last_mut() {
                    top.children.push(element("hr").into());
                }
            }
            _ => {}
        }
    }
    // Unclosed elements (not produced by the parser, but never lost): close them in order.
    while stack.len() > 1 {
        close(&mut stack);
    }
    let mut list = VList::new();
    if let Some(root) = stack.pop() {
        list.add_children(root.children);
    }
    list.into()
}
