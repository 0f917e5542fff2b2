// The example sentences the page offers beside its sentence box (lab.presets): their own file,
// so that scripts/known-tokens.mjs can read them without loading the core.

/** The lectures' example sentences. */
export const PRESETS = Object.freeze(
  [
    {
      id: 'journey',
      sentence: 'Your journey starts with one step',
      dIn: 3,
      note: "the lecture notebook's own 3-d vectors",
    },
    {
      id: 'dog',
      sentence: 'the dog chased the ball but it could not catch it',
      note: "what can 'it' attend to? Random weights spread it almost evenly: they have learnt nothing",
    },
    {
      id: 'dogs-animals',
      sentence: 'all dogs are animals',
      note: 'same words as the next one, other order',
    },
    {
      id: 'animals-dogs',
      sentence: 'all animals are dogs',
      note: 'causal attention sees the order: even without positions, a word gets another context vector here',
    },
  ].map((preset) => Object.freeze(preset)),
);
