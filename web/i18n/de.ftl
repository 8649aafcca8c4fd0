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
replay-start = Start
place-at = auf { $cells }
place-by-passing = durch Passen

## Q

q-about = Plättchen in sechs Farben und sechs Formen, nach Qwirkle: Bilde Linien aus einer Farbe oder einer Form; 2 bis 4 Spieler.
q-rules-1 = Die Regeln des Spiels aus der Schachtel (voreingestellt): Es gibt Plättchen in sechs Farben und sechs Formen; jeder Spieler hat sechs davon auf der Hand. In deinem Zug legst du Plättchen an, tauschst deine ganze Hand gegen den Vorrat oder passt.
q-rules-2 = Anlegen: Lege ein oder mehrere Plättchen deiner Hand in eine Reihe oder eine Spalte, sodass sie eine Linie ohne Lücke bilden (dazwischen dürfen schon Plättchen liegen), mindestens eines neben einem Plättchen, das schon liegt. Danach ziehst du ebenso viele Plättchen aus dem Vorrat nach.
q-rules-3 = Linien: Jede Reihe oder Spalte aneinanderliegender Plättchen hat eine Farbe ohne doppelte Form oder eine Form ohne doppelte Farbe; eine Linie hat also höchstens sechs Plättchen. Jedes angelegte Plättchen muss seine beiden Linien so lassen.
q-rules-4 = Wertung: Für jede Linie aus zwei oder mehr Plättchen, zu der ein angelegtes Plättchen gehört, gibt es einen Punkt je Plättchen der Linie (ein Plättchen in zwei Linien zählt in beiden); eine Linie aus sechs, ein Q, bringt 6 Punkte mehr.
q-rules-5 = Das Ende: Ist der Vorrat leer und legt ein Spieler das letzte Plättchen seiner Hand an, endet das Spiel, und er bekommt 6 Punkte mehr (vorher zieht, wer die ganze Hand anlegt, neue Plättchen nach und spielt weiter). Das Spiel endet auch, wenn in einer ganzen Runde alle passen oder kein übriges Plättchen mehr irgendwo passt. Die höchste Punktzahl gewinnt.
q-rules-course-1 = Die Regeln des Racket-Kurses (wählbar; so spielen Programme über TCP): Die Plättchen eines Zuges kommen in eine Reihe oder eine Spalte, jedes auf ein freies Feld neben einem Plättchen, das schon liegt oder in diesem Zug gelegt wurde; sie müssen einander nicht berühren.
q-rules-course-2 = Wo ein Plättchen nach den Kursregeln passt: Es zählen nur die Plättchen direkt daneben. Neben einem Plättchen seiner Reihe (oder Spalte) hat es dessen Farbe oder dessen Form; zwischen zwei Plättchen seiner Reihe (oder Spalte) hat es die Farbe beider oder die Form beider. Plättchen weiter entfernt in der Linie zählen nicht: Eine Linie darf unterwegs Farbe oder Form wechseln und dasselbe Plättchen zweimal enthalten.
q-rules-course-3 = Wertung und Ende nach den Kursregeln: ein Punkt je angelegtem Plättchen, dazu ein Punkt für jedes Plättchen jeder Linie aus zwei oder mehr Plättchen, zu der ein angelegtes Plättchen gehört; ein vollständiges Q (eine Linie aus sechs: alle Farben oder alle Formen) bringt 6 Punkte mehr. Das Spiel endet sofort, wenn ein Spieler das letzte Plättchen seiner Hand anlegt (6 Punkte mehr) oder eine ganze Runde ohne Anlegen vergeht.
q-option-copies = Exemplare je Plättchen
q-option-copies-help = wie viele von jedem der 36 Plättchen: 3 wie im Spiel aus der Schachtel (eine Partie von 15 bis 20 Minuten), 30 wie im Spiel des Racket-Kurses (Hunderte Züge)
q-option-copies-1 = je 1 (eine kurze Partie)
q-option-copies-2 = je 2
q-option-copies-3 = je 3 (wie aus der Schachtel)
q-option-copies-30 = je 30 (das Spiel des Racket-Kurses: lang)
q-option-hand-size = Handgröße
q-option-hand-size-help = Plättchen auf der Hand
q-option-rules = Regeln
q-option-rules-help = die des Spiels aus der Schachtel (Linien aus einer Farbe oder einer Form, kein Plättchen doppelt; voreingestellt) oder die des Racket-Kurses (es zählen nur die Plättchen direkt daneben; die Regeln der Programme über TCP)
q-option-rules-boxed = wie aus der Schachtel (Qwirkle)
q-option-rules-course = wie im Racket-Kurs
q-bot-ldasg = „less dumb and still greedy“ aus dem Kurs: das Plättchen mit den meisten Nachbarn
q-bot-dag = „dumb and greedy“ aus dem Kurs: das kleinste mögliche Feld in Reihen- und Spaltenfolge
q-bot-lines = sucht Linien aus mehreren Plättchen mit der besten Wertung im Zug
q-bot-learned = die besten Züge der Liniensuche, jeder von einem gelernten Bewertungsnetz an Vermutungen über die verdeckten Plättchen beurteilt; an den Kursregeln trainiert (dort etwas stärker als lines, nach den Regeln aus der Schachtel viel schwächer)
q-bot-lookahead = die Liniensuche, die jeden Zug danach beurteilt, was er dem nächsten Spieler lässt, geschätzt an Vermutungen über die verdeckten Plättchen: nach den Regeln aus der Schachtel dessen beste Antwort, nach den Kursregeln, ob er seine ganze Hand anlegen kann
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
q-end-blocked = kein übriges Plättchen passt mehr irgendwo
q-end-round-of-passes = eine ganze Runde verging, in der alle gepasst haben
q-column-line-points = Linienpunkte
q-column-q-bonuses = Q-Boni
q-column-finish-bonus = Schlussbonus
q-illegal-empty = lege mindestens ein Plättchen
q-illegal-not-owned = nicht auf deiner Hand: { $tile }
q-illegal-not-in-line = die Plättchen eines Zuges gehören in eine Reihe oder eine Spalte
q-illegal-not-adjacent = { $cell } ist kein freies Feld neben einem Plättchen
q-illegal-no-fit = passt nicht auf { $cell }: { $tile }. Ein Plättchen hat die Farbe oder die Form des Plättchens daneben, zwischen zwei Plättchen einer Reihe oder Spalte die Farbe beider oder die Form beider
q-illegal-pile-too-small = du kannst nicht tauschen: im Vorrat liegen weniger Plättchen, als du auf der Hand hast
q-illegal-gap = die Plättchen eines Zuges bilden eine Linie: { $cell } dazwischen ist frei
q-illegal-line-long = die Linie durch { $cell } hätte mehr als sechs Plättchen
q-illegal-line-mixed = die Linie durch { $cell } hätte weder eine Farbe noch eine Form
q-illegal-line-twice = in der Linie durch { $cell } läge dasselbe Plättchen zweimal ({ $tile })

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
triominos-bot-ismcts = eine Baumsuche über Vermutungen zu dem, was er nicht sieht
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
akropolis-bot-ismcts = eine Baumsuche über die 8 besten Züge
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
analysis-why = { $points ->
        [more] jetzt { $better } Punkte statt { $played } und eine um { $gain } Prozentpunkte höhere Siegchance ({ $win } % statt { $chance } %)
        [fewer] jetzt { $better } Punkte statt { $played }, aber eine um { $gain } Prozentpunkte höhere Siegchance ({ $win } % statt { $chance } %): er lässt bessere Aussichten für die nächsten Züge
       *[same] jetzt gleich viele Punkte ({ $played }), aber eine um { $gain } Prozentpunkte höhere Siegchance ({ $win } % statt { $chance } %): er lässt bessere Aussichten für die nächsten Züge
    }
