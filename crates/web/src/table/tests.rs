//! Rendering tests: positions from real games render every piece they hold, and every legal
//! action can be clicked.

use helvetia_engine::{
    Action, Game, GameOptions, Phase, Position, Seat, SetupMode, View, VillageId,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::{render_table, Lang, Layout, PlayerInfo, TableInput};

fn players(n: u8) -> Vec<PlayerInfo> {
    (0..n)
        .map(|s| PlayerInfo {
            seat: Seat(s),
            name: format!("Player{}", s + 1),
            is_bot: s == 1,
            stands_in: false,
            connected: s != 2,
        })
        .collect()
}

fn render(game: &Game, lang: Lang) -> (String, Vec<Action>) {
    render_with(game, lang, &crate::RecentTurns::NONE)
}

/// The table of `game` for the player who decides, with `recent` turns highlighted.
fn render_with(game: &Game, lang: Lang, recent: &crate::RecentTurns) -> (String, Vec<Action>) {
    render_in(game, (lang, Layout::Wide), recent)
}

/// The table of `game` for the player who decides in `lang` and `layout`, with `recent` turns
/// highlighted.
fn render_in(
    game: &Game,
    (lang, layout): (Lang, Layout),
    recent: &crate::RecentTurns,
) -> (String, Vec<Action>) {
    let legal: Vec<Action> = game.legal_actions().to_vec();
    let view = game.view();
    let infos = players(game.options().players);
    let html = render_table(&TableInput {
        legal: &legal,
        version: 3,
        can_undo: true,
        log: &[crate::StoryLine {
            round: 1,
            stage: crate::Stage::Turns,
            seat: Some(Seat(0)),
            text: "end turn".to_string(),
        }],
        recent,
        layout,
        ..TableInput::new("t1", &view, &infos, lang)
    });
    (html, legal)
}

fn count(html: &str, needle: &str) -> usize {
    html.matches(needle).count()
}

/// Villagers on buildings (with newborns), in centres and in the school.
fn villagers(p: &Position) -> usize {
    let mut n = 0;
    for id in p.village_ids() {
        let village = p.village(id);
        n += usize::from(village.centre_villagers[0] + village.centre_villagers[1]);
        for (_, b) in village.buildings() {
            n += b.villagers.len() + usize::from(b.newborns[0] + b.newborns[1]);
        }
    }
    n + p
        .players
        .iter()
        .map(|pl| usize::from(pl.school[0] + pl.school[1]))
        .sum::<usize>()
}

/// Coins in hand, coming back, on characters, in village centres, and the neutral coin.
fn coins(p: &Position) -> usize {
    let held: usize = p
        .players
        .iter()
        .map(|pl| {
            usize::from(pl.hand + pl.arriving)
                + pl.on_characters
                    .iter()
                    .map(|&c| usize::from(c))
                    .sum::<usize>()
        })
        .sum();
    let centres: usize = p
        .village_ids()
        .map(|id| {
            p.village(id)
                .centre_coins
                .iter()
                .map(|&c| usize::from(c))
                .sum::<usize>()
        })
        .sum();
    held + centres + usize::from(p.neutral_coin_available)
}

fn check_pieces(game: &Game, html: &str) {
    let p = game.position();
    assert_eq!(count(html, "class=\"villager\""), villagers(p), "villagers");
    assert_eq!(count(html, "class=\"coin\""), coins(p), "coins");
    let cubes: usize = p.players.iter().map(|pl| pl.delivered.len() as usize).sum();
    assert_eq!(
        count(html, "class=\"cube\""),
        cubes + p.players.len(),
        "cubes and score markers"
    );
    let built: usize = p
        .village_ids()
        .map(|id| p.village(id).buildings().count())
        .sum();
    assert_eq!(count(html, "class=\"building\""), built, "buildings");
    let displayed: usize = p.display.iter().map(|&n| usize::from(n)).sum();
    assert_eq!(
        // Each tile of a stack: the front one is also of class `front`.
        count(html, "class=\"display-tile"),
        displayed,
        "display tiles"
    );
    assert_eq!(count(html, "class=\"good-tile\""), 10, "good tiles");
    assert_eq!(count(html, "class=\"branch-tile\""), 4, "branch tiles");
    assert_eq!(count(html, "class=\"village-tile\""), 2, "village tiles");
    let character_tiles = if p.options.character_tiles { 5 } else { 0 };
    assert_eq!(
        count(html, "class=\"character-tile "),
        character_tiles,
        "character tiles"
    );
    assert_eq!(
        count(html, "class=\"start-token\""),
        1,
        "start player token"
    );
    let villages = p.village_ids().count();
    assert_eq!(
        count(html, "<figure class=\"panel village"),
        villages,
        "villages"
    );
    let unplaced: usize = p
        .players
        .iter()
        .map(|pl| pl.start_buildings.iter().filter(|&&n| n > 0).count())
        .sum();
    assert_eq!(
        count(html, "class=\"start-building-tile\""),
        unplaced,
        "start buildings to place"
    );
    if matches!(p.phase, Phase::Draft { .. } | Phase::PlaceNeutral { .. }) {
        let pool: usize = p.draft_pool.iter().map(|&n| usize::from(n)).sum();
        assert_eq!(count(html, "class=\"pool-tile"), pool, "draft pool");
    }
    check_seat_marks(html);
}

/// Every villager, coin and cube of a seat's colour carries that seat's shape, and nothing of
/// the neutral village's colour carries one.
fn check_seat_marks(html: &str) {
    use super::pieces::{SEAT_COLOURS, SEAT_SHAPES, VILLAGER_SEAT_SHAPES};
    let mut marked = 0;
    for piece in ["class=\"villager\"", "class=\"coin\"", "class=\"cube\""] {
        for (at, _) in html.match_indices(piece) {
            let rest = &html[at..];
            let fill = rest.split("fill=\"").nth(1).expect("a fill")[..7].to_string();
            // The piece ends before the next piece of any kind.
            let end = rest[1..]
                .find("class=\"villager\"")
                .into_iter()
                .chain(rest[1..].find("class=\"coin\""))
                .chain(rest[1..].find("class=\"cube\""))
                .min()
                .map_or(rest.len(), |end| end + 1);
            let mark = rest[..end]
                .split("class=\"seat-mark\" d=\"")
                .nth(1)
                .map(|after| &after[..after.find('"').unwrap()]);
            match SEAT_COLOURS.iter().position(|colour| *colour == fill) {
                Some(seat) => {
                    let shapes = if piece.contains("villager") {
                        VILLAGER_SEAT_SHAPES
                    } else {
                        SEAT_SHAPES
                    };
                    assert_eq!(mark, Some(shapes[seat]), "{piece} of seat {seat}");
                    marked += 1;
                }
                None => assert_eq!(mark, None, "{piece} filled {fill}"),
            }
        }
    }
    assert!(marked > 0, "no piece of a seat");
}

/// Every legal action is clickable, and no index beyond the list is.
fn check_actions(html: &str, legal: &[Action]) {
    for (i, action) in legal.iter().enumerate() {
        assert!(
            html.contains(&format!("data-action=\"{i}\"")),
            "action {i} ({action:?}) cannot be clicked"
        );
    }
    assert!(!html.contains(&format!("data-action=\"{}\"", legal.len())));
    // Every clickable piece of the board is focusable, a button, and labelled.
    for part in html.split(" legal\"").skip(1) {
        let tag = &part[..part.find('>').unwrap()];
        assert!(tag.contains("tabindex=\"0\""), "not focusable: {tag}");
        assert!(tag.contains("role=\"button\""), "no role: {tag}");
        assert!(tag.contains("aria-label=\""), "no label: {tag}");
        assert!(!tag.contains("aria-label=\"\""), "empty label: {tag}");
        // Labels speak in words: no coordinates, no question left open.
        let label = tag.split("aria-label=\"").nth(1).unwrap();
        let label = &label[..label.find('"').unwrap()];
        assert!(
            !label.contains("(-") && !label.contains(",-"),
            "coordinates: {label}"
        );
        assert!(
            !label.ends_with(':') && !label.ends_with('：'),
            "open question: {label}"
        );
    }
    // Every chooser opened from the board exists.
    for part in html.split("data-chooser=\"").skip(1) {
        let id = &part[..part.find('"').unwrap()];
        assert!(
            html.contains(&format!("id=\"{id}\"")),
            "chooser {id} missing"
        );
    }
}

/// Plays random games of every size and checks the rendering at every decision.
#[test]
fn real_games_render_every_piece_and_every_legal_action() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (players, setup, tiles) in [
        (2, SetupMode::Draft, true),
        (3, SetupMode::Letters, false),
        (4, SetupMode::Draft, true),
    ] {
        let options = GameOptions {
            players,
            setup,
            character_tiles: tiles,
            round_limit: Some(4),
            ..GameOptions::for_players(players)
        };
        let mut game = Game::new(options, u64::from(players) * 7);
        let mut decisions = 0;
        while !game.is_over() {
            let mut legal = Vec::new();
            for layout in Layout::ALL {
                let (html, actions) =
                    render_in(&game, (Lang::En, layout), &crate::RecentTurns::NONE);
                check_pieces(&game, &html);
                check_actions(&html, &actions);
                legal = actions;
            }
            let action = legal[rng.next_u64() as usize % legal.len()];
            game.play(action).unwrap();
            decisions += 1;
        }
        assert!(
            decisions > 50,
            "{players} players: only {decisions} decisions"
        );
        let (html, legal) = render(&game, Lang::En);
        assert!(legal.is_empty());
        check_pieces(&game, &html);
        assert!(html.contains("class=\"end-screen\""));
        assert!(html.contains("href=\"/games/t1/replay\""));
        assert_eq!(
            count(&html, "<tr class=\"winner\">") + count(&html, "<tr>") - 1,
            usize::from(players)
        );
    }
}

