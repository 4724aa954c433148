import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const I18N_DIR = fileURLToPath(new URL('../../apps/web/src/i18n/', import.meta.url));

/**
 * The web app's text catalogue of one language, so journeys look for the texts users see without
 * copying them.
 * @param {'zh-CN' | 'en-US'} lang
 * @returns {any}
 */
export function readCatalogue(lang) {
  const main = JSON.parse(fs.readFileSync(`${I18N_DIR}${lang}.json`, 'utf8'));
  // The parts (parts/<part>.<lang>.json) own whole top-level sections; a page sees them merged.
  const partsDir = `${I18N_DIR}parts/`;
  const parts = fs
    .readdirSync(partsDir)
    .filter((file) => file.endsWith(`.${lang}.json`))
    .map((file) => JSON.parse(fs.readFileSync(`${partsDir}${file}`, 'utf8')));
  return Object.assign({}, main, ...parts);
}

/**
 * A catalogue text with its `{{name}}` placeholders filled in.
 * @param {string} text
 * @param {Record<string, string | number>} values
 */
export function interpolate(text, values) {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, key) => String(values[key] ?? ''));
}