analysis-verdict = { $play }; { $decided }.
analysis-play-none = { $who } hat so gut gespielt, wie die Suche es beurteilen kann
analysis-play-close = { $who } hat fast bestmöglich gespielt (−{ $lost } % durch eigene Entscheidungen)
analysis-play-within = { $who } hat bestmöglich gespielt, soweit die Suche es messen kann (−{ $lost } % ±{ $margin } % durch eigene Entscheidungen)
analysis-play-cost = { $who } hat durch eigene Entscheidungen { $lost } % Siegchance verloren
analysis-decided-luck = das Glück hat diese Partie entschieden: { $luck } % durch die gezogenen Steine und die Züge der anderen
analysis-decided-play = die eigenen Entscheidungen haben diese Partie entschieden, mehr als das Glück: { $luck } % durch die gezogenen Steine und die Züge der anderen
analysis-luck-so-far = die Partie ist nicht zu Ende: bisher { $luck } % durch die gezogenen Steine und die Züge der anderen
analysis-decided-unclear = die Suche kann nicht sagen, ob das Glück ({ $luck } % durch die gezogenen Steine und die Züge der anderen) oder die eigenen Entscheidungen diese Partie entschieden haben: ihr Fehler bei den Entscheidungen beträgt ±{ $margin } % (mehr Iterationen verringern ihn)
analysis-too-few = Mit { $budget } pro Zug konnte die Suche nur { $judged } der { $choices } Züge beurteilen, bei denen { $who } eine Wahl hatte: zu wenige Iterationen, um die Züge zu bewerten oder Glück und Können zu trennen. Analysiere mit mehr Iterationen (voreingestellt sind { $default }).

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
move-turn-over = dieser Zug war für einen früheren Spielzug gedacht: sieh dir den Tisch noch einmal an
spectators-cannot-move = Zuschauer können nicht ziehen
pace-players-only = das Tempo bestimmen nur die Mitspielenden
pace-too-many = zu viele Tempowechsel auf einmal: warte einen Moment
node-unreachable = der Knoten, der dieses Spiel führt, ist nicht erreichbar: lade die Seite neu
out-of-time-first-move = der erste Zug, den die Regeln erlauben, wird für sie gespielt
out-of-time-q = für sie wird gepasst
out-of-time-triominos = für sie wird gepasst, wenn das erlaubt ist, sonst ein Stein gezogen
preview-too-many = zu viele Vorschauen auf einmal: warte einen Moment
preview-none = für diesen Zug gibt es keine Punkte anzuzeigen
preview-no-view = dieser Platz hat noch keine Ansicht
preview-unreadable-view = die Ansicht des Platzes ist unlesbar: { $why }
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
clock-two = ein Tisch hat eine Uhr: Zeit pro Zug (clock_s) oder eine Uhr der Partie (time_control), nicht beides
time-control-form = „{ $text }“ ist keine Bedenkzeit: Minuten je Person plus Sekunden pro Zug, etwa 5+3 oder 0.5+0
time-control-range = die Bedenkzeit { $text } gibt es nicht: 0,25 bis 180 Minuten je Person, 0 bis 60 Sekunden pro Zug
lost-on-time = { $who } hat keine Zeit mehr
chat-one-thing = eine Chatzeile ist ein Text oder eine Schnellnachricht, eins davon
chat-no-phrase = diese Schnellnachricht gibt es nicht
chat-guests-phrases = Gäste senden nur Schnellnachrichten: zum Schreiben anmelden
chat-empty = nichts zu sagen
chat-control = eine Chatzeile enthält keine Steuerzeichen
chat-invisible = eine Chatzeile enthält keine unsichtbaren oder richtungsändernden Zeichen
chat-too-long = eine Chatzeile hat höchstens { $max } Zeichen
chat-too-fast = höchstens { $n } Zeilen pro Minute: kurz warten
chat-full = der Chat dieser Partie ist voll ({ $max } Zeilen)
chat-not-kept = die Zeile konnte nicht gespeichert werden: noch einmal versuchen
chat-report-sign-in = zum Melden anmelden
chat-hello = Hallo!
chat-good-luck = Viel Glück!
chat-good-game = Gutes Spiel
chat-well-played = Gut gespielt
chat-thanks = Danke!
chat-oops = Hoppla
chat-bye = Tschüss!
chat-title = Chat
chat-spectators-title = Chat der Zuschauer
chat-show-spectators = Chat der Zuschauer zeigen
chat-placeholder = Etwas sagen …
chat-send = Senden
chat-guest = ein Gast
chat-guest-note = Gäste nutzen die Schnellnachrichten; zum Schreiben anmelden.
chat-mute = { $name } stummschalten
chat-unmute = { $name } wieder zeigen
chat-mute-short = stumm
chat-muted = { $name } ist stummgeschaltet
chat-report = melden
chat-reported = Gemeldet: der Betreiber sieht es sich an
chat-none = Noch nichts gesagt
chat-replay = Chat
join-name = bitte einen Namen: die anderen sehen ihn am Tisch
join-gone = dieser Einladungslink führt nirgends mehr hin: sein Platz wurde genommen oder abgelehnt, oder der Tisch wartet nicht mehr
join-declined = die Einladung wurde abgelehnt
join-expired = niemand hat den Einladungslink innerhalb von { $time } geöffnet
join-title = { $by } lädt dich zu einer Partie { $game } ein
join-title-nobody = Du bist zu einer Partie { $game } eingeladen
join-details = Spieler: { $seats }
join-your-name = Dein Name
join-take = Platz nehmen
join-decline = Ablehnen
join-declined-done = Abgelehnt: der Tisch ist geschlossen.
join-failed = Platz nehmen nicht möglich: { $why }
join-share = Schick diesen Link der eingeladenen Person (wer ihn zuerst öffnet, nimmt den Platz):
join-waiting = wartet darauf, dass deine Einladung geöffnet wird
waiting-friend = Wartet auf den, der den Einladungslink hat
seat-invited = (eingeladen per Link)
clock-game = Uhr der Partie (Minuten + Sekunden pro Zug)
time-control = { $tc } (Min. + s)
name-empty = ein Name darf nicht leer sein
name-too-long = ein Name hat höchstens { $max } Zeichen
name-control = ein Name darf keine Steuerzeichen oder Zeilenumbrüche enthalten
name-invisible = ein Name darf keine unsichtbaren Zeichen oder Rechts-nach-links-Steuerzeichen enthalten
name-mixed-scripts = ein Name darf keine ähnlich aussehenden Buchstaben verschiedener Alphabete mischen (wie ein lateinisches a und ein kyrillisches а)
hint-rated = keine Tipps in einer gewerteten Partie
hint-no-levels = { $game } hat keine Bot-Stufen, die Tipps geben
hint-bots-only = Tipps gibt es nur in Partien gegen Bots
hint-no-view = noch keine Ansicht: versuche es noch einmal
analysis-not-ended = Spiel { $id } ist { $status }: analysiert wird ein Spiel, wenn es zu Ende ist
analysis-iters = iters = { $iters }: 1 bis { $max } Iterationen pro Zug
seed-refused-program = einen eigenen Startwert gibt es nur zum Üben, und Platz { $seat } bleibt für ein Programm frei: der Startwert bestimmte seine Steine. Lass den Startwert leer: der Server zieht einen und legt sich vorab darauf fest
seed-refused-link = ein selbst gewählter Startwert ist nur zum Üben, und Platz { $seat } ist für den, der den Link hat: der Startwert würde dessen Steine austeilen. Das Feld leer lassen: der Server zieht einen und legt sich darauf fest
link-one-seat = ein Tisch hat einen Platz für den, der seinen Link hat
seed-refused-account = einen eigenen Startwert gibt es nur zum Üben, und Platz { $seat } gehört { $name }: der Startwert bestimmte die Steine dieser Person. Lass den Startwert leer: der Server zieht einen und legt sich vorab darauf fest
seed-refused-rated = eine gewertete Partie wird immer mit dem Startwert des Servers verteilt, nie mit einem gewählten
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
aborted-turns-idle = jede Person hat { $n } Fristen nacheinander verstreichen lassen, ohne dass dazwischen jemand gezogen hat: die Partie ist beendet, niemand gewinnt
aborted-by-operator = vom Betreiber abgebrochen
aborted-by-operator-why = vom Betreiber abgebrochen: { $why }
resigned-why = { $who } hat aufgegeben
resigned-banned = { $who } wurde vom Betreiber gesperrt
wrong-login = falscher Name oder falsches Passwort
log-in-first = melde dich zuerst an
too-many-attempts = zu viele Versuche: versuche es in { $seconds } s noch einmal
name-taken = der Name „{ $name }“ ist vergeben
signups-too-many = von deiner Adresse wurden in den letzten 24 Stunden schon { $most } Konten angelegt, mehr gehen an einem Tag nicht: versuche es morgen noch einmal
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
challenge-two-players = eine Herausforderung ist eine Partie zu zweit
challenge-yourself = du kannst dich nicht selbst herausfordern
challenge-not-waiting = { $name } wartet nicht auf eine Partie { $game }
challenge-rated-rules = eine gewertete Partie wird nach den üblichen Regeln des Spiels gespielt, ohne Uhr: lass die Optionen und die Uhr weg oder fordere zu einer ungewerteten Partie heraus
challenge-full = zu viele Herausforderungen warten auf diesem Server: versuch es in einer Minute wieder
challenge-too-many = du hast { $max } Herausforderungen, die auf Antwort warten, mehr gehen nicht: zieh eine zurück oder warte auf eine Antwort
challenge-too-many-received = auf { $name } warten zu viele Herausforderungen: versuch es später wieder
challenge-none = keine solche Herausforderung wartet auf dich: sie wurde beantwortet, zurückgezogen oder ist abgelaufen
challenge-gone = { $name } wartet nicht mehr auf die Antwort: die Herausforderung ist zurückgezogen
challenge-declined = { $name } hat deine Herausforderung abgelehnt{ $reason ->
    [none] {""}
   *[other] : { $reason }
}
challenge-withdrawn = du hast die Herausforderung zurückgezogen
challenge-expired = { $name } hat deine Herausforderung nicht rechtzeitig beantwortet
queue-too-many = ein Konto kann auf höchstens { $max } Partien zugleich warten
queue-full = die Warteschlange ist voll: versuche es später noch einmal
queue-duplicate = dieses Konto wartet schon auf diese Partie

