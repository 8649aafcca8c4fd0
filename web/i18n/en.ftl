# Tessera's words in English: every string a player sees, one message each (Fluent:
# https://projectfluent.org/fluent/guide/). The browser renders them (web/i18n.js), and
# the server for the terminal, the TCP protocol and the API's `error` text (crates/words).
# Every message here is in every other catalogue too, with the same variables: a test fails
# otherwise (crates/words, crates/server/tests/words.rs).

## Shared

# Text that is not ours, shown as it is (a program's own words, a record written before
# the catalogues).
verbatim = { $text }
# The last two items of a list read with "and".
list-and = { $a } and { $b }
moves-count = { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
# Two lines of a move read as one.
lines = { $first }; { $rest }
# A player and a score, in a list of them.
name-score = { $who } { $score }

## Moves in the log and the replay (the server's words: crates/games)

move-default = { $who }: { $what }
move-default-points = { $who }: { $what } ({ $points })
move-as = as { $notation }
log-passed = { $who } passed
log-game-over = Game over: { $scores }; { $winners } { $count ->
    [one] wins
   *[other] win
}
log-ejected = { $who } is ejected ({ $call }): { $reason }
replay-start = start
place-at = at { $cells }
place-by-passing = by passing

## Q

q-about = Tiles of six colours and six shapes, after Qwirkle: build lines of one colour or one shape; 2 to 4 players.
q-rules-1 = The boxed game's rules (the default): the tiles come in six colours and six shapes; each player holds a hand of six. On your turn, either place tiles, or exchange your whole hand with the pile, or pass.
q-rules-2 = Placing: put one or more tiles of your hand in one row or one column so that they form one line with no gap (tiles already on the map may lie between them), at least one beside a tile already on the map. Then draw as many tiles from the pile.
q-rules-3 = Lines: every row or column of touching tiles is one colour with no shape twice, or one shape with no colour twice, so a line holds six tiles at most. Each tile you place keeps both of its lines so.
q-rules-4 = Scoring: for each line of two or more tiles that a placed tile belongs to, one point per tile of the line (a tile in two lines counts in both); a line of six, a Q, scores 6 more.
q-rules-5 = The end: when the pile is empty and a player places the last tile of the hand, who scores 6 more (before that, a player who places the whole hand draws new tiles and plays on). The game also ends when a whole round goes by in which every player passed, or when no tile left fits anywhere. The highest score wins.
q-rules-course-1 = The Racket course's rules (an option, and the rules of programs over TCP): a turn's tiles go in one row or one column, each on a free cell beside a tile already on the map or placed this turn; they need not touch each other.
q-rules-course-2 = Where a tile fits under the course's rules: only the tiles right beside it count. Next to one tile in its row (or its column), it shares that tile's colour or its shape; between two tiles of its row (or column), the colour of both or the shape of both. Tiles farther along a line do not count: a line may change colour or shape along its length and may hold the same tile twice.
q-rules-course-3 = Scoring and the end under the course's rules: one point per tile placed, plus one point for every tile of each line of two or more that a placed tile belongs to; a completed Q (a line of six: every colour, or every shape) scores 6 more. The game ends at once when a player places the last tile of the hand (6 more points), or when a whole round goes by without a placement.
q-option-copies = Copies of each tile
q-option-copies-help = how many of each of the 36 tiles: 3 as in the boxed game (a game of 15 to 20 minutes for people), 30 as in the Racket course's game (hundreds of moves)
q-option-copies-1 = 1 of each (a quick game)
q-option-copies-2 = 2 of each
q-option-copies-3 = 3 of each (the boxed game)
q-option-copies-30 = 30 of each (the Racket course's game: long)
q-option-hand-size = Hand size
q-option-hand-size-help = tiles in a hand
q-option-rules = Rules
q-option-rules-help = the boxed game's (lines of one colour or one shape, no tile twice; the default) or the Racket course's (only the tiles right beside a tile count; the rules of programs over TCP)
q-option-rules-boxed = the boxed game's (Qwirkle)
q-option-rules-course = the Racket course's
q-bot-ldasg = the course's "less dumb and still greedy": the tile with the most neighbours
q-bot-dag = the course's "dumb and greedy": the smallest candidate in row-column order
q-bot-lines = searches multi-tile lines for the best score now
q-bot-learned = the line search's best turns, each judged by a learned value network on guesses of the hidden tiles; trained on the course's rules (a little stronger than lines there, much weaker under the boxed rules)
q-bot-lookahead = the line search, judging each turn by what it leaves the next player, on guesses of the hidden tiles: under the boxed rules the next player's best reply, under the course's the chance that it places its whole hand
q-bot-greedy = the best-scoring single placement
q-bot-ismcts = a tree search on guesses of the hidden tiles
# A tile: its colour and its shape.
q-tile = { $color ->
    [red] red
    [green] green
    [blue] blue
    [yellow] yellow
    [orange] orange
   *[purple] purple
} { $shape ->
    [star] star
    [eightstar] eight-pointed star
    [square] square
    [circle] circle
    [clover] clover
   *[diamond] diamond
}
q-cell = row { $row }, column { $column }
q-log-placed = { $who } placed { $tiles }
q-log-placed-points = { $who } placed { $tiles } for { $points }{ $qs ->
        [0] {""}
        [1] {" "}— Q bonus!
       *[other] {" "}— { $qs } Qs: Q bonus!
    }{ $finished ->
        [yes] {" "}— every tile of the hand placed: finish bonus!
       *[no] {""}
    }
q-log-exchanged = { $who } exchanged the hand
q-place-by-exchanging = by exchanging the hand
q-end-hand-placed = { $who } placed every tile of the hand
q-end-round-without-placement = a whole round went by without a placement (every player passed or exchanged)
q-end-blocked = no tile left fits anywhere on the map
q-end-round-of-passes = a whole round went by in which every player passed
q-column-line-points = Line points
q-column-q-bonuses = Q bonuses
q-column-finish-bonus = Finish bonus
q-illegal-empty = put down at least one tile
q-illegal-not-owned = the { $tile } is not in your hand
q-illegal-not-in-line = the tiles of a turn go in one row or one column
q-illegal-not-adjacent = { $cell } is not a free cell next to a tile on the map
q-illegal-no-fit = the { $tile } does not fit at { $cell }: a tile must share the colour or the shape of the tile beside it, and between two tiles in a row or a column the colour of both or the shape of both
q-illegal-pile-too-small = you cannot exchange: the pile holds fewer tiles than your hand
q-illegal-gap = the tiles of a turn form one line: { $cell } between them is free
q-illegal-line-long = the line through { $cell } would hold more than six tiles
q-illegal-line-mixed = the line through { $cell } would be neither one colour nor one shape
q-illegal-line-twice = the line through { $cell } would hold the { $tile } twice

## Triominos

triominos-about = Triangular tiles whose corners must match; bonuses for bridges and hexagons; 2 to 6 players.
triominos-rules-1 = Each player has a tray of triangular tiles with a number in each corner (0 to 5, or 0 to 6 with 84 tiles). On your turn, put one tile on the board: it must touch a tile along a side, and each of its corners must show the number already at that point. You score the three numbers of the tile.
triominos-rules-2 = Bonuses: completing a hexagon (six tiles around one point) scores 50 more (two at once 100, three 150; 50/60/70 with the other hexagon bonus), a bridge (a corner that meets a tile across a point, with the side below it open) 40. The round's first tile scores 10 more when it is a triple (the triple zero scores 40).
triominos-rules-3 = When you cannot or will not place, draw a tile (-5 each, at most 3 per turn); after three draws, or with the pile empty, your turn ends without a placement (-10).
triominos-rules-4 = A round ends when a player places the last tile of their tray (25 more, plus the numbers left on the others' trays), or when nobody can place (the player with the smallest numbers in hand gets the difference to each other tray). Then a new round is dealt. The game ends as chosen: as soon as a score reaches the target, at the end of the round that reaches it, or after one round. The highest score wins.
triominos-option-tiles = Tile set
triominos-option-tiles-help = 56 tiles (numbers 0-5) or 84 tiles (numbers 0-6)
triominos-option-tiles-56 = 56 tiles (0-5)
triominos-option-tiles-84 = 84 tiles (0-6)
triominos-option-start = Who opens
triominos-option-start-help = who opens a round: the holder of the highest tile, a random player, or the last round's winner
triominos-option-start-highest = highest tile
triominos-option-start-random = random player
triominos-option-start-winner = last round's winner
triominos-option-end = Game ends
triominos-option-end-help = as soon as a score reaches the target, at the end of that round, or after one round
triominos-option-end-target = at the target score
triominos-option-end-finish-round = end of the round reaching the target
triominos-option-end-round = after one round
triominos-option-target = Target
triominos-option-target-help = the score that ends the game
triominos-option-hexagon = Hexagon bonus
triominos-option-hexagon-help = points for completing 1, 2 or 3 hexagons at once: readme 50/100/150, code 50/60/70
triominos-option-hexagon-readme = 50/100/150
triominos-option-hexagon-code = 50/60/70
triominos-bot-greedy = places the highest-scoring tile; never draws while it can place
triominos-bot-ismcts = a tree search on guesses of what it cannot see
triominos-bot-drawer = greedy, but draws while its best placement is worth little
triominos-bot-blocker = greedy, minus the bonus spots it opens for the next player
triominos-bot-flexible = greedy, plus keeping many distinct numbers on its tray
triominos-log-round = Round { $round }: { $who } opens
triominos-bonuses = { $hexagons ->
        [0] {""}
        [1] {" "}— hexagon bonus!
       *[other] {" "}— { $hexagons } hexagons: hexagon bonus!
    }{ $bridge ->
        [yes] {" "}— bridge bonus!
       *[no] {""}
    }
triominos-log-placed = { $who } placed { $tile } for { $points }{ triominos-bonuses }
triominos-log-opened = { $who } opened with { $tile } for { $points } (opening bonus { $bonus }){ triominos-bonuses }
triominos-log-drew = { $who } drew a tile ({ $points })
triominos-log-no-placement = { $who } could not place: penalty { $points }
triominos-log-round-over = Round { $round } over: { $who } placed every tile (bonus); { $credits }
triominos-log-round-blocked = Round { $round } blocked: nobody can place; { $credits }
triominos-no-credits = no credits
triominos-end-target = { $count ->
    [0] nobody
   *[other] { $who }
} reached the target of { $target } points
triominos-end-finish-round = { $count ->
    [0] nobody
   *[other] { $who }
} reached { $target } points and the round is over: { $round }
triominos-end-one-round = a one-round game: { $round }
triominos-end-round-over = the round is over
triominos-end-round-emptied = { $who } placed every tile of round { $round }
triominos-end-round-blocked = round { $round } was blocked: nobody could place
triominos-place-at = at column { $column }, row { $row }, corners { $corners }
triominos-place-by-drawing = by drawing
triominos-column-tile-points = Tile points
triominos-column-bonuses = Hexagon and bridge bonuses
triominos-column-opening = Opening bonus
triominos-column-draws = Draws
triominos-column-penalties = No-placement penalties
triominos-column-credits = Round credits
triominos-players = Triominos is for 2 to 6 players, not { $n }
triominos-not-in-tray = tile { $tile } is not on your tray
triominos-must-open-with = the round opens with { $tile } (or 0-0-0 if you hold it)
triominos-cannot-draw = you cannot draw: { $why }
triominos-draw-must-open = the round must open with the highest tile
triominos-draw-three = you have drawn 3 tiles this turn
triominos-draw-pile-empty = the pile is empty
triominos-cannot-pass = you can end your turn without placing only after 3 draws or when the pile is empty
triominos-facing = turned this way ({ $orientation }) the tile points the other way than the spot at ({ $x },{ $y })
triominos-not-at-start = the first tile of a round goes in the middle of the board: at (0,0) pointing up or (1,0) pointing down
triominos-occupied = there is a tile at ({ $x },{ $y }) already
triominos-tile-on-board = tile { $tile } is already on the board
triominos-no-neighbour = a tile must touch the tiles on the board along a side: nothing is next to ({ $x },{ $y })
triominos-corner-mismatch = a corner of the tile shows { $found } where the tiles next to it show { $expected }: corners must match
triominos-off-board = ({ $x },{ $y }) is off the board (at most { $limit } from the middle)

## Akropolis

akropolis-about = Build a city of hexagonal tiles, high and well planned; 2 to 4 players, or solo against the Architect.
akropolis-rules-1 = Each turn, take a tile of three hexes from the Construction Site: the first tile is free, each tile further along costs one stone per tile before it. Build it in your city, turned as you like: either on empty ground touching the city, or on top of the city, all three hexes at one height and over at least two different tiles (never over a single one). A quarry you cover gives you a stone.
akropolis-rules-2 = Scoring at the end: each district type scores the value of its qualifying districts times the stars of its plazas (a plaza's stars are printed on it; no plaza, no points). A district's value is its height. Houses: only the largest group of connected houses. Markets: only those with no market next to them. Barracks: only those on the edge of the city. Temples: only those surrounded on all six sides. Gardens: all. Each stone is one more point.
akropolis-rules-3 = Variants (chosen per district): houses score double when the group is worth 10 or more; markets double next to a market plaza; barracks double with three or four empty sides; temples double from the second level up; gardens double next to a lake (an empty hex enclosed by the city).
akropolis-rules-4 = The game ends when the site holds its last tile and the stacks are empty. The highest score wins; a tie goes to the most stones.
akropolis-option-variants = Scoring variants
akropolis-option-variants-help = the letters hmbtg, upper case = that district's variant on (e.g. HmBtg)
akropolis-houses = houses
akropolis-markets = markets
akropolis-barracks = barracks
akropolis-temples = temples
akropolis-gardens = gardens
akropolis-option-solo = Solo against the Architect
akropolis-option-solo-help = a solo game: one player against the Architect of this level
akropolis-option-solo-no = no
akropolis-architect = { $name } (level { $level })
akropolis-bot-ismcts = a tree search over the 8 best moves
akropolis-bot-districts = greedy on a measure of districts, plazas and stones
akropolis-bot-greedy = the move that gains the most points now
akropolis-bot-architect = the solo Architect's rule (only in a solo game)
akropolis-log-built = { $who } built tile { $tile }{ $paid ->
        [0] {""}
        [one] {" "}(paid { $paid } stone)
       *[other] {" "}(paid { $paid } stones)
    } on level { $level } for { $points }
akropolis-log-built-bare = { $who } built tile { $tile } on level { $level }
akropolis-place-at = at { $position }{ $turns ->
        [0] {""}
        [1] , turned once
        [2] , turned twice
       *[other] , turned { $turns } times
    }
akropolis-end = the Construction Site is down to its last tile and the stacks are empty
akropolis-end-tie = the Construction Site is down to its last tile and the stacks are empty; the tie on points goes to the most stones ({ $winners })
akropolis-column-houses = Houses
akropolis-column-markets = Markets
akropolis-column-barracks = Barracks
akropolis-column-temples = Temples
akropolis-column-gardens = Gardens
akropolis-column-stones = Stones
akropolis-column-quarries = Quarries (Metagenes)
akropolis-solo-seats = a solo game is one player against the Architect bot in seat 2
akropolis-architect-solo-only = the Architect plays only in a solo game
akropolis-not-in-site = tile { $tile } is not in the Construction Site
akropolis-too-expensive = tile { $tile } costs { $cost } stones and you have { $stones }
akropolis-cannot-place = tile { $tile } cannot go there: its three hexes must all be on empty ground next to the city, or all at one height on top of at least two tiles
akropolis-no-player = no player { $seat }
akropolis-architect-must = the Architect must play { $notation }

## Every game: columns of the end screen, bots, levels

column-tiles-placed = Tiles placed
column-total = Total
bot-random = a legal move at random
bot-level-about = level { $n } of { $of }{ $rank ->
    [weakest] {" "}(weakest)
    [strongest] {" "}(strongest)
   *[other] {""}
}: { $plays }

## The analysis (crates/games/src/analysis.rs, crates/ai/src/analysis.rs)

analysis-move-place = { $words }, { $place }
analysis-not-a-move = (not a move here: { $why })
budget-iterations = { $n } iterations
budget-ms = { $ms } ms
budget-capped = { $n } iterations in at most { $ms } ms
search-settings = exploration { $exploration }, { $rollouts ->
    [0] no rollouts
    [one] rollouts of { $rollouts } move
   *[other] rollouts of { $rollouts } moves
}
search-settings-width = exploration { $exploration }, { $rollouts ->
    [0] no rollouts
    [one] rollouts of { $rollouts } move
   *[other] rollouts of { $rollouts } moves
}, the { $width } most promising moves of each state
analysis-why = { $points ->
        [more] { $better } points now instead of { $played }, and a win chance { $gain }% higher ({ $win }% instead of { $chance }%)
        [fewer] { $better } points now instead of { $played }, but a win chance { $gain }% higher ({ $win }% instead of { $chance }%): it leaves better chances for the moves to come
       *[same] the same points now ({ $played }), but a win chance { $gain }% higher ({ $win }% instead of { $chance }%): it leaves better chances for the moves to come
    }
analysis-verdict = { $play }; { $decided }.
analysis-play-none = { $who } played as well as the search can tell
analysis-play-close = { $who } played close to the best (−{ $lost }% on decisions)
analysis-play-within = { $who } played as well as the search can tell within its error (−{ $lost }% ±{ $margin }% on decisions)
analysis-play-cost = { $who } lost { $lost }% of win chance on decisions
analysis-decided-luck = luck decided this game: { $luck }% on the tiles drawn and the others' moves
analysis-decided-play = the decisions decided this game, more than luck: { $luck }% on the tiles drawn and the others' moves
analysis-luck-so-far = the game is not over: { $luck }% so far on the tiles drawn and the others' moves
analysis-decided-unclear = the search cannot tell whether luck ({ $luck }% on the tiles drawn and the others' moves) or the decisions decided this game: its error on the decisions is ±{ $margin }% (more iterations narrow it)
analysis-too-few = At { $budget } per move the search could judge only { $judged } of the { $choices } moves where { $who } had a choice: too few iterations to judge the moves or to tell luck from play. Analyse with more iterations ({ $default } by default).

## Refusals (the `message` of the API's and the WebSocket's errors)

game-over-refusal = the game is over
game-not-over = the game is not over
not-your-turn = it is not your turn
not-started = the game has not started
unknown-token = unknown token
no-game = no game { $id }
store-failed = the store failed: { $why }
server-closing = the server is shutting down
bad-rules = bad rules: { $why }
bad-bot = bad bot "{ $spec }": { $reason }
bad-message = bad message: { $why }
unreadable-move = unreadable move: { $why }
move-seats-open = the game has not started: seats are open
move-paused = the game is paused: the server is stopping
move-no-moves-here = this seat takes no moves
move-still-checked = your last move is still being checked
move-turn-over = that move was for a turn that is over: look at the board again
spectators-cannot-move = spectators cannot move
pace-players-only = only the people playing set the pace
pace-too-many = too many changes of pace at once: wait a moment
node-unreachable = the node that runs this game cannot be reached: reload to try again
out-of-time-first-move = the house plays the first move the rules allow for them
out-of-time-q = the house passes for them
out-of-time-triominos = the house passes for them if they may, else draws a tile for them
preview-too-many = too many previews at once: wait a moment
preview-none = no points to show for this move
preview-no-view = this seat has no view yet
preview-unreadable-view = the seat's view cannot be read: { $why }
game-on-other-node = game { $id } is run by the node { $node }: play it there (or again here once it is taken over)
game-seats = { $game } is for { $lo } to { $hi } players, not { $seats }
options-not-object = the options are not a JSON object
option-unknown = unknown option { $key } for { $game } (known: { $known })
option-not-allowed = { $key } = { $value } is not allowed ({ $allowed })
option-one-of = one of { $values }
option-integer = an integer from { $min } to { $max }
option-letters = the letters { $letters }, upper case = on
seats-given = { $given } seats given for a { $seats }-seat game
no-seats = no seats: a game needs players
seat-refused = seat { $seat }: { $why }
seat-unknown-kind = seat { $seat }: unknown kind { $kind } (human, bot, program)
seat-name-account = seat { $seat }: this name looks like the account { $account }'s; sign in to play as { $account }
seats-same-name = two seats are named "{ $name }": give each player a name of their own
seats-look-alike = two seats are named "{ $first }" and "{ $second }", which look alike: give each player a name of their own
clock-not-allowed = a clock of { $clock } s per move is not allowed (from { $min } to { $max } s, or none)
clock-two = a table has one clock: a time per move (clock_s) or a clock of the game (time_control), not both
time-control-form = “{ $text }” is not a time control: minutes each plus seconds a move, as 5+3 or 0.5+0
time-control-range = the time control { $text } is not offered: 0.25 to 180 minutes each, 0 to 60 seconds a move
lost-on-time = { $who } ran out of time
chat-one-thing = a line of chat is a text or a quick phrase, one of them
chat-no-phrase = no such quick phrase
chat-guests-phrases = guests say quick phrases only: log in to write
chat-empty = nothing to say
chat-control = a line of chat has no control characters
chat-invisible = a line of chat has no invisible or direction-changing characters
chat-too-long = a line of chat has at most { $max } characters
chat-too-fast = at most { $n } lines a minute: wait a moment
chat-full = this game's chat is full ({ $max } lines)
chat-not-kept = the line could not be kept: try again
chat-report-sign-in = log in to report a line
chat-hello = Hello!
chat-good-luck = Good luck!
chat-good-game = Good game
chat-well-played = Well played
chat-thanks = Thanks!
chat-oops = Oops
chat-bye = Bye!
chat-title = Chat
chat-spectators-title = Spectators' chat
chat-show-spectators = Show the spectators' chat
chat-placeholder = Say something…
chat-send = Send
chat-guest = a guest
chat-guest-note = Guests use the quick phrases; log in to write.
chat-mute = Mute { $name }
chat-unmute = Unmute { $name }
chat-mute-short = mute
chat-muted = { $name } is muted
chat-report = report
chat-reported = Reported: the operator will look at it
chat-none = Nothing said yet
chat-replay = Chat
join-name = your name, please: the others see it at the table
join-gone = this invitation link leads nowhere any more: its seat was taken or declined, or the table stopped waiting
join-declined = the invitation was declined
join-expired = nobody opened the invitation link within { $time }
join-title = { $by } invites you to play { $game }
join-title-nobody = You are invited to play { $game }
join-details = players: { $seats }
join-your-name = Your name
join-take = Take the seat
join-decline = Decline
join-declined-done = You declined: the table is closed.
join-failed = Cannot take the seat: { $why }
join-share = Send this link to the friend you invite (whoever opens it first takes the seat):
join-waiting = waiting for your friend to open the link
waiting-friend = Waiting for whoever has the invitation link
seat-invited = (a friend, by the link)
clock-game = Clock of the game (minutes + seconds a move)
time-control = { $tc } (min + s)
name-empty = a name cannot be empty
name-too-long = a name has at most { $max } characters
name-control = a name cannot hold control characters or line breaks
name-invisible = a name cannot hold invisible or right-to-left control characters
name-mixed-scripts = a name cannot mix look-alike letters of different alphabets (such as a Latin a and a Cyrillic а)
hint-rated = no hints in a rated game
hint-no-levels = { $game } has no house levels to give hints
hint-bots-only = hints are for games against bots only
hint-no-view = no view yet: try again
analysis-not-ended = game { $id } is { $status }: a game is analysed once it has ended
analysis-iters = iters = { $iters }: from 1 to { $max } iterations per move
seed-refused-program = a seed of your choice is only for practice, and seat { $seat } is left for a program: the seed would deal its tiles. Leave the seed empty: the server draws one and commits to it
seed-refused-link = a seed of your choice is only for practice, and seat { $seat } is for whoever has the link: the seed would deal their tiles. Leave the seed empty: the server draws one and commits to it
link-one-seat = a table has one seat for whoever has its link
seed-refused-account = a seed of your choice is only for practice, and seat { $seat } is { $name }'s: the seed would deal their tiles. Leave the seed empty: the server draws one and commits to it
seed-refused-rated = a rated game is dealt from the server's seed, never a chosen one
analysis-no-seat = there is no seat { $seat } in game { $id } (seats are 0 to { $last })
analysis-too-long = game { $id } has { $moves } moves: at most { $max } are analysed
busy-games = too many games in progress
busy-games-address = too many games in progress from your address: finish or resign one first
busy-hints = the server is giving other hints: try again
busy-work-address = an analysis or a hint you asked for is still being computed: try again when it is done
busy-seat-sockets = too many WebSockets on this seat: close a tab
busy-spectators = too many spectators
busy-spectators-address = too many spectators from your address
busy-spectators-game = too many spectators on this game
busy-passwords = the server is checking other passwords: try again in a moment
aborted-idle = { $who } took no turn within { $time }
aborted-open-seats = no program took the open seats within { $time }
aborted-turns-idle = every person let { $n } deadlines in a row pass with no move of anyone in between: the game is ended, nobody wins
aborted-by-operator = aborted by the operator
aborted-by-operator-why = aborted by the operator: { $why }
resigned-why = { $who } resigned
resigned-banned = { $who } was banned by the operator
wrong-login = wrong name or password
log-in-first = log in first
too-many-attempts = too many attempts: try again in { $seconds } s
name-taken = the name "{ $name }" is taken
signups-too-many = { $most } accounts were made from your address in the last 24 hours, the most a day: try again tomorrow
bad-account-name = bad name: { $why }
account-name-letters = { $min } to { $max } letters or digits
account-name-letter-first = a name starts with a letter
account-name-reserved = this name is reserved
account-name-looks-like = it looks like the account { $account }'s; choose another
bad-password = a password has { $min } to { $max } characters
hash-failed = password hashing failed: { $why }
account-banned = this account is banned
tokens-bots-only = only bot accounts have API tokens
tokens-too-many = an account has at most { $max } live tokens: revoke one first
no-token = no token { $id } of yours
no-account = no account "{ $name }"
bot-account-tcp = a bot account plays over TCP with its token (docs/protocol.md)
challenge-two-players = a challenge is a two-player game
challenge-yourself = you cannot challenge yourself
challenge-not-waiting = { $name } is not waiting for a game of { $game }
challenge-rated-rules = a rated game is played under the game's usual rules, without a clock: leave the options and the clock out, or ask for an unrated game
challenge-full = too many challenges wait on this server: try again in a minute
challenge-too-many = you have { $max } challenges waiting for answers, the most at once: withdraw one, or wait for an answer
challenge-too-many-received = { $name } has too many challenges waiting for answers: try again later
challenge-none = no such challenge waits for you: it was answered, withdrawn, or it expired
challenge-gone = { $name } is no longer waiting for the answer: the challenge is withdrawn
challenge-declined = { $name } declined your challenge{ $reason ->
    [none] {""}
   *[other] : { $reason }
}
challenge-withdrawn = you withdrew the challenge
challenge-expired = { $name } did not answer your challenge in time
queue-too-many = an account may wait for at most { $max } games at once
queue-full = the queue is full: try again later
queue-duplicate = this account already waits for that game

## The page's frame (web/index.html, web/app.js)
nav-main = Main
nav-account = Account
nav-lobby = Lobby
nav-new = New game
nav-arena = Arena
nav-leaderboards = Leaderboards
lang-label = Language
lang-en = English
lang-de = Deutsch
loading = Loading…

## Accounts (web/login.js)
title-page = Tessera — { $page }
login = Log in
register = Register
logout = Log out
your-account = your account
your-bot-account = your bot account
name-bot = { $name } (bot)
account-kind-person = Person
account-kind-bot = Bot
account-name = Name
account-name-hint = 2 to 20 letters or digits, starting with a letter.
account-password = Password
account-password-hint = 8 to 128 characters.
account-kind = Kind
account-kind-hint = A person plays in the browser; a bot is a program that plays over TCP with API tokens.
have-account = Have an account?
no-account-yet = No account yet?
account-name-required = Name: required.
account-name-bad = Name: 2 to 20 letters or digits, starting with a letter.
account-password-required = Password: required.
account-password-bad = Password: 8 to 128 characters.
refusal-wait = { $why } (try again in { $seconds } s)
register-about = An account plays rated games and has a place on the leaderboards. Guests still play unrated games without one.

## Requests (web/api.js)
refusal-status = the server answered { $status }

## The lobby (web/lobby.js)
col-id = Id
col-created = Created
col-game = Game
col-players = Players
col-status = Status
col-moves = Moves
col-scores = Scores
older-games = Older games
older-games-label = Show older games
filters = Filters
filter-show = Show
filter-game = Show the games of
filter-every-game = every game
filter-status = Show the games that are
filter-all = playing and finished
filter-live = playing now
filter-ended = finished
filter-mine = only my games
playing-now = Playing now
finished-games = Finished games
no-live-games = { $filtered ->
        [yes] No game of this choice is being played right now.
       *[no] No game is being played right now.
    }
no-ended-games = { $filtered ->
        [yes] No game of this choice has ended.
       *[no] No game has ended yet.
    }
seat-open = (open)
name-tcp = { $name } (TCP)
status-waiting-open = waiting ({ $open } open)
status-waiting = waiting
status-running = running
status-paused = paused
status-finished = finished
status-stopped = stopped
status-aborted = aborted
status-resigned = resigned
status-winners = { $status } — { $count ->
    [one] winner
   *[other] winners
}: { $winners }
unit-moves = { $n ->
    [one] move
   *[other] moves
}
unit-games = { $n ->
    [one] game
   *[other] games
}
resume = Resume
watch = Watch
replay = Replay
resume-game = Resume { $game } game { $id }
watch-game = Watch { $game } game { $id }
replay-game = Replay { $game } game { $id }
welcome = Welcome to Tessera. No game has been played here yet: start one with New game, against bots or friends on this screen.
cannot-read-games = Cannot read the games: { $why }
cannot-read-older = Cannot read older games: { $why }
seed-chosen = practice: the seed was chosen

## A game's page (web/table.js)
board-label = Board: drag or use arrow keys to pan, wheel or +/- to zoom
zoom-fit = Fit board to view
board-zoom-to-read = Too small for the numbers: zoom in (+) to read them.
zoom-in = Zoom in
zoom-out = Zoom out
game-log = Game log
log = Log
col-player = Player
col-score = Score
player-in-scores = { $name }{ $kind ->
        [program] {" "}(program)
        [bot] {" "}(bot)
       *[person] {""}
    }{ $you ->
        [yes] {" "}(you)
       *[no] {""}
    }

## The end of a game (web/ending.js)
seat-n = seat { $n }
why-resigned = a player resigned
why-stopped = the game was stopped before its end
why-end = the game reached its end
end-label = End of the game
game-over = Game over
sentence = { $text }.
end-line = Game over — { $won }
end-line-resigned = Game over — { $why }; { $won }
end-line-other = Game { $status }: { $why }
win-line = { $count ->
    [0] nobody wins
    [one] { $winners } wins
   *[other] { $winners } share the win
}

## Rules help, bots, how a program joins (web/help.js)
level-rating = Level { $n } · { $rating }{ $rank ->
        [weakest] , the weakest
        [strongest] , the strongest
       *[other] {""}
    }
as-level-rating = as Level { $n } · { $rating }
strength-weak = weak
strength-fair = fair
strength-strong = strong
strength-strongest = very strong
none = none
label-colon = { $label }:
how-to-play = How to play { $game }
this-game = This game
out-of-time-title = Out of time
out-of-time-help = A person out of time keeps the seat: { $rule }. A live game with a clock counts seconds per move; a turn-based game days per move (1, 2, 3 or 7): past the deadline the same rule plays that turn, and the game goes on. A turn-based game is not ended because someone is away, only once nobody plays it any more: when every person at it has let their deadline pass several times in a row (3 on a server's defaults) with no move of anyone in between, it is ended (aborted: nobody wins, nothing is rated). A live game in which a person takes no turn for a long while (half an hour on a server's defaults) is ended (aborted).
the-bots = The bots
join-or-run = first on the game port; or run
join-port = Add --port P when the server's TCP port is not the default (tessera serve prints tcp=P).
starter-bots = Or seat a starter bot (docs/bots.md), from the repository's root:
level-about = level { $n } of { $of }{ $rank ->
        [weakest] {" "}(the weakest)
        [strongest] {" "}(the strongest)
       *[other] {""}
    }, rated { $rating }{ $plays ->
        [none] {""}
       *[other] : plays as { $plays }
    }
the-levels = The levels
level-plays = Level { $n }: { $plays }
the-engines = The engines behind the levels (advanced)
the-engines-about = Each level is one of these engines at a fixed strength. New game seats them directly when “Show the engines behind the levels” is ticked.
join-open = { $open ->
    [one] { $open } open seat waits for programs over TCP. A program joins by sending
   *[other] { $open } open seats wait for programs over TCP. A program joins by sending
}

## The New game form (web/newgame.js)
label-value = { $label }: { $value }
label-json = { $label } (JSON)
bot-label = Bot: { $name }
bot-label-strength = Bot: { $name } ({ $strength })
nothing = nothing
clock-label = Clock for people
no-clock = no clock
clock-live = Live
clock-turns = Turn-based (accounts)
clock-turns-log-in = Turn-based (needs an account)
turn-note-guest = A turn-based game is played from an account: each person at their own pace, for days. Log in or register first:
turn-needs-account = a turn-based game needs an account: log in or register first
turn-note = A turn-based game: each person plays from their account, at their own pace (the Your turn page, notifications, an email). Leave your seat's name empty; name the other people's accounts: they are invited, and the game starts once each of them has accepted in their inbox.
account-or-you = account (empty: you)
time-per-move = Clock
players-count = Number of players
seed = Seed
seed-random = random
delay-label = Bot delay in milliseconds
delay = Bot delay (ms)
delay-short = Bot delay
no-rule-options = No rule options.
solo-note = A solo game: one seat here, and the bot { $bot } in the last seat — { $about }.
seat-player = Seat { $n } player
seat-human = Human
seat-levels = Bots by level
seat-engines = Engines (advanced)
seat-engines-show = Show the engines behind the levels (advanced)
player-n = Player { $n }
seat-program = Program over TCP
seat-program-about = left open for a program that joins over TCP
seat-program-open = open until a program joins over TCP
bot-params = { $about } (parameters: { $params })
seat-name-placeholder = name
seat-name = Seat { $n } name
your-name = your name
name-optional = name (optional)
strength-ms = strength: ms per move
strength-budget = strength: budget
seat-strength = Seat { $n } bot strength ({ $key }=, optional)
seat-n-label = Seat { $n }
seats = Seats
rules = Rules
options = Options
clock = Clock
clock-about = a time per move: a person out of time has that turn played for them (How to play says how); a clock of the game: whoever runs out of time loses
start-game = Start game
seat-name-long = Seat { $n }: a name has at most { $max } characters
seat-name-taken = Seat { $n }: "{ $name }" is taken by another seat: give each player a name of their own
cannot-start = Cannot start: { $why }
not-whole-number = { $label }: a whole number from { $lo }{ $hi ->
        [none] {""}
       *[other] {" "}to { $hi }
    }{ $optional ->
        [yes] , or nothing
       *[no] {""}
    }, not { $given }

## Playing a game (web/play.js)
title-watching = Tessera — watching { $id }
title-playing = Tessera — playing { $id }
title-game = Tessera — { $game } { $id }
title-game-watching = Tessera — { $game } { $id } (watching)
speed-label = Bot delay (milliseconds per move)
resign = Resign
resign-ask = Resign this game? The others win.
resign-yes = Yes, resign
resign-no = No, play on
cannot-resign = Cannot resign: { $why }
cannot-rematch = Cannot start a rematch: { $why }
confirm-pref = Confirm each placement before it is sent
confirm-label = Placement to confirm
held-tile-points = { $tile } for +{ $points }
held-at = { $tile } at { $cell }
held-draw = draw a tile
held-pass = pass
held-replace = exchange your hand
your-placement = Your placement
confirm = Confirm
held-line = { $label }: { $move }.
take-back = Take back
hint = Hint
hints-about = the strongest bot suggests a move; the game record notes that you asked
hints-allow = Allow hints
level-n = Level { $n }
hint-from = Hint from { $by }
play-it = Play it
no-hint = No hint: { $why }
clock-you = You have { $left } left ({ $per }; out of time, { $rule })
clock-other = { $who } has { $left } left ({ $per }; out of time, { $rule })
bot-speed = Bot speed: delay
spectator-view = Spectator view
was-ejected = { $who } was ejected
was-ejected-why = { $who } was ejected ({ $call }): { $reason }
play-rated-again = Play rated again
rematch = Rematch
rematch-about = the same game and settings, the seats rotated
replay-this = Replay this game
your-turn = Your turn
view-failed = The { $game } view failed ({ $why }): the generic view instead
waiting-others = Waiting for the other players…
game-is-over = The game is over.
refused = Refused: { $why }
game-failed = Game { $id }: { $why }
try-replay = Try its replay
held-akropolis = tile { $tile }, turned { $turns }{ $points ->
        [none] {""}
       *[other] {" "}for { $points }
    }
waiting-programs = { $open ->
    [one] Waiting for { $open } program to join over TCP
   *[other] Waiting for { $open } programs to join over TCP
}
bot-thinking = { $who } is thinking…{ $spectating ->
        [yes] {" "}(spectating)
       *[no] {""}
    }
to-move = { $who } to move{ $spectating ->
        [yes] {" "}(spectating)
       *[no] {""}
    }

## The replay and its analysis (web/replay.js, web/analysis.js)
title-replay = Tessera — replay { $id }
replay-failed = Replay { $id }: { $why }
replay-move = Move
replay-play-label = Play or pause the replay
replay-play = Play
replay-pause = Pause
show-better = Show the better move
show-played = Show the move played
replay-start-words = The start, before any move.
not-over-yet = not over yet ({ $status })
replay-label = Replay:
replay-first-label = First move
replay-first = First
replay-back-label = Previous move
replay-back = Back
replay-next-label = Next move
replay-next = Next
replay-last-label = Last move
replay-last = Last
result-seed = { $result } · seed { $seed }
record-json = The record (JSON)

## The deal, committed and revealed (web/deal.js)
deal = Fair deal
deal-about = Before the first move the server committed to this game's deal: the code below is the SHA-256 of its seed and a secret salt. At the end both are revealed, and anyone can check that every tile came from the seed committed to (the replay page does it, and so does tessera verify on the record).
deal-commitment = Commitment: { $commitment }
deal-revealed = Seed { $seed } · salt { $salt }
deal-practice = Practice: the seed was chosen by a player, so this game is never rated.
deal-none = This game was made before deals were committed: there is nothing to check.
deal-checking = Checking the deal…
deal-verified = Deal verified: the seed and the salt revealed hash to the commitment shown from the start.
deal-mismatch = Warning: the seed and the salt revealed do not hash to the commitment shown from the start ({ $found } instead of { $commitment }).
deal-cannot-check = This browser computes SHA-256 only on https:// or localhost pages: check the record with tessera verify.
analyze-label = Analyze the game with the bot
analyze = Analyze
analysis = Analysis
analysis-about = The strongest bot judges every move from the player's view only (it samples the tiles the player could not see).
analysis-failed = Analysis failed: { $why }
analysis-starting = Starting the analysis…
analysing = Analysing…
analysing-done = Analysing… { $done } of { $total } moves
analysis-waiting = The server is analysing another game; waiting for it…
analysis-empty = No move to analyse.
analysis-move-who = Move { $n }, { $who }:
win-chance-change = (win chance { $before } → { $after })
win-chance-lost = (win chance { $before } → { $after }: { $lost } ±{ $margin })
analysis-within-error = Within the search's error (±{ $margin }) of its best move: no better move to show.
analysis-no-verdict = No verdict: at { $budget } per move the search's error on this move (±{ $margin }) is too wide to judge it.
better = Better:
bot-agrees = The bot would have played this move too.
best-moves = The bot's best moves:
biggest-mistakes = The biggest mistakes
mistake-line = Move { $n } · { $who } · { $class } (−{ $loss })
no-mistakes = No inaccuracy, mistake or blunder beyond the search's error.
no-mistakes-too-few = Too few iterations per move to find mistakes (see above).
analysis-legend = Win chance as the bot estimates it from the player's view ({ $budget } per move; { $search }). A move's loss is measured against the bot's best move, ± the search's error: within the error it is best (or has no verdict when the error is 10% or more); beyond it, lost under { $best }: best; under { $good }: good; under { $inaccuracy }: inaccuracy; under { $mistake }: mistake; more: blunder. The line starts at an even share and ends at the result: it drops at the player's moves by what they lost (the decisions) and moves between them on the tiles drawn and the others' moves (luck).
dot-label = Move { $n }: { $class }
dot-title = Move { $n } ({ $who }): { $class }, −{ $loss }
win-graph = Win chance after each move
graph-move = move { $n }
class-best = best
class-good = good
class-inaccuracy = inaccuracy
class-mistake = mistake
class-blunder = blunder
class-unjudged = no verdict
replay-step = move { $i } of { $of }{ $better ->
        [yes] {" "}(the better move)
       *[no] {""}
    }
replay-status = Replay of { $game } { $id }: { $step }{ $end ->
        [yes] {" "}(end)
       *[no] {""}
    }
analysis-summary-line = { $who }: { $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }, { $inaccuracies ->
        [one] { $inaccuracies } inaccuracy
       *[other] { $inaccuracies } inaccuracies
    }, { $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }, { $blunders ->
        [one] { $blunders } blunder
       *[other] { $blunders } blunders
    }{ $unjudged ->
        [0] {""}
        [one] , { $unjudged } move without a verdict
       *[other] , { $unjudged } moves without a verdict
    }.
analysis-account = Win chance { $start } at the start, { $end } { $over ->
        [yes] at the end
       *[no] after the last move
    }: decisions { $play } (±{ $margin }), luck { $luck }.

## The Arena (web/arena.js)
pool-duel = 2 players
pool-multi = 3+ players
house-name = { $name } (house)
arena-login-1 = Rated games need an account: log in, or
arena-register = register
arena-login-2 = . Guests can still play unrated games from
arena-login-3 = .
your-ratings = Your ratings
arena-bot-account = { $name } is a bot account: bots play rated games over TCP with an API token, not in the browser.
your-tokens = Your tokens
tell-how = tell how.
play-rated = Play rated
arena-pairing = You are paired with people near your rating; when nobody is near for a while, with one of the house levels.
playing-as = Playing as { $name }.
wait-game = { $game }, { $n } players:
waiting-opponent = Waiting for an opponent… ({ $seconds } s)
cancel = Cancel
your-tickets = Your tickets
col-ticket = Ticket
queued-for = queued { $seconds } s
matched-game = matched: game { $id }
play = Play
cannot-read-tickets = Cannot read your tickets: { $why }
cannot-leave-queue = Cannot leave the queue: { $why }
cannot-queue = Cannot queue: { $why }
rated-about = a rated game: its result changes the players' ratings
rated = Rated
rated-updating = Rated game: the ratings are being updated…
rating-changes = Rating changes
rated-not-ready = Rated game: the new ratings are not ready yet; see the players' pages.
n-players = { $n ->
    [one] { $n } player
   *[other] { $n } players
}

## Accounts and leaderboards (web/account.js, web/leaderboard.js)
account-failed = Account { $name }: { $why }
badge-bot = bot
badge-person = person
marked-about = this account has left too many games
marked = marked: leaves games
provisional = provisional
ratings = Ratings
col-pool = Pool
col-rating = Rating
col-games = Games
col-trend = Trend
no-rated-game = No rated game yet.
rated-games = Rated games
col-when = When
col-place = Place
col-against = Against
col-result = Result
versus = vs
result-won = won
result-shared = shared the win
result-lost = lost
result-lost-place = lost ({ $place } of { $n })
your-turn-games = Your turn-based games
other-games = Other games
house-record = Against the house levels
house-record-about = Every rated game against a house level: games won, lost and drawn (a shared place).
col-level = Level
col-won = Won
col-lost = Lost
col-drawn = Drawn
challenge-who = Challenge { $name }
challenge = Challenge
challenge-about = { $name } answers from their inbox (a bot, by itself) within two minutes; a house level, or a player waiting in the queue for a rated game, plays at once.
challenge-rated = Rated
challenge-withdraw = Withdraw
challenge-waiting = Waiting for { $name } to answer ({ $seconds } s left)
challenge-state-declined = { $name } declined{ $reason ->
    [none] {""}
   *[other] : { $reason }
}
challenge-state-expired = { $name } did not answer in time
challenge-state-withdrawn = The challenge is withdrawn
challenge-state-failed = The game could not start{ $reason ->
    [none] {""}
   *[other] : { $reason }
}
token-label-placeholder = label (e.g. laptop)
token-label = Token label
new-token = New token
api-tokens = API tokens
tokens-about = A program plays rated games for this bot with a token. A token is shown once, when made: keep it secret; revoke it if it leaks.
cannot-read-tokens = Cannot read the tokens: { $why }
col-label = Label
col-made = Made
col-last-used = Last used
col-state = State
no-label = (no label)
never = never
token-revoked = revoked
token-active = active
revoke-token = Revoke token { $token }
revoke = Revoke
no-token-yet = No token yet.
revoke-no = No, keep it
revoke-yes = Yes, revoke
revoke-ask = Revoke it? Programs using it stop.
cannot-revoke = Cannot revoke: { $why }
cannot-make-token = Cannot make a token: { $why }
copied = Copied.
selected-copy = Selected: press Ctrl+C (⌘C) to copy.
copy = Copy
new-token-shown = Your new token (shown only now — copy it):
token-signup-1 = A program signs up with this first line on the game port
token-game = game
token-or-run = or runs (SPEC: the bot it plays, e.g. random):
no-games = This server has no games.
title-leaderboard = Tessera — { $game } leaderboard ({ $pool })
players-per-game = Players per game
cannot-read-leaderboard = Cannot read the leaderboard: { $why }
nobody-rated = Nobody is rated at { $game } with { $pool } yet.
be-the-first = to be the first.
col-rank = Rank
col-name = Name
col-standing = Standing
bot-mark = (bot)
deviation = deviation { $d }
provisional-about = provisional: too few games for a settled rating
ranks-note = Ranked by standing: the rating less twice its uncertainty (±). A rating of few games is uncertain and ranks lower until it settles; ? marks a provisional rating (too few games).
place = { $rank ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $rank }th
}
account-since = { $kind ->
        [bot] Bot account
       *[person] Person account
    }{ $since ->
        [none] .
       *[other] , since { $since }.
    }

## The generic look and Triominos' look (web/generic.js, web/triominos.js)
generic-legal = Your legal moves
generic-filter = filter the moves
generic-filter-label = Filter the legal moves
generic-play = Play { $move }
generic-more = … and { $n } more: filter them
generic-json = a move as JSON
generic-not-json = Not JSON: { $why }
generic-your-moves = Your moves
generic-send-label = Send the move typed as JSON
generic-send = Send
generic-public = Public view
generic-public-json = The public view (JSON)
generic-view = Your view
generic-view-json = Your view (JSON)
tri-empty-spot = Empty spot { $x },{ $y }
not-your-turn-page = It is not your turn
tri-select-first = Select a tile from your tray first
tri-opens-with = The round opens with { $tile }.
tri-your-tray = Your tray
tri-new = new
tri-rotate-label = Rotate tile (R)
tri-rotate = Rotate
tri-draw-label = Draw a tile (costs 5 points)
tri-draw = Draw
tri-pass-label = End turn without placing (penalty 10)
tri-pass = Pass
tri-tile-fits-nowhere = { $tile } fits nowhere; the framed tiles do.
tri-this-fits-nowhere = This tile fits nowhere; the framed tiles do.
tri-picture-label = Two tiles side by side: the corners along the edge they share show the same numbers, 3 and 4
tri-picture-caption = A tile goes beside another when the corners they share show the same numbers (here 3 and 4 along the marked edge); it scores the sum of its three numbers.
generic-count = { $n ->
    [one] { $n } legal move: choose it to play it.
   *[other] { $n } legal moves: choose one to play it.
}
tri-placed-label = tile { $tile } at { $x },{ $y }{ $last ->
        [yes] {" "}(placed last)
       *[no] {""}
    }
tri-spot-label = Place { $tile } at { $x },{ $y } for { $score } points{ $hexagon ->
        [yes] {" "}with a hexagon bonus
       *[no] {""}
    }{ $bridge ->
        [yes] {" "}with a bridge bonus
       *[no] {""}
    }
tri-info = Round { $round } · pile { $pile } · trays { $trays }{ $draws ->
        [0] {""}
       *[other] {" "}· draws this turn: { $draws }
    }
tri-tray-tile = Tile { $tile }{ $playable ->
        [yes] {" "}(can be placed)
       *[no] {""}
    }{ $drawn ->
        [yes] {" "}(just drawn)
       *[no] {""}
    }
tri-nothing-fits = No tile of your tray fits anywhere: { $then ->
    [draw] draw a tile.
    [pass] pass.
   *[wait] wait.
}
tri-spots = { $here ->
        [one] { $here } highlighted spot
       *[other] { $here } highlighted spots
    } for { $tile } in this rotation; { $n } in all rotations. { $touch ->
        [yes] ⟳ Rotate turns the tile.
       *[no] Press R (or ⟳ Rotate) to turn the tile.
    }

## Q's look (web/q.js)
q-why-between = between the { $a } and the { $b } it needs the colour of both or the shape of both
q-why-beside = it shares neither colour nor shape with the { $tile } beside it
q-take-back = Take back { $tile } from { $cell }
q-put = Put { $tile } at { $cell }
q-not-here = { $cell }: the { $tile } does not fit here
q-empty-cell = Empty cell { $cell }
q-select-first = Select a tile from your hand first
q-does-not-fit = The { $tile } does not fit at { $cell }: { $why }.
q-colourblind-label = Colour-blind look: safe colours and a letter per colour
q-letters-on = Colour letters: on
q-letters-off = Colour letters: off
q-letters-title = R red, G green, B blue, Y yellow, O orange, P purple
q-your-hand = Your hand
q-commit-label = Commit the placed tiles
q-commit = Commit ({ $n })
q-commit-points = Commit { $n } { $n ->
    [one] tile
   *[other] tiles
} for +{ $points }
q-would-refuse = These tiles would be refused: { $why }.
q-undo-label = Take back all placed tiles
q-undo = Undo
q-exchange-label = Exchange the whole hand
q-exchange = Exchange
q-how = Pick a hand tile (framed: it fits somewhere), then a marked cell; repeat along one line; then Commit.
q-no-other-fits = No other tile of your hand fits along this line: Commit the tiles put down, or Undo.
q-nothing-fits = No tile of your hand fits anywhere: exchange your hand or pass.
q-picture-label = A row: red circle, red square, red star; a column down from the red square: blue square, green square
q-picture-caption = Every line is one colour with no shape twice (the row: red) or one shape with no colour twice (the column: squares). The red square belongs to both: placed last, it would score 3 for the row and 3 for the column under the boxed game's rules.
q-letter = { $color ->
    [red] R
    [green] G
    [blue] B
    [yellow] Y
    [orange] O
   *[purple] P
}
q-tile-at = { $tile } at { $cell }{ $fresh ->
        [yes] {" "}(just placed)
       *[no] {""}
    }
q-info = Pile { $pile } · hands { $hands }{ $fresh ->
        [0] {""}
        [one] {" "}· last turn: { $fresh } tile (framed)
       *[other] {" "}· last turn: { $fresh } tiles (framed)
    }
q-hand-tile = Hand tile { $n }: { $tile }{ $state ->
        [placed] {" "}(placed)
        [fits] {" "}(fits)
        [nowhere] {" "}(fits nowhere now)
       *[none] {""}
    }

## Akropolis' look (web/akropolis.js)
akropolis-quarry = quarry
akro-how-houses = only your largest group of adjacent houses counts, each house its height
akro-how-markets = a market counts its height when no other market touches it
akro-how-barracks = a barracks counts its height when it is on the edge of the city (an empty space beside it)
akro-how-temples = a temple counts its height when all six sides are built
akro-how-gardens = every garden counts its height
akro-variant-houses = variant: a group worth 10 or more counts double
akro-variant-markets = variant: a market beside a market plaza counts double
akro-variant-barracks = variant: a barracks with 3 or 4 empty sides counts double
akro-variant-temples = variant: a temple at height 2 or more counts double
akro-variant-gardens = variant: a garden beside an enclosed empty space (a lake) counts double
akro-hex-at = { $what } at { $x },{ $y }
akro-empty = empty
akro-hex = Hex { $x },{ $y } ({ $what })
akro-select-first = Select a tile from the Construction Site first
akro-follow-mine = Follow the play: your city on your turn, else the city that just changed
akro-follow-label = Follow the play: show the city that just changed
akro-follow = Follow
akro-cities = Cities
akro-built-last = built last
akro-site = Construction Site
akro-district-scores = District scores
akro-district-col = District
akro-table-caption = Points = the heights of the districts that count × the stars of the plazas of their colour (hover a row or a cell for its rule).
akro-stones-about = One point per stone held at the end
akro-stones = stones
akro-total-about = The five districts plus the stones
akro-total = total
akro-legend = Legend
akro-legend-plaza = plaza (stars: houses 1, markets, barracks, temples 2, gardens 3)
akro-legend-height = the number on a hex is its height; the higher, the darker
akro-picture-label = A tile of three hexes (a houses plaza with one star, a market, a garden) built at height 2 over the city
akro-picture-caption = A tile of three hexes (outlined) built on top of the city, at height 2: the number on a hex is its height. The houses plaza's star (★) multiplies the points of the houses; the grey hex is a quarry.
akro-hex-what = { $hex }, height { $height }{ $fresh ->
        [yes] , just built
       *[no] {""}
    }
akro-spot = Place tile { $tile } with its first hex at { $x },{ $y } ({ $what }){ $legal ->
        [yes] {" "}for { $points }
       *[no] , not highlighted
    }
name-you = { $name }{ $you ->
        [yes] {" "}(you)
       *[no] {""}
    }
akro-tab-label = Show the city of { $who }{ $last ->
        [yes] {" "}(built last)
       *[no] {""}
    } and keep it
akro-showing = Showing the city of { $who }{ $kept ->
        [yes] {" "}(kept)
       *[no] {""}
    }{ $last ->
        [none] .
        [outlined] ; the tile just built is outlined.
        [this] ; it built last.
       *[other] ; { $builder } built last (the marked tab).
    }
akro-site-label = Site tile { $tile }: { $hexes }; costs { $cost ->
        [one] { $cost } stone
       *[other] { $cost } stones
    }
akro-site-cost = #{ $tile } · { $cost ->
        [one] { $cost } stone
       *[other] { $cost } stones
    }
akro-rotate = Rotate ({ $rot })
akro-too-dear = { $label } (you have { $stones }: too dear)
akro-costs-have = costs { $cost ->
        [one] { $cost } stone
       *[other] { $cost } stones
    }; you have { $stones }
akro-stones-held = { $n ->
        [one] { $n } stone
       *[other] { $n } stones
    }
akro-spots = { $n ->
        [one] { $n } highlighted spot
       *[other] { $n } highlighted spots
    } for tile { $tile } in rotation { $rot }{ $city ->
        [yes] {""}
       *[no] {" "}(on your city)
    }{ $best ->
        [none] {""}
       *[other] {" "}(best { $best })
    }. { $touch ->
        [yes] Rotate turns the tile.
       *[no] Press R (or Rotate) to turn the tile.
    }
akro-stacks = Tiles left in the stacks: { $n }
akro-row-why = { $district }: { $how }{ $variant ->
        [none] {""}
       *[other] {" "}({ $variant })
    }; the sum is multiplied by the stars of your { $d ->
        [h] houses
        [m] markets
        [b] barracks
        [t] temples
       *[g] gardens
    } plazas ({ $stars } per plaza). No plaza, no points.
akro-cell-why = { $who }, { $district }: { $values } (heights that count) × { $stars ->
        [one] { $stars } star
       *[other] { $stars } stars
    } = { $points } points
akro-stones-cell = { $who }: { $n ->
        [one] { $n } stone
       *[other] { $n } stones
    }, 1 point each
akro-hex-name = { $d ->
    [h] houses
    [m] markets
    [b] barracks
    [t] temples
    [g] gardens
   *[q] quarry
}
akro-district = { akro-hex-name } district
akro-plaza = { akro-hex-name } plaza ({ $stars ->
    [one] { $stars } star
   *[other] { $stars } stars
})

## Look and sound (web/theme.js, web/sound.js, web/help.js)
nav-prefs = Look, sound and language
theme-dark = Dark
theme-on = Dark mode is on: switch to light
theme-off = Dark mode is off: switch to dark
sound = Sound
sound-on = Sounds are on (a move, your turn): turn them off
sound-off = Sounds are off: turn them on
prefs-title = Sound and look
prefs-help = Sounds are on by default: a knock for every move and a chime when it becomes your turn, never before you have clicked, tapped or typed in the page. The ♪ Sound switch at the top turns them off, ☾ Dark switches between dark and light (at first as your system is set); this browser remembers both. A tile just placed drops into place, unless your system asks for reduced motion. The language switch beside them chooses English or German.

## Busy (crates/server/src/web/games.rs)
busy-analyses = the server is analysing other games: try again in a moment

## A seat of an account, a move out of time (crates/server/src/arena/mod.rs, table/person.rs, table/turns.rs)
rated-seat-other-account = { $kind ->
    [rated] this seat of a rated game
   *[turns] this seat of a turn-based game
} belongs to another account
rated-seat-log-in = { $kind ->
    [rated] this seat of a rated game
   *[turns] this seat of a turn-based game
} is played by its account: log in first
per-move = { $clock } per move
per-move-days = { $days ->
    [one] { $days } day per move
   *[other] { $days } days per move
}
log-out-of-time = { $who } ran out of time ({ $per }): the house plays this turn for them

## Turn-based games: the Your turn page, its notifications and emails (web/inbox.js)
nav-turns = Your turn
nav-turns-label = Your turn: { $n ->
        [0] no game waiting for you
        [one] { $n } game waiting for you
       *[other] { $n } games waiting for you
    }
span-days = { $d ->
        [one] { $d } day
       *[other] { $d } days
    }{ $h ->
        [0] {""}
       *[other] {" "}{ $h } h
    }
span-hours = { $h } h{ $m ->
        [0] {""}
       *[other] {" "}{ $m } min
    }
span-minutes = { $m } min
span-seconds = { $s } s
turns-notify-title = Your turn: { $game } #{ $id }
turns-notify-body = { $others } — { $left } left ({ $per })
notify-none = This browser shows no notifications.
notify-on = Notifications are on: this browser tells you when a game waits for you (while a Tessera page is open).
notify-denied = Notifications are blocked for this site: allow them in the browser's site settings to be told when a game waits for you.
notify-ask = Notify me when it is my turn
notify-ask-hint = (the browser asks you first)
turns-row = with { $others ->
        [none] nobody
       *[other] { $others }
    } · { $per } ·
turns-yours = your turn
turns-left = { $left } left
turns-to-move = { $who } to move{ $left ->
        [none] {""}
       *[other] , { $left } left
    }
turns-starting = starting
turns-log-in = Log in
turns-log-in-why = to play turn-based games: days per move, each player at their own pace.
turns-waiting = { $n ->
        [0] No game waits for you
        [one] { $n } game waiting for you
       *[other] { $n } games waiting for you
    }
turns-about-1 = Turn-based games: each player has days for a move (made from
turns-about-2 = , "Time per move").
turns-theirs = Waiting for the others
turns-email-1 = An email when a turn has waited: set your address on
turns-email-link = your account page
turns-email-2 = .
challenges-title = Challenges
challenge-from = { $by } challenges you to { $game }
challenge-is-rated = rated
challenge-is-unrated = unrated
challenge-clock = { $seconds } s a move
challenge-accept = Accept
challenge-decline = Decline
invitations-title = Invitations
invitation-from = { $by } invites you to { $game }
invitation-yours = You invited { $names } to { $game }
invitation-details = { $per } · players: { $seats }
invitation-rules = rules: { $rules }
invitation-expires = { $left } left to answer
invitation-waiting-for = waiting for { $names }
invitation-you-accepted = you accepted: waiting for { $names }
invitation-declined = declined
invitation-expired = nobody answered in time
invitation-accept = Accept
seat-link = Anyone with the link
seat-link-about = A seat for whoever opens the invitation's link first: send it to a friend
seat-link-name = (anyone with the link)
invitation-link-share = Send this link to the one you invite (whoever opens it first takes the seat):
invitation-link-copy = Copy link
invitation-link-copied = Copied
invitation-link-waiting = waiting for someone with the link
invite-title = An invitation
invite-by = { $by } invites you to a game of { $game }
invite-accept = Accept and play
invite-log-in = Log in or register to accept
invite-log-in-why = : a turn-based game is played by accounts.
invite-gone = This invitation is no longer open: it was taken, withdrawn or has expired, or the link is not whole.
invite-full = Its seats for the link are taken.
invitation-decline = Decline
invitation-withdraw = Withdraw
challenge-notify-title = { $by } challenges you to { $game }
challenge-notify-body = { $rated ->
    [yes] A rated game
   *[no] An unrated game
}: accept or decline on the Your turn page, within two minutes
invitation-notify-title = { $by } invites you to { $game }
invitation-notify-body = { $per }: accept or decline on the Your turn page
email-placeholder = you@example.org
email-address = Email address
email-none = This server sends no emails.
email-when = When a turn-based game has waited { $after } for your move, an email tells you (at most { $n } a day). The address is not checked: set one that is yours.
email-label = Email for turns that waited
email-save = Save
email-remove = Remove
email-title = Email

## Turn-based games: the server's refusals (crates/server/src/host/turns.rs, mail.rs)
turns-log-in-first = a turn-based game is made by an account: log in first
turns-days = days = { $days }: a turn-based game has 1, 2, 3 or 7 days per move
turns-no-clock = a turn-based game has days per move, not a clock: leave clock_s out
turns-people-only = turn-based games are for people's accounts (a bot account plays rated games over TCP)
turns-no-programs = seat { $seat }: a turn-based game has no seats for programs (their moves have deadlines of seconds): seat an account or a bot
turns-account-person = seat { $seat }: only a person's seat has an account
turns-seated-twice = seat { $seat }: { $name } has a seat already (one seat per account)
turns-you-sit = you sit at a turn-based game you make: leave one person's seat without an account
turns-not-seated = could not seat its accounts: { $why }
turns-no-account = seat { $seat }: there is no person's account "{ $name }"
busy-turn-games = this server has as many turn-based games as it takes: try again later
turns-too-many = { $name } plays { $most } turn-based games already, the most at once: finish or resign one first
turns-too-many-address = { $most } turn-based games (or invitations waiting) were made from your address already, the most at once: finish one first
invitations-too-many-sent = { $most } of your invitations wait for answers already, the most at once: withdraw one or wait for an answer
invitations-too-many-received = { $name } has { $most } invitations waiting for an answer already, the most at once: try again later
invitation-gone = invitation #{ $id } waits for no answer of yours: it was answered, withdrawn, or has expired
invitation-link-yours = you have a seat at invitation #{ $id } already: pass its link on to the one you want to play
invitation-link-taken = the seats of invitation #{ $id } for whoever has its link are taken
turns-link-seat = seat { $seat }: a seat for whoever has the link is a person's, and names nobody
invitation-ended-meanwhile = its invitation ended meanwhile (started by another acceptance, declined or withdrawn): this game never started
email-too-long = an email address has at most { $max } characters
email-invalid = "{ $address }" is no email address: { $why }

## Turn-based games: the email of a turn that waited (crates/server/src/host/reminders.rs)
span-under-minute = less than a minute
email-turn-hello = Hello { $name },
email-turn-waited = { $game } #{ $id }{ $others ->
        [none] {""}
       *[other] {" "}with { $others }
    } has waited for your move for { $waited }.
    Your time for it runs out in { $left }. A player out of time keeps the seat, and { $rule }.
email-turn-links = Play your move: { $site }/#/game/{ $id }
    Every game waiting for you: { $site }/#/turns
email-turn-why = You get this email because your Tessera account { $name } has this address. Remove it on your account page to get no more: { $site }/#/account/{ $name }

## Who watches a game (web/watching.js)
watching-count = { $n } watching
watching-label = { $n ->
        [one] One person watching: show who
       *[other] { $n } people watching: show who
    }
watching-names = Watching: { $names }
watching-guests = { $n ->
        [one] one guest
       *[other] { $n } guests
    }

## Offline: the installed app without a connection (web/app.js, web/lobby.js)
offline-banner = Offline: no connection to the server. The lobby is this device's copy; games, moves and lists come back as soon as you are online again.
offline-lobby = The games cannot be read while offline.
