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
        time_control: (status == "running").then_some([300, 0, 10]),
        rated: status == "finished",
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
        home(lang, user, "tok"),
        login(lang, user, "tok"),
        register(lang, user, "tok"),
        lobby(lang, user, "tok", &open, &mine, &finished),
        game(
            lang,
            user,
            "tok",
            "g7",
            None,
            "<div class=\"table-root\"></div>",
            (&[], Phrases(&["thanks"])),
        ),
        replay(
            lang,
            user,
            "tok",
            "g7",
            "<div class=\"table-root\"></div>",
            42,
            &[],
        ),
        rules(lang, user, "tok"),
        error(lang, user, "tok", 404, "no such game"),
    ]
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
    let page = lobby(Lang::En, Some("zoe"), "t", &open, &mine, &[]);
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
        "open",
        "me",
    ] {
        assert!(page.contains(&format!("value=\"{level}\"")), "{level}");
    }
    // Not logged in: no create form, no join buttons.
    let page = lobby(Lang::En, None, "t", &open, &[], &[]);
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
        "g7",
        Some(Seat(1)),
        table,
        (&[], Phrases(&[])),
    );
    assert!(seated.contains("data-seat=\"1\""));
    assert!(seated.contains("/api/games/g7/ws?format=html"));
    let spectator = game(
        Lang::En,
        None,
        "tok",
        "g7",
        None,
        table,
        (&[], Phrases(&[])),
    );
    assert!(!spectator.contains("data-seat"));
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
    let page = lobby(Lang::En, Some("anna"), "tok", &open, &mine, &finished);
    assert!(page.contains("class=\"lobby-filters card\""));
    assert!(
        page.contains("data-pace=\"live\" data-rated=\"false\""),
        "{page}"
    );
    assert!(page.contains("live, 5 min + 10 s"));
    assert!(page.contains("data-pace=\"none\" data-rated=\"true\""));
    assert!(page.contains("data-players=\"3\""));
}