## The page's frame (web/index.html, web/app.js)
nav-main = Hauptmenü
nav-account = Konto
nav-lobby = Lobby
nav-new = Neues Spiel
nav-arena = Arena
nav-leaderboards = Ranglisten
lang-label = Sprache
lang-en = English
lang-de = Deutsch
loading = Wird geladen …

## Accounts (web/login.js)
title-page = Tessera — { $page }
login = Anmelden
register = Registrieren
logout = Abmelden
your-account = dein Konto
your-bot-account = dein Bot-Konto
name-bot = { $name } (Bot)
account-kind-person = Mensch
account-kind-bot = Bot
account-name = Name
account-name-hint = 2 bis 20 Buchstaben oder Ziffern, am Anfang ein Buchstabe.
account-password = Passwort
account-password-hint = 8 bis 128 Zeichen.
account-kind = Art
account-kind-hint = Ein Mensch spielt im Browser; ein Bot ist ein Programm, das über TCP mit API-Schlüsseln spielt.
have-account = Schon ein Konto?
no-account-yet = Noch kein Konto?
account-name-required = Name: erforderlich.
account-name-bad = Name: 2 bis 20 Buchstaben oder Ziffern, am Anfang ein Buchstabe.
account-password-required = Passwort: erforderlich.
account-password-bad = Passwort: 8 bis 128 Zeichen.
refusal-wait = { $why } (versuche es in { $seconds } s noch einmal)
register-about = Mit einem Konto spielst du gewertete Partien und stehst in den Ranglisten. Auch ohne Konto spielst du als Gast ungewertete Partien.

## Requests (web/api.js)
refusal-status = der Server antwortete mit { $status }

## The lobby (web/lobby.js)
col-id = Nr.
col-created = Erstellt
col-game = Spiel
col-players = Spieler
col-status = Status
col-moves = Züge
col-scores = Punkte
older-games = Ältere Spiele
older-games-label = Ältere Spiele zeigen
filters = Filter
filter-show = Anzeigen:
filter-game = Nur die Partien dieses Spiels anzeigen
filter-every-game = alle Spiele
filter-status = Partien nach ihrem Stand anzeigen
filter-all = laufende und beendete
filter-live = nur laufende
filter-ended = nur beendete
filter-mine = nur meine Spiele
playing-now = Laufende Spiele
finished-games = Beendete Spiele
no-live-games = { $filtered ->
        [yes] Von dieser Auswahl läuft gerade keine Partie.
       *[no] Gerade läuft keine Partie.
    }
no-ended-games = { $filtered ->
        [yes] Von dieser Auswahl ist keine Partie zu Ende.
       *[no] Noch ist keine Partie zu Ende.
    }
seat-open = (frei)
name-tcp = { $name } (TCP)
status-waiting-open = wartet ({ $open } frei)
status-waiting = wartet
status-running = läuft
status-paused = unterbrochen
status-finished = beendet
status-stopped = angehalten
status-aborted = abgebrochen
status-resigned = aufgegeben
status-winners = { $status } — { $count ->
    [one] Sieger
   *[other] Sieger
}: { $winners }
unit-moves = { $n ->
    [one] Zug
   *[other] Züge
}
unit-games = { $n ->
    [one] Spiel
   *[other] Spiele
}
resume = Weiterspielen
watch = Zuschauen
replay = Nachspielen
resume-game = { $game }-Partie { $id } weiterspielen
watch-game = Der { $game }-Partie { $id } zuschauen
replay-game = { $game }-Partie { $id } nachspielen
welcome = Willkommen bei Tessera. Hier wurde noch kein Spiel gespielt: Starte eines mit „Neues Spiel“, gegen Bots oder mit Freunden an diesem Bildschirm.
cannot-read-games = Die Spiele lassen sich nicht lesen: { $why }
cannot-read-older = Ältere Spiele lassen sich nicht lesen: { $why }
seed-chosen = Übung: Startwert gewählt

## A game's page (web/table.js)
board-label = Spielfeld: ziehen oder Pfeiltasten zum Verschieben, Mausrad oder +/- zum Zoomen
zoom-fit = Spielfeld einpassen
board-zoom-to-read = Zu klein für die Zahlen: zum Lesen hineinzoomen (+).
zoom-in = Vergrößern
zoom-out = Verkleinern
game-log = Spielprotokoll
log = Protokoll
col-player = Spieler
col-score = Punkte
player-in-scores = { $name }{ $kind ->
        [program] {" "}(Programm)
        [bot] {" "}(Bot)
       *[person] {""}
    }{ $you ->
        [yes] {" "}(du)
       *[no] {""}
    }

## The end of a game (web/ending.js)
seat-n = Platz { $n }
why-resigned = ein Spieler hat aufgegeben
why-stopped = das Spiel wurde vor seinem Ende angehalten
why-end = das Spiel ist zu Ende
end-label = Spielende
game-over = Spielende
sentence = { $text }.
end-line = Spielende — { $won }
end-line-resigned = Spielende — { $why }; { $won }
end-line-other = Spiel { $status }: { $why }
win-line = { $count ->
    [0] niemand gewinnt
    [one] { $winners } gewinnt
   *[other] { $winners } teilen sich den Sieg
}

## Rules help, bots, how a program joins (web/help.js)
level-rating = Stufe { $n } · { $rating }{ $rank ->
        [weakest] , die schwächste
        [strongest] , die stärkste
       *[other] {""}
    }
as-level-rating = wie Stufe { $n } · { $rating }
strength-weak = schwach
strength-fair = mittel
strength-strong = stark
strength-strongest = sehr stark
none = keine
label-colon = { $label }:
how-to-play = So spielt man { $game }
this-game = Diese Partie
out-of-time-title = Zeit überschritten
out-of-time-help = Eine Person, deren Zeit abgelaufen ist, behält ihren Platz: { $rule }. Eine Live-Partie mit Uhr zählt Sekunden pro Zug, eine Fernpartie Tage pro Zug (1, 2, 3 oder 7): Nach Ablauf der Frist spielt dieselbe Regel diesen Zug, und die Partie geht weiter. Eine Fernpartie wird nicht beendet, weil jemand fehlt, sondern erst, wenn niemand mehr spielt: Hat jede Person an ihr ihre Frist mehrmals nacheinander verstreichen lassen (auf einem Server mit Standardeinstellungen dreimal), ohne dass dazwischen jemand gezogen hat, wird sie abgebrochen (niemand gewinnt, nichts wird gewertet). Eine Live-Partie, in der eine Person lange keinen Zug macht (auf einem Server mit Standardeinstellungen eine halbe Stunde), wird abgebrochen.
the-bots = Die Bots
join-or-run = zuerst an den Spielport sendet; oder führe aus:
join-port = Gib --port P an, wenn der TCP-Port des Servers nicht der voreingestellte ist (tessera serve zeigt tcp=P).
starter-bots = Oder setze einen Einsteiger-Bot (docs/bots.md) an den Tisch, aus dem Hauptordner des Repositorys:
level-about = Stufe { $n } von { $of }{ $rank ->
        [weakest] {" "}(die schwächste)
        [strongest] {" "}(die stärkste)
       *[other] {""}
    }, Wertungszahl { $rating }{ $plays ->
        [none] {""}
       *[other] : spielt als { $plays }
    }
the-levels = Die Stufen
level-plays = Stufe { $n }: { $plays }
the-engines = Die Engines hinter den Stufen (für Fortgeschrittene)
the-engines-about = Jede Stufe ist eine dieser Engines mit fester Stärke. Unter „Neues Spiel“ lassen sie sich direkt an den Tisch setzen, wenn „Engines zeigen, die hinter den Stufen stehen“ angehakt ist.
join-open = { $open ->
    [one] { $open } freier Platz wartet auf Programme über TCP. Ein Programm setzt sich, indem es
   *[other] { $open } freie Plätze warten auf Programme über TCP. Ein Programm setzt sich, indem es
}

