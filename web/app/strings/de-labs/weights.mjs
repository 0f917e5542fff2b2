// Die Texte des Labs „weights“ (web/app/labs/weights/words.mjs) auf Deutsch.
export default {
  'lab.weights.title': 'Die Gewichte',
  'lab.weights.summary':
    'W_q, W_k, W_v und W_o als Matrizen: welche Spalten zu welchem Kopf gehören, die Matrizen der Schleife als Ausschnitte und wie W_o die Köpfe mischt.',
  'lab.weights.wo.seeded': 'das W_o aus dem Seed',
  'lab.weights.wo.trained': 'das trainierte W_o',
  'lab.weights.wo.identity': 'W_o = Identität',
  'lab.weights.head': 'Kopf {n}',
  'lab.weights.out': 'Ausg. {n}',
  'lab.weights.column.title': 'Spalte {n}: Kopf {head}',
  'lab.weights.clipped': 'Die ersten {rows} Zeilen und {cols} Spalten.',
  'lab.weights.shares.caption': '{name}: der Anteil jedes Kopfes an jeder Ausgabespalte',
  'lab.weights.shares.label': '{name}: der Anteil jedes Kopfes',
  'lab.weights.output.caption': 'Die Ausgabe mit {name} (Batch-Element 1)',
  'lab.weights.mixing.label': 'was W_o mischt',
  'lab.weights.mixing.heading': 'W_o mischt die Köpfe',
  'lab.weights.mixing.legend': 'Ausgabeprojektion',
  'lab.weights.mixing.seeded':
    'Mit W_o = Identität und ohne Bias ist die Ausgabe die zusammengeführten Köpfe (größte Abweichung {check}): Ausgabespalte j gehört einem Kopf, ihre Farbe ist rein. Mit dem W_o aus dem Seed greift jede Ausgabespalte auf jeden Kopf zurück, und ihre Farbe ist deren Mischung.',
  'lab.weights.mixing.trained':
    'Mit W_o = Identität und ohne Bias ist die Ausgabe die zusammengeführten Köpfe (größte Abweichung {check}): Ausgabespalte j gehört einem Kopf, ihre Farbe ist rein. Mit dem trainierten W_o greift jede Ausgabespalte auf jeden Kopf zurück, und ihre Farbe ist deren Mischung.',
  'lab.weights.check.layout':
    'Die Schleifen-Anordnung des Kerns (eine Projektion pro Kopf, W[i·d_h:(i+1)·d_h]) gegen die fusionierte: größte Abweichung in den Köpfen und der Ausgabe {check}.',
  'lab.weights.check.wrapper':
    'Der Wrapper ({heads} CausalAttention-Module, d_in = {dIn}, d_out = {dh}), dem die Ausschnitte als seine heads.<i>.W_query/W_key/W_value gegeben werden: Seine Ausgabe gleicht den zusammengeführten Köpfen der Aufteilung (größte Abweichung {check}).',
  'lab.weights.check.seed':
    'Stattdessen aus demselben Seed gebaut, zieht der Wrapper dieselben Zufallszahlen in anderer Reihenfolge (Kopf für Kopf, nicht Matrix für Matrix): {n} seiner {all} Matrizen gleichen zufällig einem Ausschnitt{which}, die übrigen nicht.',
  'lab.weights.check.which': ' ({list})',
  'lab.weights.check.one': '{projection} von Kopf {n}',
  'lab.weights.intro':
    'MultiHeadAttention hält eine einzige Query-Matrix für alle Köpfe. Die Multiplikation von x mit ihr ergibt d_out Spalten, und die Aufteilung entscheidet nur, welche Spalten jeder Kopf liest: Kopf 1 die ersten d_h, Kopf 2 die nächsten und so weiter. Die kleinen Matrizen pro Kopf in der Schleife sind also nichts anderes: Sie sind diese Spaltenblöcke. Die Ausgabeprojektion out_proj (W_o) nimmt dann die Spalten jedes Kopfes und mischt sie.',
  'lab.weights.split.heading': 'Die Aufteilung: {heads} Köpfe mit d_h = {dh} (d_out = {D})',
  'lab.weights.row.head': 'Kopf {head}·{n}',
  'lab.weights.slices.heading': 'Die Matrizen der Schleife sind die Ausschnitte der Aufteilung',
};
