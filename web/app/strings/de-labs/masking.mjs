// Die Texte des Labs „masking“ (web/app/labs/masking/words.mjs) auf Deutsch.
export default {
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
};
