# Die Wörter des Spiels (deutsches Original) und alles, was der Spieltisch sagt.

building-holzfaeller = Holzfäller
building-ziegelei = Ziegelei
building-steinmetz = Steinmetz
building-getreidehof = Getreidehof
building-brunnenmeister = Brunnenmeister
building-bergwerk = Bergwerk
building-kuhstall = Kuhstall
building-ziegenstall = Ziegenstall
building-marktplatz = Marktplatz
building-backhaus = Backhaus
building-brauhaus = Brauhaus
building-eisenhuette = Eisenhütte
building-molkerei = Molkerei
building-metzgerei = Metzgerei
building-kaeserei = Käserei
building-gerberei = Gerberei
building-glockengiesser = Glockengießer
building-rindermarkt = Rindermarkt
building-ziegenmarkt = Ziegenmarkt
building-spezerei = Spezerei
building-muehle = Mühle
building-wirtshaus = Wirtshaus
building-gemeindehaus = Gemeindehaus
building-kirche = Kirche

good-wood = Holz
good-brick = Ziegel
good-stone = Stein
good-grain = Getreide
good-water = Wasser
good-ore = Erz
good-cow = Kuh
good-goat = Ziege
good-bread = Brot
good-beer = Bier
good-iron = Eisen
good-milk = Milch
good-cheese = Käse
good-meat = Fleisch
good-cloth = Stoff
good-cowbell = Kuhglocke

character-builder = Baumeister
character-trader = Fuhrmann
character-nightwatchman = Nachtwächter
character-priest = Pfarrer
character-midwife = Hebamme
does-builder = baut ein Gebäude
does-trader = liefert eine Ware
does-nightwatchman = weckt ein Viertel
does-priest = verheiratet eine Figur
does-midwife = ein Paar bekommt ein Kind

quarter-top-left = Viertel oben links
quarter-top-right = Viertel oben rechts
quarter-bottom-left = Viertel unten links
quarter-bottom-right = Viertel unten rechts

woman = Frau
man = Mann
girl = Mädchen
boy = Junge
victory-points-3 = 3 Siegpunkte
victory-points-3-short = 3 SP
cost-free = kostenlos
player-n = Spieler { $n }
village-of = Dorf von { $name }
neutral-village = neutrales Dorf
cell-at = freies Feld, Reihe { $row }, Spalte { $column }

act-draft-pick = { $building } nehmen
act-draft-take = { $building } von { $name } nehmen
act-place-neutral = { $building } auf { $cell } mit neutraler Figur ({ $villager })
act-place-start = { $building } auf { $cell }
act-place-pair1 = Frau in { $woman }, Mann in { $man }
act-place-pair2 = { $worker } arbeitet, { $pupil } geht in die Schule
act-place-pair3 = { $spouse } heiratet in { $cell }, { $other } in den Dorfplatz
act-begin = Münze auf { $character }
act-use-tile = { $character }-Plättchen nutzen
act-end-turn = Zug beenden
act-pass = passen
act-neutral-priest = neutrale Münze: neutrale Figur ({ $villager }) heiratet in { $cell }
act-neutral-build = neutrale Münze: { $building } im neutralen Dorf bauen
act-build = { $building } bauen
act-work = { $cell } in { $village } stellt { $good } her
act-buy = { $good } für eine Münze kaufen
act-pay = mit { $good } bezahlen
act-place = in { $village } legen: { $cell }
act-move-in = { $villager } zieht vom Dorfplatz ein
act-deliver = { $good } liefern
act-wake = { $quarter } von { $village } wecken
act-marry-centre = { $villager } vom Dorfplatz heiratet in { $cell } ({ $village })
act-marry-school = { $villager } aus der Schule heiratet in { $cell } ({ $village })
act-take-dowry = Mitgift-Münze von { $name } nehmen
act-birth = { $child } wird in { $cell } geboren
act-return-from-school = { $villager } aus der Schule zieht in { $cell }

