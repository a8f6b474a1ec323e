//! The parts of `bot_play` that are tested without a server.

/// `bot_play::event_stream`.
mod event_stream {
    use helvetia_server::bot_play::event_stream::*;
    use helvetia_server::domain::seats::{GameStatus, Occupant, SeatRecord};

    fn seats(bot: Occupant) -> Vec<SeatRecord> {
        let anna = Occupant::Human {
            user_id: "anna".into(),
            username: "Anna".into(),
            invite: None,
        };
        vec![SeatRecord::new(0, anna), SeatRecord::new(1, bot)]
    }

    /// What a seating says of the bot, which decides whether the stream reads its games again.
    #[test]
    fn a_bot_stands_invited_seated_or_playing_until_the_game_is_over() {
        let invited = seats(Occupant::InvitedBot {
            user_id: "robo".into(),
            username: "Robo".into(),
        });
        let sitting = seats(Occupant::Human {
            user_id: "robo".into(),
            username: "Robo".into(),
            invite: None,
        });
        let standing = |status, seats: &[SeatRecord]| standing_in(status, seats, "robo");
        assert_eq!(
            standing(GameStatus::Open, &invited),
            Some((1, Standing::Invited))
        );
        assert_eq!(
            standing(GameStatus::Open, &sitting),
            Some((1, Standing::Seated))
        );
        assert_eq!(
            standing(GameStatus::Running, &sitting),
            Some((1, Standing::Playing))
        );
        for over in [
            GameStatus::Finished,
            GameStatus::Abandoned,
            GameStatus::Cancelled,
        ] {
            assert_eq!(standing(over, &sitting), None, "{over:?}");
            assert_eq!(standing(over, &invited), None, "{over:?}");
        }
        assert_eq!(standing(GameStatus::Running, &seats(Occupant::Open)), None);
        // Another account's seat is not the bot's.
        assert_eq!(standing_in(GameStatus::Running, &sitting, "anna2"), None);
    }
}
