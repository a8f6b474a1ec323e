# Puzzles: decisions from games where one action is clearly the best.
nav-puzzles = Rätsel
puzzles-title = Rätsel
puzzles-goal = Finde die beste Aktion für { $name }.
puzzles-rating = Wertung des Rätsels: { $rating }
puzzles-your-rating = Deine Rätselwertung: { $rating }
puzzles-log-in = Melde dich an, um eine Rätselwertung zu bekommen
puzzles-next = Nächstes Rätsel
puzzles-none = Im Moment wartet kein Rätsel auf dich.
puzzles-seat = Spieler { $n }
puzzles-right = Richtig: { $best } ist die beste Aktion.
puzzles-wrong = Nicht die beste: Die beste Aktion ist { $best }.
puzzles-rating-change = Deine Rätselwertung: { $before } → { $after }.
profile-puzzles = Rätselwertung: { $rating } ({ $tried } versucht)
profile-no-puzzles = Noch kein Rätsel versucht.
