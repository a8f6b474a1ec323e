# The game's words (English edition) and everything the game table says.

building-holzfaeller = Woodcutter
building-ziegelei = Clay quarry
building-steinmetz = Stone quarry
building-getreidehof = Grain yard
building-brunnenmeister = Well
building-bergwerk = Ore mine
building-kuhstall = Cow shed
building-ziegenstall = Goat farm
building-marktplatz = Marketplace
building-backhaus = Baker
building-brauhaus = Brewery
building-eisenhuette = Ironworks
building-molkerei = Dairy
building-metzgerei = Butcher
building-kaeserei = Cheese store
building-gerberei = Tannery
building-glockengiesser = Bell maker
building-rindermarkt = Cattle market
building-ziegenmarkt = Goat market
building-spezerei = Grocer
building-muehle = Mill
building-wirtshaus = Tavern
building-gemeindehaus = Town hall
building-kirche = Church

good-wood = wood
good-brick = brick
good-stone = stone
good-grain = grain
good-water = water
good-ore = ore
good-cow = cow
good-goat = goat
good-bread = bread
good-beer = beer
good-iron = iron
good-milk = milk
good-cheese = cheese
good-meat = meat
good-cloth = cloth
good-cowbell = cowbell

character-builder = Builder
character-trader = Trader
character-nightwatchman = Night watchman
character-priest = Priest
character-midwife = Midwife
does-builder = builds a building
does-trader = delivers a good
does-nightwatchman = wakes a quarter
does-priest = marries a villager
does-midwife = a couple has a child

quarter-top-left = top left quarter
quarter-top-right = top right quarter
quarter-bottom-left = bottom left quarter
quarter-bottom-right = bottom right quarter

woman = woman
man = man
girl = girl
boy = boy
victory-points-3 = 3 victory points
victory-points-3-short = 3 VP
cost-free = free
player-n = player { $n }
village-of = { $name }'s village
neutral-village = the neutral village
cell-at = free field, row { $row }, column { $column }

act-draft-pick = take { $building }
act-draft-take = take { $building } from { $name }
act-place-neutral = { $building } on { $cell } with a neutral { $villager }
act-place-start = { $building } on { $cell }
act-place-pair1 = woman to { $woman }, man to { $man }
act-place-pair2 = { $worker } works, { $pupil } goes to school
act-place-pair3 = { $spouse } marries at { $cell }, { $other } to the centre
act-begin = coin on the { $character }
act-use-tile = use the { $character } tile
act-end-turn = end turn
act-pass = pass
act-neutral-priest = neutral coin: a neutral { $villager } marries at { $cell }
act-neutral-build = neutral coin: build { $building } in the neutral village
act-build = build { $building }
act-work = { $cell } in { $village } makes { $good }
act-buy = buy { $good } for a coin
act-pay = pay with { $good }
act-place = place in { $village }: { $cell }
act-move-in = a { $villager } moves in from the centre
act-deliver = deliver { $good }
act-wake = wake the { $quarter } of { $village }
act-marry-centre = { $villager } from the centre marries at { $cell } in { $village }
act-marry-school = { $villager } from school marries at { $cell } in { $village }
act-take-dowry = take { $name }'s dowry coin
act-birth = a { $child } is born at { $cell }
act-return-from-school = { $villager } from school moves into { $cell }

