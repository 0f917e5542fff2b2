// Die Erklärung jedes Schritts neben seinen Karten ("explain.<Schritt>.<Schlüssel>", englisch in
// en-steps.mjs), mit dem, was die trainierten Gewichte hinzufügen ("explain.trained.*", die Rollen
// der Köpfe "role.*", englisch in en-trained.mjs und lib/present.mjs), auf Deutsch; in de.mjs
// eingefügt. Zahlen behalten ihren Dezimalpunkt: Studierende vergleichen sie mit der Ausgabe von
// PyTorch.
export default Object.freeze({
  'explain.embeddings.lookup':
    'Das Netz kann nicht mit Wörtern rechnen, daher wird jedes Token in einer Tabelle nachgeschlagen und durch sein Embedding ersetzt, eine Liste von Zahlen: eine Zeile je Token, eine Spalte je Zahl.',
  'explain.embeddings.own':
    'Dies sind die Vektoren, die diese Seite übergeben hat, Zeile für Zeile, so wie ihr eigenes Modell sie sieht.',
  'explain.embeddings.lecture':
    'Dies sind genau die Vektoren des Vorlesungs-Notebooks für „Your journey starts with one step“.',
  'explain.embeddings.seeded':
    'Ein trainiertes Modell lernt diese Vektoren. Hier bekommt jede Token-ID einen festen pseudozufälligen Vektor aus dem Seed, so dass dasselbe Token immer dieselbe Zeile bekommt.',
  'explain.embeddings.batch':
    'Der Batch enthält den Satz {B}-mal (B = {B}), wie in der Vorlesung: Jede Sequenz eines Batches wird für sich verarbeitet, daher ergeben alle Kopien dieselben Zahlen, außer wenn Dropout wirkt.',
  'explain.embeddings.one': 'Der Batch enthält eine Sequenz (B = 1).',
  'explain.qkv.three':
    'Jedes Embedding wird dreimal projiziert, mit drei gelernten Matrizen, in drei Rollen:',
  'explain.qkv.query': 'Query',
  'explain.qkv.key': 'Key',
  'explain.qkv.value': 'Value',
  'explain.qkv.bias':
    'Jede ist eine einfache lineare Schicht: {formula} + ein Bias (qkv-Bias ist an), ebenso für K und V. Die {dIn} Zahlen jedes Tokens werden zu {D}.',
  'explain.qkv.noBias':
    'Jede ist eine einfache lineare Schicht: {formula} (kein Bias: qkv-Bias ist aus), ebenso für K und V. Die {dIn} Zahlen jedes Tokens werden zu {D}.',
  'explain.qkv.wrapper':
    'Der Wrapper hat {h} getrennte Köpfe, jeder mit eigenen Matrizen der Breite d_out = {dOut}; nebeneinander sind sie {D} Spalten breit.',
  'explain.qkv.colours':
    'Die farbigen Spaltenköpfe zeigen, welchem der {h} Köpfe jede Spalte im nächsten Schritt gehören wird.',
  'explain.split.mha':
    'Multi-Head-Attention projiziert nicht für jeden Kopf neu: Sie schneidet die Spalten, die sie hat.',
  'explain.split.wrapper':
    'Die {h} Köpfe des Wrappers haben je ihre eigenen {dh} Spalten projiziert; übereinandergelegt ergeben sie dieselbe Anordnung wie eine Aufteilung.',
  'explain.split.causal':
    'Ein einzelnes CausalAttention-Modul hat nur einen Kopf: Die „Aufteilung“ lässt alle Spalten beisammen.',
  'explain.split.view':
    '{view} {shape}: Keine Zahl bewegt sich, jede Zeile wird nur als h kurze Stücke gelesen.',
  'explain.split.transpose':
    '{transpose} {shape}: Die Kopf-Achse rückt vor die Token, so wird jeder Kopf seine eigene T × d_h-Matrix, und alle Köpfe lassen sich parallel berechnen, wie ein Batch.',
  'explain.split.scale':
    'Zum Vergleich: GPT-2 small teilt 768 Spalten in 12 Köpfe zu 64; GPT-3 teilt 12 288 in 96 Köpfe zu 128.',
  'explain.split.thinEmbedded':
    'Mit d_h = 1 ist jeder Kopf eine einzelne Spalte, daher sind die Stücke schwer zu sehen; mit d_out = {dOut} ({h} Köpfe zu 3 Spalten) schneidet view jede Zeile sichtbar, und transpose stapelt die Stücke.',
  'explain.split.thin':
    'Mit d_h = 1 ist jeder Kopf eine einzelne Spalte, daher sind die Stücke schwer zu sehen: Setzen Sie d_out auf {dOut} ({h} Köpfe zu 3 Spalten), um zu sehen, wie view jede Zeile schneidet und transpose die Stücke stapelt.',
  'explain.split.loop':
    'Anordnung „loop“: Jeder Kopf hat seine eigene kleine Projektion gerechnet; die Seite stapelt ihre Ergebnisse, das ist derselbe Tensor.',
  'explain.scores.table':
    'Ein Skalarprodukt misst, wie gut zwei Vektoren übereinstimmen, daher bekommt jeder Kopf eine {size}-Tabelle von Scores: {formula}.',
  'explain.scores.row':
    'Lesen Sie eine Zeile: Sie gehört zu einem fragenden Token (seiner Query) und sagt, wie gut der Key jedes Tokens darauf antwortet. Die Spalten sind die betrachteten Token. Rot ist eine starke Übereinstimmung, Blau eine schwache.',
  'explain.scores.heads':
    'Verschiedene Köpfe halten verschiedene Ausschnitte von Q und K, daher können sie Token aus verschiedenen Gründen zusammenbringen.',
  'explain.scores.hover':
    'Fahren Sie über einen Score oder fokussieren Sie ihn: Die Query-Zeile und die Key-Spalte, die er multipliziert, leuchten auf.',
  'explain.scale.why':
    'Ein Skalarprodukt summiert d_h Produkte, je länger also die Vektoren, desto größer werden die Scores meist. Sehr große Scores machen die Softmax der nächsten Schritte fast zu einem Alles-oder-nichts, und dann ändert das Training kaum noch etwas.',
  'explain.scale.divide':
    'Die Division durch die Wurzel der Kopfgröße, {dh}, hebt dieses Wachstum auf: Das Muster bleibt gleich; nur die Streuung schrumpft.',
  'explain.scale.gpt':
    'Die Köpfe von GPT-2 haben d_h = 64 (Division durch 8); die von GPT-3 haben 128.',
  'explain.mask.encoder':
    'So liest ein Encoder wie BERT: Die späteren Token sind ebenfalls im Blick.',
  'explain.mask.future':
    'Ein Sprachmodell schreibt ein Token nach dem anderen, daher darf es beim Lesen von Token i die Token danach nicht sehen. Das sind die Zellen oberhalb der Diagonale: Spalte j > Zeile i.',
  'explain.mask.naive':
    'Naive Maskierung: zuerst eine Softmax über die ganze Zeile (samt Zukunft), dann werden die Zellen der Zukunft auf 0 gesetzt. Nun ergeben die Zeilen nicht mehr 1 (siehe Σ), daher wird jede Zeile durch ihre Summe geteilt: die dritte Tabelle, die der nächste Schritt als Attention-Gewichte verwendet.',
  'explain.mask.negInf':
    'Daher werden die Scores der Zukunft vor der Softmax durch {inf} ersetzt. Da {zero}, bekommen sie genau das Gewicht null, und die Softmax verteilt das ganze Gewicht auf die sichtbaren Token: ein Durchgang, nichts zu reparieren.',
  'explain.softmax.naiveSame':
    'Wenn nichts unterlaufen ist, sind das dieselben Gewichte wie mit −∞-Maskierung, bis auf Rundung (siehe Σ).',
  'explain.softmax.naiveEmbedded':
    'Die Maskierung mit −∞ liefert sie in einem ehrlichen Durchgang.',
  'explain.softmax.naiveSwitch':
    'Stellen Sie die Maskierung auf −∞, um sie in einem ehrlichen Durchgang zu bekommen.',
  'explain.softmax.rows':
    'Die Softmax macht aus jeder Zeile von Scores Gewichte: {formula}. Ein höherer Score bekommt einen größeren Anteil, jedes nicht maskierte Gewicht ist größer als 0, und jede Zeile ergibt in Summe 1 (die Σ-Spalte; in float32 ist die Summe bis auf etwa 1e-7 gleich 1, die Rundung der letzten Bits).',
  'explain.softmax.masked':
    'Die maskierten Zellen hatten {inf} und enthalten jetzt genau 0: Das erste Token kann nur sich selbst beachten, das letzte alle.',
  'explain.softmax.unmasked':
    'Ohne kausale Maske verteilt jedes Token sein Gewicht über den ganzen Satz.',
  'explain.softmax.trained':
    'Diese Gewichte sind trainiert: Ein Kopf, der gelernt hat, auf das vorige Token zu schauen, hat seine größten Gewichte direkt links der Diagonale, einer, der auf das Token selbst schaut, auf der Diagonale.',
  'explain.softmax.random':
    'Die Gewichte dieses Modells sind zufällig, nicht trainiert, daher sind die Zeilen oft fast gleichmäßig: Es geht um den Mechanismus, nicht um das Muster.',
  'explain.softmax.randomSwitch':
    'Die Gewichte dieses Modells sind zufällig, nicht trainiert, daher sind die Zeilen oft fast gleichmäßig: Es geht um den Mechanismus, nicht um das Muster. Stellen Sie die Gewichte auf „trainiert“, um Köpfe zu sehen, die etwas gelernt haben.',
  'explain.dropout.evaluationHead': 'Auswertungsmodus: In diesem Durchlauf wird nichts verworfen.',
  'explain.dropout.evaluation':
    '{head} Dropout wirkt nur, während ein Modell trainiert wird. Im Auswertungsmodus entfällt dieser Schritt: Die nächsten Schritte verwenden die Softmax-Gewichte, wie sie sind, nichts genullt und nichts neu skaliert.',
  'explain.dropout.previewWhat': 'was der Trainingsmodus tun würde, mit {p}',
  'explain.dropout.preview':
    'Damit es etwas zu sehen gibt, zeigen die Karten hier, {what}: dieselben Gewichte und derselbe Seed, ein Anteil p davon verworfen, die übrigen mit {factor} multipliziert. Die Zeilen ergeben nicht mehr 1, und das ist so gewollt.',
  'explain.dropout.previewZero':
    'Damit es etwas zu sehen gibt, zeigen die Karten hier, {what} (Dropout(0.5) der Vorlesung, da p hier 0 ist): dieselben Gewichte und derselbe Seed, ein Anteil p davon verworfen, die übrigen mit {factor} multipliziert. Die Zeilen ergeben nicht mehr 1, und das ist so gewollt.',
  'explain.dropout.embedded': 'Im Trainingsmodus ist Dropout Teil des Durchlaufs selbst.',
  'explain.dropout.switch':
    'Damit Dropout Teil des Durchlaufs wird, stellen Sie den Modus auf Training (die Einstellung „Modus“).',
  'explain.dropout.zeroHead': 'p = 0: Nichts wird verworfen.',
  'explain.dropout.zero':
    '{head} Erhöhen Sie die Dropout-Wahrscheinlichkeit, um die Maske zu sehen.',
  'explain.dropout.training':
    'Im Training schaltet Dropout einen zufälligen Anteil der Attention-Gewichte ab, damit sich das Modell nicht zu sehr auf eine einzelne Verbindung stützt. Jedes Gewicht wird mit Wahrscheinlichkeit {p} verworfen; die Maske kommt aus dem Seed, derselbe Seed ergibt also dieselbe Maske.',
  'explain.dropout.scaled':
    'Die übrigen werden mit {factor} multipliziert: In der Auswertung wird nichts verworfen oder skaliert, so bekommt die nächste Schicht in beiden Modi Gewichte derselben erwarteten Größe.',
  'explain.dropout.batch':
    'Jede Sequenz des Batches bekommt ihre eigene Maske: Vergleichen Sie die Batch-Elemente.',
  'explain.context.sum':
    'In den Symbolen der Vorlesung: {formula}. Zeile i des Ergebnisses ist eine gewichtete Summe der Value-Zeilen: Token i nimmt viel von den Token, die es stark beachtet, und wenig vom Rest (ohne Dropout ergeben die Gewichte einer Zeile 1, es ist also ein Mittelwert; mit Dropout werden die übrigen mit 1/(1 − p) skaliert, bei p = 0.5 wird also ein Gewicht von 1 zu 2, und eine Zeile ergibt nicht mehr 1). Darum geht es bei Attention: Der neue Vektor jedes Tokens trägt Information von den Token, auf die es für dieses Token ankommt.',
  'explain.context.hover':
    'Fahren Sie über eine Zelle des Kontexts oder fokussieren Sie sie: Die Gewichtszeile und die Value-Spalte, aus denen sie stammt, leuchten auf.',
  'explain.context.dropped': 'Verwendet werden die Gewichte nach dem Dropout.',
  'explain.context.zero':
    'Mit p = 0 verwirft Dropout nichts, daher werden die Attention-Gewichte des Softmax-Schritts unverändert verwendet.',
  'explain.context.evaluation':
    'Im Auswertungsmodus verwirft Dropout nichts, daher werden die Attention-Gewichte des Softmax-Schritts unverändert verwendet.',
  'explain.merge.back':
    'Die Köpfe haben nebeneinander gearbeitet; jetzt werden ihre Ergebnisse wieder zusammengesetzt. {transpose} bringt die Token wieder nach vorn, {axes}, und das Zusammenlegen der letzten beiden Achsen fügt die {h} Kopfstücke jedes Tokens zu einer Zeile aus {D} Zahlen zusammen: {shape}.',
  'explain.merge.colours':
    'Die Farben zeigen, woher jede Spalte kommt: zuerst die Spalten von Kopf 1, dann die von Kopf 2 und so weiter. In diesem Schritt ändert sich keine Zahl.',
  'explain.output.none': 'Für das Modul „{module}“ gibt es keine Ausgabeprojektion.',
  'explain.output.noneWrapper':
    '{none} Der zusammengeführte Tensor des vorigen Schritts ist die Ausgabe, unverändert: Die Farben der Köpfe bleiben getrennt.',
  'explain.output.mhaEmbedded': 'MultiHeadAttention (Modul „mha“) mischt hier die Köpfe.',
  'explain.output.chooseMha':
    'Wählen Sie das Modul „mha“, um zu sehen, wie die Köpfe gemischt werden.',
  'explain.output.all': 'allen',
  'explain.output.layer':
    'Die letzte Schicht, {outProj}, ist eine lineare Schicht aus {size} mit Bias. Jede Ausgabezahl ist eine gewichtete Summe aus {all} zusammengeführten Spalten, daher mischt jede Ausgabespalte, was alle Köpfe gefunden haben.',
  'explain.output.blend':
    'Die Farben zeigen diese Mischung: Jede Zelle ist mit den Farben der Köpfe gefüllt, jede so breit wie der Anteil dieses Kopfes am Wert der Zelle (gemessen an der Größe von Gewicht × Eingabe). Das Hover-Feld nennt die Anteile.',
  'explain.output.values':
    'Bei d_out = {D} zeigen die Zellen ihre Werte (rot über 0, blau darunter); das Hover-Feld nennt den Anteil jedes Kopfes an einer Zelle (die Größe von Gewicht × Eingabe).',
  'explain.trained.embeddings':
    'Dies sind die Vektoren des trainierten Modells: sein Token-Embedding, eine gelernte Zeile aus {d} Zahlen für jedes der {count} GPT-2-Token, die das Brown-Korpus am häufigsten verwendet, plus sein gelerntes Positions-Embedding, eine Zeile für jede der ersten {context} Positionen. Das Training hat beide so verschoben, dass der Attention-Block unten das nächste Token vorhersagen konnte.',
  'explain.trained.shared':
    'Nicht unter diesen Token: {tokens}. Jedes teilt sich eine Zeile mit allen anderen seltenen Token, daher kann das Modell sie nicht unterscheiden.',
  'explain.trained.full':
    'Kopf {n}: {share} seines Gewichts auf {description}, das {lift}-Fache des Zufallsmodells',
  'explain.trained.roles':
    'Die Beschriftung jedes Kopfes nennt, worauf er am meisten schaut, gemessen an zurückgehaltenem Text des Brown-Korpus: der Anteil seines Attention-Gewichts auf dieser Art von Token, für die Rolle, in der dieser Anteil das größte Vielfache des Anteils im Modell mit Zufallsgewichten ist (Köpfe 1–{count}: {lifts}). Fahren Sie über eine Beschriftung für den ganzen Satz.',
  'explain.trained.scope':
    'Das Modell hat englischen Text gelernt (das Brown-Korpus), daher zeigen sich die Rollen seiner Köpfe in anderen Sprachen womöglich nicht. Zufallsgewichte zeigen Schritt für Schritt, wie Attention rechnet, aber nicht, worauf ein Kopf schaut; trainierte Gewichte zeigen, was ein Modell im Mittel über sein Korpus gelernt hat, und ein einzelner Satz kann abweichen: Die Tabelle misst diesen.',
  'explain.trained.noRows': 'in einem Satz aus {T} Token zählt keine Zeile: Es braucht 3',
  'explain.trained.noRowsOne': 'in einem Satz aus {T} Token zählt keine Zeile: Es braucht 3',
  'explain.trained.rows': 'Mittel über die Query-Zeilen {first}–{T}',
  'explain.trained.sharesLabel': 'Jeder Kopf in diesem Satz',
  'explain.trained.sharesCaption':
    'Das Gewicht jedes Kopfes auf dem vorigen Token, auf sich selbst und auf dem ersten Token in diesem Satz und im Korpus (in Klammern): {counted}. Die Zeilen 1 und 2 bleiben wie im Korpus außen vor: Dort sind diese Keys teilweise ein und dasselbe Token.',
  'explain.trained.head': 'Kopf',
  'explain.trained.caption': 'Beschriftung',
  'explain.trained.next':
    'Das Sprachmodell addiert die Ausgabe des Blocks zu seinen Eingaben (die Abkürzung) und macht aus jeder Zeile einen Score für jedes Token seines Vokabulars (out_head), dann eine Softmax. Zeile t hat nur die Token 0 … t gesehen: Dafür ist die kausale Maske da. Unten seine fünf wahrscheinlichsten nächsten Token nach jeder Position.',
  'explain.trained.sharedToken': '(ein beliebiges Token außerhalb seines Vokabulars)',
  'explain.trained.sharedNote':
    '„{shared}“ ist kein Wort. Das Modell hat eine eigene ID für die {own} GPT-2-Token, die das Brown-Korpus am häufigsten verwendet; alle anderen Token teilen sich eine ID, daher ist dieser Eintrag die Wahrscheinlichkeit, dass das nächste Token irgendeines davon ist ({percent} der Token des zurückgehaltenen Texts sind es).',
  'explain.trained.sharedNoteBare':
    '„{shared}“ ist kein Wort. Das Modell hat eine eigene ID für die {own} GPT-2-Token, die das Brown-Korpus am häufigsten verwendet; alle anderen Token teilen sich eine ID, daher ist dieser Eintrag die Wahrscheinlichkeit, dass das nächste Token irgendeines davon ist.',
  'explain.trained.nextCaption':
    'Die {k} wahrscheinlichsten nächsten Token des trainierten Modells nach jeder Position',
  'explain.trained.after': 'nach',
  'role.previous': 'voriges Token',
  'role.first': 'erstes Token',
  'role.self': 'sich selbst',
  'role.punctuation': 'Satzzeichen',
  'role.pronoun-noun': 'Pronomen → Nomen',
  'role.noun-determiner': 'Nomen → Artikel',
  'roleWord.previous': 'voriges',
  'roleWord.first': 'erstes',
  'roleWord.pronoun-noun': 'Pronomen',
  'roleWord.noun-determiner': 'Nomen',
  'role.about.previous': 'dem vorigen Token',
  'role.about.first': 'dem ersten Token',
  'role.about.self': 'demselben Token (sich selbst)',
  'role.about.punctuation': 'Satzzeichen',
  'role.about.pronoun-noun': 'früheren Nomen, von Pronomen aus',
  'role.about.noun-determiner': 'früheren Artikeln und Adjektiven, von Nomen aus',
});
