# Page chrome, accounts, lobby and page shells.

site-title = Helvetia Online
site-tagline = The Swiss village game by Matthias Cramer, for 2 to 4 players, online.
nav-home = Home
nav-lobby = Lobby
nav-rules = Rules
nav-login = Log in
nav-register = Register
nav-logout = Log out
nav-language = Language
signed-in-as = Signed in as { $name }
skip-to-content = Skip to content

home-intro = Switzerland in the early 19th century. You lead a remote village: your villagers produce goods, build, marry into neighbouring villages and raise children. Deliver goods to the market and build for the common good to earn victory points.
home-play = Play now
home-how = How it works
home-point-live = Play live or one move a day: games wait for you, and the table updates the moment someone moves.
home-point-bots = Fill empty seats with computer opponents of three strengths.
home-point-click = Every decision is a click on the board: legal targets light up.
home-point-languages = In German, English, French, Italian and Chinese.

login-title = Log in
register-title = Create an account
field-username = User name
field-password = Password
login-submit = Log in
register-submit = Create account
login-no-account = No account yet?
register-have-account = Already registered?
register-hint = 3 to 24 letters, digits, -, _ or . ; a password of 8 to 128 characters.
form-working = One moment…

lobby-title = Lobby
lobby-create = New game
create-players = Players
create-setup = Start buildings
setup-draft = Draft (full rules)
setup-letters = By letter (beginners)
create-character-tiles = Play with character tiles
create-target = Victory points to win
create-target-hint = empty: { $target } (follows the character tiles)
create-direction = Direction of play
direction-ccw = Counter-clockwise (Swiss tradition)
direction-cw = Clockwise
create-round-limit = Round limit
create-round-limit-hint = empty: play to the target
create-seats = Seats
create-seat = Seat { $n }
seat-me = Me
seat-open = Open to anyone
seat-invite = By invitation
# A bot as people see it, by its level: the same name in the lobby, the table, the story
# and the end screen.
bot-name = Bot ({ $level })
bot-level-random = beginner
bot-level-greedy = casual
bot-level-good = good
bot-level-mcts = strong
bot-level-expert = expert
# A bot choice with the level's measured rating (Elo scale).
bot-rated = { $name } · rating { $rating }
create-submit = Create game
lobby-open = Open games
lobby-mine = My games
lobby-finished = Finished games
lobby-empty = None.
lobby-join = Join
lobby-view = Open
lobby-watch = Watch
lobby-start = Start
lobby-leave = Leave
lobby-your-turn = Your turn!
lobby-status-open = waiting for players
lobby-status-running = running
lobby-status-finished = finished
lobby-seats = { $filled } of { $seats } seats
lobby-created = created { $when }
lobby-winners = Won by { $names }
lobby-login-first = Log in to create or join games.
options-summary = { $players } players · { $setup } · target { $target } VP

game-title = Game { $id }
replay-title = Replay of game { $id }
replay-first = First
replay-prev = Back
replay-next = Forward
replay-last = Last
replay-back-to-game = Back to the game
connecting = Connecting…
connection-lost = Connection lost. Reconnecting…
your-turn-title = Your turn!

error-title = Error { $status }
error-back = Back to the home page

lobby-running = Running games
invitation-title = An invitation to play Helvetia
invitation-text = A seat is kept for you in this game for { $players } players:
invitation-gone = This invitation is no longer open: the seat was taken, or the game has started or was cancelled.
invitation-accept = Take my seat
invitation-log-in-first = Register or log in to take your seat; you will come back here.
waiting-title = Waiting for players
waiting-link = Invitation link
waiting-copy = Copy
waiting-copied = Copied
waiting-host-wait = Send each invitation link to the friend it is for. The game starts when you start it.
waiting-host-ready = Every seat is taken: start the game when you are ready.
waiting-cancel = Cancel the game
waiting-for-host = { $host } will start the game once every seat is taken. This page follows on its own.

## Post-game analysis beside the replay
analysis-title = Analysis
analysis-explained = The search looks at every turn of this game: how each player's chance to win moved, which turns cost the most, and what it would have played instead.
analysis-ask = Analyse this game
analysis-log-in = Log in to ask for an analysis of this game.
analysis-running = Analysing the turns…
analysis-failed = This game could not be analysed.
analysis-chart-title = Chance to win by round
analysis-chart-caption = Each player's chance to win at the start of each round, as the search estimates it.
analysis-end = end
analysis-costly-title = The turns that cost the most
analysis-no-costly = No turn gave away anything the search could see.
analysis-turn = Round { $round }, { $name }: { $lost } % chance to win lost
analysis-show-position = Show the position
analysis-played = Played:
analysis-preferred = The search prefers:
analysis-why = Why (victory points by the evaluation):
analysis-method = { $iterations } search iterations per turn; chances measured by games played on from each position.
analysis-term-score = score { $points }
analysis-term-goods = goods to deliver { $points }
analysis-term-branches = branches { $points }
analysis-term-characters = leads on characters { $points }
analysis-term-coins = coins still to use { $points }
analysis-term-workers = villagers at work { $points }
analysis-term-family = couples and villagers to come { $points }
analysis-term-buildings = a victory point building within reach { $points }
analysis-term-village = village tile { $points }
