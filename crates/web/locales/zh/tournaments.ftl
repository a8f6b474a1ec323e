## 锦标赛：列表、创建表单、锦标赛页面及其错误。

nav-tournaments = 锦标赛
lobby-my-tournaments = 我的锦标赛
tournaments-title = 锦标赛
tournaments-intro = 采用瑞士制，每桌 2、3 或 4 人：没有人会被淘汰，每一轮都让积分相同的玩家同桌。每桌的胜者得 3 积分，其余玩家按名次依次少得；积分相同时先比对手分，再比胜利分。
tournaments-upcoming = 即将开始
tournaments-running = 进行中
tournaments-finished = 已结束
tournaments-none = 目前没有。
tournaments-back = 全部锦标赛
tournament-name = 名称
tournament-table-size = 每桌人数
tournament-starts = 开始时间
tournament-entries = 报名人数
tournament-status = 状态
tournament-status-upcoming = 报名中
tournament-status-running = 第 { $round } 轮，共 { $rounds } 轮
tournament-status-finished = 已结束
tournament-status-cancelled = 已取消：报名人数不足
tournament-create = 创建锦标赛
tournament-rounds = 轮数
tournament-round-minutes = 每轮间隔分钟数（实时）
tournament-round-minutes-default = 按节奏而定
tournament-min-rating = 参赛最低等级分
tournament-min-games = 参赛最少已结束对局数
tournament-rated = 计分（计入排行榜）
tournament-create-note = 第 1 轮在开始时间开始，所有报名者参加。回合制锦标赛在上一轮所有对局结束后开始下一轮；实时锦标赛按设定的时间开始各轮。与任何对局一样，时间用完的玩家由机器人代打。
tournament-create-submit = 创建
tournament-creator = 创建者
tournament-yes = 是
tournament-no = 否
tournament-standings = 排名
tournament-points = 积分
tournament-opponents = 对手分
tournament-vp = 胜利分
tournament-played = 桌数
tournament-byes = { $byes ->
   *[other] （轮空 { $byes } 次）
}
tournament-tiebreaks = 积分相同时，先比对手分（与你同桌过的所有玩家的积分之和），再比胜利分。
tournament-round = 第 { $round } 轮
tournament-table = 第 { $table } 桌
tournament-replay = 回放
tournament-watch = 观战
tournament-seating = 正在入座…
tournament-table-result = { $rank ->
    [1] 获胜
   *[other] 第 { $rank } 名
}，{ $vp } 胜利分：得 { $points } 积分
tournament-bye-list = 轮空（得 1.5 积分）：
tournament-your-table = 你的牌桌已就绪。
tournament-go-to-table = 前往你的牌桌
tournament-game-over-next-round = 你本轮的对局已结束。请等待下一轮：下一轮配对后会为你安排新的牌桌。
tournament-game-over-last-round = 你最后一轮的对局已结束：所有牌桌结束后即得出最终排名。
tournament-entered = 你已报名。
tournament-withdraw = 取消报名
tournament-leave = 退出锦标赛
tournament-leave-confirm = 要退出此锦标赛吗？已完成的牌桌成绩照常计算，进行中的对局继续进行，之后的轮次将不再为你安排座位。此操作无法撤销。
tournament-you-withdrew = 你已退出此锦标赛：之后的轮次不再为你安排座位。
tournament-withdrew = （已退出）
tournament-enter = 报名
tournament-sign-in = 登录后即可报名。
tournament-entrants = { $count ->
   *[other] { $count } 名参赛者
}
tournament-no-entrants = 还没有人报名。
tournament-round-started = 锦标赛新一轮已开始：你的牌桌已就绪。
tournament-over = 你参加的锦标赛已结束：你获得第 { "{place}" } 名。

error-tournament-name = 锦标赛名称为 3 到 60 个字符，不含控制字符或不可见字符。
error-tournament-players = 请选择每桌 2、3 或 4 人。
error-tournament-pace = 没有这种节奏。
error-tournament-rounds = 锦标赛有 1 到 { $rounds } 轮。
error-tournament-start = 请选择从现在起 60 天内的开始时间。
error-tournament-round-minutes = 每轮间隔分钟数仅适用于实时锦标赛，范围为 10 到 600。
error-tournament-limits = 最低等级分在 0 到 3000 之间；最少对局数在 0 到 1000 之间。
error-tournament-closed = 此锦标赛已开始：报名已截止。
error-tournament-too-many = 你已有 { $most } 个尚未开始的锦标赛；请等其中一个开始后再创建新的。
error-tournament-rating-too-low = 你的等级分（{ $rating }）低于此锦标赛的最低等级分（{ $min }）。
error-tournament-too-few-games = 你已结束 { $games } 局对局；此锦标赛要求 { $min } 局。
error-no-such-tournament = 没有这个锦标赛。

mail-tournament-subject = Helvetia：锦标赛 { $tournament } 已结束
mail-tournament-body = { $name } 你好，锦标赛 { $tournament } 已结束：你在 { $entrants } 人中排名第 { $place }。
mail-open-tournament = 查看排名：{ $url }
