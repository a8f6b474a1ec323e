# Spiel über Tage: Uhren, Ersatzspieler.

clock-days = { $days } T
clock-ran-out = Zeit abgelaufen: ein Bot spielt
clock-take-back = Platz zurücknehmen
clock-your-time-ran-out = Deine Zeit ist abgelaufen, darum spielt ein Bot für dich. Du kannst deinen Platz jederzeit zurücknehmen.
lobby-time-control = Bedenkzeit
lobby-time-none = Keine (freundschaftliches Spiel)
lobby-time-live = Live: 20 Minuten + 20 s pro Zug
lobby-time-live-fast = Live: 5 Minuten + 10 s pro Zug
lobby-time-days = { $days ->
    [one] Rundenbasiert: 1 Tag pro Zug
   *[other] Rundenbasiert: { $days } Tage pro Zug
}, 2 Tage Reserve
lobby-rated = Gewertet (zählt für die Bestenliste; nie mit Bots)
lobby-stand-in = Läuft eine Uhr ab, spielt ein Bot weiter

# Ratings.

end-rating = { $name }: Wertung { $before } → { $after } ({ $change })
nav-leaderboard = Bestenliste
leaderboard-title = Bestenliste
leaderboard-players = { $players } Spieler
leaderboard-empty = Noch keine gewerteten Partien.
leaderboard-note = Glicko-2-Wertungen aus beendeten gewerteten Partien zwischen Menschen; ± ist die Unsicherheit der Wertung.
leaderboard-bots-title = Bot-Bestenliste
leaderboard-to-bots = Die Bot-Bestenliste
leaderboard-to-people = Bestenliste der Menschen
leaderboard-bots-note = Glicko-2-Wertungen der Bot-Konten aus beendeten gewerteten Partien nur unter Bots; die eingebauten Stufen sind Anker, deren Wertung so bleibt, wie sie gemessen wurde, und ± ist die Unsicherheit.
leaderboard-anchor = Anker
profile-rating = Wertung
profile-rated-games = Gewertete Partien
profile-ratings = Wertungen
profile-unrated = Noch keine gewerteten Partien.
profile-games = { $games ->
    [one] 1 gewertete Partie
   *[other] { $games } gewertete Partien
}
profile-counts = Gespielt: { $played } · beendet: { $finished } · aufgegeben: { $abandoned }
profile-latest = Letzte Partien
profile-chart = Wertung nach jeder gewerteten Partie
profile-chart-later = Der Verlauf der Wertung erscheint nach der zweiten gewerteten Partie.
profile-result-won = Gewonnen
profile-result-shared = Geteilter Sieg
profile-result-lost = Verloren (Sieg: { $winners })
profile-result-none = Ohne Ergebnis

end-rematch = Nochmals mit denselben Spielern

vote-offer = Für mehrere Plätze ist die Zeit abgelaufen: Die verbliebenen Spieler können die Partie ohne Ergebnis beenden ({ $votes } von { $needed } Stimmen).
vote-button = Für Abbruch ohne Ergebnis stimmen
vote-ended = Die Spieler haben diese Partie ohne Ergebnis beendet.

# Chat.

chat-title = Chat
chat-unread = Ungelesene Chatnachrichten: { $count }
chat-placeholder = Nachricht schreiben…
chat-send = Senden
chat-mute = Stummschalten
chat-muted = { $name } ist stummgeschaltet.
chat-spectator = Zuschauer
lobby-spectators-apart = Zuschauer chatten unter sich
lobby-hints = Tipps: die Suche darf mich bei meinen Entscheidungen beraten (nur gegen Bots)
phrase-good-luck = Viel Glück!
phrase-have-fun = Viel Spass!
phrase-well-played = Gut gespielt!
phrase-thanks = Danke!
phrase-one-moment = Entschuldigung, ich brauche einen Moment.
phrase-sorry = Entschuldigung!

# Lobby filters.

lobby-rated-badge = gewertet
# The open games' filter by rating: a label before its choice (any, yes, no).
lobby-filter-rated = Gewertet
lobby-pace-none = ohne Uhr
lobby-pace-live = live, { $minutes } min + { $seconds } s
lobby-pace-turn = { $days } T pro Zug
lobby-filter = Listen filtern
lobby-filter-any = alle
lobby-filter-live = live
lobby-filter-turn = rundenbasiert
lobby-filter-yes = ja
lobby-filter-no = nein

