//! Page tests: every page renders in every language, with the language switch, and escapes
//! what users type.

use helvetia_engine::{GameOptions, Seat};

use super::*;
use crate::GameSummary;

fn summary(id: &str, status: &str, your_turn: bool) -> GameSummary {
    GameSummary {
        id: id.into(),
        players: vec![("anna".into(), false), ("Bot 1".into(), true)],
        seats: 3,
        status: status.into(),
        your_turn,
        options: GameOptions {
            round_limit: Some(3),
            ..GameOptions::for_players(3)
        },
        open_seats: if status == "open" { vec![2] } else { vec![] },
        created_at: "2026-11-21 10:00".into(),
        winner_names: if status == "finished" {
            vec!["anna".into()]
        } else {
            vec![]
        },
        time_control: (status == "running").then_some(crate::Pace {
            bank_secs: 300,
            per_turn_secs: 0,
            increment_secs: 10,
            stand_in: "random",
        }),
        rated: status == "finished",
        on_vacation: if status == "running" {
            vec!["beat".into()]
        } else {
            vec![]
        },
    }
}

fn all_pages(lang: Lang, user: Option<&str>) -> Vec<String> {
    let open = [summary("o1", "open", false)];
    let mine = [
        summary("m1", "running", false),
        summary("m2", "running", true),
    ];
    let finished = [summary("f1", "finished", false)];
    vec![
        home(lang, user, "tok", None),
        login(lang, user, "tok", None),
        register(lang, user, "tok", Some("/lobby?invite=abc")),
        lobby(
            lang,
            user,
            "tok",
            LobbyLists {
                open: &open,
                mine: &mine,
                running: &mine,
                finished: &finished,
                bot_ratings: &[("mcts", 1810)],
                tournaments: &[tournament_summary("running", 2)],
            },
            Some(&Invitation {
                token: "abc".into(),
                game: Some(summary("o1", "open", false)),
            }),
        ),
        game(
            lang,
            user,
            "tok",
            table_of("g7", None, None),
            (&[], Phrases(&["thanks"])),
        ),
        game(
            lang,
            user,
            "tok",
            table_of("g7", None, Some(&waiting_room(true))),
            (&[], Phrases(&["thanks"])),
        ),
        replay(
            lang,
            user,
            "tok",
            &Replay {
                game_id: "g7",
                initial_table_html: "<div class=\"table-root\"></div>",
                total_steps: 42,
                chat_lines: &[],
                analysis: &AnalysisStanding::None { can_ask: true },
            },
        ),
        rules(lang, user, "tok"),
        error(lang, user, "tok", 404, "no such game"),
        tournaments(
            lang,
            user,
            "tok",
            &TournamentLists {
                upcoming: vec![tournament_summary("upcoming", 0)],
                running: vec![tournament_summary("running", 2)],
                finished: vec![tournament_summary("cancelled", 0)],
            },
        ),
        tournament(lang, user, "tok", &tournament_view(user.is_some())),
    ]
}

fn tournament_summary(status: &'static str, round: u32) -> TournamentSummary {
    TournamentSummary {
        id: "t1".into(),
        name: "Autumn <cup>".into(),
        creator: "carla".into(),
        players: 3,
        pace: "live-20",
        rounds: 3,
        starts_at: "2026-11-28T10:00:00Z".into(),
        starts_at_ms: 1_795_860_000_000,
        round_minutes: 120,
        rated: true,
        min_rating: Some(1400),
        min_games: 2,
        status,
        round,
        entries: 4,
    }
}

