// The score exercise's words in English; other languages: "exercise.score-by-hand.<key>".
export default Object.freeze({
  prompt:
    'Head {head}, first sentence: the query of token {query} “{queryToken}” and the key of token {key} “{keyToken}”, each d_k = {dk} numbers.',
  caption: 'The two rows',
  qRow: 'q (query {query})',
  kRow: 'k (key {key})',
  scoreField: 'The score q · k',
  scaledField: 'The scaled score (q · k) / √d_k',
  hint: 'Three significant figures are enough.',
  help: 'Work from the numbers shown; {root} is the head size’s root.',
  scorePart: 'The score q · k',
  scaledPart: 'The scaled score',
  explain:
    'The score is the dot product of the query row and the key row: multiply them number by ' +
    'number and add, {products} = {score}. The scaled score divides it by √d_k = ' +
    '√{dk} = {root}: {score} / {root} = {scaled}. ' +
    'Dividing keeps the scores’ spread near 1 whatever the head size, so the softmax does not ' +
    'turn one-hot. Accepted {tolerance}.',
});
