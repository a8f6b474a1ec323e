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
lobby-rated = Rated (counts for the leaderboard; never with bots)
lobby-stand-in = If a clock runs out, a bot plays on

# Ratings.

end-rating = { $name }: rating { $before } → { $after } ({ $change })
nav-leaderboard = Leaderboard
leaderboard-title = Leaderboard
leaderboard-players = { $players } players
leaderboard-empty = No rated games yet.
leaderboard-note = Glicko-2 ratings from finished rated games between people; ± is the rating's uncertainty.
profile-rating = Rating
profile-rated-games = Rated games
profile-ratings = Ratings
profile-unrated = No rated games yet.
profile-games = { $games ->
    [one] 1 rated game
   *[other] { $games } rated games
}
profile-counts = Games played: { $played } · finished: { $finished } · abandoned: { $abandoned }
profile-latest = Latest games
profile-chart = Rating after each rated game

end-rematch = Play again with the same players

vote-offer = Clocks ran out for several seats: the players still in the game may end it without a result ({ $votes } of { $needed } votes).
vote-button = Vote to end without a result
vote-ended = The players ended this game without a result.

# Chat.

chat-title = Chat
chat-placeholder = Write a message…
chat-send = Send
chat-mute = Mute
chat-muted = { $name } is muted.
chat-spectator = spectator
lobby-spectators-apart = Spectators chat among themselves
phrase-good-luck = Good luck!
phrase-have-fun = Have fun!
phrase-well-played = Well played!
phrase-thanks = Thanks!
phrase-one-moment = Sorry, I need a moment.
phrase-sorry = Sorry!

# Lobby filters.

lobby-rated-badge = rated
lobby-pace-none = no clock
lobby-pace-live = live, { $minutes } min + { $seconds } s
lobby-pace-turn = { $days } d per turn
lobby-filter = Filter the lists
lobby-filter-any = any
lobby-filter-live = live
lobby-filter-turn = turn-based
lobby-filter-yes = yes
lobby-filter-no = no

# Browser notifications ({id} is filled in by the page).

notify-enable = Notify me
notify-your-turn = Your turn in game { "{id}" }
notify-started = A game you are in has started: { "{id}" }
notify-ended = A game you were in has ended: { "{id}" }
notify-soon = Your clock runs out within the hour in game { "{id}" }