/// A running tournament of 4 at tables of 3: round 1 over (a table and a bye), round 2 being
/// played at the viewer's table.
fn tournament_view(signed_in: bool) -> TournamentView {
    let player =
        |name: &str, rank: Option<u8>, vp: Option<u32>, points: Option<f64>| TablePlayerView {
            name: name.into(),
            rank,
            vp,
            points,
        };
    let standing = |rank, name: &str, points, opponents, vp, byes| StandingView {
        rank,
        name: name.into(),
        points,
        opponents,
        vp,
        played: 1 - byes,
        byes,
        withdrawn: name == "carla",
    };
    TournamentView {
        tournament: tournament_summary("running", 2),
        entrants: ["anna", "beat", "carla", "dario"]
            .iter()
            .map(|name| EntrantView {
                name: (*name).into(),
                rating: 1500,
                withdrawn: *name == "carla",
            })
            .collect(),
        standings: vec![
            standing(1, "anna", 3.0, 1.5, 30, 0),
            standing(2, "dario", 1.5, 0.0, 0, 1),
            standing(2, "beat", 1.5, 3.0, 25, 0),
            standing(4, "carla", 0.0, 4.5, 20, 0),
        ],
        rounds: vec![
            RoundView {
                round: 1,
                tables: vec![TableView {
                    table: 1,
                    game: Some("g1".into()),
                    status: Some("finished"),
                    players: vec![
                        player("anna", Some(1), Some(30), Some(3.0)),
                        player("beat", Some(2), Some(25), Some(1.5)),
                        player("carla", Some(3), Some(20), Some(0.0)),
                    ],
                }],
                byes: vec!["dario".into()],
            },
            RoundView {
                round: 2,
                tables: vec![TableView {
                    table: 1,
                    game: Some("g2".into()),
                    status: Some("running"),
                    players: ["anna", "beat", "dario"]
                        .iter()
                        .map(|name| player(name, None, None, None))
                        .collect(),
                }],
                byes: vec!["carla".into()],
            },
        ],
        you: signed_in.then(|| YouView {
            entered: true,
            withdrawn: false,
            game: Some("g2".into()),
            game_over: false,
        }),
        stamp: "running-2-4-2-3".into(),
    }
}

#[test]
fn the_lobby_lists_the_viewers_tournaments_with_where_they_stand() {
    let running = [tournament_summary("running", 2)];
    let mut with = lists(&[], &[], &[]);
    with.tournaments = &running;
    let page = lobby(Lang::En, Some("anna"), "tok", with, None);
    assert!(page.contains("href=\"/tournaments/t1\""));
    assert!(page.contains("Round 2 of 3"), "{page}");
    let without = lobby(Lang::En, Some("anna"), "tok", lists(&[], &[], &[]), None);
    assert!(!without.contains(&Lang::En.tr("lobby-my-tournaments")));
}

#[test]
fn a_tournament_page_shows_standings_results_and_the_viewers_table() {
    let page = tournament(Lang::De, Some("anna"), "tok", &tournament_view(true));
    assert!(page.contains("Autumn &lt;cup&gt;"), "names are escaped");
    assert!(
        page.contains("href=\"/games/g1/replay\""),
        "an ended table links its replay"
    );
    assert!(
        page.contains("href=\"/games/g2\""),
        "a running table links its game"
    );
    assert!(page.contains("1,5"), "half points in German write a comma");
    assert!(page.contains("data-stamp=\"running-2-4-2-3\""));
    assert!(page.contains(&Lang::De.tr("tournament-go-to-table")));
    assert!(
        page.contains(&Lang::De.tr("tournament-leave")),
        "a player still in a running tournament may leave it"
    );
    assert_eq!(
        page.matches(&Lang::De.tr("tournament-withdrew")).count(),
        2,
        "the one who left is marked in the standings and among the entrants"
    );
    let mut gone = tournament_view(true);
    gone.you.as_mut().unwrap().withdrawn = true;
    let page = tournament(Lang::En, Some("anna"), "tok", &gone);
    assert!(page.contains(&Lang::En.tr("tournament-you-withdrew")));
    assert!(!page.contains(&Lang::En.tr("tournament-leave")));
    let anonymous = tournament(Lang::En, None, "tok", &tournament_view(false));
    assert!(!anonymous.contains(&Lang::En.tr("tournament-go-to-table")));
    assert!(!anonymous.contains(&Lang::En.tr("tournament-leave")));
    assert!(anonymous.contains("1.5"));
}

#[test]
fn every_page_renders_in_every_language_with_the_switch() {
    for lang in Lang::ALL {
        for user in [None, Some("anna")] {
            for page in all_pages(lang, user) {
                assert!(page.starts_with("<!DOCTYPE html>"));
                assert!(page.contains(&format!("<html lang=\"{}\">", lang.code())));
                assert!(!page.contains('⟨'), "{}: missing message", lang.code());
                for other in Lang::ALL {
                    assert!(page.contains(&format!("href=\"?lang={}\"", other.code())));
                }
                assert!(page.contains("<meta name=\"csrf-token\" content=\"tok\">"));
                if let Some(user) = user {
                    assert!(page.contains(user), "the user's name is shown");
                }
            }
        }
    }
}

