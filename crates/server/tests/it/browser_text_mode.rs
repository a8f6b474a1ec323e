//! The text mode in headless Chromium, as a person with a screen reader meets it: Anna chooses
//! it with the home page's link and plays a whole game against a bot, without a round limit,
//! to the scores; then she and her friend Beat, each in a browser of their own, play a few
//! turns of a three-player game with a bot and each hears what the other did. They read only
//! what a screen reader reads, the accessibility tree (`Accessibility.getFullAXTree` through
//! ChromeDriver's DevTools command) with its live regions, and decide only by typing in the
//! command field, where the focus stays as new tables come. Anna then steps through the
//! finished game's replay by text, and begins the tutorial by text, its coach read out.
//! axe-core finds no violation on the text page (mid-game in English, the replay, and the
//! finished game's page in every language).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use helvetia_web::Lang;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use serde_json::{json, Value};

use crate::browser_support::{
    axe_in_every_language, axe_violations, create_game_with, game_id, register,
    start_a_game_with_beat, type_command, wait_until, Browser, TestServer,
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

/// Asks with `line` and returns the answer the history keeps for it, once the answers' live
/// region says it.
async fn ask(client: &Client, line: &str) -> String {
    type_command(client, line).await;
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

/// Follows the home page's first link, which chooses the text mode for this browser.
async fn choose_text_mode(client: &Client, server: &TestServer) {
    client.goto(&server.url("/")).await.expect("the home page");
    client
        .find(Locator::LinkText(&Lang::En.tr("text-mode-link")))
        .await
        .expect("the text mode's link")
        .click()
        .await
        .expect("follow it");
}

/// What one look at the screen came to.
#[derive(Debug, PartialEq, Eq)]
enum Look {
    /// The end screen.
    Over,
    /// Nothing to decide yet: another's turn, or the table after one's own decision to come.
    Waiting,
    /// A choice was typed.
    Decided,
}

/// A person at the text table, who decides by typing whenever the screen shows a new decision
/// of theirs.
struct Reader<'a> {
    client: &'a Client,
    /// The headings, and the nodes behind them, at the last look: a new table has new nodes.
    shown: (Vec<String>, Vec<u64>),
    last_change: Instant,
    /// Choices typed; of them by words, and after no new table came for 10 s.
    decisions: usize,
    by_words: usize,
    waits: usize,
    /// Every command typed, so that the history's answers are told from what was said.
    typed: Vec<String>,
    /// The others' live region at the looks that found it changed.
    heard: Vec<String>,
}

impl<'a> Reader<'a> {
    fn new(client: &'a Client) -> Reader<'a> {
        Reader {
            client,
            shown: (Vec::new(), Vec::new()),
            last_change: Instant::now(),
            decisions: 0,
            by_words: 0,
            waits: 0,
            typed: Vec::new(),
            heard: Vec::new(),
        }
    }

    /// Reads the screen and, when it shows a decision of theirs not yet decided, types a
    /// choice drawn with `rng`: its number, or every third time its words when they match no
    /// other choice (`by_words` allows it).
    async fn look(&mut self, rng: &mut ChaCha8Rng, by_words: bool) -> Look {
        let en = Lang::En;
        let screen = Screen::read(self.client).await;
        let regions = screen.live_regions();
        if let Some(news) = regions.get(1).filter(|news| !news.is_empty()) {
            if self.heard.last() != Some(news) {
                self.heard.push(news.clone());
            }
        }
        let headings = screen.named("heading");
        if headings.contains(&en.tr("prompt-game-over")) {
            assert!(headings.contains(&en.tr("end-title")), "{headings:?}");
            return Look::Over;
        }
        let your_turn = headings.contains(&en.tr("prompt-your-turn"));
        let now = (headings.clone(), screen.heading_nodes());
        if now != self.shown {
            self.shown = now;
            self.last_change = Instant::now();
            // A new table replaced the one decided on: the focus stayed in the command field,
            // not fallen to the page's top.
            if self.decisions > 0 {
                let focus = self
                    .client
                    .execute("return document.activeElement.id;", vec![])
                    .await
                    .expect("the focused element");
                assert_eq!(focus, "text-command", "focus after a new table");
            }
        } else if !your_turn || self.last_change.elapsed() < Duration::from_secs(10) {
            assert!(
                self.last_change.elapsed() < Duration::from_secs(60),
                "the game is stuck: {headings:?} {regions:?}"
            );
            return Look::Waiting;
        }
        let choices = screen.choices();
        if !your_turn || choices.is_empty() {
            return Look::Waiting;
        }
        if self.last_change.elapsed() >= Duration::from_secs(10) {
            self.waits += 1;
        }
        let pick = &choices[rng.next_u64() as usize % choices.len()];
        let words =
            unique_words(pick, &choices).filter(|_| by_words && self.decisions.is_multiple_of(3));
        let line = match words {
            Some(words) => {
                self.by_words += 1;
                words
            }
            None => pick.split_once(": ").expect("numbered").0,
        };
        type_command(self.client, line).await;
        self.typed.push(line.to_string());
        self.decisions += 1;
        assert!(self.decisions < 1_500, "no end after 1,500 decisions");
        // The next look waits for a change again.
        self.last_change = Instant::now();
        Look::Decided
    }

    /// What the others' live region said, as the history keeps it, entry by entry: the
    /// entries that are no answer to a command typed.
    async fn news(&self) -> Vec<String> {
        let typed = self.typed.iter().map(String::as_str).chain(ASKED);
        let prefixes: Vec<String> = typed.map(|line| format!("{line}: ")).collect();
        Screen::read(self.client)
            .await
            .history()
            .into_iter()
            .filter(|entry| !prefixes.iter().any(|prefix| entry.starts_with(prefix)))
            .collect()
    }
}

/// The ask-commands Anna tries at her first decision.
const ASKED: [&str; 12] = [
    "h", "w", "a", "v", "v anna", "m", "c", "b", "s", "t", "l", "r",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browser_text_mode_plays_a_whole_game_against_a_bot_and_turns_with_a_friend_by_typed_commands(
) {
    let en = Lang::En;
    let server = TestServer::start().await;
    let mut browser = Browser::start().await;
    let anna = browser.session(1200, 900).await;
    register(&anna, &server, "anna").await;
    choose_text_mode(&anna, &server).await;
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
    // No round limit: the game ends when someone reaches the target, as most games do. The
    // casual bot (a few milliseconds a decision) reaches it soonest: 40 decisions of Anna's in
    // 17 s on a busy machine, where the random bot took 160 decisions and 107 s.
    create_game_with(&anna, 2, &["me", "bot:greedy"], None).await;
    wait_until(
        &anna,
        "location.pathname.startsWith('/games/') && document.getElementById('text-command')",
        "the game page in text mode",
        Duration::from_secs(30),
    )
    .await;
    let started = Instant::now();
    let your_turn = en.tr("prompt-your-turn");
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
    for line in &ASKED[1..] {
        let answer = ask(&anna, line).await;
        assert!(!answer.contains('⟨'), "{line}: {answer}");
        answers.push(answer);
    }
    assert!(answers[2].starts_with(&en.tr_args("village-of", &[("name", "anna".into())])));
    assert_eq!(answers[2], answers[3], "v and v anna: Anna's village");
    assert_eq!(answers[8], en.tr("text-no-clocks"));
    // `s` names no round limit: the game goes on to the target.
    let mark = "\u{1}";
    let limit = en.tr_args("table-round-limit", &[("limit", mark.into())]);
    let limit = limit.split(mark).next().unwrap_or_default();
    assert!(!answers[7].contains(limit), "{}", answers[7]);
    // `r` tells the decision in progress (the draft) as the coach titles it.
    assert!(
        answers[10].starts_with(&en.tr("coach-draft-title")),
        "{}",
        answers[10]
    );
    let violations = axe_violations(&anna).await;
    assert!(violations.is_empty(), "axe-core: {violations:?}");

    let mut rng = ChaCha8Rng::seed_from_u64(58);
    let mut reader = Reader::new(&anna);
    loop {
        match reader.look(&mut rng, true).await {
            Look::Over => break,
            Look::Waiting => tokio::time::sleep(Duration::from_millis(50)).await,
            Look::Decided => {}
        }
    }
    // The live region was heard; everything it said is kept in the history, entry by entry,
    // where the checks below read it (the region's text is replaced by the next, so that a
    // look now and then cannot be sure to hear all of it).
    assert!(
        !reader.heard.is_empty(),
        "the others' turns were never heard"
    );
    let news = reader.news().await;
    let summary = en.tr_args("text-summary", &[("count", "".into())]);
    let summary_tail = summary.trim_start();
    let turn_begins = news
        .iter()
        .filter(|entry| entry.contains(summary_tail))
        .count();
    assert!(
        turn_begins > 0,
        "no summary at the start of a turn: {news:?}"
    );
    // One turn's start as the live region said it (what the bot did, then the summary), to be
    // heard beside the screenshots.
    let round = en.tr_args("table-round", &[("round", 1.into())]);
    let round_word = round.split('1').next().expect("a word before the number");
    let turn = reader
        .heard
        .iter()
        .find(|said| said.contains(summary_tail) && !said.starts_with(round_word))
        .expect("the bot's turn, then Anna's, was heard");
    eprintln!("text mode: spoken into text-mode-turn.wav: {turn}");
    speak(turn, "text-mode-turn");
    // What the bot did is told with its name first; Anna's own decisions are not told to her.
    let bot_lines = news
        .iter()
        .filter(|entry| !entry.contains(summary_tail) && !entry.starts_with("anna: "))
        .count();
    assert!(
        bot_lines > reader.decisions / 4,
        "{bot_lines} lines of the others' turns read out to Anna in {} decisions of hers",
        reader.decisions
    );
    assert!(reader.by_words > 0, "no choice made by its words");
    let violations = axe_violations(&anna).await;
    assert!(violations.is_empty(), "axe-core at the end: {violations:?}");
    eprintln!(
        "text mode: a whole game, {} decisions of Anna's ({} by words, {} after no new table) in {:.1} s",
        reader.decisions,
        reader.by_words,
        reader.waits,
        started.elapsed().as_secs_f64()
    );
    let game = game_id(&anna).await;
    replay_by_text(&anna, &server, &game).await;

    // Her friend Beat, in a browser of his own, chooses the text mode too; a bot takes the
    // third seat.
    let beat = browser.session(1200, 900).await;
    register(&beat, &server, "beat").await;
    choose_text_mode(&beat, &server).await;
    anna.goto(&server.url("/lobby")).await.expect("the lobby");
    turns_with_a_friend(&anna, &beat, &server).await;
    tutorial_by_text(&anna, &server).await;
    // The finished game's text page in every language.
    let violations = axe_in_every_language(
        &anna,
        &server,
        &format!("/games/{game}"),
        "document.getElementById('text-table') !== null",
    )
    .await;
    assert!(violations.is_empty(), "axe-core: {violations:?}");
}

/// The step ("Step 3 of 120") that `text` tells first.
fn step_told(text: &str) -> Option<(usize, usize)> {
    let rest = text.split_once("Step ")?.1;
    let (step, rest) = rest.split_once(" of ")?;
    let total: String = rest.chars().take_while(char::is_ascii_digit).collect();
    Some((step.parse().ok()?, total.parse().ok()?))
}

/// The finished game's replay by text: it opens at the end; `g 0` goes to the start, `n` steps
/// forward and tells the step's line of the story, `p` steps back, a step past the end is
/// refused in words; the step links are there for those who do not type; axe-core finds
/// nothing.
async fn replay_by_text(anna: &Client, server: &TestServer, game: &str) {
    let en = Lang::En;
    anna.goto(&server.url(&format!("/games/{game}/replay")))
        .await
        .expect("the replay");
    wait_until(
        anna,
        "document.querySelector('.text-replay-step') && document.getElementById('text-command')",
        "the replay in text",
        Duration::from_secs(10),
    )
    .await;
    let screen = Screen::read(anna).await;
    let page = screen.named("StaticText").join(" ");
    let (step, total) = step_told(&page).unwrap_or_else(|| panic!("the step shown: {page}"));
    assert!(step == total && total > 40, "opens at {step} of {total}");
    let at = |step: usize| {
        en.tr_args(
            "replay-step",
            &[("step", step.into()), ("total", total.into())],
        )
    };
    assert_eq!(ask(anna, "h").await, en.tr("text-help-replay"));
    assert_eq!(ask(anna, "g 0").await, at(0));
    let first = ask(anna, "n").await;
    let line = first
        .strip_prefix(&format!("{} ", at(1)))
        .unwrap_or_else(|| panic!("step 1 and its line: {first}"));
    assert!(
        line.contains(": ") && line.ends_with('.'),
        "the first decision, who made it first: {line}"
    );
    assert!(!ask(anna, "w").await.is_empty());
    assert_eq!(ask(anna, "p").await, at(0));
    let past = format!("g {}", total + 1);
    assert_eq!(
        ask(anna, &past).await,
        en.tr_args(
            "text-no-step",
            &[("step", (total + 1).into()), ("total", total.into())]
        )
    );
    let links = Screen::read(anna).await.named("link");
    assert!(links.contains(&en.tr("text-replay-next")), "{links:?}");
    let violations = axe_violations(anna).await;
    assert!(
        violations.is_empty(),
        "axe-core on the replay: {violations:?}"
    );
}

/// Anna begins the tutorial by text: the coach's lesson of each moment is a heading of the
/// page and is read out, once, when the moment comes, over her first decisions.
async fn tutorial_by_text(anna: &Client, server: &TestServer) {
    let en = Lang::En;
    anna.goto(&server.url("/tutorial"))
        .await
        .expect("the tutorial page");
    anna.find(Locator::Css("#tutorial-form button[type=submit]"))
        .await
        .expect("the tutorial's start")
        .click()
        .await
        .expect("start it");
    wait_until(
        anna,
        "location.pathname.startsWith('/games/') && document.getElementById('text-command')",
        "the tutorial's game in text mode",
        Duration::from_secs(30),
    )
    .await;
    let coach = format!("{}: ", en.tr("coach-heading"));
    let coach_heading = |screen: &Screen| {
        screen
            .named("heading")
            .into_iter()
            .find(|heading| heading.starts_with(&coach))
    };
    let mut rng = ChaCha8Rng::seed_from_u64(60);
    let mut reader = Reader::new(anna);
    let mut moments: Vec<String> = Vec::new();
    while reader.decisions < 8 {
        let screen = Screen::read(anna).await;
        let heading = coach_heading(&screen).expect("the coach's heading");
        if moments.last() != Some(&heading) {
            moments.push(heading);
        }
        match reader.look(&mut rng, false).await {
            Look::Over => panic!("the tutorial's game ended within 8 decisions"),
            Look::Waiting => tokio::time::sleep(Duration::from_millis(50)).await,
            Look::Decided => {}
        }
    }
    assert!(moments.len() >= 2, "the coach never moved on: {moments:?}");
    // Each moment the page showed was read out with the coach's words, and each time a moment
    // came it was read once: never twice in a row. (The page changes faster than the test
    // looks, so the moments read out may be more than those it saw.)
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let told: Vec<String> = reader
            .news()
            .await
            .into_iter()
            .filter(|entry| entry.starts_with(&coach))
            .collect();
        let heard = |moment: &String| {
            told.iter()
                .any(|entry| entry.starts_with(&format!("{moment}.")))
        };
        if moments.iter().all(heard) {
            assert!(
                told.windows(2).all(|pair| pair[0] != pair[1]),
                "a moment read twice in a row: {told:?}"
            );
            break;
        }
        assert!(
            Instant::now() < deadline,
            "moments shown {moments:?}, told {told:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Anna and Beat play a few turns of a three-player game with a bot, each by text in a browser
/// of their own, until each has decided 14 times (the start and the first turns): each hears
/// every decision of the other's once, with the other's name first, and never their own.
async fn turns_with_a_friend(anna: &Client, beat: &Client, server: &TestServer) {
    let started = Instant::now();
    let seats = ["me", "open", "bot:random"];
    start_a_game_with_beat(anna, beat, server, &seats, None, None).await;
    for client in [anna, beat] {
        wait_until(
            client,
            "document.getElementById('text-command')",
            "the game page in text mode",
            Duration::from_secs(30),
        )
        .await;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(59);
    let mut readers = [Reader::new(anna), Reader::new(beat)];
    while readers.iter().any(|reader| reader.decisions < 14) {
        let mut decided = false;
        for reader in &mut readers {
            match reader.look(&mut rng, false).await {
                Look::Over => panic!("a game without a round limit ended within 14 decisions"),
                Look::Waiting => {}
                Look::Decided => decided = true,
            }
        }
        if !decided {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let [anna_reads, beat_reads] = &readers;
    for (listener, speaker, name, own_name) in [
        (anna_reads, beat_reads, "beat", "anna"),
        (beat_reads, anna_reads, "anna", "beat"),
    ] {
        // The speaker's decisions as the listener heard them, waited for until the last came.
        let deadline = Instant::now() + Duration::from_secs(10);
        let (heard, own) = loop {
            let news = listener.news().await;
            let (heard, own) = (decisions_told(&news, name), decisions_told(&news, own_name));
            if heard + speaker.waits >= speaker.decisions || Instant::now() > deadline {
                break (heard, own);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert!(
            heard + speaker.waits >= speaker.decisions && heard <= speaker.decisions,
            "{name}'s {} decisions were heard {heard} times",
            speaker.decisions
        );
        assert_eq!(own, 0, "{own_name} heard their own decisions");
    }
    eprintln!(
        "text mode: a friend in a second browser, {} and {} decisions in {:.1} s",
        anna_reads.decisions,
        beat_reads.decisions,
        started.elapsed().as_secs_f64()
    );
}

/// How many of `news` tell a decision of `name`'s: the lines the story tells with their name
/// first, without what followed from a decision by itself (their turn that ends, a tile they
/// take) and the lines of a round's end that begin with their name (their score, villagers
/// back from school).
fn decisions_told(news: &[String], name: &str) -> usize {
    let mark = "\u{1}";
    let said = |key: &str| {
        let args = [
            ("name", name.into()),
            ("good", mark.into()),
            ("points", mark.into()),
            ("villagers", mark.into()),
        ];
        let text = Lang::En.tr_args(key, &args);
        text.split(mark).next().unwrap_or_default().to_string()
    };
    let prefix = format!("{name}: ");
    let not_decisions = [
        format!("{prefix}{}", said("story-turn-ends-by-itself")),
        format!("{prefix}{}", said("story-good-tile")),
        format!("{prefix}{}", said("story-village-tile")),
        said("story-school-to-centre"),
    ];
    news.iter()
        .filter(|entry| {
            !not_decisions
                .iter()
                .any(|start| entry.starts_with(start.as_str()))
        })
        .filter_map(|entry| entry.strip_prefix(&prefix))
        .filter(|line| !line.starts_with(|c: char| c.is_ascii_digit()))
        .count()
}

/// Speaks `text` with espeak-ng into `docs/screenshots/NAME.wav`, beside the screenshots, so
/// that a person can hear what the text mode says.
fn speak(text: &str, name: &str) {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../docs/screenshots");
    let path = dir.join(format!("{name}.wav"));
    let status = std::process::Command::new("espeak-ng")
        .args(["-v", "en", "-w"])
        .arg(&path)
        .arg(text)
        .status()
        .unwrap_or_else(|e| panic!("espeak-ng does not start ({e}): apt-get install -y espeak-ng"));
    assert!(status.success(), "espeak-ng: {status}");
    let written = std::fs::metadata(&path)
        .map(|m| m.len())
        .unwrap_or_default();
    assert!(written > 10_000, "{} holds {written} bytes", path.display());
}