#[test]
fn every_language_renders_without_missing_messages() {
    let mut game = Game::new(GameOptions::for_players(2), 21);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for step in 0..400 {
        if step % 40 == 0 {
            for lang in Lang::ALL {
                let (html, _) = render(&game, lang);
                assert!(
                    !html.contains('⟨'),
                    "{}: missing message in {html}",
                    lang.code()
                );
            }
        }
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        game.play(legal[rng.next_u64() as usize % legal.len()])
            .unwrap();
    }
}

#[test]
fn spectators_get_no_clickable_pieces() {
    let game = Game::new(GameOptions::for_players(3), 4);
    let view = game.view();
    let infos = players(3);
    let html = render_table(&TableInput::new("t", &view, &infos, Lang::De));
    assert!(!html.contains("data-action"));
    assert!(!html.contains("data-chooser"));
    assert!(!html.contains("data-undo"));
    assert!(html.contains("data-your-turn=\"false\""));
    assert!(
        html.contains("Warten auf") || html.contains("denkt nach"),
        "German prompt"
    );
}

#[test]
fn while_a_bot_decides_the_prompt_says_it_is_thinking() {
    // Seat 1 is a bot (`players`), seat 2 a person: the table waits for the person and says
    // that the bot thinks, in every language.
    let mut game = Game::new(GameOptions::for_players(3), 4);
    let infos = players(3);
    let mut seen = [false; 2];
    while seen != [true; 2] {
        let view = game.view();
        match game.to_move() {
            Some(Seat(1)) if !seen[0] => {
                seen[0] = true;
                for lang in Lang::ALL {
                    let html = render_table(&TableInput::new("t", &view, &infos, lang));
                    let thinking =
                        lang.tr_args("prompt-bot-thinking", &[("name", "Player2".into())]);
                    assert!(html.contains(&thinking), "{}: {thinking}", lang.code());
                }
            }
            Some(Seat(2)) if !seen[1] => {
                seen[1] = true;
                let html = render_table(&TableInput::new("t", &view, &infos, Lang::En));
                assert!(html.contains("Waiting for Player3"));
                assert!(!html.contains("is thinking"));
            }
            _ => {}
        }
        game.play(game.legal_actions()[0]).unwrap();
    }
}

