// Die Texte der gemeinsamen Teile der Labs (web/app/labs/kit/words.mjs) auf Deutsch.
export default {
  'lab.kit.weights.trained':
    'Mit den trainierten Gewichten der Seite: Die Zahlen unten sind die des trainierten Modells, wie auf der Seite.',
  'lab.kit.weights.random':
    '{what} verwendet die zufälligen Gewichte der Vorlesung: Es geht um {subject}, nicht um das Gelernte.',
  'lab.kit.weights.thisLab': 'Dieses Lab',
  'lab.kit.module.shows': 'Die Seite zeigt {module}; ',
  'lab.kit.module.wrapper': 'den Wrapper',
  'lab.kit.module.causal': 'CausalAttention',
  'lab.kit.module.uses':
    'dieses Lab verwendet MultiHeadAttention derselben Breite (d_out = {dOut}, {heads}).',
  'lab.kit.module.head': '{n} Kopf',
  'lab.kit.module.heads': '{n} Köpfe',
  'lab.kit.copy.button': 'Als PyTorch kopieren',
  'lab.kit.copy.area': 'Das PyTorch-Snippet, zum Kopieren von Hand',
  'lab.kit.copy.copied':
    'Kopiert: Fügen Sie es in eine Python-Datei oder eine Notebook-Zelle ein und führen Sie es aus.',
  'lab.kit.copy.manual':
    'Die Zwischenablage ist hier nicht verfügbar: Das Snippet steht markiert im Feld unten; kopieren Sie es von Hand.',
  'lab.kit.token.title': 'Token {n}: „{text}“',
};