table-characters = Persönlichkeiten
table-market = Markt
table-display = Gebäude im Angebot
table-stack = Stapel { $n }: { $count } Plättchen
table-score-track = Siegpunkte
table-score-track-last = Siegpunkte beim letzten Rundenende
table-school = Schule
table-draft-pool = Startgebäude zur Wahl
table-start-buildings = Startgebäude zum Legen
table-round = Runde { $round }
table-target = Spielende bei { $target } SP
table-round-limit = spätestens nach Runde { $limit }
table-centre = Dorfplatz
table-hand = { $count } Münzen in der Hand
table-arriving = { $count } Münzen ab dem nächsten Zug zurück
table-supply = Vorrat: { $women } Frauen, { $men } Männer
table-school-of = Schule: { $women } Frauen, { $men } Männer
table-start-player = Startspieler
table-neutral-coin = Neutrale Münze
table-neutral-coin-used = Neutrale Münze in dieser Runde genutzt
table-neutral-coin-legend = Grau gestrichelt umrandet: die neutrale Münze. Statt deines Zuges, einmal pro Runde für beide zusammen: neutraler Pfarrer (ein neutraler Dorfbewohner heiratet in dein Gebäude) oder neutraler Baumeister (ein Gebäude aus dem Angebot kostenlos ins neutrale Dorf).
table-village-tile = Dorfplättchen: { $points } SP
table-good-tile = Warenplättchen { $good }: { $points } SP
table-branch-tile = Zweigplättchen: { $points } SP
table-held-by = bei { $name }
table-character-tile = { $character }-Plättchen
table-tile-face-up = bereit
table-tile-used = in dieser Runde genutzt
table-villager = { $villager } von { $name }
table-awake = wach
table-asleep = schlafend
table-newborn = Neugeborenes ({ $child }) von { $name }
table-coin = Münze von { $name }
table-coins-on = { $name }: { $count } Münzen auf { $character }
table-cube = { $name } hat { $good } geliefert
table-score-marker = { $name }: { $points } SP auf der Leiste
table-score-now = jetzt { $points } SP
table-cost = Kosten: { $cost }
table-owed = Noch zu bezahlende Rohstoffe
table-makes = stellt her: { $makes }
table-exchanges = tauscht: { $makes }
table-free-field = freies Feld
table-bot = Computer
table-offline = abwesend
table-you = du
table-villages = Dörfer
score-breakdown = { $name }: jetzt { $total } SP — Startspieler { $start }, Lieferungen { $deliveries }, Warenplättchen { $goods }, Persönlichkeiten { $characters }, Gebäude { $buildings }, Zweige { $branches }, Dorfplättchen { $villages }

prompt-your-turn = Du bist am Zug
prompt-waiting = Warten auf { $name }
prompt-bot-thinking = { $name } denkt nach …
prompt-game-over = Das Spiel ist zu Ende
step-draft = Wähle ein Startgebäude.
step-draft-take = Du hast jede noch verfügbare Sorte schon: Nimm einem Mitspieler ein Startgebäude weg.
step-place-neutral = Lege ein Startgebäude des neutralen Dorfes mit einer neutralen Figur.
step-place-start = Lege deine Startgebäude auf Felder rund um deinen Dorfplatz.
step-pair1 = Erstes Paar: Wähle das Gebäude der Frau, dann das des Mannes.
step-pair2 = Zweites Paar: Eine Figur arbeitet in deinem letzten Gebäude, die andere geht in die Schule.
step-pair3 = Drittes Paar: Eine Figur heiratet ins Dorf deines linken Nachbarn, die andere wartet auf deinem Dorfplatz.
step-choose = Wähle eine Persönlichkeit für deine Münze, nutze ein Persönlichkeitsplättchen oder beende deinen Zug.
step-choose-pass = Du hast keine Münzen mehr.
step-choose-forced-pass = Keine deiner Münzen lässt sich jetzt einsetzen: Du passt und scheidest für den Rest der Runde aus.
step-select-building = Wähle ein Gebäude aus dem Angebot.
step-pay = { $building } bezahlen: noch { $cost }. Lass Figuren produzieren oder kaufe Rohstoffe.
step-place = Wähle ein freies Feld für { $building }.
step-move-in = Wer zieht vom Dorfplatz in das neue Gebäude?
step-deliver = Stelle mit deinen Figuren eine Ware her und liefere sie zum Markt.
step-wake = Wähle ein Viertel eines Dorfes zum Wecken.
step-marry = Wähle eine ledige Figur, die deine unverheiratete Figur heiratet.
step-dowry = Wähle eine Mitgift-Münze.
step-birth = Wähle ein Paar in deinem Dorf, das ein Kind bekommt.
step-school-return = Setze deine Schulfiguren in freie Gebäude.
step-carried = Hergestellt: { $good }
suggested = Vorschlag: { $label }
undo = Rückgängig
choose-one = Wähle:
several-choices = { $what } (mehrere Möglichkeiten)
cancel = Abbrechen
sound-on = Ton an
sound-off = Ton aus
other-choices = Weitere Möglichkeiten