# Browser notifications ({id} is filled in by the page).

notify-enable = Benachrichtigen
notify-your-turn = Du bist am Zug in Partie { "{id}" }
notify-started = Eine Partie mit dir hat begonnen: { "{id}" }
notify-ended = Eine Partie mit dir ist zu Ende: { "{id}" }
notify-soon = Deine Uhr läuft in Partie { "{id}" } innert einer Stunde ab

# E-Mail-Benachrichtigungen: Einstellungen, Abmeldeseite und die Mails selbst.

nav-settings = Einstellungen
settings-title = E-Mail-Benachrichtigungen
settings-intro = Helvetia Online kann dir per E-Mail sagen, wenn du am Zug bist, wenn eine Partie mit dir beginnt oder endet und wenn deine Uhr innert einer Stunde abläuft: höchstens eine Mail pro Partie und Stunde.
settings-no-mail = Dieser Server verschickt keine E-Mails: der Betreiber hat keinen Mailserver eingerichtet. Deine Einstellungen bleiben gespeichert, bis er es tut.
settings-email = E-Mail-Adresse (leer lassen für keine Mails)
settings-language = Sprache der Mails
settings-kinds = Schick mir eine Mail, wenn
settings-your-turn = ich am Zug bin
settings-started = eine Partie mit mir beginnt
settings-ended = eine Partie oder ein Turnier mit mir endet
settings-clock = meine Uhr innert einer Stunde abläuft
settings-rematch = mich jemand aus einer beendeten Partie zu einer neuen einlädt
settings-save = Speichern
settings-saved = Gespeichert.
settings-play = Spielen
forced-steps-label = Erzwungene Schritte für mich spielen
forced-steps-hint = Hat eine Entscheidung nur eine mögliche Wahl, spielt der Tisch sie nach einem kurzen Moment für dich.
settings-open-data = Offene Daten
settings-open-data-intro = Jede beendete Partie kann von allen heruntergeladen werden, mit den Namen und Wertungen der Spieler, damit man das Spiel studieren kann.
settings-export-anonymous = In heruntergeladenen Partien als „anonym“ erscheinen (kein Name, keine Wertung)
unsubscribe-title = Abmelden
unsubscribe-ask = Alle E-Mails von Helvetia Online an { $name } abbestellen?
unsubscribe-confirm = Alle Mails abbestellen
unsubscribe-done = Erledigt: Helvetia Online schickt { $name } keine Mails mehr. In deinen Einstellungen kannst du sie wieder einschalten.
unsubscribe-unknown = Dieser Abmeldelink ist unbekannt.
mail-your-turn-subject = Helvetia: Du bist am Zug gegen { $opponents }
mail-your-turn-body = Hallo { $name }, in deiner Partie Helvetia gegen { $opponents } bist du am Zug.
mail-started-subject = Helvetia: Deine Partie gegen { $opponents } hat begonnen
mail-started-body = Hallo { $name }, deine Partie Helvetia gegen { $opponents } hat begonnen.
mail-ended-subject = Helvetia: Deine Partie gegen { $opponents } ist zu Ende
mail-ended-body = Hallo { $name }, deine Partie Helvetia gegen { $opponents } ist zu Ende. Gewonnen: { $winners }.
mail-abandoned-body = Hallo { $name }, deine Partie Helvetia gegen { $opponents } wurde durch Abstimmung ohne Ergebnis beendet.
mail-clock-subject = Helvetia: Deine Zeit läuft innert einer Stunde ab
mail-clock-body = Hallo { $name }, deine Zeit für diesen Zug in deiner Partie Helvetia gegen { $opponents } läuft um { $deadline } ab. Danach spielt ein Bot für dich, bis du deinen Platz zurücknimmst.
mail-rematch-subject = Helvetia: { $asker } möchte nochmals mit dir spielen
mail-rematch-body = Hallo { $name }, { $asker } möchte nochmals Helvetia mit denselben Spielern spielen ({ $opponents }). In der neuen Partie ist ein Platz für dich reserviert: Öffne die beendete Partie und wähle «Nochmals mit denselben Spielern».
mail-open-game = Zur Partie: { $url }
mail-footer = Du erhältst diese Mail, weil du bei Helvetia Online E-Mail-Benachrichtigungen eingeschaltet hast (höchstens eine Mail pro Partie und Stunde).
mail-settings = Welche Mails du erhältst: { $url }
mail-unsubscribe = Alle Mails abbestellen: { $url }

