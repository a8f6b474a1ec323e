//! An element's opening tag, cut from its markup: the table's root and the log are sent as
//! their opening tag with their content apart, and a part is known to be one element by its
//! first tag. The log and the parts both write tags this way, so this sits below them.

use maud::Markup;

/// The opening tag of an element drawn without content (`<div a="b"></div>` → `<div a="b">`).
pub(crate) fn opening_tag(empty: Markup) -> String {
    let mut html = empty.into_string();
    let end = html.rfind("</").expect("an element with its closing tag");
    html.truncate(end);
    html
}

/// The first tag of `html`.
pub(super) fn opening_tag_of(html: &str) -> &str {
    html.find('>').map_or(html, |end| &html[..=end])
}
