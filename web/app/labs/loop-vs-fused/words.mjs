// The loop-vs-fused lab's words in English (its title and summary are in index.mjs); German:
// strings/de-labs.mjs, "lab.loop-vs-fused.<key>".
export { default as kit } from '../kit/words.mjs';

export default Object.freeze({
  'clock.browser': 'this browser’s clock',
  'clock.1': 'rounded to 1 ms',
  'clock.16': 'rounded to 16 ms',
  'clock.1000': 'rounded to 1 s',
  intro:
    'The lecture ran MultiHeadAttentionWrapper with 2, 400 and 4000 heads of size 3 and saw the time grow with the number of heads; the weight split computes the same heads with one matmul. Both forms do the same arithmetic (the operation counts below are the core’s). In PyTorch each head of the loop is a Python call into an nn.Module, which launches its own small kernels: a fixed cost per call, paid once per head. With 4000 heads that fixed cost is the time.',
  here: 'Here the core’s loop runs inside one WebAssembly call, so it pays no such cost per head. To see the cost a module call adds, the third form calls one small CausalAttention per head from JavaScript, as the Python loop does, and concatenates the results.',
  'heads.label': 'Head counts',
  'clock.label': 'Clock',
  run: 'Run the timing',
  'core.threads': 'The core: the threaded build, {threads}.',
  'core.single': 'The core: the single-threaded build, {threads}.',
  thread: '{n} thread',
  threads: '{n} threads',
  'clock.resolution':
    'Clock resolution: {resolution}, so every time shown spans at least {ticks} ticks (and 20 ms). {core}',
  'clock.coarse':
    'The clock did not tick twice while it was watched: it is too coarse to time anything here. {core}',
  'done.one': 'Done: {n} head count timed.',
  'done.many': 'Done: {n} head counts timed.',
  subject: 'timing',
  'said.2': '0.003 s',
  'said.400': 'about 0.03 s (“an order of magnitude more”)',
  'said.4000': '0.63 s',
  'form.fused': 'fused (one matmul, in the core)',
  'form.loop': 'loop in the core (one projection per head)',
  'form.calls': 'one call per head from JavaScript',
  'col.heads': 'heads',
  'col.operations': 'operations',
  'col.fused': 'fused',
  'col.loop': 'core loop',
  'col.calls': 'per-head calls',
  'col.loopVs': 'core loop vs fused',
  'col.callsVs': 'calls vs fused',
  'col.cost': 'cost per call',
  'col.diff': 'max |Δ|',
  'col.time': 'time',
  'lecture.caption': 'The lecture’s PyTorch times (its loop over heads, one forward pass)',
  'lecture.perHead': 'per extra head',
  'time.title':
    'median of {runs} interleaved runs of {repeats} calls; fastest {low}, slowest {high}',
  'time.range': ' ({low} to {high})',
  noise: 'within the noise',
  'name.loop': 'the core loop',
  'name.calls': 'the per-head calls',
  'summary.loop': 'At {heads} heads, the core loop against the fused form: {verdict}',
  'summary.calls': 'The per-head calls against the fused form: {verdict}',
  'summary.separate': '{verdict}.',
  'summary.reason': '{verdict}: {reason}',
  'summary.cost':
    'One call from JavaScript costs {cost}. In the lecture’s PyTorch one more head cost about {lecture}.',
  'cost.about': 'about {time}',
  'cost.noise': 'an amount within the noise',
  'table.caption':
    'One forward pass of the wrapper on the lecture’s batch (2 × 6 tokens, d_in = 3, heads of size 3)',
  'series.lecture': 'the lecture’s PyTorch loop',
  'chart.label':
    'Time per forward pass against heads, log scales: the three forms here and the lecture’s PyTorch loop',
  'chart.missingOne': ' ({n} unresolved time has no point)',
  'chart.missingMany': ' ({n} unresolved times have no point)',
  'chart.heads': 'heads',
  'chart.point': '{form}: {heads} heads, {time}',
  'results.help':
    'Operations: the core’s count for one pass, the same in every form. Times: the median of {runs} interleaved runs (the three forms take turns, the order reversed every other run, so that other work on the machine falls on all of them alike), and in brackets the range: the fastest and slowest run (min to max). A form is called faster only where the two ranges do not overlap; where they do, the machine is too noisy to tell, and the summary above says why. Cost per call: (per-head calls − core loop) / heads, what calling one module costs beyond its arithmetic. max |Δ|: the largest difference between the forms’ outputs.',
  unresolved: 'not resolvable at this clock',
  noisy: 'too noisy to tell',
  'reason.ticks':
    'the clock ticks every {tick} (browsers coarsen performance.now()), too coarse to time this form within the time allowed',
  'reason.still':
    'the clock did not tick twice while it was watched (browsers coarsen performance.now())',
  'reason.overlap':
    'the two forms’ runs overlap ({name} {range}, fused {fused}: the fastest and slowest of {runs} interleaved runs). Their medians differ by {gap}, while one form’s runs spread by up to {spread}: other work on this machine (other tabs and programs, the garbage collector, the processor changing its speed) makes that spread. The clock adds at most {tick} to a run (it ticks every {resolution}: browsers coarsen performance.now()).',
  range: '{low} to {high}',
  'verdict.fused': 'the fused form is {ratio} faster',
  'verdict.other': '{name} is {ratio} faster',
  'error.none': 'Enter at least one head count, for example 2, 400, 4000.',
  'error.many': 'At most 8 head counts at once (you entered {n}).',
  'error.whole': '“{part}” is not a whole number: enter head counts such as 2, 400, 4000.',
  'error.range': '{part} heads: use a count from 1 to {max}.',
  'error.total':
    'These counts build {total} heads in all; one run builds at most {max} (the core’s memory holds every form of every count): enter fewer or smaller counts.',
  'progress.clock': 'Watching the clock tick…',
  'progress.build': 'Building {heads} heads in each form…',
  'progress.time': 'Timing {heads} heads: the three forms in turn…',
});
