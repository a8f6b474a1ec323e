//! The parts of `mail` that are tested without a server.

/// `mail::compose`.
pub(super) mod compose {
    use helvetia_server::domain::mail_event::MailKind;
    use helvetia_server::domain::seats::GameStatus;
    use helvetia_server::mail::compose::*;
    use helvetia_server::storage::MailJob;
    use helvetia_server::storage::{MailKey, RematchOfMail, TournamentOfMail};
    use helvetia_web::Lang;

    /// A German person's event in a game of three, as the outbox reads it.
    pub(in crate::units) fn job(kind: MailKind, status: GameStatus) -> MailJob {
        MailJob {
            key: MailKey {
                user_id: "u1".into(),
                game_id: "g1".into(),
                kind,
                event_key: 3,
            },
            created_at: 0,
            attempts: 0,
            username: "anna".into(),
            email: Some("anna@example.org".into()),
            language: "de".into(),
            wanted: true,
            unsubscribe_token: Some("t".into()),
            status,
            to_move: Some(0),
            winners: vec![1],
            deadline_ms: Some(1_700_000_000_000),
            seat: Some((0, false)),
            players: vec!["anna".into(), "bruno".into(), "Bot (greedy)".into()],
            tournament: (kind == MailKind::TournamentEnded).then(|| TournamentOfMail {
                id: "t1".into(),
                name: "Autumn cup".into(),
                entrants: 10,
            }),
            rematch: (kind == MailKind::Rematch).then(|| RematchOfMail {
                asker: "bruno".into(),
                waits: true,
            }),
            on_devices: helvetia_server::storage::OnDevices::NotTold,
        }
    }

    fn links() -> Links {
        Links {
            game: "https://helvetia.example/games/g1".into(),
            tournament: Some("https://helvetia.example/tournaments/t1".into()),
            settings: "https://helvetia.example/settings".into(),
            unsubscribe: "https://helvetia.example/unsubscribe/t".into(),
        }
    }

    #[test]
    fn a_mail_names_the_others_and_carries_every_link() {
        let letter = compose(
            Lang::En,
            &job(MailKind::YourTurn, GameStatus::Running),
            &links(),
        );
        assert!(letter.subject.contains("bruno, Bot (greedy)"), "{letter:?}");
        assert!(!letter.subject.contains("anna"), "{letter:?}");
        for url in [links().game, links().settings, links().unsubscribe] {
            assert!(letter.body.contains(&url), "{url} missing in {letter:?}");
        }
    }

    #[test]
    fn every_kind_is_written_in_each_language_without_missing_messages() {
        for lang in Lang::ALL {
            for kind in MailKind::ALL {
                for status in [GameStatus::Finished, GameStatus::Abandoned] {
                    let letter = compose(lang, &job(kind, status), &links());
                    let text = format!("{}\n{}", letter.subject, letter.body);
                    assert!(!text.contains('⟨'), "{lang:?} {kind:?}: {text}");
                }
            }
        }
        let german = compose(
            Lang::De,
            &job(MailKind::GameEnded, GameStatus::Finished),
            &links(),
        );
        assert_ne!(
            german,
            compose(
                Lang::En,
                &job(MailKind::GameEnded, GameStatus::Finished),
                &links()
            )
        );
        assert!(german.body.contains("bruno"), "{german:?}");
    }

    #[test]
    fn the_end_of_a_tournament_tells_the_place_and_links_the_standings() {
        let job = job(MailKind::TournamentEnded, GameStatus::Finished);
        let letter = compose(Lang::En, &job, &links());
        assert!(letter.subject.contains("Autumn cup"), "{letter:?}");
        assert!(letter.body.contains("3 of 10"), "{letter:?}");
        assert!(letter
            .body
            .contains("https://helvetia.example/tournaments/t1"));
        assert!(!letter.body.contains("https://helvetia.example/games/g1"));
    }

    #[test]
    fn an_invitation_to_play_again_names_who_asks_and_links_the_finished_game() {
        let job = job(MailKind::Rematch, GameStatus::Finished);
        let letter = compose(Lang::En, &job, &links());
        assert_eq!(letter.subject, "Helvetia: bruno asks you to play again");
        assert!(
            letter.body.starts_with("Hello anna, bruno asks"),
            "{letter:?}"
        );
        assert!(letter.body.contains("https://helvetia.example/games/g1"));
        let german = compose(Lang::De, &job, &links());
        assert!(
            german.subject.contains("bruno möchte nochmals"),
            "{german:?}"
        );
    }

    #[test]
    fn a_clock_warning_gives_the_deadline_in_utc() {
        let letter = compose(
            Lang::En,
            &job(MailKind::ClockLow, GameStatus::Running),
            &links(),
        );
        assert!(letter.body.contains("2023-11-14 22:13 UTC"), "{letter:?}");
    }
}

/// `mail::transport`.
mod transport {
    use helvetia_server::mail::transport::*;

    #[test]
    fn addresses_are_checked() {
        assert!(is_deliverable("anna@example.org"));
        assert!(!is_deliverable("anna"));
        assert!(!is_deliverable("anna@"));
        assert!(!is_deliverable("an na@example.org"));
        assert!(!is_deliverable("anna@example.org\r\nBcc: x@y.z"));
    }

    /// In a runtime: a good URL starts the connection pool's task.
    #[tokio::test]
    async fn a_bad_url_is_refused_with_its_flag() {
        let error = Mailer::new("ftp://example.org", "Helvetia <h@example.org>").unwrap_err();
        assert!(error.starts_with("--smtp-url"), "{error}");
        let error = Mailer::new("smtp://localhost:25", "not an address").unwrap_err();
        assert!(error.starts_with("--mail-from"), "{error}");
    }
}