table-characters = Characters
table-market = Market
table-display = Buildings on offer
table-stack = Stack { $n }: { $count } tiles
table-score-track = Victory points
table-score-track-last = Victory points at the last round end
table-school = School
table-draft-pool = Start buildings to choose
table-start-buildings = Start buildings to place
table-round = Round { $round }
table-target = Game ends at { $target } VP
table-round-limit = at the latest after round { $limit }
table-centre = Village centre
table-hand = { $count } coins in hand
table-arriving = { $count } coins back next turn
table-supply = Supply: { $women } women, { $men } men
table-school-of = School: { $women } women, { $men } men
table-start-player = Start player
table-neutral-coin = Neutral coin
table-neutral-coin-used = Neutral coin used this round
table-neutral-coin-legend = Dashed grey outline: the neutral coin. Instead of your turn, once per round for both players together: a neutral Priest (a neutral villager marries into your building) or a neutral Builder (a building on offer, free, into the neutral village).
table-village-tile = Village completion tile: { $points } VP
table-good-tile = Good tile { $good }: { $points } VP
table-branch-tile = Branch tile: { $points } VP
table-held-by = held by { $name }
table-character-tile = { $character } tile
table-tile-face-up = ready
table-tile-used = used this round
table-villager = { $name }'s { $villager }
table-awake = awake
table-asleep = asleep
table-newborn = { $name }'s newborn { $child }
table-coin = coin of { $name }
table-coins-on = { $name }: { $count } coins on the { $character }
table-cube = { $name } delivered { $good }
table-score-marker = { $name }: { $points } VP on the track
table-score-now = { $points } VP now
table-cost = cost: { $cost }
table-owed = Materials still owed
table-makes = makes: { $makes }
table-exchanges = exchanges: { $makes }
table-free-field = free field
table-bot = bot
table-offline = offline
table-you = you
table-villages = Villages
score-breakdown = { $name }: { $total } VP now — start player { $start }, deliveries { $deliveries }, good tiles { $goods }, character tiles { $characters }, buildings { $buildings }, branch tiles { $branches }, village tiles { $villages }

prompt-your-turn = Your turn
prompt-waiting = Waiting for { $name }
# The headline while a bot decides (or stands in for someone): its turn takes a moment.
prompt-bot-thinking = { $name } is thinking…
prompt-game-over = The game is over
step-draft = Choose a start building.
step-draft-take = Every type left is one you hold: take a start building from another player.
step-place-neutral = Place a start building of the neutral village, with a neutral villager.
step-place-start = Place your start buildings on fields around your village centre.
step-pair1 = First pair: choose the woman's building, then the man's.
step-pair2 = Second pair: one works in your last building, the other goes to school.
step-pair3 = Third pair: one marries into your left neighbour's village, the other waits in your centre.
step-choose = Choose a character for your coin, use a character tile, or end your turn.
step-choose-pass = You have no coins left.
step-choose-forced-pass = None of your coins can be used now: you pass and are out until the round ends.
step-select-building = Choose a building from the offer.
step-pay = Pay for { $building }: { $cost } still owed. Pick villagers to produce, or buy materials.
step-place = Choose a free field for { $building }.
step-move-in = Who moves from the centre into the new building?
step-deliver = Produce a good with your villagers and deliver it to the market.
step-wake = Choose a quarter of a village to wake.
step-marry = Choose a single villager for your unattached villager to marry.
step-dowry = Choose one dowry coin to take.
step-birth = Choose a couple in your village to have a child.
step-school-return = Move your school villagers into free buildings.
step-carried = Produced: { $good }
suggested = Suggested: { $label }
undo = Undo
choose-one = Choose:
several-choices = { $what } (several choices)
cancel = Cancel
sound-on = Sound on
sound-off = Sound off
other-choices = Other choices

end-title = Final scores
end-rank = Rank
end-player = Player
end-points = VP
end-awake = Awake villagers
end-winner = Winner: { $names }
end-shared = Shared victory: { $names }
end-tiebreak = Tied on victory points: the tie-break (most awake villagers in the villages) decided.
end-round-limit = The game stopped at its round limit ({ $limit }) before anyone reached the target.
end-replay = Watch the replay

log-title = Game log
log-empty = Nothing has happened yet.
replay-step = Step { $step } of { $total }