end-title = Endwertung
end-rank = Platz
end-player = Spieler
end-points = SP
end-awake = Wache Figuren
end-winner = Sieg: { $names }
end-shared = Geteilter Sieg: { $names }
end-tiebreak = Gleichstand bei den Siegpunkten: entschieden hat die Zahl der wachen Figuren in den Dörfern.
end-round-limit = Das Spiel endete an seiner Rundengrenze ({ $limit }), bevor jemand das Ziel erreichte.
end-replay = Wiederholung ansehen

log-title = Spielverlauf
log-empty = Noch ist nichts geschehen.
replay-step = Schritt { $step } von { $total }

story-setup = Spielaufbau
story-round-end = Rundenende { $round }
story-game-end = Spielende
story-show = Verlauf
story-only-choice = { $decision } (die einzige Möglichkeit)
story-turn-ends-by-itself = Nichts mehr zu tun: der Zug von { $name } endet.
recent-turn = Letzter Zug von { $name }
recent-hide = Ausblenden
story-place = { $building } in { $village } legen
story-place-neutral = { $building } mit neutraler Figur ({ $villager }) in { $village } legen
story-good-tile = { $name } liefert als Erster { $good } und erhält das Warenplättchen ({ $points } SP).
story-branch-tile = { $name } hat als Erster den ganzen Produktionszweig ({ $goods }) beliefert und erhält das Zweigplättchen ({ $points } SP).
story-village-tile = Das Dorf von { $name } ist komplett umbaut und alle Gebäude sind besetzt: Dorfplättchen mit { $points } SP.
story-start-player-last = { $name } hat als Letzter Münzen übrig und erhält das Startspielerplättchen (1 SP).
story-start-player-keeps = { $name } hat als Letzter Münzen übrig und behält das Startspielerplättchen (1 SP).
story-start-player-passes = Nur die neutrale Münze war übrig: das Startspielerplättchen geht weiter an { $name } (1 SP).
story-character-tile = { $character }: { $name } hat die meisten Münzen eingesetzt ({ $coins }) und erhält das Personenplättchen (1 SP).
story-character-tile-from = { $character }: { $name } hat die meisten Münzen eingesetzt ({ $coins }) und erhält das Personenplättchen von { $from } (1 SP).
story-tiles-face-up = Genutzte Personenplättchen werden wieder umgedreht.
story-coins-back = Alle nehmen ihre Münzen von den Persönlichkeiten zurück.
story-school-to-centre = { $name }: aus der Schule zurück, ohne freies Gebäude, auf den Dorfplatz: { $villagers }.
story-children-to-school = Die Kinder dieser Runde von { $name } kommen in die Schule: { $children }.
story-women =
    { $count ->
        [one] eine Frau
       *[other] { $count } Frauen
    }
story-men =
    { $count ->
        [one] ein Mann
       *[other] { $count } Männer
    }
story-girls =
    { $count ->
        [one] ein Mädchen
       *[other] { $count } Mädchen
    }
story-boys =
    { $count ->
        [one] ein Junge
       *[other] { $count } Jungen
    }
