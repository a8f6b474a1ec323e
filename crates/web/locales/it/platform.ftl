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
leaderboard-bots-title = Classifica dei bot
leaderboard-to-bots = La classifica dei bot
leaderboard-to-people = Classifica delle persone
leaderboard-bots-note = Punteggi Glicko-2 degli account bot dalle partite valutate concluse solo tra bot; i livelli integrati sono ancore il cui punteggio resta quello misurato, e ± è l’incertezza.
leaderboard-anchor = ancora
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
profile-chart-later = Il grafico del punteggio appare dopo la seconda partita valutata.
profile-result-won = Vinta
profile-result-shared = Vittoria condivisa
profile-result-lost = Persa (vittoria: { $winners })
profile-result-none = Senza risultato

end-rematch = Gioca ancora con gli stessi giocatori

vote-offer = Il tempo è scaduto per più posti: i giocatori rimasti possono chiudere la partita senza risultato ({ $votes } voti su { $needed }).
vote-button = Vota per chiudere senza risultato
vote-ended = I giocatori hanno chiuso questa partita senza risultato.

# Chat.

chat-title = Chat
chat-unread = Messaggi non letti: { $count }
chat-placeholder = Scrivi un messaggio…
chat-send = Invia
chat-mute = Silenzia
chat-muted = { $name } è silenziato.
chat-spectator = spettatore
lobby-spectators-apart = Gli spettatori chattano tra loro
lobby-hints = Consigli: la ricerca può consigliarmi sulle mie decisioni (solo contro i bot)
phrase-good-luck = Buona fortuna!
phrase-have-fun = Buon divertimento!
phrase-well-played = Ben giocato!
phrase-thanks = Grazie!
phrase-one-moment = Scusate, mi serve un momento.
phrase-sorry = Scusa!

# Lobby filters.

lobby-rated-badge = valutata
# The open games' filter by rating: a label before its choice (any, yes, no).
lobby-filter-rated = Valutata
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

# Notifiche via e-mail: impostazioni, pagina di disiscrizione e le mail stesse.

nav-settings = Impostazioni
settings-title = Notifiche via e-mail
settings-intro = Helvetia Online può avvisarti via e-mail quando tocca a te, quando una tua partita inizia o finisce e quando il tuo orologio scade entro un’ora: al massimo una mail per partita e per ora.
settings-no-mail = Questo server non invia e-mail: il gestore non ha configurato un server di posta. Le tue impostazioni restano salvate per quando lo farà.
settings-email = Indirizzo e-mail (lascia vuoto per nessuna mail)
settings-language = Lingua delle mail
settings-kinds = Mandami una mail quando
settings-your-turn = tocca a me
settings-started = una mia partita inizia
settings-ended = una mia partita o un mio torneo finisce
settings-clock = il mio orologio scade entro un’ora
settings-rematch = un giocatore di una partita finita mi invita a giocare ancora
settings-save = Salva
settings-saved = Salvato.
settings-play = Gioco
forced-steps-label = Gioca per me le mosse obbligate
forced-steps-hint = Quando una decisione ha una sola scelta possibile, il tavolo la gioca per te dopo un attimo.
settings-open-data = Dati aperti
settings-open-data-intro = Ogni partita finita può essere scaricata da chiunque, con i nomi e i punteggi dei giocatori, perché si possa studiare il gioco.
settings-export-anonymous = Comparire come «anonimo» nelle partite scaricate (niente nome, niente punteggio)
unsubscribe-title = Disiscriviti
unsubscribe-ask = Non inviare più nessuna e-mail di Helvetia Online a { $name }?
unsubscribe-confirm = Non ricevere più mail
unsubscribe-done = Fatto: Helvetia Online non invia più mail a { $name }. Puoi riattivarle nelle tue impostazioni.
unsubscribe-unknown = Questo link di disiscrizione è sconosciuto.
mail-your-turn-subject = Helvetia: tocca a te contro { $opponents }
mail-your-turn-body = Ciao { $name }, tocca a te nella tua partita di Helvetia contro { $opponents }.
mail-started-subject = Helvetia: la tua partita contro { $opponents } è iniziata
mail-started-body = Ciao { $name }, la tua partita di Helvetia contro { $opponents } è iniziata.
mail-ended-subject = Helvetia: la tua partita contro { $opponents } è finita
mail-ended-body = Ciao { $name }, la tua partita di Helvetia contro { $opponents } è finita. Vincitore: { $winners }.
mail-abandoned-body = Ciao { $name }, la tua partita di Helvetia contro { $opponents } è stata chiusa con una votazione, senza risultato.
mail-clock-subject = Helvetia: il tuo tempo scade entro un’ora
mail-clock-body = Ciao { $name }, il tuo tempo per questo turno nella partita di Helvetia contro { $opponents } scade alle { $deadline }. Poi un bot gioca per te finché non riprendi il tuo posto.
mail-rematch-subject = Helvetia: { $asker } ti invita a giocare ancora
mail-rematch-body = Ciao { $name }, { $asker } vuole giocare ancora a Helvetia con gli stessi giocatori ({ $opponents }). Nella nuova partita un posto è riservato a te: apri la partita finita e scegli «Gioca ancora con gli stessi giocatori».
mail-open-game = Apri la partita: { $url }
mail-footer = Ricevi questa mail perché hai attivato le notifiche via e-mail su Helvetia Online (al massimo una mail per partita e per ora).
mail-settings = Scegli quali mail ricevere: { $url }
mail-unsubscribe = Non ricevere più mail: { $url }

