//! Puzzles from real games: a decision where one action is clearly the best, found by the
//! bots' search from what its player could see (`helvetia_ai::puzzles`). A person is given the
//! next puzzle near their puzzle rating ([`next`]) and tries it once for the rating
//! ([`attempts`]): a rated game between them and the puzzle. Visitors may try puzzles too,
//! unrated. The page ([`page`]) puts the puzzle on the game's own table ([`table`]), of a theme
//! the reader picks; a [`streak`] runs puzzles of rising rating until a mistake, unrated; the
//! puzzle of the [`daily`] is the same for everyone on a UTC day.

pub mod attempts;
pub mod daily;
pub mod export;
pub mod import;
pub mod next;
pub mod page;
pub mod streak;
pub mod table;
