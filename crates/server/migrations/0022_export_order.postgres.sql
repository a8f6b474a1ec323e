-- PostgreSQL: the number is taken at commit (a deferred constraint trigger), so the counter's
-- row is locked only from then until the commit ends, the last thing the transaction does: a
-- second transaction taking a number waits for the first to commit, then reads its number and
-- takes the next. Nothing else is locked after the counter, so no two can wait on each other.
CREATE FUNCTION helvetia_number_finish() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    n BIGINT;
BEGIN
    IF EXISTS (SELECT 1 FROM games WHERE id = NEW.id AND status = 'finished'
               AND finish_seq IS NULL) THEN
        UPDATE export_order SET last = last + 1 WHERE id = 1 RETURNING last INTO n;
        UPDATE games SET finish_seq = n WHERE id = NEW.id;
    END IF;
    RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER games_finish_seq AFTER INSERT OR UPDATE OF status ON games
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN (NEW.status = 'finished' AND NEW.finish_seq IS NULL)
EXECUTE FUNCTION helvetia_number_finish();
