//! The settings page's part on webhooks: the person's hooks with their state (a paused one can
//! be resumed), a button to delete each, and the form that adds one. A new hook's secret is
//! shown once, in the answer that made it; the list never holds one.

use maud::{html, Markup};

use crate::i18n::Lang;

/// Where the script lists and adds hooks (`POST`, `{"url": …, "format": …}`); a hook's
/// `…/{id}/delete` and `…/{id}/resume` are below it.
pub const WEBHOOKS_API: &str = "/api/settings/webhooks";

/// The formats a hook may have, by the names the API uses, in the order offered.
pub const WEBHOOK_FORMATS: [&str; 4] = ["json", "discord", "slack", "ntfy"];

/// One hook as listed.
pub struct WebhookLine {
    /// Its id.
    pub id: String,
    /// Where it posts.
    pub url: String,
    /// Its format's name (one of [`WEBHOOK_FORMATS`]).
    pub format: String,
    /// Failed deliveries in a row.
    pub failures: u32,
    /// Since when it is paused (UTC, written out), if it is.
    pub paused_since: Option<String>,
    /// Its last failure, while no delivery followed it.
    pub last_error: Option<String>,
}

/// What the part shows.
pub struct Webhooks {
    /// The hooks, oldest first.
    pub lines: Vec<WebhookLine>,
    /// How many a person may have.
    pub limit: u32,
}

fn format_label(lang: Lang, format: &str) -> String {
    lang.tr(&format!("webhook-format-{format}"))
}

/// The part on webhooks.
pub fn webhooks_section(lang: Lang, hooks: &Webhooks) -> Markup {
    html! {
        h2 id="webhooks" { (lang.tr("webhooks-title")) }
        p { (lang.tr_args("webhooks-intro", &[("limit", hooks.limit.into())])) }
        div id="webhook-list" {
            @if hooks.lines.is_empty() {
                p id="no-webhooks" { (lang.tr("webhooks-none")) }
            } @else {
                table class="tokens webhooks" {
                    thead {
                        tr {
                            th scope="col" { (lang.tr("webhook-url")) }
                            th scope="col" { (lang.tr("webhook-format")) }
                            th scope="col" { (lang.tr("webhook-state")) }
                            th scope="col" { span class="visually-hidden" { (lang.tr("webhook-actions")) } }
                        }
                    }
                    tbody {
                        @for hook in &hooks.lines {
                            tr data-webhook-id=(hook.id) {
                                td class="webhook-url" { (hook.url) }
                                td { (format_label(lang, &hook.format)) }
                                td class="webhook-state" {
                                    @match (&hook.paused_since, &hook.last_error) {
                                        (Some(since), error) => strong class="webhook-paused" {
                                            (lang.tr_args("webhook-paused", &[
                                                ("when", since.as_str().into()),
                                                ("error", error.as_deref().unwrap_or("–").into()),
                                            ]))
                                        },
                                        (None, Some(error)) => (lang.tr_args("webhook-failing", &[
                                            ("failures", hook.failures.into()),
                                            ("error", error.as_str().into()),
                                        ])),
                                        (None, None) => (lang.tr("webhook-active")),
                                    }
                                }
                                td {
                                    @if hook.paused_since.is_some() {
                                        button type="button" class="button"
                                            data-webhook-post=(format!("{WEBHOOKS_API}/{}/resume", hook.id))
                                            aria-label=(lang.tr_args("webhook-resume-named", &[("url", hook.url.as_str().into())])) {
                                            (lang.tr("webhook-resume"))
                                        }
                                        " "
                                    }
                                    button type="button" class="button"
                                        data-webhook-post=(format!("{WEBHOOKS_API}/{}/delete", hook.id))
                                        aria-label=(lang.tr_args("webhook-delete-named", &[("url", hook.url.as_str().into())])) {
                                        (lang.tr("webhook-delete"))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        form id="webhook-form" class="stack" data-api=(WEBHOOKS_API) {
            label for="webhook-url" { (lang.tr("webhook-new-url")) }
            input type="url" id="webhook-url" name="url" maxlength="500" required
                placeholder="https://";
            label for="webhook-format" { (lang.tr("webhook-new-format")) }
            select id="webhook-format" name="format" {
                @for format in WEBHOOK_FORMATS {
                    option value=(format) { (format_label(lang, format)) }
                }
            }
            p class="form-error" role="alert" hidden {}
            button type="submit" class="button primary" { (lang.tr("webhook-add")) }
        }
        div id="new-webhook" role="status" hidden {
            p { (lang.tr("webhook-copy-secret")) }
            code class="secret" {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hook(id: &str, paused: bool, error: Option<&str>) -> WebhookLine {
        WebhookLine {
            id: id.into(),
            url: format!("https://hooks.example/{id}"),
            format: "discord".into(),
            failures: u32::from(error.is_some()) * 10,
            paused_since: paused.then(|| "2026-11-28 10:00 UTC".into()),
            last_error: error.map(str::to_string),
        }
    }

    #[test]
    fn each_hook_shows_its_state_and_what_can_be_done_in_every_language() {
        for lang in Lang::ALL {
            let none = webhooks_section(
                lang,
                &Webhooks {
                    lines: Vec::new(),
                    limit: 5,
                },
            )
            .into_string();
            assert!(none.contains("id=\"no-webhooks\""), "{none}");
            assert!(none.contains(&format!("data-api=\"{WEBHOOKS_API}\"")));
            let listed = webhooks_section(
                lang,
                &Webhooks {
                    lines: vec![
                        hook("a1", false, None),
                        hook("b2", true, Some("HTTP 500")),
                        hook("c3", false, Some("HTTP 502")),
                    ],
                    limit: 5,
                },
            )
            .into_string();
            assert!(listed.contains("/api/settings/webhooks/a1/delete"));
            assert!(!listed.contains("/api/settings/webhooks/a1/resume"));
            assert!(listed.contains("/api/settings/webhooks/b2/resume"));
            assert!(listed.contains("class=\"webhook-paused\""));
            assert!(listed.contains("HTTP 500") && listed.contains("HTTP 502"));
            assert!(!listed.contains("secret\">hvw_"), "no secret is listed");
            for key in [
                "webhooks-title",
                "webhooks-intro",
                "webhooks-none",
                "webhook-url",
                "webhook-format",
                "webhook-state",
                "webhook-actions",
                "webhook-active",
                "webhook-paused",
                "webhook-failing",
                "webhook-delete",
                "webhook-delete-named",
                "webhook-resume",
                "webhook-resume-named",
                "webhook-new-url",
                "webhook-new-format",
                "webhook-add",
                "webhook-copy-secret",
                "webhook-your-turn",
                "webhook-started",
                "webhook-ended",
                "webhook-abandoned",
                "webhook-clock",
                "webhook-tournament",
            ] {
                assert!(lang.has(key), "{} has no words for {key}", lang.code());
            }
            for format in WEBHOOK_FORMATS {
                let key = format!("webhook-format-{format}");
                assert!(lang.has(&key), "{} has no words for {key}", lang.code());
            }
        }
    }
}
