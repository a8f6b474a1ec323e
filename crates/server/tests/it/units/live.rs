//! The parts of `live` that are tested without a server.

/// `live::search_slots`.
mod search_slots {
    use helvetia_server::live::search_slots::*;
    use std::sync::Arc;

    /// One account with twenty games waiting, then another with one: the other's search gets
    /// the second slot that comes free, not the twenty-first.
    #[tokio::test]
    async fn a_flood_of_one_account_does_not_starve_another() {
        let slots = Arc::new(SearchSlots::new(1));
        let running = slots.acquire("flooder").await;
        let (done, mut order) = tokio::sync::mpsc::unbounded_channel();
        let mut tasks = Vec::new();
        for i in 0..20 {
            let (slots, done) = (slots.clone(), done.clone());
            tasks.push(tokio::spawn(async move {
                let _slot = slots.acquire("flooder").await;
                done.send(format!("flooder {i}")).unwrap();
            }));
            tokio::task::yield_now().await;
        }
        let (other_slots, other_done) = (slots.clone(), done.clone());
        tasks.push(tokio::spawn(async move {
            let _slot = other_slots.acquire("other").await;
            other_done.send("other".to_string()).unwrap();
        }));
        while slots.waiting() < 21 {
            tokio::task::yield_now().await;
        }
        drop(running);
        for task in tasks {
            task.await.unwrap();
        }
        let mut served = Vec::new();
        while let Ok(name) = order.try_recv() {
            served.push(name);
        }
        assert_eq!(served.len(), 21);
        let other_at = served.iter().position(|name| name == "other").unwrap();
        assert!(other_at <= 1, "served {other_at}th: {served:?}");
        assert_eq!(slots.waiting(), 0);
    }

    #[tokio::test]
    async fn a_free_slot_is_taken_at_once_and_comes_back() {
        let slots = SearchSlots::new(2);
        let a = slots.acquire("a").await;
        let b = slots.acquire("b").await;
        drop(a);
        let _c = slots.acquire("c").await;
        drop(b);
        let _d = slots.acquire("d").await;
        assert_eq!(slots.waiting(), 0);
    }
}

/// `live::view_json` and `live::view_changes`.
mod view_json {
    use helvetia_engine::{Game, GameOptions, View};
    use helvetia_server::live::view_json::*;
    use serde_json::Value;

    /// The view's JSON after applying `patch` (JSON Patch text) to `before`'s with a JSON Patch
    /// library, as a client does.
    fn patched(before: &View, patch: &str) -> Value {
        let mut json = serde_json::to_value(before).unwrap();
        let patch: json_patch::Patch = serde_json::from_str(patch).unwrap();
        json_patch::patch(&mut json, &patch).unwrap();
        json
    }

    /// Whole random games of two, three and four players, one writer each as a game has: after
    /// every action the text is `serde_json`'s for the view, whether a village changed or not,
    /// and the changes since the view before, applied by a JSON Patch library, turn that one's
    /// JSON into this one's, and say whether the seats and the clock changed. Now and then an
    /// earlier view comes again (as after an undo, or a slow viewer's older snapshot), so that
    /// changes also take buildings away.
    #[test]
    fn each_view_reads_as_serde_writes_it_and_its_changes_lead_from_the_last_one() {
        let mut seed = 7u64;
        let (mut views, mut buildings_removed) = (0, 0);
        for players in [2, 3, 4] {
            for game_seed in 0..3 {
                let mut game = Game::new(GameOptions::for_players(players), game_seed);
                let writer = ViewJson::default();
                let mut unchanged_villages = 0;
                let mut written: Vec<View> = Vec::new();
                let mut revision = 0;
                while !game.is_over() {
                    seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let view = if written.len() > 3 && (seed >> 40).is_multiple_of(7) {
                        written[(seed >> 20) as usize % written.len()].clone()
                    } else {
                        game.view()
                    };
                    let stamp = Stamp {
                        revision,
                        version: revision * 2,
                    };
                    let expected = serde_json::to_string(&view).unwrap();
                    assert_eq!(writer.of(&view), expected, "{players} players");
                    // The seats change every tenth snapshot here; the clock never.
                    let shared = |revision: u64| SharedParts {
                        players: format!("[{}]", revision / 10),
                        clock: "null".to_string(),
                    };
                    match (
                        written.last(),
                        writer.changes(&view, &shared(revision), stamp),
                    ) {
                        (Some(before), Some(changes)) => {
                            assert_eq!(changes.since.revision, revision - 1);
                            assert_eq!(changes.players_changed, revision % 10 == 0);
                            assert!(!changes.clock_changed);
                            assert_eq!(changes.since.version, (revision - 1) * 2);
                            let json = patched(before, &changes.patch);
                            assert_eq!(json, serde_json::to_value(&view).unwrap());
                            unchanged_villages +=
                                usize::from(view.position.villages == before.position.villages);
                            buildings_removed += changes.patch.matches(r#""op":"remove""#).count();
                        }
                        (None, None) => {}
                        (before, changes) => panic!(
                            "changes {} with a view before {}",
                            changes.is_some(),
                            before.is_some()
                        ),
                    }
                    // The same view again: the same text, and no changes.
                    assert_eq!(writer.of(&view), expected);
                    let again = writer.changes(&view, &shared(revision), stamp).unwrap();
                    assert_eq!((again.since, again.patch.as_str()), (stamp, "[]"));
                    assert!(!again.players_changed && !again.clock_changed);
                    written.push(view);
                    revision += 1;
                    views += 1;
                    let legal = game.legal_actions();
                    game.play(legal[(seed >> 33) as usize % legal.len()])
                        .unwrap();
                }
                assert!(
                    unchanged_villages > 0,
                    "some actions left every village as it was"
                );
            }
        }
        assert!(views > 500, "{views} views");
        assert!(buildings_removed > 0, "going back took buildings away");
    }
}

mod open_streams {
    use std::time::Duration;

    use helvetia_server::accounts::auth::{Credential, User};
    use helvetia_server::live::open_streams::{OpenStreams, Refused};

    fn bot(token: &str) -> User {
        User {
            id: "bot1".into(),
            name: "bot1".into(),
            by: Credential::ApiToken,
            token: Some(token.into()),
        }
    }

    #[test]
    fn an_account_holds_at_most_its_cap_and_a_closed_stream_frees_its_place() {
        let streams = OpenStreams::new(2);
        let first = streams.open(&bot("t1")).unwrap();
        let _second = streams.open(&bot("t2")).unwrap();
        assert_eq!(
            streams.open(&bot("t1")).err(),
            Some(Refused::TooMany { cap: 2 })
        );
        drop(first);
        assert_eq!(streams.held_by("bot1"), 1);
        assert!(streams.open(&bot("t1")).is_ok());
    }

    #[tokio::test]
    async fn revoking_a_token_ends_its_streams_only() {
        let streams = OpenStreams::new(8);
        let mut revoked = streams.open(&bot("t1")).unwrap();
        let kept = streams.open(&bot("t2")).unwrap();
        streams.revoke("t1");
        tokio::time::timeout(Duration::from_secs(1), revoked.revoked())
            .await
            .expect("the revoked token's stream is told");
        assert!(revoked.is_revoked());
        assert!(!kept.is_revoked());
        assert_eq!(streams.open(&bot("t1")).err(), Some(Refused::Revoked));
    }
}
