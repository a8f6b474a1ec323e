//! Puzzles of several decisions over HTTP: a line of two decisions of one turn is answered
//! one decision at a time; a right first answer puts the next decision (worked out from the
//! view, nothing hidden) and rates nothing; a wrong answer or the last right one ends the
//! attempt, rated once for a person's first; a line that is not the puzzle's is refused.

use crate::common;
use crate::security::{leaks, secrets};

use common::{databases, Client, TestServer};
use helvetia_ai::puzzles::{initial_rating, next_decision, GamePhase, Puzzle, PuzzleSource, Theme};
use helvetia_engine::{Game, GameOptions, View};
use reqwest::StatusCode;
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A puzzle of two decisions from a game of three played on by first actions from `seed`:
/// the first decision where an action leads to another decision of the same turn. Its answers
/// are that action and the second legal action of the next decision. Also the game at the
/// puzzle's decision and the answers' indices in their decisions' legal actions.
pub(crate) fn two_step_puzzle(seed: u64) -> (Game, Puzzle, [usize; 2]) {
    let mut game = Game::new(GameOptions::for_players(3), seed);
    loop {
        let view = game.view();
        let legal = view.legal_actions();
        let going_on = (0..legal.len()).find_map(|i| {
            let next = next_decision(&view, legal[i])?;
            (next.legal_actions().len() >= 3).then_some((i, next))
        });
        if let (Some((first, next)), true) = (going_on, game.position().round >= 2) {
            let answers = [legal[first], next.legal_actions()[1]];
            let puzzle = Puzzle {
                view,
                solution: answers.to_vec(),
                accepted: vec![answers[0]],
                later_accepted: vec![vec![answers[1]]],
                agreement: 0.9,
                margin: 0.15,
                themes: vec![Theme::Building],
                phase: GamePhase::Middle,
                source: PuzzleSource {
                    game: None,
                    step: 0,
                },
            };
            return (game, puzzle, [first, 1]);
        }
        let first = game.legal_actions()[0];
        game.play(first).unwrap();
    }
}

/// An answer `action` at the decision after `line`; the status and the body.
pub(crate) async fn answer(
    client: &mut Client,
    id: &str,
    line: &[usize],
    action: usize,
) -> (StatusCode, Value) {
    client
        .post(
            &format!("/api/puzzles/{id}/attempt"),
            json!({ "action": action, "line": line }),
        )
        .await
}

