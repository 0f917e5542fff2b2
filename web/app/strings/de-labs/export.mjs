// Die Texte des Labs „export“ (web/app/labs/export/words.mjs) auf Deutsch.
export default {
  'lab.export.title': 'Jede Stufe exportieren',
  'lab.export.summary':
    'Jede Stufe des Durchlaufs der Seite als JSON oder CSV herunterladen, mit Formen und Einstellungen (jede Karte als PNG oder SVG bei ihrem Schritt).',
  'lab.export.intro':
    'Der Durchlauf der Seite für „{sentence}“: {n} Tensoren, jede Zahl so, wie der Kern sie berechnet hat (float32, so geschrieben, dass sie wieder als dasselbe float32 gelesen wird). Die eigenen Downloads jedes Schritts und seine Karten als PNG oder SVG stehen unter seiner Erklärung.',
  'lab.export.json': 'Jede Stufe als JSON',
  'lab.export.csv': 'Jede Stufe als CSV',
  'lab.export.preview': ' (die Vorschau des Dropout-Schritts im Trainingsmodus)',
};
