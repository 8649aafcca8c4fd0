# Tessera auf Deutsch: dieselben Meldungen wie en.ftl, dieselben Variablen.

## Shared

verbatim = { $text }
list-and = { $a } und { $b }
moves-count = { $n ->
    [one] { $n } Zug
   *[other] { $n } Züge
}
lines = { $first }; { $rest }
name-score = { $who } { $score }

## Moves in the log and the replay (the server's words: crates/games)

move-default = { $who }: { $what }
move-default-points = { $who }: { $what } ({ $points })
move-as = als { $notation }
log-passed = { $who } hat gepasst
log-game-over = Spielende: { $scores }; { $winners } { $count ->
    [one] gewinnt
   *[other] gewinnen
}
log-ejected = { $who } wurde ausgeschlossen ({ $call }): { $reason }
log-out-of-time = { $who } hat die Bedenkzeit überschritten ({ $clock } pro Zug): das Haus spielt diesen Zug
replay-start = Start
place-at = auf { $cells }
place-by-passing = durch Passen

## Q

q-about = Plättchen in sechs Farben und sechs Formen, nach Qwirkle: jedes Plättchen passt in Farbe oder Form zu den Plättchen daneben; 2 bis 4 Spieler.
q-rules-1 = Es gibt Plättchen in sechs Farben und sechs Formen; jeder Spieler hat sechs davon auf der Hand. In deinem Zug legst du Plättchen an, tauschst deine ganze Hand gegen den Vorrat oder passt.
q-rules-2 = Anlegen: Lege ein oder mehrere Plättchen deiner Hand in eine Reihe oder eine Spalte, jedes auf ein freies Feld neben einem Plättchen, das schon liegt (oder das du in diesem Zug gelegt hast). Danach ziehst du ebenso viele Plättchen aus dem Vorrat nach.
q-rules-3 = Wo ein Plättchen passt: Es zählen nur die Plättchen direkt daneben. Neben einem Plättchen seiner Reihe (oder Spalte) hat es dessen Farbe oder dessen Form; zwischen zwei Plättchen seiner Reihe (oder Spalte) hat es die Farbe beider oder die Form beider. Plättchen weiter entfernt in der Linie zählen nicht: Eine Linie darf unterwegs Farbe oder Form wechseln und dasselbe Plättchen zweimal enthalten.
q-rules-4 = Wertung: ein Punkt je gelegtem Plättchen, dazu ein Punkt für jedes Plättchen jeder Linie aus zwei oder mehr Plättchen, zu der ein gelegtes Plättchen gehört; ein vollständiges Q (eine Linie aus sechs: alle Farben oder alle Formen) bringt 6 Punkte mehr, das letzte Plättchen deiner Hand abzulegen ebenfalls 6.
q-rules-5 = Das Spiel endet, sobald ein Spieler alle Plättchen seiner Hand angelegt hat oder eine ganze Runde ohne Anlegen vergeht. Die höchste Punktzahl gewinnt.
q-option-copies = Exemplare je Plättchen
q-option-copies-help = wie viele von jedem der 36 Plättchen: 3 wie im Spiel aus der Schachtel (eine Partie von 15 bis 20 Minuten), 30 wie im Spiel des Racket-Kurses (Hunderte Züge)
q-option-copies-1 = je 1 (eine kurze Partie)
q-option-copies-2 = je 2
q-option-copies-3 = je 3 (wie aus der Schachtel)
q-option-copies-30 = je 30 (das Spiel des Racket-Kurses: lang)
q-option-hand-size = Handgröße
q-option-hand-size-help = Plättchen auf der Hand
q-bot-ldasg = „less dumb and still greedy“ aus dem Kurs: das Plättchen mit den meisten Nachbarn
q-bot-dag = „dumb and greedy“ aus dem Kurs: das kleinste mögliche Feld in Reihen- und Spaltenfolge
q-bot-lines = sucht Linien aus mehreren Plättchen mit der besten Wertung (der stärkste)
q-bot-lookahead = die Liniensuche, die jeden Zug danach beurteilt, wie leicht der nächste Spieler danach seine ganze Hand anlegen kann (und er selbst im Zug darauf), geschätzt an Vermutungen über die verdeckten Plättchen (bisher so stark wie lines)
q-bot-greedy = das einzelne Plättchen mit der besten Wertung
q-bot-ismcts = eine Baumsuche über Vermutungen zu den verdeckten Plättchen
# Ein Plättchen: Farbe und Form (die Farbe gebeugt nach dem Geschlecht der Form).
q-tile = { $shape ->
    [star] { de-color-m } Stern
    [eightstar] { de-color-m } Achtstern
    [square] { de-color-n } Quadrat
    [circle] { de-color-m } Kreis
    [clover] { de-color-n } Kleeblatt
   *[diamond] { de-color-f } Raute
}
# (Hilfen der deutschen Grammatik: nur hier, von q-tile benutzt)
de-color-m = { $color ->
    [red] roter
    [green] grüner
    [blue] blauer
    [yellow] gelber
    [orange] orangefarbener
   *[purple] violetter
}
de-color-n = { $color ->
    [red] rotes
    [green] grünes
    [blue] blaues
    [yellow] gelbes
    [orange] orangefarbenes
   *[purple] violettes
}
de-color-f = { $color ->
    [red] rote
    [green] grüne
    [blue] blaue
    [yellow] gelbe
    [orange] orangefarbene
   *[purple] violette
}
q-cell = Reihe { $row }, Spalte { $column }
q-log-placed = { $who } legt an: { $tiles }
q-log-placed-points = { $who } legt an: { $tiles } ({ $points }){ $qs ->
        [0] {""}
        [1] {" "}— Q-Bonus!
       *[other] {" "}— { $qs } Qs: Q-Bonus!
    }{ $finished ->
        [yes] {" "}— alle Plättchen der Hand gelegt: Schlussbonus!
       *[no] {""}
    }
