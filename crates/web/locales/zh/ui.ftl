# 页面框架、账户、大厅和游戏页面。

site-title = Helvetia Online
site-tagline = Matthias Cramer 设计的瑞士村庄游戏，2 至 4 人，在线游玩。
nav-home = 首页
nav-lobby = 大厅
nav-rules = 规则
nav-login = 登录
nav-register = 注册
nav-logout = 退出
nav-language = 语言
signed-in-as = 已登录：{ $name }
skip-to-content = 跳到内容

home-intro = 19 世纪初的瑞士。你管理一个偏远的村庄：村民生产货物、建造、与邻村通婚并生儿育女。向市场交付货物、为公共福祉建造，以获得胜利分。
home-play = 开始游戏
home-how = 玩法
home-point-live = 可以实时对局，也可以每天走一步：对局会等你，有人行动时桌面立即更新。
home-point-bots = 空位可由三种强度的电脑对手补上。
home-point-click = 每个决定都是在版图上点击：可选的目标会高亮。
home-point-languages = 支持德语、英语、法语、意大利语和中文。

login-title = 登录
register-title = 创建账户
field-username = 用户名
field-password = 密码
login-submit = 登录
register-submit = 创建账户
login-no-account = 还没有账户？
register-have-account = 已经注册？
register-hint = 3 至 24 个字母、数字、-、_ 或 .；密码 8 至 128 个字符。
form-working = 请稍候…

lobby-title = 大厅
lobby-create = 新游戏
create-players = 玩家人数
create-setup = 起始建筑
setup-draft = 轮流选择（完整规则）
setup-letters = 按字母（入门）
create-character-tiles = 使用人物板块
create-target = 获胜所需胜利分
create-target-hint = 留空：{ $target }（随人物板块而定）
create-direction = 行动方向
direction-ccw = 逆时针（瑞士传统）
direction-cw = 顺时针
create-round-limit = 轮数上限
create-round-limit-hint = 留空：打到目标分
create-seats = 座位
create-seat = 座位 { $n }
seat-me = 我
seat-open = 对所有人开放
seat-invite = 凭邀请
# A bot as people see it, by its level: the same name in the lobby, the table, the story
# and the end screen.
bot-name = 电脑（{ $level }）
bot-level-random = 新手
bot-level-greedy = 休闲
bot-level-good = 良好
bot-level-mcts = 强
bot-level-expert = 专家
# A bot choice with the level's measured rating (Elo scale).
bot-rated = { $name } · 等级分 { $rating }
create-submit = 创建游戏
lobby-open = 开放的游戏
lobby-mine = 我的游戏
lobby-finished = 已结束的游戏
lobby-empty = 无。
lobby-join = 加入
lobby-view = 打开
lobby-watch = 观战
lobby-start = 开始
lobby-leave = 离开
lobby-your-turn = 轮到你了！
lobby-status-open = 等待玩家
lobby-status-running = 进行中
lobby-status-finished = 已结束
lobby-seats = { $filled }/{ $seats } 个座位
lobby-created = 创建于 { $when }
lobby-winners = 获胜者：{ $names }
lobby-login-first = 登录后即可创建或加入游戏。
options-summary = { $players } 人 · { $setup } · 目标 { $target } 分

game-title = 游戏 { $id }
replay-title = 游戏 { $id } 的回放
replay-first = 开头
replay-prev = 后退
replay-next = 前进
replay-last = 结尾
replay-back-to-game = 返回游戏
connecting = 正在连接…
connection-lost = 连接已断开，正在重连…
your-turn-title = 轮到你了！

error-title = 错误 { $status }
error-back = 返回首页

lobby-running = 进行中的游戏
invitation-title = Helvetia 游戏邀请
invitation-text = 这局 { $players } 人游戏为你保留了一个座位：
invitation-gone = 此邀请已失效：座位已被占用，或游戏已开始或已取消。
invitation-accept = 入座
invitation-log-in-first = 注册或登录后即可入座；完成后会回到这里。
waiting-title = 等待玩家
waiting-link = 邀请链接
waiting-copy = 复制
waiting-copied = 已复制
waiting-host-wait = 把每个邀请链接发给对应的朋友。你开始游戏后游戏才会开始。
waiting-host-ready = 所有座位都已坐满：准备好后即可开始游戏。
waiting-cancel = 取消游戏
waiting-for-host = 所有座位坐满后，{ $host } 将开始游戏。此页面会自动更新。

## 回放旁的对局分析
analysis-title = 分析
analysis-explained = 搜索会检查本局的每一个回合：每位玩家的获胜机会如何变化，哪些回合损失最大，以及它本会怎么下。
analysis-ask = 分析本局
analysis-log-in = 登录后即可请求分析本局。
analysis-running = 正在分析各回合……
analysis-failed = 本局无法分析。
analysis-chart-title = 各轮的获胜机会
analysis-chart-caption = 搜索估计的每位玩家在每轮开始时的获胜机会。
analysis-end = 结束
analysis-costly-title = 损失最大的回合
analysis-no-costly = 没有哪个回合让出了搜索能看到的东西。
analysis-turn = 第 { $round } 轮，{ $name }：损失 { $lost } % 获胜机会
analysis-show-position = 显示局面
analysis-played = 实际下法：
analysis-preferred = 搜索更倾向：
analysis-why = 原因（按评估计的胜利分）：
analysis-method = 每回合 { $iterations } 次搜索迭代；获胜机会由从各局面继续进行的对局测得。
analysis-term-score = 得分 { $points }
analysis-term-goods = 可交付的货物 { $points }
analysis-term-branches = 行业 { $points }
analysis-term-characters = 人物上的领先 { $points }
analysis-term-coins = 仍可使用的硬币 { $points }
analysis-term-workers = 工作中的村民 { $points }
analysis-term-family = 夫妻与将来的村民 { $points }
analysis-term-buildings = 可负担的胜利分建筑 { $points }
analysis-term-village = 村庄板块 { $points }