#[test]
fn the_lobby_lists_your_turn_games_first_and_offers_join_and_start() {
    let open = [summary("o1", "open", false)];
    let mine = [
        summary("m1", "running", false),
        summary("m2", "running", true),
    ];
    let page = lobby(Lang::En, Some("zoe"), "t", lists(&open, &mine, &[]), None);
    let m1 = page.find("data-game-id=\"m1\"").unwrap();
    let m2 = page.find("data-game-id=\"m2\"").unwrap();
    assert!(m2 < m1, "the game waiting for you comes first");
    assert!(page.contains("data-join=\"o1\" data-seat=\"2\""));
    assert!(page.contains("id=\"create-game\""));
    assert!(page.contains("name=\"round_limit\""));
    // An empty target follows the tiles option: the form says which default applies (ruling 4).
    assert!(page.contains("name=\"target_vp\""));
    assert!(
        !page.contains("name=\"target_vp\" value="),
        "no fixed value"
    );
    assert!(page.contains("data-with-tiles=\"empty: 20"));
    assert!(page.contains("data-without-tiles=\"empty: 18"));
    for level in [
        "bot:random",
        "bot:greedy",
        "bot:mcts",
        "invite",
        "bot_account",
        "open",
        "me",
    ] {
        assert!(page.contains(&format!("value=\"{level}\"")), "{level}");
    }
    assert!(
        page.contains("name=\"seat1_bot\""),
        "a bot account is named per seat"
    );
    // Not logged in: no create form, no join buttons.
    let page = lobby(Lang::En, None, "t", lists(&open, &[], &[]), None);
    assert!(!page.contains("id=\"create-game\""));
    assert!(!page.contains("data-join"));
}

#[test]
fn user_text_is_escaped() {
    let page = error(
        Lang::En,
        Some("<b>x</b>"),
        "t",
        400,
        "<script>alert(1)</script>",
    );
    assert!(!page.contains("<script>alert"));
    assert!(page.contains("&lt;script&gt;"));
    assert!(!page.contains("<b>x</b>"));
}

#[test]
fn the_rules_page_lists_every_reconstructed_value() {
    let page = rules(Lang::De, None, "t");
    let reconstructed = helvetia_engine::COMPONENT_PROVENANCE
        .iter()
        .filter(|(_, s)| *s == helvetia_engine::Source::Reconstructed)
        .count();
    assert_eq!(
        page.matches("class=\"source-reconstructed\"").count(),
        reconstructed
    );
    assert!(page.contains("Metzgerei"));
    assert!(page.contains("Spielregel"));
}

#[test]
fn creation_times_read_like_times() {
    assert_eq!(
        lobby::readable_time("2026-11-21T10:26:18Z"),
        "2026-11-21 10:26 UTC"
    );
    assert_eq!(lobby::readable_time("yesterday"), "yesterday");
}

#[test]
fn the_game_page_marks_the_viewers_seat_for_the_shared_table() {
    let table = "<div class=\"table-root\"></div>";
    let seated = game(
        Lang::En,
        Some("anna"),
        "tok",
        GameTable {
            initial_table_html: table,
            ..table_of("g7", Some(Seat(1)), None)
        },
        (&[], Phrases(&[])),
    );
    assert!(seated.contains("data-seat=\"1\""));
    assert!(
        seated.contains("data-forced-steps=\"/api/settings/forced-steps\" checked"),
        "a player finds the forced-step switch in the game bar, on"
    );
    assert!(seated.contains("/api/games/g7/ws?format=html"));
    let spectator = game(
        Lang::En,
        None,
        "tok",
        GameTable {
            initial_table_html: table,
            ..table_of("g7", None, None)
        },
        (&[], Phrases(&[])),
    );
    assert!(!spectator.contains("data-seat"));
    assert!(
        !spectator.contains("data-forced-steps"),
        "spectators have no steps"
    );
    // The style sheet shows the "you" tag and the highlight only on that seat's village.
    for seat in 0..4 {
        let own = format!("#table[data-seat=\"{seat}\"] .village[data-village=\"{seat}\"]");
        assert!(crate::STATIC_CSS.contains(&format!("{own} .you-tag")));
        assert!(crate::STATIC_CSS.contains(&format!("{own} .village-ground")));
    }
}

#[test]
fn the_lobby_tells_each_games_pace_and_can_filter_by_it() {
    let open = [summary("o1", "open", false)];
    let mine = [summary("r1", "running", true)];
    let finished = [summary("f1", "finished", false)];
    let page = lobby(
        Lang::En,
        Some("anna"),
        "tok",
        lists(&open, &mine, &finished),
        None,
    );
    assert!(page.contains("class=\"lobby-filters card\""));
    assert!(
        page.contains("data-pace=\"live\" data-rated=\"false\""),
        "{page}"
    );
    assert!(page.contains("live, 5 min + 10 s"));
    assert!(page.contains("data-pace=\"none\" data-rated=\"true\""));
    assert!(page.contains("data-players=\"3\""));
}

