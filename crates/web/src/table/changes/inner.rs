//! The inner parts of a part: elements inside it whose ids start with the part's own id and a
//! dash (`t-village-0-c12`: cell 12 of village 0). When a part changes but its markup around
//! its inner parts stays the same, only the inner parts that differ need to be sent: an action
//! usually changes one or two cells of a village, not the village's 6 KB.

use std::ops::Range;

use super::element_from;

/// The pieces of a part's HTML: the markup around its inner parts (the part's own opening tag
/// included), and each inner part (the outermost ones: an inner part of an inner part is sent
/// with it).
struct Split<'a> {
    /// The markup before each inner part, and after the last.
    around: Vec<&'a str>,
    /// Each inner part: its id and its HTML.
    inner: Vec<(&'a str, &'a str)>,
}

fn split<'a>(html: &'a str, id: &str) -> Option<Split<'a>> {
    let marker = format!(" id=\"{id}-");
    // The part's own opening tag carries its own id, which does not start with `marker`; it is
    // markup around the inner parts, so that a change to it sends the part whole.
    let first = html.find('>')? + 1;
    let mut from = first;
    let mut around_start = 0;
    let mut split = Split {
        around: Vec::new(),
        inner: Vec::new(),
    };
    // One search over the part (not one per inner part); the ids inside an inner part found
    // are passed over.
    for (found, _) in html[first..].match_indices(marker.as_str()) {
        let at = first + found;
        if at < from {
            continue;
        }
        let start = html[..at].rfind('<').filter(|&start| start >= from)?;
        let Range { end, .. } = element_from(html, start)?;
        let id_start = at + " id=\"".len();
        let id_end = id_start + html[id_start..].find('"')?;
        split.around.push(&html[around_start..start]);
        split
            .inner
            .push((&html[id_start..id_end], &html[start..end]));
        (from, around_start) = (end, end);
    }
    split.around.push(&html[around_start..]);
    Some(split)
}

/// The inner parts of part `id` that differ between `before` and `now`, each by its id, when
/// everything around them is the same and sending them is shorter than sending the part;
/// otherwise `None` (the part is sent whole).
pub(super) fn changed_inner_parts<'a>(
    id: &str,
    before: &str,
    now: &'a str,
) -> Option<Vec<(&'a str, &'a str)>> {
    let (before, now_split) = (split(before, id)?, split(now, id)?);
    if now_split.inner.is_empty()
        || before.around != now_split.around
        || before.inner.len() != now_split.inner.len()
        || before
            .inner
            .iter()
            .zip(&now_split.inner)
            .any(|((was, _), (is, _))| was != is)
    {
        return None;
    }
    let changed: Vec<(&str, &str)> = now_split
        .inner
        .iter()
        .zip(&before.inner)
        .filter(|((_, now), (_, was))| now != was)
        .map(|(now, _)| *now)
        .collect();
    let bytes: usize = changed.iter().map(|(id, html)| id.len() + html.len()).sum();
    (bytes < now.len()).then_some(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEFORE: &str = "<figure id=\"v\"><svg><title>V</title>\
        <g id=\"v-c1\"><rect></rect></g><g id=\"v-c2\"><g id=\"v-c2-x\"></g><rect></rect></g>\
        <g class=\"grid\"></g></svg></figure>";

    #[test]
    fn only_the_inner_parts_that_differ_are_sent() {
        let now = BEFORE.replace(
            "<g id=\"v-c1\"><rect></rect>",
            "<g id=\"v-c1\"><circle></circle>",
        );
        assert_eq!(
            changed_inner_parts("v", BEFORE, &now),
            Some(vec![("v-c1", "<g id=\"v-c1\"><circle></circle></g>")])
        );
    }

    #[test]
    fn an_inner_part_of_an_inner_part_goes_with_its_outer_one() {
        let now = BEFORE.replace("<g id=\"v-c2-x\">", "<g id=\"v-c2-x\" class=\"lit\">");
        let changed = changed_inner_parts("v", BEFORE, &now).expect("inner parts");
        assert_eq!(changed.len(), 1);
        assert_eq!(changed[0].0, "v-c2");
        assert!(changed[0].1.ends_with("<rect></rect></g>"), "{changed:?}");
    }

    #[test]
    fn a_change_around_the_inner_parts_sends_the_part_whole() {
        let now = BEFORE.replace("<title>V</title>", "<title>W</title>");
        assert_eq!(changed_inner_parts("v", BEFORE, &now), None);
        let fewer = BEFORE.replace("<g id=\"v-c1\"><rect></rect></g>", "");
        assert_eq!(changed_inner_parts("v", BEFORE, &fewer), None);
        let renamed = BEFORE.replace("v-c1", "v-c9");
        assert_eq!(changed_inner_parts("v", BEFORE, &renamed), None);
        let retagged = BEFORE
            .replace("<figure id=\"v\">", "<figure id=\"v\" class=\"x\">")
            .replace("<g id=\"v-c1\"><rect>", "<g id=\"v-c1\"><circle>");
        assert_eq!(
            changed_inner_parts("v", BEFORE, &retagged),
            None,
            "the part's own tag changed"
        );
    }

    #[test]
    fn a_part_without_inner_parts_is_sent_whole() {
        let before = "<div id=\"p\"><b>1</b></div>";
        assert_eq!(
            changed_inner_parts("p", before, "<div id=\"p\"><b>2</b></div>"),
            None
        );
    }
}
