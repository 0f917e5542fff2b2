// Die Texte des Labs „sqrt-dh“ (web/app/labs/sqrt-dh/words.mjs) auf Deutsch.
export default {
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
  'lab.sqrt-dh.subject': 'die Streuung der Scores in Abhängigkeit von der Kopfgröße',
  'lab.sqrt-dh.thisPart': 'Dieser Teil',
  'lab.sqrt-dh.page.heading': 'Ihr Satz',
  'lab.sqrt-dh.scale.legend': 'Die Scores des Modells der Seite',
  'lab.sqrt-dh.read.dh': 'd_h muss eine ganze Zahl von 1 bis 256 sein; gezeigt wird 64.',
};
