# Puzzles: decisions from games where one action is clearly the best.
nav-puzzles = Problemi
puzzles-title = Problemi
puzzles-goal = Trova l’azione migliore per { $name }.
puzzles-rating = Punteggio del problema: { $rating }
puzzles-your-rating = Il tuo punteggio nei problemi: { $rating }
puzzles-log-in = Accedi per avere un punteggio nei problemi
puzzles-next = Problema successivo
puzzles-none = Per ora nessun problema ti aspetta.
puzzles-seat = Giocatore { $n }
puzzles-right = Giusto: { $best } è l’azione migliore.
puzzles-wrong = Non la migliore: l’azione migliore è { $best }.
puzzles-rating-change = Il tuo punteggio nei problemi: { $before } → { $after }.
profile-puzzles = Punteggio nei problemi: { $rating } ({ $tried } provati)
profile-no-puzzles = Nessun problema ancora provato.
