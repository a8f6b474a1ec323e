//! The text mode in headless Chromium, as a person with a screen reader meets it: Anna chooses
//! it with the home page's link and plays a game against a bot to the scores. She reads only
//! what a screen reader reads, the accessibility tree (`Accessibility.getFullAXTree` through
//! ChromeDriver's DevTools command) with its live regions, and decides only by typing in the
//! command field. axe-core finds no violation on the text page (mid-game in English, and the
//! finished game's page in every language).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use helvetia_web::Lang;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{json, Value};

use crate::browser_support::{
    axe_in_every_language, axe_violations, create_game, game_id, register, wait_until, Browser,
    TestServer,
};

/// ChromeDriver's door to the DevTools protocol: the page's whole accessibility tree.
#[derive(Debug)]
struct FullAxTree;

impl fantoccini::wd::WebDriverCompatibleCommand for FullAxTree {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({ "cmd": "Accessibility.getFullAXTree", "params": {} });
        (axum::http::Method::POST, Some(body.to_string()))
    }
}

/// What a screen reader has of the page: the accessibility tree's nodes that are not ignored.
struct Screen {
    nodes: Vec<Value>,
    index: HashMap<String, usize>,
}

fn value<'a>(node: &'a Value, field: &str) -> &'a str {
    node[field]["value"].as_str().unwrap_or_default()
}

fn live(node: &Value) -> bool {
    node["properties"]
        .as_array()
        .is_some_and(|props| props.iter().any(|p| p["name"] == "live"))
}

impl Screen {
    async fn read(client: &Client) -> Screen {
        let tree = client
            .issue_cmd(FullAxTree)
            .await
            .expect("the accessibility tree");
        let nodes: Vec<Value> = tree["nodes"].as_array().expect("nodes").clone();
        let index = nodes
            .iter()
            .enumerate()
            .map(|(i, node)| (node["nodeId"].as_str().unwrap_or_default().to_string(), i))
            .collect();
        Screen { nodes, index }
    }

    fn node(&self, id: &Value) -> Option<&Value> {
        self.index.get(id.as_str()?).map(|&i| &self.nodes[i])
    }

    /// The text a reader hears inside `node`: its static texts, in order.
    fn text_in(&self, node: &Value) -> String {
        if node["ignored"] == true {
            return String::new();
        }
        if value(node, "role") == "StaticText" {
            return value(node, "name").to_string();
        }
        node["childIds"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|id| self.node(id))
            .map(|child| self.text_in(child))
            .collect::<Vec<_>>()
            .join("")
    }

    /// The live regions' texts, in the page's order (the answers, then the others' turns).
    fn live_regions(&self) -> Vec<String> {
        self.nodes
            .iter()
            .filter(|node| live(node))
            .filter(|node| {
                self.node(&node["parentId"])
                    .is_none_or(|parent| !live(parent))
            })
            .map(|node| self.text_in(node))
            .collect()
    }

    fn named(&self, role: &str) -> Vec<String> {
        self.nodes
            .iter()
            .filter(|node| node["ignored"] != true && value(node, "role") == role)
            .map(|node| value(node, "name").to_string())
            .collect()
    }

