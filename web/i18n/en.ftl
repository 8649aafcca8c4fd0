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
log-out-of-time = { $who } ran out of time ({ $clock } per move): the house plays this turn for them
replay-start = start
place-at = at { $cells }
place-by-passing = by passing

## Q

q-about = Tiles of six colours and six shapes, after Qwirkle: each tile matches the colour or the shape of the tiles beside it; 2 to 4 players.
q-rules-1 = The tiles come in six colours and six shapes; each player holds a hand of six. On your turn, either place tiles, or exchange your whole hand with the pile, or pass.
q-rules-2 = Placing: put one or more tiles of your hand in one row or one column, each on a free cell beside a tile already on the map (or one you placed this turn). Then draw as many tiles from the pile.
q-rules-3 = Where a tile fits: only the tiles right beside it count. Next to one tile in its row (or its column), it shares that tile's colour or its shape; between two tiles of its row (or column), it shares the colour of both or the shape of both. Tiles farther along a line do not count: a line may change colour or shape along its length and may hold the same tile twice.
q-rules-4 = Scoring: one point per tile placed, plus one point for every tile of each line of two or more that a placed tile belongs to; a completed Q (a line of six: every colour, or every shape) scores 6 more, and placing the last tile of your hand 6 more.
q-rules-5 = The game ends when a player places every tile of the hand, or when a whole round goes by without a placement. The highest score wins.
q-option-copies = Copies of each tile
q-option-copies-help = how many of each of the 36 tiles: 3 as in the boxed game (a game of 15 to 20 minutes for people), 30 as in the Racket course's game (hundreds of moves)
q-option-copies-1 = 1 of each (a quick game)
q-option-copies-2 = 2 of each
q-option-copies-3 = 3 of each (the boxed game)
q-option-copies-30 = 30 of each (the Racket course's game: long)
q-option-hand-size = Hand size
q-option-hand-size-help = tiles in a hand
q-bot-ldasg = the course's "less dumb and still greedy": the tile with the most neighbours
q-bot-dag = the course's "dumb and greedy": the smallest candidate in row-column order
q-bot-lines = searches multi-tile lines for the best score (the strongest)
q-bot-lookahead = the line search, judging each move by the next player's chance to place its whole hand after it (and its own the turn after) on guesses of the hidden tiles (as strong as lines so far)
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
q-column-line-points = Line points
q-column-q-bonuses = Q bonuses
q-column-finish-bonus = Finish bonus
q-illegal-empty = put down at least one tile
q-illegal-not-owned = the { $tile } is not in your hand
q-illegal-not-in-line = the tiles of a turn go in one row or one column
q-illegal-not-adjacent = { $cell } is not a free cell next to a tile on the map
q-illegal-no-fit = the { $tile } does not fit at { $cell }: a tile must share the colour or the shape of the tile beside it, and between two tiles in a row or a column the colour of both or the shape of both
q-illegal-pile-too-small = you cannot exchange: the pile holds fewer tiles than your hand

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
triominos-bot-ismcts = a tree search on guesses of what it cannot see (the strongest)
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
akropolis-bot-ismcts = a tree search over the 8 best moves (the strongest)
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
node-unreachable = the node that runs this game cannot be reached: reload to try again
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
aborted-by-operator = aborted by the operator
aborted-by-operator-why = aborted by the operator: { $why }
resigned-why = { $who } resigned
resigned-banned = { $who } was banned by the operator
wrong-login = wrong name or password
log-in-first = log in first
too-many-attempts = too many attempts: try again in { $seconds } s
name-taken = the name "{ $name }" is taken
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
rated-seat-other-account = this seat of a rated game belongs to another account
rated-seat-log-in = this seat of a rated game is played by its account: log in first
challenge-two-players = a challenge is a two-player game
challenge-yourself = you cannot challenge yourself
challenge-not-waiting = { $name } is not waiting for a game of { $game }
queue-too-many = an account may wait for at most { $max } games at once
queue-full = the queue is full: try again later
queue-duplicate = this account already waits for that game
