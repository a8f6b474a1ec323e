//! Swiss-system tournaments at tables of 2, 3 or 4: how a round's players are split into
//! tables, the points a place earns, the standings and the pairing of the next round, as pure
//! functions of the entrants and the finished tables (`docs/tournaments.md` states the rules).
//!
//! - Split ([`split`]): a tournament of `k` (2, 3 or 4) players a table also seats tables of
//!   `k − 1` when that is at least 2. The fewest byes first, then the fewest tables (the most
//!   tables of `k`); tables largest first; none when no table can be made. So 10 players at 4
//!   make 4 + 3 + 3, and 5 players at 2 make 2 + 2 and a bye.
//! - Points ([`half_points_for`]), in half points so they stay whole: place `p` of `m` earns
//!   `6 × (m − p) / (m − 1)` (6/4/2/0 at four, 6/3/0 at three, 6/0 at two). Players who share a
//!   rank share the average of the places they cover, rounded down. A bye earns
//!   [`BYE_HALF_POINTS`] (the average of a table), no victory points and no opponents.
//! - Standings ([`standings`]): points, then opponents' score (the final points of everyone
//!   sat with, once per table shared), then victory points decide; equal on all three share a
//!   rank. Rating, then entry order, only order the listing. Players in results who are not
//!   entrants get no line and add to no one's opponents' score.
//! - Pairing ([`pair_round`]), greedy on the standings order so equal scores meet, and only
//!   results and byes of earlier rounds count: byes to the lowest placed among those with the
//!   fewest byes; each table starts with the first unseated player and takes, seat by seat,
//!   the first who has met nobody there yet, else the one with the fewest earlier meetings
//!   with them (the first at a tie).

use std::cmp::Reverse;
use std::collections::HashMap;

/// One entrant, in entry order (the order of the slice passed around is the entry order).
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// Their account.
    pub user_id: String,
    /// Their rating; it orders the listing among equals (so all of round 1), and breaks no tie.
    pub rating: f64,
}

/// One player's result at a finished table: rank 1 is the winner; players tied share a rank
/// (the engine gives ranks like 1, 1, 3, 4 for a shared victory); vp are their final victory points.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    /// Their account.
    pub user_id: String,
    /// Their rank at the table, 1 for the winner; tied players share the best rank they cover.
    pub rank: u8,
    /// Their final victory points.
    pub vp: u32,
}

/// A finished table of one round.
#[derive(Clone, Debug, PartialEq)]
pub struct TableResult {
    /// The round it belongs to, from 1.
    pub round: u32,
    /// Everyone at the table with their result.
    pub places: Vec<Place>,
}

/// A player who sat out a round.
#[derive(Clone, Debug, PartialEq)]
pub struct Bye {
    /// The round sat out, from 1.
    pub round: u32,
    /// Their account.
    pub user_id: String,
}

/// How a round's players are split: table sizes (largest first) and the number of byes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The players at each table, largest first.
    pub tables: Vec<usize>,
    /// How many players sit the round out.
    pub byes: usize,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Their account.
    pub user_id: String,
    /// 1 for the leader; players equal on points, opponents' score and VP share a rank.
    pub rank: u32,
    /// Tournament points, in half points (so 3 = 1.5 points).
    pub half_points: u32,
    /// Opponents' score (tiebreak 1), in half points.
    pub opponents_half_points: u32,
    /// Victory points over all tables played (tiebreak 2).
    pub vp: u32,
    /// How many tables they sat at.
    pub tables_played: u32,
    /// How many rounds they sat out.
    pub byes: u32,
}

/// The tables and byes of one round: each table lists its players (order = the order they were seated by the pairing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The players of each table, in the order they were seated; in the order of the split.
    pub tables: Vec<Vec<String>>,
    /// Those who sit the round out, in standings order.
    pub byes: Vec<String>,
}

/// Half points a bye earns: the average of a table's points (1.5 points).
pub const BYE_HALF_POINTS: u32 = 3;

/// Half points the first place earns at any table (3 points).
const WINNER_HALF_POINTS: usize = 6;

