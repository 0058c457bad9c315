export { buildAction } from '../../scripts/build-bundle.mjs';
