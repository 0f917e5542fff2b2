// Die Texte des Labs „causality“ (web/app/labs/causality/words.mjs) auf Deutsch.
export default {
  'lab.causality.title': 'Kausalität: Spätere Token können frühere Zeilen nicht ändern',
  'lab.causality.summary':
    'Ein späteres Token ändern oder anhängen: Mit der Maske bleibt jede frühere Zeile der Gewichte und Kontextvektoren Bit für Bit gleich; ohne sie ändert sie sich.',
  'lab.causality.intro':
    'Warum die Zukunft verbergen? Im Training liest ein Sprachmodell einen ganzen Satz auf einmal und lernt an jeder Position t, das Token t + 1 vorherzusagen. Beim Schreiben erzeugt es ein Token nach dem anderen: Token t + 1 gibt es noch nicht, während Zeile t berechnet wird. Also darf Zeile t nur von den Token 1 … t abhängen, sonst lernte das Modell aus einer Zukunft, die es nicht haben wird. Ändern Sie ein späteres Token des Satzes der Seite (A) oder hängen Sie eines an, und vergleichen Sie ihn mit Ihrem (B).',
  'lab.causality.span.one': 'Zeile {first}',
  'lab.causality.span.many': 'Zeilen {first}–{last}',
  'lab.causality.at.token': 'Token {n}: {token}',
  'lab.causality.at.append': 'nach dem letzten Token anhängen',
  'lab.causality.at.label': 'Ändern',
  'lab.causality.word.label': 'in (oder anhängen)',
  'lab.causality.sentence.a': 'A (der Satz der Seite): {sentence}',
  'lab.causality.sentence.b': 'B (Ihr Satz): {sentence}',
  'lab.causality.differ.first':
    'Sie unterscheiden sich ab Token 1: Keine Zeile liegt vor der Änderung.',
  'lab.causality.differ.from':
    'Sie teilen die Token 1–{first} und unterscheiden sich ab Token {next}.',
  'lab.causality.joined':
    ' (Beim Tokenisieren von B wurde Ihr Text mit dem Token davor verbunden.)',
  'lab.causality.mode.eval':
    ' Das Modell der Seite im Auswertungsmodus, jedes Batch-Element und jeder Kopf verglichen.',
  'lab.causality.mode.training':
    ' Das Modell der Seite im Auswertungsmodus (die Seite zeigt den Trainingsmodus; Dropout würde für eine andere Länge andere Masken ziehen), jedes Batch-Element und jeder Kopf verglichen.',
  'lab.causality.outcome.first': 'Token 1 wurde geändert, es gibt also keine frühere Zeile. ',
  'lab.causality.outcome.kept':
    'Vor der Änderung ({span}): Jedes Attention-Gewicht und jeder Kontextvektor behält seine Bits, größtes |Δ| = {delta}. ',
  'lab.causality.outcome.changed':
    'Vor der Änderung ({span}): Die Attention-Gewichte und Kontextvektoren ändern sich, größtes |Δ| = {delta}. ',
  'lab.causality.outcome.after': 'Ab der Änderung ({span}): größtes |Δ| = {delta}.',
  'lab.causality.numbers.caption': 'Satz {name}: Attention-Gewichte, Kopf 1, Batch-Element 1',
  'lab.causality.corner.queryKey': 'Query ↓ Key →',
  'lab.causality.numbers.summary': 'Die Zahlen von Kopf 1 in beiden Sätzen',
  'lab.causality.part.masked':
    'Attention-Gewichte mit der kausalen Maske, B gegen A: „=“, wo alle Bits übereinstimmen',
  'lab.causality.part.open':
    'Attention-Gewichte ohne die Maske, B gegen A: „=“, wo alle Bits übereinstimmen',
  'lab.causality.context.masked': 'Kontextvektoren mit der kausalen Maske',
  'lab.causality.context.open': 'Kontextvektoren ohne die Maske',
  'lab.causality.next.error': 'Das trainierte Modell: {error}',
  'lab.causality.next.intro':
    'Das trainierte Modell (ein kausaler Attention-Block, trainiert auf englischem Text, dem Brown-Korpus) sagt Token t + 1 aus Zeile t der Ausgabe seines Blocks vorher. Zeile t hat nur die Token 1 … t gesehen, daher kann ihre Vorhersage nicht davon abhängen, was folgt.',
  'lab.causality.next.same':
    'Die Vorhersagen nach den ersten {n} Token: {same} in beiden Sätzen gleich, Token für Token und Bit für Bit.',
  'lab.causality.next.sameCount': '{same} von {n}',
  'lab.causality.next.shared': 'Nach {tokens}: Was kommt als Nächstes?',
  'lab.causality.next.other':
    '„{token}“ ist kein Wort: Jedes GPT-2-Token außerhalb der {count}, für die das Modell IDs hat, teilt sich eine ID, und dies ist ihre summierte Wahrscheinlichkeit.',
  'lab.causality.next.changed': 'Nach {a} (A) und {b} (B): die geänderte Zeile',
  'lab.causality.heading.masked': 'Mit der kausalen Maske',
  'lab.causality.heading.open': 'Ohne die Maske ({code})',
  'lab.causality.heading.next': 'Was das Modell als Nächstes vorhersagt',
  'lab.causality.row.added': '+ {token}',
  'lab.causality.row.aOnly': '{token} (nur A)',
  'lab.causality.cell.same': ' gleiche Bits',
  'lab.causality.state.new': 'nur in einem Satz',
  'lab.causality.state.same': 'gleiche Bits',
  'lab.causality.state.differs': 'verschieden ({delta})',
  'lab.causality.col.row': 'ganze Zeile',
  'lab.causality.col.token': 'Token',
  'lab.causality.col.delta': 'größtes |Δ|',
  'lab.causality.col.rank': 'Rang',
  'lab.causality.col.a': 'Satz A',
  'lab.causality.col.b': 'Satz B',
  'lab.causality.error.at':
    'Token {n}: Der Satz hat {T} Token; wählen Sie eines von 1 bis {T} oder hängen Sie eines an',
  'lab.causality.error.empty':
    'Geben Sie das Wort ein, das das Token ersetzt (oder angehängt wird)',
  'lab.causality.error.same': '„{word}“ ergibt denselben Satz: Geben Sie ein anderes Wort ein',
  'lab.causality.read.at':
    'Das zu ändernde Token muss eine Position ab 1 (Token 1), "last" oder "append" sein; gezeigt wird das letzte Token.',
};