fn lists<'a>(
    open: &'a [GameSummary],
    mine: &'a [GameSummary],
    finished: &'a [GameSummary],
) -> LobbyLists<'a> {
    LobbyLists {
        open,
        mine,
        running: &[],
        finished,
        bot_ratings: &[],
        tournaments: &[],
    }
}

fn table_of<'a>(
    game_id: &'a str,
    seat: Option<Seat>,
    waiting: Option<&'a WaitingRoom>,
) -> GameTable<'a> {
    GameTable {
        game_id,
        seat,
        initial_table_html: "<div class=\"table-root\"></div>",
        waiting,
        plays_forced_steps: seat.map(|_| true),
    }
}

fn waiting_room(viewer_is_host: bool) -> WaitingRoom {
    WaitingRoom {
        game_id: "g7".into(),
        host: "anna".into(),
        viewer_is_host,
        viewer_seated: true,
        seats: vec![
            WaitingSeat::Taken("anna".into(), false),
            WaitingSeat::Invited {
                link: viewer_is_host.then(|| "/lobby?invite=secret".to_string()),
            },
            WaitingSeat::Taken("Bot 3".into(), true),
        ],
    }
}

#[test]
fn an_invitation_card_says_who_how_many_and_which_options_and_comes_back_after_log_in() {
    let invitation = Invitation {
        token: "abc".into(),
        game: Some(summary("o1", "open", false)),
    };
    let page = lobby(Lang::En, None, "t", lists(&[], &[], &[]), Some(&invitation));
    assert!(page.contains("class=\"card invitation\""));
    assert!(page.contains("for 3 players"), "how many");
    assert!(page.contains("Draft (full rules)"), "which options: {page}");
    assert!(page.contains("href=\"/register?next=/lobby%3Finvite%3Dabc\""));
    assert!(page.contains("href=\"/login?next=/lobby%3Finvite%3Dabc\""));
    assert!(
        !page.contains("data-invite-join"),
        "no button before logging in"
    );
    let page = lobby(
        Lang::En,
        Some("beat"),
        "t",
        lists(&[], &[], &[]),
        Some(&invitation),
    );
    assert!(page.contains("data-invite-join=\"o1\" data-invite=\"abc\""));
    let gone = Invitation {
        token: "abc".into(),
        game: None,
    };
    let page = lobby(
        Lang::En,
        Some("beat"),
        "t",
        lists(&[], &[], &[]),
        Some(&gone),
    );
    assert!(page.contains("no longer open"));
    // The log-in page goes on to the invitation, and its registration link keeps it.
    let login_page = login(Lang::En, None, "t", Some("/lobby?invite=abc"));
    assert!(login_page.contains("data-next=\"/lobby?invite=abc\""));
    assert!(login_page.contains("href=\"/register?next=/lobby%3Finvite%3Dabc\""));
}

#[test]
fn the_waiting_room_shows_the_links_to_the_host_alone() {
    let host = game(
        Lang::En,
        Some("anna"),
        "t",
        table_of("g7", Some(Seat(0)), Some(&waiting_room(true))),
        (&[], Phrases(&[])),
    );
    assert!(host.contains("data-copy=\"/lobby?invite=secret\""));
    assert!(host.contains("data-start=\"g7\" disabled"), "not full yet");
    assert!(
        host.contains("id=\"table\" hidden"),
        "no board before the start"
    );
    let guest = game(
        Lang::En,
        Some("beat"),
        "t",
        table_of("g7", Some(Seat(1)), Some(&waiting_room(false))),
        (&[], Phrases(&[])),
    );
    assert!(!guest.contains("secret"), "only the host sees the links");
    assert!(!guest.contains("data-start="), "only the host starts");
    assert!(guest.contains("anna will start the game"));
    assert!(guest.contains("data-leave=\"g7\""));
}

#[test]
fn a_waiting_room_asks_to_send_links_only_when_there_are_links_and_offers_no_resign() {
    let open_only = WaitingRoom {
        seats: vec![WaitingSeat::Taken("anna".into(), false), WaitingSeat::Open],
        ..waiting_room(true)
    };
    let page = |room: &WaitingRoom| {
        game(
            Lang::En,
            Some("anna"),
            "t",
            table_of("g7", Some(Seat(0)), Some(room)),
            (&[], Phrases(&[])),
        )
    };
    let open = page(&open_only);
    assert!(!open.contains("invitation link"), "no link to send: {open}");
    assert!(open.contains("open seat"));
    let invited = page(&waiting_room(true));
    assert!(invited.contains("Send each invitation link"));
    for page in [open, invited] {
        assert!(!page.contains("data-resign"), "resign before the start");
    }
    let running = game(
        Lang::En,
        Some("anna"),
        "t",
        table_of("g7", Some(Seat(0)), None),
        (&[], Phrases(&[])),
    );
    assert!(running.contains("data-resign=\"g7\""));
}

