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
lobby-stand-in = Se un orologio scade, continua un bot