story-setup = Setup
story-round-end = End of round { $round }
story-game-end = End of the game
story-show = Log
story-only-choice = { $decision } (the only choice)
story-turn-ends-by-itself = Nothing is left to do: { $name }'s turn ends.
recent-turn = { $name }'s last turn
recent-hide = Hide
story-place = place { $building } in { $village }
story-place-neutral = place { $building } in { $village } with a neutral { $villager }
story-good-tile = { $name } is the first to deliver { $good } and takes its good tile ({ $points } VP).
story-branch-tile = { $name } is the first to deliver the whole branch ({ $goods }) and takes its branch tile ({ $points } VP).
story-village-tile = { $name }'s village is complete (surrounded, every workplace occupied): village completion tile for { $points } VP.
story-start-player-last = { $name } is the last with coins and takes the start player token (1 VP).
story-start-player-keeps = { $name } is the last with coins and keeps the start player token (1 VP).
story-start-player-passes = Only the neutral coin was left: the start player token passes to { $name } (1 VP).
story-character-tile = { $name } placed the most coins on the { $character } ({ $coins }) and takes its tile (1 VP).
story-character-tile-from = { $name } placed the most coins on the { $character } ({ $coins }) and takes its tile from { $from } (1 VP).
story-tiles-face-up = Used character tiles are turned face up again.
story-coins-back = Everyone takes their coins back from the characters.
story-school-to-centre = { $name }: back from school with no free building to move into, to the village centre: { $villagers }.
story-children-to-school = { $name }'s children of this round go to school: { $children }.
story-women =
    { $count ->
        [one] one woman
       *[other] { $count } women
    }
story-men =
    { $count ->
        [one] one man
       *[other] { $count } men
    }
story-girls =
    { $count ->
        [one] one girl
       *[other] { $count } girls
    }
story-boys =
    { $count ->
        [one] one boy
       *[other] { $count } boys
    }
story-score = { $name }: { $before } → { $points } VP ({ $why }).
story-score-same = { $name } stays at { $points } VP ({ $why }).
story-score-nothing = { $name } has no victory points yet.
story-vp-start = start player
story-vp-deliveries = deliveries
story-vp-good-tiles = good tiles
story-vp-character-tiles = character tiles
story-vp-buildings = victory point buildings
story-vp-branch-tiles = branch tiles
story-vp-village-tiles = village tiles
story-new-buildings = New buildings on offer: { $buildings }.
story-no-new-buildings = No buildings are left to put on offer.
story-target-reached = Someone has { $target } VP or more: the game ends.
story-round-limit = The game ends at its round limit ({ $limit }).
story-winner = { $names } wins with { $points } VP.
story-shared = { $names } share the victory with { $points } VP.
story-tie-break = Tied on { $points } VP: the awake villagers decide ({ $awake }).

# Before a decision that leaves coins unused for the rest of the round.
forfeit-coins = { $coins ->
    [one] 1 coin
   *[other] { $coins } coins
}
forfeit-end-turn = You still hold { forfeit-coins }. Ending now: the others are on their last coin, so the round ends before your next turn and they buy nothing more this round. End anyway?
forfeit-tile = You still hold { forfeit-coins }. A tile of another character after your action ends your turn at once, and the round ends before your next one: they buy nothing more this round. Use it anyway?
forfeit-neutral = You still hold { forfeit-coins }. The other player has at most one coin left to place, so while the neutral coin lies unused you get another turn this round. Use it now and the round ends before your next turn: your coins buy nothing more this round. Use it anyway?
forfeit-step = You still hold { forfeit-coins }. This choice ends your turn (another would let you act again), and the round ends before your next one: they buy nothing more this round. Go on anyway?
forfeit-yes = Yes, go on
# Why a click on the table did nothing.
refusal-game-over = Not now: the game is over.
refusal-not-your-turn = Not now: it is { $name }'s turn.
refusal-other-step = Not that: { $step }
# Why the suggested decision is good.
suggest-work-free = Make { $good } with your { $building }: free, no coin needed.
suggest-work-deliver = Make { $good } with your { $building }, on the way to a delivery.
suggest-pay = Pay with the { $good } just made: free.
suggest-buy = Buy { $good } for a coin: none of your awake villagers can make it now.
suggest-deliver = Deliver { $good }: a cube on the market, one more victory point.
suggest-plan = The best turn the greedy bot finds starts here.

# The hint in a game against bots only: the search's preferred decisions for the turn.
hint-button = Hint
hint-title = Ask the search what it would play from here (this game allows hints)
hint-working = Thinking…
hint-line = The search would play: { $line }
hint-chances = Your chance to win: { $before } % now, { $after } % after these decisions.
hint-why = Why (victory points by the evaluation): { $terms }
hint-why-none = The evaluation sees no notable change in your prospects.

# Resigning
story-resigned = { $name } resigned; the game ends.
story-resigned-bot = { $name } resigned; a bot plays the seat from now on.
end-resigned = Resigned (ranked last): { $names }
