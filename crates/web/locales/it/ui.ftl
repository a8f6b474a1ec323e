# Cornice delle pagine, account, lobby e pagine di gioco.

site-title = Helvetia Online
site-tagline = Il gioco dei villaggi svizzeri di Matthias Cramer, da 2 a 4 giocatori, online.
nav-home = Inizio
nav-lobby = Lobby
nav-rules = Regole
nav-login = Accedi
nav-register = Registrati
nav-logout = Esci
nav-language = Lingua
signed-in-as = Accesso come { $name }
skip-to-content = Vai al contenuto

home-intro = La Svizzera all'inizio del XIX secolo. Sei il sindaco di un villaggio sperduto: i tuoi abitanti producono, costruiscono, si sposano nei villaggi vicini e hanno figli. Consegna merci al mercato e costruisci per il bene comune per guadagnare punti vittoria.
home-play = Gioca ora
home-how = Come funziona
home-point-live = Gioca dal vivo o una mossa al giorno: le partite ti aspettano, e il tavolo si aggiorna appena qualcuno muove.
home-point-bots = Occupa i posti liberi con avversari computer di tre livelli.
home-point-click = Ogni decisione è un clic sul tabellone: le mosse possibili si illuminano.
home-point-languages = In tedesco, inglese, francese, italiano e cinese.

login-title = Accedi
register-title = Crea un account
field-username = Nome utente
field-password = Password
login-submit = Accedi
register-submit = Crea account
login-no-account = Non hai ancora un account?
register-have-account = Già registrato?
register-hint = Da 3 a 24 lettere, cifre, -, _ o . ; una password da 8 a 128 caratteri.
form-working = Un momento…

lobby-title = Lobby
lobby-create = Nuova partita
create-players = Giocatori
create-setup = Edifici di partenza
setup-draft = Scelta (regole complete)
setup-letters = Per lettera (principianti)
create-character-tiles = Gioca con le tessere personaggio
create-target = Punti vittoria per vincere
create-target-hint = vuoto: { $target } (segue le tessere personaggio)
create-direction = Senso di gioco
direction-ccw = Antiorario (tradizione svizzera)
direction-cw = Orario
create-round-limit = Limite di round
create-round-limit-hint = vuoto: gioca fino all'obiettivo
create-seats = Posti
create-seat = Posto { $n }
seat-me = Io
seat-open = Aperto a tutti
seat-invite = Su invito
# A bot as people see it, by its level: the same name in the lobby, the table, the story
# and the end screen.
bot-name = Computer ({ $level })
bot-level-random = principiante
bot-level-greedy = occasionale
bot-level-good = buono
bot-level-mcts = forte
bot-level-expert = esperto
# A bot choice with the level's measured rating (Elo scale).
bot-rated = { $name } · punteggio { $rating }
create-submit = Crea partita
lobby-open = Partite aperte
lobby-mine = Le mie partite
lobby-finished = Partite finite
lobby-empty = Nessuna.
lobby-join = Partecipa
lobby-view = Apri
lobby-watch = Guarda
lobby-start = Inizia
lobby-leave = Lascia
lobby-your-turn = Tocca a te!
lobby-status-open = in attesa di giocatori
lobby-status-running = in corso
lobby-status-finished = finita
lobby-seats = { $filled } posti su { $seats }
lobby-created = creata { $when }
lobby-winners = Vinta da { $names }
lobby-login-first = Accedi per creare o partecipare a una partita.
options-summary = { $players } giocatori · { $setup } · obiettivo { $target } PV

game-title = Partita { $id }
replay-title = Replay della partita { $id }
replay-first = Inizio
replay-prev = Indietro
replay-next = Avanti
replay-last = Fine
replay-back-to-game = Torna alla partita
connecting = Connessione…
connection-lost = Connessione persa. Riconnessione…
your-turn-title = Tocca a te!

error-title = Errore { $status }
error-back = Torna alla pagina iniziale

lobby-running = Partite in corso
invitation-title = Un invito a giocare a Helvetia
invitation-text = In questa partita per { $players } giocatori c'è un posto riservato per te:
invitation-gone = Questo invito non è più valido: il posto è stato preso, oppure la partita è iniziata o è stata annullata.
invitation-accept = Prendi il mio posto
invitation-log-in-first = Registrati o accedi per prendere il tuo posto; poi tornerai qui.
waiting-title = In attesa dei giocatori
waiting-link = Link d'invito
waiting-copy = Copia
waiting-copied = Copiato
waiting-host-wait = Invia ogni link d'invito alla persona a cui è destinato. La partita inizia quando la avvii.
waiting-host-ready = Tutti i posti sono occupati: avvia la partita quando sei pronto.
waiting-cancel = Annulla la partita
waiting-for-host = { $host } avvierà la partita quando tutti i posti saranno occupati. Questa pagina si aggiorna da sola.

## Analisi della partita accanto al replay
analysis-title = Analisi
analysis-explained = La ricerca esamina ogni turno di questa partita: come è cambiata la probabilità di vittoria di ogni giocatore, quali turni sono costati di più e che cosa avrebbe giocato al loro posto.
analysis-ask = Analizza questa partita
analysis-log-in = Accedi per chiedere un'analisi di questa partita.
analysis-running = Analisi dei turni in corso…
analysis-failed = Questa partita non è stata analizzata.
analysis-chart-title = Probabilità di vittoria per round
analysis-chart-caption = La probabilità di vittoria di ogni giocatore all'inizio di ogni round, secondo la stima della ricerca.
analysis-end = fine
analysis-costly-title = I turni che sono costati di più
analysis-no-costly = Nessun turno ha perso qualcosa che la ricerca potesse vedere.
analysis-turn = Round { $round }, { $name }: { $lost } % di probabilità di vittoria persi
analysis-show-position = Mostra la posizione
analysis-played = Giocato:
analysis-preferred = La ricerca preferisce:
analysis-why = Perché (punti vittoria secondo la valutazione):
analysis-method = { $iterations } iterazioni di ricerca per turno; probabilità misurate con partite giocate da ogni posizione.
analysis-term-score = punteggio { $points }
analysis-term-goods = merci da consegnare { $points }
analysis-term-branches = settori { $points }
analysis-term-characters = vantaggio sui personaggi { $points }
analysis-term-coins = monete ancora da usare { $points }
analysis-term-workers = abitanti al lavoro { $points }
analysis-term-family = coppie e abitanti in arrivo { $points }
analysis-term-buildings = un edificio da punti vittoria alla portata { $points }
analysis-term-village = tessera villaggio { $points }
