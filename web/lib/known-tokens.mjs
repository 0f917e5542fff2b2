// Written by scripts/known-tokens.mjs with the tokenizer (tokenizer.mjs); do not edit.
// The GPT-2 tokens, [id, text], of the page's set-up and preset sentences: tokens.mjs answers
// for them before the tokenizer has loaded.
export const KNOWN_TOKENS = Object.freeze({
  'dream big and work for it': [
    [25966, 'dream'],
    [1263, ' big'],
    [290, ' and'],
    [670, ' work'],
    [329, ' for'],
    [340, ' it'],
  ],
  'Your journey starts with one step': [
    [7120, 'Your'],
    [7002, ' journey'],
    [4940, ' starts'],
    [351, ' with'],
    [530, ' one'],
    [2239, ' step'],
  ],
  'the dog chased the ball but it could not catch it': [
    [1169, 'the'],
    [3290, ' dog'],
    [26172, ' chased'],
    [262, ' the'],
    [2613, ' ball'],
    [475, ' but'],
    [340, ' it'],
    [714, ' could'],
    [407, ' not'],
    [4929, ' catch'],
    [340, ' it'],
  ],
  'all dogs are animals': [
    [439, 'all'],
    [6844, ' dogs'],
    [389, ' are'],
    [4695, ' animals'],
  ],
  'all animals are dogs': [
    [439, 'all'],
    [4695, ' animals'],
    [389, ' are'],
    [6844, ' dogs'],
  ],
});
