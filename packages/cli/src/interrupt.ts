// Ctrl-C or SIGTERM during a run: the signal aborts it (a rotation then stops going forward and
// still leaves every target a working key); a second one ends the process at once.

export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(128 + (name === 'SIGINT' ? 2 : 15));
    process.stderr.write(`\n${name}: stopping after leaving every target a working key (again to quit at once)\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