q-log-exchanged = { $who } hat die Hand getauscht
q-place-by-exchanging = durch Tauschen der Hand
q-end-hand-placed = { $who } hat alle Plättchen der Hand angelegt
q-end-round-without-placement = eine ganze Runde verging ohne Anlegen (alle haben gepasst oder getauscht)
q-column-line-points = Linienpunkte
q-column-q-bonuses = Q-Boni
q-column-finish-bonus = Schlussbonus
q-illegal-empty = lege mindestens ein Plättchen
q-illegal-not-owned = nicht auf deiner Hand: { $tile }
q-illegal-not-in-line = die Plättchen eines Zuges gehören in eine Reihe oder eine Spalte
q-illegal-not-adjacent = { $cell } ist kein freies Feld neben einem Plättchen
q-illegal-no-fit = passt nicht auf { $cell }: { $tile }. Ein Plättchen hat die Farbe oder die Form des Plättchens daneben, zwischen zwei Plättchen einer Reihe oder Spalte die Farbe beider oder die Form beider
q-illegal-pile-too-small = du kannst nicht tauschen: im Vorrat liegen weniger Plättchen, als du auf der Hand hast

## Triominos

triominos-about = Dreieckige Steine, deren Ecken passen müssen; Boni für Brücken und Sechsecke; 2 bis 6 Spieler.
triominos-rules-1 = Jeder Spieler hat eine Ablage mit dreieckigen Steinen, in jeder Ecke eine Zahl (0 bis 5, mit 84 Steinen 0 bis 6). In deinem Zug legst du einen Stein an: Er muss mit einer Seite an einem Stein liegen, und jede seiner Ecken muss die Zahl zeigen, die an diesem Punkt schon liegt. Du bekommst die drei Zahlen des Steins als Punkte.
triominos-rules-2 = Boni: Ein geschlossenes Sechseck (sechs Steine um einen Punkt) bringt 50 Punkte mehr (zwei auf einmal 100, drei 150; 50/60/70 mit dem anderen Sechseck-Bonus), eine Brücke (eine Ecke, die über einen Punkt hinweg an einen Stein stößt, die Seite darunter offen) 40. Der erste Stein einer Runde bringt 10 mehr, wenn er ein Drilling ist (der Null-Drilling 40).
triominos-rules-3 = Wenn du nicht legen kannst oder willst, ziehst du einen Stein (je -5, höchstens 3 pro Zug); nach drei gezogenen Steinen oder bei leerem Vorrat endet dein Zug ohne Anlegen (-10).
triominos-rules-4 = Eine Runde endet, wenn ein Spieler den letzten Stein seiner Ablage legt (25 mehr und die Zahlen auf den Ablagen der anderen) oder wenn niemand mehr legen kann (wer die kleinste Summe auf der Hand hat, bekommt den Unterschied zu jeder anderen Ablage). Dann wird neu verteilt. Das Spiel endet wie gewählt: sobald jemand das Ziel erreicht, am Ende der Runde, in der das geschieht, oder nach einer Runde. Die höchste Punktzahl gewinnt.
triominos-option-tiles = Steine
triominos-option-tiles-help = 56 Steine (Zahlen 0-5) oder 84 Steine (Zahlen 0-6)
triominos-option-tiles-56 = 56 Steine (0-5)
triominos-option-tiles-84 = 84 Steine (0-6)
triominos-option-start = Wer beginnt
triominos-option-start-help = wer eine Runde eröffnet: wer den höchsten Stein hat, ein zufälliger Spieler oder der Sieger der letzten Runde
triominos-option-start-highest = höchster Stein
triominos-option-start-random = zufälliger Spieler
triominos-option-start-winner = Sieger der letzten Runde
triominos-option-end = Spielende
triominos-option-end-help = sobald jemand das Ziel erreicht, am Ende dieser Runde oder nach einer Runde
triominos-option-end-target = beim Erreichen des Ziels
triominos-option-end-finish-round = am Ende der Runde, in der das Ziel erreicht wird
triominos-option-end-round = nach einer Runde
triominos-option-target = Ziel
triominos-option-target-help = die Punktzahl, bei der das Spiel endet
triominos-option-hexagon = Sechseck-Bonus
triominos-option-hexagon-help = Punkte für 1, 2 oder 3 Sechsecke auf einmal: Regelheft 50/100/150, Programm 50/60/70
triominos-option-hexagon-readme = 50/100/150
triominos-option-hexagon-code = 50/60/70
triominos-bot-greedy = legt den Stein mit den meisten Punkten; zieht nie, solange er legen kann
triominos-bot-ismcts = eine Baumsuche über Vermutungen zu dem, was er nicht sieht (der stärkste)
triominos-bot-drawer = wie greedy, zieht aber, solange sein bester Stein wenig bringt
triominos-bot-blocker = wie greedy, abzüglich der Bonusfelder, die er dem nächsten Spieler öffnet
triominos-bot-flexible = wie greedy, und behält möglichst viele verschiedene Zahlen auf seiner Ablage
triominos-log-round = Runde { $round }: { $who } beginnt
triominos-bonuses = { $hexagons ->
        [0] {""}
        [1] {" "}— Sechseck-Bonus!
       *[other] {" "}— { $hexagons } Sechsecke: Sechseck-Bonus!
    }{ $bridge ->
        [yes] {" "}— Brücken-Bonus!
       *[no] {""}
    }
