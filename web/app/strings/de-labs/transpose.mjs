// Die Texte des Labs „transpose“ (web/app/labs/transpose/words.mjs) auf Deutsch.
export default {
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
};