#[test]
fn pages_draw_their_pictures_rather_than_rely_on_a_font() {
    for lang in Lang::ALL {
        for user in [None, Some("anna")] {
            for page in all_pages(lang, user) {
                for symbol in ['🤖', '⏮', '⏭', '◀', '▶'] {
                    assert!(!page.contains(symbol), "{symbol} in {page}");
                }
            }
        }
    }
    let room = waiting_room(true);
    let html = super::waiting_room::waiting_room(Lang::De, &room).into_string();
    assert!(html.contains("class=\"icon robot\""));
    assert!(html.contains("aria-label=\"Computer\""));
}

#[test]
fn the_home_page_names_as_many_bot_levels_as_the_lobby_offers() {
    for lang in Lang::ALL {
        let page = home(lang, None, "tok", None);
        for level in crate::BOT_LEVELS {
            let name = crate::bot_level_name(lang, level);
            assert!(page.contains(&name), "{}: {name} missing", lang.code());
        }
    }
    assert!(home(Lang::En, None, "tok", None).contains("at 5 levels"));
}

#[test]
fn the_lobby_puts_my_games_before_the_create_form() {
    let page = &all_pages(Lang::En, Some("anna"))[3];
    let mine = page.find("id=\"my-games\"").expect("my games");
    let form = page.find("id=\"create-game\"").expect("the create form");
    assert!(mine < form, "a phone's one column shows them in this order");
    // The filters still reach my games.
    assert!(crate::STATIC_JS.contains("#my-games li[data-game-id]"));
}

#[test]
fn the_game_page_leads_to_its_chat_with_a_count_of_unread_lines_the_script_keeps() {
    let page = game(
        Lang::En,
        Some("anna"),
        "tok",
        table_of("g7", None, None),
        (&[], Phrases(&["thanks"])),
    );
    let jump = page
        .find("class=\"chat-jump\" href=\"#chat\"")
        .expect("the chat button");
    let chat = page.find("id=\"chat\"").expect("the chat");
    assert!(jump < chat, "the button comes before the chat it leads to");
    assert!(page.contains("data-unread=\"Unread chat messages: {n}\""));
    assert!(page.contains("<span class=\"chat-unread\" aria-hidden=\"true\" hidden></span>"));
    assert!(page.contains("class=\"visually-hidden chat-unread-status\" role=\"status\""));
    // The script counts the lines on that button, says the count and clears it.
    for part in [
        ".chat-jump",
        ".chat-unread",
        ".chat-unread-status",
        "dataset.unread",
        "IntersectionObserver",
    ] {
        assert!(crate::STATIC_JS.contains(part), "the script uses {part}");
    }
}

#[test]
fn the_bot_ladder_lists_bot_accounts_with_the_built_in_levels_as_anchors() {
    use super::{Ladder, LeaderRow};
    let rows = [
        LeaderRow {
            name: "greedy".into(),
            rating: 1456,
            deviation: 30,
            games: 0,
            built_in: true,
        },
        LeaderRow {
            name: "robo".into(),
            rating: 1400,
            deviation: 200,
            games: 3,
            built_in: false,
        },
    ];
    let page = leaderboard(Lang::En, None, "t", (Ladder::Bots, 3), &rows);
    assert!(page.contains("<h1>Bot ladder</h1>"), "{page}");
    assert!(page.contains("Bot (casual)"), "the level by its name");
    assert!(page.contains(">anchor<"), "an anchor has no game count");
    assert!(page.contains("href=\"/players/robo\""));
    assert!(
        !page.contains("href=\"/players/greedy\""),
        "no profile of a level"
    );
    assert!(
        page.contains("href=\"/leaderboard/bots?players=2\""),
        "its own tabs"
    );
    assert!(
        page.contains("href=\"/leaderboard?players=3\""),
        "the way to people's"
    );
    let people = leaderboard(Lang::En, None, "t", (Ladder::People, 2), &rows[1..]);
    assert!(people.contains("href=\"/leaderboard/bots?players=2\""));
    assert!(people.contains("<h1>Leaderboard</h1>"));
}
