// Die Texte des Labs „sizes“ (web/app/labs/sizes/words.mjs) auf Deutsch.
export default {
  'lab.sizes.title': 'Größen',
  'lab.sizes.summary':
    'Das Spielzeugmodell, GPT-2 und GPT-3: die Form jeder Stufe und die Parameter jeder Matrix, und GPT-2 läuft hier.',
  'lab.sizes.preset.lecture': 'Das Spielzeugmodell der Vorlesung (d = 6, 2 Köpfe)',
  'lab.sizes.preset.gpt2': 'GPT-2 small (768, 12 Köpfe zu je 64)',
  'lab.sizes.preset.gpt3': 'GPT-3 (12288, 96 Köpfe zu je 128)',
  'lab.sizes.time.none': 'unter einem Takt dieser Uhr',
  'lab.sizes.stages.caption': 'Die Form jeder Stufe',
  'lab.sizes.col.stage': 'Stufe',
  'lab.sizes.col.shape': 'Form',
  'lab.sizes.parameters.caption': 'Parameter',
  'lab.sizes.col.parameter': 'Parameter',
  'lab.sizes.col.count': 'Anzahl',
  'lab.sizes.total': 'Summe',
  'lab.sizes.size.legend': 'Größe',
  'lab.sizes.size.text':
    'd_in = {dIn}, d_out = {dOut}, h = {h}, d_h = d_out / h = {dh}, Kontext T = {T}: {count} Parameter, etwa {flops} Millionen Gleitkommaoperationen pro Vorwärtsdurchlauf.',
  'lab.sizes.size.runs': 'Der Kern konnte dieses Modell hier bauen.',
  'lab.sizes.size.described': 'Beschrieben, nicht gebaut: {why}.',
  'lab.sizes.gpt2.result':
    '{T} Token von „{sentence}“ durch d_in = 768, 12 Köpfe zu je 64: Ausgabe (B = 1, T = {T}, d_out = {D}). Das eigene state_dict des Modells enthält {count} Zahlen.',
  'lab.sizes.gpt2.build': 'Gewichte gezogen: {time}',
  'lab.sizes.gpt2.first':
    'erster Vorwärtsdurchlauf: {time} (er packt auch die Gewichte für die Kernel)',
  'lab.sizes.gpt2.second': 'zweiter Vorwärtsdurchlauf: {time} ({flops} Millionen Operationen)',
  'lab.sizes.done': 'Fertig.',
  'lab.sizes.subject': 'Größen',
  'lab.sizes.intro':
    'Dieselbe Klasse wächst vom Spielzeugmodell der Vorlesung bis zu GPT-3: Nur d_in, d_out und h ändern sich, und die Kopfgröße d_h = d_out / h folgt (64 bei GPT-2, 128 bei GPT-3). Die Parameter sind die vier quadratischen Matrizen (und der Bias von out_proj): Sie wachsen mit d_out², nicht mit der Zahl der Token, während die T × T-Scores mit der Kontextlänge wachsen.',
  'lab.sizes.gpt2.label': 'GPT-2, hier ausgeführt',
  'lab.sizes.gpt2.heading': 'GPT-2, wirklich ausgeführt',
  'lab.sizes.gpt2.run': 'Den Block von GPT-2 auf den Satz der Seite anwenden',
  'lab.sizes.gpt2.progress':
    'Der Block von GPT-2 (2.4 Millionen Gewichte) wird gebaut und ausgeführt …',
};