triominos-log-placed = { $who } legt { $tile } ({ $points }){ triominos-bonuses }
triominos-log-opened = { $who } eröffnet mit { $tile } ({ $points }, Eröffnungsbonus { $bonus }){ triominos-bonuses }
triominos-log-drew = { $who } zieht einen Stein ({ $points })
triominos-log-no-placement = { $who } konnte nicht legen: Strafe { $points }
triominos-log-round-over = Runde { $round } vorbei: { $who } hat alle Steine gelegt (Bonus); { $credits }
triominos-log-round-blocked = Runde { $round } blockiert: niemand kann legen; { $credits }
triominos-no-credits = keine Gutschriften
triominos-end-target = { $count ->
    [0] niemand hat
    [one] { $who } hat
   *[other] { $who } haben
} das Ziel von { $target } Punkten erreicht
triominos-end-finish-round = { $count ->
    [0] niemand hat
    [one] { $who } hat
   *[other] { $who } haben
} { $target } Punkte erreicht, und die Runde ist vorbei: { $round }
triominos-end-one-round = eine Partie über eine Runde: { $round }
triominos-end-round-over = die Runde ist vorbei
triominos-end-round-emptied = { $who } hat alle Steine der Runde { $round } gelegt
triominos-end-round-blocked = Runde { $round } war blockiert: niemand konnte legen
triominos-place-at = auf Spalte { $column }, Reihe { $row }, Ecken { $corners }
triominos-place-by-drawing = durch Ziehen
triominos-column-tile-points = Steinpunkte
triominos-column-bonuses = Sechseck- und Brückenboni
triominos-column-opening = Eröffnungsbonus
triominos-column-draws = Gezogen
triominos-column-penalties = Strafen ohne Anlegen
triominos-column-credits = Rundengutschriften
triominos-players = Triominos ist für 2 bis 6 Spieler, nicht { $n }
triominos-not-in-tray = Stein { $tile } liegt nicht auf deiner Ablage
triominos-must-open-with = die Runde beginnt mit { $tile } (oder 0-0-0, wenn du ihn hast)
triominos-cannot-draw = du kannst nicht ziehen: { $why }
triominos-draw-must-open = die Runde muss mit dem höchsten Stein beginnen
triominos-draw-three = du hast in diesem Zug schon 3 Steine gezogen
triominos-draw-pile-empty = der Vorrat ist leer
triominos-cannot-pass = ohne Anlegen beenden kannst du deinen Zug erst nach 3 gezogenen Steinen oder bei leerem Vorrat
triominos-facing = so gedreht ({ $orientation }) zeigt der Stein in die andere Richtung als das Feld bei ({ $x },{ $y })
triominos-not-at-start = der erste Stein einer Runde kommt in die Mitte: auf (0,0) mit der Spitze nach oben oder auf (1,0) mit der Spitze nach unten
triominos-occupied = auf ({ $x },{ $y }) liegt schon ein Stein
triominos-tile-on-board = Stein { $tile } liegt schon auf dem Tisch
triominos-no-neighbour = ein Stein muss mit einer Seite an den Steinen auf dem Tisch liegen: neben ({ $x },{ $y }) liegt nichts
triominos-corner-mismatch = eine Ecke des Steins zeigt { $found }, wo die Steine daneben { $expected } zeigen: die Ecken müssen passen
triominos-off-board = ({ $x },{ $y }) liegt außerhalb des Tisches (höchstens { $limit } von der Mitte)

