-- PostgreSQL: a BEFORE trigger sets the column in the row being written.
CREATE FUNCTION helvetia_turn_began() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' OR NEW.to_move IS DISTINCT FROM OLD.to_move THEN
        NEW.turn_began_ms := (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER games_turn_began BEFORE INSERT OR UPDATE OF to_move ON games
FOR EACH ROW EXECUTE FUNCTION helvetia_turn_began();