    /// The numbered choices ("3: take the Trader").
    fn choices(&self) -> Vec<String> {
        self.named("button")
            .into_iter()
            .filter(|name| {
                name.split_once(": ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            })
            .collect()
    }

    /// The page's nodes behind the headings: the table swapped in after every change has new
    /// ones, even where its words stay the same.
    fn heading_nodes(&self) -> Vec<u64> {
        self.nodes
            .iter()
            .filter(|node| node["ignored"] != true && value(node, "role") == "heading")
            .filter_map(|node| node["backendDOMNodeId"].as_u64())
            .collect()
    }

    /// The history's entries.
    fn history(&self) -> Vec<String> {
        self.nodes
            .iter()
            .filter(|node| node["ignored"] != true && value(node, "role") == "listitem")
            .map(|node| self.text_in(node))
            .collect()
    }
}

/// Types `line` into the command field and presses Enter.
async fn command(client: &Client, line: &str) {
    let field = client
        .find(Locator::Id("text-command"))
        .await
        .expect("the command field");
    field
        .send_keys(&format!("{line}{}", char::from(Key::Enter)))
        .await
        .expect("type the command");
}

/// Asks with `line` and returns the answer the history keeps for it, once the answers' live
/// region says it.
async fn ask(client: &Client, line: &str) -> String {
    command(client, line).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let screen = Screen::read(client).await;
        let said = screen.live_regions().first().cloned().unwrap_or_default();
        let kept = screen
            .history()
            .into_iter()
            .rev()
            .find_map(|entry| entry.strip_prefix(&format!("{line}: ")).map(str::to_string));
        if let Some(kept) = kept {
            if !said.is_empty() && said == kept {
                return kept;
            }
        }
        assert!(Instant::now() < deadline, "no answer to {line}: {said}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The words of choice `label` without its number, when they match no other choice (the
/// script's type-ahead: every word typed is in the choice).
fn unique_words<'a>(label: &'a str, choices: &[String]) -> Option<&'a str> {
    let words = label.split_once(": ")?.1;
    let lower = words.to_lowercase();
    let matches = choices
        .iter()
        .filter(|other| {
            let other = other.split_once(": ").map_or("", |(_, w)| w).to_lowercase();
            lower.split_whitespace().all(|word| other.contains(word))
        })
        .count();
    (matches == 1).then_some(words)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_text_mode_plays_a_game_to_the_scores_against_a_bot_by_typed_commands() {
    let en = Lang::En;
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1200, 900).await;
    register(&anna, &server, "anna").await;
    // The home page's first link chooses the text mode.
    anna.goto(&server.url("/")).await.expect("the home page");
    anna.find(Locator::LinkText(&en.tr("text-mode-link")))
        .await
        .expect("the text mode's link")
        .click()
        .await
        .expect("follow it");
    // The settings show the choice this browser made.
    anna.goto(&server.url("/settings"))
        .await
        .expect("the settings");
    let now = anna
        .find(Locator::Id("table-mode-now"))
        .await
        .expect("the table's choice")
        .text()
        .await
        .expect("its words");
    assert!(now.contains(&en.tr("settings-table-text")), "{now}");
    let current = anna
        .find(Locator::Css("#table-mode-now + p a[aria-current='true']"))
        .await
        .expect("the chosen table's link")
        .attr("href")
        .await
        .expect("its address");
    assert_eq!(current.as_deref(), Some("?table=text#table-mode"));
    anna.goto(&server.url("/lobby")).await.expect("the lobby");
    // Two rounds, to the scores: 30 decisions, 9 s. Without a round limit the same game took
    // 154 decisions and 52 s, too long for every run of the tests.
    create_game(&anna, 2, &["me", "bot:random"], 2).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/') && document.getElementById('text-command')",
        "the game page in text mode",
        Duration::from_secs(30),
    )
    .await;
    let started = Instant::now();
    let your_turn = en.tr("prompt-your-turn");
    let over = en.tr("prompt-game-over");
    // Anna's first decision: every ask-command answers, then axe-core looks at the page.
    let deadline = Instant::now() + Duration::from_secs(30);
    while !Screen::read(&anna)
        .await
        .named("heading")
        .contains(&your_turn)
    {
        assert!(Instant::now() < deadline, "Anna's turn never came");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(ask(&anna, "h").await, en.tr("text-help"));
    let mut answers = Vec::new();
    for line in ["w", "a", "v", "v anna", "m", "c", "b", "s", "t", "l", "r"] {
        let answer = ask(&anna, line).await;
        assert!(!answer.contains('⟨'), "{line}: {answer}");
        answers.push(answer);
    }
    assert!(answers[2].starts_with(&en.tr_args("village-of", &[("name", "anna".into())])));
    assert_eq!(answers[2], answers[3], "v and v anna: Anna's village");
    assert_eq!(answers[8], en.tr("text-no-clocks"));
    let violations = axe_violations(&anna).await;
    assert!(violations.is_empty(), "axe-core: {violations:?}");

    let mut rng = ChaCha8Rng::seed_from_u64(58);
    let (mut decisions, mut by_words) = (0, 0);
    let mut heard: Vec<String> = Vec::new();
    let mut last_change = Instant::now();
    let mut shown: (Vec<String>, Vec<u64>) = (Vec::new(), Vec::new());
    let mut waits = 0;
    loop {
        let screen = Screen::read(&anna).await;
        let regions = screen.live_regions();
        if let Some(news) = regions.get(1).filter(|news| !news.is_empty()) {
            if heard.last() != Some(news) {
                heard.push(news.clone());
            }
        }
        let headings = screen.named("heading");
        let choices = screen.choices();
        if headings.contains(&over) {
            assert!(headings.contains(&en.tr("end-title")), "{headings:?}");
            break;
        }
        let now = (headings.clone(), screen.heading_nodes());
        if now != shown {
            shown = now;
            last_change = Instant::now();
        } else if !headings.contains(&your_turn) || last_change.elapsed() < Duration::from_secs(10)
        {
            // Waiting for the bot, or for the table after Anna's decision.
            assert!(
                last_change.elapsed() < Duration::from_secs(60),
                "the game is stuck: {headings:?} {regions:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        if !headings.contains(&your_turn) || choices.is_empty() {
            continue;
        }
        if last_change.elapsed() >= Duration::from_secs(10) {
            waits += 1;
        }
        let pick = &choices[rng.next_u64() as usize % choices.len()];
        match unique_words(pick, &choices).filter(|_| decisions % 3 == 0) {
            Some(words) => {
                command(&anna, words).await;
                by_words += 1;
            }
            None => command(&anna, pick.split_once(": ").expect("numbered").0).await,
        }
        decisions += 1;
        assert!(decisions < 1_500, "no end after {decisions} decisions");
        // The next look waits for a change again.
        last_change = Instant::now();
    }
    // The live region was heard; everything it said is kept in the history, where the checks
    // below read it (the region's text is replaced by the next, so that a look now and then
    // cannot be sure to hear all of it).
    assert!(!heard.is_empty(), "the others' turns were never heard");
    let history = Screen::read(&anna).await.history();
    let summary = en.tr_args("text-summary", &[("count", "".into())]);
    let summary_tail = summary.trim_start();
    let turn_begins = history
        .iter()
        .filter(|entry| entry.contains(summary_tail))
        .collect::<Vec<_>>();
    assert!(
        !turn_begins.is_empty(),
        "no summary at the start of a turn: {history:?}"
    );
    // The summary follows the answer to "w", which begins with the round; what the others did
    // comes before it.
    let round = en.tr_args("table-round", &[("round", 1.into())]);
    let round_word = round.split('1').next().expect("a word before the number");
    assert!(
        turn_begins
            .iter()
            .any(|news| news.find(round_word).is_some_and(|at| at > 0)),
        "the others' turns were never read out: {history:?}"
    );
    assert!(by_words > 0, "no choice made by its words");
    let violations = axe_violations(&anna).await;
    assert!(violations.is_empty(), "axe-core at the end: {violations:?}");
    // The finished game's text page in every language.
    let game = game_id(&anna).await;
    let violations = axe_in_every_language(
        &anna,
        &server,
        &format!("/games/{game}"),
        "document.getElementById('text-table') !== null",
    )
    .await;
    assert!(violations.is_empty(), "axe-core: {violations:?}");
    eprintln!(
        "text mode: {decisions} decisions ({by_words} by words, {waits} after no new table) in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