## The New game form (web/newgame.js)
label-value = { $label }: { $value }
label-json = { $label } (JSON)
bot-label = Bot: { $name }
bot-label-strength = Bot: { $name } ({ $strength })
nothing = nichts
clock-label = Uhr für Menschen
no-clock = keine Uhr
clock-live = Live
clock-turns = Fernpartie (Konten)
clock-turns-log-in = Fernpartie (nur mit Konto)
turn-note-guest = Eine Fernpartie spielt man von einem Konto aus: jede Person in ihrem eigenen Tempo, über Tage. Melde dich zuerst an oder registriere dich:
turn-needs-account = Eine Fernpartie braucht ein Konto: Melde dich zuerst an oder registriere dich
turn-note = Eine Fernpartie: Jede Person spielt von ihrem Konto aus, in ihrem eigenen Tempo (die Seite „Am Zug“, Benachrichtigungen, eine E-Mail). Lass den Namen deines Platzes leer; trage für die anderen Personen deren Konten ein: Sie werden eingeladen, und die Partie beginnt, sobald alle in ihrem Eingang zugesagt haben.
account-or-you = Konto (leer: du)
time-per-move = Uhr
players-count = Anzahl der Spieler
seed = Startwert
seed-random = zufällig
delay-label = Bot-Verzögerung in Millisekunden
delay = Bot-Verzögerung (ms)
delay-short = Bot-Verzögerung
no-rule-options = Keine Regeloptionen.
solo-note = Eine Solopartie: ein Platz hier und der Bot { $bot } auf dem letzten Platz — { $about }.
seat-player = Spieler auf Platz { $n }
seat-human = Mensch
seat-levels = Bots nach Stufe
seat-engines = Engines (für Fortgeschrittene)
seat-engines-show = Engines zeigen, die hinter den Stufen stehen (für Fortgeschrittene)
player-n = Spieler { $n }
seat-program = Programm über TCP
seat-program-about = frei für ein Programm, das über TCP beitritt
seat-program-open = frei, bis ein Programm über TCP beitritt
bot-params = { $about } (Parameter: { $params })
seat-name-placeholder = Name
seat-name = Name auf Platz { $n }
your-name = dein Name
name-optional = Name (freiwillig)
strength-ms = Stärke: ms pro Zug
strength-budget = Stärke: Budget
seat-strength = Bot-Stärke auf Platz { $n } ({ $key }=, freiwillig)
seat-n-label = Platz { $n }
seats = Plätze
rules = Regeln
options = Optionen
clock = Uhr
clock-about = Zeit pro Zug: wer sie überschreitet, für den wird dieser Zug gespielt (wie, steht unter „So spielt man …“); Uhr der Partie: wer keine Zeit mehr hat, verliert
start-game = Spiel starten
seat-name-long = Platz { $n }: ein Name hat höchstens { $max } Zeichen
seat-name-taken = Platz { $n }: „{ $name }“ hat schon ein anderer Platz: gib jedem Spieler einen eigenen Namen
cannot-start = Start nicht möglich: { $why }
not-whole-number = { $label }: eine ganze Zahl ab { $lo }{ $hi ->
        [none] {""}
       *[other] {" "}bis { $hi }
    }{ $optional ->
        [yes] {" "}oder nichts
       *[no] {""}
    }, nicht { $given }

## Playing a game (web/play.js)
title-watching = Tessera — Zuschauen bei { $id }
title-playing = Tessera — Spiel { $id }
title-game = Tessera — { $game } { $id }
title-game-watching = Tessera — { $game } { $id } (Zuschauen)
speed-label = Bot-Verzögerung (Millisekunden pro Zug)
resign = Aufgeben
resign-ask = Dieses Spiel aufgeben? Die anderen gewinnen.
resign-yes = Ja, aufgeben
resign-no = Nein, weiterspielen
cannot-resign = Aufgeben nicht möglich: { $why }
cannot-rematch = Revanche nicht möglich: { $why }
confirm-pref = Jeden Zug vor dem Senden bestätigen
confirm-label = Zug bestätigen
held-tile-points = { $tile } für +{ $points }
held-at = { $tile } auf { $cell }
held-draw = einen Stein ziehen
held-pass = passen
held-replace = die Hand tauschen
your-placement = Dein Zug
confirm = Bestätigen
held-line = { $label }: { $move }.
take-back = Zurücknehmen
hint = Tipp
hints-about = die stärkste Stufe schlägt einen Zug vor; das Spielprotokoll vermerkt, dass du gefragt hast
hints-allow = Tipps erlauben
level-n = Stufe { $n }
hint-from = Tipp von { $by }
play-it = Spielen
no-hint = Kein Tipp: { $why }
clock-you = Du hast noch { $left } ({ $per }; danach gilt: { $rule })
clock-other = { $who } hat noch { $left } ({ $per }; danach gilt: { $rule })
bot-speed = Bot-Tempo: Verzögerung
spectator-view = Zuschaueransicht
was-ejected = { $who } wurde ausgeschlossen
was-ejected-why = { $who } wurde ausgeschlossen ({ $call }): { $reason }
play-rated-again = Wieder gewertet spielen
rematch = Revanche
rematch-about = dasselbe Spiel mit denselben Einstellungen, die Plätze weitergerückt
replay-this = Diese Partie nachspielen
your-turn = Du bist am Zug
view-failed = Die Ansicht von { $game } ist fehlgeschlagen ({ $why }): stattdessen die allgemeine Ansicht
waiting-others = Warten auf die anderen Spieler …
game-is-over = Das Spiel ist vorbei.
refused = Abgelehnt: { $why }
game-failed = Spiel { $id }: { $why }
try-replay = Zum Nachspielen
held-akropolis = Plättchen { $tile }, { $turns }-mal gedreht{ $points ->
        [none] {""}
       *[other] {" "}für { $points }
    }
waiting-programs = { $open ->
    [one] Warten, bis { $open } Programm über TCP beitritt
   *[other] Warten, bis { $open } Programme über TCP beitreten
}
bot-thinking = { $who } denkt nach …{ $spectating ->
        [yes] {" "}(Zuschauer)
       *[no] {""}
    }
to-move = { $who } ist am Zug{ $spectating ->
        [yes] {" "}(Zuschauer)
       *[no] {""}
    }

## The replay and its analysis (web/replay.js, web/analysis.js)
title-replay = Tessera — Partie { $id } nachspielen
replay-failed = Nachspielen von { $id }: { $why }
replay-move = Zug
replay-play-label = Den Verlauf abspielen oder anhalten
replay-play = Abspielen
replay-pause = Anhalten
show-better = Den besseren Zug zeigen
show-played = Den gespielten Zug zeigen
replay-start-words = Der Anfang, vor dem ersten Zug.
not-over-yet = noch nicht vorbei ({ $status })
replay-label = Nachspielen:
replay-first-label = Erster Zug
replay-first = Anfang
replay-back-label = Vorheriger Zug
replay-back = Zurück
replay-next-label = Nächster Zug
replay-next = Weiter
replay-last-label = Letzter Zug
replay-last = Ende
result-seed = { $result } · Startwert { $seed }
record-json = Das Protokoll (JSON)

