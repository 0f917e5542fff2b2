// Die Texte des Labs „dropout“ (web/app/labs/dropout/words.mjs) auf Deutsch.
export default {
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
};
