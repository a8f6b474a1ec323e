-- Lookups of puzzles that read no puzzle's body. A puzzle's body (a few kilobytes) lies before
-- the columns these queries read, so without an index SQLite walks every body to reach them: the
-- next puzzle near a rating (and of a theme) read the whole set, and the puzzle of the day,
-- asked by every home page, counted it. With a first set of over a thousand puzzles that was
-- milliseconds on the database's one connection per page.
CREATE INDEX puzzles_by_rating_and_themes ON puzzles (rating, id, themes);
CREATE INDEX puzzles_by_creation ON puzzles (created_at, id);