/// The text of the `<text class="player-name">` in the header of `village`, without its title
/// and tags, and the points now beside it.
fn header_name_and_score(html: &str, village: usize) -> (String, String) {
    let head = &html[html
        .find(&format!("id=\"t-village-{village}-name\""))
        .expect("the header")..];
    let text = &head[head.find("class=\"player-name\"").expect("the name")..];
    let mut name = &text[text.find('>').unwrap() + 1..text.find("<tspan").unwrap()];
    if let Some(end) = name.find("</title>") {
        name = &name[end + "</title>".len()..];
    }
    let score = &head[head.find("class=\"score-now\"").expect("the points")..];
    let score = &score[score.find("</title>").unwrap() + "</title>".len()..];
    (
        name.to_string(),
        score[..score.find('<').unwrap()].to_string(),
    )
}

#[test]
fn a_long_name_in_a_village_header_stops_before_the_points_with_its_whole_in_the_title() {
    use super::titles::text_width;
    let game = Game::new(GameOptions::for_players(3), 4);
    let view = game.view();
    let long = "Computer 2 (Gelegenheitsspieler)";
    let mut infos = players(3);
    infos[1].name = long.to_string();
    infos[1].stands_in = true;
    for (lang, layout) in [(Lang::De, Layout::Wide), (Lang::Fr, Layout::Narrow)] {
        let html = render_table(&TableInput {
            layout,
            ..TableInput::new("t", &view, &infos, lang)
        });
        let (name, score) = header_name_and_score(&html, 1);
        assert!(
            name.ends_with('…') && long.starts_with(name.trim_end_matches('…')),
            "{name}"
        );
        assert!(
            html.contains(&format!("<title>{long}</title>")),
            "the whole name"
        );
        // The village is 380 wide (the narrow one 200), its name starts at 40 and 10 from the
        // edge; in the wide layout the points end there, with a gap of 10 before them.
        let tags = format!(" ({}) ({})", lang.tr("table-you"), lang.tr("table-bot"));
        let end = match layout {
            Layout::Wide => 370.0 - text_width(&score, 14.0) - 10.0,
            Layout::Narrow => 190.0,
        };
        let drawn = 40.0 + text_width(&name, 15.0) + text_width(&tags, 11.0);
        assert!(drawn <= end, "{name}{tags} ends at {drawn}, beyond {end}");
        let (short, _) = header_name_and_score(&html, 0);
        assert_eq!(short, "Player1", "a short name stays whole");
    }
}

