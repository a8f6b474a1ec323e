-- SQLite: an AFTER trigger sets the column (a BEFORE trigger cannot change the new row).
CREATE TRIGGER games_turn_began_on_update AFTER UPDATE OF to_move ON games
WHEN NEW.to_move IS NOT OLD.to_move
BEGIN
    UPDATE games SET turn_began_ms = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
    WHERE id = NEW.id;
END;
CREATE TRIGGER games_turn_began_on_insert AFTER INSERT ON games
WHEN NEW.to_move IS NOT NULL
BEGIN
    UPDATE games SET turn_began_ms = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
    WHERE id = NEW.id;
END;
