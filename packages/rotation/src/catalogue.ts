// Public API of @keyturn/rotation/catalogue: the options of a rotation, described once (their path
// in rotateKey's options, type, default, documentation, and each front end's spelling), and the one
// place values read from a front end's text become rotateKey's options. The rotate-key Action and
// the `keyturn` CLI read their inputs and flags from it.
export { type CatalogueKey, type CatalogueName, catalogueOptions, type CredentialName, ROTATION_OPTIONS } from './catalogue/catalogue.js';
export { type CatalogueOption, type CliSpelling, isCredential, type OptionType } from './catalogue/option-entry.js';
export { optionsFromValues } from './catalogue/options-from-values.js';
