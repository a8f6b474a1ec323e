//! Tournaments over HTTP on SQLite and PostgreSQL, with two nodes advancing them: ten people
//! at tables of four play three Swiss rounds through (the test's own clients play every
//! move); each round seats everyone once at tables of 4, 3 and 3, its games are created once,
//! and the standings are those computed here by hand from the tables' results. Entries close
//! at the start, entry limits, bad requests and a sixth upcoming tournament of one creator are
//! refused with their codes, and the pages show the tournament.

use crate::common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::Duration;

use common::{databases, play_http, rfc3339_in, test_config, within, Client, Database, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A node that looks at its tournaments every 100 ms.
async fn node(database: Database, name: &str) -> TestServer {
    let mut config = test_config(&database.url);
    config.node_name = Some(name.into());
    config.tournament_tick_ms = 100;
    config.play_now_tick_ms = 100;
    TestServer::start_with(database, config).await
}

async fn username(client: &mut Client) -> String {
    let (_, me) = client.get("/api/me").await;
    me["username"].as_str().unwrap().to_string()
}

async fn tournament(client: &Client, id: &str) -> Value {
    let (status, body) = client.clone_get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The tournament once `check` holds for it (within 60 s).
async fn tournament_when(client: &Client, id: &str, check: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    let held = within(Duration::from_secs(60), async || {
        last = tournament(client, id).await;
        check(&last)
    })
    .await;
    assert!(held, "{last:#}");
    last
}

/// The first of `clients` creates the tournament `asked` for, and all of them enter it.
/// Answers its id.
async fn create_and_enter(clients: impl Iterator<Item = &mut Client>, asked: Value) -> String {
    let mut clients: Vec<&mut Client> = clients.collect();
    let (status, created) = clients[0].post("/api/tournaments", asked).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    for client in &mut clients {
        let (status, body) = client
            .post(&format!("/api/tournaments/{id}/enter"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["you"]["entered"], true);
    }
    id
}

/// Half points a place earns at a table, written out as docs/tournaments.md states them.
fn place_half_points(size: usize, place: usize) -> u32 {
    let table: &[u32] = match size {
        4 => &[6, 4, 2, 0],
        3 => &[6, 3, 0],
        2 => &[6, 0],
        _ => panic!("a table of {size}"),
    };
    table[place - 1]
}

/// What one finished table gave: name, rank, VP, half points.
fn table_results(table: &Value) -> Vec<(String, usize, u32, u32)> {
    let players = table["players"].as_array().unwrap();
    let size = players.len();
    players
        .iter()
        .map(|player| {
            let rank = player["rank"].as_u64().expect("a rank once ended") as usize;
            let tied = players
                .iter()
                .filter(|p| p["rank"] == player["rank"])
                .count();
            let shared: u32 = (rank..rank + tied)
                .map(|p| place_half_points(size, p))
                .sum();
            let name = player["name"].as_str().unwrap().to_string();
            (
                name,
                rank,
                player["vp"].as_u64().unwrap() as u32,
                shared / tied as u32,
            )
        })
        .collect()
}

/// The standings computed here from the rounds' tables: name → (half points, opponents' half
/// points, VP).
fn standings_by_hand(rounds: &[Value]) -> BTreeMap<String, (u32, u32, u32)> {
    let tables: Vec<Vec<(String, usize, u32, u32)>> = rounds
        .iter()
        .flat_map(|round| round["tables"].as_array().unwrap().iter())
        .filter(|table| {
            table["players"]
                .as_array()
                .unwrap()
                .iter()
                .all(|p| p["rank"].is_u64())
        })
        .map(table_results)
        .collect();
    let mut points: BTreeMap<String, (u32, u32, u32)> = BTreeMap::new();
    for table in &tables {
        for (name, _, vp, half_points) in table {
            let line = points.entry(name.clone()).or_default();
            line.0 += half_points;
            line.2 += vp;
        }
    }
    for round in rounds {
        for name in round["byes"].as_array().unwrap() {
            points.entry(name.as_str().unwrap().into()).or_default().0 += 3;
        }
    }
    let finals: BTreeMap<String, u32> = points.iter().map(|(n, l)| (n.clone(), l.0)).collect();
    for table in &tables {
        for (name, ..) in table {
            let others: u32 = table
                .iter()
                .filter(|(other, ..)| other != name)
                .map(|(other, ..)| finals[other])
                .sum();
            points.get_mut(name).unwrap().1 += others;
        }
    }
    points
}

/// Checks that the API's standings are the hand-computed ones, in order, with shared ranks.
fn assert_standings(view: &Value) {
    let rounds = view["rounds"].as_array().unwrap();
    let expected = standings_by_hand(rounds);
    let lines = view["standings"].as_array().unwrap();
    assert_eq!(lines.len(), expected.len(), "{view:#}");
    let mut before: Option<(u32, u32, u32)> = None;
    for (index, line) in lines.iter().enumerate() {
        let name = line["name"].as_str().unwrap();
        let (half, opponents, vp) = expected[name];
        let shown = (
            (line["points"].as_f64().unwrap() * 2.0) as u32,
            (line["opponents"].as_f64().unwrap() * 2.0) as u32,
            line["vp"].as_u64().unwrap() as u32,
        );
        assert_eq!(shown, (half, opponents, vp), "{name} in {view:#}");
        let better = expected.values().filter(|other| **other > shown).count();
        assert_eq!(line["rank"], better + 1, "{name}'s rank");
        if let Some(previous) = before {
            assert!(previous >= shown, "line {index} is out of order");
        }
        before = Some(shown);
    }
}

/// Checks that `round` seats every one of `names` once, at tables of 4, 3 and 3 with games.
fn assert_round_seats_everyone_once(round: &Value, names: &BTreeSet<String>) {
    let tables = round["tables"].as_array().unwrap();
    let mut sizes: Vec<usize> = tables
        .iter()
        .map(|t| t["players"].as_array().unwrap().len())
        .collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [3, 3, 4], "{round:#}");
    assert!(round["byes"].as_array().unwrap().is_empty());
    let seated: Vec<String> = tables
        .iter()
        .flat_map(|t| t["players"].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect();
    let once: BTreeSet<String> = seated.iter().cloned().collect();
    assert_eq!(seated.len(), once.len(), "someone sits twice: {round:#}");
    assert_eq!(&once, names);
    let games: BTreeSet<&str> = tables.iter().map(|t| t["game"].as_str().unwrap()).collect();
    assert_eq!(games.len(), 3, "each table has its own game");
}

#[tokio::test]
async fn ten_people_at_tables_of_four_play_three_swiss_rounds_on_two_nodes() {
    for database in databases().await {
        let first = node(database.same(), "first").await;
        let second = node(database, "second").await;
        let mut clients: HashMap<String, Client> = HashMap::new();
        let mut names = BTreeSet::new();
        for _ in 0..10 {
            let mut client = first.user("tn").await;
            let name = username(&mut client).await;
            names.insert(name.clone());
            clients.insert(name, client);
        }
        let id = create_and_enter(
            clients.values_mut(),
            json!({"name": "Ten at four", "players": 4, "pace": "days-1", "rounds": 3,
                   "starts_at": rfc3339_in(3)}),
        )
        .await;
        // Entering twice changes nothing.
        let again = clients.values_mut().next().unwrap();
        let (_, body) = again
            .post(&format!("/api/tournaments/{id}/enter"), json!({}))
            .await;
        assert_eq!(body["entries"], 10);

        let watcher = second.client().await;
        let mut seen_games = BTreeSet::new();
        let mut seed = 12_345u64;
        for round in 1..=3u64 {
            let view = tournament_when(&watcher, &id, |t| {
                t["round"] == round
                    && t["rounds"][round as usize - 1]["tables"]
                        .as_array()
                        .is_some_and(|tables| tables.iter().all(|t| t["status"] == "running"))
            })
            .await;
            let this_round = &view["rounds"][round as usize - 1];
            assert_eq!(view["status"], "running");
            assert_round_seats_everyone_once(this_round, &names);
            if round > 1 {
                // Swiss: the leader after the last round sits at the first table.
                let leader = &view["standings"][0];
                let first_table = &this_round["tables"][0]["players"];
                let top = |line: &Value| {
                    (
                        line["points"].clone(),
                        line["opponents"].clone(),
                        line["vp"].clone(),
                    )
                };
                let leaders: BTreeSet<&str> = view["standings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|line| top(line) == top(leader))
                    .map(|line| line["name"].as_str().unwrap())
                    .collect();
                assert!(
                    first_table
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|p| leaders.contains(p["name"].as_str().unwrap())),
                    "{view:#}"
                );
            }
            // Entries are closed once it started; the lobby lists it among the entrant's own.
            let entrant = clients.values_mut().next().unwrap();
            let (status, lobby) = entrant.get_text("/lobby").await;
            assert_eq!(status, StatusCode::OK);
            assert!(lobby.contains(&format!("/tournaments/{id}")), "{lobby}");
            let mut late = first.user("tl").await;
            let (status, body) = late
                .post(&format!("/api/tournaments/{id}/enter"), json!({}))
                .await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            assert_eq!(body["code"], "tournament-closed");
            for table in this_round["tables"].as_array().unwrap() {
                let game = table["game"].as_str().unwrap().to_string();
                assert!(seen_games.insert(game.clone()), "a game of two rounds");
                let at_table: Vec<String> = table["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["name"].as_str().unwrap().to_string())
                    .collect();
                let mut seated: Vec<Client> = at_table
                    .iter()
                    .map(|name| clients.remove(name).unwrap())
                    .collect();
                let mut players: Vec<&mut Client> = seated.iter_mut().collect();
                play_http(&game, &mut players, 5_000, |len| {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    (seed >> 33) as usize % len
                })
                .await;
                let state = players[0].state(&game).await;
                assert_eq!(state["status"], "finished", "game {game}");
                for (name, client) in at_table.into_iter().zip(seated) {
                    clients.insert(name, client);
                }
            }
            let after = tournament_when(&watcher, &id, |t| {
                t["rounds"][round as usize - 1]["tables"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|t| t["players"][0]["rank"].is_u64())
            })
            .await;
            assert_standings(&after);
        }
        let done = tournament_when(&watcher, &id, |t| t["status"] == "finished").await;
        assert_eq!(
            done["rounds"].as_array().unwrap().len(),
            3,
            "no fourth round"
        );
        assert_standings(&done);
        assert!(done["standings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|line| line["played"] == 3 && line["byes"] == 0));

        // The pages show it: the list among the finished, the page with the standings.
        let (status, list) = watcher.clone_get("/api/tournaments").await;
        assert_eq!(status, StatusCode::OK);
        assert!(list["finished"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == id.as_str()));
        let (status, page) = watcher.clone_get_text(&format!("/tournaments/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        let winner = done["standings"][0]["name"].as_str().unwrap();
        assert!(
            page.contains("Ten at four") && page.contains(winner),
            "{page}"
        );
        let (status, page) = watcher.clone_get_text("/tournaments").await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains(&format!("/tournaments/{id}")));
    }
}

/// Ends `game` at once: `client`, seated at a table of two, resigns.
async fn resign(client: &mut Client, game: &str) {
    let (status, body) = client
        .post(&format!("/api/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The names seated at `round`'s tables (byes apart).
fn seated_in(round: &Value) -> BTreeSet<String> {
    round["tables"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|table| table["players"].as_array().unwrap().iter())
        .map(|player| player["name"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_player_who_leaves_a_running_tournament_keeps_their_standing_and_is_not_seated_again() {
    for database in databases().await {
        let server = node(database, "solo").await;
        let mut clients: BTreeMap<String, Client> = BTreeMap::new();
        for _ in 0..4 {
            let mut client = server.user("tw").await;
            clients.insert(username(&mut client).await, client);
        }
        let leaver = clients.keys().next().unwrap().clone();
        let id = create_and_enter(
            clients.values_mut(),
            json!({"name": "Leave early", "players": 2, "pace": "days-1", "rounds": 2,
                   "starts_at": rfc3339_in(2)}),
        )
        .await;
        let watcher = server.client().await;
        let first = tournament_when(&watcher, &id, |t| {
            t["round"] == 1 && t["rounds"][0]["tables"][1]["status"] == "running"
        })
        .await;

        // The leaver goes during round 1; asking twice changes nothing more.
        for _ in 0..2 {
            let (status, body) = clients
                .get_mut(&leaver)
                .unwrap()
                .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(body["you"]["entered"], true);
            assert_eq!(body["you"]["withdrawn"], true);
            assert_eq!(body["entries"], 4, "the entry stays");
        }
        let (_, lobby) = clients.get_mut(&leaver).unwrap().get_text("/lobby").await;
        assert!(
            !lobby.contains(&format!("/tournaments/{id}")),
            "no longer among the leaver's tournaments"
        );

        // Round 1's tables end (the leaver's game too: leaving does not end it).
        for (i, table) in first["rounds"][0]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let game = table["game"].as_str().unwrap();
            assert_eq!(table["status"], "running");
            // The one who resigns, and the other: not the leaver, who is told nothing more.
            let mut name = table["players"][0]["name"].as_str().unwrap();
            let mut other = table["players"][1]["name"].as_str().unwrap();
            if other == leaver {
                std::mem::swap(&mut name, &mut other);
            }
            if i == 0 {
                // While their game is played, each is sent to it.
                let view = tournament(&clients[other], &id).await;
                assert_eq!(view["you"]["game"], game, "{view:#}");
                assert_eq!(view["you"]["game_over"], false, "{view:#}");
            }
            resign(clients.get_mut(name).unwrap(), game).await;
            if i == 0 {
                // Their table is over while the round goes on: nobody is sent to it any more,
                // and the page and the API say that their game is over until round 2.
                let view = tournament_when(&clients[other], &id, |t| {
                    t["rounds"][0]["tables"][0]["status"] == "finished"
                })
                .await;
                assert_eq!(view["round"], 1, "{view:#}");
                assert_eq!(view["you"]["game"], Value::Null, "{view:#}");
                assert_eq!(view["you"]["game_over"], true, "{view:#}");
                let (status, page) = clients
                    .get_mut(other)
                    .unwrap()
                    .get_text(&format!("/tournaments/{id}"))
                    .await;
                assert_eq!(status, StatusCode::OK);
                assert!(
                    page.contains("Your game of this round is over")
                        && page.contains("the next round")
                        && !page.contains("Go to your table"),
                    "{page}"
                );
            }
        }
        let second = tournament_when(&watcher, &id, |t| {
            t["round"] == 2 && t["rounds"][1]["tables"][0]["status"] == "running"
        })
        .await;
        let round_two = &second["rounds"][1];
        let seated = seated_in(round_two);
        assert_eq!(
            seated.len(),
            2,
            "three still play: a table of two… {second:#}"
        );
        assert_eq!(round_two["byes"].as_array().unwrap().len(), 1, "…and a bye");
        assert!(!seated.contains(&leaver), "{second:#}");
        assert!(
            round_two["byes"]
                .as_array()
                .unwrap()
                .iter()
                .all(|n| n != leaver.as_str()),
            "a bye is for those who play on"
        );
        let line = second["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|line| line["name"] == leaver.as_str())
            .expect("the leaver keeps a line");
        assert_eq!(line["withdrawn"], true);
        assert_eq!(line["played"], 1, "their table counts");

        let table = &round_two["tables"][0];
        let name = table["players"][0]["name"].as_str().unwrap();
        resign(
            clients.get_mut(name).unwrap(),
            table["game"].as_str().unwrap(),
        )
        .await;
        let done = tournament_when(&watcher, &id, |t| t["status"] == "finished").await;
        assert_eq!(done["standings"].as_array().unwrap().len(), 4, "{done:#}");
        assert_standings(&done);
        let (status, body) = clients
            .get_mut(&leaver)
            .unwrap()
            .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "tournament-closed");
    }
}

#[tokio::test]
async fn entries_are_checked_and_a_tournament_too_small_is_cancelled() {
    for database in databases().await {
        let server = node(database, "solo").await;
        let mut anna = server.user("ta").await;
        let mut beat = server.user("tb").await;
        let body = |extra: Value| {
            let mut body = json!({"name": "Gate", "players": 3, "pace": "live-5", "rounds": 2,
                                  "starts_at": rfc3339_in(2)});
            body.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            body
        };
        for (extra, code) in [
            (json!({"name": "x"}), "tournament-name"),
            // Control, bidi-override and zero-width characters: one rule for every name typed
            // (a NUL would not even reach PostgreSQL).
            (
                json!({"name": "Cup\u{202e}\u{200b}\u{0}xyz"}),
                "tournament-name",
            ),
            (json!({"name": "Cup\u{0}xyz"}), "tournament-name"),
            (json!({"name": "Cup\u{202e}xyz"}), "tournament-name"),
            (json!({"name": "Cup\u{200b}xyz"}), "tournament-name"),
            (json!({"name": "Cup\u{2066}xyz"}), "tournament-name"),
            (json!({"players": 5}), "tournament-players"),
            (json!({"pace": "slow"}), "tournament-pace"),
            (json!({"rounds": 11}), "tournament-rounds"),
            (json!({"starts_at": "soon"}), "tournament-start"),
            (json!({"round_minutes": 3}), "tournament-round-minutes"),
            (json!({"min_rating": 4000}), "tournament-limits"),
        ] {
            let (status, answer) = anna.post("/api/tournaments", body(extra)).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
            assert_eq!(answer["code"], code);
        }
        let (status, answer) = anna
            .post("/api/tournaments", json!({"name": "No fields"}))
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["code"], "bad-body");
        let (_, lists) = anna.get("/api/tournaments").await;
        let listed = |lists: &Value| {
            ["upcoming", "running", "finished"]
                .iter()
                .map(|key| lists[key].as_array().unwrap().len())
                .sum::<usize>()
        };
        assert_eq!(listed(&lists), 0, "refused requests create nothing");

        // Entry limits: a newcomer's rating (1500) and finished games (0).
        let (status, gated) = anna
            .post("/api/tournaments", body(json!({"min_rating": 1600})))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{gated}");
        let gated = gated["id"].as_str().unwrap();
        let (status, answer) = beat
            .post(&format!("/api/tournaments/{gated}/enter"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        assert_eq!(answer["code"], "tournament-rating-too-low");
        let (_, games_gate) = anna
            .post("/api/tournaments", body(json!({"min_games": 1})))
            .await;
        let games_gate = games_gate["id"].as_str().unwrap();
        let (status, answer) = beat
            .post(&format!("/api/tournaments/{games_gate}/enter"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
        assert_eq!(answer["code"], "tournament-too-few-games");
        let (status, answer) = beat
            .post("/api/tournaments/nonesuch/enter", json!({}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
        assert_eq!(answer["code"], "no-such-tournament");

        // Two enter and one withdraws: one entrant cannot make a table of 2 or 3, so the
        // tournament is cancelled at its start, with no game made.
        let (_, small) = anna.post("/api/tournaments", body(json!({}))).await;
        let small = small["id"].as_str().unwrap().to_string();
        for client in [&mut anna, &mut beat] {
            let (status, answer) = client
                .post(&format!("/api/tournaments/{small}/enter"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
        }
        let (status, answer) = beat
            .post(&format!("/api/tournaments/{small}/withdraw"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["you"]["entered"], false);
        assert_eq!(answer["entries"], 1);
        let cancelled = tournament_when(&anna, &small, |t| t["status"] != "upcoming").await;
        assert_eq!(cancelled["status"], "cancelled", "{cancelled:#}");
        assert!(cancelled["rounds"].as_array().unwrap().is_empty());
        let (status, answer) = anna
            .post(&format!("/api/tournaments/{small}/enter"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(answer["code"], "tournament-closed");

        // A person has at most five upcoming tournaments of their own at a time; the sixth is
        // refused and stored nowhere, and Anna (whose own have started) may still create.
        let later = || body(json!({"starts_at": rfc3339_in(3600)}));
        for _ in 0..5 {
            let (status, answer) = beat.post("/api/tournaments", later()).await;
            assert_eq!(status, StatusCode::CREATED, "{answer}");
        }
        let (status, answer) = beat.post("/api/tournaments", later()).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(answer["code"], "tournament-too-many");
        let (_, lists) = beat.get("/api/tournaments").await;
        assert_eq!(lists["upcoming"].as_array().unwrap().len(), 5, "{lists:#}");
        let (status, answer) = anna.post("/api/tournaments", later()).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
}
