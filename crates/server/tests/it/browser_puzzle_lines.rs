//! A puzzle of two decisions of one turn in headless Chromium: the goal says so, a right first
//! click puts the next decision's table in place of the first, and a right second click solves
//! the puzzle, each step told in the status line. In the text mode the same, typed.
//!
//! It needs Debian's `chromium` and `chromium-driver` and fails without them.

use crate::browser_support;
use crate::puzzle_lines::two_step_puzzle;

use std::time::Duration;

use browser_support::{click, confirm_if_asked, text_of, wait_until, Browser, TestServer};
use fantoccini::Client;
use helvetia_ai::puzzles::next_decision;

/// Clicks the shown target of legal action `index` on the puzzle's table (outside the
/// choosers), confirming where the table asks.
async fn click_action(client: &Client, index: usize) {
    let listed = client
        .execute(
            "return Array.from(document.querySelectorAll(
                 '#table [data-action=\"' + arguments[0] + '\"]'))
               .filter(el => !el.closest('.chooser'))
               .filter(el => { const r = el.getBoundingClientRect();
                               return r.width > 0 && r.height > 0; });",
            vec![index.into()],
        )
        .await
        .expect("the targets");
    const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";
    let id = listed[0][ELEMENT_KEY]
        .as_str()
        .unwrap_or_else(|| panic!("a shown target of action {index}: {listed}"));
    let target =
        fantoccini::elements::Element::from_element_id(client.clone(), id.to_string().into());
    click(client, &target).await;
    confirm_if_asked(client).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_of_two_decisions_is_solved_by_clicking_each_in_turn() {
    let server = TestServer::start().await;
    let (game, puzzle, [first, second]) = two_step_puzzle(4_242_424_242);
    let store = &server.nodes[0].state.store;
    let later = next_decision(&puzzle.view, puzzle.solution[0]).unwrap();
    store.add_puzzles(&[puzzle], 0).await.unwrap();

    let mut browser = Browser::start().await;
    let visitor = browser.session(1600, 1000).await;
    visitor.goto(&server.url("/puzzles")).await.unwrap();
    wait_until(
        &visitor,
        "document.querySelector('#table .table-root')",
        "the puzzle's table",
        Duration::from_secs(20),
    )
    .await;
    let mover = game.to_move().unwrap().0 + 1;
    assert_eq!(
        text_of(&visitor, ".puzzle-goal").await,
        format!(
            "Find the best actions for Player {mover}: 2 decisions of one turn, one after another."
        )
    );

    // The first decision, right: the next decision's table takes the table's place, its
    // prompt the next decision's.
    let prompt = text_of(&visitor, "#table .prompt").await;
    click_action(&visitor, first).await;
    wait_until(
        &visitor,
        &format!(
            "document.querySelector('#table').dataset.step === '1' \
             && document.querySelector('#table .prompt') \
             && document.querySelector('#table .prompt').innerText !== {}",
            serde_json::to_string(&prompt).unwrap()
        ),
        "the next decision's table",
        Duration::from_secs(20),
    )
    .await;
    assert_eq!(
        text_of(&visitor, ".puzzle-result").await,
        "Right. Now the next decision of the same turn."
    );
    let way_on_hidden = visitor
        .execute(
            "return document.querySelector('.puzzle-next').hidden;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(way_on_hidden, true, "the puzzle is not over yet");

    // The second, right: solved.
    click_action(&visitor, second).await;
    wait_until(
        &visitor,
        "!document.querySelector('.puzzle-next').hidden",
        "what came of the answer",
        Duration::from_secs(20),
    )
    .await;
    let said = text_of(&visitor, ".puzzle-result").await;
    assert!(said.starts_with("Right: "), "{said}");
    let solved = visitor
        .execute(
            "return document.querySelector('.puzzle-result').dataset.solved;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(solved, "true");

    // In text: the first answer typed brings the next decision's numbered choices, read out,
    // and the second typed solves it.
    browser_support::open_puzzle_in_text(&visitor, &server.url("/puzzles?table=text&lang=en"))
        .await;
    browser_support::type_command(&visitor, &(first + 1).to_string()).await;
    wait_until(
        &visitor,
        &format!(
            "document.getElementById('text-answer').textContent\
               .includes('Right. Now the next decision of the same turn.') \
             && document.querySelectorAll('#text-table .text-actions button[data-action]').length === {}",
            later.legal_actions().len()
        ),
        "the next decision in text",
        Duration::from_secs(20),
    )
    .await;
    browser_support::type_command(&visitor, &(second + 1).to_string()).await;
    wait_until(
        &visitor,
        "document.getElementById('text-answer').textContent.endsWith('Type n and Enter to go on.')",
        "what came of the answer, read out",
        Duration::from_secs(20),
    )
    .await;
    let said = text_of(&visitor, "#text-answer").await;
    assert!(said.contains("Right: "), "{said}");
    visitor.close().await.ok();
}
