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
leaderboard-bots-title = Bot ladder
leaderboard-to-bots = The bot ladder
leaderboard-to-people = People's leaderboard
leaderboard-bots-note = Glicko-2 ratings of bot accounts from finished rated games among bots only; the built-in levels are anchors whose ratings stay as measured, and ± is the uncertainty.
leaderboard-anchor = anchor
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
profile-chart-later = The chart of the rating appears after the second rated game.
profile-result-won = Won
profile-result-shared = Shared victory
profile-result-lost = Lost (winner: { $winners })
profile-result-none = No result

end-rematch = Play again with the same players

vote-offer = Clocks ran out for several seats: the players still in the game may end it without a result ({ $votes } of { $needed } votes).
vote-button = Vote to end without a result
vote-ended = The players ended this game without a result.

# Chat.

chat-title = Chat
chat-unread = Unread chat messages: { $count }
chat-placeholder = Write a message…
chat-send = Send
chat-mute = Mute
chat-muted = { $name } is muted.
chat-spectator = spectator
lobby-spectators-apart = Spectators chat among themselves
lobby-hints = Hints: the search may advise me on my decisions (only against bots)
phrase-good-luck = Good luck!
phrase-have-fun = Have fun!
phrase-well-played = Well played!
phrase-thanks = Thanks!
phrase-one-moment = Sorry, I need a moment.
phrase-sorry = Sorry!

# Lobby filters.

lobby-rated-badge = rated
# The open games' filter by rating: a label before its choice (any, yes, no).
lobby-filter-rated = Rated
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

# E-mail notifications: the settings page, the unsubscribe page and the mails themselves.

nav-settings = Settings
settings-title = E-mail notifications
settings-intro = Helvetia Online can tell you by e-mail when it is your turn, when a game you are in starts or ends, and when your clock runs out within the hour: at most one mail per game and hour.
settings-no-mail = This server sends no e-mail: its operator has not set up a mail server. Your settings are kept for when it does.
settings-email = E-mail address (leave empty for no mail)
settings-language = Language of the mails
settings-kinds = Send me a mail when
settings-your-turn = it is my turn
settings-started = a game I am in starts
settings-ended = a game or tournament I am in ends
settings-clock = my clock runs out within the hour
settings-rematch = a player of a finished game asks me to play again
settings-save = Save
settings-saved = Saved.
settings-play = Playing
forced-steps-label = Play forced steps for me
forced-steps-hint = When a decision has only one possible choice, the table plays it for you after a moment.
settings-open-data = Open data
settings-open-data-intro = Every finished game can be downloaded by anyone, with the players' names and ratings, so that people can study the game.
settings-export-anonymous = Appear as “anonymous” in downloaded games (no name, no rating)
unsubscribe-title = Unsubscribe
unsubscribe-ask = Stop all e-mail from Helvetia Online to { $name }?
unsubscribe-confirm = Stop all mail
unsubscribe-done = Done: Helvetia Online sends no more mail to { $name }. You can turn mails on again in your settings.
unsubscribe-unknown = This unsubscribe link is not known.
mail-your-turn-subject = Helvetia: your turn against { $opponents }
mail-your-turn-body = Hello { $name }, it is your turn in your game of Helvetia against { $opponents }.
mail-started-subject = Helvetia: your game against { $opponents } has started
mail-started-body = Hello { $name }, your game of Helvetia against { $opponents } has started.
mail-ended-subject = Helvetia: your game against { $opponents } has ended
mail-ended-body = Hello { $name }, your game of Helvetia against { $opponents } has ended. Winner: { $winners }.
mail-abandoned-body = Hello { $name }, your game of Helvetia against { $opponents } was ended by vote, without a result.
mail-clock-subject = Helvetia: your time runs out within the hour
mail-clock-body = Hello { $name }, your time for this turn in your game of Helvetia against { $opponents } runs out at { $deadline }. Then a bot plays for you until you take your seat back.
mail-rematch-subject = Helvetia: { $asker } asks you to play again
mail-rematch-body = Hello { $name }, { $asker } asks to play Helvetia again with the same players ({ $opponents }). A seat in the new game is kept for you: open the finished game and choose “Play again with the same players”.
mail-open-game = Open the game: { $url }
mail-footer = You get this mail because you turned on e-mail notifications at Helvetia Online (at most one mail per game and hour).
mail-settings = Choose which mails you get: { $url }
mail-unsubscribe = Stop all mail: { $url }

# Resigning, and what happens to the seat.
resign = Resign
resign-confirm = Resign this game? You will be ranked last; in a rated game it counts as a loss.
resign-yes = Yes, resign
resign-no = Keep playing
lobby-on-resign = When a player resigns
lobby-on-resign-bot = a bot takes the seat
lobby-on-resign-end = the game ends

# Play now: a table in one click.

