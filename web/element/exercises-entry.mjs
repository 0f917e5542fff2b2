// The entry of dist/attention-lab-exercises.js: what an <attention-lab exercise="…"> element loads
// to show one exercise (exercise-mode.mjs): the exercise mount and its stylesheet for a shadow root.
export { mountExercise } from '../app/exercises/alone.mjs';
export { default as EXERCISE_STYLES } from 'attention-lab:exercise-styles';
