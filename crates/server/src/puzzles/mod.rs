//! Puzzles from real games: a decision where one action is clearly the best, found by the
//! bots' search from what its player could see (`helvetia_ai::puzzles`). A person is given the
//! next puzzle near their puzzle rating ([`next`]) and tries it once for the rating
//! ([`attempts`]): a rated game between them and the puzzle. Visitors may try puzzles too,
//! unrated. The page ([`page`]) puts the puzzle on the game's own table ([`table`]).

pub mod attempts;
pub mod export;
pub mod import;
pub mod next;
pub mod page;
pub mod table;
