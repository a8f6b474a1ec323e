## Turniere: die Liste, das Formular zum Anlegen, die Seite eines Turniers und ihre Fehler.

nav-tournaments = Turniere
lobby-my-tournaments = Meine Turniere
tournaments-title = Turniere
tournaments-intro = Gespielt wird nach Schweizer System an Tischen zu 2, 3 oder 4: Niemand scheidet aus, und in jeder Runde sitzen Spieler mit gleich vielen Punkten zusammen. Der Sieger eines Tisches erhält 3 Punkte, die anderen je nach Platz weniger; bei Punktgleichheit entscheiden die Gegnerpunkte, dann die Siegpunkte.
tournaments-upcoming = Demnächst
tournaments-running = Laufend
tournaments-finished = Beendet
tournaments-none = Zurzeit keine.
tournaments-back = Alle Turniere
tournament-name = Name
tournament-table-size = Spieler pro Tisch
tournament-starts = Beginn
tournament-entries = Teilnehmer
tournament-status = Status
tournament-status-upcoming = Anmeldung offen
tournament-status-running = Runde { $round } von { $rounds }
tournament-status-finished = Beendet
tournament-status-cancelled = Abgesagt: zu wenige Teilnehmer
tournament-create = Turnier anlegen
tournament-rounds = Runden
tournament-round-minutes = Minuten zwischen den Runden (live)
tournament-round-minutes-default = je nach Tempo
tournament-min-rating = Mindestwertung für die Teilnahme
tournament-min-games = Mindestzahl beendeter Partien für die Teilnahme
tournament-rated = Gewertet (zählt für die Bestenliste)
tournament-create-note = Runde 1 beginnt zur angegebenen Zeit mit allen Angemeldeten. Bei rundenbasiertem Tempo beginnt eine Runde, sobald jede Partie der vorigen Runde beendet ist, bei Live-Tempo zur festgesetzten Zeit. Läuft die Zeit eines Spielers ab, springt wie in jeder Partie ein Bot für ihn ein.
tournament-create-submit = Anlegen
tournament-creator = Angelegt von
tournament-yes = Ja
tournament-no = Nein
tournament-standings = Rangliste
tournament-points = Punkte
# The soft hyphen lets the heading break on a phone: Gegner-|punkte.
tournament-opponents = Gegner­punkte
tournament-vp = SP
tournament-played = Tische
tournament-byes = { $byes ->
    [one] (einmal spielfrei)
   *[other] ({ $byes }-mal spielfrei)
}
tournament-tiebreaks = Bei Punktgleichheit entscheiden die Gegnerpunkte (die Punkte aller, mit denen du am Tisch gesessen hast), dann die Siegpunkte.
tournament-round = Runde { $round }
tournament-table = Tisch { $table }
tournament-replay = Wiederholung
tournament-watch = Zuschauen
tournament-seating = Plätze werden verteilt…
tournament-table-result = { $rank ->
    [1] gewonnen
   *[other] Platz { $rank }
} mit { $vp } SP: { $points } Pkt.
tournament-bye-list = Spielfrei (1,5 Punkte):
tournament-your-table = Dein Tisch ist bereit.
tournament-go-to-table = Zu deinem Tisch
tournament-game-over-next-round = Deine Partie dieser Runde ist beendet. Warte auf die nächste Runde: Ihre Paarung setzt dich an einen neuen Tisch.
tournament-game-over-last-round = Deine Partie der letzten Runde ist beendet: Der Endstand steht fest, sobald alle Tische fertig sind.
tournament-entered = Du bist dabei.
tournament-withdraw = Zurückziehen
tournament-leave = Turnier verlassen
tournament-leave-confirm = Dieses Turnier verlassen? Deine bisherigen Tische zählen weiter, deine laufende Partie geht weiter, und in späteren Runden wirst du nicht mehr gesetzt. Das lässt sich nicht rückgängig machen.
tournament-you-withdrew = Du hast dieses Turnier verlassen: In späteren Runden wirst du nicht mehr gesetzt.
tournament-withdrew = (ausgestiegen)
tournament-enter = Teilnehmen
tournament-sign-in = Melde dich an, um teilzunehmen.
tournament-entrants = { $count ->
    [one] Ein Teilnehmer
   *[other] { $count } Teilnehmer
}
tournament-no-entrants = Noch hat sich niemand angemeldet.
tournament-round-started = Eine neue Turnierrunde hat begonnen: Dein Tisch ist bereit.
tournament-over = Ein Turnier, in dem du gespielt hast, ist zu Ende: Du hast Platz { "{place}" } belegt.

error-tournament-name = Der Name eines Turniers hat 3 bis 60 Zeichen, ohne Steuer- und unsichtbare Zeichen.
error-tournament-players = Wähle 2, 3 oder 4 Spieler pro Tisch.
error-tournament-pace = Dieses Tempo gibt es nicht.
error-tournament-rounds = Ein Turnier hat 1 bis { $rounds } Runden.
error-tournament-start = Wähle einen Beginn zwischen jetzt und in 60 Tagen.
error-tournament-round-minutes = Minuten zwischen den Runden gibt es nur bei Live-Turnieren, von 10 bis 600.
error-tournament-limits = Die Mindestwertung liegt zwischen 0 und 3000, die Mindestzahl an Partien zwischen 0 und 1000.
error-tournament-closed = Dieses Turnier hat begonnen: Die Anmeldung ist geschlossen.
error-tournament-too-many = Du hast schon { $most } Turniere, die noch nicht begonnen haben; lege ein weiteres an, sobald eines davon läuft.
error-tournament-rating-too-low = Deine Wertung ({ $rating }) liegt unter der Mindestwertung dieses Turniers ({ $min }).
error-tournament-too-few-games = Beendete Partien: { $games }; dieses Turnier verlangt { $min }.
error-no-such-tournament = Dieses Turnier gibt es nicht.

mail-tournament-subject = Helvetia: Das Turnier { $tournament } ist zu Ende
mail-tournament-body = Hallo { $name }, das Turnier { $tournament } ist zu Ende: Du bist auf Platz { $place } von { $entrants }.
mail-open-tournament = Zur Rangliste: { $url }
