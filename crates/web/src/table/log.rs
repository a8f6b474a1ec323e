//! The game log: the whole story, a heading per round (setup, turns, round end, game end) and
//! one group per turn, named and coloured for the player; the newest line last.
//!
//! It grows with every decision, so it is kept line by line: a browser that has the log gets
//! only the lines added since (see [`super::changes`]). Its markup is lean: a group is an `<li>`
//! holding the name in `<b>` and one `<p>` per line; the seat's colour comes from the style
//! sheet (`s0`…`s3`).

use maud::{html, Markup};

use super::parts::tags::opening_tag;
use super::Ctx;
use crate::story::{heading, StoryLine};

/// The log panel's markup, line by line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LogHtml {
    /// The section's opening tag and its title.
    head: String,
    /// What the section shows before the first line.
    empty: String,
    /// Each line's markup, one after the other: what it opens (a chapter's `<h3>…</h3><ol>`,
    /// a group's `<li …><b>…</b>`), then its `<p>…</p>`. The closing tags are not here.
    text: String,
    lines: Vec<LineSpan>,
}

/// Where one line's markup ends in [`LogHtml::text`], and what it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LineSpan {
    end: usize,
    opens: Opens,
}

/// What a line starts besides itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opens {
    /// Nothing: it continues the group above.
    Line,
    /// A new group (another player's turn, or the game acting on its own).
    Group,
    /// A new chapter (round and stage), and a group in it.
    Chapter,
}

/// Lines added to a log the browser has, by where they go.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct LogAppend<'a> {
    /// Lines continuing the last group (`<p>`s for its `<li>`).
    pub lines: &'a str,
    /// New groups in the last chapter (`<li>`s for its `<ol>`).
    pub groups: String,
    /// New chapters (`<h3>` and `<ol>` pairs for the log's lines).
    pub chapters: String,
}

/// The button that opens the log on a phone.
pub fn toggle(ctx: &Ctx) -> Markup {
    html! {
        button type="button" class="log-toggle" data-log-toggle="" aria-controls="log" {
            (ctx.lang.tr("story-show"))
        }
    }
}

/// The log panel.
pub fn log(ctx: &Ctx) -> LogHtml {
    let lang = ctx.lang;
    let head = html! { h2 { (lang.tr("log-title")) } };
    let mut text = String::new();
    let mut lines = Vec::with_capacity(ctx.input.log.len());
    let mut previous: Option<&StoryLine> = None;
    for line in ctx.input.log {
        let opens = match previous {
            Some(p) if (p.round, p.stage) != (line.round, line.stage) => Opens::Chapter,
            None => Opens::Chapter,
            Some(p) if p.seat != line.seat => Opens::Group,
            Some(_) => Opens::Line,
        };
        if opens == Opens::Chapter {
            text.push_str(&html! { h3 { (heading(lang, line)) } }.0);
            text.push_str("<ol>");
        }
        if opens != Opens::Line {
            match line.seat {
                Some(seat) => {
                    text.push_str(&format!("<li class=\"s{}\">", seat.0));
                    text.push_str(&html! { b { (ctx.namer.seat(seat)) } }.0);
                }
                None => text.push_str("<li>"),
            }
        }
        text.push_str(&html! { p { (line.text) } }.0);
        lines.push(LineSpan {
            end: text.len(),
            opens,
        });
        previous = Some(line);
    }
    LogHtml {
        head: opening_tag(html! {
            section class="log" id="log" aria-label=(lang.tr("log-title")) {}
        }) + &head.0,
        empty: html! { p class="muted" { (lang.tr("log-empty")) } }.0,
        text,
        lines,
    }
}

impl LogHtml {
    /// The whole section.
    pub fn html(&self) -> String {
        let mut html = String::with_capacity(self.len());
        self.write(&mut html);
        html
    }

    /// The length of [`LogHtml::html`].
    pub fn len(&self) -> usize {
        let closing = if self.lines.is_empty() {
            self.empty.len()
        } else {
            LINES_OPEN.len() + self.text.len() + self.closings() + LINES_CLOSE.len()
        };
        self.head.len() + closing + "</section>".len()
    }

    /// Appends the whole section to `html`.
    pub fn write(&self, html: &mut String) {
        html.push_str(&self.head);
        if self.lines.is_empty() {
            html.push_str(&self.empty);
        } else {
            html.push_str(LINES_OPEN);
            let mut start = 0;
            for (i, line) in self.lines.iter().enumerate() {
                if i > 0 {
                    html.push_str(closing(line.opens));
                }
                html.push_str(&self.text[start..line.end]);
                start = line.end;
            }
            html.push_str(LINES_CLOSE);
        }
        html.push_str("</section>");
    }

    fn closings(&self) -> usize {
        self.lines
            .iter()
            .skip(1)
            .map(|line| closing(line.opens).len())
            .sum()
    }

    /// The lines added since `before`, or `None` if the log is not `before` with lines added
    /// (an undo took some back, or `before` had none): then it is sent whole.
    pub fn appended_since(&self, before: &LogHtml) -> Option<LogAppend<'_>> {
        let kept = before.lines.len();
        let kept_end = before.lines.last()?.end;
        let same = self.head == before.head
            && self.lines.get(..kept) == Some(&before.lines[..])
            && self.text.get(..kept_end) == Some(&before.text[..]);
        if !same {
            return None;
        }
        let added = &self.lines[kept..];
        let groups_from = added
            .iter()
            .position(|line| line.opens != Opens::Line)
            .unwrap_or(added.len());
        let chapters_from = added
            .iter()
            .position(|line| line.opens == Opens::Chapter)
            .unwrap_or(added.len());
        let start_of = |i: usize| if i == 0 { kept_end } else { added[i - 1].end };
        // Every line's markup after the first of a run, with what ends before it.
        let run = |from: usize, to: usize, close: &str| {
            let mut html = String::new();
            for (i, line) in added.iter().enumerate().take(to).skip(from) {
                if i > from {
                    html.push_str(closing(line.opens));
                }
                html.push_str(&self.text[start_of(i)..line.end]);
            }
            if to > from {
                html.push_str(close);
            }
            html
        };
        let append = LogAppend {
            lines: &self.text[kept_end..start_of(groups_from)],
            groups: run(groups_from, chapters_from, "</li>"),
            chapters: run(chapters_from, added.len(), "</li></ol>"),
        };
        Some(append)
    }
}

const LINES_OPEN: &str = "<div class=\"log-lines\" tabindex=\"0\">";
const LINES_CLOSE: &str = "</li></ol></div>";

/// What ends before a line that opens `opens`.
fn closing(opens: Opens) -> &'static str {
    match opens {
        Opens::Line => "",
        Opens::Group => "</li>",
        Opens::Chapter => "</li></ol>",
    }
}
