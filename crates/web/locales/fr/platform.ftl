# Parties sur plusieurs jours : pendules, remplaçants.

clock-days = { $days } j
clock-ran-out = temps écoulé : un bot joue
clock-take-back = Reprendre ma place
clock-your-time-ran-out = Votre temps est écoulé, un bot joue donc pour vous. Vous pouvez reprendre votre place à tout moment.
lobby-time-control = Cadence
lobby-time-none = Aucune (partie amicale)
lobby-time-live = En direct : 20 minutes + 20 s par tour
lobby-time-live-fast = En direct : 5 minutes + 10 s par tour
lobby-time-days = { $days ->
    [one] Tour par tour : 1 jour par tour
   *[other] Tour par tour : { $days } jours par tour
}, réserve de 2 jours
lobby-stand-in = Si une pendule tombe, un bot continue
