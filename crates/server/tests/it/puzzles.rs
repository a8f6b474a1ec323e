//! Puzzles over HTTP: the next puzzle carries what a player needs and nothing hidden (no
//! answer, no seed, no order of the face-down stacks); a person's first attempt is a rated
//! game against the puzzle, as Glicko-2 (the `skillratings` crate) says, a second attempt and
//! a visitor's count nothing, a wrong index is refused with nothing stored, and two nodes count
//! one attempt once.

use crate::common;
use crate::puzzle_lines::{answer, two_step_puzzle};
use crate::security::{leaks, secrets};

use common::{databases, Client, TestServer};
use helvetia_ai::puzzles::{initial_rating, why_best, GamePhase, Puzzle, PuzzleSource, Theme};
use helvetia_engine::{Game, GameOptions};
use helvetia_server::puzzles::export::PuzzlePages;
use reqwest::StatusCode;
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A game of three from `seed`, played on by first actions until a decision of several.
fn game_at_a_choice(seed: u64) -> Game {
    let mut game = Game::new(GameOptions::for_players(3), seed);
    let mut played = 0;
    while played < 40 || game.legal_actions().len() < 3 {
        let first = game.legal_actions()[0];
        game.play(first).unwrap();
        played += 1;
    }
    game
}

/// A puzzle at `game`'s decision whose answer is its second legal action.
fn puzzle_of(game: &Game) -> Puzzle {
    let answer = game.legal_actions()[1];
    Puzzle {
        view: game.view(),
        solution: vec![answer],
        accepted: vec![answer],
        later_accepted: Vec::new(),
        agreement: 0.95,
        margin: 0.2,
        themes: vec![Theme::Building],
        phase: GamePhase::Opening,
        source: PuzzleSource {
            game: None,
            step: 40,
        },
    }
}

async fn next(client: &mut Client) -> (StatusCode, Value) {
    client.get("/api/puzzles/next").await
}

