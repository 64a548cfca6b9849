//! Rank colours that can be seen: each rank's hue (spread by the golden angle, out of the error
//! reds) with its lightness chosen per theme by WCAG 2's contrast ratio — the rank's mark ≥ 3:1
//! against the page, its text ≥ 4.5:1, its focused badge's text ≥ 4.5:1 — and the inline style
//! that hands both themes' colours to CSS (`style.css`: `.rank-coloured`).
//!
//! The hues are golden-angle steps kept out of the error reds ([`rank_hue`]); each theme's
//! lightness is searched so the tint behind a marked line stays within [`TINT_CONTRAST`] of the
//! code's background (so every syntax colour keeps 4.5:1 on it). [`rank_style`] hands both themes'
//! colours to CSS as an inline style (`--rank-l`, `--rank-d`…); `.rank-coloured` picks the theme's.
//! Native tests check the first 256 ranks in both themes and read `static/style.css` and
//! `static/editor.css`, so the surfaces, gutter, muted and syntax colours there stay the ones
//! checked.

/// A colour in sRGB, 8 bits a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// The colour written `#rrggbb` as the number `0xrrggbb`.
    pub const fn hex(h: u32) -> Rgb {
        Rgb((h >> 16) as u8, (h >> 8) as u8, h as u8)
    }

    /// WCAG 2's relative luminance (0 black … 1 white).
    pub fn luminance(self) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    /// This colour drawn with opacity `alpha` over `under`, as a browser blends it (in sRGB).
    pub fn over(self, alpha: f64, under: Rgb) -> Rgb {
        let mix =
            |a: u8, b: u8| (alpha * f64::from(a) + (1.0 - alpha) * f64::from(b)).round() as u8;
        Rgb(
            mix(self.0, under.0),
            mix(self.1, under.1),
            mix(self.2, under.2),
        )
    }

    /// The channels as CSS's space-separated `rgb()` arguments (`rgb(var(--rank) / 0.3)`).
    pub fn channels(self) -> String {
        format!("{} {} {}", self.0, self.1, self.2)
    }
}

/// WCAG 2's contrast ratio of two colours (1 … 21), whichever is lighter.
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The colour of hue `h` (degrees), saturation `s` and lightness `l` (0 … 1).
pub fn hsl(h: f64, s: f64, l: f64) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = (h.rem_euclid(360.0)) / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let ch = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    Rgb(ch(r), ch(g), ch(b))
}

/// The page's two themes (`prefers-color-scheme`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    /// The surfaces a rank's colour is drawn on: style.css's `--bg`, `--panel` and `--code-bg`.
    pub fn surfaces(self) -> [Rgb; 3] {
        match self {
            Theme::Light => [Rgb::hex(0xf5f6f8), Rgb::hex(0xffffff), Rgb::hex(0xfbfbfd)],
            Theme::Dark => [Rgb::hex(0x0f1320), Rgb::hex(0x161b2b), Rgb::hex(0x12172a)],
        }
    }

    /// The page's text colour (`--ink`), written on a rank's tinted line number.
    pub fn ink(self) -> Rgb {
        match self {
            Theme::Light => Rgb::hex(0x1b1f2a),
            Theme::Dark => Rgb::hex(0xe6e9f2),
        }
    }

    /// The text on a focused rank's badge: white on a dark badge, the page's dark on a light one.
    pub fn badge_text(self) -> Rgb {
        match self {
            Theme::Light => Rgb::hex(0xffffff),
            Theme::Dark => Rgb::hex(0x0f1320),
        }
    }

    /// The lightness a rank's colours start from, and the way they move to gain contrast.
    fn lightness(self) -> (f64, f64) {
        match self {
            Theme::Light => (0.50, -0.005),
            Theme::Dark => (0.55, 0.005),
        }
    }

    /// Where a rank's tint starts, and the way it moves towards the code's background.
    fn tint_lightness(self) -> (f64, f64) {
        match self {
            Theme::Light => (0.80, 0.005),
            Theme::Dark => (0.30, -0.005),
        }
    }
}

