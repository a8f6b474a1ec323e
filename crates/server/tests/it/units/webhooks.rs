//! The parts of `webhooks` that are tested without a server.

/// `webhooks::compose`.
mod compose {
    use helvetia_server::domain::mail_event::MailKind;
    use helvetia_server::domain::seats::GameStatus;
    use helvetia_server::domain::webhook_payload::HookFormat;
    use helvetia_server::webhooks::compose::compose;
    use helvetia_web::pages::WEBHOOK_FORMATS;
    use helvetia_web::Lang;

    use crate::units::mail::compose::job;

    #[test]
    fn every_kind_names_its_person_in_each_language_with_its_link() {
        for lang in Lang::ALL {
            for kind in MailKind::ALL {
                for status in [GameStatus::Finished, GameStatus::Abandoned] {
                    let (text, link) = compose(lang, &job(kind, status), "https://h.example");
                    assert!(!text.contains('⟨'), "{lang:?} {kind:?}: {text}");
                    assert!(text.contains("anna"), "{lang:?} {kind:?}: {text}");
                    assert!(!text.contains('\n'), "one line: {text}");
                    let expected = match kind {
                        MailKind::TournamentEnded => "https://h.example/tournaments/t1",
                        _ => "https://h.example/games/g1",
                    };
                    assert_eq!(link, expected);
                }
            }
        }
        let (text, _) = compose(
            Lang::En,
            &job(MailKind::YourTurn, GameStatus::Running),
            "https://h.example",
        );
        assert_eq!(
            text,
            "Helvetia: it is anna’s turn against bruno, Bot (greedy)."
        );
    }

    /// The page offers the formats the API takes, in their order.
    #[test]
    fn the_page_offers_every_format() {
        let names: Vec<&str> = HookFormat::ALL.iter().map(|f| f.as_str()).collect();
        assert_eq!(names, WEBHOOK_FORMATS);
    }
}

/// `http::outbound`.
mod transport {
    use helvetia_server::domain::webhook_address::check_url;
    use helvetia_server::http::outbound::{checked_address, AddressRefused};

    /// A name is judged by what it resolves to, and the connection goes to that address.
    #[tokio::test]
    async fn a_name_that_resolves_to_loopback_is_refused_unless_allowed() {
        let url = check_url("http://localhost:9/hook", true).unwrap();
        let refused = checked_address(&url, false).await.unwrap_err();
        assert!(
            matches!(refused, AddressRefused::NotPublic(ip) if ip.is_loopback()),
            "{refused}"
        );
        let allowed = checked_address(&url, true).await.unwrap();
        assert!(
            allowed.ip().is_loopback() && allowed.port() == 9,
            "{allowed}"
        );
        let literal = check_url("http://10.0.0.1:8080/", true).unwrap();
        assert!(checked_address(&literal, false).await.is_err());
    }
}
