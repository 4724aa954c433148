/** Version of the platform: answered by the server's GET /health and shown in the settings panel (spec S0.1.6). */
export const APP_VERSION = '3.11.0';
/** Copyright years shown in the settings panel (spec S0.1.6). */
export const COPYRIGHT_YEARS = '2018-2025';
