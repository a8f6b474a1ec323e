//! The frame of every page: head, navigation, language switch and footer.

use maud::{html, Markup, DOCTYPE};

use crate::i18n::Lang;

/// What every page knows about its request.
pub struct Page<'a> {
    /// The page's language.
    pub lang: Lang,
    /// The logged-in user, if any.
    pub user: Option<&'a str>,
    /// The CSRF token, for the script's POST requests.
    pub csrf: &'a str,
    /// A name for the page, as `data-page` on `<body>`: the script starts what the page needs.
    pub kind: &'a str,
}

impl<'a> Page<'a> {
    /// A page of `kind`.
    pub fn new(lang: Lang, user: Option<&'a str>, csrf: &'a str, kind: &'a str) -> Page<'a> {
        Page {
            lang,
            user,
            csrf,
            kind,
        }
    }
}

/// A complete HTML document around `content`.
pub fn document(page: &Page, title: &str, content: Markup) -> String {
    let lang = page.lang;
    let markup = html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="csrf-token" content=(page.csrf);
                title { (title) " – " (lang.tr("site-title")) }
                link rel="stylesheet" href="/static/app.css";
                link rel="icon" href="/static/icon.svg" type="image/svg+xml";
                script src="/static/app.js" defer {}
            }
            body data-page=(page.kind) data-lang=(lang.code()) data-user=[page.user] {
                a class="skip" href="#content" { (lang.tr("skip-to-content")) }
                header class="site-header" {
                    a class="brand" href="/" { "Helvetia" }
                    // On a phone the links fold into a menu behind this button, so the header keeps one row.
                    button type="button" class="menu-toggle" data-menu-toggle="" aria-expanded="false" { (lang.tr("nav-menu")) }
                    nav class="main-nav" aria-label=(lang.tr("site-title")) {
                        a href="/lobby" { (lang.tr("nav-lobby")) }
                        a href="/tutorial" { (lang.tr("nav-tutorial")) }
                        a href="/rules" { (lang.tr("nav-rules")) }
                        a href="/tournaments" { (lang.tr("nav-tournaments")) }
                        a href="/leaderboard" { (lang.tr("nav-leaderboard")) }
                        @match page.user {
                            Some(name) => {
                                // The name alone keeps the header on one row at a laptop's width;
                                // the whole sentence is its name for readers and its tooltip.
                                @let signed_in = lang.tr_args("signed-in-as", &[("name", name.into())]);
                                a class="user" href={ "/players/" (name) } aria-label=(signed_in) title=(signed_in) { (name) }
                                // Shown by the script while games await the person: opens the one
                                // that has waited longest.
                                a class="awaiting" href="/next" hidden {
                                    (lang.tr("awaiting-you")) " " span class="awaiting-count" {}
                                }
                                button type="button" class="link notify-toggle" hidden
                                    data-your-turn=(lang.tr("notify-your-turn")) data-started=(lang.tr("notify-started"))
                                    data-ended=(lang.tr("notify-ended")) data-soon=(lang.tr("notify-soon"))
                                    data-table-ready=(lang.tr("notify-table-ready")) {
                                    (lang.tr("notify-enable"))
                                }
                                a href="/settings" { (lang.tr("nav-settings")) }
                                button type="button" class="link logout" { (lang.tr("nav-logout")) }
                            }
                            None => {
                                a href="/login" { (lang.tr("nav-login")) }
                                a href="/register" { (lang.tr("nav-register")) }
                            }
                        }
                    }
                    // The languages fold behind the current one's name, so that the header keeps
                    // one row at a laptop's width with a long name and every link in any language.
                    details class="lang-switch" {
                        summary {
                            svg class="icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" {
                                circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.3" {}
                                path d="M1.5 8h13M8 1.5c-2.2 2.2-2.2 10.8 0 13M8 1.5c2.2 2.2 2.2 10.8 0 13" fill="none" stroke="currentColor" stroke-width="1.3" {}
                            }
                            " "
                            span class="visually-hidden" { (lang.tr("nav-language")) ": " }
                            span lang=(lang.code()) { (lang.native_name()) }
                        }
                        nav aria-label=(lang.tr("nav-language")) {
                            @for other in Lang::ALL {
                                a href={ "?lang=" (other.code()) } hreflang=(other.code()) lang=(other.code())
                                    data-lang=(other.code())
                                    aria-current=[(other == lang).then_some("true")] { (other.native_name()) }
                            }
                        }
                    }
                }
                main id="content" { (content) }
                footer class="site-footer" {
                    p { "Helvetia © Matthias Cramer, Kosmos 2011 · " a href="/rules" { (lang.tr("nav-rules")) } }
                }
            }
        }
    };
    markup.into_string()
}
