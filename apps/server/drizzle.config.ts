import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table file of the core and the modules: a new module's tables need no line here.
  schema: ['./src/core/**/*.table.ts', './src/modules/*/*.table.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