#[test]
fn what_a_character_does_stays_above_its_badge_and_coins_in_every_language() {
    use super::board::{CARD_BADGE, CARD_COINS_Y};
    // Nobody holds a character tile yet: each lies on its card, bottom right.
    let game = Game::new(GameOptions::for_players(3), 4);
    let view = game.view();
    let infos = players(3);
    for lang in Lang::ALL {
        let html = render_table(&TableInput::new("t", &view, &infos, lang));
        let mut lines = 0;
        for text in html.split("<text class=\"character-does\"").skip(1) {
            let number = |attr: &str| -> f32 {
                let at = text.find(&format!(" {attr}=\"")).unwrap() + attr.len() + 3;
                text[at..at + text[at..].find('"').unwrap()]
                    .parse()
                    .unwrap()
            };
            let words = &text[text.find('>').unwrap() + 1..text.find("</text>").unwrap()];
            // The letters' lowest point, and the top of the first row of coins (radius 6).
            let bottom = number("y") + 0.25 * number("font-size");
            assert!(
                bottom <= CARD_BADGE.1 && bottom <= CARD_COINS_Y - 6.0,
                "{}: {words} reaches {bottom}",
                lang.code()
            );
            lines += 1;
        }
        assert!(lines >= 5, "{lines} lines");
    }
}

#[test]
fn the_table_shows_only_the_view_so_stack_order_cannot_leak() {
    // Two games dealt differently but seen identically render identically.
    let game = Game::new(GameOptions::for_players(4), 99);
    let mut other = game.position().clone();
    other.stack2.reverse();
    let other = Game::from_position(other).unwrap();
    assert_ne!(game.position().stack2, other.position().stack2);
    let (a, _) = render(&game, Lang::En);
    let (b, _) = render(&other, Lang::En);
    assert_eq!(a, b);
    let view: View = game.view();
    assert!(view.position.stack2.is_empty());
}

#[test]
fn shared_targets_open_a_chooser_with_every_choice() {
    // The first pair's placement: each woman's building offers the man's building as a choice.
    let mut game = Game::new(
        GameOptions {
            setup: SetupMode::Letters,
            ..GameOptions::for_players(3)
        },
        5,
    );
    while !matches!(game.position().phase, Phase::PlacePair { .. }) {
        let first = game.legal_actions()[0];
        game.play(first).unwrap();
    }
    let (html, legal) = render(&game, Lang::En);
    assert_eq!(legal.len(), 6, "three buildings: 3 × 2 placements");
    assert_eq!(count(&html, "class=\"chooser\""), 3);
    assert_eq!(count(&html, "data-chooser=\""), 3);
    assert_eq!(count(&html, ">woman to "), 6, "every placement is labelled");
    let seat = game.to_move().unwrap();
    assert!(html.contains(&format!(
        "data-village=\"{}\"",
        VillageId::Player(seat).index()
    )));
}

