// Which command a command line names: the program declares that one whole, and the bin loads the
// entry built for it (build.mjs). One rule for both, so they never disagree.

/** The command `argv` asks for (`keyturn wait ...`, `keyturn help wait`); the program takes no option with a value. */
export function requestedCommand(argv: readonly string[]): string | undefined {
  const words = argv.slice(2).filter((arg) => !arg.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}
