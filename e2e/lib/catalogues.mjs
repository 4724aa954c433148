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
  return JSON.parse(fs.readFileSync(`${I18N_DIR}${lang}.json`, 'utf8'));
}

/**
 * A catalogue text with its `{{name}}` placeholders filled in.
 * @param {string} text
 * @param {Record<string, string | number>} values
 */
export function interpolate(text, values) {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, key) => String(values[key] ?? ''));
}