/// Splits `players` into tables for a tournament of `table_size` (2, 3 or 4) players a table,
/// as the module says: the fewest byes, then the fewest tables. `None` when no table can be made.
pub fn split(players: usize, table_size: usize) -> Option<Split> {
    if !(2..=4).contains(&table_size) {
        return None;
    }
    let smaller_table = Some(table_size - 1).filter(|&size| size >= 2);
    for byes in 0..=players {
        let seated = players - byes;
        for full_tables in (0..=seated / table_size).rev() {
            let rest = seated - full_tables * table_size;
            let smaller_tables = match smaller_table {
                Some(size) if rest.is_multiple_of(size) => rest / size,
                None if rest == 0 => 0,
                _ => continue,
            };
            if full_tables + smaller_tables == 0 {
                continue;
            }
            let mut tables = vec![table_size; full_tables];
            if let Some(size) = smaller_table {
                tables.resize(full_tables + smaller_tables, size);
            }
            return Some(Split { tables, byes });
        }
    }
    None
}

/// Half points earned at a table of `table_players` by the `tied` players sharing `rank`
/// (`tied` = 1 when alone): the average of the places they cover, rounded down. A rank or a
/// count of 0 counts as 1; places past the last earn nothing; a table of fewer than two earns 0.
pub fn half_points_for(table_players: usize, rank: u8, tied: usize) -> u32 {
    if table_players < 2 {
        return 0;
    }
    let first_place = usize::from(rank.max(1));
    let sharing = tied.clamp(1, table_players);
    let covered: usize = (first_place..first_place + sharing)
        .map(|place| WINNER_HALF_POINTS * (table_players - place.min(table_players)))
        .sum();
    let average = covered / ((table_players - 1) * sharing);
    u32::try_from(average).expect("a place earns at most 6 half points")
}

/// The standings of `entrants` after the finished `results` and the `byes`, best first, as the
/// module says. Every entrant has a line; players who are not entrants get none and add nothing
/// to anyone's opponents' score, though their places still count for the table's size and ranks.
pub fn standings(entrants: &[Entrant], results: &[TableResult], byes: &[Bye]) -> Vec<Standing> {
    let mut position_of: HashMap<&str, usize> = HashMap::new();
    for (position, entrant) in entrants.iter().enumerate() {
        position_of
            .entry(entrant.user_id.as_str())
            .or_insert(position);
    }
    let mut lines: Vec<Standing> = entrants
        .iter()
        .map(|entrant| Standing {
            user_id: entrant.user_id.clone(),
            rank: 0,
            half_points: 0,
            opponents_half_points: 0,
            vp: 0,
            tables_played: 0,
            byes: 0,
        })
        .collect();
    for result in results {
        for place in &result.places {
            let Some(&position) = position_of.get(place.user_id.as_str()) else {
                continue;
            };
            let tied = result
                .places
                .iter()
                .filter(|other| other.rank == place.rank)
                .count();
            let line = &mut lines[position];
            line.half_points += half_points_for(result.places.len(), place.rank, tied);
            line.vp += place.vp;
            line.tables_played += 1;
        }
    }
    for bye in byes {
        if let Some(&position) = position_of.get(bye.user_id.as_str()) {
            lines[position].half_points += BYE_HALF_POINTS;
            lines[position].byes += 1;
        }
    }
    let final_half_points: Vec<u32> = lines.iter().map(|line| line.half_points).collect();
    for result in results {
        let seated: Vec<Option<usize>> = result
            .places
            .iter()
            .map(|place| position_of.get(place.user_id.as_str()).copied())
            .collect();
        for (index, player) in seated.iter().enumerate() {
            let Some(player) = *player else { continue };
            let opponents: u32 = seated
                .iter()
                .enumerate()
                .filter(|&(other_index, _)| other_index != index)
                .filter_map(|(_, other)| other.map(|other| final_half_points[other]))
                .sum();
            lines[player].opponents_half_points += opponents;
        }
    }
    let score = |line: &Standing| (line.half_points, line.opponents_half_points, line.vp);
    let mut listed: Vec<(usize, Standing)> = lines.into_iter().enumerate().collect();
    listed.sort_by(|(a, line_a), (b, line_b)| {
        score(line_b)
            .cmp(&score(line_a))
            .then(entrants[*b].rating.total_cmp(&entrants[*a].rating))
            .then(a.cmp(b))
    });
    let mut better_placed = 0;
    for index in 0..listed.len() {
        if index > 0 && score(&listed[index].1) != score(&listed[index - 1].1) {
            better_placed = index;
        }
        listed[index].1.rank = u32::try_from(better_placed + 1).expect("fewer than 2^32 entrants");
    }
    listed.into_iter().map(|(_, line)| line).collect()
}

