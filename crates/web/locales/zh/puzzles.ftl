# Puzzles: decisions from games where one action is clearly the best.
nav-puzzles = 谜题
puzzles-title = 谜题
puzzles-goal = 为 { $name } 找出最好的行动。
puzzles-rating = 谜题等级分：{ $rating }
puzzles-your-rating = 你的谜题等级分：{ $rating }
puzzles-log-in = 登录后即可获得谜题等级分
puzzles-next = 下一道谜题
puzzles-none = 目前没有等你解答的谜题。
puzzles-seat = 玩家 { $n }
puzzles-right = 正确：{ $best } 是最好的行动。
puzzles-wrong = 不是最好的：最好的行动是 { $best }。
puzzles-rating-change = 你的谜题等级分：{ $before } → { $after }。
profile-puzzles = 谜题等级分：{ $rating }（已做 { $tried } 道）
profile-no-puzzles = 还没有做过谜题。
