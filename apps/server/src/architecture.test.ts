import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGE_EVENT_KEYS } from '@psy/contracts';
import { OPTION_LISTS } from '@psy/forms';
import { readModuleLayers } from '../../../scripts/lib/module-layers.mjs';
import { moduleRegistry } from './core/module';
import { MODULES } from './modules';

/*
 * The layers of docs/modules.md, checked on the import graph of the source (tests, the seed and the
 * harness excepted: they assemble the whole app). Lint holds the same rules file by file
 * (eslint.config.js); this test also checks the module list's order and the manifests.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const MODULES_DIR = path.join(SRC, 'modules');

interface SourceFile {
  /** Path from src/, with forward slashes. */
  rel: string;
  text: string;
  /** Resolved relative imports (re-exports and dynamic imports too), as paths from src/. */
  imports: { spec: string; rel: string }[];
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

function resolveImport(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const rel = (abs: string) => path.relative(SRC, abs).split(path.sep).join('/');
const isTest = (r: string) => r.endsWith('.test.ts') || r.startsWith('test/');

const FILES: SourceFile[] = listFiles(SRC).map((abs) => {
  const text = fs.readFileSync(abs, 'utf8');
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .flatMap((spec) => {
      const target = resolveImport(abs, spec);
      return target ? [{ spec, rel: rel(target) }] : [];
    });
  return { rel: rel(abs), text, imports };
});
/** The files the rules apply to: the app's code, not its tests. */
const SOURCE = FILES.filter((f) => !isTest(f.rel));

/** `modules/<name>/...` -> name; anything else -> null. */
const moduleOf = (r: string) => (r.startsWith('modules/') ? (r.split('/')[1] ?? null) : null);
const isTable = (r: string) => r.endsWith('.table.ts');
const isIndex = (r: string) => /^modules\/[^/]+\/index\.ts$/.test(r);

const LAYERS = new Map(MODULES.map((m) => [m.name, m.layer]));

/** Module -> the other modules its files import (every kind of import). */
function moduleGraph(files: SourceFile[]) {
  const graph = new Map<string, Set<string>>();
  for (const f of files) {
    const from = moduleOf(f.rel);
    if (!from) continue;
    const out = graph.get(from) ?? new Set<string>();
    for (const i of f.imports) {
      const to = moduleOf(i.rel);
      if (to && to !== from) out.add(to);
    }
    graph.set(from, out);
  }
  return graph;
}

describe('module layers (docs/modules.md)', () => {
  it('lists every module folder once, each with a manifest named after it and a layer', () => {
    const folders = fs
      .readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders);
    // What lint and the generator read from the manifests' text is what the manifests say.
    expect(readModuleLayers()).toEqual(
      [...MODULES]
        .map((m) => ({ name: m.name, layer: m.layer }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('the core imports no module, seed, harness or app file', () => {
    const breaches = SOURCE.filter((f) => f.rel.startsWith('core/')).flatMap((f) =>
      f.imports
        .filter((i) => !i.rel.startsWith('core/') && i.rel !== 'env.ts')
        .map((i) => `${f.rel} -> ${i.rel}`),
    );
    expect(breaches).toEqual([]);
  });

  it("a module imports another module through its index.ts only, and never another module's tables", () => {
    const breaches = SOURCE.flatMap((f) => {
      const from = moduleOf(f.rel);
      if (!from) return [];
      return f.imports
        .filter((i) => {
          const to = moduleOf(i.rel);
          if (!to || to === from) return false;
          // The foreign-key rule: a table file may name another module's table file.
          if (isTable(f.rel) && isTable(i.rel)) return false;
          return !isIndex(i.rel);
        })
        .map((i) => `${f.rel} -> ${i.rel}`);
    });
    expect([...new Set(breaches)].sort()).toEqual([]);
  });

  it("a module's index.ts exports no table (other modules would reach the tables through it)", () => {
    const breaches = SOURCE.filter((f) => isIndex(f.rel)).flatMap((f) =>
      f.imports.filter((i) => isTable(i.rel)).map((i) => `${f.rel} -> ${i.rel}`),
    );
    expect(breaches).toEqual([]);
  });

  it("a table file uses another module's table only to name a foreign-key target", () => {
    const misuse: string[] = [];
    for (const f of SOURCE.filter((x) => isTable(x.rel) && moduleOf(x.rel))) {
      for (const i of f.imports.filter((x) => isTable(x.rel) && moduleOf(x.rel) !== moduleOf(f.rel))) {
        const clause = new RegExp(
          `import\\s*{([^}]*)}\\s*from\\s*'${i.spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`,
        );
        const names = (clause.exec(f.text)?.[1] ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        if (names.length === 0) misuse.push(`${f.rel}: import the table by name from ${i.spec}`);
        // Every use of an imported table is inside `foreignColumns: [...]`.
        const body = f.text
          .replace(clause, '')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\/\/[^\n]*/g, '');
        const allowed = [...body.matchAll(/foreignColumns:\s*\[[^\]]*\]/g)].map((m) => m[0]).join('\n');
        for (const n of names) {
          const uses = body.match(new RegExp(`\\b${n}\\b`, 'g'))?.length ?? 0;
          const inFk = allowed.match(new RegExp(`\\b${n}\\.`, 'g'))?.length ?? 0;
          if (uses !== inFk) misuse.push(`${f.rel}: ${n} is used outside foreignColumns`);
          if (new RegExp(`export\\s*{[^}]*\\b${n}\\b`).test(body)) misuse.push(`${f.rel}: re-exports ${n}`);
        }
      }
    }
    expect(misuse).toEqual([]);
  });

  it("no module's queries name another module's tables in SQL text", () => {
    // Tables only: an owner's database view (`pgView`, docs/modules.md "Reading another module's data")
    // is what others may name, and its name is not in this map.
    const owner = new Map<string, string>();
    for (const f of FILES.filter((x) => isTable(x.rel))) {
      for (const m of f.text.matchAll(/pgTable\(\s*'([a-z_]+)'/g))
        owner.set(m[1]!, moduleOf(f.rel) ?? 'core');
    }
    const breaches = SOURCE.filter((f) => moduleOf(f.rel) && !isTable(f.rel)).flatMap((f) =>
      [...f.text.matchAll(/`[^`]*`/g)].flatMap((tpl) =>
        [...tpl[0].matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi)]
          .map((m) => m[1]!)
          .filter((t) => owner.has(t) && owner.get(t) !== moduleOf(f.rel) && owner.get(t) !== 'core')
          .map((t) => `${f.rel}: ${t} (${owner.get(t)})`),
      ),
    );
    expect([...new Set(breaches)].sort()).toEqual([]);
  });

  it('platform modules import no business module; business modules come after the platform in the list', () => {
    const graph = moduleGraph(SOURCE);
    const breaches = [...graph].flatMap(([from, tos]) =>
      LAYERS.get(from) === 'platform'
        ? [...tos].filter((to) => LAYERS.get(to) === 'business').map((to) => `${from} -> ${to}`)
        : [],
    );
    expect(breaches).toEqual([]);
    const layers = MODULES.map((m) => m.layer);
    expect(
      layers.indexOf('business') === -1 || !layers.slice(layers.indexOf('business')).includes('platform'),
    ).toBe(true);
  });

  it('a module imports only modules before it in the list, so the modules form no cycle', () => {
    const order = new Map(MODULES.map((m, i) => [m.name, i]));
    const graph = moduleGraph(SOURCE);
    const backwards = [...graph].flatMap(([from, tos]) =>
      [...tos].filter((to) => order.get(to)! >= order.get(from)!).map((to) => `${from} -> ${to}`),
    );
    expect(backwards).toEqual([]);
  });

  it('no file imports itself back through others (no file-level cycle)', () => {
    const edges = new Map(SOURCE.map((f) => [f.rel, f.imports.map((i) => i.rel).filter((r) => !isTest(r))]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (state.get(node) === 'done') return;
      if (state.get(node) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' -> '));
        return;
      }
      state.set(node, 'open');
      for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
      state.set(node, 'done');
    };
    for (const node of edges.keys()) visit(node, []);
    expect([...new Set(cycles)].sort()).toEqual([]);
  });
});

describe('manifest contributions', () => {
  it('every message event of the contracts is declared by one module', () => {
    const declared = MODULES.flatMap((m) => m.messageEvents ?? []);
    expect([...declared].sort()).toEqual([...MESSAGE_EVENT_KEYS].sort());
    expect(moduleRegistry().messageEvents).toEqual(MESSAGE_EVENT_KEYS);
  });

  it('every list path of the form engine has a loader from a manifest', () => {
    expect(Object.keys(moduleRegistry().optionLists).sort()).toEqual(Object.keys(OPTION_LISTS).sort());
  });

  it('exactly one module provides the request gate', () => {
    expect(MODULES.filter((m) => m.requestGate).map((m) => m.name)).toEqual(['auth']);
  });
});
