// The sizes lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.sizes.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'preset.lecture': 'The lecture’s toy (d = 6, 2 heads)',
  'preset.gpt2': 'GPT-2 small (768, 12 heads of 64)',
  'preset.gpt3': 'GPT-3 (12288, 96 heads of 128)',
  'time.none': 'under one tick of this clock',
  'stages.caption': 'Every stage’s shape',
  'col.stage': 'stage',
  'col.shape': 'shape',
  'parameters.caption': 'Parameters',
  'col.parameter': 'parameter',
  'col.count': 'count',
  total: 'total',
  'size.legend': 'Size',
  'size.text':
    'd_in = {dIn}, d_out = {dOut}, h = {h}, d_h = d_out / h = {dh}, context T = {T}: {count} parameters, about {flops} million floating-point operations per forward pass.',
  'size.runs': 'The core could build this model here.',
  'size.described': 'Described, not built: {why}.',
  'gpt2.result':
    '{T} tokens of “{sentence}” through d_in = 768, 12 heads of 64: output (B = 1, T = {T}, d_out = {D}). The model’s own state dict holds {count} numbers.',
  'gpt2.build': 'weights drawn: {time}',
  'gpt2.first': 'first forward pass: {time} (it also packs the weights for the kernels)',
  'gpt2.second': 'second forward pass: {time} ({flops} million operations)',
  done: 'Done.',
  subject: 'sizes',
  intro:
    'The same class scales from the lecture’s toy to GPT-3: only d_in, d_out and h change, and the head size d_h = d_out / h follows (64 in GPT-2, 128 in GPT-3). The parameters are the four square matrices (and out_proj’s bias): they grow with d_out², not with the number of tokens, while the T × T scores grow with the context length.',
  'gpt2.label': 'GPT-2 run here',
  'gpt2.heading': 'GPT-2, for real',
  'gpt2.run': 'Run GPT-2’s block on the page’s sentence',
  'gpt2.progress': 'Building GPT-2’s block (2.4 million weights) and running it…',
});
