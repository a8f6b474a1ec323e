//! The parts of `tournaments` that are tested without a server.

/// `tournaments::requests`.
mod requests {
    use helvetia_server::http::error::AppResult;
    use helvetia_server::storage::NewTournament;
    use helvetia_server::tournaments::requests::*;

    fn body(pace: &str, starts_at: &str, round_minutes: Option<u32>) -> CreateBody {
        CreateBody {
            name: "  Autumn cup ".into(),
            players: 4,
            pace: pace.into(),
            rounds: 3,
            starts_at: starts_at.into(),
            round_minutes,
            rated: true,
            min_rating: Some(1400),
            min_games: 2,
        }
    }

    // 2026-11-28T10:00:00Z in milliseconds.
    const NOW: i64 = 1_795_860_000_000;

    fn code(result: AppResult<NewTournament>) -> &'static str {
        result.expect_err("refused").code
    }

    #[test]
    fn a_tournament_is_read_with_its_defaults() {
        let asked = asked(body("live-20", "2026-11-28T11:00:00Z", None), "me", NOW).unwrap();
        assert_eq!(asked.name, "Autumn cup");
        assert_eq!(asked.starts_at_ms, NOW + 3_600_000);
        assert_eq!(asked.round_minutes, 120);
        let turn_based = asked_ok("days-1", None);
        assert_eq!(turn_based.round_minutes, 0);
    }

    fn asked_ok(pace: &str, minutes: Option<u32>) -> NewTournament {
        asked(body(pace, "2026-11-28T11:00:00Z", minutes), "me", NOW).unwrap()
    }

    #[test]
    fn bad_fields_are_refused_each_with_its_code() {
        let mut short = body("live-5", "2026-11-28T11:00:00Z", None);
        short.name = " ab ".into();
        assert_eq!(code(asked(short, "me", NOW)), "tournament-name");
        let mut five = body("live-5", "2026-11-28T11:00:00Z", None);
        five.players = 5;
        assert_eq!(code(asked(five, "me", NOW)), "tournament-players");
        assert_eq!(
            code(asked(body("slow", "2026-11-28T11:00:00Z", None), "me", NOW)),
            "tournament-pace"
        );
        let mut many = body("live-5", "2026-11-28T11:00:00Z", None);
        many.rounds = MAX_ROUNDS + 1;
        assert_eq!(code(asked(many, "me", NOW)), "tournament-rounds");
        for start in ["tomorrow", "2026-11-28T09:00:00Z", "2027-03-01T00:00:00Z"] {
            assert_eq!(
                code(asked(body("live-5", start, None), "me", NOW)),
                "tournament-start",
                "{start}"
            );
        }
        assert_eq!(
            code(asked(
                body("days-2", "2026-11-28T11:00:00Z", Some(60)),
                "me",
                NOW
            )),
            "tournament-round-minutes"
        );
        assert_eq!(
            code(asked(
                body("live-5", "2026-11-28T11:00:00Z", Some(5)),
                "me",
                NOW
            )),
            "tournament-round-minutes"
        );
        let mut limits = body("live-5", "2026-11-28T11:00:00Z", None);
        limits.min_rating = Some(-1);
        assert_eq!(code(asked(limits, "me", NOW)), "tournament-limits");
    }
}

/// `tournaments::rounds`.
mod rounds {
    use helvetia_server::domain::play_now::Pace;
    use helvetia_server::domain::seats::GameStatus;
    use helvetia_server::domain::tournament::TournamentStatus;
    use helvetia_server::storage::{
        EntryRow, NewTournament, ResultRow, TournamentRow, TournamentSeatRow,
    };
    use helvetia_server::storage::{NextStep, TournamentSnapshot};
    use helvetia_server::tournaments::rounds::*;
    use std::collections::BTreeMap;

    const START: i64 = 1_000_000;

    fn snapshot(entrants: usize, pace: Pace, round_minutes: u32) -> TournamentSnapshot {
        TournamentSnapshot {
            tournament: TournamentRow {
                id: "t".into(),
                asked: NewTournament {
                    name: "Cup".into(),
                    creator_id: "p0".into(),
                    players: 4,
                    pace,
                    rounds: 2,
                    starts_at_ms: START,
                    round_minutes,
                    rated: true,
                    min_rating: None,
                    min_games: 0,
                },
                creator_name: "p0".into(),
                status: TournamentStatus::Upcoming,
                round: 0,
                round_started_at_ms: None,
                created_at_ms: 0,
                finished_at_ms: None,
                entries: entrants as u32,
            },
            entries: (0..entrants)
                .map(|i| EntryRow {
                    user_id: format!("p{i}"),
                    username: format!("name{i}"),
                    rating: 1500.0,
                    withdrawn: false,
                })
                .collect(),
            seats: Vec::new(),
            results: Vec::new(),
        }
    }