#[test]
fn log_lines_name_the_actor_and_the_decision_in_the_language() {
    use helvetia_engine::{BuildingKind, Character, Good};
    assert_eq!(
        crate::log_line(Lang::En, "Anna", &Action::Build(BuildingKind::Metzgerei)),
        "Anna: build Butcher"
    );
    assert_eq!(
        crate::log_line(Lang::De, "Anna", &Action::Begin(Character::NightWatchman)),
        "Anna: Münze auf Nachtwächter"
    );
    assert_eq!(
        crate::log_line(Lang::It, "Anna", &Action::Deliver(Good::Cheese)),
        "Anna: consegnare formaggio"
    );
    // With the position, cells are named by their buildings and players by name.
    let mut game = Game::new(
        GameOptions {
            setup: SetupMode::Letters,
            ..GameOptions::for_players(2)
        },
        3,
    );
    let names = vec!["Anna".to_string(), "Beat".to_string()];
    let mut placed = None;
    while placed.is_none() {
        let action = game.legal_actions()[0];
        if matches!(action, Action::PlacePair1 { .. }) {
            placed = Some(crate::log_line_in(Lang::Fr, &names, &game.view(), &action));
        }
        game.play(action).unwrap();
    }
    let line = placed.unwrap();
    assert!(
        line.starts_with("Anna: femme sur ") || line.starts_with("Beat: femme sur "),
        "{line}"
    );
    assert!(!line.contains("case ("), "buildings are named: {line}");
}

#[test]
fn the_end_screen_says_when_the_tie_break_decided() {
    let (mut with, mut without) = (0, 0);
    for seed in 0..40u64 {
        let options = GameOptions {
            round_limit: Some(1),
            ..GameOptions::for_players(2)
        };
        let mut game = Game::new(options, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !game.is_over() {
            let legal = game.legal_actions();
            game.play(legal[rng.next_u64() as usize % legal.len()])
                .unwrap();
        }
        let standings = game.standings();
        let best = standings[0].points;
        let decided = standings.iter().any(|s| s.points == best && s.rank > 1);
        let (html, _) = render(&game, Lang::En);
        assert_eq!(html.contains("class=\"tie-break\""), decided, "seed {seed}");
        let shared = standings.iter().filter(|s| s.rank == 1).count() > 1;
        assert_eq!(html.contains("Shared victory"), shared, "seed {seed}");
        if decided {
            with += 1;
        } else {
            without += 1;
        }
    }
    assert!(
        with > 0 && without > 0,
        "{with} games decided by the tie-break, {without} not"
    );
}

#[test]
fn every_player_village_carries_a_you_tag_for_the_page_to_show() {
    for players in 2..=4 {
        let game = Game::new(GameOptions::for_players(players), 9);
        let (html, _) = render(&game, Lang::En);
        assert_eq!(
            count(&html, "class=\"small muted you-tag\""),
            players as usize
        );
        assert!(
            !html.contains(" mine\""),
            "the table does not depend on the viewer"
        );
    }
}

/// Reused village panels never change what is shown: through whole games, for the player to
/// move and for those who watch, in every language, the table drawn with the cache equals the
/// table drawn afresh.
#[test]
fn tables_drawn_with_kept_panels_equal_tables_drawn_afresh() {
    let mut reused = 0;
    for count in 2..=4 {
        let cache = crate::TableCache::default();
        let mut game = Game::new(GameOptions::for_players(count), 40 + u64::from(count));
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(count));
        let infos = players(count);
        for step in 0..700 {
            let legal: Vec<Action> = game.legal_actions().to_vec();
            if legal.is_empty() {
                break;
            }
            let view = game.view();
            let lang = Lang::ALL[step / 50 % Lang::ALL.len()];
            // Phones and desks watch the same game: a village kept for one is not the other's.
            let layout = Layout::ALL[step / 7 % Layout::ALL.len()];
            for shown in [&legal[..], &[]] {
                let input = TableInput {
                    legal: shown,
                    version: step as u64,
                    can_undo: !shown.is_empty(),
                    layout,
                    ..TableInput::new("t", &view, &infos, lang)
                };
                let fresh = render_table(&input);
                let kept = crate::render_table_with(&input, &cache);
                assert!(
                    kept == fresh,
                    "{count} players, step {step}: the tables differ"
                );
            }
            reused += 1;
            let pick = legal[(rng.next_u64() % legal.len() as u64) as usize];
            game.play(pick).unwrap();
        }
    }
    assert!(reused > 1000, "{reused} positions compared");
}

