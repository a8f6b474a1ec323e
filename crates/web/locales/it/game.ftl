# Le parole del gioco (edizione italiana) e tutto ciò che dice il tavolo.

building-holzfaeller = Boscaiolo
building-ziegelei = Cava di argilla
building-steinmetz = Cava di pietra
building-getreidehof = Campo di grano
building-brunnenmeister = Pozzo
building-bergwerk = Miniera
building-kuhstall = Stalla
building-ziegenstall = Ovile
building-marktplatz = Mercato
building-backhaus = Panificio
building-brauhaus = Birreria
building-eisenhuette = Fabbro
building-molkerei = Latticini
building-metzgerei = Macelleria
building-kaeserei = Caseificio
building-gerberei = Conceria
building-glockengiesser = Campanaio
building-rindermarkt = Mercato bovino
building-ziegenmarkt = Mercato ovino
building-spezerei = Alimentari
building-muehle = Mulino
building-wirtshaus = Osteria
building-gemeindehaus = Municipio
building-kirche = Chiesa

good-wood = legno
good-brick = argilla
good-stone = pietra
good-grain = grano
good-water = acqua
good-ore = minerale
good-cow = mucca
good-goat = capra
good-bread = pane
good-beer = birra
good-iron = ferro
good-milk = latte
good-cheese = formaggio
good-meat = carne
good-cloth = stoffa
good-cowbell = campanaccio

character-builder = Costruttore
character-trader = Commerciante
character-nightwatchman = Guardiano notturno
character-priest = Prete
character-midwife = Ostetrica
does-builder = costruisce un edificio
does-trader = consegna una merce
does-nightwatchman = sveglia un quadrante
does-priest = sposa un abitante
does-midwife = una coppia ha un figlio

quarter-top-left = quadrante in alto a sinistra
quarter-top-right = quadrante in alto a destra
quarter-bottom-left = quadrante in basso a sinistra
quarter-bottom-right = quadrante in basso a destra

woman = donna
man = uomo
girl = bambina
boy = bambino
victory-points-3 = 3 punti vittoria
victory-points-3-short = 3 PV
cost-free = gratis
player-n = giocatore { $n }
village-of = villaggio di { $name }
neutral-village = villaggio neutrale
cell-at = casella libera, riga { $row }, colonna { $column }

act-draft-pick = prendere { $building }
act-draft-take = prendere { $building } da { $name }
act-place-neutral = { $building } su { $cell } con un abitante neutrale ({ $villager })
act-place-start = { $building } su { $cell }
act-place-pair1 = donna su { $woman }, uomo su { $man }
act-place-pair2 = { $worker } lavora, { $pupil } va a scuola
act-place-pair3 = { $spouse } si sposa su { $cell }, { $other } al centro del villaggio
act-begin = moneta su { $character }
act-use-tile = usare la tessera { $character }
act-end-turn = fine turno
act-pass = passare
act-neutral-priest = moneta neutrale: un abitante neutrale ({ $villager }) si sposa su { $cell }
act-neutral-build = moneta neutrale: costruire { $building } nel villaggio neutrale
act-build = costruire { $building }
act-work = { $cell } ({ $village }) produce { $good }
act-buy = comprare { $good } per una moneta
act-pay = pagare con { $good }
act-place = mettere in { $village }: { $cell }
act-move-in = { $villager } dal centro entra nel nuovo edificio
act-deliver = consegnare { $good }
act-wake = svegliare il { $quarter }, { $village }
act-marry-centre = { $villager } dal centro si sposa su { $cell } ({ $village })
act-marry-school = { $villager } dalla scuola si sposa su { $cell } ({ $village })
act-take-dowry = prendere la moneta di dote di { $name }
act-birth = nasce { $child } su { $cell }
act-return-from-school = { $villager } dalla scuola entra in { $cell }

