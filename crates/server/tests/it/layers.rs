//! The server's layout holds: its folders are layers and every import runs down (never from a
//! layer to one above it, never between two features of one layer), and no file imports,
//! through any chain, a file that imports it back, in the server, in its domain (a crate of
//! its own, below every folder of the server), in the engine, in the bots or in the web crate.
//! Read from the source: every `crate::…`, `super::…` and `self::…` path in code (comments
//! aside), grouped imports included. No file of these crates grows past 500 lines of code
//! outside its tests, so that each file can tell of one thing.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The server's top-level modules from the bottom up. A module may use its own files and any
/// module of a lower rank. The domain, below them all, is the crate `helvetia-domain`.
const LAYERS: &[(&str, u32)] = &[
    ("config", 0),
    ("names", 0),
    ("storage", 1),
    ("live", 2),
    ("state", 3),
    ("http", 4),
    ("accounts", 5),
    ("chat", 6),
    ("vacations", 6),
    ("players", 7),
    ("mail", 8),
    ("analysis", 9),
    ("lobby", 10),
    ("play", 11),
    ("export", 12),
    ("bot_accounts", 12),
    ("bot_play", 12),
    ("play_now", 12),
    ("push", 12),
    ("puzzles", 12),
    ("webhooks", 12),
    ("tournaments", 13),
    ("workers", 14),
    ("site", 15),
    ("app", 16),
    ("lib", 17),
];

fn server_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../src")
}

fn domain_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../domain/src")
}

fn engine_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../engine/src")
}

fn ai_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ai/src")
}

fn web_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src")
}