#[test]
fn the_legend_of_a_recent_turn_names_the_player_and_pieces_that_are_on_the_table() {
    use helvetia_engine::{marks_of, recent_turns, Mark};
    let mut game = Game::new(GameOptions::for_players(3), 4);
    let mut acted: Vec<(Seat, Vec<Mark>)> = Vec::new();
    // Until coins were placed, after the setup's buildings and villagers: every kind of piece
    // but cubes is marked, and is still on the table.
    let placed_coins = |acted: &[(Seat, Vec<Mark>)]| {
        acted
            .last()
            .is_some_and(|(_, marks)| marks.iter().any(|m| matches!(m, Mark::Coins { .. })))
    };
    while !placed_coins(&acted) {
        let before = game.view();
        let seat = game.to_move().expect("a decision");
        let legal = game.legal_actions();
        game.play(legal[legal.len() / 2]).expect("legal");
        acted.push((seat, marks_of(&before, &game.view())));
    }
    let actions: Vec<_> = acted.iter().map(|(s, m)| (*s, m.as_slice())).collect();
    let recent = recent_turns(&actions, game.to_move(), 3);
    assert!(!recent.turns.is_empty());
    let (html, _) = render_with(&game, Lang::En, &recent);
    for turn in &recent.turns {
        let name = format!("Player{}", turn.seat.0 + 1);
        assert!(html.contains(&format!("{name}'s last turn")), "{name}");
        for mark in &turn.marks {
            let selector = super::recent::selector(*mark);
            // `#t-x [attr="v"]`: the panel is drawn and holds the piece.
            let (panel, piece) = selector.split_once(' ').expect("panel and piece");
            let panel_at = html
                .find(&format!("id=\"{}\"", &panel[1..]))
                .unwrap_or_else(|| panic!("{panel} drawn"));
            let piece = piece.trim_matches(|c| c == '[' || c == ']');
            let piece = if piece.contains('=') {
                piece.to_string()
            } else {
                format!("{piece}=\"\"")
            };
            assert!(html[panel_at..].contains(&piece), "{selector} on the table");
        }
    }
}

#[test]
fn a_game_ended_by_a_resignation_waits_for_nobody() {
    let mut game = Game::new(GameOptions::for_players(2), 7);
    while !matches!(game.position().phase, Phase::Turn { .. }) {
        game.play(game.legal_actions()[0]).unwrap();
    }
    let view = game.view();
    let infos = players(2);
    let table = |ended_game: bool| {
        let resignations = crate::Resignations {
            seats: vec![Seat(0)],
            ended_game,
        };
        render_table(&TableInput {
            resignations: &resignations,
            ..TableInput::new("t1", &view, &infos, Lang::En)
        })
    };
    let running = table(false);
    assert!(running.contains("Waiting for"), "bots play on: {running}");
    let ended = table(true);
    assert!(ended.contains("The game is over"));
    assert!(!ended.contains("Waiting for"));
    assert!(!ended.contains("Choose a character"));
    assert!(ended.contains("class=\"end-screen\""));
    assert!(
        ended.contains("data-refusal=\"Not now: the game is over"),
        "{ended}"
    );
}

#[test]
fn a_bot_is_not_called_a_bot_twice_but_a_stand_in_is_named() {
    let game = Game::new(GameOptions::for_players(2), 7);
    let view = game.view();
    for lang in Lang::ALL {
        let tag = format!(" ({})<", lang.tr("table-bot"));
        let table = |stands_in: bool| {
            let mut infos = players(2);
            infos[1].name = if stands_in {
                "bruno".to_string()
            } else {
                crate::bot_name(lang, "greedy")
            };
            infos[1].stands_in = stands_in;
            render_table(&TableInput::new("t1", &view, &infos, lang))
        };
        assert!(!table(false).contains(&tag), "{}", lang.code());
        assert!(table(true).contains(&tag), "{}", lang.code());
    }
}

/// The class of the board's piece that plays action `index`.
fn class_of_action(html: &str, index: usize) -> Option<&str> {
    let at = html.find(&format!("data-action=\"{index}\" tabindex"))?;
    let tag = &html[html[..at].rfind("<g ")?..at];
    let class = tag.split("class=\"").nth(1)?;
    Some(&class[..class.find('"')?])
}

#[test]
fn the_neutral_coins_targets_are_drawn_apart_and_the_prompt_says_what_they_are() {
    let mut game = Game::new(GameOptions::for_players(2), 9);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut seen = 0;
    let mut without = 0;
    let mut drawn_apart = 0;
    while !game.is_over() {
        let legal = game.legal_actions().to_vec();
        let offered = legal.iter().any(super::targets::spends_neutral_coin);
        for lang in [Lang::En, Lang::De] {
            let (html, _) = render(&game, lang);
            let legend = lang.tr("table-neutral-coin-legend");
            assert_eq!(
                html.contains("class=\"neutral-coin-legend\""),
                offered,
                "the legend is there exactly when the neutral coin is"
            );
            assert_eq!(html.contains(&legend), offered);
            for (i, action) in legal.iter().enumerate() {
                let Some(class) = class_of_action(&html, i) else {
                    continue;
                };
                let apart = class.split(' ').any(|c| c == "neutral-coin");
                assert_eq!(
                    apart,
                    super::targets::spends_neutral_coin(action),
                    "{action:?}: class {class}"
                );
                drawn_apart += usize::from(apart);
            }
        }
        if offered {
            seen += 1;
        } else if !legal.is_empty() {
            without += 1;
        }
        let action = legal[rng.next_u64() as usize % legal.len()];
        game.play(action).unwrap();
    }
    assert!(seen > 10 && without > 10, "{seen} with, {without} without");
    assert!(drawn_apart > seen, "{drawn_apart} pieces drawn apart");
}

