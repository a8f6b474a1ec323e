//! The tutorial page, `/tutorial`: what "Learn by playing" is, and the way in. A logged-in
//! reader starts a tutorial game with one button (the script posts `/api/tutorial` and opens
//! the game); a visitor gets the links to register or log in that come back here.

use maud::html;

use super::layout::{document, Page};
use super::with_next;
use crate::i18n::Lang;

/// The path of the tutorial page.
pub const TUTORIAL_PATH: &str = "/tutorial";

/// The tutorial page.
pub fn tutorial(lang: Lang, user: Option<&str>, csrf: &str) -> String {
    let page = Page::new(lang, user, csrf, "tutorial");
    document(
        &page,
        &lang.tr("tutorial-title"),
        html! {
            section class="narrow tutorial" {
                h1 { (lang.tr("tutorial-title")) }
                p { (lang.tr("tutorial-intro")) }
                ul class="points" {
                    li { (lang.tr("tutorial-point-start")) }
                    li { (lang.tr("tutorial-point-turns")) }
                    li { (lang.tr("tutorial-point-round")) }
                    li { (lang.tr("tutorial-point-checklist")) }
                }
                @if user.is_some() {
                    form id="tutorial-form" class="card" data-api="/api/tutorial" method="post" {
                        p class="form-error" role="alert" hidden {}
                        button type="submit" class="primary" data-working=(lang.tr("form-working")) {
                            (lang.tr("tutorial-start"))
                        }
                    }
                } @else {
                    p { (lang.tr("tutorial-account")) }
                    p {
                        a class="button primary" href=(with_next("/register", Some(TUTORIAL_PATH))) { (lang.tr("nav-register")) }
                        " "
                        a class="button" href=(with_next("/login", Some(TUTORIAL_PATH))) { (lang.tr("nav-login")) }
                    }
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_starts_the_tutorial_and_a_visitor_is_led_to_an_account_and_back() {
        for lang in Lang::ALL {
            let reader = tutorial(lang, Some("anna"), "token");
            assert!(reader.contains("id=\"tutorial-form\""), "{lang:?}");
            assert!(reader.contains("data-api=\"/api/tutorial\""));
            assert!(!reader.contains('⟨'), "{lang:?}: a message is missing");
            let visitor = tutorial(lang, None, "token");
            assert!(!visitor.contains("tutorial-form"));
            assert!(
                visitor.contains("href=\"/register?next=/tutorial"),
                "{lang:?}"
            );
            assert!(visitor.contains("href=\"/login?next=/tutorial"), "{lang:?}");
        }
    }
}
