// The Actions' build is the one every bundle of keyturn gets (scripts/build-bundle.mjs, which the
// CLI's build imports too): re-exported here as `@keyturn/action-common/build`.
export { buildAction } from '../../scripts/build-bundle.mjs';
