// Die Texte der Übungen auf Deutsch: Schlüssel "exercise.<slug>.<key>" zu den englischen Texten in
// web/app/exercises/<slug>/words.mjs, "exercise.kit.<key>" zu denen aller Übungen
// (web/app/exercises/kit/words.mjs); ein Test prüft, dass keiner fehlt und die {Werte} dieselben
// sind; die Übungen der Vorlesung über mehrere Köpfe und die des Kapitels stehen in
// de-exercises-heads.mjs. Part of the German catalogue (de.mjs), so it loads only with lang="de".
import HEADS from './de-exercises-heads.mjs';

export default Object.freeze({
  'exercise.kit.right': 'Richtig.',
  'exercise.kit.wrong': 'Nicht ganz.',
  'exercise.kit.said': '{label}: Sie haben {said} angegeben',
  'exercise.kit.computes': '; der Kern berechnet {expected}',
  'exercise.kit.nothing': '(nichts)',
  'exercise.kit.seeIt': 'Zum Ansehen: ',
  'exercise.kit.stepLink': 'der Schritt „{title}“',
  'exercise.kit.labLink': 'das Lab „{title}“',
  'exercise.kit.check': 'Prüfen',
  'exercise.kit.newNumbers': 'Neue Zahlen',
  'exercise.kit.attempt': '1 Versuch',
  'exercise.kit.attempts': '{n} Versuche',
  'exercise.kit.solved': ' · gelöst',
  'exercise.kit.measuring': 'Wird gemessen …',
  'exercise.kit.cannotSet':
    'Diese Übung lässt sich mit diesen Einstellungen nicht stellen: {message}',
  'exercise.kit.checkFailed': 'Die Prüfung ist fehlgeschlagen: {message}',
  'exercise.kit.loadFailed': 'Diese Übung konnte nicht geladen werden: {message}',
  'exercise.kit.unknownWords': 'strings: {keys}: keine Wörter dieser Übung, ausgelassen.',
  'exercise.kit.noSuch': 'Es gibt keine Übung namens „{slug}“. Die Übungen sind: {known}.',
  'exercise.kit.cannotStart': 'Diese Übung kann mit diesen Einstellungen nicht beginnen: {message}',
  'exercise.kit.twoTokens': 'diese Übung braucht einen Satz aus mindestens 2 Token',
  'exercise.kit.tolerance':
    'auf 3 signifikante Stellen: innerhalb von 0.5 % des Werts des Kerns oder 0.002 bei einem Wert nahe 0',
  'exercise.kit.shape': 'Die Form, eine Größe je Feld',
  'exercise.kit.size1': 'erste Größe',
  'exercise.kit.size2': 'zweite Größe',
  'exercise.kit.size3': 'dritte Größe',
  'exercise.kit.size4': 'vierte Größe',
  'exercise.kit.sizePart': 'Größe {n} ({name})',
  'exercise.kit.gridCorner': 'Query ↓ Key →',
  'exercise.kit.cell': 'Query {row} „{query}“, Key {column} „{key}“',
  'exercise.kit.cellHidden': 'Query {row} „{query}“, Key {column} „{key}“, verborgen',
  'exercise.kit.listHeading': 'Übungen: erst vorhersagen, dann prüfen',
  'exercise.kit.listIntro':
    'Jede fragt zuerst nach Ihrer Vorhersage; dann berechnet der Kern die Antwort für Ihren Satz und Ihre Einstellungen. {code} öffnet eine davon.',
  'exercise.kit.listSummary': '{solved} von {all} gelöst (nur in diesem Browser gespeichert).',
  'exercise.kit.listSolved': ' ✓ gelöst',
  'exercise.kit.listTried': ' ({n}-mal versucht)',
  'exercise.kit.stepLinks': 'Übungen zu diesem Schritt',
  'exercise.kit.stepOne': 'Übung: ',
  'exercise.kit.stepMany': 'Übungen: ',
  'exercise.kit.stepLinkTitle': 'Übung: {title}',
  'exercise.kit.panelKind': 'Übung',
  'exercise.kit.panelClose': 'Schließen',
  'exercise.kit.panelNone': 'Keine solche Übung',

  'exercise.mask-cells.title': 'Die Zellen wählen, die die Maske verbirgt',
  'exercise.mask-cells.short': 'verborgene Zellen',
  'exercise.mask-cells.idea':
    'Klicken Sie jede Zelle der Scores an, die die kausale Maske auf −∞ setzt.',
  'exercise.mask-cells.prompt':
    'Die Scores von „{sentence}“ bilden ein Raster aus {T} × {T} Zellen: eine Zeile je Query, eine Spalte je Key. Klicken Sie jede Zelle an, die die kausale Maske auf −∞ setzen wird (oder gehen Sie mit den Pfeiltasten hin und drücken Sie die Leertaste).',
  'exercise.mask-cells.caption': 'Scores: Wählen Sie die zu verbergenden Zellen',
  'exercise.mask-cells.none': 'keine',
  'exercise.mask-cells.missedPart': 'Zukünftige Zellen, die Sie sichtbar gelassen haben',
  'exercise.mask-cells.extraPart': 'Verborgene Zellen, die eine Query sehen darf',
  'exercise.mask-cells.explain':
    'Bei {T} Token verbirgt die Maske die {hidden} Zellen oberhalb der Diagonale, ' +
    'T(T − 1)/2 = {T}·{T1}/2: Zeile i ist die Query von Token i, und sie darf die Keys 1 bis i ' +
    'beachten (sich selbst und die Token davor), nie ein späteres Token, das ein Modell beim ' +
    'Erzeugen von Text noch nicht gesehen hat. Diese Scores werden vor der Softmax zu −∞, ihre ' +
    'Gewichte sind also genau 0, und der Rest der Zeile summiert sich weiterhin zu 1. Die ' +
    'Diagonale bleibt: Ein Token sieht sich selbst.',

  'exercise.mask-why.title': 'Warum −∞ vor der Softmax',
  'exercise.mask-why.short': 'warum −∞',
  'exercise.mask-why.idea':
    'Welche Summe eine Zeile von Gewichten hat, wenn die Zukunft nach der Softmax genullt wird, und welche, wenn sie vorher −∞ ist.',
  'exercise.mask-why.prompt':
    'Kopf {head}, erster Satz, die Zeile der Query {query} „{token}“: Die Keys danach sind die Zukunft. Zwei Wege, sie zu verbergen: ihre Gewichte nach der Softmax auf 0 setzen oder ihre Scores vor der Softmax auf −∞ setzen. Welche Summe hat die Zeile jeweils?',
  'exercise.mask-why.caption': 'Die beiden Zeilen von Gewichten, Query {query}',
  'exercise.mask-why.key': 'Key',
  'exercise.mask-why.zeroedRow': 'danach genullt',
  'exercise.mask-why.negInfRow': '−∞ davor',
  'exercise.mask-why.naiveLegend':
    'Zukünftige Gewichte nach der Softmax auf 0 gesetzt: Die Zeile summiert sich zu …',
  'exercise.mask-why.negInfLegend':
    'Zukünftige Scores vor der Softmax auf −∞ gesetzt: Die Zeile summiert sich zu …',
  'exercise.mask-why.one': 'genau 1 (bis auf Gleitkomma-Rundung)',
  'exercise.mask-why.less': 'weniger als 1',
  'exercise.mask-why.more': 'mehr als 1',
  'exercise.mask-why.naivePart': 'Nach der Softmax genullt',
  'exercise.mask-why.negInfPart': '−∞ vor der Softmax',
  'exercise.mask-why.explain':
    'Zeile {row} darf {row} der {T} Keys sehen. Die Softmax der ganzen Zeile verteilt 1 auf ' +
    'alle {T} Keys; die {future} zukünftigen danach zu nullen wirft ihren Anteil weg, also ' +
    'summiert sich die Zeile zu {naiveSum} und bräuchte eine weitere Division durch ihre Summe. ' +
    'Ein Score von −∞ hat e^−∞ = 0, also gibt die Softmax selbst der Zukunft genau 0 und ' +
    'verteilt die ganze 1 auf die Vergangenheit: Die Zeile summiert sich zu {negInfSum}.',

  'exercise.score-by-hand.title': 'Ein Score von Hand',
  'exercise.score-by-hand.short': 'ein Score von Hand',
  'exercise.score-by-hand.idea':
    'Berechnen Sie einen Attention-Score aus einer Zeile von Q und einer Zeile von K, dann skalieren Sie ihn.',
  'exercise.score-by-hand.prompt':
    'Kopf {head}, erster Satz: die Query von Token {query} „{queryToken}“ und der Key von Token {key} „{keyToken}“, je d_k = {dk} Zahlen.',
  'exercise.score-by-hand.caption': 'Die beiden Zeilen',
  'exercise.score-by-hand.qRow': 'q (Query {query})',
  'exercise.score-by-hand.kRow': 'k (Key {key})',
  'exercise.score-by-hand.scoreField': 'Der Score q · k',
  'exercise.score-by-hand.scaledField': 'Der skalierte Score (q · k) / √d_k',
  'exercise.score-by-hand.hint': 'Drei signifikante Stellen genügen.',
  'exercise.score-by-hand.help':
    'Rechnen Sie mit den gezeigten Zahlen; {root} ist die Wurzel der Kopfgröße.',
  'exercise.score-by-hand.scorePart': 'Der Score q · k',
  'exercise.score-by-hand.scaledPart': 'Der skalierte Score',
  'exercise.score-by-hand.explain':
    'Der Score ist das Skalarprodukt der Query-Zeile und der Key-Zeile: Zahl für Zahl ' +
    'multiplizieren und addieren, {products} = {score}. Der skalierte Score teilt ihn durch ' +
    '√d_k = √{dk} = {root}: {score} / {root} = {scaled}. Das Teilen hält die Streuung der ' +
    'Scores nahe 1, wie groß der Kopf auch ist, damit die Softmax nicht one-hot wird. ' +
    'Akzeptiert {tolerance}.',

  'exercise.softmax-argmax.title': 'Welcher Key das größte Gewicht bekommt',
  'exercise.softmax-argmax.short': 'der stärkste Key',
  'exercise.softmax-argmax.idea':
    'Wählen Sie aus einer Zeile skalierter, maskierter Scores den Key, den die Softmax am stärksten gewichtet.',
  'exercise.softmax-argmax.prompt':
    'Kopf {head}, erster Satz, die Zeile der Query {query} „{token}“: ihre Scores, skaliert und maskiert. Welchem Key gibt die Softmax das größte Gewicht?',
  'exercise.softmax-argmax.caption': 'Skalierte, maskierte Scores der Query {query}',
  'exercise.softmax-argmax.key': 'Key',
  'exercise.softmax-argmax.score': 'Score',
  'exercise.softmax-argmax.weight': 'Gewicht',
  'exercise.softmax-argmax.legend': 'Der Key mit dem größten Gewicht',
  'exercise.softmax-argmax.keyName': 'Key {key} „{token}“',
  'exercise.softmax-argmax.part': 'Der Key mit dem größten Gewicht',
  'exercise.softmax-argmax.expected': '{key} (Gewicht {weight})',
  'exercise.softmax-argmax.masked':
    '{key} liegt in der Zukunft der Query {query}: Sein Score ist −∞, sein Gewicht also genau 0. ',
  'exercise.softmax-argmax.explain':
    '{masked}Die Softmax macht aus jedem Score s den Wert e^s geteilt durch die Summe der e^s ' +
    'der Zeile: Je größer der Score, desto größer das Gewicht, die Reihenfolge ändert sich also ' +
    'nie. Der größte Score der Zeile ist {score}, bei {key}, der das Gewicht {weight} bekommt.',

  'exercise.dropout-row-sum.title': 'Eine Zeile nach Dropout',
  'exercise.dropout-row-sum.short': 'Zeile nach Dropout',
  'exercise.dropout-row-sum.idea':
    'Mit p = 0.5 im Training: welche Summe eine Zeile von Gewichten nach Dropout hat und was aus einem behaltenen Gewicht wird.',
  'exercise.dropout-row-sum.prompt':
    'Kopf {head}, erster Satz, die Zeile der Query {query} „{token}“, im Trainingsmodus mit nn.Dropout(p = 0.5). Die Maske unten zeigt, welche Gewichte Dropout behält.',
  'exercise.dropout-row-sum.caption': 'Die Attention-Gewichte der Zeile und die Dropout-Maske',
  'exercise.dropout-row-sum.key': 'Key',
  'exercise.dropout-row-sum.weight': 'Gewicht',
  'exercise.dropout-row-sum.mask': 'Maske',
  'exercise.dropout-row-sum.kept': 'behalten',
  'exercise.dropout-row-sum.dropped': 'verworfen',
  'exercise.dropout-row-sum.after': 'danach',
  'exercise.dropout-row-sum.sumField': 'Die Summe der Zeile nach Dropout',
  'exercise.dropout-row-sum.keptField': 'Das Gewicht von Key {key} „{token}“ nach Dropout',
  'exercise.dropout-row-sum.sumPart': 'Die Summe der Zeile nach Dropout',
  'exercise.dropout-row-sum.keptPart': 'Das Gewicht von Key {key} nach Dropout',
  'exercise.dropout-row-sum.explain':
    'Dropout mit p = {p} setzt jedes Gewicht mit der Wahrscheinlichkeit {p} auf null und ' +
    'multipliziert jedes behaltene mit 1/(1 − p) = {scale}. Das Gewicht {weight} von Key {key} ' +
    'wird zu {weight} × {scale} = {keptValue}. Die behaltenen Gewichte dieser Zeile ergeben ' +
    'zusammen {keptSum}, die Zeile summiert sich also zu {scale} × {keptSum} = {sum}, nicht zu ' +
    '1: Die Skalierung hält den Erwartungswert jedes Gewichts (und damit des Kontextvektors) so, ' +
    'wie er ohne Dropout wäre, im Mittel über viele Masken, nicht in jeder einzelnen Zeile. Im ' +
    'Auswertungsmodus tut Dropout nichts, und jede Zeile summiert sich zu 1. Akzeptiert {tolerance}.',
  ...HEADS,
});