    /// `snapshot` after its round `round` was paired as `step` says, each table's game
    /// `g{round}-{table}` running.
    fn started(mut snapshot: TournamentSnapshot, step: &NextStep) -> TournamentSnapshot {
        let NextStep::StartRound {
            round,
            tables,
            byes,
        } = step
        else {
            panic!("not a round: {step:?}");
        };
        snapshot.tournament.status = TournamentStatus::Running;
        snapshot.tournament.round = *round;
        for (index, table) in tables.iter().enumerate() {
            for user_id in table {
                snapshot.seats.push(TournamentSeatRow {
                    round: *round,
                    user_id: user_id.clone(),
                    table_no: index as u32 + 1,
                    game_id: Some(format!("g{round}-{}", index + 1)),
                    game_status: Some(GameStatus::Running),
                });
            }
        }
        for user_id in byes {
            snapshot.seats.push(TournamentSeatRow {
                round: *round,
                user_id: user_id.clone(),
                table_no: 0,
                game_id: None,
                game_status: None,
            });
        }
        snapshot
    }

    /// Every table of the round being played ends: its players ranked in seat order.
    fn ended(mut snapshot: TournamentSnapshot) -> TournamentSnapshot {
        let round = snapshot.tournament.round;
        let mut rank = BTreeMap::new();
        for seat in snapshot.seats.iter().filter(|s| s.round == round) {
            let Some(game) = &seat.game_id else { continue };
            let next = rank.entry(game.clone()).or_insert(0u8);
            *next += 1;
            snapshot.results.push(ResultRow {
                round,
                game_id: game.clone(),
                user_id: seat.user_id.clone(),
                rank: *next,
                vp: 40 - u32::from(*next),
            });
        }
        snapshot
    }

    #[test]
    fn a_tournament_starts_at_its_time_or_is_cancelled_with_too_few() {
        let ten = snapshot(10, Pace::Days1, 0);
        assert_eq!(next_step(&ten, START - 1), NextStep::Wait);
        let NextStep::StartRound {
            round,
            tables,
            byes,
        } = next_step(&ten, START)
        else {
            panic!("round 1 starts");
        };
        assert_eq!(round, 1);
        let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
        assert_eq!(sizes, [4, 3, 3]);
        assert!(byes.is_empty());
        assert_eq!(
            next_step(&snapshot(2, Pace::Days1, 0), START),
            NextStep::Cancel
        );
    }

    #[test]
    fn a_round_follows_when_every_table_ended_and_the_last_one_finishes_it() {
        let first = snapshot(5, Pace::Days1, 0);
        let step = next_step(&first, START);
        let playing = started(first, &step);
        assert_eq!(
            next_step(&playing, START + 1),
            NextStep::Wait,
            "tables still running"
        );
        let over = ended(playing);
        let second = next_step(&over, START + 2);
        let NextStep::StartRound { round: 2, byes, .. } = &second else {
            panic!("round 2 starts: {second:?}");
        };
        let had_a_bye: Vec<&str> = over
            .seats
            .iter()
            .filter(|s| s.table_no == 0)
            .map(|s| s.user_id.as_str())
            .collect();
        assert_eq!(byes.len(), 1);
        assert_ne!(had_a_bye, [byes[0].as_str()], "the bye moves on");
        let last = ended(started(over, &second));
        let NextStep::Finish { places } = next_step(&last, START + 3) else {
            panic!("the tournament finishes after its last round");
        };
        assert_eq!(places.len(), 5, "every entrant has a place");
        assert_eq!(places.first().map(|(_, place)| *place), Some(1));
    }

    #[test]
    fn those_who_withdrew_keep_their_standing_but_are_not_seated_again() {
        let first = snapshot(5, Pace::Days1, 0);
        let step = next_step(&first, START);
        let mut over = ended(started(first, &step));
        for entry in over.entries.iter_mut().take(2) {
            entry.withdrawn = true;
        }
        let NextStep::StartRound { tables, byes, .. } = next_step(&over, START + 1) else {
            panic!("round 2 starts with the three still playing");
        };
        let seated: Vec<&str> = tables.iter().flatten().map(String::as_str).collect();
        assert_eq!(tables.len(), 1, "{tables:?}");
        assert_eq!(
            seated.len(),
            3,
            "a table of three, no bye: {tables:?} {byes:?}"
        );
        assert!(byes.is_empty());
        assert!(!seated.contains(&"p0") && !seated.contains(&"p1"));
        assert_eq!(standings_of(&over).len(), 5, "everyone keeps a line");

        // With one player left, nobody can be seated: the tournament ends.
        for entry in over.entries.iter_mut().take(4) {
            entry.withdrawn = true;
        }
        assert!(matches!(
            next_step(&over, START + 1),
            NextStep::Finish { places } if places.len() == 5
        ));
    }

    #[test]
    fn a_live_round_waits_for_its_set_time() {
        let first = snapshot(8, Pace::Live5, 45);
        let step = next_step(&first, START);
        let over = ended(started(first, &step));
        let round_two_at = START + 45 * 60_000;
        assert_eq!(next_step(&over, round_two_at - 1), NextStep::Wait);
        assert!(matches!(
            next_step(&over, round_two_at),
            NextStep::StartRound { round: 2, .. }
        ));
    }

    #[test]
    fn an_abandoned_game_gives_its_people_a_shared_first_place() {
        let standings = standings_of(&ended(started(
            snapshot(4, Pace::Days1, 0),
            &NextStep::StartRound {
                round: 1,
                tables: vec![vec!["p0".into(), "p1".into(), "p2".into(), "p3".into()]],
                byes: Vec::new(),
            },
        )));
        assert_eq!(standings[0].user_id, "p0");
        assert_eq!(standings[0].half_points, 6);
        assert_eq!(standings[3].half_points, 0);
    }
}
