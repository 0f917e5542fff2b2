// Die Übungen der Vorlesung über mehrere Köpfe (view, transpose, Zusammenführen, Parameter,
// Zeitmessung) und die Übungen 3.1 bis 3.3 des Kapitels auf Deutsch, als Teil von
// de-exercises.mjs.
export default Object.freeze({
  'exercise.view-shape.title': 'Die Form nach view',
  'exercise.view-shape.short': 'view',
  'exercise.view-shape.idea':
    'Geben Sie die Form von queries.view(B, T, h, d_h) für die gezeigten Größen an.',
  'exercise.view-shape.prompt':
    'B = {B} Sätze zu je T = {T} Token, d_out = {dOut}, h = {h} Köpfe. Die Queries haben die Form (B, T, d_out) = ({B}, {T}, {dOut}). Welche Form hat {code}?',
  'exercise.view-shape.explain':
    'view behält die Zahlen in ihrer Reihenfolge und liest sie mit einer neuen Form: Die ' +
    'letzte Größe, d_out = {dOut}, wird in h = {h} Köpfe zu je d_h = d_out / h = {dOut} / {h} = ' +
    '{dh} geteilt. Aus (B, T, d_out) = {before} wird also (B, T, h, d_h) = {after}: weiterhin ' +
    'eine Zeile je Token, jetzt nach Köpfen aufgeteilt.',

  'exercise.transpose-shape.title': 'Die Form nach transpose(1, 2)',
  'exercise.transpose-shape.short': 'transpose',
  'exercise.transpose-shape.idea':
    'Geben Sie die Form der mit view umgeformten Queries nach .transpose(1, 2) an.',
  'exercise.transpose-shape.prompt':
    'B = {B}, T = {T}, d_out = {dOut}, h = {h}. Nach view haben die Queries die Form (B, T, h, d_h) = {shape}. Welche Form hat {code}?',
  'exercise.transpose-shape.explain':
    'transpose(1, 2) vertauscht die Dimensionen 1 und 2 (ab 0 gezählt): die Token und die ' +
    'Köpfe. Aus (B, T, h, d_h) = {view} wird (B, h, T, d_h) = {heads}. Jetzt hält jeder der {h} ' +
    'Köpfe eine eigene (T, d_h)-Matrix, sodass ein einziges gebatchtes matmul ' +
    'queries @ keys.transpose(2, 3) die T × T Scores aller Köpfe auf einmal berechnet (d_h = {dh}).',

  'exercise.merged-column-head.title': 'Welcher Kopf diese Spalte gefüllt hat',
  'exercise.merged-column-head.short': 'welcher Kopf',
  'exercise.merged-column-head.idea':
    'Nennen Sie den Kopf, aus dem eine Spalte des zusammengeführten Tensors stammt, und was W_o = Einheitsmatrix mit ihr täte.',
  'exercise.merged-column-head.prompt':
    '{heads} Köpfe mit d_h = {dh} werden zu einem Tensor mit d_out = {D} Spalten zusammengeführt (B, T, {D}). Spalte {column} (ab 1 gezählt): Welcher Kopf füllt sie mit seinen Kontextvektoren?',
  'exercise.merged-column-head.headField': 'Der Kopf von Spalte {column} (1 bis {heads})',
  'exercise.merged-column-head.identityLegend':
    'Wäre die Ausgabeprojektion W_o = Einheitsmatrix (Bias 0), so wäre die Ausgabe …',
  'exercise.merged-column-head.same':
    'Die Ausgabe gleicht dem zusammengeführten Tensor: Die Köpfe bleiben nebeneinander, ungemischt.',
  'exercise.merged-column-head.mix':
    'Jede Ausgabespalte wird eine Mischung aus den Spalten aller Köpfe.',
  'exercise.merged-column-head.sum':
    'Die Köpfe werden zu einem einzigen Vektor der Breite d_h aufaddiert.',
  'exercise.merged-column-head.headPart': 'Der Kopf von Spalte {column}',
  'exercise.merged-column-head.identityPart': 'Was W_o = Einheitsmatrix bewirkt',
  'exercise.merged-column-head.outputSame': 'genau der zusammengeführte Tensor ist',
  'exercise.merged-column-head.outputDiffers':
    'sich weiterhin vom zusammengeführten Tensor unterscheidet',
  'exercise.merged-column-head.explain':
    'Das Zusammenführen transponiert die Kontextvektoren zurück zu (B, T, h, d_h) und liest sie ' +
    'als (B, T, d_out): Die {dh} Spalten von Kopf 1 kommen zuerst, dann die von Kopf 2 und so ' +
    'weiter. Spalte {column} von {D} ist Spalte {headColumn} von Kopf {head}, denn {index} ÷ d_h ' +
    '= {index} ÷ {dh} ergibt abgerundet {head0} (ab 0 gezählt). Die Ausgabeprojektion ' +
    'multipliziert mit W_o, in der jede Ausgabespalte alle {D} zusammengeführten Spalten ' +
    'gewichtet: Das mischt die {heads} Köpfe. Mit W_o = Einheitsmatrix und Bias 0 nimmt jede ' +
    'Ausgabespalte nur ihre eigene zusammengeführte Spalte, sodass die Ausgabe {output} (der ' +
    'Kern hat sie mit diesen Gewichten gerechnet): Nichts wird gemischt.',

  'exercise.param-count.title': 'Die Parameter zählen',
  'exercise.param-count.short': 'Parameter zählen',
  'exercise.param-count.idea':
    'Zählen Sie die Parameter von W_query und des ganzen Attention-Blocks, zuerst für GPT-2.',
  'exercise.param-count.gpt2': 'GPT-2 small',
  'exercise.param-count.gpt2Bias': 'GPT-2 small mit qkv_bias=True',
  'exercise.param-count.gpt3': 'GPT-3',
  'exercise.param-count.lecture': 'das Beispiel der Vorlesung',
  'exercise.param-count.prompt':
    '{name}: {module}, mit dem Bias der Ausgabeprojektion. Wie viele Parameter (Zahlen, die das Training verändert) haben sie?',
  'exercise.param-count.queryField': 'W_query',
  'exercise.param-count.totalField': 'Der ganze Block (W_query, W_key, W_value und out_proj)',
  'exercise.param-count.hint': 'Tausendertrennzeichen wie in 1,234,567 sind erlaubt.',
  'exercise.param-count.queryPart': 'Parameter von W_query',
  'exercise.param-count.totalPart': 'Parameter des Blocks',
  'exercise.param-count.withBias': ', dazu {biases} Biases (qkv_bias=True)',
  'exercise.param-count.noBias': ', ohne Bias (qkv_bias=False)',
  'exercise.param-count.explain':
    'W_query ist ein nn.Linear({dIn}, {dOut}): eine Gewichtsmatrix {dIn} × {dOut}, {matrix} ' +
    'Zahlen{bias}, also {query}. W_key und W_value sind gleich groß, und die Ausgabeprojektion ' +
    'nn.Linear({dOut}, {dOut}) hat {square} Gewichte und {outBiases} Biases. Insgesamt: {list} ' +
    '= {total}. Die Zahl der Köpfe ändert daran nichts: Die Köpfe teilen dieselben Matrizen ' +
    'unter sich auf.',

  'exercise.loop-vs-fused-guess.title': 'Schleife oder fusioniert: erst raten, dann messen',
  'exercise.loop-vs-fused-guess.short': 'Zeitmessung raten',
  'exercise.loop-vs-fused-guess.idea':
    'Bevor die Zeitmessung läuft: Welche Form gewinnt bei 4000 Köpfen, eine Schleife über die Köpfe oder ein einziges fusioniertes matmul, und mit welchem Abstand?',
  'exercise.loop-vs-fused-guess.prompt':
    'Das Experiment der Vorlesung mit {heads} Köpfen der Größe {headSize}, {tokens} Token und einem Batch von {batch}: dieselbe Attention, einmal von einer Schleife über Module je Kopf berechnet, einmal von einem einzigen matmul mit aufgeteilten Gewichten (fusioniert). Raten Sie zuerst; „Prüfen“ misst dann beide in Ihrem Browser.',
  'exercise.loop-vs-fused-guess.winnerLegend': 'Welche Form ist schneller?',
  'exercise.loop-vs-fused-guess.factorLegend': 'Um wie viel etwa?',
  'exercise.loop-vs-fused-guess.winnerFused': 'die fusionierte Form (ein matmul für alle Köpfe)',
  'exercise.loop-vs-fused-guess.winnerLoop': 'die Schleife über die Köpfe',
  'exercise.loop-vs-fused-guess.factor1': 'etwa gleich, weniger als etwa 3×',
  'exercise.loop-vs-fused-guess.factor10': 'etwa 10×: von etwa 3× bis 30×',
  'exercise.loop-vs-fused-guess.factor100': 'etwa 100×: von etwa 30× bis 300×',
  'exercise.loop-vs-fused-guess.factor1000': 'etwa 1000× oder mehr',
  'exercise.loop-vs-fused-guess.winnerPart': 'Die schnellere Form',
  'exercise.loop-vs-fused-guess.factorPart': 'Um wie viel etwa',
  'exercise.loop-vs-fused-guess.or': ' oder ',
  'exercise.loop-vs-fused-guess.formFused': 'die fusionierte Form',
  'exercise.loop-vs-fused-guess.formLoop': 'die Schleife',
  'exercise.loop-vs-fused-guess.tooClose':
    'Das ist zu knapp, um es zu entscheiden: Beide Formen gelten als richtig. ',
  'exercise.loop-vs-fused-guess.explain':
    'Eben gemessen, {heads} Köpfe der Größe {headSize}: Die Schleife brauchte {loopMs} ms und ' +
    'die fusionierte Form {fusedMs} ms je Durchlauf, also war {faster} {ratio}× schneller (ihre ' +
    'Ausgaben unterscheiden sich höchstens um {difference}). {tooClose}Eine Zeitmessung ' +
    'schwankt von Lauf zu Lauf und von Rechner zu Rechner, daher werden nur die Richtung und die ' +
    'Größenordnung bewertet. Die Schleife berechnet dieselben Zahlen als viele kleine ' +
    'Matrixprodukte, eines je Kopf, und jedes zahlt seine eigenen festen Kosten; die fusionierte ' +
    'Form rechnet ein einziges großes Produkt. In der Vorlesung machte der Aufwand je Aufruf in ' +
    'PyTorch die Schleife bei 4000 Köpfen viel langsamer; kompilierter Code zahlt je Aufruf viel ' +
    'weniger, daher ist der Abstand hier kleiner.',

  'exercise.chapter-3-1.title': 'Übung 3.1: v1 und v2 stimmen überein',
  'exercise.chapter-3-1.short': '3.1',
  'exercise.chapter-3-1.idea':
    'Sagen Sie vorher, ob SelfAttention_v1 mit W = Linear.weight.T die Ausgabe von SelfAttention_v2 liefert, und ob auch ohne.',
  'exercise.chapter-3-1.prompt':
    '„{sentence}“ (T = {T}), eingebettet mit d_in = 3, durchläuft {v2} (torch.manual_seed({seed})) und {v1}.',
  'exercise.chapter-3-1.transferredLegend':
    'v1 mit W_query = v2.W_query.weight.T (und ebenso für Keys und Values) liefert …',
  'exercise.chapter-3-1.ownLegend': 'v1 mit seinen eigenen torch.rand-Matrizen liefert …',
  'exercise.chapter-3-1.same': 'dieselbe Ausgabe (bis auf Gleitkomma-Rundung)',
  'exercise.chapter-3-1.different': 'eine andere Ausgabe',
  'exercise.chapter-3-1.transferredPart': 'v1 mit W = weight.T von v2',
  'exercise.chapter-3-1.ownPart': 'v1 mit seinen eigenen Zufallsmatrizen',
  'exercise.chapter-3-1.explain':
    'Beide Klassen berechnen queries = x · W_query, keys = x · W_key, values = x · W_value und ' +
    'danach dieselbe skalierte Softmax. nn.Linear speichert sein Gewicht als (d_out, d_in) und ' +
    'berechnet x · weightᵀ, während v1 W als (d_in, d_out) hält und x · W berechnet: v1 mit ' +
    'W = weight.T multipliziert also mit genau denselben Zahlen. Der Kern hat beide gerechnet: ' +
    'Der größte Unterschied ist {transferred}. Ohne die Übertragung zieht v1 seine Matrizen mit ' +
    'torch.rand und v2 mit der eigenen Initialisierung von nn.Linear, daher unterscheiden sie ' +
    'sich (größter Unterschied {own}).',

  'exercise.chapter-3-2.title': 'Übung 3.2: 2-dimensionale Kontextvektoren',
  'exercise.chapter-3-2.short': '3.2',
  'exercise.chapter-3-2.idea':
    'Wählen Sie d_out für MultiHeadAttentionWrapper so, dass seine Kontextvektoren die verlangte Breite haben.',
  'exercise.chapter-3-2.prompt':
    'Ein Batch aus 2 × „{sentence}“ (T = {T}, d_in = 3) durchläuft {module}. Mit welchem d_out werden seine Kontextvektoren {width}-dimensional?',
  'exercise.chapter-3-2.field': 'd_out',
  'exercise.chapter-3-2.part': 'd_out jedes Kopfes',
  'exercise.chapter-3-2.wrong':
    ' Mit d_out = {given} wären die Kontextvektoren {heads} × {given} = {width} breit.',
  'exercise.chapter-3-2.explain':
    'MultiHeadAttentionWrapper rechnet {heads} CausalAttention-Köpfe, jeden mit eigenem d_out, ' +
    'und hängt ihre Kontextvektoren entlang der letzten Dimension aneinander: Die Breite ist ' +
    'num_heads × d_out. Für {width} Spalten ist d_out = {width} / {heads} = {dOut}. Der Kern ' +
    'hat den Wrapper damit gerechnet: Die Kontextvektoren haben die Form {shape}.{wrong}',

  'exercise.chapter-3-3.title': 'Übung 3.3: ein Block in der Größe von GPT-2',
  'exercise.chapter-3-3.short': '3.3',
  'exercise.chapter-3-3.idea':
    'Für die MultiHeadAttention von GPT-2 (768 → 768, 12 Köpfe, Kontext 1024): Kopfgröße und Parameter.',
  'exercise.chapter-3-3.prompt': 'Die Attention von {name}: {module}.',
  'exercise.chapter-3-3.headSizeField': 'Die Kopfgröße d_h',
  'exercise.chapter-3-3.parametersField': 'Die Zahl ihrer Parameter',
  'exercise.chapter-3-3.headSizePart': 'Kopfgröße d_h',
  'exercise.chapter-3-3.parametersPart': 'Parameter',
  'exercise.chapter-3-3.explain':
    'Jeder Kopf bekommt d_h = d_out / num_heads = {d} / {heads} = {headSize} Spalten. Der Block ' +
    'enthält W_query, W_key und W_value, je {d} × {d} (qkv_bias=False), und die ' +
    'Ausgabeprojektion, {d} × {d} plus {d} Biases: 4 × {square} + {d} = {parameters}. Die ' +
    'Kontextlänge von {context} fügt keinen Parameter hinzu: Sie bestimmt nur die Größe des ' +
    'Masken-Puffers.',
});
