// Types of vitest-native-builds.mjs, for the vitest configs the packages type-check.
export declare const nativeWorkspaceBuilds: { deps: { external: RegExp[] } };
export declare function testsImportTheBuild(configUrl: string): { alias: Array<{ find: RegExp; replacement: string }> };
