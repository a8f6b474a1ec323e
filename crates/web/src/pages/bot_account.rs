//! The settings page's part on bot accounts: a person may turn a fresh account into a bot (for
//! good), and a bot account's own session lists, creates and revokes its API tokens. A new
//! token's secret is shown once, in the answer that made it; the list never holds one.

use maud::{html, Markup};

use crate::i18n::Lang;

/// Where the script turns the account into a bot (`POST`, `{"for_good": true}`).
pub const BECOME_BOT_API: &str = "/api/account/bot";
/// Where the script lists and creates tokens (`POST`, `{"name": …}`).
pub const BOT_TOKENS_API: &str = "/api/bot/tokens";

/// One token as listed, its times already written out (UTC).
pub struct TokenLine {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// When it was created.
    pub created: String,
    /// When it was last used, if ever.
    pub last_used: Option<String>,
    /// When it was revoked, if it was.
    pub revoked: Option<String>,
}

/// What the account is, for this part of the page.
pub enum BotAccount {
    /// A person's account that has played nothing yet: it may become a bot account.
    MayBecomeBot,
    /// A person's account that has played: a bot needs an account of its own.
    Person,
    /// A bot account, with its tokens (newest first).
    Bot(Vec<TokenLine>),
}

/// The part on bot accounts.
pub fn bot_account_section(lang: Lang, account: &BotAccount) -> Markup {
    html! {
        h2 id="bot-account" { (lang.tr("bot-account-title")) }
        @match account {
            BotAccount::Person => p { (lang.tr("bot-account-played")) },
            BotAccount::MayBecomeBot => {
                p { (lang.tr("bot-account-intro")) }
                p {
                    button type="button" class="button" data-become-bot=(BECOME_BOT_API)
                        data-confirm=(lang.tr("bot-account-confirm")) {
                        (lang.tr("bot-account-become"))
                    }
                }
            }
            BotAccount::Bot(tokens) => {
                p { (lang.tr("bot-account-is-bot")) }
                h3 { (lang.tr("bot-tokens-title")) }
                div id="token-list" {
                @if tokens.is_empty() {
                    p id="no-tokens" { (lang.tr("bot-tokens-none")) }
                } @else {
                    table class="tokens" {
                        thead {
                            tr {
                                th scope="col" { (lang.tr("bot-token-name")) }
                                th scope="col" { (lang.tr("bot-token-created")) }
                                th scope="col" { (lang.tr("bot-token-last-used")) }
                                th scope="col" { span class="visually-hidden" { (lang.tr("bot-token-state")) } }
                            }
                        }
                        tbody {
                            @for token in tokens {
                                tr data-token-id=(token.id) {
                                    td { (token.name) }
                                    td { (token.created) }
                                    td { (token.last_used.as_deref().unwrap_or("–")) }
                                    td {
                                        @match &token.revoked {
                                            Some(when) => (lang.tr_args("bot-token-revoked", &[("when", when.as_str().into())])),
                                            None => button type="button" class="button"
                                                data-revoke-token=(format!("{BOT_TOKENS_API}/{}/revoke", token.id))
                                                aria-label=(lang.tr_args("bot-token-revoke-named", &[("name", token.name.as_str().into())])) {
                                                (lang.tr("bot-token-revoke"))
                                            },
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                }
                form id="token-form" class="stack" data-api=(BOT_TOKENS_API) {
                    label for="token-name" { (lang.tr("bot-token-new-name")) }
                    input type="text" id="token-name" name="name" maxlength="40" required;
                    p class="form-error" role="alert" hidden {}
                    button type="submit" class="button primary" { (lang.tr("bot-token-create")) }
                }
                div id="new-token" role="status" hidden {
                    p { (lang.tr("bot-token-copy-now")) }
                    code class="secret" {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(id: &str, revoked: bool) -> TokenLine {
        TokenLine {
            id: id.into(),
            name: format!("name of {id}"),
            created: "2026-11-28 10:00 UTC".into(),
            last_used: None,
            revoked: revoked.then(|| "2026-11-28 11:00 UTC".into()),
        }
    }

    #[test]
    fn each_kind_of_account_sees_its_part_in_every_language() {
        for lang in Lang::ALL {
            let fresh = bot_account_section(lang, &BotAccount::MayBecomeBot).into_string();
            assert!(fresh.contains(&format!("data-become-bot=\"{BECOME_BOT_API}\"")));
            assert!(
                fresh.contains("data-confirm="),
                "asks before it is for good"
            );
            let played = bot_account_section(lang, &BotAccount::Person).into_string();
            assert!(!played.contains("data-become-bot"), "{played}");
            let bot = bot_account_section(
                lang,
                &BotAccount::Bot(vec![token("a1", false), token("b2", true)]),
            )
            .into_string();
            assert!(bot.contains("data-revoke-token=\"/api/bot/tokens/a1/revoke\""));
            assert!(
                !bot.contains("/api/bot/tokens/b2/revoke"),
                "a revoked token has nothing left to revoke"
            );
            assert!(bot.contains("id=\"token-form\""));
            assert!(!bot.contains("data-become-bot"));
            for key in [
                "bot-account-title",
                "bot-account-played",
                "bot-account-intro",
                "bot-account-confirm",
                "bot-account-become",
                "bot-account-is-bot",
                "bot-tokens-title",
                "bot-tokens-none",
                "bot-token-name",
                "bot-token-created",
                "bot-token-last-used",
                "bot-token-state",
                "bot-token-revoked",
                "bot-token-revoke",
                "bot-token-revoke-named",
                "bot-token-new-name",
                "bot-token-create",
                "bot-token-copy-now",
            ] {
                assert!(lang.has(key), "{} has no words for {key}", lang.code());
            }
        }
    }
}