/// An answer that is taken.
async fn taken(client: &mut Client, id: &str, line: &[usize], action: usize) -> Value {
    let (status, body) = answer(client, id, line, action).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The index of a legal action of `view` other than `not`.
fn other_than(view: &View, not: usize) -> usize {
    (0..view.legal_actions().len()).find(|&i| i != not).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_of_two_decisions_is_answered_one_at_a_time_and_rated_once() {
    for database in databases().await {
        let server = TestServer::start(database).await;
        let seed = 4_242_424_242;
        let (game, puzzle, [first, second]) = two_step_puzzle(seed);
        let store = &server.server.state.store;
        store
            .add_puzzles(std::slice::from_ref(&puzzle), 0)
            .await
            .unwrap();
        let mut visitor = server.client().await;
        let (status, question) = visitor.get("/api/puzzles/next").await;
        assert_eq!(status, StatusCode::OK, "{question}");
        assert_eq!(question["steps"], 2);
        let id = question["id"].as_str().unwrap().to_string();
        let start = Glicko2Rating {
            rating: initial_rating(0.15, 2),
            ..Glicko2Rating::new()
        };
        assert_eq!(question["rating"], json!(start.rating.round()));
        let later = next_decision(&puzzle.view, puzzle.solution[0]).unwrap();

        // Anna's first answer is right: the next decision is put, nothing is rated or told.
        let mut anna = server.user("anna").await;
        let going = taken(&mut anna, &id, &[], first).await;
        assert_eq!(
            (&going["done"], &going["right"], &going["solved"]),
            (&json!(false), &json!(true), &json!(false))
        );
        assert_eq!((&going["step"], &going["steps"]), (&json!(0), &json!(2)));
        assert_eq!(going["next"]["step"], 1);
        assert_eq!(going["next"]["view"], serde_json::to_value(&later).unwrap());
        assert_eq!(
            going["next"]["legal"],
            serde_json::to_value(later.legal_actions().to_vec()).unwrap()
        );
        assert_eq!(going["next"]["mover"], game.to_move().unwrap().0);
        assert!(going["next"]["table"]
            .as_str()
            .unwrap()
            .contains("data-action"));
        for hidden in ["solution", "accepted", "best", "rating"] {
            assert_eq!(going[hidden], Value::Null, "{hidden} told before the end");
        }
        assert_eq!(going["rated"], false);
        assert_eq!(store.puzzle(&id).await.unwrap().unwrap().plays, 0);

        // Her second is wrong: the attempt ends, failed, rated as a loss.
        let wrong = other_than(&later, second);
        let missed = taken(&mut anna, &id, &[first], wrong).await;
        assert_eq!(
            (&missed["done"], &missed["right"], &missed["solved"]),
            (&json!(true), &json!(false), &json!(false))
        );
        assert_eq!(
            (&missed["step"], &missed["best"]),
            (&json!(1), &json!(second))
        );
        assert_eq!(
            missed["solution"],
            serde_json::to_value(&puzzle.solution).unwrap()
        );
        let (anna_after, puzzle_after) = glicko2(
            &Glicko2Rating::new(),
            &start,
            &Outcomes::LOSS,
            &Glicko2Config::new(),
        );
        assert_eq!(
            missed["rating"],
            json!({"before": 1500.0, "after": anna_after.rating.round()})
        );
        let stored = store.puzzle(&id).await.unwrap().unwrap();
        assert_eq!((stored.plays, stored.solved), (1, 0));

        // Her right line after it is answered, unrated: the rating moved once.
        taken(&mut anna, &id, &[], first).await;
        let again = taken(&mut anna, &id, &[first], second).await;
        assert_eq!(
            (&again["solved"], &again["rated"]),
            (&json!(true), &json!(false))
        );

        // Bruno finds the line: a rated win against the puzzle as Anna left it.
        let mut bruno = server.user("bruno").await;
        taken(&mut bruno, &id, &[], first).await;
        let solved = taken(&mut bruno, &id, &[first], second).await;
        let (bruno_after, puzzle_later) = glicko2(
            &Glicko2Rating::new(),
            &puzzle_after,
            &Outcomes::WIN,
            &Glicko2Config::new(),
        );
        assert_eq!(
            (&solved["done"], &solved["solved"], &solved["rated"]),
            (&json!(true), &json!(true), &json!(true))
        );
        assert_eq!(solved["rating"]["after"], json!(bruno_after.rating.round()));
        assert_eq!(
            solved["puzzle_rating"]["after"],
            json!(puzzle_later.rating.round())
        );
        assert!(solved["said"].as_str().unwrap().starts_with("Right"));

        // Carl's first answer is wrong: the attempt ends at the first decision.
        let mut carl = server.user("carl").await;
        let early = taken(&mut carl, &id, &[], other_than(&puzzle.view, first)).await;
        assert_eq!(
            (
                &early["done"],
                &early["solved"],
                &early["step"],
                &early["rated"]
            ),
            (&json!(true), &json!(false), &json!(0), &json!(true))
        );
        assert_eq!(early["best"], first);

        // A line that is not the puzzle's, or longer than it, is refused; nothing is stored.
        let mut dora = server.user("dora").await;
        for (line, action) in [
            (vec![other_than(&puzzle.view, first)], 0),
            (vec![999], 0),
            (vec![first, second], 0),
            (vec![first], 999),
        ] {
            let (status, body) = answer(&mut dora, &id, &line, action).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (StatusCode::UNPROCESSABLE_ENTITY, Some("illegal")),
                "{line:?} {action}: {body}"
            );
        }
        let stored = store.puzzle(&id).await.unwrap().unwrap();
        assert_eq!((stored.plays, stored.solved), (3, 1));

        // Nothing said, the next decision's view and table included, holds the seed or the
        // hidden order of the stacks.
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
