# Seitenrahmen, Konten, Lobby und Seitengerüste.

site-title = Helvetia Online
site-tagline = Das Schweizer Dorfspiel von Matthias Cramer für 2 bis 4 Personen, online.
nav-home = Start
nav-lobby = Lobby
nav-rules = Regeln
nav-login = Anmelden
nav-register = Registrieren
nav-logout = Abmelden
nav-language = Sprache
signed-in-as = Angemeldet als { $name }
skip-to-content = Zum Inhalt springen

home-intro = Die Schweiz zu Beginn des 19. Jahrhunderts. Du führst ein abgelegenes Dorf: Deine Leute stellen Waren her, bauen, heiraten in Nachbardörfer und bekommen Kinder. Liefere Waren zum Markt und baue für das Gemeinwohl, um Siegpunkte zu sammeln.
home-play = Jetzt spielen
home-how = So funktioniert es
home-point-live = Spiele live oder einen Zug pro Tag: Partien warten auf dich, und der Tisch aktualisiert sich, sobald jemand zieht.
home-point-bots = Besetze freie Plätze mit Computergegnern in drei Stärken.
home-point-click = Jede Entscheidung ist ein Klick auf den Spielplan: Erlaubte Ziele leuchten auf.
home-point-languages = Auf Deutsch, Englisch, Französisch, Italienisch und Chinesisch.

login-title = Anmelden
register-title = Konto anlegen
field-username = Benutzername
field-password = Passwort
login-submit = Anmelden
register-submit = Konto anlegen
login-no-account = Noch kein Konto?
register-have-account = Schon registriert?
register-hint = 3 bis 24 Buchstaben, Ziffern, -, _ oder . ; ein Passwort mit 8 bis 128 Zeichen.
form-working = Einen Moment…

lobby-title = Lobby
lobby-create = Neue Partie
create-players = Personen
create-setup = Startgebäude
setup-draft = Auswahl (volle Regeln)
setup-letters = Nach Buchstaben (Einstieg)
create-character-tiles = Mit Persönlichkeitsplättchen
create-target = Siegpunkte zum Sieg
create-target-hint = leer: { $target } (folgt den Persönlichkeitsplättchen)
create-direction = Spielrichtung
direction-ccw = Gegen den Uhrzeigersinn (Schweizer Tradition)
direction-cw = Im Uhrzeigersinn
create-round-limit = Rundengrenze
create-round-limit-hint = leer: bis zum Ziel spielen
create-seats = Plätze
create-seat = Platz { $n }
seat-me = Ich
seat-open = Offen für alle
seat-invite = Mit Einladung
# A bot as people see it, by its level: the same name in the lobby, the table, the story
# and the end screen.
bot-name = Computer ({ $level })
bot-level-random = Anfänger
bot-level-greedy = Gelegenheitsspieler
bot-level-good = gut
bot-level-mcts = stark
bot-level-expert = Experte
# A bot choice with the level's measured rating (Elo scale).
bot-rated = { $name } · Wertung { $rating }
create-submit = Partie anlegen
lobby-open = Offene Partien
lobby-mine = Meine Partien
lobby-finished = Beendete Partien
lobby-empty = Keine.
lobby-join = Beitreten
lobby-view = Öffnen
lobby-watch = Zuschauen
lobby-start = Starten
lobby-leave = Verlassen
lobby-your-turn = Du bist dran!
lobby-status-open = wartet auf Mitspieler
lobby-status-running = läuft
lobby-status-finished = beendet
lobby-seats = { $filled } von { $seats } Plätzen
lobby-created = angelegt { $when }
lobby-winners = Gewonnen von { $names }
lobby-login-first = Melde dich an, um Partien anzulegen oder beizutreten.
options-summary = { $players } Personen · { $setup } · Ziel { $target } SP

game-title = Partie { $id }
replay-title = Wiederholung der Partie { $id }
replay-first = Anfang
replay-prev = Zurück
replay-next = Vor
replay-last = Ende
replay-back-to-game = Zurück zur Partie
connecting = Verbinde…
connection-lost = Verbindung verloren. Verbinde neu…
your-turn-title = Du bist am Zug!

error-title = Fehler { $status }
error-back = Zurück zur Startseite

lobby-running = Laufende Partien
invitation-title = Eine Einladung zu Helvetia
invitation-text = In dieser Partie für { $players } Spieler ist ein Platz für dich reserviert:
invitation-gone = Diese Einladung gilt nicht mehr: Der Platz ist vergeben, oder die Partie hat begonnen oder wurde abgesagt.
invitation-accept = Meinen Platz einnehmen
invitation-log-in-first = Registriere dich oder melde dich an, um deinen Platz einzunehmen; danach kommst du hierher zurück.
waiting-title = Warten auf Mitspieler
waiting-link = Einladungslink
waiting-copy = Kopieren
waiting-copied = Kopiert
waiting-host-wait = Schicke jeden Einladungslink an die Person, für die er bestimmt ist. Die Partie beginnt, wenn du sie startest.
waiting-host-ready = Alle Plätze sind besetzt: Starte die Partie, wenn du bereit bist.
waiting-cancel = Partie absagen
waiting-for-host = { $host } startet die Partie, sobald alle Plätze besetzt sind. Diese Seite folgt von selbst.

## Analyse der Partie neben der Wiederholung
analysis-title = Analyse
analysis-explained = Die Suche prüft jeden Zug dieser Partie: wie sich die Siegchance jedes Spielers bewegt hat, welche Züge am meisten gekostet haben und was sie stattdessen gespielt hätte.
analysis-ask = Diese Partie analysieren
analysis-log-in = Melde dich an, um eine Analyse dieser Partie anzufordern.
analysis-running = Die Züge werden analysiert …
analysis-failed = Diese Partie konnte nicht analysiert werden.
analysis-chart-title = Siegchance je Runde
analysis-chart-caption = Die Siegchance jedes Spielers zu Beginn jeder Runde, wie die Suche sie schätzt.
analysis-end = Ende
analysis-costly-title = Die Züge, die am meisten gekostet haben
analysis-no-costly = Kein Zug hat etwas verschenkt, das die Suche erkennen konnte.
analysis-turn = Runde { $round }, { $name }: { $lost } % Siegchance verloren
analysis-show-position = Stellung zeigen
analysis-played = Gespielt:
analysis-preferred = Die Suche bevorzugt:
analysis-why = Warum (Siegpunkte nach der Bewertung):
analysis-method = { $iterations } Suchdurchläufe je Zug; Chancen gemessen an Partien, die von jeder Stellung aus weitergespielt wurden.
analysis-term-score = Punkte { $points }
analysis-term-goods = lieferbare Waren { $points }
analysis-term-branches = Branchen { $points }
analysis-term-characters = Vorsprung bei Personen { $points }
analysis-term-coins = noch einsetzbare Münzen { $points }
analysis-term-workers = arbeitende Dorfbewohner { $points }
analysis-term-family = Ehepaare und künftige Dorfbewohner { $points }
analysis-term-buildings = ein erreichbares Siegpunktgebäude { $points }
analysis-term-village = Dorfplättchen { $points }
