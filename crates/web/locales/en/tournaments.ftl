## Tournaments: the list, the form that creates one, a tournament's page, and their errors.

nav-tournaments = Tournaments
lobby-my-tournaments = My tournaments
tournaments-title = Tournaments
tournaments-intro = Swiss rounds at tables of 2, 3 or 4: nobody is knocked out, and each round seats players of equal score together. A table's winner earns 3 points, the others less by their place; ties are broken by the opponents' score, then by victory points.
tournaments-upcoming = Upcoming
tournaments-running = Running
tournaments-finished = Finished
tournaments-none = None at the moment.
tournaments-back = All tournaments
tournament-name = Name
tournament-table-size = Players per table
tournament-starts = Starts
tournament-entries = Entries
tournament-status = Status
tournament-status-upcoming = Open for entries
tournament-status-running = Round { $round } of { $rounds }
tournament-status-finished = Finished
tournament-status-cancelled = Cancelled: too few entries
tournament-create = Create a tournament
tournament-rounds = Rounds
tournament-round-minutes = Minutes between rounds (live)
tournament-round-minutes-default = as the pace needs
tournament-min-rating = Lowest rating to enter
tournament-min-games = Fewest finished games to enter
tournament-rated = Rated (counts for the leaderboard)
tournament-create-note = Round 1 starts at the start time with everyone who entered. Turn-based rounds start when every game of the last round has ended; live rounds at their set time. A player out of time is stood in for by a bot, as in any game.
tournament-create-submit = Create
tournament-creator = Created by
tournament-yes = Yes
tournament-no = No
tournament-standings = Standings
tournament-points = Points
tournament-opponents = Opponents' score
tournament-vp = VP
tournament-played = Tables
tournament-byes = { $byes ->
    [one] (one bye)
   *[other] ({ $byes } byes)
}
tournament-tiebreaks = Equal points are decided by the opponents' score (the points of everyone you sat with), then by victory points.
tournament-round = Round { $round }
tournament-table = Table { $table }
tournament-replay = Replay
tournament-watch = Watch
tournament-seating = Being seated…
tournament-table-result = { $rank ->
    [1] won
   *[other] place { $rank }
} with { $vp } VP: { $points } points
tournament-bye-list = Sitting out (1.5 points):
tournament-your-table = Your table is ready.
tournament-go-to-table = Go to your table
tournament-game-over-next-round = Your game of this round is over. Wait for the next round: its pairing seats you at a new table.
tournament-game-over-last-round = Your game of the last round is over: the final standings come once every table has ended.
tournament-entered = You have entered.
tournament-withdraw = Withdraw
tournament-leave = Leave the tournament
tournament-leave-confirm = Leave this tournament? Your tables so far keep counting, your game in progress goes on, and you will not be seated in later rounds. This cannot be undone.
tournament-you-withdrew = You have left this tournament: later rounds do not seat you.
tournament-withdrew = (left)
tournament-enter = Enter
tournament-sign-in = Sign in to enter.
tournament-entrants = { $count ->
    [one] One entrant
   *[other] { $count } entrants
}
tournament-no-entrants = Nobody has entered yet.
tournament-round-started = A new round of a tournament has started: your table is ready.
tournament-over = A tournament you played is over: you came { "{place}" }.

error-tournament-name = A tournament's name has 3 to 60 characters, without control or invisible characters.
error-tournament-players = Choose 2, 3 or 4 players per table.
error-tournament-pace = There is no such pace.
error-tournament-rounds = A tournament has 1 to { $rounds } rounds.
error-tournament-start = Choose a start time from now to 60 days ahead.
error-tournament-round-minutes = Minutes between rounds are for live tournaments only, from 10 to 600.
error-tournament-limits = The lowest rating is between 0 and 3000; the fewest games between 0 and 1000.
error-tournament-closed = This tournament has started: entries are closed.
error-tournament-too-many = You already have { $most } tournaments waiting to start; create another once one of them has begun.
error-tournament-rating-too-low = Your rating ({ $rating }) is below this tournament's lowest rating ({ $min }).
error-tournament-too-few-games = You have finished { $games } games; this tournament asks for { $min }.
error-no-such-tournament = There is no such tournament.

mail-tournament-subject = Helvetia: the tournament { $tournament } is over
mail-tournament-body = Hello { $name }, the tournament { $tournament } is over: you came { $place } of { $entrants }.
mail-open-tournament = See the standings: { $url }