# Abbandonare, e che cosa succede al posto.
resign = Abbandona
resign-confirm = Abbandonare questa partita? Finirai all’ultimo posto; in una partita valutata conta come sconfitta.
resign-yes = Sì, abbandona
resign-no = Continua a giocare
lobby-on-resign = Quando qualcuno abbandona
lobby-on-resign-bot = un bot prende il posto
lobby-on-resign-end = la partita finisce

# Gioca ora: un tavolo con un clic.

play-now-title = Gioca ora
play-now-any = Qualsiasi
play-now-pace = Ritmo
play-now-bot = Completa l'ultimo posto con un bot
play-now-bot-never = Mai (aspetta persone)
play-now-bot-after = { $minutes ->
    [one] dopo 1 minuto (non valida per la classifica)
   *[other] dopo { $minutes } minuti (non valida per la classifica)
}
play-now-note = Valida per la classifica, contro giocatori del tuo livello. I tavoli dal vivo richiedono che tu resti su questa pagina: lasciarla ti toglie dalle code dal vivo. Le code a turni ti tengono, e vieni avvisato (anche per e-mail) quando il tuo tavolo è pronto.
play-now-submit = Gioca ora
play-now-cancel = Annulla
play-now-waiting = Cerco giocatori… { "{time}" }
play-now-seating = Il tuo tavolo è pronto; lo apro…
play-now-pool = { "{players}" } giocatori · { "{pace}" }
notify-table-ready = Il tuo tavolo è pronto: { "{id}" }

# Bot accounts and their API tokens (settings page).
profile-bot-account = Un account bot: qui gioca un programma tramite l’API.
bot-account-title = Account bot
bot-account-intro = Un programma può giocare qui come bot: trasforma un account nuovo in un account bot e dagli dei token API. È per sempre, e solo per un account che non ha ancora giocato: un account bot gioca solo con i suoi token, e il suo nome è mostrato come quello di un bot.
bot-account-confirm = Trasformare questo account in un account bot, per sempre? Non potrà più usare la lobby, la chat né i tavoli; giocherà con token API.
bot-account-become = Trasforma questo account in un account bot
bot-account-played = Questo account ha già giocato, quindi non può diventare un account bot. Registra un nuovo account per il tuo bot e trasformalo in account bot prima che giochi.
bot-account-is-bot = Questo è un account bot: i programmi giocano con esso tramite i suoi token API (Authorization: Bearer …, vedi la documentazione dell’API). Qui gestisci le sue email e i suoi token.
bot-tokens-title = Token API
bot-tokens-none = Ancora nessun token.
bot-token-name = Nome
bot-token-created = Creato
bot-token-last-used = Ultimo uso
bot-token-state = Stato
bot-token-revoked = revocato { $when }
bot-token-revoke = Revoca
bot-token-revoke-named = Revoca il token { $name }
bot-token-new-name = Nome di un nuovo token (per esempio, la macchina su cui gira)
bot-token-create = Crea un token
bot-token-copy-now = Copia questo token ora: è mostrato una sola volta. Ricarica la pagina per vederlo nell’elenco.
push-devices-title = Notifiche sui tuoi dispositivi
push-devices-intro = Il tuo telefono o computer può avvisarti quando tocca a te, quando una tua partita inizia o finisce e quando il tuo orologio sta per scadere, anche senza nessuna pagina del sito aperta. Un clic sulla notifica apre la partita.
push-subscribe = Avvisami su questo dispositivo
push-unsupported = Questo browser non può ricevere le notifiche del sito.
push-denied = Le notifiche di questo sito sono bloccate nelle impostazioni del browser.
push-devices-none = Ancora nessun dispositivo.
push-device-name = Dispositivo
push-device-added = Aggiunto
push-device-last = Ultima notifica
push-device-actions = Rimuovi
push-device-remove = Rimuovi
push-device-remove-named = Rimuovi { $name }

