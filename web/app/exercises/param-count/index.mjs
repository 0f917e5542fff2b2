// Exercise: count the parameters. Each of W_query, W_key, W_value is a d_in × d_out matrix (plus
// d_out biases with qkv_bias), and the output projection d_out × d_out plus its bias.
export const slug = 'param-count';
export const title = 'Count the parameters';
/** The link's text in its step's header, kept short so that it shares the labs' line. */
export const short = 'count the parameters';
export const stage = 'output';
export const lab = 'sizes';
export const idea =
  'Count the parameters of W_query and of the whole attention block, GPT-2 first.';
export const load = () => [import('./task.mjs'), import('./view.mjs'), import('./words.mjs')];
