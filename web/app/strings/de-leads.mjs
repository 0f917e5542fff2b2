// Der Leitsatz jedes Schritts ("lead.<key>": die Sätze, die `attention-lab explain` auf Englisch
// druckt, lib/stage-text.mjs) und die Hilfezeile unter jeder Einstellung ("setting.<name>.help":
// die Hilfe der Optionstabelle des Kerns), auf Deutsch; in de.mjs eingefügt.
export default Object.freeze({
  'lead.inputs': 'die Eingabe-Embeddings x: ein Vektor aus d_in = {d_in} Zahlen je Token',
  'lead.purpose.query': 'wonach jedes Token sucht',
  'lead.purpose.key': 'was jedes Token den Queries anbietet',
  'lead.purpose.value': 'was jedes Token weitergibt, wenn es beachtet wird',
  'lead.projection.wrapper': '{product} jedes Kopfes, nebeneinander (D = h·d_out = {D}): {purpose}',
  'lead.projection.whole': '{product} (D = d_out = {D} Spalten): {purpose}',
  'lead.projection.split':
    '{whole}; jeder der {h} Köpfe bekommt seine eigenen {d_in} × {d_h} = d_in × d_h von W_{role}ᵀ',
  'lead.queryView':
    'die Queries als (B,T,h,d_h) = ({B},{T},{h},{d_h}) gesehen: keine Zahl bewegt sich, jede Zeile wird als h Stücke gelesen; als Nächstes kommt die Transposition',
  'lead.keyView': 'die Keys ebenso gesehen: (B,T,h,d_h)',
  'lead.valueView': 'die Values ebenso gesehen: (B,T,h,d_h)',
  'lead.name.queries': 'Queries',
  'lead.name.keys': 'Keys',
  'lead.name.values': 'Values',
  'lead.heads.wrapper':
    'die eigenen {what} jedes Kopfes, d_h = d_out = {d_h} breit: nichts wird geteilt (jeder Kopf hat sein eigenes W_{role})',
  'lead.heads.one': 'die {what} als ein Kopf: {class} hat h = 1, d_h = d_out = {d_h}',
  'lead.heads.split':
    '{what}, geteilt in h = {h} Köpfe aus d_h = d_out / h = {d_h} Spalten: view, dann transpose',
  'lead.scores.simplified':
    'x · xᵀ: Zeile i = die Eingabe von Token i, mit jeder Eingabe skalar multipliziert (keine Gewichte: Queries, Keys und Values sind die Eingaben)',
  'lead.scores.one':
    'Queries · Keysᵀ: Zeile i = die Query von Token i, mit jedem Key skalar multipliziert',
  'lead.scores.heads':
    'queryHeads · keyHeadsᵀ je Kopf: Zeile i = die Query von Token i, mit jedem Key skalar multipliziert',
  'lead.forgottenTranspose':
    'die Transposition vergessen: queryView · keyViewᵀ multipliziert über die Köpfe, (B,T,h,h) = ({B},{T},{h},{h}): die Köpfe jedes Tokens gegen seine eigenen Köpfe, nicht Token gegen Token',
  'lead.scaledScores':
    'Scores ÷ √d_h, hier ÷ {divisor}: große Scores würden die Softmax zu einem Alles-oder-nichts machen',
  'lead.scaledScores.one': '√1 = 1 (keine Änderung bei d_h = 1)',
  'lead.mask.causal':
    '{inf} oberhalb der Diagonale: kein Token darf ein späteres beachten (die Softmax macht aus {inf} ein Gewicht von 0)',
  'lead.mask.off': 'nicht kausal: nichts wird maskiert, jedes Token darf jedes Token beachten',
  'lead.unmaskedWeights':
    'naive Maskierung, Schritt 1: die Softmax jeder Zeile über alle Token, die Zukunft eingeschlossen',
  'lead.zeroed.causal':
    'naive Maskierung, Schritt 2: die Gewichte der Zukunft auf 0 gesetzt; die Zeilen ergeben nicht mehr 1',
  'lead.zeroed.off': 'naive Maskierung, Schritt 2: nicht kausal, nichts zu nullen',
  'lead.weights.unscaled':
    'Softmax jeder Zeile ohne Skalierung (scale aus): Die Zeilen ergeben 1, aber schärfer als skaliert',
  'lead.weights.softmax':
    'Softmax jeder Zeile: wie stark Token i Token j beachtet; jede Zeile ergibt in Summe 1',
  'lead.weights.naive':
    'naive Maskierung, Schritt 3: jede Zeile durch ihre Summe geteilt, so dass die Zeilen wieder 1 ergeben',
  'lead.weights.naiveOff':
    'naive Maskierung, Schritt 3: jede Zeile durch ihre Summe geteilt (schon 1: nichts wurde genullt)',
  'lead.sumNormalisedWeights':
    'das Notebook versucht zuerst, jede Zeile durch ihre Summe zu teilen: Auch so ergeben die Zeilen 1, aber der größte Score sticht nicht heraus, und negative Scores ergäben negative Gewichte: daher die Softmax',
  'lead.dropoutMask.dropping':
    'Dropout mit p = {p}: 1 = Gewicht behalten, 0 = verworfen. Gezogen aus Seed {seed}: Derselbe Seed ergibt dieselbe Maske; ein Modell zieht sie bei jedem Vorwärtsdurchlauf neu',
  'lead.dropoutMask.zero':
    'p = 0: Dropout verwirft nichts, jedes Gewicht bleibt (eine Maske aus Einsen)',
  'lead.dropoutMask.evaluation':
    'Auswertungsmodus: Dropout ist aus, jedes Gewicht bleibt (eine Maske aus Einsen)',
  'lead.dropoutMask.evaluationP':
    'Auswertungsmodus: Dropout ist aus, jedes Gewicht bleibt (eine Maske aus Einsen); p = {p} wirkt nur im Training',
  'lead.dropped.dropping':
    'behaltene Gewichte × 1/(1−p) = × {factor}: Im Mittel behalten die Gewichte ihre Größe; die Zeilen ergeben nicht mehr 1',
  'lead.dropped.none': 'die Attention-Gewichte unverändert (kein Dropout)',
  'lead.context.dropping':
    'droppedWeights · valueHeads: der Kontextvektor jedes Tokens je Kopf, eine Mischung der Values, gewichtet mit seinen Attention-Gewichten nach dem Dropout',
  'lead.context.zero':
    'attentionWeights · valueHeads: der Kontextvektor jedes Tokens je Kopf, eine Mischung der Values, gewichtet mit seinen Attention-Gewichten (p = 0: kein Dropout)',
  'lead.context.evaluation':
    'attentionWeights · valueHeads: der Kontextvektor jedes Tokens je Kopf, eine Mischung der Values, gewichtet mit seinen Attention-Gewichten (Auswertungsmodus: kein Dropout)',
  'lead.merge.wrapper':
    'die Kontextvektoren der Köpfe nebeneinander verkettet (torch.cat): h·d_out = D = {D} Spalten',
  'lead.merge.causal': 'die Kontextvektoren des einen Kopfes: nichts zusammenzuführen',
  'lead.merge.split':
    'die Köpfe zurücktransponiert und verkettet: h·d_h = {h}·{d_h} = D = {D} Spalten',
  'lead.output.class':
    'die Kontextvektoren: attentionWeights · values, einer je Token (die Ausgabe der Klasse)',
  'lead.output.wrapper':
    'die Kontextvektoren: Die Ausgabe des Wrappers ist die Verkettung selbst (kein out_proj)',
  'lead.output.causal':
    'die Kontextvektoren: CausalAttention gibt sie unverändert zurück (kein out_proj)',
  'lead.output.mha':
    'out_proj(mergedHeads): eine lineare Schicht aus d_out × d_out = {D} × {D}, die die Köpfe mischt: die Kontextvektoren',
  'lead.story.off':
    'Die kausale Maske ist aus: Keiner der beiden Wege verbirgt einen Key, es gibt also nichts zu vergleichen.',
  'lead.story.naive':
    'der naive Weg (Softmax über alle Keys, die Zukunft nullen, jede Zeile durch ihre Summe teilen)',
  'lead.story.broken':
    'Bei diesem Satz scheitert {naive}: Die behaltenen Gewichte einer Zeile sind alle auf 0 unterlaufen, also hat das Renormieren 0 durch 0 geteilt (NaN).',
  'lead.story.same':
    'Bei diesem Satz ergibt {naive} dieselben Attention-Gewichte wie {inf} vor der Softmax: max |Δ| = {difference}{how}. Bei gewöhnlichen Zeilen sickert also nichts durch: Das Teilen durch die neue Zeilensumme hebt den Anteil der Zukunft an der Summe der ersten Softmax auf.',
  'lead.story.exact': ', Bit für Bit',
  'lead.story.rounding': ', Rundung von float32',
  'lead.story.breaks':
    'Wo er scheitert: Wenn ein späterer Score eine Zeile so stark dominiert, dass die behaltenen Wahrscheinlichkeiten in den subnormalen Bereich von float32 fallen (unter 2⁻¹²⁶ ≈ 1.2e{minus}38), verlieren sie Stellen und werden dann 0; die Summe der Zeile ist dann 0, und das Renormieren rechnet 0 / 0 = NaN.',
  'lead.story.why':
    'Warum {inf} vor der Softmax trotzdem die richtige Konstruktion ist: ein Durchgang statt drei; die maskierten Gewichte sind durch die Konstruktion genau 0 (e^{inf} = 0), nicht nachträglich auf 0 gesetzt; und keine Division durch eine Summe, die 0 sein kann: Der größte sichtbare Score jeder Zeile bekommt e⁰ = 1.',
  'setting.weights.help': 'mit welchen Gewichten der Block rechnet',
  'setting.batch.help': 'wie viele Sequenzen gemeinsam durchlaufen',
  'setting.dIn.help': 'die Länge des Embedding-Vektors jedes Tokens',
  'setting.dOut.help': 'die Breite der Queries, Keys und Values',
  'setting.heads.help': 'Attention-Köpfe nebeneinander, jeder mit eigenen Queries, Keys und Values',
  'setting.qkvBias.help': 'W_query, W_key und W_value bekommen einen Bias',
  'setting.causal.help':
    'die Zukunft verbergen: Scores oberhalb der Diagonale werden vor der Softmax zu −∞',
  'setting.dropout.help': 'der Anteil der Attention-Gewichte, der im Training verworfen wird',
  'setting.training.help': 'Trainingsmodus: Dropout wirkt',
  'setting.seed.help':
    'torch.manual_seed(seed): Derselbe Seed ergibt die Gewichte und Dropout-Masken von PyTorch',
  'setting.module.help':
    'die Klasse des Kapitels, in der Reihenfolge der Vorlesung: Attention ohne Gewichte, SelfAttention_v1, SelfAttention_v2, CausalAttention, MultiHeadAttentionWrapper, MultiHeadAttention',
  'setting.masking.help':
    '−∞ oberhalb der Diagonale vor der Softmax, oder der naive Weg: Softmax, die Zukunft nullen, renormieren',
  'setting.layout.help':
    'eine Matrixmultiplikation mit aufgeteilten Gewichten für alle Köpfe, oder eine Schleife über Module je Kopf',
});