play-now-title = Play now
play-now-any = Any
play-now-pace = Pace
play-now-bot = Fill the last seat with a bot
play-now-bot-never = Never (wait for people)
play-now-bot-after = { $minutes ->
    [one] after 1 minute (unrated)
   *[other] after { $minutes } minutes (unrated)
}
play-now-note = Rated, against players of your level. Live tables need you on this page: leaving it takes you out of the live pools. Turn-based pools keep you, and you are told (and mailed) when your table is ready.
play-now-submit = Play now
play-now-cancel = Cancel
play-now-waiting = Looking for players… { "{time}" }
play-now-seating = Your table is ready; opening it…
play-now-pool = { "{players}" } players · { "{pace}" }
notify-table-ready = Your table is ready: { "{id}" }

# Bot accounts and their API tokens (settings page).
profile-bot-account = A bot account: a program plays here through the API.
bot-account-title = Bot account
bot-account-intro = A program can play here as a bot: turn a fresh account into a bot account and give it API tokens. It is for good, and only for an account that has not played yet: a bot account plays through its tokens only, and its name is shown as a bot's.
bot-account-confirm = Turn this account into a bot account, for good? It can then no longer use the lobby, the chat or the tables; it plays through API tokens.
bot-account-become = Turn this account into a bot account
bot-account-played = This account has played, so it cannot become a bot account. Register a new account for your bot, and turn that one into a bot account before it plays.
bot-account-is-bot = This is a bot account: programs play with it through its API tokens (Authorization: Bearer …, see the API documentation). Here you manage its mails and tokens.
bot-tokens-title = API tokens
bot-tokens-none = No token yet.
bot-token-name = Name
bot-token-created = Created
bot-token-last-used = Last used
bot-token-state = State
bot-token-revoked = revoked { $when }
bot-token-revoke = Revoke
bot-token-revoke-named = Revoke the token { $name }
bot-token-new-name = Name of a new token (for example, the machine it runs on)
bot-token-create = Create a token
bot-token-copy-now = Copy this token now: it is shown only once. Reload the page to see it listed.
push-devices-title = Notifications on your devices
push-devices-intro = Your phone or computer can tell you when it is your turn, when a game you sit in starts or ends, and when your clock runs low, even with no page of the site open. A click on the notification opens the game.
push-subscribe = Notify me on this device
push-unsupported = This browser cannot receive notifications from the site.
push-denied = Notifications are blocked for this site in the browser’s settings.
push-devices-none = No device yet.
push-device-name = Device
push-device-added = Added
push-device-last = Last notification
push-device-actions = Remove
push-device-remove = Remove
push-device-remove-named = Remove { $name }

# Vacations: the settings page's part, and the mark beside a name (table, lobby, profile).
vacation-badge = on vacation
vacation-until = on vacation until { $date }
settings-vacation = Vacation
settings-vacation-intro = While you are on vacation, your clocks in turn-based games stand still and no bot plays for you; the others may still move. Live games and tournament games are not stopped. You have { $days } vacation days a year, counted per calendar year (UTC days); ending a vacation early gives back the days not begun.
settings-vacation-left = Days left in { $year }: { $days }
settings-vacation-none = No vacation planned.
settings-vacation-now = On vacation from { $from } to { $to }
settings-vacation-planned = Planned from { $from } to { $to }
settings-vacation-end = End it now
settings-vacation-cancel = Cancel it
settings-vacation-from = First day (UTC)
settings-vacation-days = Number of days
settings-vacation-take = Take a vacation

webhooks-title = Webhooks
webhooks-intro = A webhook tells a group chat or a program of the same events as the mails (your turn, a game of yours that starts or ends, your clock running out, the end of a tournament), each as a signed POST request to its address. You may have { $limit }.
webhooks-none = No webhook yet.
webhook-url = Address
webhook-format = Format
webhook-state = State
webhook-actions = Actions
webhook-active = active
webhook-paused = paused since { $when } after repeated failures (last: { $error })
webhook-failing = { $failures } failed deliveries in a row (last: { $error })
webhook-delete = Delete
webhook-delete-named = Delete the webhook to { $url }
webhook-resume = Resume
webhook-resume-named = Resume the webhook to { $url }
webhook-new-url = Address of a new webhook (https://…)
webhook-new-format = Its format
webhook-format-json = JSON (for programs)
webhook-format-discord = Discord
webhook-format-slack = Slack
webhook-format-ntfy = ntfy (plain text)
webhook-add = Add the webhook
webhook-copy-secret = Copy this secret now: it is shown only once. Each request carries the header X-Helvetia-Signature-256, the HMAC-SHA256 of its body under this secret.
webhook-your-turn = Helvetia: it is { $name }’s turn against { $opponents }.
webhook-started = Helvetia: { $name }’s game against { $opponents } has started.
webhook-ended = Helvetia: { $name }’s game against { $opponents } has ended. Winner: { $winners }.
webhook-abandoned = Helvetia: { $name }’s game against { $opponents } was ended by vote, without a result.
webhook-clock = Helvetia: { $name }’s time against { $opponents } runs out at { $deadline }.
webhook-tournament = Helvetia: the tournament { $tournament } is over: { $name } came { $place } of { $entrants }.
webhook-rematch = Helvetia: { $asker } asks { $name } to play again; a seat in the new game is kept for { $name }.

# The games awaiting the person's decision: the header's link (with their number) and the
# table's "next game".
awaiting-you = Your turn
next-game = Next game
next-game-title = Next game awaiting your decision (key N)
