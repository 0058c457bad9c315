// Types of vitest-package.mjs, for the vitest configs the packages type-check.
import type { ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;
export declare const nativeWorkspaceBuilds: { deps: { external: RegExp[] } };
export declare const inProcess: Pick<TestOptions, 'pool' | 'isolate'>;
export declare const childProcesses: Pick<TestOptions, 'maxWorkers' | 'isolate' | 'maxConcurrency'>;
export declare function packageTests(test: TestOptions, config?: Omit<ViteUserConfig, 'test'>): ViteUserConfig;
export declare function testsImportTheBuild(configUrl: string): { alias: Array<{ find: RegExp; replacement: string }> };
