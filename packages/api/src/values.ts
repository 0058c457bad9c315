// Public API of @keyturn/api/values: text a person gave (an Action's input, a CLI flag, a
// keyturn.yml value) read into values, with errors that name where the text came from and never
// quote a key. Both front ends (the Actions and the CLI) read their text with these.
export { InputError } from './values/input-error.js';
export { parseOperationIds, parseProjectId } from './values/ids.js';
export { parseKeyIds } from './values/key-ids.js';
export { optionMistake } from './values/option-mistake.js';
export { rejectedValue, withoutEchoes } from './values/refused-values.js';
export { type DurationBounds, type IntegerBounds, parseBoolean, parseChoice, parseDuration, parseInteger } from './values/values.js';
export { splitList, unique } from './values/values.js';
