# Turn-based play: clocks, stand-ins.

clock-days = { $days } d
clock-ran-out = time ran out: a bot plays
clock-take-back = Take my seat back
clock-your-time-ran-out = Your time ran out, so a bot plays for you. You can take your seat back at any time.
lobby-time-control = Time control
lobby-time-none = None (friendly game)
lobby-time-live = Live: 20 minutes + 20 s per turn
lobby-time-live-fast = Live: 5 minutes + 10 s per turn
lobby-time-days = { $days ->
    [one] Turn-based: 1 day per turn
   *[other] Turn-based: { $days } days per turn
}, 2-day bank
lobby-stand-in = If a clock runs out, a bot plays on
