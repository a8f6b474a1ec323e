# Partite su più giorni: orologi, sostituti.

clock-days = { $days } g
clock-ran-out = tempo scaduto: gioca un bot
clock-take-back = Riprendi il mio posto
clock-your-time-ran-out = Il tuo tempo è scaduto, quindi un bot gioca per te. Puoi riprendere il tuo posto in qualsiasi momento.
lobby-time-control = Tempo di gioco
lobby-time-none = Nessuno (partita amichevole)
lobby-time-live = Dal vivo: 20 minuti + 20 s per turno
lobby-time-live-fast = Dal vivo: 5 minuti + 10 s per turno
lobby-time-days = { $days ->
    [one] A turni: 1 giorno per turno
   *[other] A turni: { $days } giorni per turno
}, riserva di 2 giorni
lobby-rated = Valutata (conta per la classifica; mai con bot)
lobby-stand-in = Se un orologio scade, continua un bot

# Ratings.

end-rating = { $name }: punteggio { $before } → { $after } ({ $change })
nav-leaderboard = Classifica
leaderboard-title = Classifica
leaderboard-players = { $players } giocatori
leaderboard-empty = Ancora nessuna partita valutata.
leaderboard-note = Punteggi Glicko-2 delle partite valutate concluse tra persone; ± è l'incertezza del punteggio.
profile-rating = Punteggio
profile-rated-games = Partite valutate
profile-ratings = Punteggi
profile-unrated = Ancora nessuna partita valutata.
profile-games = { $games ->
    [one] 1 partita valutata
   *[other] { $games } partite valutate
}
profile-counts = Partite giocate: { $played } · concluse: { $finished } · abbandonate: { $abandoned }
profile-latest = Ultime partite
profile-chart = Punteggio dopo ogni partita valutata

end-rematch = Gioca ancora con gli stessi giocatori

vote-offer = Il tempo è scaduto per più posti: i giocatori rimasti possono chiudere la partita senza risultato ({ $votes } voti su { $needed }).
vote-button = Vota per chiudere senza risultato
vote-ended = I giocatori hanno chiuso questa partita senza risultato.

# Chat.

chat-title = Chat
chat-placeholder = Scrivi un messaggio…
chat-send = Invia
chat-mute = Silenzia
chat-muted = { $name } è silenziato.
chat-spectator = spettatore
lobby-spectators-apart = Gli spettatori chattano tra loro
phrase-good-luck = Buona fortuna!
phrase-have-fun = Buon divertimento!
phrase-well-played = Ben giocato!
phrase-thanks = Grazie!
phrase-one-moment = Scusate, mi serve un momento.
phrase-sorry = Scusa!

# Lobby filters.

lobby-rated-badge = valutata
lobby-pace-none = senza orologio
lobby-pace-live = dal vivo, { $minutes } min + { $seconds } s
lobby-pace-turn = { $days } g per turno
lobby-filter = Filtra gli elenchi
lobby-filter-any = tutte
lobby-filter-live = dal vivo
lobby-filter-turn = a turni
lobby-filter-yes = sì
lobby-filter-no = no

# Browser notifications ({id} is filled in by the page).

notify-enable = Avvisami
notify-your-turn = Tocca a te nella partita { "{id}" }
notify-started = Una tua partita è iniziata: { "{id}" }
notify-ended = Una tua partita è finita: { "{id}" }
notify-soon = Il tuo orologio scade entro un'ora nella partita { "{id}" }