# Aufgeben, und was mit dem Platz geschieht.
resign = Aufgeben
resign-confirm = Dieses Spiel aufgeben? Du landest auf dem letzten Platz; in einem gewerteten Spiel zählt es als Niederlage.
resign-yes = Ja, aufgeben
resign-no = Weiterspielen
lobby-on-resign = Wenn jemand aufgibt
lobby-on-resign-bot = übernimmt ein Bot den Platz
lobby-on-resign-end = endet das Spiel

# Sofort spielen: ein Tisch mit einem Klick.

play-now-title = Sofort spielen
play-now-any = Egal
play-now-pace = Tempo
play-now-bot = Letzten Platz mit einem Bot besetzen
play-now-bot-never = Nie (auf Menschen warten)
play-now-bot-after = { $minutes ->
    [one] nach 1 Minute (ungewertet)
   *[other] nach { $minutes } Minuten (ungewertet)
}
play-now-note = Gewertet, gegen Spieler deiner Stärke. Live-Tische brauchen dich auf dieser Seite: Wer sie verlässt, wartet nicht mehr in den Live-Pools. In den rundenbasierten Pools wartest du weiter, und du wirst benachrichtigt (auch per Mail), sobald dein Tisch bereit ist.
play-now-submit = Sofort spielen
play-now-cancel = Abbrechen
play-now-waiting = Suche Mitspieler… { "{time}" }
play-now-seating = Dein Tisch ist bereit; er wird geöffnet…
play-now-pool = { "{players}" } Spieler · { "{pace}" }
notify-table-ready = Dein Tisch ist bereit: { "{id}" }

# Bot accounts and their API tokens (settings page).
profile-bot-account = Ein Bot-Konto: Hier spielt ein Programm über die API.
bot-account-title = Bot-Konto
bot-account-intro = Ein Programm kann hier als Bot spielen: Mache aus einem neuen Konto ein Bot-Konto und gib ihm API-Tokens. Das gilt für immer und nur für ein Konto, das noch nicht gespielt hat: Ein Bot-Konto spielt nur über seine Tokens, und sein Name wird als der eines Bots gezeigt.
bot-account-confirm = Dieses Konto für immer zum Bot-Konto machen? Es kann dann die Lobby, den Chat und die Tische nicht mehr benutzen; es spielt über API-Tokens.
bot-account-become = Dieses Konto zum Bot-Konto machen
bot-account-played = Dieses Konto hat schon gespielt und kann darum kein Bot-Konto werden. Registriere für deinen Bot ein neues Konto und mache es zum Bot-Konto, bevor es spielt.
bot-account-is-bot = Dies ist ein Bot-Konto: Programme spielen damit über seine API-Tokens (Authorization: Bearer …, siehe die API-Dokumentation). Hier verwaltest du seine Mails und Tokens.
bot-tokens-title = API-Tokens
bot-tokens-none = Noch kein Token.
bot-token-name = Name
bot-token-created = Erstellt
bot-token-last-used = Zuletzt benutzt
bot-token-state = Zustand
bot-token-revoked = widerrufen { $when }
bot-token-revoke = Widerrufen
bot-token-revoke-named = Das Token { $name } widerrufen
bot-token-new-name = Name eines neuen Tokens (zum Beispiel der Rechner, auf dem es läuft)
bot-token-create = Token erstellen
bot-token-copy-now = Kopiere dieses Token jetzt: Es wird nur einmal gezeigt. Lade die Seite neu, um es in der Liste zu sehen.
push-devices-title = Benachrichtigungen auf deinen Geräten
push-devices-intro = Dein Telefon oder Computer kann dir sagen, wenn du am Zug bist, wenn eine deiner Partien beginnt oder endet und wenn deine Uhr knapp wird, auch wenn keine Seite der Website offen ist. Ein Klick auf die Benachrichtigung öffnet die Partie.
push-subscribe = Auf diesem Gerät benachrichtigen
push-unsupported = Dieser Browser kann keine Benachrichtigungen der Website empfangen.
push-denied = Benachrichtigungen sind für diese Website in den Einstellungen des Browsers blockiert.
push-devices-none = Noch kein Gerät.
push-device-name = Gerät
push-device-added = Hinzugefügt
push-device-last = Letzte Benachrichtigung
push-device-actions = Entfernen
push-device-remove = Entfernen
push-device-remove-named = { $name } entfernen