## Akropolis

akropolis-about = Baue eine Stadt aus Sechseckplättchen, hoch und gut geplant; 2 bis 4 Spieler oder allein gegen den Architekten.
akropolis-rules-1 = In jedem Zug nimmst du ein Plättchen aus drei Sechsecken vom Bauplatz: Das erste ist umsonst, jedes weitere kostet einen Stein je Plättchen davor. Baue es in deine Stadt, gedreht, wie du willst: entweder auf leeren Boden an die Stadt oder oben auf die Stadt, alle drei Felder auf einer Höhe und über mindestens zwei verschiedenen Plättchen (nie über nur einem). Jeder Steinbruch, den du überbaust, bringt dir einen Stein.
akropolis-rules-2 = Wertung am Ende: Jede Viertelart bringt den Wert ihrer zählenden Viertel mal die Sterne ihrer Plätze (die Sterne sind auf den Plätzen abgebildet; ohne Platz keine Punkte). Der Wert eines Viertels ist seine Höhe. Wohnviertel: nur die größte zusammenhängende Gruppe. Märkte: nur die ohne Nachbarmarkt. Kasernen: nur die am Rand der Stadt. Tempel: nur die an allen sechs Seiten umbauten. Gärten: alle. Jeder Stein ist ein weiterer Punkt.
akropolis-rules-3 = Varianten (je Viertel wählbar): Wohnviertel zählen doppelt, wenn die Gruppe 10 oder mehr wert ist; Märkte doppelt neben einem Marktplatz; Kasernen doppelt mit drei oder vier freien Seiten; Tempel doppelt ab der zweiten Ebene; Gärten doppelt neben einem See (einem leeren, von der Stadt umschlossenen Feld).
akropolis-rules-4 = Das Spiel endet, wenn auf dem Bauplatz das letzte Plättchen liegt und die Stapel leer sind. Die höchste Punktzahl gewinnt; bei Gleichstand gewinnt, wer mehr Steine hat.
akropolis-option-variants = Wertungsvarianten
akropolis-option-variants-help = die Buchstaben hmbtg, Großbuchstabe = Variante dieses Viertels an (z. B. HmBtg)
akropolis-houses = Wohnviertel
akropolis-markets = Märkte
akropolis-barracks = Kasernen
akropolis-temples = Tempel
akropolis-gardens = Gärten
akropolis-option-solo = Allein gegen den Architekten
akropolis-option-solo-help = eine Solopartie: ein Spieler gegen den Architekten dieser Stufe
akropolis-option-solo-no = nein
akropolis-architect = { $name } (Stufe { $level })
akropolis-bot-ismcts = eine Baumsuche über die 8 besten Züge (der stärkste)
akropolis-bot-districts = gierig nach einem Maß aus Vierteln, Plätzen und Steinen
akropolis-bot-greedy = der Zug, der jetzt die meisten Punkte bringt
akropolis-bot-architect = die Regel des Solo-Architekten (nur in einer Solopartie)
akropolis-log-built = { $who } baut Plättchen { $tile } auf Ebene { $level }{ $paid ->
        [0] {""}
        [one] {" "}({ $paid } Stein bezahlt)
       *[other] {" "}({ $paid } Steine bezahlt)
    } ({ $points })
