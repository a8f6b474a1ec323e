-- When clocks ran out for several seats, the other players may end the game without a result.
ALTER TABLE seats ADD COLUMN voted_to_end BIGINT NOT NULL DEFAULT 0;
