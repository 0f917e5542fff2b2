// Die Texte des Labs „lecture-order“ (web/app/labs/lecture-order/words.mjs) auf Deutsch.
export default {
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
    'Die Vorlesung baut Self-Attention Klasse für Klasse auf. Jeder Block unten wendet eine Klasse auf den Satz des Notebooks „{sentence}“ an, mit seinen eigenen sechs Vektoren aus je 3 Zahlen und dem Seed, den das Notebook verwendete, und zeigt, was das Notebook ausgab, auf seine 4 Nachkommastellen. Jeder Schritt ändert eine Idee; die Zeile über den Zahlen sagt, welche.',
};
