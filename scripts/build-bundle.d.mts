/** Builds an Action's dist/ (see build-action.mjs); `esbuild` is the Action's own esbuild module. */
export function buildAction(
  esbuild: { build: (options: never) => Promise<unknown> },
  actionDirectory: string | URL,
  options?: { write?: boolean; entries?: Array<{ source: string; outfile: string }> },
): Promise<Array<{ path: string; text: string }>>;