## The deal, committed and revealed (web/deal.js)
deal = Faires Mischen
deal-about = Vor dem ersten Zug hat sich der Server auf die Verteilung dieser Partie festgelegt: der Code unten ist der SHA-256-Hash ihres Startwerts und eines geheimen Salts. Am Ende werden beide offengelegt, und jeder kann prüfen, dass jeder Stein aus dem zugesagten Startwert kam (die Seite zum Nachspielen prüft es, ebenso tessera verify mit dem Protokoll).
deal-commitment = Festlegung: { $commitment }
deal-revealed = Startwert { $seed } · Salt { $salt }
deal-practice = Übungspartie: ein Spieler hat den Startwert gewählt, darum wird sie nie gewertet.
deal-none = Diese Partie stammt aus der Zeit vor den Festlegungen: es gibt nichts zu prüfen.
deal-checking = Prüfe die Verteilung …
deal-verified = Verteilung geprüft: Startwert und Salt ergeben genau den Hash, der von Anfang an gezeigt wurde.
deal-mismatch = Achtung: Startwert und Salt ergeben nicht den Hash, der von Anfang an gezeigt wurde ({ $found } statt { $commitment }).
deal-cannot-check = Dieser Browser berechnet SHA-256 nur auf https://- oder localhost-Seiten: prüfe das Protokoll mit tessera verify.
analyze-label = Das Spiel mit dem Bot analysieren
analyze = Analysieren
analysis = Analyse
analysis-about = Der stärkste Bot beurteilt jeden Zug allein aus der Sicht des Spielers (was der Spieler nicht sehen konnte, schätzt er an Stichproben).
analysis-failed = Analyse fehlgeschlagen: { $why }
analysis-starting = Die Analyse beginnt …
analysing = Analyse läuft …
analysing-done = Analyse läuft … { $done } von { $total } Zügen
analysis-waiting = Der Server analysiert gerade ein anderes Spiel; warten …
analysis-empty = Kein Zug zu analysieren.
analysis-move-who = Zug { $n }, { $who }:
win-chance-change = (Siegchance { $before } → { $after })
win-chance-lost = (Siegchance { $before } → { $after }: { $lost } ±{ $margin })
analysis-within-error = Innerhalb des Fehlers der Suche (±{ $margin }) von ihrem besten Zug: kein besserer Zug zu zeigen.
analysis-no-verdict = Kein Urteil: mit { $budget } pro Zug ist der Fehler der Suche bei diesem Zug (±{ $margin }) zu groß, um ihn zu beurteilen.
better = Besser:
bot-agrees = Der Bot hätte diesen Zug auch gespielt.
best-moves = Die besten Züge des Bots:
biggest-mistakes = Die größten Fehler
mistake-line = Zug { $n } · { $who } · { $class } (−{ $loss })
no-mistakes = Keine Ungenauigkeit, kein Fehler, kein Patzer jenseits des Fehlers der Suche.
no-mistakes-too-few = Zu wenige Iterationen pro Zug, um Fehler zu finden (siehe oben).
analysis-legend = Siegchance, wie der Bot sie aus der Sicht des Spielers schätzt ({ $budget } pro Zug; { $search }). Der Verlust eines Zugs wird am besten Zug des Bots gemessen, ± dem Fehler der Suche: innerhalb des Fehlers gilt der Zug als bester (oder bleibt ohne Urteil, wenn der Fehler 10 % oder mehr beträgt); darüber hinaus Verlust unter { $best }: bester Zug; unter { $good }: gut; unter { $inaccuracy }: Ungenauigkeit; unter { $mistake }: Fehler; mehr: Patzer. Die Linie beginnt bei einem gleichen Anteil und endet beim Ergebnis: bei den Zügen des Spielers fällt sie um deren Verlust (die Entscheidungen), dazwischen bewegen sie die gezogenen Steine und die Züge der anderen (das Glück).
dot-label = Zug { $n }: { $class }
dot-title = Zug { $n } ({ $who }): { $class }, −{ $loss }
win-graph = Siegchance nach jedem Zug
graph-move = Zug { $n }
class-best = bester Zug
class-good = gut
class-inaccuracy = Ungenauigkeit
class-mistake = Fehler
class-blunder = Patzer
class-unjudged = ohne Urteil
replay-step = Zug { $i } von { $of }{ $better ->
        [yes] {" "}(der bessere Zug)
       *[no] {""}
    }
replay-status = { $game } { $id } nachspielen: { $step }{ $end ->
        [yes] {" "}(Ende)
       *[no] {""}
    }
analysis-summary-line = { $who }: { $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }, { $inaccuracies ->
        [one] { $inaccuracies } Ungenauigkeit
       *[other] { $inaccuracies } Ungenauigkeiten
    }, { $mistakes ->
        [one] { $mistakes } Fehler
       *[other] { $mistakes } Fehler
    }, { $blunders ->
        [one] { $blunders } Patzer
       *[other] { $blunders } Patzer
    }{ $unjudged ->
        [0] {""}
        [one] , { $unjudged } Zug ohne Urteil
       *[other] , { $unjudged } Züge ohne Urteil
    }.
analysis-account = Siegchance { $start } am Anfang, { $end } { $over ->
        [yes] am Ende
       *[no] nach dem letzten Zug
    }: Entscheidungen { $play } (±{ $margin }), Glück { $luck }.

## The Arena (web/arena.js)
pool-duel = 2 Spieler
pool-multi = 3+ Spieler
house-name = { $name } (Bot-Stufe)
arena-login-1 = Gewertete Partien brauchen ein Konto: melde dich an oder
arena-register = registriere dich
arena-login-2 = . Als Gast spielst du ungewertete Partien unter
arena-login-3 = .
your-ratings = Deine Wertungszahlen
arena-bot-account = { $name } ist ein Bot-Konto: Bots spielen gewertete Partien über TCP mit einem API-Schlüssel, nicht im Browser.
your-tokens = Deine Schlüssel
tell-how = zeigen, wie.
play-rated = Gewertet spielen
arena-pairing = Du spielst gegen Menschen mit ähnlicher Wertungszahl; ist eine Weile niemand in der Nähe, gegen eine der Bot-Stufen.
playing-as = Du spielst als { $name }.
wait-game = { $game }, { $n } Spieler:
waiting-opponent = Warten auf einen Gegner … ({ $seconds } s)
cancel = Abbrechen
your-tickets = Deine Anmeldungen
col-ticket = Anmeldung
queued-for = wartet seit { $seconds } s
matched-game = gepaart: Spiel { $id }
play = Spielen
cannot-read-tickets = Deine Anmeldungen lassen sich nicht lesen: { $why }
cannot-leave-queue = Verlassen der Warteschlange nicht möglich: { $why }
cannot-queue = Anmelden nicht möglich: { $why }
rated-about = eine gewertete Partie: ihr Ergebnis ändert die Wertungszahlen der Spieler
rated = Gewertet
rated-updating = Gewertete Partie: die Wertungszahlen werden aktualisiert …
rating-changes = Neue Wertungszahlen
rated-not-ready = Gewertete Partie: die neuen Wertungszahlen sind noch nicht fertig; siehe die Seiten der Spieler.
n-players = { $n } Spieler

## Accounts and leaderboards (web/account.js, web/leaderboard.js)
account-failed = Konto { $name }: { $why }
badge-bot = Bot
badge-person = Mensch
marked-about = dieses Konto hat zu viele Spiele verlassen
marked = markiert: verlässt Spiele
provisional = vorläufig
ratings = Wertungszahlen
col-pool = Gruppe
col-rating = Wertungszahl
col-games = Spiele
col-trend = Verlauf
no-rated-game = Noch keine gewertete Partie.
rated-games = Gewertete Partien
col-when = Wann
col-place = Platz
col-against = Gegen
col-result = Ergebnis
versus = gegen
result-won = gewonnen
result-shared = Sieg geteilt
result-lost = verloren
result-lost-place = verloren ({ $place } von { $n })
your-turn-games = Deine Fernpartien
other-games = Andere Spiele
house-record = Gegen die Bot-Stufen des Hauses
house-record-about = Jede gewertete Partie gegen eine Bot-Stufe des Hauses: gewonnen, verloren und unentschieden (ein geteilter Platz).
col-level = Stufe
col-won = Gewonnen
col-lost = Verloren
col-drawn = Unentschieden
challenge-who = { $name } herausfordern
challenge = Herausfordern
challenge-about = { $name } antwortet im Posteingang (ein Bot von selbst) innerhalb von zwei Minuten; eine Hausstufe oder wer für eine gewertete Partie in der Warteschlange wartet, spielt sofort.
challenge-rated = Gewertet
challenge-withdraw = Zurückziehen
challenge-waiting = Warte auf die Antwort von { $name } (noch { $seconds } s)
challenge-state-declined = { $name } hat abgelehnt{ $reason ->
    [none] {""}
   *[other] : { $reason }
}
challenge-state-expired = { $name } hat nicht rechtzeitig geantwortet
challenge-state-withdrawn = Die Herausforderung ist zurückgezogen
challenge-state-failed = Die Partie konnte nicht beginnen{ $reason ->
    [none] {""}
   *[other] : { $reason }
}
token-label-placeholder = Bezeichnung (z. B. Laptop)
token-label = Bezeichnung des Schlüssels
new-token = Neuer Schlüssel
api-tokens = API-Schlüssel
tokens-about = Ein Programm spielt mit einem Schlüssel gewertete Partien für diesen Bot. Ein Schlüssel wird nur einmal gezeigt, wenn er erstellt wird: halte ihn geheim und widerrufe ihn, wenn er bekannt wird.
cannot-read-tokens = Die Schlüssel lassen sich nicht lesen: { $why }
col-label = Bezeichnung
col-made = Erstellt
col-last-used = Zuletzt benutzt
col-state = Zustand
no-label = (ohne Bezeichnung)
never = nie
token-revoked = widerrufen
token-active = gültig
revoke-token = Schlüssel { $token } widerrufen
revoke = Widerrufen
no-token-yet = Noch kein Schlüssel.
revoke-no = Nein, behalten
revoke-yes = Ja, widerrufen
revoke-ask = Widerrufen? Programme, die ihn nutzen, hören auf.
cannot-revoke = Widerrufen nicht möglich: { $why }
cannot-make-token = Schlüssel erstellen nicht möglich: { $why }
copied = Kopiert.
selected-copy = Ausgewählt: zum Kopieren Strg+C (⌘C) drücken.
copy = Kopieren
new-token-shown = Dein neuer Schlüssel (nur jetzt sichtbar — kopiere ihn):
token-signup-1 = Ein Programm meldet sich mit dieser ersten Zeile am Spielport an
token-game = Spiel
token-or-run = oder führt aus (SPEC: der Bot, den es spielt, z. B. random):
no-games = Dieser Server hat keine Spiele.
title-leaderboard = Tessera — Rangliste { $game } ({ $pool })
players-per-game = Spieler pro Partie
cannot-read-leaderboard = Die Rangliste lässt sich nicht lesen: { $why }
nobody-rated = Bei { $game } mit { $pool } hat noch niemand eine Wertungszahl.
be-the-first = und sei der Erste.
col-rank = Rang
col-name = Name
col-standing = Stand
bot-mark = (Bot)
deviation = Abweichung { $d }
provisional-about = vorläufig: zu wenige Partien für eine feste Wertungszahl
ranks-note = Geordnet nach Stand: die Wertungszahl abzüglich ihrer doppelten Unsicherheit (±). Eine Wertungszahl aus wenigen Partien ist unsicher und steht weiter unten, bis sie sich festigt; ? kennzeichnet eine vorläufige Wertungszahl (zu wenige Partien).
place = { $rank }.
account-since = { $kind ->
        [bot] Bot-Konto
       *[person] Konto eines Menschen
    }{ $since ->
        [none] .
       *[other] , seit { $since }.
    }