table-characters = Personaggi
table-market = Mercato
table-display = Edifici disponibili
table-stack = Pila { $n }: { $count } tessere
table-score-track = Punti vittoria
table-score-track-last = Punti vittoria all'ultima fine round
table-school = Scuola
table-draft-pool = Edifici di partenza da scegliere
table-start-buildings = Edifici di partenza da piazzare
table-round = Round { $round }
table-target = Fine a { $target } PV
table-round-limit = al più tardi dopo il round { $limit }
table-centre = Centro villaggio
table-hand = { $count } monete in mano
table-arriving = { $count } monete di ritorno dal prossimo turno
table-supply = Riserva: { $women } donne, { $men } uomini
table-school-of = Scuola: { $women } donne, { $men } uomini
table-start-player = Primo giocatore
table-neutral-coin = Moneta neutrale
table-neutral-coin-used = Moneta neutrale usata in questo round
table-neutral-coin-legend = Contorno grigio tratteggiato: la moneta neutrale. Al posto del tuo turno, una volta per round per entrambi i giocatori insieme: Prete neutrale (un abitante neutrale si sposa nel tuo edificio) o Costruttore neutrale (un edificio disponibile, gratis, nel villaggio neutrale).
table-village-tile = Tessera villaggio completato: { $points } PV
table-good-tile = Tessera merce { $good }: { $points } PV
table-branch-tile = Tessera ramo: { $points } PV
table-held-by = di { $name }
table-character-tile = tessera { $character }
table-tile-face-up = pronta
table-tile-used = usata in questo round
table-villager = { $villager } di { $name }
table-awake = sveglio
table-asleep = addormentato
table-newborn = neonato ({ $child }) di { $name }
table-coin = moneta di { $name }
table-coins-on = { $name }: { $count } monete su { $character }
table-cube = { $name } ha consegnato { $good }
table-score-marker = { $name }: { $points } PV sul tracciato
table-score-now = ora { $points } PV
table-cost = costo: { $cost }
table-owed = Materiali ancora da pagare
table-makes = produce: { $makes }
table-exchanges = scambia: { $makes }
table-free-field = casella libera
table-bot = computer
table-offline = assente
table-you = tu
table-villages = Villaggi
score-breakdown = { $name }: ora { $total } PV — primo giocatore { $start }, consegne { $deliveries }, tessere merce { $goods }, personaggi { $characters }, edifici { $buildings }, rami { $branches }, villaggi { $villages }

prompt-your-turn = Tocca a te
prompt-waiting = In attesa di { $name }
prompt-bot-thinking = { $name } sta pensando…
prompt-game-over = La partita è finita
step-draft = Scegli un edificio di partenza.
step-draft-take = Hai già ogni tipo rimasto: prendi un edificio di partenza da un altro giocatore.
step-place-neutral = Piazza un edificio di partenza del villaggio neutrale, con un abitante neutrale.
step-place-start = Piazza i tuoi edifici di partenza intorno al centro del villaggio.
step-pair1 = Prima coppia: scegli l'edificio della donna, poi quello dell'uomo.
step-pair2 = Seconda coppia: uno lavora nel tuo ultimo edificio, l'altro va a scuola.
step-pair3 = Terza coppia: uno si sposa nel villaggio del vicino di sinistra, l'altro aspetta nel tuo centro.
step-choose = Scegli un personaggio per la tua moneta, usa una tessera personaggio o termina il turno.
step-choose-pass = Non hai più monete.
step-choose-forced-pass = Nessuna delle tue monete si può usare ora: passi e sei fuori fino alla fine del round.
step-select-building = Scegli un edificio disponibile.
step-pay = Pagare { $building }: mancano { $cost }. Fai produrre i tuoi abitanti o compra materiali.
step-place = Scegli una casella libera per { $building }.
step-move-in = Chi si sposta dal centro nel nuovo edificio?
step-deliver = Produci una merce con i tuoi abitanti e consegnala al mercato.
step-wake = Scegli un quadrante di un villaggio da svegliare.
step-marry = Scegli l'abitante single che il tuo abitante sposerà.
step-dowry = Scegli una moneta di dote.
step-birth = Scegli una coppia del tuo villaggio che avrà un figlio.
step-school-return = Sposta i tuoi scolari in edifici liberi.
step-carried = Prodotto: { $good }
suggested = Suggerimento: { $label }
undo = Annulla
choose-one = Scegli:
several-choices = { $what } (più scelte)
cancel = Chiudi
sound-on = Audio attivo
sound-off = Audio spento
other-choices = Altre scelte

end-title = Punteggio finale
end-rank = Posizione
end-player = Giocatore
end-points = PV
end-awake = Abitanti svegli
end-winner = Vittoria: { $names }
end-shared = Vittoria condivisa: { $names }
end-tiebreak = Parità di punti vittoria: ha deciso lo spareggio (più abitanti svegli nei villaggi).
end-round-limit = La partita si è fermata al limite di round ({ $limit }) prima che qualcuno raggiungesse l'obiettivo.
end-replay = Rivedi la partita

log-title = Cronaca della partita
log-empty = Non è ancora successo nulla.
replay-step = Passo { $step } di { $total }

