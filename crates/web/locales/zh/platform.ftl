# 多日对局：计时、代打。

clock-days = { $days } 天
clock-ran-out = 时间已到：由机器人代打
clock-take-back = 收回我的座位
clock-your-time-ran-out = 你的时间已到，所以由机器人替你行动。你可以随时收回你的座位。
lobby-time-control = 用时
lobby-time-none = 无（友谊赛）
lobby-time-live = 实时：20 分钟 + 每回合 20 秒
lobby-time-live-fast = 实时：5 分钟 + 每回合 10 秒
lobby-time-days = 回合制：每回合 { $days } 天，另有 2 天备用
lobby-rated = 计分（计入排行榜；有机器人时不计分）
lobby-stand-in = 计时用完时，由机器人继续

# Ratings.

end-rating = { $name }：等级分 { $before } → { $after }（{ $change }）
nav-leaderboard = 排行榜
leaderboard-title = 排行榜
leaderboard-players = { $players } 人局
leaderboard-empty = 还没有计分对局。
leaderboard-note = 基于真人之间已结束计分对局的 Glicko-2 等级分；± 表示等级分的不确定度。
leaderboard-bots-title = 机器人排行榜
leaderboard-to-bots = 机器人排行榜
leaderboard-to-people = 玩家排行榜
leaderboard-bots-note = 机器人账号的 Glicko-2 等级分，仅来自机器人之间已结束的计分对局；内置级别是锚点，其等级分保持测得的数值，± 表示不确定度。
leaderboard-anchor = 锚点
profile-rating = 等级分
profile-rated-games = 计分对局
profile-ratings = 等级分
profile-unrated = 还没有计分对局。
profile-games = { $games } 局计分对局
profile-counts = 已参加：{ $played } · 已结束：{ $finished } · 已放弃：{ $abandoned }
profile-latest = 最近对局
profile-chart = 每局计分对局后的等级分
profile-chart-later = 第二局计分对局之后显示等级分曲线。
profile-result-won = 获胜
profile-result-shared = 共同获胜
profile-result-lost = 落败（胜者：{ $winners }）
profile-result-none = 无结果

end-rematch = 与相同玩家再来一局

vote-offer = 多个座位的时间已用完：仍在游戏中的玩家可以投票无结果结束本局（{ $votes }/{ $needed } 票）。
vote-button = 投票无结果结束
vote-ended = 玩家们已无结果结束本局。

# Chat.

chat-title = 聊天
chat-unread = 未读聊天消息：{ $count }
chat-placeholder = 输入消息…
chat-send = 发送
chat-mute = 屏蔽
chat-muted = 已屏蔽 { $name }。
chat-spectator = 观众
lobby-spectators-apart = 观众只在观众之间聊天
lobby-hints = 提示：搜索可以为我的决定提供建议（仅限对战机器人）
phrase-good-luck = 祝你好运！
phrase-have-fun = 玩得开心！
phrase-well-played = 打得好！
phrase-thanks = 谢谢！
phrase-one-moment = 抱歉，我需要一点时间。
phrase-sorry = 抱歉！

# Lobby filters.

lobby-rated-badge = 计分
# The open games' filter by rating: a label before its choice (any, yes, no).
lobby-filter-rated = 计分
lobby-pace-none = 不计时
lobby-pace-live = 实时，{ $minutes } 分钟 + { $seconds } 秒
lobby-pace-turn = 每回合 { $days } 天
lobby-filter = 筛选列表
lobby-filter-any = 全部
lobby-filter-live = 实时
lobby-filter-turn = 回合制
lobby-filter-yes = 是
lobby-filter-no = 否

# Browser notifications ({id} is filled in by the page).

notify-enable = 开启通知
notify-your-turn = 对局 { "{id}" } 轮到你了
notify-started = 你参加的对局已开始：{ "{id}" }
notify-ended = 你参加的对局已结束：{ "{id}" }
notify-soon = 对局 { "{id}" } 中你的计时将在一小时内用完

# 电子邮件通知：设置页、退订页和邮件本身。