akropolis-log-built-bare = { $who } baut Plättchen { $tile } auf Ebene { $level }
akropolis-place-at = auf { $position }{ $turns ->
        [0] {""}
        [1] , einmal gedreht
        [2] , zweimal gedreht
       *[other] , { $turns }-mal gedreht
    }
akropolis-end = auf dem Bauplatz liegt das letzte Plättchen, und die Stapel sind leer
akropolis-end-tie = auf dem Bauplatz liegt das letzte Plättchen, und die Stapel sind leer; den Gleichstand entscheiden die meisten Steine ({ $winners })
akropolis-column-houses = Wohnviertel
akropolis-column-markets = Märkte
akropolis-column-barracks = Kasernen
akropolis-column-temples = Tempel
akropolis-column-gardens = Gärten
akropolis-column-stones = Steine
akropolis-column-quarries = Steinbrüche (Metagenes)
akropolis-solo-seats = eine Solopartie ist ein Spieler gegen den Architekten auf Platz 2
akropolis-architect-solo-only = der Architekt spielt nur in einer Solopartie
akropolis-not-in-site = Plättchen { $tile } liegt nicht auf dem Bauplatz
akropolis-too-expensive = Plättchen { $tile } kostet { $cost } Steine, und du hast { $stones }
akropolis-cannot-place = Plättchen { $tile } passt dort nicht hin: alle drei Felder müssen auf leerem Boden an der Stadt liegen oder alle auf einer Höhe über mindestens zwei Plättchen
akropolis-no-player = kein Spieler { $seat }
akropolis-architect-must = der Architekt muss { $notation } spielen

## Every game: columns of the end screen, bots, levels

column-tiles-placed = Gelegt
column-total = Summe
bot-random = ein zufälliger erlaubter Zug
bot-level-about = Stufe { $n } von { $of }{ $rank ->
    [weakest] {" "}(die schwächste)
    [strongest] {" "}(die stärkste)
   *[other] {""}
}: { $plays }