story-score = { $name }: { $before } → { $points } SP ({ $why }).
story-score-same = { $name } bleibt bei { $points } SP ({ $why }).
story-score-nothing = { $name } hat noch keine Siegpunkte.
story-vp-start = Startspieler
story-vp-deliveries = Lieferungen
story-vp-good-tiles = Warenplättchen
story-vp-character-tiles = Personenplättchen
story-vp-buildings = Siegpunktgebäude
story-vp-branch-tiles = Zweigplättchen
story-vp-village-tiles = Dorfplättchen
story-new-buildings = Neue Gebäude im Angebot: { $buildings }.
story-no-new-buildings = Es sind keine Gebäude mehr übrig, die ausgelegt werden könnten.
story-target-reached = Jemand hat { $target } oder mehr SP: das Spiel ist zu Ende.
story-round-limit = Das Spiel endet an seiner Rundengrenze ({ $limit }).
story-winner = { $names } gewinnt mit { $points } SP.
story-shared = { $names } teilen sich den Sieg mit { $points } SP.
story-tie-break = Gleichstand bei { $points } SP: die wachen Dorfbewohner entscheiden ({ $awake }).

# Before a decision that leaves coins unused for the rest of the round.
forfeit-coins = { $coins ->
    [one] 1 Münze
   *[other] { $coins } Münzen
}
forfeit-end-turn = Du hast noch { forfeit-coins }. Beendest du jetzt, endet die Runde vor deinem nächsten Zug, denn die anderen haben nur noch ihre letzte Münze: Sie bringen dir in dieser Runde nichts mehr. Trotzdem beenden?
forfeit-tile = Du hast noch { forfeit-coins }. Ein Plättchen einer anderen Person nach deiner Aktion beendet deinen Zug sofort, und die Runde endet vor deinem nächsten: Sie bringen dir in dieser Runde nichts mehr. Trotzdem einsetzen?
forfeit-neutral = Du hast noch { forfeit-coins }. Dein Gegenüber hat höchstens noch eine Münze zu setzen: Solange die neutrale Münze unbenutzt bereitliegt, kommst du in dieser Runde noch einmal an die Reihe. Setzt du sie jetzt ein, endet die Runde vor deinem nächsten Zug, und deine Münzen bringen dir in dieser Runde nichts mehr. Trotzdem einsetzen?
forfeit-step = Du hast noch { forfeit-coins }. Diese Wahl beendet deinen Zug (eine andere ließe dich weitermachen), und die Runde endet vor deinem nächsten: Sie bringen dir in dieser Runde nichts mehr. Trotzdem weiter?
forfeit-yes = Ja, weiter
# Why a click on the table did nothing.
refusal-game-over = Jetzt nicht: Das Spiel ist vorbei.
refusal-not-your-turn = Jetzt nicht: { $name } ist am Zug.
refusal-other-step = Das geht nicht: { $step }
# Why the suggested decision is good.
suggest-work-free = { $good } mit deinem { $building } herstellen: kostenlos, ohne Münze.
suggest-work-deliver = { $good } mit deinem { $building } herstellen, auf dem Weg zu einer Lieferung.
suggest-pay = Mit dem eben hergestellten { $good } bezahlen: kostenlos.
suggest-buy = { $good } für eine Münze kaufen: Keine deiner wachen Figuren kann es jetzt herstellen.
suggest-deliver = { $good } liefern: ein Würfel auf den Markt, ein Siegpunkt mehr.
suggest-plan = Der beste Zug, den der gierige Bot findet, beginnt hier.

# The hint in a game against bots only: the search's preferred decisions for the turn.
hint-button = Tipp
hint-title = Die Suche fragen, was sie von hier aus spielen würde (dieses Spiel erlaubt Tipps)
hint-working = Denkt nach…
hint-line = Die Suche würde spielen: { $line }
hint-chances = Deine Siegchance: jetzt { $before } %, nach diesen Entscheidungen { $after } %.
hint-why = Warum (Siegpunkte laut Bewertung): { $terms }
hint-why-none = Die Bewertung sieht keine nennenswerte Änderung deiner Aussichten.

# Aufgeben
story-resigned = { $name } hat aufgegeben; das Spiel endet.
story-resigned-bot = { $name } hat aufgegeben; ab jetzt spielt ein Bot diesen Platz.
end-resigned = Aufgegeben (letzter Platz): { $names }