# Vacanze: la parte delle impostazioni e l’indicazione accanto a un nome (tavolo, lobby, profilo).
vacation-badge = in vacanza
vacation-until = in vacanza fino al { $date }
settings-vacation = Vacanze
settings-vacation-intro = Durante le tue vacanze i tuoi orologi nelle partite a turni si fermano e nessun bot gioca per te; gli altri possono ancora muovere. Le partite dal vivo e quelle dei tornei non si fermano. Hai { $days } giorni di vacanza all’anno, contati per anno solare (giorni UTC); terminare le vacanze prima restituisce i giorni non iniziati.
settings-vacation-left = Giorni rimasti nel { $year }: { $days }
settings-vacation-none = Nessuna vacanza prevista.
settings-vacation-now = In vacanza dal { $from } al { $to }
settings-vacation-planned = Prevista dal { $from } al { $to }
settings-vacation-end = Terminala ora
settings-vacation-cancel = Annullala
settings-vacation-from = Primo giorno (UTC)
settings-vacation-days = Numero di giorni
settings-vacation-take = Prendi una vacanza

webhooks-title = Webhook
webhooks-intro = Un webhook avvisa una chat di gruppo o un programma degli stessi eventi delle mail (tocca a te, una tua partita inizia o finisce, il tuo orologio sta per scadere, un torneo è finito), ogni volta con una richiesta POST firmata al suo indirizzo. Puoi averne { $limit }.
webhooks-none = Ancora nessun webhook.
webhook-url = Indirizzo
webhook-format = Formato
webhook-state = Stato
webhook-actions = Azioni
webhook-active = attivo
webhook-paused = in pausa dal { $when } dopo errori ripetuti (l’ultimo: { $error })
webhook-failing = { $failures } invii falliti di fila (l’ultimo: { $error })
webhook-delete = Elimina
webhook-delete-named = Elimina il webhook verso { $url }
webhook-resume = Riprendi
webhook-resume-named = Riprendi il webhook verso { $url }
webhook-new-url = Indirizzo di un nuovo webhook (https://…)
webhook-new-format = Il suo formato
webhook-format-json = JSON (per i programmi)
webhook-format-discord = Discord
webhook-format-slack = Slack
webhook-format-ntfy = ntfy (testo semplice)
webhook-add = Aggiungi il webhook
webhook-copy-secret = Copia ora questo segreto: è mostrato una sola volta. Ogni richiesta porta l’intestazione X-Helvetia-Signature-256, l’HMAC-SHA256 del suo contenuto con questo segreto.
webhook-your-turn = Helvetia: tocca a { $name } contro { $opponents }.
webhook-started = Helvetia: la partita di { $name } contro { $opponents } è iniziata.
webhook-ended = Helvetia: la partita di { $name } contro { $opponents } è finita. Vincitore: { $winners }.
webhook-abandoned = Helvetia: la partita di { $name } contro { $opponents } è stata chiusa con una votazione, senza risultato.
webhook-clock = Helvetia: il tempo di { $name } contro { $opponents } scade alle { $deadline }.
webhook-tournament = Helvetia: il torneo { $tournament } è finito: { $name } ha chiuso al posto { $place } su { $entrants }.
webhook-rematch = Helvetia: { $asker } invita { $name } a giocare ancora; nella nuova partita un posto è riservato a { $name }.

# The games awaiting the person's decision: the header's link (with their number) and the
# table's "next game".
awaiting-you = Tocca a te
next-game = Partita successiva
next-game-title = Partita successiva che attende la tua decisione (tasto N)
