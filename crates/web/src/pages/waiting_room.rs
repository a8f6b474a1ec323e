//! The waiting room: the game page of a game that has not started. It shows who sits where;
//! the host sees the invitation links with copy buttons (kept here, so a reload loses nothing)
//! and may start or cancel the game; the others see that the host will start it. The page
//! reloads itself when the game starts or is cancelled.

use maud::{html, Markup};

use crate::i18n::Lang;

/// One seat of a game that has not started.
pub enum WaitingSeat {
    /// Someone sits here (a person or a bot); `true` for a bot.
    Taken(String, bool),
    /// Anyone may take it.
    Open,
    /// Kept for whoever has the invitation; the host sees its link.
    Invited {
        /// The link, for the host only.
        link: Option<String>,
    },
    /// Kept for the bot account of this name, which has not answered yet.
    BotInvited(String),
}

/// What the waiting room shows.
pub struct WaitingRoom {
    /// The game's id.
    pub game_id: String,
    /// The host's name.
    pub host: String,
    /// Whether the viewer is the host.
    pub viewer_is_host: bool,
    /// Whether the viewer has a seat.
    pub viewer_seated: bool,
    /// The seats in order.
    pub seats: Vec<WaitingSeat>,
}

impl WaitingRoom {
    fn taken(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| matches!(s, WaitingSeat::Taken(..)))
            .count()
    }

    /// Whether the host has invitation links to send.
    fn has_links(&self) -> bool {
        self.seats
            .iter()
            .any(|s| matches!(s, WaitingSeat::Invited { link: Some(_) }))
    }

    fn full(&self) -> bool {
        self.taken() == self.seats.len()
    }
}

/// The waiting room's card.
pub fn waiting_room(lang: Lang, room: &WaitingRoom) -> Markup {
    html! {
        section class="card waiting-room" data-game-id=(room.game_id) data-taken=(room.taken()) {
            h2 { (lang.tr("waiting-title")) }
            ol class="waiting-seats" {
                @for (index, seat) in room.seats.iter().enumerate() {
                    li {
                        @match seat {
                            WaitingSeat::Taken(name, bot) => {
                                (name) @if *bot { " " (super::icons::robot(lang)) }
                            }
                            WaitingSeat::Open => {
                                span class="muted" { (lang.tr("seat-open")) }
                                @if !room.viewer_seated && !room.viewer_is_host {
                                    " " button type="button" class="primary" data-join=(room.game_id) data-seat=(index) { (lang.tr("lobby-join")) }
                                }
                            }
                            WaitingSeat::BotInvited(name) => {
                                span class="muted" { (lang.tr_args("seat-bot-invited", &[("name", name.clone().into())])) }
                                " " (super::icons::robot(lang))
                            }
                            WaitingSeat::Invited { link: None } => span class="muted" { (lang.tr("seat-invite")) },
                            WaitingSeat::Invited { link: Some(link) } => {
                                span class="muted" { (lang.tr("seat-invite")) } " "
                                span class="invite-link" {
                                    input type="text" readonly value=(link) aria-label=(lang.tr("waiting-link"));
                                    button type="button" data-copy=(link) data-copied=(lang.tr("waiting-copied")) { (lang.tr("waiting-copy")) }
                                }
                            }
                        }
                    }
                }
            }
            @if room.viewer_is_host {
                @if room.full() {
                    p { (lang.tr("waiting-host-ready")) }
                } @else if room.has_links() {
                    p { (lang.tr("waiting-host-wait")) }
                } @else {
                    p { (lang.tr("waiting-host-open")) }
                }
                div class="game-actions" {
                    button type="button" class="primary" data-start=(room.game_id) disabled[!room.full()] { (lang.tr("lobby-start")) }
                    button type="button" data-leave=(room.game_id) { (lang.tr("waiting-cancel")) }
                }
            } @else {
                p { (lang.tr_args("waiting-for-host", &[("host", room.host.clone().into())])) }
                @if room.viewer_seated {
                    div class="game-actions" {
                        button type="button" data-leave=(room.game_id) { (lang.tr("lobby-leave")) }
                    }
                }
            }
        }
    }
}
