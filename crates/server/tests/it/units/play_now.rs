//! The parts of `play_now` that are tested without a server.

/// `play_now::tables`.
mod tables {
    use helvetia_engine::Seat;
    use helvetia_server::domain::play_now::Pace;
    use helvetia_server::domain::seats::GameStatus;
    use helvetia_server::play_now::tables::*;
    use helvetia_server::storage::PairedTable;

    fn table(people: usize, players: u8, bot: bool) -> PairedTable {
        PairedTable {
            game_id: "g".into(),
            players,
            pace: Pace::Days1,
            people: (0..people)
                .map(|i| (format!("id{i}"), format!("name{i}")))
                .collect(),
            bot,
            rated: !bot,
            mail_at_start: true,
        }
    }

    #[test]
    fn a_table_becomes_a_running_game_with_its_clock_started() {
        let (record, to_move) = running_game(&table(3, 3, false), 7).unwrap();
        assert_eq!(record.status, GameStatus::Running);
        assert!(record.settings.rated);
        let clock = record.clock.unwrap();
        assert_eq!(clock.control, Pace::Days1.time_control());
        assert_eq!(clock.running.map(|r| Seat(r.seat)), to_move);
        let mut ids: Vec<&str> = record
            .seats
            .iter()
            .filter_map(|s| s.occupant.user_id())
            .collect();
        ids.sort_unstable();
        assert_eq!(ids, ["id0", "id1", "id2"]);
    }

    #[test]
    fn a_bot_sits_last_and_the_game_is_unrated() {
        let (record, _) = running_game(&table(2, 3, true), 1).unwrap();
        assert!(!record.settings.rated);
        assert!(record.seats[2].occupant.is_bot());
        assert!(
            running_game(&table(2, 3, false), 1).is_err(),
            "a seat short"
        );
    }
}
