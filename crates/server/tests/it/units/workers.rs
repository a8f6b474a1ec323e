//! The parts of `workers` that are tested without a server.

/// `workers::bots`.
mod bots {
    use helvetia_engine::{Game, GameOptions};
    use helvetia_server::domain::seats::BotLevel;
    use helvetia_server::workers::bots::*;

    #[test]
    fn every_level_builds_a_bot_that_plays_legally_from_the_view() {
        let game = Game::new(GameOptions::for_players(3), 9);
        for level in BotLevel::ALL {
            let spec = spec(level, 5);
            let action = spec.build(1).choose(&game.view(), spec.budget());
            assert!(game.legal_actions().contains(&action), "{level:?}");
        }
    }
}

/// `workers::mail_sender`.
mod mail_sender {
    use helvetia_server::domain::mail_event::MailKind;
    use helvetia_server::domain::seats::GameStatus;
    use helvetia_server::storage::{MailJob, MailKey, MailOutcome, OnDevices, RematchOfMail};
    use helvetia_server::workers::mail_sender::*;

    fn job(kind: MailKind) -> MailJob {
        MailJob {
            key: MailKey {
                user_id: "u1".into(),
                game_id: "g1".into(),
                kind,
                event_key: 9_000_000,
            },
            created_at: 1000,
            attempts: 0,
            username: "anna".into(),
            email: Some("anna@example.org".into()),
            language: "en".into(),
            wanted: true,
            unsubscribe_token: Some("t".into()),
            status: GameStatus::Running,
            to_move: Some(1),
            winners: Vec::new(),
            deadline_ms: Some(9_000_000),
            seat: Some((1, false)),
            players: vec!["bruno".into(), "anna".into()],
            tournament: None,
            rematch: None,
            on_devices: OnDevices::NotTold,
        }
    }

    #[test]
    fn an_event_told_on_a_device_in_use_is_not_mailed_and_one_still_to_be_pushed_waits_a_while() {
        let mut told = job(MailKind::GameStarted);
        told.on_devices = OnDevices::Told;
        assert_eq!(
            decide(&told, 1100, None),
            Err(MailOutcome::Dropped("told on a device".into()))
        );
        let mut pending = job(MailKind::GameStarted);
        pending.on_devices = OnDevices::Pending;
        assert!(
            matches!(decide(&pending, 1010, None), Err(MailOutcome::Deferred(at)) if at > 1010),
            "waits for the push"
        );
        assert_eq!(
            decide(&pending, 1000 + PUSH_FIRST_SECS, None),
            Ok("anna@example.org"),
            "a push that does not go through in time leaves the event to the mail"
        );
    }

    #[test]
    fn a_due_mail_goes_to_its_address() {
        assert_eq!(
            decide(&job(MailKind::YourTurn), 1100, None),
            Ok("anna@example.org")
        );
        assert_eq!(
            decide(&job(MailKind::ClockLow), 1100, Some(1100 - PER_GAME_SECS)),
            Ok("anna@example.org")
        );
    }

    #[test]
    fn the_end_of_a_tournament_is_not_held_back_by_its_games_last_mail() {
        assert_eq!(
            decide(&job(MailKind::TournamentEnded), 1100, Some(1050)),
            Ok("anna@example.org")
        );
    }

    #[test]
    fn an_invitation_to_play_again_goes_while_its_seat_waits_whatever_mail_went_before() {
        let mut invited = job(MailKind::Rematch);
        invited.status = GameStatus::Finished;
        invited.rematch = Some(RematchOfMail {
            asker: "bruno".into(),
            waits: true,
        });
        assert_eq!(decide(&invited, 1100, Some(1050)), Ok("anna@example.org"));
        let mut taken = invited.clone();
        taken.rematch = Some(RematchOfMail {
            asker: "bruno".into(),
            waits: false,
        });
        let mut gone = invited;
        gone.rematch = None;
        for job in [taken, gone] {
            assert_eq!(
                decide(&job, 1100, None),
                Err(MailOutcome::Dropped(
                    "the seat kept for them no longer waits".into()
                )),
                "{job:?}"
            );
        }
    }

    #[test]
    fn a_second_mail_within_the_hour_waits_for_its_end() {
        assert_eq!(
            decide(&job(MailKind::GameEnded), 1100, Some(1000)),
            Err(MailOutcome::Deferred(1000 + PER_GAME_SECS))
        );
    }

    #[test]
    fn a_turn_mail_no_longer_true_is_dropped() {
        let mut moved = job(MailKind::YourTurn);
        moved.to_move = Some(0);
        let mut stood_in = job(MailKind::YourTurn);
        stood_in.seat = Some((1, true));
        let mut over = job(MailKind::ClockLow);
        over.status = GameStatus::Finished;
        let mut extended = job(MailKind::ClockLow);
        extended.deadline_ms = Some(9_500_000);
        for job in [moved, stood_in, over, extended] {
            assert!(
                matches!(decide(&job, 1100, None), Err(MailOutcome::Dropped(_))),
                "{job:?}"
            );
        }
        // The end of a game is news whoever moves.
        let mut ended = job(MailKind::GameEnded);
        ended.status = GameStatus::Finished;
        ended.to_move = None;
        assert_eq!(decide(&ended, 1100, None), Ok("anna@example.org"));
    }

    #[test]
    fn mail_turned_off_without_an_address_or_a_day_old_is_dropped() {
        let mut off = job(MailKind::GameStarted);
        off.wanted = false;
        let mut no_address = job(MailKind::GameStarted);
        no_address.email = None;
        for (job, now) in [
            (off, 1100),
            (no_address, 1100),
            (job(MailKind::GameStarted), 1000 + STALE_SECS + 1),
        ] {
            assert!(
                matches!(decide(&job, now, None), Err(MailOutcome::Dropped(_))),
                "{job:?}"
            );
        }
    }
}

/// `workers::webhook_sender`.
mod webhook_sender {
    use helvetia_server::domain::mail_event::MailKind;
    use helvetia_server::domain::seats::GameStatus;
    use helvetia_server::storage::{DeliveryJob, DeliveryKey, DeliveryOutcome};
    use helvetia_server::workers::mail_sender::STALE_SECS;
    use helvetia_server::workers::webhook_sender::decide;

    use crate::units::mail::compose::job as event;

    fn job(kind: MailKind) -> DeliveryJob {
        DeliveryJob {
            key: DeliveryKey {
                hook_id: "h1".into(),
                game_id: "g1".into(),
                kind,
                event_key: 3,
            },
            attempts: 0,
            url: "https://hooks.example/x".into(),
            format: "json".into(),
            secret: "s".into(),
            paused: false,
            event: event(kind, GameStatus::Running),
        }
    }

    #[test]
    fn a_delivery_goes_while_its_hook_runs_and_its_event_holds() {
        assert_eq!(decide(&job(MailKind::YourTurn), 10), Ok(()));
        assert_eq!(decide(&job(MailKind::GameStarted), 10), Ok(()));
        let dropped = |outcome| matches!(outcome, Err(DeliveryOutcome::Dropped(_)));
        let mut paused = job(MailKind::GameStarted);
        paused.paused = true;
        assert!(dropped(decide(&paused, 10)));
        assert!(dropped(decide(&job(MailKind::GameStarted), STALE_SECS + 1)));
        let mut moved = job(MailKind::YourTurn);
        moved.event.to_move = Some(1);
        assert!(dropped(decide(&moved, 10)), "no longer their turn");
    }
}
