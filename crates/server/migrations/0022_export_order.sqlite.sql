-- SQLite: one writer at a time, so the counter's row is taken in commit order by itself.
CREATE TRIGGER games_finish_seq_on_update AFTER UPDATE OF status ON games
WHEN NEW.status = 'finished' AND NEW.finish_seq IS NULL
BEGIN
    UPDATE export_order SET last = last + 1 WHERE id = 1;
    UPDATE games SET finish_seq = (SELECT last FROM export_order WHERE id = 1) WHERE id = NEW.id;
END;
CREATE TRIGGER games_finish_seq_on_insert AFTER INSERT ON games
WHEN NEW.status = 'finished' AND NEW.finish_seq IS NULL
BEGIN
    UPDATE export_order SET last = last + 1 WHERE id = 1;
    UPDATE games SET finish_seq = (SELECT last FROM export_order WHERE id = 1) WHERE id = NEW.id;
END;
