// The workspace packages' builds (their dist/) load as Node loads them, not through vitest's module
// transform: a transformed module reads every import through an accessor, and the clients' and
// emulators' hot paths paid for it on every request (the simulator's crash and Vercel matrices: 109
// CPU-s inlined, 82 native). Nothing mocks a workspace package (tests use the real clients).
export const nativeWorkspaceBuilds = { deps: { external: [/\/(packages|actions)\/[^/]+\/dist\//] } };
