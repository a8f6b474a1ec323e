//! `accounts/`: the open streams of each account.

mod open_streams {
    use std::time::Duration;

    use helvetia_server::accounts::auth::{Credential, User};
    use helvetia_server::accounts::open_streams::{OpenStreams, Refused};

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
