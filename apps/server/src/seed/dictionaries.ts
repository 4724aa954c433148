/**
 * The dictionaries every school starts with. Their value sets are the form engine's (the field library
 * names them), so they live once, in @psy/forms.
 */
export { DICTIONARIES, type DictSeed } from '@psy/forms';