nav-settings = 设置
settings-title = 电子邮件通知
settings-intro = Helvetia Online 可以在轮到你时、你参加的对局开始或结束时，以及你的计时将在一小时内用完时给你发邮件：每局每小时最多一封。
settings-no-mail = 此服务器不发送电子邮件：运营者尚未配置邮件服务器。你的设置会保留，等其配置后生效。
settings-email = 电子邮件地址（留空则不收邮件）
settings-language = 邮件语言
settings-kinds = 在以下情况给我发邮件
settings-your-turn = 轮到我时
settings-started = 我参加的对局开始时
settings-ended = 我参加的对局或锦标赛结束时
settings-clock = 我的计时将在一小时内用完时
settings-rematch = 已结束对局的其他玩家邀请我再来一局时
settings-save = 保存
settings-saved = 已保存。
settings-play = 对局
forced-steps-label = 替我走唯一可走的步骤
forced-steps-hint = 当一个决定只有一种可能的选择时，牌桌会在片刻后替你执行。
settings-open-data = 开放数据
settings-open-data-intro = 每一局已结束的对局都可供任何人下载，包括玩家的名字和等级分，以便大家研究这款游戏。
settings-export-anonymous = 在下载的对局中显示为“匿名”（不显示名字和等级分）
unsubscribe-title = 退订
unsubscribe-ask = 停止向 { $name } 发送 Helvetia Online 的所有邮件？
unsubscribe-confirm = 停止所有邮件
unsubscribe-done = 完成：Helvetia Online 不再向 { $name } 发送邮件。你可以在设置中重新开启。
unsubscribe-unknown = 此退订链接无效。
mail-your-turn-subject = Helvetia：与 { $opponents } 的对局轮到你了
mail-your-turn-body = { $name } 你好，在你与 { $opponents } 的 Helvetia 对局中轮到你了。
mail-started-subject = Helvetia：你与 { $opponents } 的对局已开始
mail-started-body = { $name } 你好，你与 { $opponents } 的 Helvetia 对局已开始。
mail-ended-subject = Helvetia：你与 { $opponents } 的对局已结束
mail-ended-body = { $name } 你好，你与 { $opponents } 的 Helvetia 对局已结束。获胜者：{ $winners }。
mail-abandoned-body = { $name } 你好，你与 { $opponents } 的 Helvetia 对局已经投票结束，没有结果。
mail-clock-subject = Helvetia：你的时间将在一小时内用完
mail-clock-body = { $name } 你好，你在与 { $opponents } 的 Helvetia 对局中本回合的时间将于 { $deadline } 用完。之后由机器人代你下棋，直到你收回座位。
mail-rematch-subject = Helvetia：{ $asker } 邀请你再来一局
mail-rematch-body = { $name } 你好，{ $asker } 想与相同玩家（{ $opponents }）再下一局 Helvetia。新对局中为你保留了一个座位：打开已结束的对局，选择“与相同玩家再来一局”。
mail-open-game = 打开对局：{ $url }
mail-footer = 你收到此邮件是因为你在 Helvetia Online 开启了电子邮件通知（每局每小时最多一封）。
mail-settings = 选择你要接收的邮件：{ $url }
mail-unsubscribe = 停止所有邮件：{ $url }

# 认输，以及座位如何处理。
resign = 认输
resign-confirm = 确定认输吗？你将排名最后；在计分对局中算作失败。
resign-yes = 确定认输
resign-no = 继续游戏
lobby-on-resign = 有玩家认输时
lobby-on-resign-bot = 由机器人接替座位
lobby-on-resign-end = 游戏结束

# 立即开局：一键入座。

play-now-title = 立即开局
play-now-any = 不限
play-now-pace = 节奏
play-now-bot = 用机器人补上最后一个座位
play-now-bot-never = 从不（等待真人）
play-now-bot-after = { $minutes } 分钟后（不计分）
play-now-note = 计分，对手与你水平相近。实时对局需要你留在本页：离开本页即退出实时匹配。回合制匹配会一直保留，牌桌就绪时会通知你（也会发邮件）。
play-now-submit = 立即开局
play-now-cancel = 取消
play-now-waiting = 正在寻找玩家… { "{time}" }
play-now-seating = 你的牌桌已就绪，正在打开…
play-now-pool = { "{players}" } 人 · { "{pace}" }
notify-table-ready = 你的牌桌已就绪：{ "{id}" }

