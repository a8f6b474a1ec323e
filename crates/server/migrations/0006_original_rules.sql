-- Games stored before the rules corrections were played by the original rules: mark their
-- options with the original revision ("rules":1), which options without the field do not
-- mean (they mean the current rules). The options were written by serde as one JSON object
-- with every field, so "rules":1 goes right after the opening brace. Written for SQLite and
-- PostgreSQL alike; options already naming a revision are left alone.
UPDATE games
SET options = '{"rules":1,' || SUBSTR(options, 2)
WHERE options LIKE '{"%' AND options NOT LIKE '%"rules"%';