## The generic look and Triominos' look (web/generic.js, web/triominos.js)
generic-legal = Deine erlaubten Züge
generic-filter = Züge filtern
generic-filter-label = Die erlaubten Züge filtern
generic-play = { $move } spielen
generic-more = … und { $n } weitere: filtere sie
generic-json = ein Zug als JSON
generic-not-json = Kein JSON: { $why }
generic-your-moves = Deine Züge
generic-send-label = Den als JSON eingegebenen Zug senden
generic-send = Senden
generic-public = Öffentliche Ansicht
generic-public-json = Die öffentliche Ansicht (JSON)
generic-view = Deine Ansicht
generic-view-json = Deine Ansicht (JSON)
tri-empty-spot = Leeres Feld { $x },{ $y }
not-your-turn-page = Du bist nicht am Zug
tri-select-first = Wähle zuerst einen Stein aus deiner Ablage
tri-opens-with = Die Runde beginnt mit { $tile }.
tri-your-tray = Deine Ablage
tri-new = neu
tri-rotate-label = Stein drehen (R)
tri-rotate = Drehen
tri-draw-label = Einen Stein ziehen (kostet 5 Punkte)
tri-draw = Ziehen
tri-pass-label = Zug ohne Anlegen beenden (Strafe 10)
tri-pass = Passen
tri-tile-fits-nowhere = { $tile } passt nirgends; die umrandeten Steine passen.
tri-this-fits-nowhere = Dieser Stein passt nirgends; die umrandeten Steine passen.
tri-picture-label = Zwei Steine nebeneinander: die Ecken an der gemeinsamen Kante zeigen dieselben Zahlen, 3 und 4
tri-picture-caption = Ein Stein passt neben einen anderen, wenn die gemeinsamen Ecken dieselben Zahlen zeigen (hier 3 und 4 an der markierten Kante); er bringt die Summe seiner drei Zahlen.
generic-count = { $n ->
    [one] { $n } erlaubter Zug: wähle ihn, um ihn zu spielen.
   *[other] { $n } erlaubte Züge: wähle einen, um ihn zu spielen.
}
tri-placed-label = Stein { $tile } auf { $x },{ $y }{ $last ->
        [yes] {" "}(zuletzt gelegt)
       *[no] {""}
    }
tri-spot-label = { $tile } auf { $x },{ $y } legen: { $score } Punkte{ $hexagon ->
        [yes] {" "}mit Sechseck-Bonus
       *[no] {""}
    }{ $bridge ->
        [yes] {" "}mit Brücken-Bonus
       *[no] {""}
    }
tri-info = Runde { $round } · Vorrat { $pile } · Ablagen { $trays }{ $draws ->
        [0] {""}
       *[other] {" "}· in diesem Zug gezogen: { $draws }
    }
tri-tray-tile = Stein { $tile }{ $playable ->
        [yes] {" "}(kann gelegt werden)
       *[no] {""}
    }{ $drawn ->
        [yes] {" "}(gerade gezogen)
       *[no] {""}
    }
tri-nothing-fits = Kein Stein deiner Ablage passt irgendwo: { $then ->
    [draw] zieh einen Stein.
    [pass] passe.
   *[wait] warte.
}
tri-spots = { $here ->
        [one] { $here } markiertes Feld
       *[other] { $here } markierte Felder
    } für { $tile } in dieser Drehung; { $n } in allen Drehungen. { $touch ->
        [yes] ⟳ Drehen dreht den Stein.
       *[no] R (oder ⟳ Drehen) dreht den Stein.
    }

## Q's look (web/q.js)
q-why-between = zwischen { $a } und { $b } braucht es die Farbe beider oder die Form beider
q-why-beside = es hat weder Farbe noch Form mit dem Nachbarn gemeinsam ({ $tile })
q-take-back = { $tile } von { $cell } zurücknehmen
q-put = { $tile } auf { $cell } legen
q-not-here = { $cell }: { $tile } passt hier nicht
q-empty-cell = Leeres Feld { $cell }
q-select-first = Wähle zuerst ein Plättchen aus deiner Hand
q-does-not-fit = { $tile } passt nicht auf { $cell }: { $why }.
q-colourblind-label = Ansicht für Farbenblinde: unterscheidbare Farben und ein Buchstabe je Farbe
q-letters-on = Farbbuchstaben: an
q-letters-off = Farbbuchstaben: aus
q-letters-title = R rot, Gr grün, B blau, Ge gelb, O orange, V violett
q-your-hand = Deine Hand
q-commit-label = Die gelegten Plättchen festlegen
q-commit = Festlegen ({ $n })
q-commit-points = { $n } Plättchen für +{ $points } festlegen
q-would-refuse = Diese Plättchen würden abgelehnt: { $why }.
q-undo-label = Alle gelegten Plättchen zurücknehmen
q-undo = Zurücknehmen
q-exchange-label = Die ganze Hand tauschen
q-exchange = Tauschen
q-how = Wähle ein Plättchen der Hand (umrandet: es passt irgendwo), dann ein markiertes Feld; wiederhole das entlang einer Linie; dann Festlegen.
q-no-other-fits = Kein weiteres Plättchen deiner Hand passt in diese Linie: Lege die gelegten Plättchen fest oder nimm sie zurück.
q-nothing-fits = Kein Plättchen deiner Hand passt irgendwo: tausche deine Hand oder passe.
q-picture-label = Eine Reihe: roter Kreis, rotes Quadrat, roter Stern; eine Spalte abwärts vom roten Quadrat: blaues Quadrat, grünes Quadrat
q-picture-caption = Jede Linie hat eine Farbe ohne doppelte Form (die Reihe: rot) oder eine Form ohne doppelte Farbe (die Spalte: Quadrate). Das rote Quadrat gehört zu beiden: Zuletzt angelegt, brächte es nach den Regeln aus der Schachtel 3 Punkte für die Reihe und 3 für die Spalte.
q-letter = { $color ->
    [red] R
    [green] Gr
    [blue] B
    [yellow] Ge
    [orange] O
   *[purple] V
}
q-tile-at = { $tile } auf { $cell }{ $fresh ->
        [yes] {" "}(gerade gelegt)
       *[no] {""}
    }
q-info = Vorrat { $pile } · Hände { $hands }{ $fresh ->
        [0] {""}
        [one] {" "}· letzter Zug: { $fresh } Plättchen (umrandet)
       *[other] {" "}· letzter Zug: { $fresh } Plättchen (umrandet)
    }
q-hand-tile = Plättchen { $n } der Hand: { $tile }{ $state ->
        [placed] {" "}(gelegt)
        [fits] {" "}(passt)
        [nowhere] {" "}(passt gerade nirgends)
       *[none] {""}
    }

