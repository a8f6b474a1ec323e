//! The size of the table's text as a person sees it: each text's computed font size times the
//! scale its SVG draws it at (the screen's transform), with the few texts left smaller and why.

use fantoccini::Client;
use serde_json::json;

use super::{fault_words, SETTLE};

/// Texts drawn smaller than 10 px on a 1366 × 768 desk, each (a CSS selector of the element or
/// one around it, why).
pub const TEXT_EXCEPTIONS: &[(&str, &str)] = &[
    (
        "#t-display :is(.tile-name, .tile-makes)",
        "a row of six stacks on offer leaves 84 units for a building's name and product, too \
         few at the board's 15.5; each stack's title (on hover) and accessible name say both, \
         and so does its detail in the page's type while the keyboard's focus is on it",
    ),
    (
        ".panel.village .building .tile-name:not([font-size=\"8.5\"])",
        "a building's name too long for its cell at 8.5 units is fitted to it, down to 6.5 \
         (9.3 px in the village drawn large at 1366 x 768 while ring 1 is drawn larger; a \
         village drawn whole names no building on its tile); its title says it whole",
    ),
];

/// The texts of the table drawn smaller than `smallest` px that are not [`TEXT_EXCEPTIONS`], one
/// line each with its size and where it is; then the number of distinct texts measured. Each
/// village is drawn large (or shown, on a phone) in turn, and the one shown before is shown
/// again after.
pub async fn small_texts(client: &Client, smallest: f64) -> (Vec<String>, u64) {
    let found = client
        .execute(
            &[
                SETTLE,
                "const [smallest, exceptions] = arguments;
                 const table = document.getElementById('table');
                 const below = new Map(), seen = new Set();
                 const measure = () => {
                   const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
                   for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                     const text = node.textContent.trim().replace(/\\s+/g, ' ');
                     const el = node.parentElement;
                     if (!text || el.closest('title, .visually-hidden')) continue;
                     if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
                     let size = parseFloat(getComputedStyle(el).fontSize);
                     if (el instanceof SVGGraphicsElement) {
                       const m = el.getScreenCTM();
                       size *= Math.hypot(m.a, m.b);
                     }
                     seen.add(text);
                     const village = el.closest('.panel.village');
                     if (village && el.closest('svg') && village.dataset.village !== table.dataset.villageShown) {
                       below.set(text, { size, where: 'drawn in the small village ' + village.id });
                       continue;
                     }
                     if (size >= smallest - 0.05 || exceptions.some(([css]) => el.closest(css))) continue;
                     const where = (el.closest('[id]') || el).id + ' .' + (el.getAttribute('class') || el.tagName);
                     if (!below.has(text) || below.get(text).size > size) below.set(text, { size, where });
                   }
                 };
                 const shown = table.dataset.villageShown;
                 for (const village of table.querySelectorAll('.panel.village')) {
                   table.dataset.villageShown = village.dataset.village;
                   measure();
                 }
                 table.dataset.villageShown = shown;
                 return {
                   below: Array.from(below, ([text, { size, where }]) =>
                     size.toFixed(1) + ' px: ' + text.slice(0, 40) + ' (' + where + ')').sort(),
                   seen: seen.size,
                 };",
            ]
            .concat(),
            vec![json!(smallest), json!(TEXT_EXCEPTIONS)],
        )
        .await
        .expect("measure the text");
    (
        fault_words(&found["below"]),
        found["seen"].as_u64().expect("a count"),
    )
}
