// Die Texte der Labs auf Deutsch: Schlüssel "lab.<slug>.<key>" zu den englischen Texten in
// web/app/labs/<slug>/words.mjs, "lab.kit.<key>" zu web/app/labs/kit/words.mjs (ein Test prüft,
// dass keiner fehlt und die {Werte} dieselben sind). Zahlen schreiben die Labs wie PyTorch, mit
// Dezimalpunkt.
// Part of the German catalogue (de.mjs), so it loads only with lang="de".
export default Object.freeze({
  // Die gemeinsamen Teile der Labs (kit/)
  'lab.kit.weights.trained':
    'Mit den trainierten Gewichten der Seite: Die Zahlen unten sind die des trainierten Modells, wie auf der Seite.',
  'lab.kit.weights.random':
    '{what} verwendet die zufälligen Gewichte der Vorlesung: Es geht um {subject}, nicht um das Gelernte.',
  'lab.kit.weights.thisLab': 'Dieses Lab',
  'lab.kit.module.shows': 'Die Seite zeigt {module}; ',
  'lab.kit.module.wrapper': 'den Wrapper',
  'lab.kit.module.causal': 'CausalAttention',
  'lab.kit.module.uses':
    'dieses Lab verwendet MultiHeadAttention derselben Breite (d_out = {dOut}, {heads}).',
  'lab.kit.module.head': '{n} Kopf',
  'lab.kit.module.heads': '{n} Köpfe',
  'lab.kit.copy.button': 'Als PyTorch kopieren',
  'lab.kit.copy.area': 'Das PyTorch-Snippet, zum Kopieren von Hand',
  'lab.kit.token.title': 'Token {n}: „{text}“',

  // dropout
  'lab.dropout.title': 'Dropout: was 1/(1 − p) bewirkt',
  'lab.dropout.summary':
    'Die 6 × 6-Maske des Notebooks mit beiden Arten von PyTorch-Builds, der behaltene Anteil je Ziehung und der Mittelwert vieler Ziehungen.',
  'lab.dropout.rng.cpu':
    'PyTorchs eigener Generator (die Maske des Notebooks: Debian, macOS, AMD-CPUs)',
  'lab.dropout.rng.mkl': 'Der Generator von Intel MKL (PyTorchs pip-Wheels auf Intel-CPUs)',
  'lab.dropout.mask.caption': 'Dropout(0.5) von torch.ones(6, 6), Seed 123, {which}',
  'lab.dropout.mask.notebook': 'die Maske des Notebooks',
  'lab.dropout.mask.mkl': 'die MKL-Maske',
  'lab.dropout.mask.kept':
    'Behalten: {kept} von 36, nicht 18: Jede Zahl wird für sich mit Wahrscheinlichkeit 1 − p behalten, daher schwankt die Anzahl. Jede verbleibende Zahl ist 1 ÷ (1 − 0.5) = 2.',
  'lab.dropout.kept.line':
    'Behaltener Anteil in den ersten {first} Ziehungen: {shares}; über alle {n} Ziehungen zwischen {low} und {high}, um 1 − p = {share} herum.',
  'lab.dropout.row.caption':
    'Die Zeile von „{token}“ (Kopf 1): ohne Dropout, eine Ziehung, der Mittelwert von {n} Ziehungen',
  'lab.dropout.row.undropped': 'Gewichte ohne Dropout',
  'lab.dropout.row.once': 'eine Ziehung (Seed {seed})',
  'lab.dropout.row.mean': 'Mittelwert von {n} Ziehungen',
  'lab.dropout.row.sum': 'Σ Zeile',
  'lab.dropout.row.corner': 'Key →',
  'lab.dropout.plot.largest': 'größte |Mittelwert − Gewicht|',
  'lab.dropout.plot.average': 'mittlere |Mittelwert − Gewicht|',
  'lab.dropout.plot.label':
    'Wie weit der laufende Mittelwert der Gewichte mit Dropout von denen ohne Dropout entfernt ist, über der Zahl der Ziehungen: Die größte Abweichung fällt von {first} nach einer Ziehung auf {last} nach {n}.',
  'lab.dropout.plot.x': 'Ziehungen (logarithmisch)',
  'lab.dropout.plot.y': 'Abweichung (logarithmisch)',
  'lab.dropout.plot.caption':
    'Der laufende Mittelwert gegenüber den Gewichten ohne Dropout, Ziehung für Ziehung.',
  'lab.dropout.stats.after':
    'Nach {n} Ziehungen weicht der Mittelwert um höchstens {max} ab (im Mittel {mean}); nach einer Ziehung um {first}.',
  'lab.dropout.field.p': 'p, die Dropout-Wahrscheinlichkeit',
  'lab.dropout.field.pHelp': 'Von 0 bis ausschließlich 1.',
  'lab.dropout.field.draws': 'Ziehungen',
  'lab.dropout.field.drawsHelp': 'Von 1 bis {max} (weniger bei langen Sätzen).',
  'lab.dropout.field.seed': 'Seed der ersten Ziehung',
  'lab.dropout.field.seedHelp': 'Ziehung k verwendet Seed + k.',
  'lab.dropout.intro':
    'Im Training setzt Dropout jedes Attention-Gewicht mit Wahrscheinlichkeit p auf 0 und multipliziert die übrigen mit 1/(1 − p). Eine einzelne Ziehung verändert die Gewichte stark (eine Zeile summiert sich nicht mehr zu 1); die Skalierung macht jedes Gewicht im Mittel richtig, sodass das mit Dropout trainierte Modell zu dem Modell passt, das ohne Dropout verwendet wird.',
  'lab.dropout.mask.heading': 'Die Maske des Notebooks',
  'lab.dropout.rng.legend': 'Wessen Zufallszahlen',
  'lab.dropout.rng.why':
    'Warum zwei Masken: Beide Builds setzen PyTorchs Generator auf Seed 123, aber ein mit MKL gebautes PyTorch überlässt das Ziehen auf Intel-CPUs dem eigenen Generator von MKL, sodass derselbe Seed andere Zahlen ergibt. Keine der beiden ist falsch.',
  'lab.dropout.draws.heading': 'Viele Ziehungen der Gewichte Ihres Satzes',
  'lab.dropout.draws.help':
    'Die Attention-Gewichte der Seite (Kopf 1), immer wieder mit Dropout versehen durch {call}; drücken Sie Enter oder verlassen Sie ein Feld, um neu zu rechnen.',
  'lab.dropout.draws.refused':
    'draws = {draws}: Bei {T} Token zieht dieses Lab höchstens {limit}-mal.',
  'lab.dropout.draws.lowered': 'Von {draws} auf {limit} Ziehungen gesenkt für {T} Token.',

  // lecture-order
  'lab.lecture-order.title': 'Von ohne Gewichte bis Multi-Head, in der Reihenfolge der Vorlesung',
  'lab.lecture-order.summary':
    'Die sechs Klassen des Kapitels nacheinander, mit den Zahlen, die das Notebook ausgab.',
  'lab.lecture-order.name.simplified': 'Attention ohne trainierbare Gewichte',
  'lab.lecture-order.changed.simplified':
    'Der Ausgangspunkt: Jedes Token ist sein eigener Query, Key und Value; die Scores sind x · xᵀ, die Gewichte ihr Softmax.',
  'lab.lecture-order.changed.sa_v1':
    'Drei trainierbare Matrizen (torch.rand) machen aus jedem Token einen Query, einen Key und einen Value der Größe d_out = 2, und die Scores werden durch √d_k geteilt.',
  'lab.lecture-order.changed.sa_v2':
    'Dieselbe Attention, aber die Matrizen sind nn.Linear-Schichten: eine bessere Initialisierung, also andere Zahlen für dieselbe Idee.',
  'lab.lecture-order.changed.causal':
    'Eine Maske verdeckt die Zukunft (−∞ vor dem Softmax, sodass die Gewichte jeder Zeile bei ihrem eigenen Token enden), Dropout steht zur Verfügung, und ein Batch aus zwei Sätzen läuft auf einmal durch.',
  'lab.lecture-order.changed.wrapper':
    'Zwei CausalAttention-Köpfe nebeneinander, jeder mit eigenen Gewichten; ihre Kontextvektoren werden aneinandergehängt, sodass jedes Token 2 · 2 = 4 Zahlen bekommt.',
  'lab.lecture-order.changed.mha':
    'Eine Gewichtsmatrix, aufgeteilt in 2 Köpfe mit je d_out / h = 1 Spalte (view, dann transpose), und eine Ausgabeprojektion mischt die Köpfe: d_out bleibt 2.',
  'lab.lecture-order.caption.scoresOfJourney': 'attn_scores_2: x⁽²⁾ · xᵀ, die Scores von „journey“',
  'lab.lecture-order.caption.sumNormalisedOfJourney': 'Der erste Versuch: Scores ÷ ihre Summe',
  'lab.lecture-order.caption.weightsOfJourney': 'attn_weights_2: der Softmax der Scores',
  'lab.lecture-order.caption.weights': 'Die Attention-Gewichte',
  'lab.lecture-order.caption.context': 'Die Kontextvektoren',
  'lab.lecture-order.caption.contextBatch': 'Die Kontextvektoren (der erste Satz des Batches)',
  'lab.lecture-order.caption.seed': '{caption} (Seed {seed})',
  'lab.lecture-order.corner.token': 'Token ↓',
  'lab.lecture-order.corner.queryKey': 'Query ↓ Key →',
  'lab.lecture-order.batchGap':
    'Die zweite Kopie des Satzes im Batch bekommt dieselben Zeilen (größte Abweichung {gap}).',
  'lab.lecture-order.whatChanged': 'Was sich geändert hat: ',
  'lab.lecture-order.start': 'Start: ',
  'lab.lecture-order.computedBy': 'Berechnet mit {call}.',
  'lab.lecture-order.subject': 'die Klassen der Vorlesung mit den eigenen Eingaben des Notebooks',
  'lab.lecture-order.intro':
    'Die Vorlesung baut Self-Attention Klasse für Klasse auf. Jeder Block unten lässt eine Klasse auf den Satz des Notebooks „{sentence}“ los, mit seinen sechs Vektoren aus je 3 Zahlen und dem Seed, den das Notebook verwendete, und zeigt, was das Notebook ausgab, auf seine 4 Nachkommastellen. Jeder Schritt ändert eine Idee; die Zeile über den Zahlen sagt, welche.',

  // code
  'lab.code.title': 'Der Code hinter jedem Schritt',
  'lab.code.summary':
    'Jeder Schritt neben den PyTorch-Zeilen der Vorlesung, die ihn berechnen, und ein Snippet, das die Zahlen der Seite in PyTorch nachrechnet.',
  'lab.code.snippet.random':
    'Das Snippet, das die Zahlen der Seite in PyTorch nachrechnet, baut die zufälligen Gewichte der Vorlesung aus ihrem Seed nach; daher gibt es es nur mit den zufälligen Gewichten.',
  'lab.code.snippet.intro':
    'Das Snippet baut dasselbe Modul mit demselben Seed auf den Eingabevektoren der Seite und gibt jede Stufe aus: Führen Sie es mit Python und PyTorch aus und vergleichen Sie mit der Seite.',
  'lab.code.runs':
    'Die Seite rechnet mit {name}; dies sind seine Zeilen, wie das Notebook des Kapitels sie schreibt. ',
  'lab.code.trained':
    'Mit den trainierten Gewichten ist der Block MultiHeadAttention; die Einstellung des Moduls gilt für die zufälligen Gewichte.',
  'lab.code.random':
    'Ändern Sie das Modul in den Einstellungen, um die Zeilen einer anderen Klasse zu sehen.',
  'lab.code.caption': 'Jeder Schritt und sein PyTorch ({name})',
  'lab.code.step': 'Schritt',
  'lab.code.stage': 'Trace-Stufe',
  'lab.code.pytorch': 'PyTorch',

  // export
  'lab.export.title': 'Jede Stufe exportieren',
  'lab.export.summary':
    'Jede Stufe des Durchlaufs der Seite als JSON oder CSV herunterladen, mit Formen und Einstellungen (jede Karte als PNG oder SVG bei ihrem Schritt).',
  'lab.export.intro':
    'Der Durchlauf der Seite für „{sentence}“: {n} Tensoren, jede Zahl so, wie der Kern sie berechnet hat (float32, so geschrieben, dass sie wieder als dasselbe float32 gelesen wird). Die eigenen Downloads jedes Schritts und seine Karten als PNG oder SVG stehen unter seiner Erklärung.',
  'lab.export.json': 'Jede Stufe als JSON',
  'lab.export.csv': 'Jede Stufe als CSV',
  'lab.export.preview': ' (die Vorschau des Dropout-Schritts im Trainingsmodus)',

  // masking
  'lab.masking.title': 'Die Zukunft maskieren: naiv oder −∞',
  'lab.masking.summary':
    'Auf gewöhnlichen Zeilen dieselben Gewichte; dann dominiert ein Score aus der Zukunft, und float32 bringt den naiven Weg zu Fall.',
  'lab.masking.ordinary.result':
    'Ihr Satz auf beiden Wegen: Die Attention-Gewichte unterscheiden sich um höchstens {weights} und die Kontextvektoren um {output}{end}',
  'lab.masking.ordinary.same':
    ': Bit für Bit gleich, auf gewöhnlichen Zeilen lässt der naive Weg also nichts durchsickern.',
  'lab.masking.ordinary.rounding':
    ': float32-Rundung, auf gewöhnlichen Zeilen lässt der naive Weg also nichts durchsickern.',
  'lab.masking.ordinary.noMask':
    '. (Im Modell der Seite ist die Maske ausgeschaltet, daher verdeckt keiner der beiden Wege etwas.)',
  'lab.masking.ordinary.sums':
    'Die Ergebnisse stimmen überein, die Summen dahinter aber nicht. Jeder Softmax teilt durch eine Summe von Exponentialwerten, seinen Nenner. Der naive Weg summiert über jeden Key, die Zukunft eingeschlossen, und wirft die Gewichte der Zukunft erst danach weg; mit −∞ trägt die Zukunft {zero} = 0 bei, sodass nur die Keys in der Summe stehen, die ein Token sehen darf.',
  'lab.masking.grid.naive': 'Naiv: im Nenner des Softmax',
  'lab.masking.grid.negInf': '−∞: im Nenner des Softmax',
  'lab.masking.grid.first': 'Die ersten {n} von {T} Token, Kopf 1.',
  'lab.masking.grid.corner': 'Query ↓ Key →',
  'lab.masking.grid.in': ' im Nenner',
  'lab.masking.grid.out': ' nicht darin',
  'lab.masking.gap.label': 'Abstand',
  'lab.masking.gap.help': 'Eine Zahl von −1000 bis 1000.',
  'lab.masking.presets': 'Vorgaben',
  'lab.masking.preset.ordinary': 'Gewöhnlich (Abstand 10)',
  'lab.masking.preset.errors': 'Fehler beginnen (Abstand {gap})',
  'lab.masking.preset.breaking': 'Die Bruchstelle (Abstand {gap})',
  'lab.masking.intro':
    'Ein kausales Modell darf ein Token nicht vorausschauen lassen. Der erste Versuch der Vorlesung nimmt den Softmax über alle Keys, setzt die Gewichte der Zukunft auf 0 und teilt jede Zeile durch den Rest, damit sie sich wieder zu 1 summiert. Die endgültige Fassung schreibt stattdessen −∞ in die Scores der Zukunft, vor dem Softmax. Auf gewöhnlichen Zeilen ergeben beide dieselben Gewichte; der Unterschied liegt darin, was in die Summe des Softmax eingeht.',
  'lab.masking.ordinary.heading': 'Gewöhnliche Zeilen',
  'lab.masking.dominates.heading': 'Ein Score aus der Zukunft, der dominiert',
  'lab.masking.dominates.text':
    'Nehmen Sie eine Query mit zwei vergangenen Keys, bewertet mit 0 und 1, und einen zukünftigen Key mit dem Score 1 + Abstand. Auf dem naiven Weg steht das {future} der Zukunft im Nenner, sodass die Anteile der Vergangenheit wie {shrink} schrumpfen. Das Renormieren stellt sie genau wieder her, solange float32 sie noch fassen kann; im subnormalen Bereich verlieren sie Stellen, dann werden sie 0, und es bleibt nichts mehr zu teilen.',
  'lab.masking.measured':
    'Gemessen an den Abständen der Diagramme: Der kleinere Anteil der Vergangenheit ist ab einem Abstand von {subnormal} subnormal, der naive Weg weicht ab {errors} um mehr als 1e−6 ab und hat ab {fails} nichts mehr zu renormieren (0 / 0).',
  'lab.masking.plots.help':
    'Die Zeile: {call} des Kerns; die Diagramme: {n} Abstände von 0 bis 110. In einem trainierten Modell sind solche Abstände selten, aber der −∞-Weg hängt nie von ihnen ab: Die Zukunft steht einfach nicht in der Summe.',
  'lab.masking.row.key1': 'Key 1 (Score 0)',
  'lab.masking.row.key2': 'Key 2 (Score 1)',
  'lab.masking.row.key3': 'Key 3, die Zukunft (Score {score})',
  'lab.masking.row.caption': 'Query 2 von drei Token, der zukünftige Key um {gap} voraus',
  'lab.masking.row.corner': 'Weg ↓',
  'lab.masking.row.unmasked': 'Naiv 1: Softmax über alle Keys',
  'lab.masking.row.naive': 'Naiv 2: Zukunft genullt, Vergangenheit ÷ ihre Summe',
  'lab.masking.row.negInf': '−∞ vor dem Softmax',
  'lab.masking.row.fails': 'Der naive Weg scheitert: {failure}.',
  'lab.masking.row.difference': 'Größte Abweichung zwischen den Wegen: {difference}.',
  'lab.masking.series.naive1': 'naiv: Key 1',
  'lab.masking.series.naive2': 'naiv: Key 2',
  'lab.masking.series.negInf1': '−∞: Key 1',
  'lab.masking.series.negInf2': '−∞: Key 2',
  'lab.masking.series.share': 'Anteil von Key 1 am Softmax über alle Keys',
  'lab.masking.series.error': 'der Fehler des naiven Wegs',
  'lab.masking.series.normal': 'kleinste normale float32-Zahl, 2⁻¹²⁶',
  'lab.masking.plot.x': 'Abstand: wie weit der Score der Zukunft voraus ist',
  'lab.masking.mark.subnormal': 'subnormal',
  'lab.masking.mark.errors': 'Fehler',
  'lab.masking.mark.gap': 'Abstand {gap}',
  'lab.masking.plot.weightsLabel':
    'Die Gewichte der Vergangenheit auf beiden Wegen über dem Abstand: gleich bis etwa {errors}; die des naiven Wegs enden bei {last} mit {first} und {second}, ab {fails} hat er keine Gewichte mehr; der −∞-Weg bleibt bei {negInf1} und {negInf2}.',
  'lab.masking.plot.weight': 'Gewicht',
  'lab.masking.plot.weightsCaption': 'Was jeder Weg den beiden vergangenen Keys gibt.',
  'lab.masking.plot.tinyLabel':
    'Logarithmisch: Der Anteil von Key 1 am Softmax über alle Keys fällt bei einem Abstand von {subnormal} unter die kleinste normale float32-Zahl; von da an wächst der Fehler des naiven Wegs.',
  'lab.masking.plot.log': 'logarithmisch',
  'lab.masking.plot.tinyCaption': 'Warum: Der Anteil der Vergangenheit unterläuft.',

  // sqrt-dh
  'lab.sqrt-dh.title': 'Warum durch √d_h teilen',
  'lab.sqrt-dh.summary':
    'Zufällige Queries und Keys der Größe 1 bis 256: Die Scores streuen wie √d_h, und ohne die Division wird der Softmax one-hot.',
  'lab.sqrt-dh.plot.x': 'd_h (logarithmisch)',
  'lab.sqrt-dh.series.spread': 'Streuung von q · k',
  'lab.sqrt-dh.series.scaledSpread': 'Streuung von q · k ÷ √d_h',
  'lab.sqrt-dh.series.raw': 'nicht skaliert',
  'lab.sqrt-dh.series.scaled': 'skaliert',
  'lab.sqrt-dh.spread.label':
    'Standardabweichung der Scores über d_h: Sie folgt √d_h, von {first} bei d_h = 1 bis {last} bei 256; geteilt durch √d_h bleibt sie nahe 1.',
  'lab.sqrt-dh.spread.y': 'Standardabweichung',
  'lab.sqrt-dh.spread.caption': 'Die Streuung der Scores, gemessen für jedes d_h.',
  'lab.sqrt-dh.peak.label':
    'Mittleres größtes Gewicht einer Zeile über d_h: Ohne Skalierung steigt es bis {raw} bei 256, mit Skalierung bleibt es nahe {scaled}.',
  'lab.sqrt-dh.peak.y': 'größtes Gewicht einer Zeile',
  'lab.sqrt-dh.peak.caption':
    'Wie one-hot die Zeilen des Softmax sind (1 = das ganze Gewicht auf einem Key).',
  'lab.sqrt-dh.current.spread':
    'Queries und Keys: Streuung {query} und {key}. Scores {qk}: Streuung {score}, und {root}. Dadurch geteilt: Streuung {scaled}.',
  'lab.sqrt-dh.current.largest':
    'Größtes Gewicht einer Zeile, gemittelt über alle 36 Zeilen: {raw} ohne Skalierung, {scaled} mit ihr (gleichmäßig auf 36 Keys verteilt wären es {even}).',
  'lab.sqrt-dh.largest.caption': 'Das größte Gewicht der ersten {n} Zeilen, d_h = {dh}',
  'lab.sqrt-dh.largest.raw': 'nicht skaliert',
  'lab.sqrt-dh.largest.scaled': '÷ √d_h',
  'lab.sqrt-dh.corner.query': 'Query ↓',
  'lab.sqrt-dh.corner.queryKey': 'Query ↓ Key →',
  'lab.sqrt-dh.page.here':
    'Hier ist d_h = {dh}, die Scores werden also durch √{dh} = {root} geteilt. Größte Änderung eines Gewichts, wenn die Skalierung ausgeschaltet wird: {difference}. ',
  'lab.sqrt-dh.page.one':
    'Die Division durch √1 ändert nichts: Geben Sie der Seite in den Einstellungen ein größeres d_out (d_out 128 mit 2 Köpfen ergibt d_h = 64, die Kopfgröße von GPT-2), um den Unterschied zu sehen.',
  'lab.sqrt-dh.page.small':
    'Bei so kleinen Köpfen unterscheiden sich beide kaum: Die Division zählt bei großen Köpfen (GPT-2: d_h = 64).',
  'lab.sqrt-dh.page.caption': 'Attention-Gewichte Ihres Satzes, Kopf 1, {how}',
  'lab.sqrt-dh.scale.on': 'skaliert mit 1/√d_h',
  'lab.sqrt-dh.scale.off': 'nicht skaliert',
  'lab.sqrt-dh.slider.label': 'Kopfgröße d_h',
  'lab.sqrt-dh.intro':
    'Ein Score ist ein Skalarprodukt: d_h Produkte, aufsummiert. Streut jede Zahl einer Query und eines Keys um etwa 1, so tut es auch jedes Produkt, und eine Summe aus d_h davon streut wie √d_h. Der Softmax potenziert, sodass eine Zeile, deren Scores sich um 10 oder 20 unterscheiden, fast ihr ganzes Gewicht auf einen Key legt, und ihre Gradienten für die anderen verschwinden nahezu. Die Division durch √d_h hält die Streuung bei jeder Kopfgröße nahe 1.',
  'lab.sqrt-dh.below':
    'Unten: 36 zufällige Token (die Vektoren des Kerns aus einem Seed, so zentriert, dass Queries und Keys um etwa 1 streuen), {module} ohne seine Maske und mit d_out = d_h, vom Kern für jedes d_h berechnet.',
  'lab.sqrt-dh.subject': 'die Streuung der Scores mit der Kopfgröße',
  'lab.sqrt-dh.thisPart': 'Dieser Teil',
  'lab.sqrt-dh.page.heading': 'Ihr Satz',
  'lab.sqrt-dh.scale.legend': 'Die Scores des Modells der Seite',

  // causality
  'lab.causality.title': 'Kausalität: Spätere Token können frühere Zeilen nicht ändern',
  'lab.causality.summary':
    'Ein späteres Token ändern oder anhängen: Mit der Maske bleibt jede frühere Zeile der Gewichte und Kontextvektoren Bit für Bit gleich; ohne sie ändert sie sich.',
  'lab.causality.intro':
    'Warum die Zukunft verbergen? Im Training liest ein Sprachmodell einen ganzen Satz auf einmal und lernt an jeder Position t, das Token t + 1 vorherzusagen. Beim Schreiben erzeugt es ein Token nach dem anderen: Token t + 1 gibt es noch nicht, während Zeile t berechnet wird. Also darf Zeile t nur von den Token 1 … t abhängen, sonst lernte das Modell aus einer Zukunft, die es nicht haben wird. Ändern Sie ein späteres Token des Satzes der Seite (A) oder hängen Sie eines an, und vergleichen Sie ihn mit Ihrem (B).',
  'lab.causality.span.one': 'Zeile {first}',
  'lab.causality.span.many': 'Zeilen {first}–{last}',
  'lab.causality.at.token': 'Token {n}: {token}',
  'lab.causality.at.append': 'nach dem letzten Token anhängen',
  'lab.causality.at.label': 'Ändern',
  'lab.causality.word.label': 'in (oder anhängen)',
  'lab.causality.sentence.a': 'A (der der Seite): {sentence}',
  'lab.causality.sentence.b': 'B (Ihrer): {sentence}',
  'lab.causality.differ.first':
    'Sie unterscheiden sich ab Token 1: Keine Zeile liegt vor der Änderung.',
  'lab.causality.differ.from':
    'Sie teilen die Token 1–{first} und unterscheiden sich ab Token {next}.',
  'lab.causality.joined':
    ' (Beim Tokenisieren von B wurde Ihr Text mit dem Token davor verbunden.)',
  'lab.causality.mode.eval':
    ' Das Modell der Seite im Auswertungsmodus, jedes Batch-Element und jeder Kopf verglichen.',
  'lab.causality.mode.training':
    ' Das Modell der Seite im Auswertungsmodus (die Seite zeigt den Trainingsmodus; Dropout würde für eine andere Länge andere Masken ziehen), jedes Batch-Element und jeder Kopf verglichen.',
  'lab.causality.outcome.first': 'Token 1 wurde geändert, es gibt also keine frühere Zeile. ',
  'lab.causality.outcome.kept':
    'Vor der Änderung ({span}): Jedes Attention-Gewicht und jeder Kontextvektor behält seine Bits, größtes |Δ| = {delta}. ',
  'lab.causality.outcome.changed':
    'Vor der Änderung ({span}): Die Attention-Gewichte und Kontextvektoren ändern sich, größtes |Δ| = {delta}. ',
  'lab.causality.outcome.after': 'Ab der Änderung ({span}): größtes |Δ| = {delta}.',
  'lab.causality.numbers.caption': 'Satz {name}: Attention-Gewichte, Kopf 1, Batch-Element 1',
  'lab.causality.corner.queryKey': 'Query ↓ Key →',
  'lab.causality.numbers.summary': 'Die Zahlen von Kopf 1 in beiden Sätzen',
  'lab.causality.part.masked':
    'Attention-Gewichte mit der kausalen Maske, B gegen A: „=“, wo alle Bits übereinstimmen',
  'lab.causality.part.open':
    'Attention-Gewichte ohne die Maske, B gegen A: „=“, wo alle Bits übereinstimmen',
  'lab.causality.context.masked': 'Kontextvektoren mit der kausalen Maske',
  'lab.causality.context.open': 'Kontextvektoren ohne die Maske',
  'lab.causality.next.error': 'Das trainierte Modell: {error}',
  'lab.causality.next.intro':
    'Das trainierte Modell (ein kausaler Attention-Block, trainiert auf englischem Text, dem Brown-Korpus) sagt Token t + 1 aus Zeile t der Ausgabe seines Blocks vorher. Zeile t hat nur die Token 1 … t gesehen, daher kann ihre Vorhersage nicht davon abhängen, was folgt.',
  'lab.causality.next.same':
    'Die Vorhersagen nach den ersten {n} Token: {same} in beiden Sätzen gleich, Token für Token und Bit für Bit.',
  'lab.causality.next.sameCount': '{same} von {n}',
  'lab.causality.next.shared': 'Nach {tokens}: Was kommt als Nächstes?',
  'lab.causality.next.other':
    '„{token}“ ist kein Wort: Jedes GPT-2-Token außerhalb der {count}, für die das Modell IDs hat, teilt sich eine ID, und dies ist ihre summierte Wahrscheinlichkeit.',
  'lab.causality.next.changed': 'Nach {a} (A) und {b} (B): die geänderte Zeile',
  'lab.causality.heading.masked': 'Mit der kausalen Maske',
  'lab.causality.heading.open': 'Ohne die Maske ({code})',
  'lab.causality.heading.next': 'Was das Modell als Nächstes vorhersagt',
  'lab.causality.row.added': '+ {token}',
  'lab.causality.row.aOnly': '{token} (nur A)',
  'lab.causality.cell.same': ' gleiche Bits',
  'lab.causality.state.new': 'nur in einem Satz',
  'lab.causality.state.same': 'gleiche Bits',
  'lab.causality.state.differs': 'verschieden ({delta})',
  'lab.causality.col.row': 'die Zeile',
  'lab.causality.col.token': 'Token',
  'lab.causality.col.delta': 'größtes |Δ|',
  'lab.causality.col.rank': 'Rang',
  'lab.causality.col.a': 'Satz A',
  'lab.causality.col.b': 'Satz B',
  'lab.causality.error.at':
    'Token {n}: Der Satz hat {T} Token; wählen Sie eines von 1 bis {T} oder hängen Sie eines an',
  'lab.causality.error.empty':
    'Geben Sie das Wort ein, das das Token ersetzt (oder angehängt wird)',
  'lab.causality.error.same': '„{word}“ ergibt denselben Satz: Geben Sie ein anderes Wort ein',

  // transpose
  'lab.transpose.title': 'Erst view, dann transpose, und das vergessene transpose',
  'lab.transpose.summary':
    'Die vier Formen von den Queries bis zu den Scores, Achse für Achse, und was Q·Kᵀ ohne transpose(1, 2) ergibt.',
  'lab.transpose.right.label': 'mit dem transpose',
  'lab.transpose.right.heading': 'Mit transpose(1, 2): {shape}',
  'lab.transpose.right.head': 'Gezeigter Kopf ',
  'lab.transpose.head': 'Kopf {n}',
  'lab.transpose.right.caption': 'Richtig: attn_scores[0, Kopf {n}], Token gegen Token (T × T)',
  'lab.transpose.wrong.q': 'q Kopf {n}',
  'lab.transpose.wrong.k': 'k Kopf {n}',
  'lab.transpose.wrong.qTitle': 'Query von Kopf {n}',
  'lab.transpose.wrong.kTitle': 'Key von Kopf {n}',
  'lab.transpose.wrong.caption': 'Token {n} ({token}): Köpfe gegen Köpfe',
  'lab.transpose.wrong.label': 'ohne das transpose',
  'lab.transpose.wrong.heading': 'Vergessen: {code} → {shape}',
  'lab.transpose.wrong.text':
    'Ohne das transpose sind die letzten beiden Achsen (h, d_h), also paart das Produkt Köpfe mit Köpfen innerhalb eines Tokens: Kein Token schaut je auf ein anderes, und die „Attention“ ist ein h × h-Raster pro Token. Jede Zahl hier ist die Query von Token t in Kopf i mal den Key desselben Tokens in Kopf j: aus den Views nachgerechnet, beträgt die größte Abweichung von der des Kerns {check}. PyTorch meldet keinen Fehler, weil sich die Formen noch multiplizieren lassen.',
  'lab.transpose.wrong.first': 'Die ersten {n} von {T} Token.',
  'lab.transpose.intro':
    'MultiHeadAttention berechnet alle Köpfe mit einer einzigen Matrixmultiplikation, daher kommen ihre Queries als eine breite Zeile pro Token heraus. Damit jeder Kopf seine eigenen T × T-Scores bekommt, wird die Breite zuerst als h Blöcke zu je d_h gelesen (view: keine Zahl bewegt sich), dann wird die Kopfachse vor die Tokenachse geholt (transpose(1, 2): Die Zahlen bewegen sich). Erst dann paart Q · Kᵀ, das die letzten beiden Achsen multipliziert, innerhalb jedes Kopfes Token mit Token. Jede Achse behält ihre Farbe von Schritt zu Schritt.',
  'lab.transpose.pipeline.heading': 'Vier Formen, eine Pipeline',
  'lab.transpose.checked':
    'Geprüft an den Zahlen des Kerns: Der view sind die Queries, mit neuer Form gelesen (größte Abweichung {view}), das transpose bewegt sie (hier nachgerechnet, größte Abweichung {transpose}).',
  'lab.transpose.twice.cellTitle': 'Kopf {head}, Token {token}',
  'lab.transpose.twice.row': 'Zeile {n}',
  'lab.transpose.twice.label': 'die transpose-Zelle, zweimal ausgeführt',
  'lab.transpose.twice.heading': 'Die transpose-Zelle, zweimal ausgeführt',
  'lab.transpose.twice.intro':
    'In der Vorlesung wurde die Zelle, die die Kontextvektoren von „Köpfe zuerst“ zurück auf „Token zuerst“ bringt, versehentlich ein zweites Mal ausgeführt, und die ausgegebene Form war wieder die alte. Zweimal die Achsen 1 und 2 zu tauschen, tauscht sie zurück. Nichts beschwert sich: Das anschließende Zusammenführen braucht nur die richtige Anzahl von Werten.',
  'lab.transpose.twice.context': 'context_vec (aus dem Kern): {shape}',
  'lab.transpose.twice.once':
    'nach einer Ausführung: {shape}, zusammengeführt gleich den mergedHeads des Kerns (größte Abweichung {check})',
  'lab.transpose.twice.twice':
    'nach zwei Ausführungen: {shape}, genau die Zahlen vom Anfang (größte Abweichung {check})',
  'lab.transpose.twice.merged':
    'Nach zwei Ausführungen zusammengeführt, ist Zeile 1 nicht mehr Token 1 jedes Kopfes: Sie enthält die ersten Token von Kopf 1 hintereinander. Jede Zelle sagt, aus welchem Kopf (h) und Token (t) ihre Zahl stammt.',
  'lab.transpose.twice.onceCaption': 'Einmal ausgeführt: Zeile t = Token t von Kopf 1, Kopf 2, …',
  'lab.transpose.twice.twiceCaption': 'Zweimal ausgeführt: Die Zeilen mischen Token',

  // weights
  'lab.weights.title': 'Die Gewichte',
  'lab.weights.summary':
    'W_q, W_k, W_v und W_o als Matrizen: welche Spalten zu welchem Kopf gehören, die Matrizen der Schleife als Ausschnitte und wie W_o die Köpfe mischt.',
  'lab.weights.wo.seeded': 'das W_o aus dem Seed',
  'lab.weights.wo.trained': 'das trainierte W_o',
  'lab.weights.wo.identity': 'W_o = Identität',
  'lab.weights.head': 'Kopf {n}',
  'lab.weights.out': 'Ausg. {n}',
  'lab.weights.column.title': 'Spalte {n}: Kopf {head}',
  'lab.weights.clipped': 'Die ersten {rows} Zeilen und {cols} Spalten.',
  'lab.weights.shares.caption': '{name}: der Anteil jedes Kopfes an jeder Ausgabespalte',
  'lab.weights.shares.label': '{name}: der Anteil jedes Kopfes',
  'lab.weights.output.caption': 'Die Ausgabe mit {name} (Batch-Element 1)',
  'lab.weights.mixing.label': 'was W_o mischt',
  'lab.weights.mixing.heading': 'W_o mischt die Köpfe',
  'lab.weights.mixing.legend': 'Ausgabeprojektion',
  'lab.weights.mixing.seeded':
    'Mit W_o = Identität und ohne Bias ist die Ausgabe die zusammengeführten Köpfe (größte Abweichung {check}): Ausgabespalte j gehört einem Kopf, ihre Farbe ist rein. Mit dem W_o aus dem Seed greift jede Ausgabespalte auf jeden Kopf zurück, und ihre Farbe ist deren Mischung.',
  'lab.weights.mixing.trained':
    'Mit W_o = Identität und ohne Bias ist die Ausgabe die zusammengeführten Köpfe (größte Abweichung {check}): Ausgabespalte j gehört einem Kopf, ihre Farbe ist rein. Mit dem trainierten W_o greift jede Ausgabespalte auf jeden Kopf zurück, und ihre Farbe ist deren Mischung.',
  'lab.weights.check.layout':
    'Die Schleifen-Anordnung des Kerns (eine Projektion pro Kopf, W[i·d_h:(i+1)·d_h]) gegen die fusionierte: größte Abweichung in den Köpfen und der Ausgabe {check}.',
  'lab.weights.check.wrapper':
    'Der Wrapper ({heads} CausalAttention-Module, d_in = {dIn}, d_out = {dh}), dem die Ausschnitte als seine heads.<i>.W_query/W_key/W_value gegeben werden: Seine Ausgabe gleicht den zusammengeführten Köpfen der Aufteilung (größte Abweichung {check}).',
  'lab.weights.check.seed':
    'Stattdessen aus demselben Seed gebaut, zieht der Wrapper dieselben Zufallszahlen in anderer Reihenfolge (Kopf für Kopf, nicht Matrix für Matrix): {n} seiner {all} Matrizen gleichen zufällig einem Ausschnitt{which}, die übrigen nicht.',
  'lab.weights.check.which': ' ({list})',
  'lab.weights.check.one': '{projection} von Kopf {n}',
  'lab.weights.intro':
    'MultiHeadAttention hält eine einzige Query-Matrix für alle Köpfe. Die Multiplikation von x mit ihr ergibt d_out Spalten, und die Aufteilung entscheidet nur, welche Spalten jeder Kopf liest: Kopf 1 die ersten d_h, Kopf 2 die nächsten und so weiter. Die kleinen Matrizen pro Kopf in der Schleife sind also nichts anderes: Sie sind diese Spaltenblöcke. Die Ausgabeprojektion out_proj (W_o) nimmt dann die Spalten jedes Kopfes und mischt sie.',
  'lab.weights.split.heading': 'Die Aufteilung: {heads} Köpfe mit d_h = {dh} (d_out = {D})',
  'lab.weights.row.head': 'Kopf {head}·{n}',
  'lab.weights.slices.heading': 'Die Matrizen der Schleife sind die Ausschnitte der Aufteilung',

  // sizes
  'lab.sizes.title': 'Größen',
  'lab.sizes.summary':
    'Das Spielzeugmodell, GPT-2 und GPT-3: die Form jeder Stufe und die Parameter jeder Matrix, und GPT-2 läuft hier.',
  'lab.sizes.preset.lecture': 'Das Spielzeugmodell der Vorlesung (d = 6, 2 Köpfe)',
  'lab.sizes.preset.gpt2': 'GPT-2 small (768, 12 Köpfe zu je 64)',
  'lab.sizes.preset.gpt3': 'GPT-3 (12288, 96 Köpfe zu je 128)',
  'lab.sizes.time.none': 'unter einem Takt dieser Uhr',
  'lab.sizes.stages.caption': 'Die Form jeder Stufe',
  'lab.sizes.col.stage': 'Stufe',
  'lab.sizes.col.shape': 'Form',
  'lab.sizes.parameters.caption': 'Parameter',
  'lab.sizes.col.parameter': 'Parameter',
  'lab.sizes.col.count': 'Anzahl',
  'lab.sizes.total': 'Summe',
  'lab.sizes.size.legend': 'Größe',
  'lab.sizes.size.text':
    'd_in = {dIn}, d_out = {dOut}, h = {h}, d_h = d_out / h = {dh}, Kontext T = {T}: {count} Parameter, etwa {flops} Millionen Gleitkommaoperationen pro Vorwärtsdurchlauf.',
  'lab.sizes.size.runs': 'Der Kern konnte dieses Modell hier bauen.',
  'lab.sizes.size.described': 'Beschrieben, nicht gebaut: {why}.',
  'lab.sizes.gpt2.result':
    '{T} Token von „{sentence}“ durch d_in = 768, 12 Köpfe zu je 64: Ausgabe (B = 1, T = {T}, d_out = {D}). Das eigene state_dict des Modells enthält {count} Zahlen.',
  'lab.sizes.gpt2.build': 'Gewichte gezogen: {time}',
  'lab.sizes.gpt2.first':
    'erster Vorwärtsdurchlauf: {time} (er packt auch die Gewichte für die Kernel)',
  'lab.sizes.gpt2.second': 'zweiter Vorwärtsdurchlauf: {time} ({flops} Millionen Operationen)',
  'lab.sizes.done': 'Fertig.',
  'lab.sizes.subject': 'Größen',
  'lab.sizes.intro':
    'Dieselbe Klasse wächst vom Spielzeugmodell der Vorlesung bis zu GPT-3: Nur d_in, d_out und h ändern sich, und die Kopfgröße d_h = d_out / h folgt (64 bei GPT-2, 128 bei GPT-3). Die Parameter sind die vier quadratischen Matrizen (und der Bias von out_proj): Sie wachsen mit d_out², nicht mit der Zahl der Token, während die T × T-Scores mit der Kontextlänge wachsen.',
  'lab.sizes.gpt2.label': 'GPT-2, hier ausgeführt',
  'lab.sizes.gpt2.heading': 'GPT-2, ganz echt',
  'lab.sizes.gpt2.run': 'Den Block von GPT-2 auf den Satz der Seite anwenden',
  'lab.sizes.gpt2.progress':
    'Der Block von GPT-2 (2.4 Millionen Gewichte) wird gebaut und ausgeführt …',
});