## The analysis

analysis-move-place = { $words }, { $place }
analysis-not-a-move = (hier kein Zug: { $why })
budget-iterations = { $n } Iterationen
budget-ms = { $ms } ms
budget-capped = { $n } Iterationen in höchstens { $ms } ms
search-settings = Erkundung { $exploration }, { $rollouts ->
    [0] keine Ausspielungen
    [one] Ausspielungen von { $rollouts } Zug
   *[other] Ausspielungen von { $rollouts } Zügen
}
search-settings-width = Erkundung { $exploration }, { $rollouts ->
    [0] keine Ausspielungen
    [one] Ausspielungen von { $rollouts } Zug
   *[other] Ausspielungen von { $rollouts } Zügen
}, die { $width } vielversprechendsten Züge jeder Stellung

## Refusals

game-over-refusal = das Spiel ist vorbei
game-not-over = das Spiel ist nicht vorbei
not-your-turn = du bist nicht am Zug
not-started = das Spiel hat noch nicht begonnen
unknown-token = unbekannter Schlüssel
no-game = kein Spiel { $id }
store-failed = der Speicher ist ausgefallen: { $why }
server-closing = der Server wird heruntergefahren
bad-rules = ungültige Regeln: { $why }
bad-bot = ungültiger Bot „{ $spec }“: { $reason }
bad-message = unverständliche Nachricht: { $why }
unreadable-move = unlesbarer Zug: { $why }
move-seats-open = das Spiel hat noch nicht begonnen: es sind noch Plätze frei
move-paused = das Spiel ist unterbrochen: der Server wird angehalten
move-no-moves-here = auf diesem Platz wird nicht gezogen
move-still-checked = dein letzter Zug wird noch geprüft
move-turn-over = dieser Zug galt einem vergangenen Zug: sieh dir den Tisch noch einmal an
spectators-cannot-move = Zuschauer können nicht ziehen
pace-players-only = das Tempo bestimmen nur die Mitspielenden
node-unreachable = der Knoten, der dieses Spiel führt, ist nicht erreichbar: lade die Seite neu
game-on-other-node = Spiel { $id } läuft auf dem Knoten { $node }: spiele es dort (oder wieder hier, sobald es übernommen ist)
game-seats = { $game } ist für { $lo } bis { $hi } Spieler, nicht { $seats }
options-not-object = die Optionen sind kein JSON-Objekt
option-unknown = unbekannte Option { $key } für { $game } (bekannt: { $known })
option-not-allowed = { $key } = { $value } ist nicht erlaubt ({ $allowed })
option-one-of = eins von { $values }
option-integer = eine ganze Zahl von { $min } bis { $max }
option-letters = die Buchstaben { $letters }, Großbuchstabe = an
seats-given = { $given } Plätze für ein Spiel mit { $seats } Plätzen angegeben
no-seats = keine Plätze: ein Spiel braucht Spieler
seat-refused = Platz { $seat }: { $why }
seat-unknown-kind = Platz { $seat }: unbekannte Art { $kind } (human, bot, program)
seat-name-account = Platz { $seat }: dieser Name sieht aus wie der des Kontos { $account }; melde dich an, um als { $account } zu spielen
seats-same-name = zwei Plätze heißen „{ $name }“: gib jedem Spieler einen eigenen Namen
seats-look-alike = zwei Plätze heißen „{ $first }“ und „{ $second }“, die sich zum Verwechseln ähneln: gib jedem Spieler einen eigenen Namen
clock-not-allowed = eine Uhr von { $clock } s pro Zug ist nicht erlaubt (von { $min } bis { $max } s oder keine)
name-empty = ein Name darf nicht leer sein
name-too-long = ein Name hat höchstens { $max } Zeichen
name-control = ein Name darf keine Steuerzeichen oder Zeilenumbrüche enthalten
name-invisible = ein Name darf keine unsichtbaren Zeichen oder Rechts-nach-links-Steuerzeichen enthalten
name-mixed-scripts = ein Name darf keine ähnlich aussehenden Buchstaben verschiedener Alphabete mischen (wie ein lateinisches a und ein kyrillisches а)
hint-rated = keine Tipps in einer gewerteten Partie
hint-no-levels = { $game } hat keine Hausstufen, die Tipps geben
hint-bots-only = Tipps gibt es nur in Partien gegen Bots
hint-no-view = noch keine Ansicht: versuche es noch einmal
analysis-not-ended = Spiel { $id } ist { $status }: analysiert wird ein Spiel, wenn es zu Ende ist
analysis-iters = iters = { $iters }: 1 bis { $max } Iterationen pro Zug
analysis-no-seat = in Spiel { $id } gibt es keinen Platz { $seat } (die Plätze sind 0 bis { $last })
analysis-too-long = Spiel { $id } hat { $moves } Züge: analysiert werden höchstens { $max }
busy-games = zu viele laufende Spiele
busy-games-address = zu viele laufende Spiele von deiner Adresse: beende oder gib erst eines auf
busy-hints = der Server gibt gerade andere Tipps: versuche es noch einmal
busy-work-address = eine Analyse oder ein Tipp, den du angefordert hast, wird noch berechnet: versuche es, wenn er fertig ist
busy-seat-sockets = zu viele Verbindungen zu diesem Platz: schließe einen Tab
busy-spectators = zu viele Zuschauer
busy-spectators-address = zu viele Zuschauer von deiner Adresse
busy-spectators-game = zu viele Zuschauer bei diesem Spiel
busy-passwords = der Server prüft gerade andere Passwörter: versuche es gleich noch einmal
aborted-idle = { $who } hat innerhalb von { $time } nicht gezogen
aborted-open-seats = kein Programm hat die freien Plätze innerhalb von { $time } eingenommen
aborted-by-operator = vom Betreiber abgebrochen
aborted-by-operator-why = vom Betreiber abgebrochen: { $why }
resigned-why = { $who } hat aufgegeben
resigned-banned = { $who } wurde vom Betreiber gesperrt
wrong-login = falscher Name oder falsches Passwort
log-in-first = melde dich zuerst an
too-many-attempts = zu viele Versuche: versuche es in { $seconds } s noch einmal
name-taken = der Name „{ $name }“ ist vergeben
bad-account-name = ungültiger Name: { $why }
account-name-letters = { $min } bis { $max } Buchstaben oder Ziffern
account-name-letter-first = ein Name beginnt mit einem Buchstaben
account-name-reserved = dieser Name ist reserviert
account-name-looks-like = er sieht aus wie der des Kontos { $account }; wähle einen anderen
bad-password = ein Passwort hat { $min } bis { $max } Zeichen
hash-failed = das Verschlüsseln des Passworts ist fehlgeschlagen: { $why }
account-banned = dieses Konto ist gesperrt
tokens-bots-only = nur Bot-Konten haben API-Schlüssel
tokens-too-many = ein Konto hat höchstens { $max } gültige Schlüssel: widerrufe zuerst einen
no-token = kein Schlüssel { $id } von dir
no-account = kein Konto „{ $name }“
bot-account-tcp = ein Bot-Konto spielt über TCP mit seinem Schlüssel (docs/protocol.md)
rated-seat-other-account = dieser Platz einer gewerteten Partie gehört einem anderen Konto
rated-seat-log-in = diesen Platz einer gewerteten Partie spielt sein Konto: melde dich zuerst an
challenge-two-players = eine Herausforderung ist eine Partie zu zweit
challenge-yourself = du kannst dich nicht selbst herausfordern
challenge-not-waiting = { $name } wartet nicht auf eine Partie { $game }
queue-too-many = ein Konto kann auf höchstens { $max } Partien zugleich warten
queue-full = die Warteschlange ist voll: versuche es später noch einmal
queue-duplicate = dieses Konto wartet schon auf diese Partie
