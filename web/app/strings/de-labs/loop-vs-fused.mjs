// Die Texte des Labs „loop-vs-fused“ (web/app/labs/loop-vs-fused/words.mjs) auf Deutsch.
export default {
  'lab.loop-vs-fused.title': 'Schleife oder fusioniert, ehrlich gemessen',
  'lab.loop-vs-fused.summary':
    'Die Zeitmessung der Vorlesung mit 2/400/4000 Köpfen, wiederholt mit auflösbaren Zeiten, und woraus ihr Abstand bestand.',
  'lab.loop-vs-fused.clock.browser': 'die Uhr dieses Browsers',
  'lab.loop-vs-fused.clock.1': 'auf 1 ms gerundet',
  'lab.loop-vs-fused.clock.16': 'auf 16 ms gerundet',
  'lab.loop-vs-fused.clock.1000': 'auf 1 s gerundet',
  'lab.loop-vs-fused.intro':
    'Die Vorlesung ließ MultiHeadAttentionWrapper mit 2, 400 und 4000 Köpfen der Größe 3 laufen und sah die Zeit mit der Zahl der Köpfe wachsen; die Gewichtsaufteilung berechnet dieselben Köpfe mit einer einzigen Matrixmultiplikation. Beide Formen rechnen dasselbe (die Zahl der Operationen unten ist die des Kerns). In PyTorch ist jeder Kopf der Schleife ein Python-Aufruf eines nn.Module, das seine eigenen kleinen Kernel startet: feste Kosten pro Aufruf, einmal pro Kopf bezahlt. Bei 4000 Köpfen sind diese festen Kosten die Zeit.',
  'lab.loop-vs-fused.here':
    'Hier läuft die Schleife des Kerns in einem einzigen WebAssembly-Aufruf, sie zahlt also keine solchen Kosten pro Kopf. Um zu sehen, was ein Modulaufruf kostet, ruft die dritte Form aus JavaScript pro Kopf ein kleines CausalAttention auf, wie es die Python-Schleife tut, und hängt die Ergebnisse aneinander.',
  'lab.loop-vs-fused.heads.label': 'Kopfanzahlen',
  'lab.loop-vs-fused.clock.label': 'Uhr',
  'lab.loop-vs-fused.run': 'Zeitmessung starten',
  'lab.loop-vs-fused.core.threads': 'Der Kern: der Build mit Threads, {threads}.',
  'lab.loop-vs-fused.core.single': 'Der Kern: der Build mit einem Thread, {threads}.',
  'lab.loop-vs-fused.thread': '{n} Thread',
  'lab.loop-vs-fused.threads': '{n} Threads',
  'lab.loop-vs-fused.clock.resolution':
    'Auflösung der Uhr: {resolution}, daher umfasst jede gezeigte Zeit mindestens {ticks} Takte (und 20 ms). {core}',
  'lab.loop-vs-fused.clock.coarse':
    'Die Uhr hat, während sie beobachtet wurde, nicht zweimal getickt: Sie ist zu grob, um hier irgendetwas zu messen. {core}',
  'lab.loop-vs-fused.done.one': 'Fertig: {n} Kopfanzahl gemessen.',
  'lab.loop-vs-fused.done.many': 'Fertig: {n} Kopfanzahlen gemessen.',
  'lab.loop-vs-fused.subject': 'Zeitmessung',
  'lab.loop-vs-fused.said.2': '0.003 s',
  'lab.loop-vs-fused.said.400': 'etwa 0.03 s („eine Größenordnung mehr“)',
  'lab.loop-vs-fused.said.4000': '0.63 s',
  'lab.loop-vs-fused.form.fused': 'fusioniert (eine Matrixmultiplikation, im Kern)',
  'lab.loop-vs-fused.form.loop': 'Schleife im Kern (eine Projektion pro Kopf)',
  'lab.loop-vs-fused.form.calls': 'ein Aufruf pro Kopf aus JavaScript',
  'lab.loop-vs-fused.col.heads': 'Köpfe',
  'lab.loop-vs-fused.col.operations': 'Operationen',
  'lab.loop-vs-fused.col.fused': 'fusioniert',
  'lab.loop-vs-fused.col.loop': 'Schleife im Kern',
  'lab.loop-vs-fused.col.calls': 'Aufrufe pro Kopf',
  'lab.loop-vs-fused.col.loopVs': 'Schleife im Kern gegen fusioniert',
  'lab.loop-vs-fused.col.callsVs': 'Aufrufe gegen fusioniert',
  'lab.loop-vs-fused.col.cost': 'Kosten pro Aufruf',
  'lab.loop-vs-fused.col.diff': 'max |Δ|',
  'lab.loop-vs-fused.col.time': 'Zeit',
  'lab.loop-vs-fused.lecture.caption':
    'Die PyTorch-Zeiten der Vorlesung (ihre Schleife über die Köpfe, ein Vorwärtsdurchlauf)',
  'lab.loop-vs-fused.lecture.perHead': 'pro weiterem Kopf',
  'lab.loop-vs-fused.time.title':
    'Median von {runs} verschränkten Läufen zu je {repeats} Aufrufen; schnellster {low}, langsamster {high}',
  'lab.loop-vs-fused.time.range': ' ({low} bis {high})',
  'lab.loop-vs-fused.noise': 'im Rauschen',
  'lab.loop-vs-fused.name.loop': 'die Schleife im Kern',
  'lab.loop-vs-fused.name.calls': 'die Aufrufe pro Kopf',
  'lab.loop-vs-fused.summary.loop':
    'Bei {heads} Köpfen, die Schleife im Kern gegen die fusionierte Form: {verdict}',
  'lab.loop-vs-fused.summary.calls': 'Die Aufrufe pro Kopf gegen die fusionierte Form: {verdict}',
  'lab.loop-vs-fused.summary.separate': '{verdict}.',
  'lab.loop-vs-fused.summary.reason': '{verdict}: {reason}',
  'lab.loop-vs-fused.summary.cost':
    'Ein Aufruf aus JavaScript kostet {cost}. In PyTorch kostete in der Vorlesung ein weiterer Kopf etwa {lecture}.',
  'lab.loop-vs-fused.cost.about': 'etwa {time}',
  'lab.loop-vs-fused.cost.noise': 'einen Betrag im Rauschen',
  'lab.loop-vs-fused.table.caption':
    'Ein Vorwärtsdurchlauf des Wrappers auf dem Batch der Vorlesung (2 × 6 Token, d_in = 3, Köpfe der Größe 3)',
  'lab.loop-vs-fused.series.lecture': 'die PyTorch-Schleife der Vorlesung',
  'lab.loop-vs-fused.chart.label':
    'Zeit pro Vorwärtsdurchlauf über der Zahl der Köpfe, logarithmisch: die drei Formen hier und die PyTorch-Schleife der Vorlesung',
  'lab.loop-vs-fused.chart.missingOne': ' ({n} nicht auflösbare Zeit hat keinen Punkt)',
  'lab.loop-vs-fused.chart.missingMany': ' ({n} nicht auflösbare Zeiten haben keinen Punkt)',
  'lab.loop-vs-fused.chart.heads': 'Köpfe',
  'lab.loop-vs-fused.chart.point': '{form}: {heads} Köpfe, {time}',
  'lab.loop-vs-fused.results.help':
    'Operationen: die Zählung des Kerns für einen Durchlauf, in jeder Form dieselbe. Zeiten: der Median von {runs} verschränkten Läufen (die drei Formen wechseln sich ab, die Reihenfolge jeden zweiten Lauf umgekehrt, sodass andere Arbeit auf dem Rechner alle gleich trifft), und in Klammern die Spanne: der schnellste und der langsamste Lauf (min bis max). Eine Form heißt nur dort schneller, wo sich die beiden Spannen nicht überlappen; wo sie es tun, ist der Rechner zu unruhig für eine Aussage, und die Zusammenfassung oben sagt, warum. Kosten pro Aufruf: (Aufrufe pro Kopf − Schleife im Kern) / Köpfe, was der Aufruf eines Moduls über seine Rechnung hinaus kostet. max |Δ|: die größte Abweichung zwischen den Ausgaben der Formen.',
  'lab.loop-vs-fused.unresolved': 'bei dieser Uhr nicht auflösbar',
  'lab.loop-vs-fused.noisy': 'zu unruhig für eine Aussage',
  'lab.loop-vs-fused.reason.ticks':
    'die Uhr tickt alle {tick} (Browser vergröbern performance.now()), zu grob, um diese Form in der erlaubten Zeit zu messen',
  'lab.loop-vs-fused.reason.still':
    'die Uhr hat, während sie beobachtet wurde, nicht zweimal getickt (Browser vergröbern performance.now())',
  'lab.loop-vs-fused.reason.overlap':
    'die Läufe der beiden Formen überlappen sich ({name} {range}, fusioniert {fused}: der schnellste und der langsamste von {runs} verschränkten Läufen). Ihre Mediane unterscheiden sich um {gap}, während die Läufe einer Form um bis zu {spread} streuen: Andere Arbeit auf diesem Rechner (andere Tabs und Programme, der Garbage Collector, der Prozessor, der seinen Takt ändert) erzeugt diese Streuung. Die Uhr fügt einem Lauf höchstens {tick} hinzu (sie tickt alle {resolution}: Browser vergröbern performance.now()).',
  'lab.loop-vs-fused.range': '{low} bis {high}',
  'lab.loop-vs-fused.verdict.fused': 'die fusionierte Form ist {ratio} schneller',
  'lab.loop-vs-fused.verdict.other': '{name} ist {ratio} schneller',
  'lab.loop-vs-fused.error.none':
    'Geben Sie mindestens eine Kopfanzahl ein, zum Beispiel 2, 400, 4000.',
  'lab.loop-vs-fused.error.many': 'Höchstens 8 Kopfanzahlen auf einmal (Sie haben {n} eingegeben).',
  'lab.loop-vs-fused.error.whole':
    '„{part}“ ist keine ganze Zahl: Geben Sie Kopfanzahlen wie 2, 400, 4000 ein.',
  'lab.loop-vs-fused.error.range': '{part} Köpfe: Verwenden Sie eine Anzahl von 1 bis {max}.',
  'lab.loop-vs-fused.error.total':
    'Diese Kopfanzahlen ergeben insgesamt {total} Köpfe; ein Lauf baut höchstens {max} (der Speicher des Kerns hält jede Form jeder Anzahl): Geben Sie weniger oder kleinere Anzahlen ein.',
  'lab.loop-vs-fused.progress.clock': 'Die Uhr wird beim Ticken beobachtet …',
  'lab.loop-vs-fused.progress.build': '{heads} Köpfe werden in jeder Form gebaut …',
  'lab.loop-vs-fused.progress.time': '{heads} Köpfe werden gemessen: die drei Formen abwechselnd …',
};
