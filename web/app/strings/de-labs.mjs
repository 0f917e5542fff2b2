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
});
