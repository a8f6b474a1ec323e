//! Puzzles in headless Chromium: a person answers two puzzles on the table with its own clicks,
//! one wrong and one right, each time told what came of it with the best action in words and
//! their rating's change, goes from one to the next until none is left; solves the puzzle of
//! the day from the home page with the keyboard; runs a streak to its end. A visitor's puzzle
//! page (with the theme picker) passes axe-core in every language, the ended streak and the
//! home page with the puzzle of the day in English; on a phone the puzzle page fits the screen.
//! A visitor who chose the text mode answers a puzzle by typing its number and hears what came
//! of it, then goes on with `n`.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;

use std::time::Duration;

use browser_support::{
    axe_in_every_language, click, confirm_if_asked, press_enter, register, text_of, wait_until,
    Browser, TestServer,
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
        later_accepted: Vec::new(),
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

/// Answers the puzzle on its table with a target that is shown and is its first legal action
/// (`first`) or is not, clicked or (`keyboard`) focused and taken with Enter; waits for what
/// came of it.
async fn answer_on_the_table(client: &Client, first: bool, keyboard: bool) -> String {
    let listed = client
        .execute(
            "const first = arguments[0];
             return Array.from(document.querySelectorAll('#table [data-action]'))
               .filter(el => (el.dataset.action === '0') === first && !el.closest('.chooser'))
               .filter(el => { const r = el.getBoundingClientRect();
                               return r.width > 0 && r.height > 0; });",
            vec![first.into()],
        )
        .await
        .expect("the targets");
    const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";
    let id = listed[0][ELEMENT_KEY]
        .as_str()
        .expect("a shown target of the kind asked");
    let target =
        fantoccini::elements::Element::from_element_id(client.clone(), id.to_string().into());
    if keyboard {
        let focused = client
            .execute(
                "const el = arguments[0]; el.scrollIntoView({block: 'center'}); el.focus();
                 return document.activeElement === el;",
                vec![serde_json::to_value(&target).expect("an element")],
            )
            .await
            .expect("focus the target");
        assert_eq!(focused, true, "the target takes the focus");
        press_enter(client).await;
    } else {
        click(client, &target).await;
    }
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

/// The id under which `puzzle` is stored.
async fn stored_id(store: &helvetia_server::storage::Store, puzzle: &Puzzle) -> String {
    let all = store.all_puzzles().await.expect("the puzzles");
    all.into_iter()
        .find(|stored| &stored.puzzle == puzzle)
        .expect("the puzzle is stored")
        .id
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
            .add_puzzles(&[only_first.clone(), any_but_first], 0)
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
    let said = answer_on_the_table(&anna, false, false).await;
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
    let said = answer_on_the_table(&anna, false, false).await;
    assert!(said.starts_with("Right: "), "{said}");
    assert!(
        said.contains(" is the best action. It gives about ")
            && said.contains(" Your puzzle rating: "),
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

    // The puzzle of the day, from the home page, answered right with the keyboard.
    let only_first_id = stored_id(store, &only_first).await;
    anna.goto(&server.url("/")).await.unwrap();
    browser_support::click_then(
        &anna,
        ".daily-puzzle-solve",
        "document.querySelector('#table') && document.querySelector('#table').dataset.puzzle",
        "the puzzle of the day",
    )
    .await;
    assert_eq!(text_of(&anna, ".puzzle-bar h1").await, "Puzzle of the day");
    let daily = puzzle_id(&anna).await;
    let said = answer_on_the_table(&anna, daily == only_first_id, true).await;
    assert!(said.starts_with("Right: "), "{said}");

    // A streak to its end: the first puzzle solved, then a mistake, or no harder puzzle left.
    anna.goto(&server.url("/puzzles/streak")).await.unwrap();
    let first = puzzle_id(&anna).await;
    let said = answer_on_the_table(&anna, first == only_first_id, false).await;
    assert!(said.ends_with("Solved in a row: 1"), "{said}");
    assert_eq!(text_of(&anna, ".puzzle-next").await, "Next puzzle");
    click(
        &anna,
        &anna.find(Locator::Css(".puzzle-next")).await.unwrap(),
    )
    .await;
    wait_until(
        &anna,
        "document.querySelector('.puzzle-streak') \
         && document.querySelector('.puzzle-streak').textContent.includes('1')",
        "the streak's next page",
        Duration::from_secs(20),
    )
    .await;
    let next = anna.find(Locator::Css("#table")).await.ok();
    match next {
        Some(_) => {
            let second = puzzle_id(&anna).await;
            assert_ne!(first, second);
            let said = answer_on_the_table(&anna, second != only_first_id, false).await;
            assert!(
                said.ends_with("The streak ends: 1 solved in a row."),
                "{said}"
            );
            assert_eq!(text_of(&anna, ".puzzle-next").await, "New streak");
        }
        None => {
            let end = text_of(&anna, ".puzzle-streak-end").await;
            assert_eq!(end, "No harder puzzle is left. Solved in a row: 1");
        }
    }
    let violations = browser_support::axe_violations(&anna).await;
    assert!(violations.is_empty(), "{violations:#?}");

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
    visitor.goto(&server.url("/")).await.unwrap();
    wait_until(
        &visitor,
        "document.readyState === 'complete' && document.querySelector('.daily-puzzle')",
        "the home page with the puzzle of the day",
        Duration::from_secs(20),
    )
    .await;
    let violations = browser_support::axe_violations(&visitor).await;
    assert!(violations.is_empty(), "{violations:#?}");
    visitor.goto(&server.url("/puzzles")).await.unwrap();
    let facts = text_of(&visitor, ".puzzle-facts").await;
    assert!(!facts.is_empty());

    // By text, as a screen reader user meets it (`?table=text`): the numbered choices, the
    // first typed as the answer, what came of it read out in the answers' live region with the
    // way on, and `n` goes on to the next puzzle.
    browser_support::open_puzzle_in_text(&visitor, &server.url("/puzzles?table=text&lang=en"))
        .await;
    let id = visitor
        .find(Locator::Css("#text-table"))
        .await
        .unwrap()
        .attr("data-puzzle")
        .await
        .unwrap()
        .expect("the puzzle's id");
    let violations = browser_support::axe_violations(&visitor).await;
    assert!(violations.is_empty(), "the text puzzle: {violations:#?}");
    browser_support::type_command(&visitor, "1").await;
    let go_on = "Type n and Enter to go on.";
    wait_until(
        &visitor,
        &format!("document.getElementById('text-answer').textContent.endsWith('{go_on}')"),
        "what came of the answer, read out",
        Duration::from_secs(20),
    )
    .await;
    let said = text_of(&visitor, "#text-answer").await;
    let verdict = if id == only_first_id {
        "Right: "
    } else {
        "Not the best: "
    };
    assert!(said.starts_with("1: ") && said.contains(verdict), "{said}");
    visitor
        .execute("window.answeredHere = true;", vec![])
        .await
        .unwrap();
    browser_support::type_command(&visitor, "n").await;
    wait_until(
        &visitor,
        "!window.answeredHere && document.readyState === 'complete' && location.pathname === '/puzzles' \
         && document.getElementById('text-table')",
        "the next puzzle's page",
        Duration::from_secs(20),
    )
    .await;

    // On a phone: the picker and the table fit the screen's width, the picker's controls are
    // tap targets.
    let phone = browser.session(390, 844).await;
    phone.goto(&server.url("/puzzles")).await.unwrap();
    wait_until(
        &phone,
        "document.readyState === 'complete' && document.querySelector('#table .table-root')",
        "the puzzle on a phone",
        Duration::from_secs(20),
    )
    .await;
    let faults = phone
        .execute(
            "const faults = [];
             if (document.documentElement.scrollWidth > window.innerWidth)
               faults.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
             for (const el of document.querySelectorAll('.puzzle-choices select, .puzzle-choices .button')) {
               const r = el.getBoundingClientRect();
               if (r.height < 43.5 || r.right > window.innerWidth)
                 faults.push(el.textContent.trim().slice(0, 20) + ': ' + Math.round(r.width) + 'x'
                   + Math.round(r.height) + ' at ' + Math.round(r.left));
             }
             return faults;",
            vec![],
        )
        .await
        .expect("the phone's faults");
    assert_eq!(faults, serde_json::json!([]), "on a phone");
    browser_support::screenshot(&phone, "puzzle-phone").await;
    anna.close().await.ok();
    visitor.close().await.ok();
    phone.close().await.ok();
}
