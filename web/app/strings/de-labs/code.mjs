// Die Texte des Labs „code“ (web/app/labs/code/words.mjs) auf Deutsch.
export default {
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
};