/// The text drawn in the element with `id` (after its title).
fn drawn_text_of<'h>(html: &'h str, id: &str) -> &'h str {
    let start = html.find(&format!("id=\"{id}\"")).expect("the element");
    let rest = &html[start..];
    let text = &rest[rest.find("</title>").expect("its title") + "</title>".len()..];
    &text[..text.find("</text>").expect("its end")]
}

#[test]
fn the_points_now_and_the_score_track_say_which_is_which_in_every_language() {
    let mut game = Game::new(GameOptions::for_players(2), 5);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // Into the second round, where the points now have moved on from the track's.
    let differ = |game: &Game| {
        let pos = game.position();
        pos.round > 1
            && helvetia_engine::score(pos, Seat(0)).total != pos.player(Seat(0)).score_track
    };
    while !differ(&game) {
        let legal = game.legal_actions();
        game.play(legal[rng.next_u64() as usize % legal.len()])
            .unwrap();
    }
    let now = helvetia_engine::score(game.position(), Seat(0)).total;
    for lang in Lang::ALL {
        let (html, _) = render(&game, lang);
        let points = fluent_bundle::FluentValue::from(now);
        let said = lang.tr_args("table-score-now", &[("points", points)]);
        assert_eq!(drawn_text_of(&html, "t-village-0-score"), said, "{lang:?}");
        // Words beside the number, not only its unit.
        assert_ne!(said, format!("{now} {}", lang.tr("end-points")), "{lang:?}");
        let track = lang.tr("table-score-track-last");
        assert_ne!(track, lang.tr("table-score-track"), "{lang:?}");
        assert!(
            html.contains(&format!("<p class=\"panel-subheading\">{track}</p>")),
            "{lang:?}: the track's title"
        );
    }
}

/// The estimated width of the `<text>` element that starts at `html`: its `textLength` when
/// squeezed, else its widest line (its `<tspan>`s are lines) at its font size.
fn title_width(html: &str) -> f32 {
    let element = &html[..html.find("</text>").expect("the title's end")];
    let number = |attribute: &str| {
        element
            .split(&format!(" {attribute}=\""))
            .nth(1)
            .and_then(|rest| rest[..rest.find('"')?].parse::<f32>().ok())
    };
    if let Some(squeezed) = number("textLength") {
        return squeezed;
    }
    let size = number("font-size").expect("a font size");
    let content = &element[element.find('>').expect("the tag's end") + 1..];
    content
        .split("<tspan")
        .map(|line| {
            line.rsplit('>')
                .next()
                .unwrap_or(line)
                .trim_end_matches("</tspan")
        })
        .map(|line| super::titles::text_width(line.trim(), size))
        .fold(0.0, f32::max)
}

#[test]
fn drawn_names_of_characters_and_buildings_fit_beside_their_badges_in_every_language() {
    let mut game = Game::new(GameOptions::for_players(4), 6);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for _ in 0..700 {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        game.play(legal[rng.next_u64() as usize % legal.len()])
            .unwrap();
    }
    for lang in Lang::ALL {
        let (html, _) = render(&game, lang);
        let names: Vec<&str> = html
            .split("<text class=\"character-name\"")
            .skip(1)
            .collect();
        assert_eq!(names.len(), 5, "{lang:?}");
        for name in names {
            let width = title_width(name);
            assert!(
                width <= super::board::CHARACTER_NAME.width + 1e-3,
                "{lang:?}: a character's name runs into the card's edge: {width}"
            );
        }
        let buildings: Vec<&str> = html.split("<g class=\"building\"").skip(1).collect();
        assert!(
            buildings.len() > 20,
            "{lang:?}: {} buildings",
            buildings.len()
        );
        // A village drawn whole on a desk words its buildings by their products alone.
        for building in buildings
            .iter()
            .filter(|b| !b.contains("data-words=\"product\""))
        {
            let name = building
                .split("<text class=\"tile-name\"")
                .nth(1)
                .expect("a name");
            let width = title_width(name);
            assert!(
                width <= super::village::BUILDING_NAME.width + 1e-3,
                "{lang:?}: a building's name runs into its edge: {width}"
            );
        }
    }
}

