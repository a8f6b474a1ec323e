//! The lobby's "next game": which game awaiting the person comes after the one they look at.

use helvetia_server::lobby::next_game::after;

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|id| id.to_string()).collect()
}

#[test]
fn next_game_goes_round_the_games_awaiting_the_person_in_their_order() {
    let waiting = ids(&["a", "b", "c"]);
    assert_eq!(
        after(&waiting, None).as_deref(),
        Some("a"),
        "the oldest first"
    );
    assert_eq!(after(&waiting, Some("a")).as_deref(), Some("b"));
    assert_eq!(after(&waiting, Some("b")).as_deref(), Some("c"));
    assert_eq!(
        after(&waiting, Some("c")).as_deref(),
        Some("a"),
        "round to the first"
    );
    assert_eq!(
        after(&waiting, Some("elsewhere")).as_deref(),
        Some("a"),
        "from a game not awaiting the person, the oldest"
    );
}

#[test]
fn next_game_is_none_when_only_the_game_looked_at_awaits_the_person() {
    assert_eq!(after(&ids(&["a"]), Some("a")), None);
    assert_eq!(after(&ids(&["a"]), None).as_deref(), Some("a"));
    assert_eq!(after(&[], Some("a")), None);
    assert_eq!(after(&[], None), None);
}