/// Pairs round `round` of the players in `standings` (taken in the slice's order) into tables
/// of `table_size`, as the module says. Only results and byes of earlier rounds count. `None`
/// when the players make no table.
pub fn pair_round(
    standings: &[Standing],
    table_size: usize,
    results: &[TableResult],
    byes: &[Bye],
    round: u32,
) -> Option<Round> {
    let split = split(standings.len(), table_size)?;
    let mut position_of: HashMap<&str, usize> = HashMap::new();
    for (position, line) in standings.iter().enumerate() {
        position_of.entry(line.user_id.as_str()).or_insert(position);
    }
    let players = standings.len();
    let mut meetings = vec![vec![0_u32; players]; players];
    for result in results.iter().filter(|result| result.round < round) {
        let mut seated: Vec<usize> = result
            .places
            .iter()
            .filter_map(|place| position_of.get(place.user_id.as_str()).copied())
            .collect();
        seated.sort_unstable();
        seated.dedup();
        for (index, &player) in seated.iter().enumerate() {
            for &other in &seated[index + 1..] {
                meetings[player][other] += 1;
                meetings[other][player] += 1;
            }
        }
    }
    let mut byes_so_far = vec![0_u32; players];
    for bye in byes.iter().filter(|bye| bye.round < round) {
        if let Some(&position) = position_of.get(bye.user_id.as_str()) {
            byes_so_far[position] += 1;
        }
    }
    let mut bye_order: Vec<usize> = (0..players).collect();
    bye_order.sort_by_key(|&position| (byes_so_far[position], Reverse(position)));
    let mut sits_out = vec![false; players];
    for &position in &bye_order[..split.byes] {
        sits_out[position] = true;
    }
    let mut unseated: Vec<usize> = (0..players)
        .filter(|&position| !sits_out[position])
        .collect();
    let mut tables = Vec::with_capacity(split.tables.len());
    for &size in &split.tables {
        let mut table = vec![unseated.remove(0)];
        while table.len() < size {
            // The fewest meetings with those seated, none if anyone qualifies; `min_by_key`
            // keeps the first of equals, so the first in standings order.
            let (index, _) = unseated
                .iter()
                .enumerate()
                .min_by_key(|&(_, &candidate)| {
                    table
                        .iter()
                        .map(|&seated| meetings[candidate][seated])
                        .sum::<u32>()
                })
                .expect("the split seats exactly the players left");
            table.push(unseated.remove(index));
        }
        tables.push(
            table
                .into_iter()
                .map(|position| standings[position].user_id.clone())
                .collect(),
        );
    }
    let byes = (0..players)
        .filter(|&position| sits_out[position])
        .map(|position| standings[position].user_id.clone())
        .collect();
    Some(Round { tables, byes })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_of(players: usize, table_size: usize) -> Option<(Vec<usize>, usize)> {
        split(players, table_size).map(|split| (split.tables, split.byes))
    }

    fn entrant(user: &str, rating: f64) -> Entrant {
        Entrant {
            user_id: user.into(),
            rating,
        }
    }

    fn place(user: &str, rank: u8, vp: u32) -> Place {
        Place {
            user_id: user.into(),
            rank,
            vp,
        }
    }

    fn table(round: u32, places: Vec<Place>) -> TableResult {
        TableResult { round, places }
    }

    /// A result where the players finish in the order given, 1st to last.
    fn finished_in_order(round: u32, users: &[&str]) -> TableResult {
        let places = users
            .iter()
            .zip(1_u8..)
            .map(|(user, rank)| place(user, rank, 0))
            .collect();
        table(round, places)
    }

    fn bye(round: u32, user: &str) -> Bye {
        Bye {
            round,
            user_id: user.into(),
        }
    }

    /// Standings lines in this order; pairing reads nothing but the order and the names.
    fn in_order(users: &[&str]) -> Vec<Standing> {
        users
            .iter()
            .zip(1_u32..)
            .map(|(user, rank)| Standing {
                user_id: (*user).into(),
                rank,
                half_points: 0,
                opponents_half_points: 0,
                vp: 0,
                tables_played: 0,
                byes: 0,
            })
            .collect()
    }

    fn names(round: &Round) -> (Vec<Vec<&str>>, Vec<&str>) {
        let tables = round
            .tables
            .iter()
            .map(|table| table.iter().map(String::as_str).collect())
            .collect();
        let byes = round.byes.iter().map(String::as_str).collect();
        (tables, byes)
    }

    #[test]
    fn four_a_table_seats_threes_before_giving_a_bye() {
        assert_eq!(split_of(3, 4), Some((vec![3], 0)));
        assert_eq!(split_of(4, 4), Some((vec![4], 0)));
        assert_eq!(
            split_of(5, 4),
            Some((vec![4], 1)),
            "5 = 3 + 2 has no table of 2"
        );
        assert_eq!(split_of(6, 4), Some((vec![3, 3], 0)));
        assert_eq!(split_of(7, 4), Some((vec![4, 3], 0)));
        assert_eq!(split_of(8, 4), Some((vec![4, 4], 0)));
        assert_eq!(split_of(9, 4), Some((vec![3, 3, 3], 0)));
        assert_eq!(split_of(10, 4), Some((vec![4, 3, 3], 0)));
        assert_eq!(split_of(11, 4), Some((vec![4, 4, 3], 0)));
        assert_eq!(split_of(12, 4), Some((vec![4, 4, 4], 0)));
        assert_eq!(split_of(13, 4), Some((vec![4, 3, 3, 3], 0)));
    }

    #[test]
    fn three_a_table_seats_twos_and_never_gives_a_bye() {
        assert_eq!(split_of(2, 3), Some((vec![2], 0)));
        assert_eq!(split_of(3, 3), Some((vec![3], 0)));
        assert_eq!(split_of(4, 3), Some((vec![2, 2], 0)));
        assert_eq!(split_of(5, 3), Some((vec![3, 2], 0)));
        assert_eq!(split_of(6, 3), Some((vec![3, 3], 0)));
        assert_eq!(split_of(7, 3), Some((vec![3, 2, 2], 0)));
        assert_eq!(split_of(8, 3), Some((vec![3, 3, 2], 0)));
        assert_eq!(split_of(9, 3), Some((vec![3, 3, 3], 0)));
        assert_eq!(split_of(10, 3), Some((vec![3, 3, 2, 2], 0)));
    }

    #[test]
    fn two_a_table_gives_a_bye_to_an_odd_one_out() {
        assert_eq!(split_of(2, 2), Some((vec![2], 0)));
        assert_eq!(split_of(3, 2), Some((vec![2], 1)));
        assert_eq!(split_of(5, 2), Some((vec![2, 2], 1)));
        assert_eq!(split_of(6, 2), Some((vec![2, 2, 2], 0)));
    }

    #[test]
    fn no_split_without_a_table() {
        assert_eq!(split(0, 4), None);
        assert_eq!(split(2, 4), None, "a table of 4 needs at least 3");
        assert_eq!(split(0, 3), None);
        assert_eq!(split(1, 3), None);
        assert_eq!(split(1, 2), None);
        assert_eq!(split(0, 2), None);
        assert_eq!(split(6, 1), None);
        assert_eq!(split(6, 5), None);
        assert_eq!(split(6, 0), None);
    }

    #[test]
    fn places_earn_three_points_down_to_nothing() {
        let at_four: Vec<u32> = (1..=4).map(|rank| half_points_for(4, rank, 1)).collect();
        assert_eq!(at_four, [6, 4, 2, 0]);
        let at_three: Vec<u32> = (1..=3).map(|rank| half_points_for(3, rank, 1)).collect();
        assert_eq!(at_three, [6, 3, 0]);
        let at_two: Vec<u32> = (1..=2).map(|rank| half_points_for(2, rank, 1)).collect();
        assert_eq!(at_two, [6, 0]);
    }

    #[test]
    fn tied_players_share_the_average_of_their_places_rounded_down() {
        // Four players: two winners (6 + 4) / 2 = 5; ranks 2–4 (4 + 2 + 0) / 3 = 2;
        // ranks 3–4 (2 + 0) / 2 = 1; three winners (6 + 4 + 2) / 3 = 4; all four 12 / 4 = 3.
        assert_eq!(half_points_for(4, 1, 2), 5);
        assert_eq!(half_points_for(4, 2, 3), 2);
        assert_eq!(half_points_for(4, 3, 2), 1);
        assert_eq!(half_points_for(4, 1, 3), 4);
        assert_eq!(half_points_for(4, 1, 4), 3);
        // Three players: two winners (6 + 3) / 2 = 4.5, down to 4; ranks 2–3 (3 + 0) / 2 = 1;
        // all three 9 / 3 = 3.
        assert_eq!(half_points_for(3, 1, 2), 4);
        assert_eq!(half_points_for(3, 2, 2), 1);
        assert_eq!(half_points_for(3, 1, 3), 3);
        // Two players who tie: (6 + 0) / 2 = 3.
        assert_eq!(half_points_for(2, 1, 2), 3);
    }

    #[test]
    fn odd_inputs_to_the_points_stay_in_range() {
        assert_eq!(half_points_for(4, 0, 1), 6, "rank 0 counts as 1");
        assert_eq!(half_points_for(4, 1, 0), 6, "no one tied counts as alone");
        assert_eq!(half_points_for(3, 5, 1), 0, "past the last place");
        assert_eq!(half_points_for(1, 1, 1), 0, "a table of one");
        assert_eq!(
            half_points_for(2, 1, usize::MAX),
            3,
            "at most the whole table ties"
        );
    }

    #[test]
    fn standings_of_six_players_over_two_rounds_at_tables_of_three() {
        // By hand. Round 1: A 6, B 3, C 0 | D 6, E 3, F 0. Round 2: A 6, D 3, C 0 | B 6, E 3, F 0.
        // Points: A 12, B 9, D 9, E 6, C 0, F 0.
        // Opponents: A (B 9 + C 0) + (D 9 + C 0) = 18; B (A 12 + C 0) + (E 6 + F 0) = 18;
        // D (E 6 + F 0) + (A 12 + C 0) = 18; E (D 9 + F 0) + (B 9 + F 0) = 18;
        // C (A 12 + B 9) + (A 12 + D 9) = 42; F (D 9 + E 6) + (B 9 + E 6) = 30.
        // VP: A 60 + 58 = 118, B 50 + 62 = 112, C 20 + 25 = 45, D 55 + 50 = 105,
        // E 45 + 48 = 93, F 30 + 35 = 65.
        // B and D tie on points and opponents: B's VP decide, though D's rating is higher.
        // C and F tie on points: C's opponents' score decides, though F has more VP.
        let entrants = [
            entrant("A", 1500.0),
            entrant("B", 1400.0),
            entrant("C", 1600.0),
            entrant("D", 1700.0),
            entrant("E", 1450.0),
            entrant("F", 1550.0),
        ];
        let results = [
            table(
                1,
                vec![place("A", 1, 60), place("B", 2, 50), place("C", 3, 20)],
            ),
            table(
                1,
                vec![place("D", 1, 55), place("E", 2, 45), place("F", 3, 30)],
            ),
            table(
                2,
                vec![place("A", 1, 58), place("D", 2, 50), place("C", 3, 25)],
            ),
            table(
                2,
                vec![place("B", 1, 62), place("E", 2, 48), place("F", 3, 35)],
            ),
        ];
        let line = |user: &str, rank, half_points, opponents_half_points, vp| Standing {
            user_id: user.into(),
            rank,
            half_points,
            opponents_half_points,
            vp,
            tables_played: 2,
            byes: 0,
        };
        assert_eq!(
            standings(&entrants, &results, &[]),
            [
                line("A", 1, 12, 18, 118),
                line("B", 2, 9, 18, 112),
                line("D", 3, 9, 18, 105),
                line("E", 4, 6, 18, 93),
                line("C", 5, 0, 42, 45),
                line("F", 6, 0, 30, 65),
            ]
        );
    }

    #[test]
    fn shared_results_byes_absentees_and_strangers_in_the_standings() {
        // One table of four: P and Q share the victory ((6 + 4) / 2 = 5 each), R third (2),
        // X (no entrant) fourth. S has a bye (3). T, U and V play nothing.
        // Opponents: P = Q 5 + R 2 = 7 (X counts nothing); Q = 7; R = P 5 + Q 5 = 10.
        // P and Q are equal on everything: rank 1 both, Q listed first for the higher rating.
        // T, U, V share rank 5: V (1600) first, then T and U (1550) in entry order.
        let entrants = [
            entrant("P", 1500.0),
            entrant("Q", 1600.0),
            entrant("R", 1400.0),
            entrant("S", 1500.0),
            entrant("T", 1550.0),
            entrant("U", 1550.0),
            entrant("V", 1600.0),
        ];
        let results = [table(
            1,
            vec![
                place("P", 1, 40),
                place("Q", 1, 40),
                place("R", 3, 30),
                place("X", 4, 20),
            ],
        )];
        let byes = [bye(1, "S"), bye(1, "X")];
        let line = |user: &str, rank, half_points, opponents, vp, tables, byes| Standing {
            user_id: user.into(),
            rank,
            half_points,
            opponents_half_points: opponents,
            vp,
            tables_played: tables,
            byes,
        };
        assert_eq!(
            standings(&entrants, &results, &byes),
            [
                line("Q", 1, 5, 7, 40, 1, 0),
                line("P", 1, 5, 7, 40, 1, 0),
                line("S", 3, 3, 0, 0, 0, 1),
                line("R", 4, 2, 10, 30, 1, 0),
                line("V", 5, 0, 0, 0, 0, 0),
                line("T", 5, 0, 0, 0, 0, 0),
                line("U", 5, 0, 0, 0, 0, 0),
            ]
        );
    }

    #[test]
    fn round_one_of_ten_at_four_seats_by_rating() {
        let entrants = [
            entrant("e", 1500.0),
            entrant("b", 1800.0),
            entrant("h", 1350.0),
            entrant("a", 1900.0),
            entrant("j", 1200.0),
            entrant("d", 1600.0),
            entrant("g", 1400.0),
            entrant("c", 1700.0),
            entrant("i", 1300.0),
            entrant("f", 1450.0),
        ];
        let lines = standings(&entrants, &[], &[]);
        let round = pair_round(&lines, 4, &[], &[], 1).expect("10 players make tables");
        assert_eq!(
            names(&round),
            (
                vec![
                    vec!["a", "b", "c", "d"],
                    vec!["e", "f", "g"],
                    vec!["h", "i", "j"],
                ],
                vec![]
            )
        );
    }

    #[test]
    fn the_pairing_skips_players_already_met() {
        // Nine at three: round 1 a b c | d e f | g h i; in the same order, round 2 takes the
        // first of each earlier table together.
        let results = [
            finished_in_order(1, &["a", "b", "c"]),
            finished_in_order(1, &["d", "e", "f"]),
            finished_in_order(1, &["g", "h", "i"]),
        ];
        let lines = in_order(&["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
        let round = pair_round(&lines, 3, &results, &[], 2).expect("9 players make tables");
        assert_eq!(
            names(&round),
            (
                vec![
                    vec!["a", "d", "g"],
                    vec!["b", "e", "h"],
                    vec!["c", "f", "i"],
                ],
                vec![]
            )
        );
    }

    #[test]
    fn an_unavoidable_repeat_takes_the_fewest_meetings() {
        // Eight at four: round 1 a b c d | e f g h; round 2 in the order a e b f c g d h.
        // a, e; then everyone left met a or e once: b (first). The fourth seat: f met e (1),
        // c met a and b (2), g met e (1), d met a and b (2), h met e (1): f.
        let results = [
            finished_in_order(1, &["a", "b", "c", "d"]),
            finished_in_order(1, &["e", "f", "g", "h"]),
        ];
        let lines = in_order(&["a", "e", "b", "f", "c", "g", "d", "h"]);
        let round = pair_round(&lines, 4, &results, &[], 2).expect("8 players make tables");
        assert_eq!(
            names(&round),
            (
                vec![vec!["a", "e", "b", "f"], vec!["c", "g", "d", "h"]],
                vec![]
            )
        );
        // Four at two after four rounds: a met b twice, c and d once each. a takes c, the
        // first of the fewest meetings.
        let results = [
            finished_in_order(1, &["a", "b"]),
            finished_in_order(1, &["c", "d"]),
            finished_in_order(2, &["a", "c"]),
            finished_in_order(2, &["b", "d"]),
            finished_in_order(3, &["a", "d"]),
            finished_in_order(3, &["b", "c"]),
            finished_in_order(4, &["a", "b"]),
            finished_in_order(4, &["c", "d"]),
        ];
        let lines = in_order(&["a", "b", "c", "d"]);
        let round = pair_round(&lines, 2, &results, &[], 5).expect("4 players make tables");
        assert_eq!(
            names(&round),
            (vec![vec!["a", "c"], vec!["b", "d"]], vec![])
        );
    }

    #[test]
    fn results_of_this_round_and_later_are_not_meetings() {
        let results = [
            finished_in_order(1, &["a", "c"]),
            finished_in_order(1, &["b", "d"]),
            finished_in_order(2, &["a", "b"]),
        ];
        let lines = in_order(&["a", "b", "c", "d"]);
        let round = pair_round(&lines, 2, &results, &[], 2).expect("4 players make tables");
        assert_eq!(
            names(&round),
            (vec![vec!["a", "b"], vec!["c", "d"]], vec![])
        );
    }

    #[test]
    fn the_bye_goes_to_the_lowest_placed_without_one_and_moves_on() {
        let round = pair_round(&in_order(&["a", "b", "c", "d", "e"]), 4, &[], &[], 1)
            .expect("5 players make a table");
        assert_eq!(names(&round), (vec![vec!["a", "b", "c", "d"]], vec!["e"]));
        // e's bye put e on top; d is now the lowest without one.
        let byes = [bye(1, "e")];
        let round = pair_round(&in_order(&["e", "a", "b", "c", "d"]), 4, &[], &byes, 2)
            .expect("5 players make a table");
        assert_eq!(names(&round), (vec![vec!["e", "a", "b", "c"]], vec!["d"]));
        // d and e had theirs: c, though last.
        let byes = [bye(1, "e"), bye(2, "d")];
        let round = pair_round(&in_order(&["a", "b", "d", "e", "c"]), 4, &[], &byes, 3)
            .expect("5 players make a table");
        assert_eq!(names(&round), (vec![vec!["a", "b", "d", "e"]], vec!["c"]));
        // Once everyone had one, the lowest placed again.
        let byes = [
            bye(1, "e"),
            bye(2, "d"),
            bye(3, "c"),
            bye(4, "b"),
            bye(5, "a"),
        ];
        let round = pair_round(&in_order(&["a", "b", "c", "d", "e"]), 4, &[], &byes, 6)
            .expect("5 players make a table");
        assert_eq!(names(&round).1, ["e"]);
        // A bye recorded for this round (a pairing made again) does not count.
        let round = pair_round(
            &in_order(&["a", "b", "c", "d", "e"]),
            4,
            &[],
            &[bye(1, "e")],
            1,
        )
        .expect("5 players make a table");
        assert_eq!(names(&round).1, ["e"]);
    }

    #[test]
    fn a_two_player_tournament_gives_the_odd_one_a_bye() {
        let round = pair_round(&in_order(&["a", "b", "c", "d", "e"]), 2, &[], &[], 1)
            .expect("5 players make tables");
        assert_eq!(
            names(&round),
            (vec![vec!["a", "b"], vec!["c", "d"]], vec!["e"])
        );
    }

    #[test]
    fn too_few_players_make_no_round() {
        assert_eq!(pair_round(&in_order(&["a", "b"]), 4, &[], &[], 1), None);
        assert_eq!(pair_round(&in_order(&["a"]), 3, &[], &[], 1), None);
        assert_eq!(pair_round(&in_order(&[]), 2, &[], &[], 1), None);
    }

    /// Checks a round against the split: sizes as split, everyone seated once or sitting out.
    fn check_round(round: &Round, players: &[String], table_size: usize) {
        let expected = split(players.len(), table_size).expect("a split exists");
        let sizes: Vec<usize> = round.tables.iter().map(Vec::len).collect();
        assert_eq!(
            sizes,
            expected.tables,
            "{} players at {table_size}",
            players.len()
        );
        assert_eq!(round.byes.len(), expected.byes);
        let mut everyone: Vec<&String> = round.tables.iter().flatten().collect();
        everyone.extend(&round.byes);
        everyone.sort();
        let mut expected_players: Vec<&String> = players.iter().collect();
        expected_players.sort();
        assert_eq!(everyone, expected_players, "everyone exactly once");
    }

    #[test]
    fn every_player_is_seated_once_or_sits_out() {
        for table_size in [3, 4] {
            for count in [5, 6, 7, 9, 10] {
                let players: Vec<String> = (0..count).map(|i| format!("p{i}")).collect();
                let entrants: Vec<Entrant> =
                    players.iter().map(|user| entrant(user, 1500.0)).collect();
                let lines = standings(&entrants, &[], &[]);
                let round = pair_round(&lines, table_size, &[], &[], 1).expect("a split exists");
                check_round(&round, &players, table_size);
            }
        }
    }

    /// A tiny xorshift generator, enough to shuffle results in a test.
    struct Random(u64);

    impl Random {
        fn below(&mut self, bound: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % bound
        }
    }

    #[test]
    fn three_random_rounds_keep_every_rule() {
        let mut random = Random(0x9E37_79B9_7F4A_7C15);
        for table_size in 2..=4 {
            for count in 2..=16 {
                let players: Vec<String> = (0..count).map(|i| format!("p{i}")).collect();
                let entrants: Vec<Entrant> = players
                    .iter()
                    .map(|user| entrant(user, 1200.0 + random.below(600) as f64))
                    .collect();
                let mut results: Vec<TableResult> = Vec::new();
                let mut byes: Vec<Bye> = Vec::new();
                for round_number in 1..=3 {
                    let lines = standings(&entrants, &results, &byes);
                    let Some(round) = pair_round(&lines, table_size, &results, &byes, round_number)
                    else {
                        assert_eq!(split(count, table_size), None);
                        assert!(count < table_size - 1 || count < 2);
                        break;
                    };
                    check_round(&round, &players, table_size);
                    for seated in &round.tables {
                        // Random victory points; a rank is 1 + those with more, so ties share.
                        let points: Vec<u32> = seated
                            .iter()
                            .map(|_| u32::try_from(random.below(4)).expect("below 4"))
                            .collect();
                        let places = seated
                            .iter()
                            .zip(&points)
                            .map(|(user, &vp)| {
                                let better = points.iter().filter(|&&other| other > vp).count();
                                let rank = u8::try_from(better + 1).expect("at most 4 a table");
                                place(user, rank, vp)
                            })
                            .collect();
                        results.push(table(round_number, places));
                    }
                    byes.extend(round.byes.iter().map(|user| bye(round_number, user)));
                    let bye_counts: Vec<usize> = players
                        .iter()
                        .map(|user| byes.iter().filter(|bye| &bye.user_id == user).count())
                        .collect();
                    let most = bye_counts.iter().max().expect("players");
                    let fewest = bye_counts.iter().min().expect("players");
                    assert!(
                        most - fewest <= 1,
                        "a second bye while someone has none: {count} at {table_size}"
                    );
                    let after = standings(&entrants, &results, &byes);
                    assert_eq!(after.len(), count);
                    assert!(after.windows(2).all(|pair| pair[0].rank <= pair[1].rank));
                }
            }
        }
    }
}
