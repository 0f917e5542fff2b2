// A lab's or an exercise's harness loads when one first opens: the page's first view draws their
// lists, never a harness. lazyRunner wraps the import so that the panel starts a run at once and
// gets its { ready, update(), destroy() } as from the harness itself.

/**
 * run(...args) for the runner that load() resolves to. update() before the runner is there is
 * dropped (the run reads the page when it starts); destroy() stops a run still loading. A runner
 * that fails to load calls onFail(error).
 */
export function lazyRunner(load, onFail) {
  return (...args) => {
    let instance = null;
    let destroyed = false;
    const ready = load().then(
      (run) => {
        if (destroyed) return undefined;
        instance = run(...args);
        return instance.ready;
      },
      (err) => onFail?.(err, ...args),
    );
    return {
      ready,
      update: () => instance?.update(),
      destroy() {
        destroyed = true;
        instance?.destroy();
      },
    };
  };
}
