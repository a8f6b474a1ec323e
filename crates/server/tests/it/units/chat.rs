//! The parts of `chat` that are tested without a server.

/// `chat::lines`.
mod lines {
    use helvetia_server::chat::lines::*;
    use helvetia_server::storage::{ChatLine, ChatText};
    use helvetia_web::Lang;

    fn line(seat: Option<u8>, author: &str) -> ChatLine {
        ChatLine {
            idx: 0,
            at: 0,
            user_id: author.into(),
            name: author.into(),
            seat,
            step: 0,
            text: ChatText::Text("hi".into()),
        }
    }

    #[test]
    fn spectators_lines_stay_among_spectators_when_the_players_chose_so() {
        let spectator = line(None, "s");
        assert!(visible(&spectator, Some(0), &[], false));
        assert!(!visible(&spectator, Some(0), &[], true));
        assert!(visible(&spectator, None, &[], true));
        assert!(visible(&line(Some(1), "p"), None, &[], true));
        assert!(!visible(&line(Some(1), "p"), Some(0), &["p".into()], false));
    }

    #[test]
    fn every_language_has_every_quick_phrase() {
        for lang in Lang::ALL {
            for key in PHRASES {
                let text = lang.tr(&format!("phrase-{key}"));
                assert!(
                    !text.is_empty() && !text.starts_with("phrase-"),
                    "{lang:?} {key}"
                );
            }
        }
    }
}