/// A mark (a line's edge, a rank's bar) is a graphic: WCAG's 3:1 against what it is drawn on.
pub const MARK_CONTRAST: f64 = 3.0;
/// Text (a rank's name at a marked line, a focused badge, a tinted line number): WCAG AA's 4.5:1.
pub const TEXT_CONTRAST: f64 = 4.5;
/// A rank's tint (behind its line and its line number) stays this close to the code's background,
/// so text on it — the page's ink, the rank's ink, every syntax colour of the code (each ≥ 4.5 ×
/// this on the code) — keeps 4.5:1.
pub const TINT_CONTRAST: f64 = 1.15;

/// One rank's colours in one theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankColours {
    /// The rank's mark: the focused line's edge, the bar beside its name (≥ 3:1 against every
    /// surface).
    pub mark: Rgb,
    /// The rank's tint behind its lines and line numbers: within [`TINT_CONTRAST`] of the code's
    /// background.
    pub tint: Rgb,
    /// The rank's text colour (its name at a marked line): ≥ 4.5:1 on every surface and on the
    /// rank's tint.
    pub ink: Rgb,
    /// The focused rank's badge: its text ([`Theme::badge_text`]) ≥ 4.5:1 on it, and it ≥ 3:1
    /// against every surface.
    pub badge: Rgb,
}

/// A rank's hue: spread by the golden angle, so neighbours differ, kept out of the reds (30°
/// either side of 0°) that mean an error.
pub fn rank_hue(rank: u32) -> u32 {
    30 + (rank.wrapping_mul(137).wrapping_add(180)) % 300
}

/// The first colour of hue `hue` and saturation `s`, from the theme's starting lightness towards
/// more contrast, that `ok` accepts (the theme's ink if none does, which every check accepts).
fn first_fit(theme: Theme, hue: f64, s: f64, ok: impl Fn(Rgb) -> bool) -> Rgb {
    fit(theme.lightness(), theme, hue, s, ok)
}

/// The first colour from lightness `start` by `step` that `ok` accepts (else the theme's ink).
fn fit((start, step): (f64, f64), theme: Theme, hue: f64, s: f64, ok: impl Fn(Rgb) -> bool) -> Rgb {
    (0..=110)
        .map(|i| hsl(hue, s, (start + step * f64::from(i)).clamp(0.0, 1.0)))
        .find(|&c| ok(c))
        .unwrap_or_else(|| theme.ink())
}

/// Rank `rank`'s colours in `theme`, each meeting its contrast (see [`RankColours`]).
pub fn rank_colours(rank: u32, theme: Theme) -> RankColours {
    let hue = f64::from(rank_hue(rank));
    let surfaces = theme.surfaces();
    let mark = first_fit(theme, hue, 0.75, |c| {
        surfaces.iter().all(|&s| contrast(c, s) >= MARK_CONTRAST)
    });
    let code = surfaces[2];
    let tint = fit(theme.tint_lightness(), theme, hue, 0.85, |c| {
        contrast(c, code) <= TINT_CONTRAST
    });
    let ink = first_fit(theme, hue, 0.70, |c| {
        contrast(c, tint) >= TEXT_CONTRAST
            && surfaces.iter().all(|&s| contrast(c, s) >= TEXT_CONTRAST)
    });
    let badge = first_fit(theme, hue, 0.80, |c| {
        contrast(c, theme.badge_text()) >= TEXT_CONTRAST
            && surfaces.iter().all(|&s| contrast(c, s) >= MARK_CONTRAST)
    });
    RankColours {
        mark,
        tint,
        ink,
        badge,
    }
}

/// The inline style that gives an element (of class `rank-coloured`) rank `rank`'s colours in
/// both themes; style.css picks the theme's as `--rank`, `--rank-tint`, `--rank-ink` and
/// `--rank-badge`.
pub fn rank_style(rank: u32) -> String {
    // Each rank's colours are searched for once (a few hundred contrast tests per theme), not on
    // every render of the editor's marks and the rank list while a run plays.
    thread_local! {
        static STYLES: std::cell::RefCell<std::collections::BTreeMap<u32, String>> =
            const { std::cell::RefCell::new(std::collections::BTreeMap::new()) };
    }
    STYLES.with(|styles| {
        styles
            .borrow_mut()
            .entry(rank)
            .or_insert_with(|| computed_style(rank))
            .clone()
    })
}