async fn attempt(client: &mut Client, id: &str, action: usize) -> Value {
    let (status, body) = client
        .post(
            &format!("/api/puzzles/{id}/attempt"),
            json!({ "action": action }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn rounded(rating: &Glicko2Rating) -> Value {
    json!(rating.rating.round())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_attempt_is_rated_as_glicko_2_says_and_nothing_after_it_counts() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let seed = 9_876_543_210_123;
        let game = game_at_a_choice(seed);
        let puzzle = puzzle_of(&game);
        let store = &server.server.state.store;
        assert_eq!(
            store
                .add_puzzles(std::slice::from_ref(&puzzle), 0)
                .await
                .unwrap(),
            1
        );
        assert_eq!(
            store
                .add_puzzles(std::slice::from_ref(&puzzle), 0)
                .await
                .unwrap(),
            0,
            "the same puzzle is stored once"
        );

        // A visitor is given it: the view, whose turn, the legal actions; no answer.
        let mut visitor = server.client().await;
        let (status, question) = next(&mut visitor).await;
        assert_eq!(status, StatusCode::OK, "{question}");
        let id = question["id"].as_str().unwrap().to_string();
        let legal = serde_json::to_value(game.legal_actions().to_vec()).unwrap();
        assert_eq!(question["legal"], legal);
        assert_eq!(question["mover"], game.to_move().unwrap().0);
        assert_eq!(question["your_rating"], Value::Null);
        assert!(question.get("solution").is_none() && question.get("accepted").is_none());
        let start = Glicko2Rating {
            rating: initial_rating(0.2, 1),
            ..Glicko2Rating::new()
        };
        assert_eq!(question["rating"], rounded(&start));

        // Anna answers wrong: a rated loss, as the crate reckons it.
        let mut anna = server.user("anna").await;
        let (_, hers) = next(&mut anna).await;
        assert_eq!(
            (hers["id"].as_str(), &hers["your_rating"]),
            (Some(id.as_str()), &json!(1500.0))
        );
        // Her answer: the first action whose turn the evaluation tells from the answer's.
        let legal = game.legal_actions();
        let short = (0..legal.len())
            .find(|&i| i != 1 && !why_best(&puzzle, &legal[i]).is_empty())
            .expect("an action whose turn the evaluation tells from the answer's");
        let wrong = attempt(&mut anna, &id, short).await;
        let (anna_after, puzzle_after) = glicko2(
            &Glicko2Rating::new(),
            &start,
            &Outcomes::LOSS,
            &Glicko2Config::new(),
        );
        assert_eq!(wrong["solved"], false);
        assert_eq!(wrong["best"], 1);
        // What came of it in words: the best action, what it gains as the generator measured
        // it, and where her choice falls short by the evaluation.
        let said = wrong["said"].as_str().unwrap();
        let gain = "It gives about 20 % more chance to win than the next best action, \
                    in 95 % of the deals of the unseen tiles the search tried.";
        assert!(said.contains(gain), "{said}");
        eprintln!("puzzles: a wrong answer is told: {said}");
        assert!(
            said.contains("Where your choice falls short, by the evaluation (victory points): "),
            "{said}"
        );
        assert_eq!(wrong["rated"], true);
        assert_eq!(
            wrong["rating"],
            json!({"before": 1500.0, "after": anna_after.rating.round()})
        );
        assert_eq!(
            wrong["puzzle_rating"],
            json!({"before": start.rating.round(), "after": puzzle_after.rating.round()})
        );
        // Her second try solves it, unrated; she has no puzzle left.
        let again = attempt(&mut anna, &id, 1).await;
        assert_eq!(
            (&again["solved"], &again["rated"], &again["rating"]),
            (&json!(true), &json!(false), &Value::Null)
        );
        let said = again["said"].as_str().unwrap();
        assert!(
            said.contains(gain) && !said.contains("falls short"),
            "{said}"
        );
        let (status, body) = next(&mut anna).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("no-puzzle"))
        );
        // Her profile shows the puzzle rating, apart from game ratings.
        let (_, me) = anna.get("/api/me").await;
        let name = me["username"].as_str().unwrap();
        let (_, profile) = anna.get(&format!("/api/players/{name}")).await;
        assert_eq!(profile["puzzle_rating"]["attempts"], 1, "{profile}");
        assert_eq!(
            profile["puzzle_rating"]["rating"].as_f64().unwrap().round(),
            anna_after.rating.round()
        );
        let (_, page) = anna.get_text(&format!("/players/{name}")).await;
        let shown = format!("Puzzle rating: {} (1 tried)", anna_after.rating.round());
        assert!(page.contains(&shown), "{shown} on the profile");

        // A visitor's answer and an index that is no action count nothing.
        let unrated = attempt(&mut visitor, &id, 1).await;
        assert_eq!(
            (&unrated["solved"], &unrated["rated"]),
            (&json!(true), &json!(false))
        );
        let mut bruno = server.user("bruno").await;
        let (status, body) = bruno
            .post(
                &format!("/api/puzzles/{id}/attempt"),
                json!({"action": 999}),
            )
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some("illegal"))
        );
        let (status, _) = bruno
            .post("/api/puzzles/nothing/attempt", json!({"action": 0}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let stored = store.puzzle(&id).await.unwrap().unwrap();
        assert_eq!((stored.plays, stored.solved), (1, 0));

        // Bruno solves it: the puzzle's rating moves on from where Anna left it.
        let right = attempt(&mut bruno, &id, 1).await;
        let (bruno_after, puzzle_later) = glicko2(
            &Glicko2Rating::new(),
            &puzzle_after,
            &Outcomes::WIN,
            &Glicko2Config::new(),
        );
        assert_eq!(right["rating"]["after"], rounded(&bruno_after));
        assert_eq!(right["puzzle_rating"]["after"], rounded(&puzzle_later));
        let stored = store.puzzle(&id).await.unwrap().unwrap();
        assert_eq!((stored.plays, stored.solved), (2, 1));

        // The open puzzle set: the puzzle as stored, with its id, rating and plays.
        let (status, text) = visitor.get_text("/api/puzzles/export").await;
        assert_eq!(status, StatusCode::OK);
        let lines: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(lines.len(), 1, "{text}");
        assert_eq!(lines[0]["id"], id.as_str());
        assert_eq!(
            (&lines[0]["plays"], &lines[0]["solved"]),
            (&json!(2), &json!(1))
        );
        assert_eq!(lines[0]["rating"], rounded(&puzzle_later));
        let exported: Puzzle = serde_json::from_value(lines[0].clone()).unwrap();
        assert_eq!(exported, puzzle);

        // Nothing said of the puzzle, its page included, holds the seed or the hidden order of
        // the stacks.
        let mut carl = server.user("carl").await;
        let (status, page) = carl.get_text("/puzzles").await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains(&format!("data-puzzle=\"{id}\"")),
            "the page puts the puzzle"
        );
        let found = leaks(
            &server.transcript.payloads(),
            &secrets(game.position(), seed),
        );
        assert!(
            found.is_empty(),
            "hidden information in a payload: {found:?}"
        );
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_count_one_first_attempt_once() {
    // Two nodes share one PostgreSQL database: nothing to run when it was opted out.
    let Some(admin) = common::services::postgres_admin_url() else {
        return;
    };
    let database = common::Database::postgres(&admin).await;
    let url = database.url.clone();
    let node_a = TestServer::start_with(database.same(), common::test_config(&url)).await;
    let node_b = TestServer::start_with(database, common::test_config(&url)).await;
    let game = game_at_a_choice(5);
    let store = &node_a.server.state.store;
    store.add_puzzles(&[puzzle_of(&game)], 0).await.unwrap();
    let mut on_a = node_a.user("anna").await;
    let (_, me) = on_a.get("/api/me").await;
    let mut on_b = node_b.client().await;
    let (status, body) = on_b
        .post(
            "/api/login",
            json!({"username": me["username"], "password": "correct horse"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, question) = next(&mut on_a).await;
    let id = question["id"].as_str().unwrap().to_string();
    let (first, second) = tokio::join!(attempt(&mut on_a, &id, 1), attempt(&mut on_b, &id, 1));
    let rated = [&first, &second]
        .iter()
        .filter(|answer| answer["rated"] == true)
        .count();
    assert_eq!(rated, 1, "{first} {second}");
    let stored = store.puzzle(&id).await.unwrap().unwrap();
    assert_eq!((stored.plays, stored.solved), (1, 1));
    let (rating, attempts) = store
        .puzzle_rating(me["id"].as_str().unwrap())
        .await
        .unwrap();
    assert_eq!(attempts, 1);
    assert!(rating.rating > 1500.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_mined_once_and_its_puzzles_served() {
    use helvetia_ai::puzzles::PuzzleSettings;
    for database in databases().await {
        // Every decision is a candidate and every judged one counts as clear (kept where two
        // judgements agree on the best and the move played was not as good), and many are
        // judged, so that a short game surely gives puzzles: what is checked here is the way
        // from a finished game to the puzzles served, not the search's verdicts.
        let config = helvetia_server::Config {
            puzzle_mining_share: 1.0,
            puzzle_idle_ms: 50,
            puzzle_settings: PuzzleSettings {
                margin: -1.0,
                agreement: 0.0,
                candidates_per_game: 40,
                ..PuzzleSettings::quick()
            },
            ..common::test_config(&database.url)
        };
        let server = TestServer::start_with(database, config).await;
        let mut anna = server.user("anna").await;
        let (id, _) = common::create_game(
            &mut anna,
            json!({"players": 2, "round_limit": 1}),
            json!([{"kind": "me"}, {"kind": "bot", "level": "random"}]),
        )
        .await;
        let (status, body) = anna
            .post(&format!("/api/games/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        common::play_http(&id, &mut [&mut anna], 10_000, |n| n / 2).await;
        assert_eq!(anna.state(&id).await["status"], "finished");
        let store = &server.server.state.store;
        let mined = common::within(std::time::Duration::from_secs(60), async || {
            let (status, _) = anna.get("/api/puzzles/next").await;
            status == StatusCode::OK
        })
        .await;
        assert!(mined, "the finished game's puzzles are served");
        assert_eq!(store.game_to_mine().await.unwrap(), None, "mined once");
        // Each puzzle is a decision of the game, as its player saw it.
        let record = store.load_game(&id).await.unwrap().unwrap();
        let (_, question) = anna.get("/api/puzzles/next").await;
        let stored = store
            .puzzle(question["id"].as_str().unwrap())
            .await
            .unwrap()
            .unwrap();
        let source = &stored.puzzle.source;
        assert_eq!(source.game.as_deref(), Some(id.as_str()));
        let mut game = Game::new(record.options, record.seed);
        for &(_, action) in &record.actions[..source.step] {
            game.play(action).unwrap();
        }
        assert_eq!(stored.puzzle.view, game.view());
        let found = leaks(
            &server.transcript.payloads(),
            &secrets(game.position(), record.seed),
        );
        assert!(
            found.is_empty(),
            "hidden information in a payload: {found:?}"
        );
        server.server.shutdown().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_from_a_file_are_added_at_start_and_a_bad_line_stops_it() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("puzzles.ndjson");
    let puzzle = serde_json::to_string(&puzzle_of(&game_at_a_choice(11))).unwrap();
    std::fs::write(&good, format!("{puzzle}\n\n{puzzle}\n")).unwrap();
    let database = common::Database::sqlite();
    let config = helvetia_server::Config {
        puzzles_file: Some(good),
        ..common::test_config(&database.url)
    };
    let server = TestServer::start_with(database.same(), config).await;
    let mut visitor = server.client().await;
    let (status, body) = next(&mut visitor).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    server.server.shutdown().await;

    // A file whose second line is no puzzle adds not even its first.
    let other = serde_json::to_string(&puzzle_of(&game_at_a_choice(12))).unwrap();
    let bad = dir.path().join("bad.ndjson");
    std::fs::write(&bad, format!("{other}\n{{\"view\": 1}}\n")).unwrap();
    let config = helvetia_server::Config {
        puzzles_file: Some(bad),
        ..common::test_config(&database.url)
    };
    let refused = helvetia_server::spawn(config)
        .await
        .err()
        .expect("the start is refused");
    assert!(
        refused.0.contains("bad.ndjson line 2: not a puzzle"),
        "{refused}"
    );
    let store = helvetia_server::storage::Store::connect(&database.url, "checker")
        .await
        .unwrap();
    let id = helvetia_server::domain::puzzle_rating::puzzle_id(&other);
    assert!(store.puzzle(&id).await.unwrap().is_none());
    let kept = helvetia_server::domain::puzzle_rating::puzzle_id(&puzzle);
    assert!(store.puzzle(&kept).await.unwrap().is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sample_of_the_stored_puzzles_holds_with_fresh_seeds_and_fresh_deals() {
    use helvetia_ai::puzzles::{generate, recheck, PuzzleSettings};
    use rand_core::{RngCore, SeedableRng};
    // A small set as the generator makes it (two quick self-play games, of which one holds a
    // puzzle of two decisions), stored and published.
    let settings = PuzzleSettings::quick();
    let (generated, _) =
        tokio::task::spawn_blocking(move || generate(2, 2, &settings, 4, &|_, _| {}))
            .await
            .unwrap();
    let database = common::Database::sqlite();
    let server = TestServer::start(database).await;
    let store = &server.server.state.store;
    store.add_puzzles(&generated, 0).await.unwrap();

    // The sample is drawn from the set as the site publishes it.
    let mut visitor = server.client().await;
    let (status, text) = visitor.get_text("/api/puzzles/export").await;
    assert_eq!(status, StatusCode::OK);
    let mut published: Vec<Puzzle> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert!(!published.is_empty(), "two games gave no puzzle");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(60);
    for i in (1..published.len()).rev() {
        published.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
    // The sample holds a puzzle of several decisions, each of them judged again.
    let line = published
        .iter()
        .position(|puzzle| puzzle.steps() > 1)
        .expect("a puzzle of several decisions in the set");
    published.swap(0, line);
    published.truncate(3);

    // Each judged again with seeds the generator never used, so with other deals of the
    // unseen tiles: its accepted actions (the recorded solution's first among them) come within
    // ε of the best in at least 90% of the deals, and no other legal action does.
    let sample = published.clone();
    let rechecked = tokio::task::spawn_blocking(move || {
        published
            .iter()
            .flat_map(|puzzle| {
                [0xfeed_u64, 0xca]
                    .map(|fresh| (puzzle.source.clone(), recheck(puzzle, &settings, fresh)))
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    let failed: Vec<_> = rechecked.iter().filter(|(_, holds)| !holds).collect();
    assert!(failed.is_empty(), "puzzles that did not hold: {failed:?}");

    // Control: the same puzzle with another action recorded as the answer at its first
    // decision, or at its second, does not hold.
    let tampered = tokio::task::spawn_blocking(move || {
        (0..2)
            .map(|step| {
                let mut puzzle = sample[0].clone();
                let view = puzzle.view_at(step).unwrap();
                let other = *view
                    .legal_actions()
                    .iter()
                    .find(|action| !puzzle.accepts_at(step, action))
                    .expect("an action the puzzle does not accept");
                puzzle.solution[step] = other;
                match step {
                    0 => puzzle.accepted = vec![other],
                    _ => puzzle.later_accepted[step - 1] = vec![other],
                }
                recheck(&puzzle, &settings, 0xfeed)
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    assert_eq!(
        tampered,
        [false, false],
        "a wrong answer recorded passes the recheck"
    );
    server.server.shutdown().await;
}

/// A puzzle at `game`'s decision answered by its second legal action, of `themes`, whose
/// margin sets its starting rating.
fn puzzle_with(game: &Game, themes: &[Theme], margin: f32) -> Puzzle {
    Puzzle {
        themes: themes.to_vec(),
        margin,
        ..puzzle_of(game)
    }
}

/// Four puzzles at one decision, each of other themes and rated apart (a wider margin starts
/// lower): their ids, lowest rated first.
async fn four_puzzles(server: &TestServer, game: &Game) -> Vec<String> {
    let puzzles = [
        puzzle_with(game, &[Theme::Delivery], 0.5),
        puzzle_with(game, &[Theme::Marriage], 0.25),
        puzzle_with(game, &[Theme::Building, Theme::Endgame], 0.12),
        puzzle_with(game, &[Theme::CharacterTile], 0.05),
    ];
    let store = &server.server.state.store;
    store.add_puzzles(&puzzles, 0).await.unwrap();
    let mut stored = store.all_puzzles().await.unwrap();
    stored.sort_by(|a, b| a.rating.rating.total_cmp(&b.rating.rating));
    let ids: Vec<String> = stored.into_iter().map(|stored| stored.id).collect();
    assert_eq!(ids.len(), 4);
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn themes_a_streak_the_puzzle_of_the_day_and_the_history_on_the_profile() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let game = game_at_a_choice(424_242);
        let ids = four_puzzles(&server, &game).await;
        let mut visitor = server.client().await;

        // The open set is read a page at a time, by id: pages of three give three, then one,
        // then nothing, every puzzle once, in the order of the whole set.
        let store = &server.server.state.store;
        let mut pages = PuzzlePages::new(store.clone(), 3);
        let mut sizes = Vec::new();
        let mut paged = Vec::new();
        while let Some(page) = pages.next_page().await.unwrap() {
            sizes.push(page.len());
            paged.extend(page.into_iter().map(|stored| stored.id));
        }
        let whole: Vec<String> = store
            .all_puzzles()
            .await
            .unwrap()
            .into_iter()
            .map(|stored| stored.id)
            .collect();
        assert_eq!((sizes, paged), (vec![3, 1], whole));

        // A theme picked: only its puzzles; a theme nobody has: none; a name that is no theme:
        // refused; empty (the picker's "all themes"): any.
        let (status, marriage) = visitor.get("/api/puzzles/next?theme=marriage").await;
        assert_eq!(status, StatusCode::OK, "{marriage}");
        assert_eq!(marriage["id"], ids[1].as_str());
        assert_eq!(marriage["themes"], json!(["marriage"]));
        let (_, endgame) = visitor.get("/api/puzzles/next?theme=endgame").await;
        assert_eq!(endgame["id"], ids[2].as_str(), "a puzzle of two themes");
        let (status, none) = visitor.get("/api/puzzles/next?theme=night_watchman").await;
        assert_eq!(
            (status, none["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("no-puzzle"))
        );
        let (status, bad) = visitor.get("/api/puzzles/next?theme=chess").await;
        assert_eq!(
            (status, bad["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad-address"))
        );
        let (status, _) = visitor.get("/api/puzzles/next?theme=").await;
        assert_eq!(status, StatusCode::OK);
        let (status, page) = visitor.get_text("/puzzles?theme=marriage").await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains(&format!("data-puzzle=\"{}\"", ids[1])));
        assert!(
            page.contains("<option value=\"marriage\" selected>"),
            "the picker keeps the theme"
        );
        assert!(
            page.contains("href=\"/puzzles?theme=marriage\""),
            "the next puzzle keeps it too"
        );
        let (status, _) = visitor.get_text("/puzzles?theme=chess").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);

        // A streak: each puzzle rated above the last, to the end of the set.
        let mut anna = server.user("anna").await;
        let (_, first) = anna.get("/api/puzzles/streak").await;
        let first_at = ids
            .iter()
            .position(|id| first["id"] == id.as_str())
            .unwrap();
        assert!(first_at < 3, "a run starts among the lowest rated");
        let mut run = vec![first];
        loop {
            let last = run.last().unwrap();
            let (status, next) = anna
                .get(&format!(
                    "/api/puzzles/streak?after={}",
                    last["id"].as_str().unwrap()
                ))
                .await;
            if status == StatusCode::NOT_FOUND {
                break;
            }
            assert!(
                next["rating"].as_f64() > last["rating"].as_f64(),
                "{next} after {last}"
            );
            run.push(next);
        }
        assert_eq!(
            run.last().unwrap()["id"],
            ids[3].as_str(),
            "to the highest rated"
        );
        // Answered in a streak: unrated; right goes on, wrong ends the run.
        let right = attempt_in_streak(&mut anna, &ids[0], 1, 4).await;
        assert_eq!(
            (&right["solved"], &right["rated"]),
            (&json!(true), &json!(false))
        );
        assert_eq!(
            right["streak"],
            json!({"solved": 5, "over": false, "label": "Next puzzle",
                   "next": format!("/puzzles/streak?after={}&solved=5", ids[0])})
        );
        assert!(
            right["said"]
                .as_str()
                .unwrap()
                .ends_with("Solved in a row: 5"),
            "{right}"
        );
        let wrong = attempt_in_streak(&mut anna, &ids[1], 0, 5).await;
        assert_eq!(
            wrong["streak"],
            json!({"solved": 5, "over": true, "label": "New streak", "next": "/puzzles/streak"})
        );
        assert!(wrong["said"]
            .as_str()
            .unwrap()
            .ends_with("The streak ends: 5 solved in a row."));
        let (_, me) = anna.get("/api/me").await;
        let anna_id = me["id"].as_str().unwrap().to_string();
        let store = &server.server.state.store;
        assert_eq!(
            store.puzzle_rating(&anna_id).await.unwrap().1,
            0,
            "a streak is unrated"
        );
        let (status, page) = anna
            .get_text(&format!("/puzzles/streak?after={}&solved=2", ids[0]))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("Solved in a row: 2") && page.contains("data-streak=\"2\""));
        let (_, page) = anna
            .get_text(&format!("/puzzles/streak?after={}&solved=3", ids[3]))
            .await;
        assert!(page.contains("No harder puzzle is left. Solved in a row: 3"));

        // The puzzle of the day: the same all day, whatever is added that day, and another
        // on other days.
        let (status, daily) = visitor.get("/api/puzzles/daily").await;
        assert_eq!(status, StatusCode::OK, "{daily}");
        let daily_id = daily["id"].as_str().unwrap().to_string();
        assert!(ids.contains(&daily_id));
        let today = daily["day"].as_str().unwrap().to_string();
        let (_, again) = anna.get("/api/puzzles/daily").await;
        assert_eq!((&again["id"], &again["day"]), (&daily["id"], &json!(today)));
        let (_, page) = anna.get_text("/puzzles/daily").await;
        assert!(page.contains(&format!("data-puzzle=\"{daily_id}\"")));
        let (_, home) = visitor.get_text("/").await;
        assert!(home.contains("Puzzle of the day") && home.contains("href=\"/puzzles/daily\""));
        let day = 20_000 * 86_400;
        let before = store.daily_puzzle(day).await.unwrap().unwrap().id;
        let later = puzzle_with(&game, &[Theme::Child], 0.3);
        store.add_puzzles(&[later], day + 60).await.unwrap();
        assert_eq!(store.daily_puzzle(day).await.unwrap().unwrap().id, before);
        let mut chosen = std::collections::BTreeSet::new();
        for other in 0..30 {
            chosen.insert(
                store
                    .daily_puzzle(day + other * 86_400)
                    .await
                    .unwrap()
                    .unwrap()
                    .id,
            );
        }
        assert!(chosen.len() > 1, "every day the same puzzle: {chosen:?}");

        // Her history: her rated attempts, the latest first, on her profile.
        attempt(&mut anna, &ids[2], 1).await;
        let missed = attempt(&mut anna, &ids[3], 0).await;
        let name = me["username"].as_str().unwrap();
        let (_, profile) = anna.get(&format!("/api/players/{name}")).await;
        let recent = profile["puzzle_rating"]["recent"]
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(recent.len(), 2, "{profile}");
        let puzzles: Vec<&Value> = recent.iter().map(|tried| &tried["puzzle"]).collect();
        assert!(puzzles.contains(&&json!(ids[2])) && puzzles.contains(&&json!(ids[3])));
        assert_eq!(
            recent
                .iter()
                .find(|tried| tried["puzzle"] == ids[3].as_str())
                .unwrap()["after"]
                .as_f64()
                .unwrap()
                .round(),
            missed["rating"]["after"].as_f64().unwrap()
        );
        let (_, page) = anna.get_text(&format!("/players/{name}")).await;
        assert!(page.contains("Recent puzzles"));
        let shown = |value: &Value| value.as_f64().unwrap() as i64;
        assert!(page.contains(&format!(
            "Missed, {} → {}",
            shown(&missed["rating"]["before"]),
            shown(&missed["rating"]["after"])
        )));
        server.server.shutdown().await;
    }
}

async fn attempt_in_streak(client: &mut Client, id: &str, action: usize, solved: u32) -> Value {
    let (status, body) = client
        .post(
            &format!("/api/puzzles/{id}/attempt"),
            json!({ "action": action, "streak": solved }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_puzzle_route_carries_the_seed_or_the_hidden_order() {
    let server = TestServer::start(common::Database::sqlite()).await;
    // Puzzles from three moments of one game, each with the hidden order of that moment.
    let seed = 7_654_321_098_765;
    let mut game = game_at_a_choice(seed);
    let mut hidden = Vec::new();
    let mut puzzles = Vec::new();
    for (themes, margin) in [
        (Theme::Marriage, 0.4),
        (Theme::Building, 0.2),
        (Theme::Delivery, 0.08),
    ] {
        while game.legal_actions().len() < 2 {
            let first = game.legal_actions()[0];
            game.play(first).unwrap();
        }
        hidden.extend(secrets(game.position(), seed));
        puzzles.push(puzzle_with(&game, &[themes], margin));
        for _ in 0..25 {
            let first = game.legal_actions()[0];
            game.play(first).unwrap();
        }
    }
    // Positive control: the scan finds what a payload must never carry.
    let position = serde_json::to_string(game.position()).unwrap();
    assert!(!leaks(&[position], &secrets(game.position(), seed)).is_empty());
    // A puzzle of two decisions, whose second decision is put after a right first answer.
    let line_seed = 6_543_210_987_654;
    let (line_game, line_puzzle, [first, second]) = two_step_puzzle(line_seed);
    hidden.extend(secrets(line_game.position(), line_seed));
    let store = &server.server.state.store;
    store.add_puzzles(&puzzles, 0).await.unwrap();
    let ids: Vec<String> = store
        .all_puzzles()
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.id)
        .collect();
    store
        .add_puzzles(std::slice::from_ref(&line_puzzle), 0)
        .await
        .unwrap();
    let line_id = helvetia_server::domain::puzzle_rating::puzzle_id(
        &serde_json::to_string(&line_puzzle).unwrap(),
    );

    // Every puzzle route, for a visitor and for a person, their answers included.
    let mut visitor = server.client().await;
    let mut anna = server.user("anna").await;
    let (_, me) = anna.get("/api/me").await;
    let name = me["username"].as_str().unwrap().to_string();
    for client in [&mut visitor, &mut anna] {
        let api = [
            "/api/puzzles/next".to_string(),
            "/api/puzzles/next?theme=building".to_string(),
            "/api/puzzles/streak".to_string(),
            format!("/api/puzzles/streak?after={}", ids[0]),
            "/api/puzzles/daily".to_string(),
        ];
        for path in &api {
            let (status, _) = client.get(path).await;
            assert_eq!(status, StatusCode::OK, "{path}");
        }
        let pages = [
            "/".to_string(),
            "/puzzles".to_string(),
            "/puzzles?theme=delivery".to_string(),
            "/puzzles/streak".to_string(),
            format!("/puzzles/streak?after={}&solved=1", ids[1]),
            "/puzzles/daily".to_string(),
            "/api/puzzles/export".to_string(),
            format!("/players/{name}"),
        ];
        for path in &pages {
            let (status, _) = client.get_text(path).await;
            assert_eq!(status, StatusCode::OK, "{path}");
        }
        for id in &ids {
            attempt(client, id, 0).await;
            attempt(client, id, 1).await;
            attempt_in_streak(client, id, 1, 2).await;
        }
        // Every decision of the line, its table drawn and as text.
        for table in ["board", "text"] {
            let (status, _) = client.get_text(&format!("/puzzles?table={table}")).await;
            assert_eq!(status, StatusCode::OK);
            let (status, going) = client
                .post(
                    &format!("/api/puzzles/{line_id}/attempt"),
                    json!({"action": first, "text": table == "text"}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{going}");
            assert_eq!(going["next"]["step"], 1, "{going}");
            let drawn = going["next"]["table"].as_str().unwrap();
            assert_eq!(drawn.contains("text-actions"), table == "text", "{drawn}");
            for action in [second, 0] {
                let (status, _) = answer(client, &line_id, &[first], action).await;
                assert_eq!(status, StatusCode::OK);
            }
        }
    }
    // Her profile with her history of attempts.
    let (status, _) = anna.get(&format!("/api/players/{name}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, page) = anna.get_text(&format!("/players/{name}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Recent puzzles"));
    let payloads = server.transcript.payloads();
    assert!(
        payloads.len() >= 2 * (5 + 8 + 9 + 8),
        "{} payloads",
        payloads.len()
    );
    let found = leaks(&payloads, &hidden);
    assert!(
        found.is_empty(),
        "hidden information in a payload: {found:?}"
    );
    server.server.shutdown().await;
}