// The titles are fitted in `titles`; the rooms they are fitted into are the board's and the
// villages', which use `titles`: so the two meet here, above both.
/// Every building and character name, in every language, in each place a title is drawn:
/// its estimated width stays inside the tile, left of the badge where the tile has one, at
/// no less than the smallest size the table allows there.
#[test]
fn every_name_fits_its_tile_beside_its_badge_in_every_language() {
    use crate::table::titles::{text_width, Title};
    use crate::table::{board, village, village_header, village_plan};
    use crate::words::{building_name, character_name};
    use helvetia_engine::{BuildingKind, Character};

    // Each place: its room, where the title starts and where the tile's edge or the
    // badge is, in the tile's own units.
    let places = [
        (
            "character card",
            board::CHARACTER_NAME,
            board::CARD_NAME_X,
            board::CARD_WIDTH,
            true,
        ),
        (
            "tile on offer",
            board::OFFER_NAME,
            5.0,
            board::OFFER_WIDTH,
            false,
        ),
        (
            "building in a village",
            village::BUILDING_NAME,
            5.0,
            village_plan::C - 2.0,
            false,
        ),
        (
            "start building to place",
            village_header::START_NAME,
            3.0,
            village_header::START_TILE_WIDTH,
            false,
        ),
        (
            "start building to place on a desk",
            village_header::WIDE_START_NAME,
            3.0,
            village_header::WIDE_START_TILE.0,
            false,
        ),
    ];
    for lang in Lang::ALL {
        for (place, room, left, edge, characters) in places {
            let names: Vec<&str> = if characters {
                Character::ALL.map(|c| character_name(lang, c)).to_vec()
            } else {
                BuildingKind::ALL.map(|k| building_name(lang, k)).to_vec()
            };
            for name in names {
                let title = Title::fit(name, room);
                let at = format!("{lang:?}, {place}: {name} as {title:?}");
                assert!(title.size >= room.min, "{at}: too small");
                assert!(
                    left + title.width(room) <= edge - 3.0 + 1e-3,
                    "{at}: runs into the edge"
                );
                // Squeezed only where nothing else fits, and by at most a fifth.
                assert!(
                    !title.squeezed || text_width(name, room.min) * 0.8 <= room.width,
                    "{at}"
                );
            }
        }
    }
}

/// What each character does, in every language, fits its card at the board's text size: on at
/// most the three lines the card leaves it above the coins, none wider than the card.
#[test]
fn what_a_character_does_fits_its_card_in_every_language() {
    use crate::table::board::CHARACTER_NAME;
    use crate::table::titles::{text_width, wrap, BOARD_TEXT};
    use crate::words::character_id;
    use helvetia_engine::Character;

    for lang in Lang::ALL {
        for character in Character::ALL {
            let does = lang.tr(&format!("does-{}", character_id(character)));
            let lines = wrap(&does, BOARD_TEXT, CHARACTER_NAME.width);
            assert!(!lines.is_empty() && lines.len() <= 3, "{lang:?}: {lines:?}");
            for line in lines {
                assert!(
                    text_width(line, BOARD_TEXT) <= CHARACTER_NAME.width,
                    "{lang:?}: {line}"
                );
            }
        }
    }
}

/// At the Night Watchman's decision each quarter of each village is a target of its own: the
/// quarter's see-through area over its cells, with no text of its own drawn over the names
/// beneath (in both layouts).
#[test]
fn the_night_watchmans_targets_are_the_quarters_drawn_over_their_cells() {
    let mut game = Game::new(GameOptions::for_players(3), 9);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut wakes = 0;
    for _ in 0..2000 {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        if legal.iter().all(|a| matches!(a, Action::Wake { .. })) {
            wakes += 1;
            for layout in Layout::ALL {
                let (html, legal) = render_in(&game, (Lang::En, layout), &crate::RecentTurns::NONE);
                let targets: Vec<&str> = html.split("<g class=\"quarter legal\"").skip(1).collect();
                assert_eq!(targets.len(), legal.len(), "{layout:?}");
                for target in targets {
                    let target = &target[..target.find("</g>").expect("the target's end")];
                    assert!(target.contains("<rect class=\"quarter-area\""), "{target}");
                    assert!(!target.contains("<text"), "{target}");
                }
            }
        }
        game.play(legal[rng.next_u64() as usize % legal.len()])
            .unwrap();
    }
    assert!(wakes > 0, "no Night Watchman's decision in the game");
}
