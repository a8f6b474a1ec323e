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
lobby-stand-in = 计时用完时，由机器人继续
