# Puzzles: decisions from games where one action is clearly the best.
nav-puzzles = Puzzles
puzzles-title = Puzzles
puzzles-goal = Find the best action for { $name }.
puzzles-rating = Puzzle rating: { $rating }
puzzles-your-rating = Your puzzle rating: { $rating }
puzzles-log-in = Log in to have a puzzle rating
puzzles-next = Next puzzle
puzzles-none = No puzzle is waiting for you now.
puzzles-seat = Player { $n }
puzzles-right = Right: { $best } is the best action.
puzzles-wrong = Not the best: the best action is { $best }.
puzzles-rating-change = Your puzzle rating: { $before } → { $after }.
profile-puzzles = Puzzle rating: { $rating } ({ $tried } tried)
profile-no-puzzles = No puzzle tried yet.
