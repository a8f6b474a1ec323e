//! What a browser is told when the table changes: only what differs from the table it has.
//!
//! A browser's first table (and the first after it reconnects) is the whole HTML. After that,
//! a message of `"type": "table"` carries the root's opening tag (its `data-version` and the
//! like change with every decision), the parts whose HTML differs, by id, each to replace the
//! element with that id whole (or only the parts inside it that changed, see [`inner`]), and
//! the log's new lines to append. The log is a part like the others (id `log`) when it cannot
//! grow by appending: after an undo took lines back, or when its first line arrives. When the changes would be longer than the table, the table is sent.
//!
//! [`apply_update`] applies a message to the table's HTML with the rules the browser script
//! follows on the page, so that tests (and the load generator) can check that a browser ends
//! up with exactly the table it would have been sent whole.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

mod inner;

use super::log::LogAppend;
use super::parts::{Piece, RenderedTable};

/// What to send a browser that has `before` so that it has this table.
#[derive(Debug, PartialEq, Eq)]
pub enum TableUpdate {
    /// The whole table's HTML.
    Whole(String),
    /// A JSON message with the changes.
    Changes(String),
    /// Nothing: the browser's table is this one already.
    Unchanged,
}

#[derive(Serialize, Deserialize)]
struct Changes<'a> {
    #[serde(rename = "type")]
    kind: Cow<'a, str>,
    #[serde(borrow)]
    root: Cow<'a, str>,
    #[serde(default, skip_serializing_if = "Vec::is_empty", borrow)]
    parts: Vec<(Cow<'a, str>, Cow<'a, str>)>,
    #[serde(default, skip_serializing_if = "Option::is_none", borrow)]
    log: Option<Appended<'a>>,
}

/// The log's new lines, by where they go (see [`LogAppend`]); empty ones are left out.
#[derive(Default, Serialize, Deserialize)]
struct Appended<'a> {
    #[serde(default, skip_serializing_if = "str::is_empty", borrow)]
    lines: Cow<'a, str>,
    #[serde(default, skip_serializing_if = "str::is_empty", borrow)]
    groups: Cow<'a, str>,
    #[serde(default, skip_serializing_if = "str::is_empty", borrow)]
    chapters: Cow<'a, str>,
}

impl RenderedTable {
    /// What a browser that was last sent `before` (`None`: nothing yet) needs to show this table.
    pub fn update_since(&self, before: Option<&RenderedTable>) -> TableUpdate {
        let Some(before) = before else {
            return TableUpdate::Whole(self.html());
        };
        let mut changes = Changes {
            kind: "table".into(),
            root: self.root.as_str().into(),
            parts: Vec::new(),
            log: None,
        };
        if self.pieces.len() != before.pieces.len() {
            return TableUpdate::Whole(self.html());
        }
        for (now, was) in self.pieces.iter().zip(&before.pieces) {
            match (now, was) {
                (Piece::Frame(now), Piece::Frame(was)) if now == was => {}
                (
                    Piece::Part { id, html },
                    Piece::Part {
                        id: was_id,
                        html: was,
                    },
                ) if id == was_id => {
                    if !html.same_as(was) {
                        match inner::changed_inner_parts(id, was.as_str(), html.as_str()) {
                            Some(inner) => changes.parts.extend(
                                inner.into_iter().map(|(id, html)| (id.into(), html.into())),
                            ),
                            None => changes.parts.push((id.into(), html.as_str().into())),
                        }
                    }
                }
                // The table's layout changed (it never does within a game).
                _ => return TableUpdate::Whole(self.html()),
            }
        }
        match self.log.appended_since(&before.log) {
            Some(LogAppend {
                lines,
                groups,
                chapters,
            }) => {
                if !(lines.is_empty() && groups.is_empty() && chapters.is_empty()) {
                    changes.log = Some(Appended {
                        lines: lines.into(),
                        groups: groups.into(),
                        chapters: chapters.into(),
                    });
                }
            }
            None if self.log == before.log => {}
            None => changes.parts.push(("log".into(), self.log.html().into())),
        }
        if changes.root == before.root && changes.parts.is_empty() && changes.log.is_none() {
            return TableUpdate::Unchanged;
        }
        let message = serde_json::to_string(&changes).expect("changes serialize");
        if message.len() >= self.len() {
            return TableUpdate::Whole(self.html());
        }
        TableUpdate::Changes(message)
    }
}

/// Applies a message from the server to `table` (the table's HTML) as the browser script does
/// on the page: a whole table replaces it; a `"table"` message sets the root's attributes,
/// replaces each part by id and appends the log's new lines to the last group, the last
/// chapter and the log. Other messages (chat, errors) leave it as it is.
///
/// # Errors
/// The message is not one the server sends, or names an element the table does not have.
pub fn apply_update(table: &mut String, message: &str) -> Result<(), String> {
    if message.starts_with('<') {
        message.clone_into(table);
        return Ok(());
    }
    let value: serde_json::Value = serde_json::from_str(message).map_err(|e| e.to_string())?;
    if value["type"] != "table" {
        return Ok(());
    }
    let changes: Changes = serde_json::from_str(message).map_err(|e| e.to_string())?;
    let root_end = table.find('>').ok_or("no root")? + 1;
    table.replace_range(..root_end, &changes.root);
    for (id, html) in &changes.parts {
        let range = element(table, id).ok_or_else(|| format!("no element {id}"))?;
        table.replace_range(range, html);
    }
    if let Some(log) = changes.log {
        // Each goes at the end of the last element of its kind in the log: the last group
        // (`li`), the last chapter (`ol`), the lines (`div`).
        for (html, into) in [
            (log.lines, "</li>"),
            (log.groups, "</ol>"),
            (log.chapters, "</div>"),
        ] {
            let section = element(table, "log").ok_or("no log")?;
            let at = table[section.clone()]
                .rfind(into)
                .ok_or_else(|| format!("no {into} in the log"))?;
            table.insert_str(section.start + at, &html);
        }
    }
    Ok(())
}

/// Where the element with `id` is in `html`, from its opening tag to the end of its closing
/// tag (elements of the same name nested in it counted).
fn element(html: &str, id: &str) -> Option<std::ops::Range<usize>> {
    let marker = format!(" id=\"{id}\"");
    let at = html.find(&marker)?;
    let start = html[..at].rfind('<')?;
    element_from(html, start)
}

/// Where the element whose opening tag starts at `start` ends: the range from `start` to the
/// end of its closing tag (elements of the same name nested in it counted).
///
/// One pass over the tags after `start` (a byte search for each `<`): the server runs this for
/// every inner part of every changed panel, so it must not search the rest of the table again
/// for each nested element.
pub(super) fn element_from(html: &str, start: usize) -> Option<std::ops::Range<usize>> {
    let name_end = start + 1 + html[start + 1..].find([' ', '>'])?;
    let name = &html[start + 1..name_end];
    let mut depth = 0usize;
    let mut at = name_end;
    while let Some(found) = html[at..].find('<') {
        let tag = at + found;
        let after_bracket = &html[tag + 1..];
        if let Some(after_name) = after_bracket
            .strip_prefix('/')
            .and_then(|closing| closing.strip_prefix(name))
        {
            if after_name.starts_with('>') {
                if depth == 0 {
                    return Some(start..tag + "</>".len() + name.len());
                }
                depth -= 1;
            }
        } else if after_bracket
            .strip_prefix(name)
            .is_some_and(|after_name| after_name.starts_with([' ', '>']))
        {
            depth += 1;
        }
        at = tag + 1;
    }
    None
}

#[cfg(test)]
mod tests;