# Ferien: der Teil der Einstellungen und das Zeichen neben einem Namen (Tisch, Lobby, Profil).
vacation-badge = in den Ferien
vacation-until = in den Ferien bis { $date }
settings-vacation = Ferien
settings-vacation-intro = Während deiner Ferien stehen deine Uhren in rundenbasierten Partien still, und kein Bot spielt für dich; die anderen können weiterziehen. Live-Partien und Turnierpartien werden nicht angehalten. Du hast { $days } Ferientage im Jahr, gezählt je Kalenderjahr (UTC-Tage); beendest du Ferien früher, bekommst du die nicht begonnenen Tage zurück.
settings-vacation-left = Verbleibende Tage { $year }: { $days }
settings-vacation-none = Keine Ferien geplant.
settings-vacation-now = In den Ferien vom { $from } bis { $to }
settings-vacation-planned = Geplant vom { $from } bis { $to }
settings-vacation-end = Jetzt beenden
settings-vacation-cancel = Absagen
settings-vacation-from = Erster Tag (UTC)
settings-vacation-days = Anzahl Tage
settings-vacation-take = Ferien nehmen

webhooks-title = Webhooks
webhooks-intro = Ein Webhook meldet einem Gruppenchat oder einem Programm dasselbe wie die Mails (du bist am Zug, eine Partie mit dir beginnt oder endet, deine Uhr läuft ab, ein Turnier ist zu Ende), jedes Mal als signierte POST-Anfrage an seine Adresse. Du kannst { $limit } haben.
webhooks-none = Noch kein Webhook.
webhook-url = Adresse
webhook-format = Format
webhook-state = Zustand
webhook-actions = Aktionen
webhook-active = aktiv
webhook-paused = pausiert seit { $when } nach wiederholten Fehlern (zuletzt: { $error })
webhook-failing = { $failures } Zustellungen nacheinander gescheitert (zuletzt: { $error })
webhook-delete = Löschen
webhook-delete-named = Den Webhook an { $url } löschen
webhook-resume = Fortsetzen
webhook-resume-named = Den Webhook an { $url } fortsetzen
webhook-new-url = Adresse eines neuen Webhooks (https://…)
webhook-new-format = Sein Format
webhook-format-json = JSON (für Programme)
webhook-format-discord = Discord
webhook-format-slack = Slack
webhook-format-ntfy = ntfy (reiner Text)
webhook-add = Webhook hinzufügen
webhook-copy-secret = Kopiere dieses Geheimnis jetzt: Es wird nur einmal gezeigt. Jede Anfrage trägt den Header X-Helvetia-Signature-256, den HMAC-SHA256 ihres Inhalts mit diesem Geheimnis.
webhook-your-turn = Helvetia: { $name } ist am Zug gegen { $opponents }.
webhook-started = Helvetia: Die Partie von { $name } gegen { $opponents } hat begonnen.
webhook-ended = Helvetia: Die Partie von { $name } gegen { $opponents } ist zu Ende. Gewonnen: { $winners }.
webhook-abandoned = Helvetia: Die Partie von { $name } gegen { $opponents } wurde durch Abstimmung ohne Ergebnis beendet.
webhook-clock = Helvetia: Die Zeit von { $name } gegen { $opponents } läuft um { $deadline } ab.
webhook-tournament = Helvetia: Das Turnier { $tournament } ist zu Ende: { $name } ist auf Platz { $place } von { $entrants }.
webhook-rematch = Helvetia: { $asker } möchte nochmals mit { $name } spielen; in der neuen Partie ist ein Platz für { $name } reserviert.

# The games awaiting the person's decision: the header's link (with their number) and the
# table's "next game".
awaiting-you = Du bist dran
next-game = Nächstes Spiel
next-game-title = Nächstes Spiel, das auf dich wartet (Taste N)
