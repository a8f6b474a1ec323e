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
lobby-stand-in = Läuft eine Uhr ab, spielt ein Bot weiter
