// The softmax exercise's words in English; other languages: "exercise.softmax-argmax.<key>".
export default Object.freeze({
  prompt:
    'Head {head}, first sentence, the row of query {query} “{token}”: its scores, scaled and masked. Which key will the softmax give the largest weight?',
  caption: 'Scaled, masked scores of query {query}',
  key: 'key',
  score: 'score',
  weight: 'weight',
  legend: 'The key with the largest weight',
  keyName: 'key {key} “{token}”',
  part: 'The key with the largest weight',
  expected: '{key} (weight {weight})',
  masked: '{key} is in the future of query {query}: its score is −∞, so its weight is exactly 0. ',
  explain:
    '{masked}The softmax turns each score s into e^s divided by the row’s sum of e^s: the ' +
    'larger the score, the larger the weight, so the order never changes. The largest score of ' +
    'the row is {score}, at {key}, which gets weight {weight}.',
});