/// The crates whose files are checked for circles and for length, by name.
fn checked_crates() -> [(&'static str, PathBuf); 5] {
    [
        ("server", server_src()),
        ("domain", domain_src()),
        ("engine", engine_src()),
        ("ai", ai_src()),
        ("web", web_src()),
    ]
}

/// Every source file under `src`, as its module path (`live::cache`, `lib` for the crate root).
fn modules(src: &Path) -> BTreeMap<Vec<String>, String> {
    fn walk(dir: &Path, prefix: &[String], out: &mut BTreeMap<Vec<String>, String>) {
        for entry in std::fs::read_dir(dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                let mut inner = prefix.to_vec();
                inner.push(name);
                walk(&path, &inner, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut module = prefix.to_vec();
                if name != "mod" && !(prefix.is_empty() && name == "lib") {
                    module.push(name);
                }
                if module.is_empty() {
                    module.push("lib".into());
                }
                out.insert(
                    module,
                    std::fs::read_to_string(&path).expect("a source file"),
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, &[], &mut out);
    out
}

/// The code without comments (a `//` in a string cuts a line short, which can only hide paths
/// that are not imports anyway).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths that start with `root::` in `code`, groups expanded (`a::{b, c::d}`).
fn paths_after(code: &str, root: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let needle = format!("{root}::");
    let mut from = 0;
    while let Some(at) = code[from..].find(&needle) {
        let start = from + at;
        from = start + needle.len();
        let before = code[..start].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        parse_path(&code[from..], Vec::new(), &mut found);
    }
    found
}

/// Parses `a::b::{c, d::e}` at the start of `rest`, pushing each whole path onto `found`.
fn parse_path(rest: &str, prefix: Vec<String>, found: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix;
    let mut i = 0;
    let bytes = rest.as_bytes();
    loop {
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        if i > start {
            path.push(rest[start..i].to_string());
        }
        if rest[i..].starts_with("::") {
            i += 2;
            continue;
        }
        if i == start && i < bytes.len() && bytes[i] == b'{' {
            i += 1;
            loop {
                while i < bytes.len() && (bytes[i] as char).is_whitespace() {
                    i += 1;
                }
                if i >= bytes.len() || bytes[i] == b'}' {
                    return i + 1;
                }
                i += parse_path(&rest[i..], path.clone(), found);
                while i < bytes.len() && bytes[i] != b',' && bytes[i] != b'}' {
                    i += 1;
                }
                if i < bytes.len() && bytes[i] == b',' {
                    i += 1;
                }
            }
        }
        found.push(path);
        return i;
    }
}

/// The file a path names: its longest prefix that is a module.
fn resolve(path: &[String], modules: &BTreeMap<Vec<String>, String>) -> Option<Vec<String>> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| modules.contains_key(prefix))
}

/// Every file's imports of other files of its crate.
fn imports(src: &Path) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules = modules(src);
    let mut graph = BTreeMap::new();
    for (module, text) in &modules {
        let code = code_of(text);
        let mut targets = BTreeSet::new();
        let parent: Vec<String> = module[..module.len().saturating_sub(1)].to_vec();
        let roots = [
            ("crate", Vec::new()),
            ("super", parent),
            ("self", module.clone()),
        ];
        for (root, base) in roots {
            for path in paths_after(&code, root) {
                let mut whole = base.clone();
                whole.extend(path);
                if let Some(target) = resolve(&whole, &modules) {
                    if &target != module && target != ["lib"] {
                        targets.insert(target);
                    }
                }
            }
        }
        graph.insert(module.clone(), targets);
    }
    graph
}

fn rank(module: &[String]) -> u32 {
    let top = module[0].as_str();
    LAYERS
        .iter()
        .find(|(name, _)| *name == top)
        .unwrap_or_else(|| panic!("`{top}` is in no layer: add it to LAYERS"))
        .1
}

#[test]
fn every_import_runs_down_the_layers() {
    let mut upward = Vec::new();
    for (from, targets) in imports(&server_src()) {
        for to in targets {
            let same_module = from[0] == to[0];
            if !same_module && rank(&to) >= rank(&from) {
                upward.push(format!("{} -> {}", from.join("::"), to.join("::")));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that run up or sideways:\n{}",
        upward.join("\n")
    );
}

#[test]
fn no_file_imports_itself_through_others() {
    let mut found = Vec::new();
    for (name, src) in checked_crates() {
        for circle in circles(&imports(&src)) {
            let files: Vec<String> = circle
                .iter()
                .map(|file| format!("{name}::{file}"))
                .collect();
            found.push(files);
        }
    }
    assert!(
        found.is_empty(),
        "files that import each other in a circle:\n{found:?}"
    );
}

/// Tarjan's strongly connected components of `graph`: any with two or more files is a circle.
fn circles(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on_stack: BTreeSet<&'a Vec<String>>,
        circles: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a Vec<String>) {
            let n = self.index.len();
            self.index.insert(node, n);
            self.low.insert(node, n);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in &self.graph[node] {
                let Some((next, _)) = self.graph.get_key_value(next) else {
                    continue;
                };
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    component.push(top.join("::"));
                    if top == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.circles.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        circles: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node) {
            walk.visit(node);
        }
    }
    walk.circles
}

/// The most lines of code a file holds outside its tests: a longer one tells of more than one
/// thing, and is split by what it does.
const MOST_LINES_OF_CODE: usize = 500;

/// Files past the limit (crate, then module path) that are not split yet: none now. One split
/// since comes off the list, so that the list only shrinks.
const LONG_FILES: &[&str] = &[];

#[test]
fn no_file_is_longer_than_500_lines_of_code_outside_its_tests() {
    let mut long = Vec::new();
    for (name, src) in checked_crates() {
        let modules = modules(&src);
        for (module, text) in &modules {
            let lines = lines_of_code(text);
            if lines > MOST_LINES_OF_CODE && !is_test_module(module, &modules) {
                long.push(format!("{name}::{}", module.join("::")));
            }
        }
    }
    let unlisted: Vec<&String> = long
        .iter()
        .filter(|file| !LONG_FILES.contains(&file.as_str()))
        .collect();
    assert!(
        unlisted.is_empty(),
        "files over {MOST_LINES_OF_CODE} lines of code outside their tests: {unlisted:?}"
    );
    let split: Vec<&&str> = LONG_FILES
        .iter()
        .filter(|file| !long.iter().any(|found| found == *file))
        .collect();
    assert!(
        split.is_empty(),
        "files no longer over the limit, to take off LONG_FILES: {split:?}"
    );
}

/// Lines that are neither blank nor only a comment, outside any `#[cfg(test)]` module written
/// in the file.
fn lines_of_code(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    let mut count = 0;
    let mut at = 0;
    while at < lines.len() {
        if let Some(end) = test_module_end(&lines, at) {
            at = end + 1;
            continue;
        }
        let line = lines[at].trim();
        if !line.is_empty() && !line.starts_with("//") {
            count += 1;
        }
        at += 1;
    }
    count
}

/// The line that closes the `#[cfg(test)]` module whose attribute is on line `at`, if one starts
/// there: formatted code closes it with a brace as far in as its `mod` line.
fn test_module_end(lines: &[&str], at: usize) -> Option<usize> {
    if lines[at].trim() != "#[cfg(test)]" {
        return None;
    }
    let head = at
        + 1
        + lines[at + 1..]
            .iter()
            .position(|line| !line.trim_start().starts_with("#["))?;
    let line = lines[head];
    let words: Vec<&str> = line.split_whitespace().collect();
    let opens_a_module =
        words.len() >= 3 && words[words.len() - 3] == "mod" && words.last() == Some(&"{");
    if !opens_a_module {
        return None;
    }
    let close = format!("{}}}", &line[..line.len() - line.trim_start().len()]);
    lines[head + 1..]
        .iter()
        .position(|line| *line == close)
        .map(|n| head + 1 + n)
}

/// Whether a file is a test module of its own: its parent declares it under `#[cfg(test)]`.
fn is_test_module(module: &[String], modules: &BTreeMap<Vec<String>, String>) -> bool {
    let Some((name, parent)) = module.split_last() else {
        return false;
    };
    let parent = if parent.is_empty() {
        vec!["lib".to_string()]
    } else {
        parent.to_vec()
    };
    let Some(text) = modules.get(&parent) else {
        return false;
    };
    let declaration = format!("mod {name};");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines.iter().enumerate().any(|(at, line)| {
        line.ends_with(&declaration)
            && lines[..at]
                .iter()
                .rev()
                .take_while(|above| above.starts_with("#["))
                .any(|above| *above == "#[cfg(test)]")
    })
}

#[test]
fn the_counter_leaves_out_blank_lines_comments_and_tests() {
    let text = "//! Why.\n\nfn a() {\n    // note\n    1\n}\n\n#[cfg(test)]\nmod tests {\n    fn b() {}\n}\n";
    assert_eq!(lines_of_code(text), 3);
}

/// The domain depends on no web framework, database or async runtime: what its manifest does
/// not name, the compiler keeps out of it.
#[test]
fn the_domain_names_no_web_framework_database_or_runtime() {
    let manifest = std::fs::read_to_string(domain_src().join("../Cargo.toml")).expect("a manifest");
    let named: Vec<&str> = manifest
        .lines()
        .filter_map(|line| line.split(['.', ' ', '=']).next())
        .filter(|name| !name.is_empty())
        .collect();
    for outside in [
        "axum",
        "hyper",
        "tower",
        "tower-http",
        "sqlx",
        "tokio",
        "lettre",
        "reqwest",
    ] {
        assert!(!named.contains(&outside), "the domain depends on {outside}");
    }
    assert!(
        named.contains(&"helvetia-engine"),
        "the manifest was read: {named:?}"
    );
}

#[test]
fn the_reader_finds_imports_in_every_form() {
    let code = "use crate::a::{b, c::{d, e}};\nlet x = crate::f::g(1); super::h::i();\n";
    let paths = paths_after(code, "crate");
    let names: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(names, ["a::b", "a::c::d", "a::c::e", "f::g"]);
    assert_eq!(
        paths_after(code, "super"),
        [vec!["h".to_string(), "i".into()]]
    );
    assert_eq!(code_of("use crate::x; // crate::y"), "use crate::x; ");
}

/// A change is told once: the notice that a game changed is built in one file; every change is
/// announced (its snapshot published, the workers told) by one function, which the write path's
/// commit, the cache (a game entering it) and the following of another node's changes call;
/// only a held game's re-presentations of an unchanged state (presence, a log's language)
/// publish beside it. `LiveGame::publish`, `Events::tell` and `announce` are private to the
/// live layer, so the compiler refuses them anywhere else.
#[test]
fn one_file_tells_of_a_change_and_only_the_live_layer_publishes() {
    let modules = modules(&server_src());
    let telling: Vec<String> = modules
        .iter()
        .filter(|(_, text)| {
            code_of(text)
                .lines()
                .any(|line| line.contains("Notice::GameChanged {") && !line.contains("=>"))
        })
        .map(|(module, _)| module.join("::"))
        .collect();
    assert_eq!(telling, ["storage::game_changes"]);
    let publishing: Vec<String> = modules
        .iter()
        .filter(|(_, text)| code_of(text).contains(".publish("))
        .map(|(module, _)| module.join("::"))
        .collect();
    assert_eq!(publishing, ["live::announce", "live::live_game"]);
    let in_modules_whose_code = |needle: &str| -> Vec<String> {
        modules
            .iter()
            .filter(|(_, text)| code_of(text).contains(needle))
            .map(|(module, _)| module.join("::"))
            .collect()
    };
    assert_eq!(in_modules_whose_code("events.tell("), ["live::announce"]);
    assert_eq!(
        in_modules_whose_code("announce(node, "),
        ["live::cache", "live::follow", "live::write_path"]
    );
}

/// The domain depends on the engine and the bots' crate for the rules, and on no crate of the
/// site above it: the game's words (the story, the seats' names in a language) are the
/// server's and the web crate's, so the compiler refuses the domain an import of them.
#[test]
fn the_domain_depends_only_on_the_engine_and_the_bots() {
    let manifest = std::fs::read_to_string(domain_src().join("../Cargo.toml")).expect("a manifest");
    let ours: Vec<&str> = manifest
        .lines()
        .filter_map(|line| line.split(['.', ' ', '=']).next())
        .filter(|name| name.starts_with("helvetia"))
        .collect();
    assert_eq!(ours, ["helvetia-engine", "helvetia-ai"]);
}
