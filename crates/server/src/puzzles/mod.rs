//! Puzzles from real games: a decision where one action is clearly the best, found by the
//! bots' search from what its player could see (`helvetia_ai::puzzles`). A person is given the
//! next puzzle near their puzzle rating ([`next`]) and tries it once for the rating
//! ([`attempts`]): a rated game between them and the puzzle. Visitors may try puzzles too,
//! unrated.

pub mod attempts;
pub mod next;
