## Tornei: l’elenco, il modulo per crearne uno, la pagina di un torneo e i loro errori.

nav-tournaments = Tornei
lobby-my-tournaments = I miei tornei
tournaments-title = Tornei
tournaments-intro = Round a sistema svizzero, a tavoli da 2, 3 o 4: nessuno viene eliminato, e ogni round mette allo stesso tavolo giocatori con gli stessi punti. Il vincitore di un tavolo guadagna 3 punti, gli altri meno secondo il loro posto; a parità di punti decidono i punti degli avversari, poi i punti vittoria.
tournaments-upcoming = Prossimi
tournaments-running = In corso
tournaments-finished = Conclusi
tournaments-none = Nessuno al momento.
tournaments-back = Tutti i tornei
tournament-name = Nome
tournament-table-size = Giocatori per tavolo
tournament-starts = Inizio
tournament-entries = Iscritti
tournament-status = Stato
tournament-status-upcoming = Iscrizioni aperte
tournament-status-running = Round { $round } di { $rounds }
tournament-status-finished = Concluso
tournament-status-cancelled = Annullato: troppo pochi iscritti
tournament-create = Crea un torneo
tournament-rounds = Round
tournament-round-minutes = Minuti tra i round (dal vivo)
tournament-round-minutes-default = secondo il ritmo
tournament-min-rating = Punteggio minimo per iscriversi
tournament-min-games = Numero minimo di partite concluse per iscriversi
tournament-rated = Valutato (conta per la classifica)
tournament-create-note = Il round 1 inizia all’ora d’inizio con tutti gli iscritti. A turni, un round inizia quando tutte le partite del round precedente sono finite; dal vivo, all’ora stabilita. Chi resta senza tempo viene sostituito da un bot, come in ogni partita.
tournament-create-submit = Crea
tournament-creator = Creato da
tournament-yes = Sì
tournament-no = No
tournament-standings = Classifica
tournament-points = Punti
tournament-opponents = Punti avversari
tournament-vp = PV
tournament-played = Tavoli
tournament-byes = { $byes ->
    [one] (un turno di riposo)
   *[other] ({ $byes } turni di riposo)
}
tournament-tiebreaks = A parità di punti decidono i punti degli avversari (i punti di tutti quelli con cui hai giocato allo stesso tavolo), poi i punti vittoria.
tournament-round = Round { $round }
tournament-table = Tavolo { $table }
tournament-replay = Replay
tournament-watch = Guarda
tournament-seating = Assegnazione dei posti…
tournament-table-result = { $rank ->
    [1] vittoria
   *[other] { $rank }º posto
} con { $vp } PV; punti: { $points }
tournament-bye-list = A riposo (1,5 punti):
tournament-your-table = Il tuo tavolo è pronto.
tournament-go-to-table = Vai al tuo tavolo
tournament-game-over-next-round = La tua partita di questo round è finita. Aspetta il round successivo: il suo abbinamento ti assegnerà un nuovo tavolo.
tournament-game-over-last-round = La tua partita dell’ultimo round è finita: la classifica finale arriva appena tutti i tavoli hanno finito.
tournament-entered = Sei iscritto.
tournament-withdraw = Ritirati
tournament-leave = Lascia il torneo
tournament-leave-confirm = Lasciare questo torneo? I tavoli giocati continuano a contare, la partita in corso prosegue e nei turni successivi non sarai più sistemato a un tavolo. Non si può annullare.
tournament-you-withdrew = Hai lasciato questo torneo: nei turni successivi non sarai più sistemato a un tavolo.
tournament-withdrew = (ritirato)
tournament-enter = Iscriviti
tournament-sign-in = Accedi per iscriverti.
tournament-entrants = { $count ->
    [one] Un iscritto
   *[other] { $count } iscritti
}
tournament-no-entrants = Ancora nessun iscritto.
tournament-round-started = È iniziato un nuovo round di un torneo: il tuo tavolo è pronto.
tournament-over = Un torneo a cui hai partecipato è finito: sei arrivato { "{place}" }º.

error-tournament-name = Il nome di un torneo ha da 3 a 60 caratteri, senza caratteri di controllo o invisibili.
error-tournament-players = Scegli 2, 3 o 4 giocatori per tavolo.
error-tournament-pace = Questo ritmo non esiste.
error-tournament-rounds = Un torneo ha da 1 a { $rounds } round.
error-tournament-start = Scegli un’ora d’inizio tra adesso e 60 giorni da oggi.
error-tournament-round-minutes = I minuti tra i round valgono solo per i tornei dal vivo, da 10 a 600.
error-tournament-limits = Il punteggio minimo va da 0 a 3000; il numero minimo di partite da 0 a 1000.
error-tournament-closed = Questo torneo è iniziato: le iscrizioni sono chiuse.
error-tournament-too-many = Hai già { $most } tornei che non sono ancora iniziati; creane un altro quando uno di essi sarà cominciato.
error-tournament-rating-too-low = Il tuo punteggio ({ $rating }) è sotto il punteggio minimo di questo torneo ({ $min }).
error-tournament-too-few-games = Partite concluse: { $games }; questo torneo ne chiede { $min }.
error-no-such-tournament = Questo torneo non esiste.

mail-tournament-subject = Helvetia: il torneo { $tournament } è finito
mail-tournament-body = Ciao { $name }, il torneo { $tournament } è finito: hai chiuso al posto { $place } su { $entrants }.
mail-open-tournament = Vedi la classifica: { $url }