story-setup = Preparazione
story-round-end = Fine del round { $round }
story-game-end = Fine della partita
story-show = Cronaca
story-only-choice = { $decision } (l'unica scelta)
story-turn-ends-by-itself = Non resta nulla da fare: il turno di { $name } finisce.
recent-turn = Ultimo turno di { $name }
recent-hide = Nascondi
story-place = mettere { $building } in { $village }
story-place-neutral = mettere { $building } in { $village } con un abitante neutrale ({ $villager })
story-good-tile = { $name } consegna per primo { $good } e prende la tessera merce ({ $points } PV).
story-branch-tile = { $name } è il primo a consegnare l'intero ramo ({ $goods }) e prende la tessera ramo ({ $points } PV).
story-village-tile = Il villaggio di { $name } è completo (tutto circondato, ogni edificio occupato): tessera villaggio completato da { $points } PV.
story-start-player-last = { $name } è l'ultimo con monete e prende il segnalino primo giocatore (1 PV).
story-start-player-keeps = { $name } è l'ultimo con monete e tiene il segnalino primo giocatore (1 PV).
story-start-player-passes = Restava solo la moneta neutrale: il segnalino primo giocatore passa a { $name } (1 PV).
story-character-tile = { $character }: { $name } ha messo più monete ({ $coins }) e prende la tessera (1 PV).
story-character-tile-from = { $character }: { $name } ha messo più monete ({ $coins }) e prende la tessera da { $from } (1 PV).
story-tiles-face-up = Le tessere personaggio usate tornano scoperte.
story-coins-back = Tutti riprendono le monete dai personaggi.
story-school-to-centre = { $name }: di ritorno da scuola senza edificio libero, al centro villaggio: { $villagers }.
story-children-to-school = I bambini di questo round di { $name } vanno a scuola: { $children }.
story-women =
    { $count ->
        [one] una donna
       *[other] { $count } donne
    }
story-men =
    { $count ->
        [one] un uomo
       *[other] { $count } uomini
    }
story-girls =
    { $count ->
        [one] una bambina
       *[other] { $count } bambine
    }
story-boys =
    { $count ->
        [one] un bambino
       *[other] { $count } bambini
    }
story-score = { $name }: { $before } → { $points } PV ({ $why }).
story-score-same = { $name } resta a { $points } PV ({ $why }).
story-score-nothing = { $name } non ha ancora punti vittoria.
story-vp-start = primo giocatore
story-vp-deliveries = consegne
story-vp-good-tiles = tessere merce
story-vp-character-tiles = tessere personaggio
story-vp-buildings = edifici punti vittoria
story-vp-branch-tiles = tessere ramo
story-vp-village-tiles = tessere villaggio
story-new-buildings = Nuovi edifici in offerta: { $buildings }.
story-no-new-buildings = Non restano edifici da mettere in offerta.
story-target-reached = Qualcuno ha { $target } PV o più: la partita finisce.
story-round-limit = La partita finisce al suo limite di round ({ $limit }).
story-winner = { $names } vince con { $points } PV.
story-shared = { $names } condividono la vittoria con { $points } PV.
story-tie-break = Parità a { $points } PV: decidono gli abitanti svegli ({ $awake }).

# Before a decision that leaves coins unused for the rest of the round.
forfeit-coins = { $coins ->
    [one] 1 moneta
   *[other] { $coins } monete
}
forfeit-end-turn = Hai ancora { forfeit-coins }. Se finisci ora, il round termina prima del tuo prossimo turno, perché gli altri hanno solo l'ultima moneta: non ti servono più in questo round. Finire lo stesso?
forfeit-tile = Hai ancora { forfeit-coins }. Una tessera di un altro personaggio dopo la tua azione chiude subito il turno, e il round termina prima del prossimo: non ti servono più in questo round. Usarla lo stesso?
forfeit-neutral = Hai ancora { forfeit-coins }. Il tuo avversario ha al massimo una moneta da piazzare: finché la moneta neutrale resta inutilizzata, in questo round tocca ancora a te. Se la usi ora, il round termina prima del tuo prossimo turno e le tue monete non ti servono più in questo round. Usarla lo stesso?
forfeit-step = Hai ancora { forfeit-coins }. Questa scelta chiude il tuo turno (un'altra ti lascerebbe continuare), e il round termina prima del prossimo: non ti servono più in questo round. Continuare lo stesso?
forfeit-yes = Sì, continua
# Why a click on the table did nothing.
refusal-game-over = Non ora: la partita è finita.
refusal-not-your-turn = Non ora: tocca a { $name }.
refusal-other-step = Non questo: { $step }
# Why the suggested decision is good.
suggest-work-free = Produrre { $good } con il tuo { $building }: gratis, senza moneta.
suggest-work-deliver = Produrre { $good } con il tuo { $building }, in vista di una consegna.
suggest-pay = Pagare con { $good } appena prodotto: gratis.
suggest-buy = Comprare { $good } per una moneta: nessuno dei tuoi abitanti svegli può produrlo ora.
suggest-deliver = Consegnare { $good }: un cubetto sul mercato, un punto vittoria in più.
suggest-plan = Il miglior turno che trova il bot avido comincia qui.

# The hint in a game against bots only: the search's preferred decisions for the turn.
hint-button = Consiglio
hint-title = Chiedere alla ricerca cosa giocherebbe da qui (questa partita permette i consigli)
hint-working = Sto pensando…
hint-line = La ricerca giocherebbe: { $line }
hint-chances = La tua probabilità di vincere: { $before } % ora, { $after } % dopo queste decisioni.
hint-why = Perché (punti vittoria secondo la valutazione): { $terms }
hint-why-none = La valutazione non vede cambiamenti notevoli nelle tue prospettive.

# Abbandono
story-resigned = { $name } ha abbandonato; la partita finisce.
story-resigned-bot = { $name } ha abbandonato; da ora un bot gioca questo posto.
end-resigned = Abbandono (ultimo posto): { $names }
