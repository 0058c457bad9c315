// The Action's entry point. The runner executes the bundle of this file: it runs the Action then.
// @github/local-action imports it and calls the exported run() itself (see the README).
import { isEntryPoint } from '@keyturn/action-common';
import { run } from './main.js';

export { run };

if (isEntryPoint(import.meta.url)) await run();