/// [`rank_style`], computed.
fn computed_style(rank: u32) -> String {
    let mut style = String::new();
    for (theme, suffix) in [(Theme::Light, "l"), (Theme::Dark, "d")] {
        let c = rank_colours(rank, theme);
        for (name, colour) in [
            ("rank", c.mark),
            ("rank-tint", c.tint),
            ("rank-ink", c.ink),
            ("rank-badge", c.badge),
        ] {
            style.push_str(&format!("--{name}-{suffix}: {}; ", colour.channels()));
        }
    }
    style.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranks the contrast is checked over (the editor marks the first 64; the list shows more).
    const RANKS: u32 = 256;

    #[test]
    fn the_contrast_formula_matches_wcag_examples() {
        let (black, white) = (Rgb::hex(0x000000), Rgb::hex(0xffffff));
        assert!((contrast(black, white) - 21.0).abs() < 1e-9);
        assert!((contrast(white, white) - 1.0).abs() < 1e-9);
        // #767676 on white is the classic lightest grey passing 4.5:1 (4.54:1).
        let grey = contrast(Rgb::hex(0x767676), white);
        assert!((grey - 4.54).abs() < 0.01, "{grey}");
        // The colours the issue measured (the old hsl(h 75% 50%) bars on white) fail.
        assert!(contrast(hsl(47.0, 0.75, 0.50), white) < 2.0);
        assert_eq!(hsl(0.0, 1.0, 0.5), Rgb(255, 0, 0));
        assert_eq!(hsl(120.0, 1.0, 0.25), Rgb(0, 128, 0));
        assert_eq!(hsl(240.0, 1.0, 0.5), Rgb(0, 0, 255));
        assert_eq!(
            Rgb(255, 255, 255).over(0.5, Rgb(0, 0, 0)),
            Rgb(128, 128, 128)
        );
    }

    #[test]
    fn every_rank_colour_meets_its_contrast_in_both_themes() {
        for theme in Theme::ALL {
            for r in 0..RANKS {
                let c = rank_colours(r, theme);
                for s in theme.surfaces() {
                    let at = format!("rank {r} ({theme:?}) on {s:?}: {c:?}");
                    assert!(contrast(c.mark, s) >= MARK_CONTRAST, "mark, {at}");
                    assert!(contrast(c.ink, s) >= TEXT_CONTRAST, "ink, {at}");
                    assert!(contrast(c.badge, s) >= MARK_CONTRAST, "badge, {at}");
                }
                let code = theme.surfaces()[2];
                assert!(
                    contrast(c.tint, code) <= TINT_CONTRAST,
                    "tint, rank {r} ({theme:?})"
                );
                assert!(
                    contrast(c.ink, c.tint) >= TEXT_CONTRAST,
                    "ink on its tint, rank {r} ({theme:?})"
                );
                assert!(
                    contrast(theme.ink(), c.tint) >= TEXT_CONTRAST,
                    "page ink on the tint, rank {r}"
                );
                // A tint, not the background: the line is seen marked.
                assert!(
                    contrast(c.tint, code) >= 1.05,
                    "tint, rank {r} ({theme:?}): {c:?}"
                );
                assert!(
                    contrast(c.badge, theme.badge_text()) >= TEXT_CONTRAST,
                    "badge text, rank {r}"
                );
                // Found by the search, not the fallback: a rank keeps its own hue.
                assert_ne!(c.mark, theme.ink(), "rank {r} ({theme:?})");
                assert_ne!(c.ink, theme.ink(), "rank {r} ({theme:?})");
            }
        }
    }

    #[test]
    fn rank_hues_avoid_the_error_reds_and_neighbours_differ() {
        for r in 0..1024 {
            let h = rank_hue(r);
            assert!((30..=330).contains(&h), "rank {r}: {h}");
            let d = h.abs_diff(rank_hue(r + 1));
            assert!(
                d.min(360 - d) >= 20,
                "ranks {r} and {}: {h} vs {}",
                r + 1,
                rank_hue(r + 1)
            );
        }
    }

    #[test]
    fn neighbouring_ranks_stay_apart_after_the_contrast_search() {
        // Lightness moves to gain contrast; neighbours must still be told apart by colour.
        for theme in Theme::ALL {
            for r in 0..RANKS {
                let (a, b) = (rank_colours(r, theme).mark, rank_colours(r + 1, theme).mark);
                let d = |x: u8, y: u8| i32::from(x) - i32::from(y);
                let dist =
                    f64::from(d(a.0, b.0).pow(2) + d(a.1, b.1).pow(2) + d(a.2, b.2).pow(2)).sqrt();
                assert!(
                    dist >= 40.0,
                    "ranks {r}, {} ({theme:?}): {a:?} vs {b:?}",
                    r + 1
                );
            }
        }
    }

    /// A custom property's value in a block of style.css.
    fn property(css: &str, block_start: &str, name: &str) -> Rgb {
        let block = &css[css.find(block_start).expect(block_start)..];
        let block = &block[..block.find('}').expect("block end")];
        let at = block
            .find(&format!("{name}:"))
            .unwrap_or_else(|| panic!("{name} in {block_start}"));
        let value = block[at + name.len() + 1..].trim_start();
        let hex = value.strip_prefix('#').expect("a #rrggbb value");
        Rgb::hex(u32::from_str_radix(&hex[..6], 16).expect("hex"))
    }

    /// Every `--tok-*` syntax colour written as `#rrggbb` in a block of editor.css.
    fn token_colours(css: &str, block_start: &str) -> Vec<(String, Rgb)> {
        let block = &css[css.find(block_start).expect(block_start)..];
        let block = &block[..block.find('}').expect("block end")];
        block
            .split(';')
            .filter_map(|decl| {
                let (name, value) = decl.split_once(':')?;
                let name = name.trim();
                let hex = value.trim().strip_prefix('#')?;
                let value = u32::from_str_radix(hex.get(..6)?, 16).ok()?;
                name.starts_with("--tok-")
                    .then(|| (name.to_string(), Rgb::hex(value)))
            })
            .collect()
    }

    #[test]
    fn code_stays_readable_on_every_ranks_tinted_line() {
        let css = include_str!("../../../static/editor.css");
        for (theme, start) in [
            (Theme::Light, ":root {"),
            (
                Theme::Dark,
                "@media (prefers-color-scheme: dark) {\n  :root {",
            ),
        ] {
            let tokens = token_colours(css, start);
            assert!(tokens.len() >= 10, "{theme:?}: {tokens:?}");
            let code_bg = theme.surfaces()[2];
            let mut faint = Vec::new();
            for (name, colour) in &tokens {
                let worst = (0..RANKS)
                    .map(|r| contrast(*colour, rank_colours(r, theme).tint))
                    .fold(contrast(*colour, code_bg), f64::min);
                if worst < TEXT_CONTRAST {
                    faint.push(format!("{name} {worst:.2}"));
                }
            }
            assert!(
                faint.is_empty(),
                "on the code or a rank's tinted line ({theme:?}): {faint:?}"
            );
        }
    }

    #[test]
    fn the_themes_here_are_style_css_and_its_gutter_and_muted_text_read() {
        let css = include_str!("../../../static/style.css");
        for (theme, start) in [
            (Theme::Light, ":root {"),
            (
                Theme::Dark,
                "@media (prefers-color-scheme: dark) {\n  :root {",
            ),
        ] {
            let get = |name| property(css, start, name);
            assert_eq!(
                theme.surfaces(),
                [get("--bg"), get("--panel"), get("--code-bg")],
                "{theme:?}"
            );
            assert_eq!(theme.ink(), get("--ink"), "{theme:?}");
            assert_eq!(
                theme.badge_text(),
                if theme == Theme::Light {
                    get("--panel")
                } else {
                    get("--bg")
                }
            );
            for s in theme.surfaces() {
                for name in ["--gutter", "--muted"] {
                    let c = contrast(get(name), s);
                    assert!(c >= TEXT_CONTRAST, "{name} on {s:?} ({theme:?}): {c:.2}");
                }
            }
        }
    }
}