## Akropolis' look (web/akropolis.js)
akropolis-quarry = Steinbruch
akro-how-houses = nur deine größte zusammenhängende Gruppe von Wohnvierteln zählt, jedes mit seiner Höhe
akro-how-markets = ein Markt zählt seine Höhe, wenn kein anderer Markt an ihn grenzt
akro-how-barracks = eine Kaserne zählt ihre Höhe, wenn sie am Rand der Stadt steht (ein freies Feld daneben)
akro-how-temples = ein Tempel zählt seine Höhe, wenn alle sechs Seiten bebaut sind
akro-how-gardens = jeder Garten zählt seine Höhe
akro-variant-houses = Variante: eine Gruppe mit 10 oder mehr Punkten zählt doppelt
akro-variant-markets = Variante: ein Markt neben einem Marktplatz zählt doppelt
akro-variant-barracks = Variante: eine Kaserne mit 3 oder 4 freien Seiten zählt doppelt
akro-variant-temples = Variante: ein Tempel ab Höhe 2 zählt doppelt
akro-variant-gardens = Variante: ein Garten neben einem umschlossenen freien Feld (einem See) zählt doppelt
akro-hex-at = { $what } auf { $x },{ $y }
akro-empty = leer
akro-hex = Feld { $x },{ $y } ({ $what })
akro-select-first = Wähle zuerst ein Plättchen vom Bauplatz
akro-follow-mine = Dem Spiel folgen: deine Stadt, wenn du am Zug bist, sonst die Stadt, die sich gerade geändert hat
akro-follow-label = Dem Spiel folgen: die Stadt zeigen, die sich gerade geändert hat
akro-follow = Folgen
akro-cities = Städte
akro-built-last = hat zuletzt gebaut
akro-site = Bauplatz
akro-district-scores = Punkte der Viertel
akro-district-col = Viertel
akro-table-caption = Punkte = die Höhen der zählenden Viertel × die Sterne der Plätze ihrer Farbe (zeige auf eine Zeile oder Zelle für ihre Regel).
akro-stones-about = Ein Punkt je Stein am Ende
akro-stones = Steine
akro-total-about = Die fünf Viertel und die Steine
akro-total = Summe
akro-legend = Legende
akro-legend-plaza = Platz (Sterne: Wohnviertel 1, Märkte, Kasernen, Tempel 2, Gärten 3)
akro-legend-height = die Zahl auf einem Feld ist seine Höhe; je höher, desto dunkler
akro-picture-label = Ein Plättchen aus drei Feldern (ein Wohnplatz mit einem Stern, ein Markt, ein Garten), auf Höhe 2 über der Stadt gebaut
akro-picture-caption = Ein Plättchen aus drei Feldern (umrandet), oben auf die Stadt gebaut, auf Höhe 2: die Zahl auf einem Feld ist seine Höhe. Der Stern (★) des Wohnplatzes vervielfacht die Punkte der Wohnviertel; das graue Feld ist ein Steinbruch.
akro-hex-what = { $hex }, Höhe { $height }{ $fresh ->
        [yes] , gerade gebaut
       *[no] {""}
    }
akro-spot = Plättchen { $tile } mit dem ersten Feld auf { $x },{ $y } bauen ({ $what }){ $legal ->
        [yes] {" "}für { $points }
       *[no] , nicht markiert
    }
name-you = { $name }{ $you ->
        [yes] {" "}(du)
       *[no] {""}
    }
akro-tab-label = Die Stadt von { $who } zeigen{ $last ->
        [yes] {" "}(hat zuletzt gebaut)
       *[no] {""}
    } und festhalten
akro-showing = Zu sehen: die Stadt von { $who }{ $kept ->
        [yes] {" "}(festgehalten)
       *[no] {""}
    }{ $last ->
        [none] .
        [outlined] ; das gerade gebaute Plättchen ist umrandet.
        [this] ; hier wurde zuletzt gebaut.
       *[other] ; { $builder } hat zuletzt gebaut (der markierte Reiter).
    }
akro-site-label = Plättchen { $tile } des Bauplatzes: { $hexes }; kostet { $cost ->
        [one] { $cost } Stein
       *[other] { $cost } Steine
    }
akro-site-cost = #{ $tile } · { $cost ->
        [one] { $cost } Stein
       *[other] { $cost } Steine
    }
akro-rotate = Drehen ({ $rot })
akro-too-dear = { $label } (du hast { $stones }: zu teuer)
akro-costs-have = kostet { $cost ->
        [one] { $cost } Stein
       *[other] { $cost } Steine
    }; du hast { $stones }
akro-stones-held = { $n ->
        [one] { $n } Stein
       *[other] { $n } Steine
    }
akro-spots = { $n ->
        [one] { $n } markiertes Feld
       *[other] { $n } markierte Felder
    } für Plättchen { $tile } in Drehung { $rot }{ $city ->
        [yes] {""}
       *[no] {" "}(in deiner Stadt)
    }{ $best ->
        [none] {""}
       *[other] {" "}(bis zu { $best })
    }. { $touch ->
        [yes] Drehen dreht das Plättchen.
       *[no] R (oder Drehen) dreht das Plättchen.
    }
akro-stacks = Plättchen in den Stapeln: { $n }
akro-row-why = { $district }: { $how }{ $variant ->
        [none] {""}
       *[other] {" "}({ $variant })
    }; die Summe wird mit den Sternen deiner Plätze dieser Farbe multipliziert ({ $stars } je Platz{ $d ->
        [h] , Wohnviertel
        [m] , Märkte
        [b] , Kasernen
        [t] , Tempel
       *[g] , Gärten
    }). Ohne Platz keine Punkte.
akro-cell-why = { $who }, { $district }: { $values } (zählende Höhen) × { $stars ->
        [one] { $stars } Stern
       *[other] { $stars } Sterne
    } = { $points } Punkte
akro-stones-cell = { $who }: { $n ->
        [one] { $n } Stein
       *[other] { $n } Steine
    }, je 1 Punkt
akro-hex-name = { $d ->
    [h] Wohnviertel
    [m] Markt
    [b] Kaserne
    [t] Tempel
    [g] Garten
   *[q] Steinbruch
}
akro-district = { akro-hex-name }
akro-plaza = { $d ->
    [h] Wohnviertel-Platz
    [m] Marktplatz
    [b] Kasernenplatz
    [t] Tempelplatz
   *[g] Gartenplatz
} ({ $stars ->
    [one] { $stars } Stern
   *[other] { $stars } Sterne
})

## Look and sound (web/theme.js, web/sound.js, web/help.js)
nav-prefs = Ansicht, Ton und Sprache
theme-dark = Dunkel
theme-on = Dunkler Modus ist an: zu hell wechseln
theme-off = Dunkler Modus ist aus: zu dunkel wechseln
sound = Ton
sound-on = Töne sind an (ein Zug, du bist dran): ausschalten
sound-off = Töne sind aus: einschalten
prefs-title = Ton und Ansicht
prefs-help = Töne sind zu Beginn an: ein Klopfen bei jedem Zug und ein Klang, wenn du am Zug bist, nie bevor du in die Seite geklickt oder getippt hast. Der Schalter ♪ Ton oben schaltet sie aus, ☾ Dunkel wechselt zwischen dunkel und hell (anfangs wie dein System eingestellt ist); dieser Browser merkt sich beides. Ein gerade gelegtes Plättchen fällt an seinen Platz, außer dein System wünscht weniger Bewegung. Der Sprachschalter daneben wählt Englisch oder Deutsch.

## Busy (crates/server/src/web/games.rs)
busy-analyses = der Server analysiert gerade andere Spiele: versuche es gleich noch einmal

## A seat of an account, a move out of time (crates/server/src/arena/mod.rs, table/person.rs, table/turns.rs)
rated-seat-other-account = { $kind ->
    [rated] dieser Platz einer gewerteten Partie
   *[turns] dieser Platz einer Fernpartie
} gehört einem anderen Konto
rated-seat-log-in = { $kind ->
    [rated] diesen Platz einer gewerteten Partie
   *[turns] diesen Platz einer Fernpartie
} spielt sein Konto: melde dich zuerst an
per-move = { $clock } pro Zug
per-move-days = { $days ->
    [one] { $days } Tag pro Zug
   *[other] { $days } Tage pro Zug
}
log-out-of-time = { $who } hat die Bedenkzeit überschritten ({ $per }): dieser Zug wird für { $who } gespielt

## Turn-based games: the Your turn page, its notifications and emails (web/inbox.js)
nav-turns = Am Zug
nav-turns-label = Am Zug: { $n ->
        [0] keine Partie wartet auf dich
        [one] { $n } Partie wartet auf dich
       *[other] { $n } Partien warten auf dich
    }
