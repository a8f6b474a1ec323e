//! Puzzles in headless Chromium: a person answers two puzzles on the table with its own clicks,
//! one wrong and one right, each time told what came of it with the best action in words and
//! their rating's change, goes from one to the next until none is left; a visitor's page passes
//! axe-core in every language.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use browser_support::{
    axe_in_every_language, click, confirm_if_asked, register, text_of, wait_until, Browser,
    TestServer,
};
use fantoccini::{Client, Locator};
use helvetia_ai::puzzles::{GamePhase, Puzzle, PuzzleSource, Theme};
use helvetia_engine::{Game, GameOptions, Phase, TurnState};

/// A game of three played on by first actions to the start of a turn in its first round: its
/// player chooses among the characters, each a target of its own on the board.
fn game_at_a_fresh_turn() -> Game {
    let mut game = Game::new(GameOptions::for_players(3), 2026);
    loop {
        let fresh = matches!(game.position().phase,
            Phase::Turn { turn, .. } if turn == TurnState::fresh());
        if fresh && game.legal_actions().len() >= 3 {
            return game;
        }
        let first = game.legal_actions()[0];
        game.play(first).unwrap();
    }
}

/// A puzzle at `game`'s decision whose accepted answers are `accepted` (indices of its legal
/// actions), the first of them its solution.
fn puzzle(game: &Game, accepted: &[usize], margin: f32) -> Puzzle {
    let legal = game.legal_actions();
    let accepted: Vec<_> = accepted.iter().map(|&i| legal[i]).collect();
    Puzzle {
        view: game.view(),
        solution: vec![accepted[0]],
        accepted,
        agreement: 1.0,
        margin,
        themes: vec![Theme::CharacterTile],
        phase: GamePhase::Opening,
        source: PuzzleSource {
            game: None,
            step: game.position().round as usize,
        },
    }
}

/// Clicks a target of the puzzle's table that is shown and is not its first legal action, and
/// waits for what came of it.
async fn answer_with_a_target_other_than_the_first(client: &Client) -> String {
    let listed = client
        .execute(
            "return Array.from(document.querySelectorAll('#table [data-action]'))
               .filter(el => el.dataset.action !== '0' && !el.closest('.chooser'))
               .filter(el => { const r = el.getBoundingClientRect();
                               return r.width > 0 && r.height > 0; });",
            vec![],
        )
        .await
        .expect("the targets");
    const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";
    let id = listed[0][ELEMENT_KEY]
        .as_str()
        .expect("a shown target other than the first action");
    let target =
        fantoccini::elements::Element::from_element_id(client.clone(), id.to_string().into());
    click(client, &target).await;
    confirm_if_asked(client).await;
    wait_until(
        client,
        "document.querySelector('.puzzle-result').textContent.length > 0 \
         && !document.querySelector('.puzzle-next').hidden",
        "what came of the answer",
        Duration::from_secs(20),
    )
    .await;
    text_of(client, ".puzzle-result").await
}

async fn puzzle_id(client: &Client) -> String {
    wait_until(
        client,
        "document.querySelector('#table .table-root')",
        "the puzzle's table",
        Duration::from_secs(20),
    )
    .await;
    client
        .find(Locator::Css("#table"))
        .await
        .expect("the table")
        .attr("data-puzzle")
        .await
        .expect("an attribute")
        .expect("the puzzle's id")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_answers_puzzles_on_the_table_and_sees_what_came_of_each() {
    let server = TestServer::start().await;
    let game = game_at_a_fresh_turn();
    let others: Vec<usize> = (1..game.legal_actions().len()).collect();
    // Rated nearer a newcomer's 1500, the puzzle only the first action solves comes first.
    let only_first = puzzle(&game, &[0], 0.06);
    let any_but_first = puzzle(&game, &others, 0.3);
    let store = &server.nodes[0].state.store;
    assert_eq!(
        store
            .add_puzzles(&[only_first, any_but_first], 0)
            .await
            .unwrap(),
        2
    );

    let mut browser = Browser::start().await;
    let anna = browser.session(1600, 1000).await;
    register(&anna, &server, "anna").await;
    anna.goto(&server.url("/puzzles")).await.unwrap();
    let first = puzzle_id(&anna).await;
    let goal = text_of(&anna, ".puzzle-goal").await;
    let mover = game.to_move().unwrap().0 + 1;
    assert_eq!(goal, format!("Find the best action for Player {mover}."));
    let said = answer_with_a_target_other_than_the_first(&anna).await;
    assert!(
        said.starts_with("Not the best: the best action is "),
        "{said}"
    );
    assert!(said.contains("Your puzzle rating: 1500 → "), "{said}");

    browser_support::click_then(
        &anna,
        ".puzzle-next",
        "document.querySelector('#table') && document.querySelector('#table').dataset.puzzle",
        "the next puzzle",
    )
    .await;
    let second = puzzle_id(&anna).await;
    assert_ne!(first, second);
    let said = answer_with_a_target_other_than_the_first(&anna).await;
    assert!(said.starts_with("Right: "), "{said}");
    assert!(
        said.contains(" is the best action. Your puzzle rating: "),
        "{said}"
    );
    browser_support::screenshot(&anna, "puzzle-desk").await;

    anna.goto(&server.url("/puzzles")).await.unwrap();
    wait_until(
        &anna,
        "document.body.textContent.includes('No puzzle is waiting for you now.')",
        "no puzzle left",
        Duration::from_secs(20),
    )
    .await;

    // A visitor gets a puzzle too, with the way to a rating; the page reads in every language.
    let visitor = browser.session(1600, 1000).await;
    let violations = axe_in_every_language(
        &visitor,
        &server,
        "/puzzles",
        "document.querySelector('#table .table-root')",
    )
    .await;
    assert!(violations.is_empty(), "{violations:#?}");
    let facts = text_of(&visitor, ".puzzle-facts").await;
    assert!(!facts.is_empty());
    anna.close().await.ok();
    visitor.close().await.ok();
}
