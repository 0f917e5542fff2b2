// Child process hosting one engine (see engines.mjs, handlers.mjs). Forked by
// scripts/bench/pool.mjs with serialization: 'advanced' (typed arrays pass as structured clones)
// and --expose-gc.
import { answer, engineHandlers } from './handlers.mjs';
import { nodePlatform } from './platform-node.mjs';

const handlers = engineHandlers(nodePlatform, () => {
  setImmediate(() => process.exit(0));
  return { cpuUsage: process.cpuUsage() }; // all threads of this process, µs
});

process.on('message', async (msg) => process.send(await answer(handlers, msg)));
process.on('disconnect', () => process.exit(0));