# Bot accounts and their API tokens (settings page).
profile-bot-account = 机器人账号：这里由程序通过 API 下棋。
bot-account-title = 机器人账号
bot-account-intro = 程序可以在这里作为机器人下棋：把一个新账号变为机器人账号，并为它创建 API 令牌。此操作不可撤回，且只适用于尚未下过棋的账号：机器人账号只能通过其令牌下棋，其名称会显示为机器人。
bot-account-confirm = 确定要把此账号永久变为机器人账号吗？之后它将不能再使用大厅、聊天和牌桌；它通过 API 令牌下棋。
bot-account-become = 把此账号变为机器人账号
bot-account-played = 此账号已经下过棋，因此不能成为机器人账号。请为你的机器人注册一个新账号，并在它下棋之前把它变为机器人账号。
bot-account-is-bot = 这是一个机器人账号：程序通过它的 API 令牌（Authorization: Bearer …，见 API 文档）用它下棋。你可以在这里管理它的邮件和令牌。
bot-tokens-title = API 令牌
bot-tokens-none = 还没有令牌。
bot-token-name = 名称
bot-token-created = 创建时间
bot-token-last-used = 最近使用
bot-token-state = 状态
bot-token-revoked = 已于 { $when } 撤销
bot-token-revoke = 撤销
bot-token-revoke-named = 撤销令牌 { $name }
bot-token-new-name = 新令牌的名称（例如它所运行的机器）
bot-token-create = 创建令牌
bot-token-copy-now = 请立即复制此令牌：它只显示一次。重新加载页面即可在列表中看到它。
push-devices-title = 设备上的通知
push-devices-intro = 即使没有打开本站的任何页面，你的手机或电脑也能在轮到你、你参加的对局开始或结束、以及你的时钟快用完时通知你。点击通知即可打开对局。
push-subscribe = 在此设备上通知我
push-unsupported = 此浏览器无法接收本站的通知。
push-denied = 浏览器设置中已阻止本站的通知。
push-devices-none = 尚无设备。
push-device-name = 设备
push-device-added = 添加时间
push-device-last = 最近通知
push-device-actions = 移除
push-device-remove = 移除
push-device-remove-named = 移除 { $name }

# 休假：设置页面的休假部分，以及名字旁的标记（牌桌、大厅、个人资料）。
vacation-badge = 休假中
vacation-until = 休假至 { $date }
settings-vacation = 休假
settings-vacation-intro = 休假期间，你在回合制对局中的计时器会停止，也不会有机器人替你下棋；其他玩家仍可行动。实时对局和锦标赛对局不会暂停。你每年有 { $days } 天假期，按日历年计算（UTC 日）；提前结束休假会退还尚未开始的天数。
settings-vacation-left = { $year } 年剩余天数：{ $days }
settings-vacation-none = 没有计划中的休假。
settings-vacation-now = 休假中：{ $from } 至 { $to }
settings-vacation-planned = 已计划：{ $from } 至 { $to }
settings-vacation-end = 立即结束
settings-vacation-cancel = 取消
settings-vacation-from = 第一天（UTC）
settings-vacation-days = 天数
settings-vacation-take = 休假

webhooks-title = Webhook
webhooks-intro = Webhook 会把与邮件相同的事件（轮到你、你参加的对局开始或结束、你的计时即将用完、锦标赛结束）告诉群聊或程序，每次都向它的地址发送一个签名的 POST 请求。你最多可以有 { $limit } 个。
webhooks-none = 还没有 Webhook。
webhook-url = 地址
webhook-format = 格式
webhook-state = 状态
webhook-actions = 操作
webhook-active = 正常
webhook-paused = 因多次失败自 { $when } 起暂停（最近一次：{ $error }）
webhook-failing = 连续 { $failures } 次发送失败（最近一次：{ $error }）
webhook-delete = 删除
webhook-delete-named = 删除发往 { $url } 的 Webhook
webhook-resume = 恢复
webhook-resume-named = 恢复发往 { $url } 的 Webhook
webhook-new-url = 新 Webhook 的地址（https://…）
webhook-new-format = 它的格式
webhook-format-json = JSON（供程序使用）
webhook-format-discord = Discord
webhook-format-slack = Slack
webhook-format-ntfy = ntfy（纯文本）
webhook-add = 添加 Webhook
webhook-copy-secret = 请立即复制此密钥：它只显示一次。每个请求都带有 X-Helvetia-Signature-256 头，即用此密钥对请求内容计算的 HMAC-SHA256。
webhook-your-turn = Helvetia：{ $name } 与 { $opponents } 的对局轮到 { $name } 了。
webhook-started = Helvetia：{ $name } 与 { $opponents } 的对局已开始。
webhook-ended = Helvetia：{ $name } 与 { $opponents } 的对局已结束。获胜者：{ $winners }。
webhook-abandoned = Helvetia：{ $name } 与 { $opponents } 的对局已经投票结束，没有结果。
webhook-clock = Helvetia：{ $name } 在与 { $opponents } 的对局中本回合的时间将于 { $deadline } 用完。
webhook-tournament = Helvetia：锦标赛 { $tournament } 已结束：{ $name } 在 { $entrants } 人中排名第 { $place }。
webhook-rematch = Helvetia：{ $asker } 邀请 { $name } 再来一局；新对局中为 { $name } 保留了一个座位。

# The games awaiting the person's decision: the header's link (with their number) and the
# table's "next game".
awaiting-you = 轮到你了
next-game = 下一局
next-game-title = 下一局等待你决定的游戏（按键 N）