span-days = { $d ->
        [one] { $d } Tag
       *[other] { $d } Tage
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
turns-notify-title = Du bist am Zug: { $game } #{ $id }
turns-notify-body = { $others } — noch { $left } ({ $per })
notify-none = Dieser Browser zeigt keine Benachrichtigungen.
notify-on = Benachrichtigungen sind an: Dieser Browser meldet dir, wenn eine Partie auf dich wartet (solange eine Tessera-Seite offen ist).
notify-denied = Benachrichtigungen sind für diese Seite blockiert: Erlaube sie in den Website-Einstellungen des Browsers, um zu erfahren, wenn eine Partie auf dich wartet.
notify-ask = Benachrichtige mich, wenn ich am Zug bin
notify-ask-hint = (der Browser fragt dich zuerst)
turns-row = mit { $others ->
        [none] niemandem
       *[other] { $others }
    } · { $per } ·
turns-yours = du bist am Zug
turns-left = noch { $left }
turns-to-move = { $who } ist am Zug{ $left ->
        [none] {""}
       *[other] , noch { $left }
    }
turns-starting = beginnt
turns-log-in = Melde dich an,
turns-log-in-why = um Fernpartien zu spielen: Tage pro Zug, jede Person in ihrem eigenen Tempo.
turns-waiting = { $n ->
        [0] Keine Partie wartet auf dich
        [one] { $n } Partie wartet auf dich
       *[other] { $n } Partien warten auf dich
    }
turns-about-1 = Fernpartien: Für jeden Zug hat man Tage Zeit (anlegen unter
turns-about-2 = , „Bedenkzeit pro Zug“).
turns-theirs = Warten auf die anderen
turns-email-1 = Eine E-Mail, wenn ein Zug gewartet hat: Trage deine Adresse ein auf
turns-email-link = deiner Kontoseite
turns-email-2 = .
challenges-title = Herausforderungen
challenge-from = { $by } fordert dich zu { $game } heraus
challenge-is-rated = gewertet
challenge-is-unrated = ungewertet
challenge-clock = { $seconds } s pro Zug
challenge-accept = Annehmen
challenge-decline = Ablehnen
invitations-title = Einladungen
invitation-from = { $by } lädt dich zu { $game } ein
invitation-yours = Du hast { $names } zu { $game } eingeladen
invitation-details = { $per } · Mitspieler: { $seats }
invitation-rules = Regeln: { $rules }
invitation-expires = noch { $left } Zeit zum Antworten
invitation-waiting-for = wartet auf { $names }
invitation-you-accepted = du hast zugesagt: wartet auf { $names }
invitation-declined = abgelehnt
invitation-expired = niemand hat rechtzeitig geantwortet
invitation-accept = Annehmen
seat-link = Wer den Link hat
seat-link-about = Ein Platz für die erste Person, die den Link der Einladung öffnet: schick ihn einer Freundin oder einem Freund
seat-link-name = (wer den Link hat)
invitation-link-share = Schick diesen Link an die Person, die du einlädst (wer ihn zuerst öffnet, bekommt den Platz):
invitation-link-copy = Link kopieren
invitation-link-copied = Kopiert
invitation-link-waiting = wartet auf jemanden mit dem Link
invite-title = Eine Einladung
invite-by = { $by } lädt dich zu einer Partie { $game } ein
invite-accept = Annehmen und spielen
invite-log-in = Anmelden oder registrieren, um anzunehmen
invite-log-in-why = : Fernpartien spielen Konten.
invite-gone = Diese Einladung ist nicht mehr offen: Der Platz ist vergeben, sie wurde zurückgezogen oder ist abgelaufen, oder der Link ist unvollständig.
invite-full = Ihre Plätze für den Link sind vergeben.
invitation-decline = Ablehnen
invitation-withdraw = Zurückziehen
challenge-notify-title = { $by } fordert dich zu { $game } heraus
challenge-notify-body = { $rated ->
    [yes] Eine gewertete Partie
   *[no] Eine ungewertete Partie
}: annehmen oder ablehnen auf der Seite „Am Zug“, innerhalb von zwei Minuten
invitation-notify-title = { $by } lädt dich zu { $game } ein
invitation-notify-body = { $per }: Annehmen oder ablehnen auf der Seite „Am Zug“
email-placeholder = du@example.org
email-address = E-Mail-Adresse
email-none = Dieser Server verschickt keine E-Mails.
email-when = Wenn eine Fernpartie { $after } auf deinen Zug gewartet hat, bekommst du eine E-Mail (höchstens { $n } am Tag). Die Adresse wird nicht geprüft: Trage eine ein, die dir gehört.
email-label = E-Mail für Züge, die warten
email-save = Speichern
email-remove = Entfernen
email-title = E-Mail

## Turn-based games: the server's refusals (crates/server/src/host/turns.rs, mail.rs)
turns-log-in-first = eine Fernpartie legt ein Konto an: melde dich zuerst an
turns-days = Tage = { $days }: eine Fernpartie hat 1, 2, 3 oder 7 Tage pro Zug
turns-no-clock = eine Fernpartie hat Tage pro Zug, keine Uhr: lass clock_s weg
turns-people-only = Fernpartien sind für Konten von Personen (ein Bot-Konto spielt gewertete Partien über TCP)
turns-no-programs = Platz { $seat }: eine Fernpartie hat keine Plätze für Programme (ihre Züge haben Fristen von Sekunden): setze ein Konto oder einen Bot dorthin
turns-account-person = Platz { $seat }: nur der Platz einer Person hat ein Konto
turns-seated-twice = Platz { $seat }: { $name } hat schon einen Platz (ein Platz pro Konto)
turns-you-sit = an einer Fernpartie, die du anlegst, sitzt du selbst: lass den Platz einer Person ohne Konto
turns-not-seated = die Konten ließen sich nicht setzen: { $why }
turns-no-account = Platz { $seat }: es gibt kein Personenkonto „{ $name }“
busy-turn-games = dieser Server hat so viele Fernpartien, wie er aufnimmt: versuche es später noch einmal
turns-too-many = { $name } spielt schon { $most } Fernpartien, mehr gehen nicht auf einmal: beende oder gib erst eine auf
turns-too-many-address = von deiner Adresse wurden schon { $most } Fernpartien (oder offene Einladungen) angelegt, mehr gehen nicht auf einmal: beende erst eine
invitations-too-many-sent = schon { $most } deiner Einladungen warten auf Antwort, mehr gehen nicht auf einmal: zieh eine zurück oder warte auf eine Antwort
invitations-too-many-received = auf { $name } warten schon { $most } Einladungen, mehr gehen nicht auf einmal: versuche es später noch einmal
invitation-gone = Einladung #{ $id } wartet auf keine Antwort von dir: sie wurde beantwortet, zurückgezogen oder ist abgelaufen
invitation-link-yours = du hast schon einen Platz bei Einladung #{ $id }: gib ihren Link an die Person weiter, mit der du spielen willst
invitation-link-taken = die Plätze von Einladung #{ $id } für alle mit dem Link sind schon vergeben
turns-link-seat = Platz { $seat }: ein Platz für alle mit dem Link ist der einer Person und nennt niemanden
invitation-ended-meanwhile = die Einladung endete inzwischen (durch eine andere Zusage gestartet, abgelehnt oder zurückgezogen): diese Partie hat nie begonnen
email-too-long = eine E-Mail-Adresse hat höchstens { $max } Zeichen
email-invalid = „{ $address }“ ist keine E-Mail-Adresse: { $why }

## Turn-based games: the email of a turn that waited (crates/server/src/host/reminders.rs)
span-under-minute = weniger als eine Minute
email-turn-hello = Hallo { $name },
email-turn-waited = { $game } #{ $id }{ $others ->
        [none] {""}
       *[other] {" "}mit { $others }
    } wartet schon { $waited } auf deinen Zug.
    Dir bleiben dafür noch { $left }. Wer die Zeit überschreitet, behält den Platz, und { $rule }.
email-turn-links = Spiele deinen Zug: { $site }/#/game/{ $id }
    Alle Partien, die auf dich warten: { $site }/#/turns
email-turn-why = Du bekommst diese E-Mail, weil dein Tessera-Konto { $name } diese Adresse hat. Entferne sie auf deiner Kontoseite, um keine mehr zu bekommen: { $site }/#/account/{ $name }

## Who watches a game (web/watching.js)
watching-count = { $n } Zuschauer
watching-label = { $n ->
        [one] Ein Zuschauer: zeigen, wer zuschaut
       *[other] { $n } Zuschauer: zeigen, wer zuschaut
    }
watching-names = Es schauen zu: { $names }
watching-guests = { $n ->
        [one] ein Gast
       *[other] { $n } Gäste
    }

## Offline: the installed app without a connection (web/app.js, web/lobby.js)
offline-banner = Offline: keine Verbindung zum Server. Die Lobby ist die Kopie auf diesem Gerät; Partien, Züge und Listen kommen zurück, sobald du wieder online bist.
offline-lobby = Offline lassen sich die Partien nicht laden.
